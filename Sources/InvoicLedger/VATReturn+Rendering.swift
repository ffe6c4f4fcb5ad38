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

    /// The book's words (`defaults.locale`), for the text and HTML a person reads; the CSV and
    /// JSON stay plain and English, for programs (docs/labels.md).
    var words: ReportWords { ReportWords.of(locale) }

    /// A tax category (UNCL 5305) in words: `standard-rated`, `steuerpflichtig`.
    func category(_ category: TaxCategory) -> String {
        switch category {
        case .standard: words["vat_standard"]
        case .zero: words["vat_zero"]
        case .exempt: words["vat_exempt"]
        case .reverseCharge: words["vat_reverse_charge"]
        case .intraCommunity: words["vat_intra_supply"]
        case .export: words["vat_export"]
        case .outsideScope: words["vat_outside"]
        default: words.format("vat_category", ["code": category.rawValue])
        }
    }

    func describe(_ row: Sales) -> String {
        "\(category(row.taxRate.category)) \(row.taxRate.rate), \(place(row.destination))"
    }

    func describe(_ row: PurchaseRow) -> String {
        let category: String
        let rate = row.selfAssessedRate?.description ?? "0%"
        switch row.taxRate.category {
        case .reverseCharge: category = words.format("vat_reverse_charge_at", ["rate": rate])
        case .intraCommunity: category = words.format("vat_acquisition_at", ["rate": rate])
        default: category = "\(self.category(row.taxRate.category)) \(row.taxRate.rate)"
        }
        return "\(category), \(place(row.origin))" + (row.correction ? ", " + words["vat_supplier_credits"] : "")
    }

    func place(_ destination: Destination) -> String {
        switch destination {
        case .domestic: words["vat_domestic"]
        case .eu: words["vat_eu"]
        case .nonEU: words["vat_non_eu"]
        }
    }

    /// Plain amounts for the CSV and JSON.
    static func money(_ minor: Int64, _ currency: Currency) -> String { MoneyFormat.plain(minor, currency) }

    /// An amount as the book's locale writes it (`1.234,56` in de_DE), without the currency
    /// symbol: each section is headed by its currency, as the remind table's columns are.
    func amount(_ minor: Int64, _ currency: Currency, scale: Int? = nil) -> String {
        MoneyFormat.number(DecimalNumber(significand: Int128(minor), scale: scale ?? currency.exponent) ?? DecimalNumber(integer: 0), locale: locale)
    }

    /// A day in the locale's digits (`31.12.2026`).
    func day(_ day: Day) -> String { words.numericDate(year: day.year, month: day.month, day: day.day) }

    /// Why the money received and the turnover differ on the cash basis, when they do.
    func beyondClaimsNote(_ section: Section) -> String? {
        guard section.beyondClaims != 0 else { return nil }
        return section.beyondClaims > 0
            ? words.format("vat_beyond_received", ["amount": amount(section.beyondClaims, section.currency)])
            : words.format("vat_beyond_paid_back", ["amount": amount(-section.beyondClaims, section.currency)])
    }

    /// A box's entry: whole units (cents dropped, toward zero) where the form asks for them.
    static func entry(_ minor: Int64, box: VATForm.Box, currency: Currency) -> String {
        guard box.wholeUnits else { return money(minor, currency) }
        return String(minor / currency.minorUnitsPerMajorUnit)
    }

    /// The same entry in the book's locale, for the text and HTML.
    func localEntry(_ minor: Int64, box: VATForm.Box, currency: Currency) -> String {
        guard box.wholeUnits else { return amount(minor, currency) }
        return amount(minor / currency.minorUnitsPerMajorUnit, currency, scale: 0)
    }

    /// `VAT return 2026-Q4`, its basis and the business.
    func heading(span: Bool) -> String {
        let basisWord = words[basis == .cash ? "vat_cash" : "vat_accrual"]
        let dates = span ? " (" + words.format("vat_span", ["from": day(period.from), "to": day(period.to)]) + ")" : ""
        return words.format("vat_return", ["period": period.description]) + dates + ", \(basisWord): \(business)"
    }

    func renderText(form: VATForm?) -> String {
        var out = heading(span: true)
        out += vatID.map { " (\($0))" } ?? ""
        out += "\n"
        for section in sections {
            let code = section.currency.code
            func amount(_ minor: Int64) -> String { self.amount(minor, section.currency) }
            out += "\n\(code)\n"
            var rows: [[String]] = [["", words["taxable"], words["vat_tax"]]]
            rows.append([words["vat_sales"], "", ""])
            for row in section.sales { rows.append(["  " + describe(row), amount(row.taxable), amount(row.tax)]) }
            if section.sales.isEmpty { rows.append(["  " + words["vat_none"], "", ""]) }
            rows.append([words["purchases"], "", ""])
            for row in section.purchases {
                rows.append(["  " + describe(row), amount(row.taxable), amount(row.tax + row.selfAssessed + row.importTax)])
            }
            if section.purchases.isEmpty { rows.append(["  " + words["vat_none_recorded"], "", ""]) }
            rows.append([words["vat_output"], "", amount(section.outputTax)])
            rows.append([words["input_vat"], "", amount(section.inputTax)])
            rows.append([words[section.balance >= 0 ? "vat_to_pay" : "vat_to_reclaim"], "", amount(abs(section.balance))])
            out += table(rows)
            if let note = beyondClaimsNote(section) { out += words.format("vat_note", ["text": note]) + "\n" }
            if let form, form.currency == section.currency {
                out += "\n\(form.title) (\(form.name))\n"
                var boxes: [[String]] = [[words["vat_box"], "", code]]
                for box in form.boxes {
                    let figure = box.figure(in: section)
                    guard figure != 0 || box.source == .balance else { continue }
                    boxes.append([box.box, box.label, localEntry(figure, box: box, currency: section.currency)])
                }
                out += table(boxes, rightAlignMiddle: false)
                let unplaced = form.unplaced(in: section)
                for row in unplaced.sales {
                    out += words.format("vat_not_on", ["form": form.name, "row": describe(row), "amount": amount(row.taxable)]) + "\n"
                }
                for row in unplaced.purchases {
                    out += words.format("vat_not_on", ["form": form.name, "row": words["purchases"] + ": " + describe(row), "amount": amount(row.taxable)]) + "\n"
                }
            }
        }
        if let form, !sections.contains(where: { $0.currency == form.currency }) {
            out += "\n" + words.format("vat_note", ["text": words.format("vat_form_missing", ["form": form.name, "currency": form.currency.code])]) + "\n"
        }
        for entry in unconverted {
            out += "\n" + words.format("vat_note", ["text": words.format("vat_unconverted", ["document": entry.document, "currency": entry.currency.code])]) + "\n"
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
        let title = heading(span: false)
        let span = words.format("vat_span", ["from": day(period.from), "to": day(period.to)])
        var out = """
            <!DOCTYPE html>
            <html lang="\(escaped(words.language))">
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
            <p>\(escaped(span))\(vatID.map { ", " + escaped(words.format("vat_id", ["id": $0])) } ?? "")</p>

            """
        for section in sections {
            let code = escaped(section.currency.code)
            func amount(_ minor: Int64) -> String { escaped(self.amount(minor, section.currency)) }
            func row(_ label: String, _ taxable: String, _ tax: String) -> String {
                "<tr><th scope=\"row\">\(escaped(label))</th><td\(taxable.isEmpty ? "" : " class=\"n\"")>\(taxable)</td><td class=\"n\">\(tax)</td></tr>\n"
            }
            out += "<section aria-labelledby=\"s-\(code)\">\n<h2 id=\"s-\(code)\">\(code)</h2>\n"
            out += "<table>\n<caption>\(escaped(words["vat_sales_and_purchases"]))</caption>\n<thead><tr><th scope=\"col\">\(escaped(words["vat_row"]))</th>"
                + "<th scope=\"col\">\(escaped(words["taxable"]))</th><th scope=\"col\">\(escaped(words["vat_tax"]))</th></tr></thead>\n<tbody>\n"
            for sale in section.sales {
                out += row(words["vat_sales"] + ": " + describe(sale), amount(sale.taxable), amount(sale.tax))
            }
            for purchase in section.purchases {
                out += row(words["purchases"] + ": " + describe(purchase), amount(purchase.taxable), amount(purchase.tax + purchase.selfAssessed + purchase.importTax))
            }
            out += row(words["vat_output"], "", amount(section.outputTax))
            out += row(words["input_vat"], "", amount(section.inputTax))
            out += row(words[section.balance >= 0 ? "vat_to_pay" : "vat_to_reclaim"], "", amount(abs(section.balance)))
            out += "</tbody>\n</table>\n"
            if let note = beyondClaimsNote(section) { out += "<p>\(escaped(words.format("vat_note", ["text": note])))</p>\n" }
            if let form, form.currency == section.currency {
                out += "<table>\n<caption>\(escaped(form.title))</caption>\n<thead><tr><th scope=\"col\">\(escaped(words["vat_box"]))</th>"
                    + "<th scope=\"col\">\(escaped(words["vat_meaning"]))</th><th scope=\"col\">\(code)</th></tr></thead>\n<tbody>\n"
                for box in form.boxes {
                    let figure = box.figure(in: section)
                    guard figure != 0 || box.source == .balance else { continue }
                    out += "<tr><th scope=\"row\">\(escaped(box.box))</th><td>\(escaped(box.label))</td><td class=\"n\">\(escaped(localEntry(figure, box: box, currency: section.currency)))</td></tr>\n"
                }
                out += "</tbody>\n</table>\n"
            }
            out += "</section>\n"
        }
        out += "</main>\n</body>\n</html>\n"
        return out
    }
}
