import InvoicBook
import InvoicMoney
import InvoicReport

extension VATReturn {
    public enum Format: String, Sendable, CaseIterable {
        case text, csv, json, html
    }

    /// The return in `format`, with the boxes of `form` when one is given.
    public func render(_ format: Format, form: VATForm? = nil) -> String {
        switch format {
        case .text: renderText(form: form)
        case .csv: renderCSV(form: form)
        case .json: renderJSON(form: form).written()
        case .html: renderHTML(form: form)
        }
    }

    static func describe(_ row: Sales) -> String {
        let category: String
        switch row.taxRate.category {
        case .standard: category = "standard-rated"
        case .zero: category = "zero-rated"
        case .exempt: category = "exempt (E)"
        case .reverseCharge: category = "reverse charge (AE)"
        case .intraCommunity: category = "intra-EU supply of goods (K)"
        case .export: category = "export (G)"
        case .outsideScope: category = "outside the scope (O)"
        default: category = "category \(row.taxRate.category.rawValue)"
        }
        return "\(category) \(row.taxRate.rate), \(place(row.destination))"
    }

    static func describe(_ row: PurchaseRow) -> String {
        let category: String
        switch row.taxRate.category {
        case .reverseCharge: category = "reverse charge (AE) at \(row.selfAssessedRate?.description ?? "0%")"
        case .intraCommunity: category = "intra-EU acquisition (K) at \(row.selfAssessedRate?.description ?? "0%")"
        default: category = "\(row.taxRate.category.rawValue) \(row.taxRate.rate)"
        }
        return "\(category), \(place(row.origin))" + (row.correction ? ", suppliers' credit notes" : "")
    }

    static func place(_ destination: Destination) -> String {
        switch destination {
        case .domestic: "domestic"
        case .eu: "other EU countries"
        case .nonEU: "outside the EU"
        }
    }

    static func money(_ minor: Int64, _ currency: Currency) -> String { MoneyFormat.plain(minor, currency) }

    /// Why the money received and the turnover differ on the cash basis, when they do.
    static func beyondClaimsNote(_ section: Section) -> String? {
        guard section.beyondClaims != 0 else { return nil }
        let what = "beyond what the invoices claim (reminder fees, interest, overpayments until refunded)"
        return section.beyondClaims > 0
            ? "\(money(section.beyondClaims, section.currency)) received \(what) is not turnover"
            : "\(money(-section.beyondClaims, section.currency)) paid back of money received \(what) takes no turnover back"
    }

    /// A box's entry: whole units (cents dropped, toward zero) where the form asks for them.
    static func entry(_ minor: Int64, box: VATForm.Box, currency: Currency) -> String {
        guard box.wholeUnits else { return money(minor, currency) }
        return String(minor / currency.minorUnitsPerMajorUnit)
    }

    func renderText(form: VATForm?) -> String {
        var out = "VAT return \(period) (\(period.from) to \(period.to)), \(basis) basis: \(business)"
        out += vatID.map { " (\($0))" } ?? ""
        out += "\n"
        for section in sections {
            let code = section.currency.code
            out += "\n\(code)\n"
            var rows: [[String]] = [["", "taxable", "VAT"]]
            rows.append(["Sales", "", ""])
            for row in section.sales { rows.append(["  " + Self.describe(row), Self.money(row.taxable, section.currency), Self.money(row.tax, section.currency)]) }
            if section.sales.isEmpty { rows.append(["  none", "", ""]) }
            rows.append(["Purchases", "", ""])
            for row in section.purchases {
                rows.append(["  " + Self.describe(row), Self.money(row.taxable, section.currency), Self.money(row.tax + row.selfAssessed + row.importTax, section.currency)])
            }
            if section.purchases.isEmpty { rows.append(["  none recorded", "", ""]) }
            rows.append(["Output VAT", "", Self.money(section.outputTax, section.currency)])
            rows.append(["Input VAT", "", Self.money(section.inputTax, section.currency)])
            rows.append([section.balance >= 0 ? "To pay" : "To reclaim", "", Self.money(abs(section.balance), section.currency)])
            out += table(rows)
            if let note = Self.beyondClaimsNote(section) { out += "note: \(note)\n" }
            if let form, form.currency == section.currency {
                out += "\n\(form.title) (\(form.name))\n"
                var boxes: [[String]] = [["box", "", code]]
                for box in form.boxes {
                    let figure = box.figure(in: section)
                    guard figure != 0 || box.source == .balance else { continue }
                    boxes.append([box.box, box.label, Self.entry(figure, box: box, currency: section.currency)])
                }
                out += table(boxes, rightAlignMiddle: false)
                let unplaced = form.unplaced(in: section)
                for row in unplaced.sales {
                    out += "not on \(form.name): \(Self.describe(row)), taxable \(Self.money(row.taxable, section.currency))\n"
                }
                for row in unplaced.purchases {
                    out += "not on \(form.name): purchases \(Self.describe(row)), taxable \(Self.money(row.taxable, section.currency))\n"
                }
            }
        }
        if let form, !sections.contains(where: { $0.currency == form.currency }) {
            out += "\nnote: \(form.name) is filed in \(form.currency.code); this return has no \(form.currency.code) figures\n"
        }
        for entry in unconverted {
            out += "\nnote: \(entry.document) is in \(entry.currency.code) and states no rate to the book's currency (tax_currency:); its figures are in its own section\n"
        }
        return out
    }

    /// Columns padded to their widest cell; amounts (the last column, and the middle one of the
    /// sales table) right-aligned.
    private func table(_ rows: [[String]], rightAlignMiddle: Bool = true) -> String {
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            let label = row[0].padding(toLength: widths[0], withPad: " ", startingAt: 0)
            let middle = rightAlignMiddle ? String(repeating: " ", count: widths[1] - row[1].count) + row[1]
                : row[1].padding(toLength: widths[1], withPad: " ", startingAt: 0)
            let last = String(repeating: " ", count: widths[2] - row[2].count) + row[2]
            let line = label + "  " + middle + "  " + last
            return String(line.reversed().drop { $0 == " " }.reversed()) + "\n"
        }.joined()
    }

    func renderCSV(form: VATForm?) -> String {
        var out = CSV.line(["period", "basis", "currency", "side", "category", "rate", "place", "taxable", "tax", "box"])
        for section in sections {
            let code = section.currency.code
            for row in section.sales {
                let boxes = form.map { form in form.boxes.filter { $0.source == .sales && $0.matches(row.taxRate, place: row.destination, selfAssessed: nil) }.map(\.box) } ?? []
                out += CSV.line([period.description, basis.rawValue, code, "sales", row.taxRate.category.rawValue, row.taxRate.rate.description,
                                 row.destination.rawValue, Self.money(row.taxable, section.currency), Self.money(row.tax, section.currency), boxes.joined(separator: " ")])
            }
            for row in section.purchases {
                let boxes = form.map { form in form.boxes.filter { $0.source == .purchases && $0.matches(row) }.map(\.box) } ?? []
                out += CSV.line([period.description, basis.rawValue, code, "purchases", row.taxRate.category.rawValue,
                                 (row.selfAssessedRate ?? row.taxRate.rate).description, row.origin.rawValue, Self.money(row.taxable, section.currency),
                                 Self.money(row.tax + row.selfAssessed + row.importTax, section.currency), boxes.joined(separator: " ")])
            }
            out += CSV.line([period.description, basis.rawValue, code, "balance", "", "", "", "", Self.money(section.balance, section.currency),
                             form.flatMap { $0.boxes.first { $0.source == .balance }?.box } ?? ""])
        }
        return out
    }

    func renderJSON(form: VATForm?) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("period", .string(period.description)), ("from", .string(period.from.description)), ("to", .string(period.to.description)),
            ("basis", .string(basis.rawValue)), ("business", .string(business)), ("vat_id", .string(vatID)),
            ("unconverted", .array(unconverted.map { .fields([("document", .string($0.document)), ("currency", .string($0.currency.code))]) })),
        ]
        pairs.append(("sections", .array(sections.map { section in
            let money = { (minor: Int64) in JSONValue.string(Self.money(minor, section.currency)) }
            var fields: [(String, JSONValue)] = [
                ("currency", .string(section.currency.code)),
                ("sales", .array(section.sales.map { row in
                    .fields([("category", .string(row.taxRate.category.rawValue)), ("rate", .string(row.taxRate.rate.description)),
                             ("place", .string(row.destination.rawValue)), ("taxable", money(row.taxable)), ("tax", money(row.tax))])
                })),
                ("purchases", .array(section.purchases.map { row in
                    .fields([("category", .string(row.taxRate.category.rawValue)), ("rate", .string(row.taxRate.rate.description)),
                             ("self_assessed_rate", .string(row.selfAssessedRate?.description)), ("place", .string(row.origin.rawValue)),
                             ("taxable", money(row.taxable)), ("tax", money(row.tax)), ("self_assessed", money(row.selfAssessed)),
                             ("import_tax", money(row.importTax)), ("correction", .bool(row.correction))])
                })),
                ("output_tax", money(section.outputTax)), ("input_tax", money(section.inputTax)), ("balance", money(section.balance)),
            ]
            if let form, form.currency == section.currency {
                fields.append(("form", .fields([
                    ("name", .string(form.name)), ("title", .string(form.title)),
                    ("boxes", .array(form.boxes.map { box in
                        let figure = box.figure(in: section)
                        return .fields([("box", .string(box.box)), ("label", .string(box.label)), ("amount", money(figure)),
                                        ("entry", .string(Self.entry(figure, box: box, currency: section.currency)))])
                    })),
                ])))
            }
            return .fields(fields)
        })))
        return .fields(pairs)
    }

    func renderHTML(form: VATForm?) -> String {
        let title = "VAT return \(period), \(basis) basis: \(business)"
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(escaped(title))</title>
            <style>
            body { font-family: system-ui, sans-serif; color: #1a1a1a; margin: 2rem; }
            table { border-collapse: collapse; margin-bottom: 1.5rem; }
            th, td { padding: 0.25rem 0.75rem; border-bottom: 1px solid #ccc; text-align: left; }
            td.n { text-align: right; font-variant-numeric: tabular-nums; }
            </style>
            </head>
            <body>
            <main>
            <h1>\(escaped(title))</h1>
            <p>\(escaped(period.from.description)) to \(escaped(period.to.description))\(vatID.map { ", VAT id " + escaped($0) } ?? "")</p>

            """
        for section in sections {
            let code = escaped(section.currency.code)
            out += "<section aria-labelledby=\"s-\(code)\">\n<h2 id=\"s-\(code)\">\(code)</h2>\n"
            out += "<table>\n<caption>Sales and purchases</caption>\n<thead><tr><th scope=\"col\">Row</th><th scope=\"col\">Taxable</th><th scope=\"col\">VAT</th></tr></thead>\n<tbody>\n"
            for row in section.sales {
                out += "<tr><th scope=\"row\">Sales: \(escaped(Self.describe(row)))</th><td class=\"n\">\(Self.money(row.taxable, section.currency))</td><td class=\"n\">\(Self.money(row.tax, section.currency))</td></tr>\n"
            }
            for row in section.purchases {
                out += "<tr><th scope=\"row\">Purchases: \(escaped(Self.describe(row)))</th><td class=\"n\">\(Self.money(row.taxable, section.currency))</td><td class=\"n\">\(Self.money(row.tax + row.selfAssessed + row.importTax, section.currency))</td></tr>\n"
            }
            out += "<tr><th scope=\"row\">Output VAT</th><td></td><td class=\"n\">\(Self.money(section.outputTax, section.currency))</td></tr>\n"
            out += "<tr><th scope=\"row\">Input VAT</th><td></td><td class=\"n\">\(Self.money(section.inputTax, section.currency))</td></tr>\n"
            out += "<tr><th scope=\"row\">\(section.balance >= 0 ? "To pay" : "To reclaim")</th><td></td><td class=\"n\">\(Self.money(abs(section.balance), section.currency))</td></tr>\n"
            out += "</tbody>\n</table>\n"
            if let note = Self.beyondClaimsNote(section) { out += "<p>\(escaped(note))</p>\n" }
            if let form, form.currency == section.currency {
                out += "<table>\n<caption>\(escaped(form.title))</caption>\n<thead><tr><th scope=\"col\">Box</th><th scope=\"col\">Meaning</th><th scope=\"col\">\(code)</th></tr></thead>\n<tbody>\n"
                for box in form.boxes {
                    let figure = box.figure(in: section)
                    guard figure != 0 || box.source == .balance else { continue }
                    out += "<tr><th scope=\"row\">\(escaped(box.box))</th><td>\(escaped(box.label))</td><td class=\"n\">\(Self.entry(figure, box: box, currency: section.currency))</td></tr>\n"
                }
                out += "</tbody>\n</table>\n"
            }
            out += "</section>\n"
        }
        out += "</main>\n</body>\n</html>\n"
        return out
    }
}
