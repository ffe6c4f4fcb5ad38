import InvoicMoney

/// A received e-invoice as a person reads it: parties, references, lines, allowances and charges,
/// the tax breakdown, totals, how to pay, notes, attachments and the rule findings last. Amounts
/// and quantities in the reader's locale; the words in English.
public enum ReceivedView {
    public static func text(_ document: ReceivedDocument, findings: [Finding], locale: String = "en_US") -> String {
        let model = Model(document, findings: findings, locale: locale)
        var out = ""
        out += "\(model.title) \(document.number)\n"
        out += model.facts.map { "\($0.0): \($0.1)" }.joined(separator: "\n") + "\n\n"
        for (heading, lines) in model.parties {
            out += heading + "\n" + lines.map { "  " + $0 }.joined(separator: "\n") + "\n\n"
        }
        if !model.references.isEmpty {
            out += "References\n" + model.references.map { "  \($0.0): \($0.1)" }.joined(separator: "\n") + "\n\n"
        }
        if !model.lineRows.isEmpty {
            out += "Lines\n" + table(model.lineHeader, model.lineRows) + "\n"
        }
        if !model.adjustmentRows.isEmpty {
            out += "Allowances and charges\n" + table(["", "Reason", "Tax", "Amount"], model.adjustmentRows) + "\n"
        }
        if !model.taxRows.isEmpty {
            out += "VAT\n" + table(["Category", "Rate", "Taxable", "VAT", "Reason"], model.taxRows) + "\n"
        }
        out += "Totals\n" + model.totals.map { "  \($0.0.padding(toLength: 24, withPad: " ", startingAt: 0)) \($0.1)" }.joined(separator: "\n") + "\n\n"
        if !model.payment.isEmpty {
            out += "Payment\n" + model.payment.map { "  \($0.0): \($0.1)" }.joined(separator: "\n") + "\n"
            if PaymentQR.epcPayload(document) != nil { out += "  (the HTML view has an EPC QR code for the amount due: --format html)\n" }
            out += "\n"
        }
        if !document.notes.isEmpty { out += "Notes\n" + document.notes.map { "  " + $0 }.joined(separator: "\n") + "\n\n" }
        if !model.attachments.isEmpty { out += "Attachments\n" + model.attachments.map { "  " + $0 }.joined(separator: "\n") + "\n\n" }
        out += "Findings (EN 16931 rules)\n"
        out += findings.isEmpty ? "  none: the document keeps every rule checked\n" : findings.map { "  \($0.rule): \($0.message)" }.joined(separator: "\n") + "\n"
        return out
    }

    public static func html(_ document: ReceivedDocument, findings: [Finding], locale: String = "en_US") -> String {
        let model = Model(document, findings: findings, locale: locale)
        func e(_ text: String) -> String {
            var out = ""
            for character in text {
                switch character {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                default: out.append(character)
                }
            }
            return out
        }
        func table(_ header: [String], _ rows: [[String]]) -> String {
            "<table><thead><tr>" + header.map { "<th>\(e($0))</th>" }.joined() + "</tr></thead><tbody>"
                + rows.map { "<tr>" + $0.map { "<td>\(e($0))</td>" }.joined() + "</tr>" }.joined() + "</tbody></table>\n"
        }
        func pairs(_ pairs: [(String, String)]) -> String {
            "<dl>" + pairs.map { "<dt>\(e($0.0))</dt><dd>\(e($0.1))</dd>" }.joined() + "</dl>\n"
        }
        let language = locale.split(separator: "_").first.map(String.init) ?? "en"
        var out = """
            <!DOCTYPE html>
            <html lang="\(e(language))"><head><meta charset="utf-8"><title>\(e(model.title)) \(e(document.number))</title>
            <style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto;color:#222}table{border-collapse:collapse;width:100%}\
            th,td{border-bottom:1px solid #ddd;padding:.25rem .5rem;text-align:left}td:last-child,th:last-child{text-align:right}\
            dl{display:grid;grid-template-columns:max-content auto;gap:.1rem 1rem}dt{color:#666}.parties{display:flex;gap:3rem}\
            section.findings{page-break-before:always}</style></head><body>

            """
        out += "<h1>\(e(model.title)) \(e(document.number))</h1>\n" + pairs(model.facts)
        out += "<div class=\"parties\">" + model.parties.map { "<section><h2>\(e($0.0))</h2><p>" + $0.1.map(e).joined(separator: "<br>") + "</p></section>" }.joined() + "</div>\n"
        if !model.references.isEmpty { out += "<h2>References</h2>\n" + pairs(model.references) }
        if !model.lineRows.isEmpty { out += "<h2>Lines</h2>\n" + table(model.lineHeader, model.lineRows) }
        if !model.adjustmentRows.isEmpty { out += "<h2>Allowances and charges</h2>\n" + table(["", "Reason", "Tax", "Amount"], model.adjustmentRows) }
        if !model.taxRows.isEmpty { out += "<h2>VAT</h2>\n" + table(["Category", "Rate", "Taxable", "VAT", "Reason"], model.taxRows) }
        out += "<h2>Totals</h2>\n" + pairs(model.totals)
        if !model.payment.isEmpty { out += "<h2>Payment</h2>\n" + pairs(model.payment) }
        if let payload = PaymentQR.epcPayload(document), let svg = PaymentQR.svg(payload) {
            out += "<figure class=\"qr\">\(svg)<figcaption>EPC QR code: \(e(model.totals.last?.1 ?? "")) to \(e(document.payment.accounts.first?.iban ?? ""))</figcaption></figure>\n"
        }
        if !document.notes.isEmpty { out += "<h2>Notes</h2>\n" + document.notes.map { "<p>\(e($0))</p>" }.joined() + "\n" }
        if !model.attachments.isEmpty { out += "<h2>Attachments</h2>\n<ul>" + model.attachments.map { "<li>\(e($0))</li>" }.joined() + "</ul>\n" }
        out += "<section class=\"findings\"><h2>Findings (EN 16931 rules)</h2>\n"
        out += findings.isEmpty ? "<p>None: the document keeps every rule checked.</p>" : "<ul>" + findings.map { "<li><b>\(e($0.rule))</b>: \(e($0.message))</li>" }.joined() + "</ul>"
        out += "</section>\n</body></html>\n"
        return out
    }

    private static func table(_ header: [String], _ rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return all.map { row in
            "  " + row.enumerated().map { index, cell in
                // Figures right-aligned: the columns whose heading names one.
                ["Quantity", "Price", "Net", "Taxable", "VAT", "Amount", "Rate"].contains(header[index])
                    ? String(repeating: " ", count: widths[index] - cell.count) + cell
                    : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingTrailingWhitespace
        }.joined(separator: "\n") + "\n"
    }

    /// What both renderings show, in display text.
    struct Model {
        var title: String
        var facts: [(String, String)] = []
        var parties: [(String, [String])] = []
        var references: [(String, String)] = []
        var lineHeader = ["#", "Item", "Quantity", "Unit", "Price", "VAT", "Net"]
        var lineRows: [[String]] = []
        var adjustmentRows: [[String]] = []
        var taxRows: [[String]] = []
        var totals: [(String, String)] = []
        var payment: [(String, String)] = []
        var attachments: [String] = []

        init(_ document: ReceivedDocument, findings: [Finding], locale: String) {
            func money(_ value: Money?) -> String { value.map { MoneyFormat.format($0.minorUnits, $0.currency, locale: locale) } ?? "" }
            func number(_ value: DecimalNumber?) -> String { value.map { MoneyFormat.number($0, locale: locale) } ?? "" }
            func rate(_ value: DecimalNumber?) -> String { value.map { MoneyFormat.number($0.normalized, locale: locale) + " %" } ?? "" }
            title = document.kind == .creditNote ? "Credit note" : "Invoice"
            facts.append(("Issued", document.issued.description))
            if let due = document.due { facts.append(("Due", due.description)) }
            if let day = document.deliveryDate { facts.append(("Delivered", day.description)) }
            if let start = document.periodStart { facts.append(("Period", "\(start) – \(document.periodEnd?.description ?? "")")) }
            facts.append(("Currency", document.currency.code))
            facts.append(("Format", "\(document.syntax.rawValue)\(document.profile.map { ", \($0)" } ?? "")\(document.customization.map { " (\($0))" } ?? "")"))
            facts.append(("Type", document.typeCode))
            func lines(_ party: ReceivedDocument.Party) -> [String] {
                var result = [party.name]
                if let trading = party.tradingName { result.append(trading) }
                result += party.address.lines
                let city = [party.address.postalCode, party.address.city].compactMap { $0 }.joined(separator: " ")
                if !city.isEmpty { result.append(city) }
                if let country = party.address.country { result.append(country) }
                if let vat = party.vatID { result.append("VAT \(vat)") }
                if let tax = party.taxNumber { result.append("Tax number \(tax)") }
                if let legal = party.legalID { result.append("Registration \(legal)") }
                if let address = party.electronicAddress { result.append("Electronic address \(address)") }
                let contact = [party.contactName, party.contactPhone, party.contactEmail].compactMap { $0 }.joined(separator: ", ")
                if !contact.isEmpty { result.append("Contact: \(contact)") }
                return result
            }
            parties = [("Seller", lines(document.seller)), ("Buyer", lines(document.buyer))]
            if let payee = document.payee { parties.append(("Payee", lines(payee))) }
            if let value = document.buyerReference { references.append(("Buyer reference", value)) }
            if let value = document.order { references.append(("Order", value)) }
            if let value = document.contract { references.append(("Contract", value)) }
            if let value = document.project { references.append(("Project", value)) }
            for corrected in document.corrects { references.append(("Corrects", corrected.number + (corrected.issued.map { " of \($0)" } ?? ""))) }
            lineRows = document.lines.map { line in
                let name = [line.name, line.description].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: " – ")
                return [line.id, name, number(line.quantity), line.unit ?? "", line.netPrice.map { MoneyFormat.format($0, document.currency, locale: locale) } ?? "",
                        [line.taxCategory, line.taxRate.map { rate($0) }].compactMap { $0 }.joined(separator: " "), money(line.net)]
            }
            adjustmentRows = document.allowancesCharges.map { adjustment in
                [adjustment.isCharge ? "Charge" : "Allowance",
                 [adjustment.reason, adjustment.percent.map { "\(rate($0)) of \(money(adjustment.base))" }].compactMap { $0 }.joined(separator: ", "),
                 [adjustment.taxCategory, adjustment.taxRate.map { rate($0) }].compactMap { $0 }.joined(separator: " "),
                 (adjustment.isCharge ? "" : "-") + money(adjustment.amount)]
            }
            taxRows = document.taxes.map { [$0.category, rate($0.rate), money($0.taxable), money($0.tax), [$0.exemptionCode, $0.exemptionReason].compactMap { $0 }.joined(separator: " ")] }
            let t = document.totals
            let figures: [(String, Money?)] = [("Lines", t.lines), ("Allowances", t.allowances), ("Charges", t.charges), ("Total without VAT", t.net),
                                               ("VAT", t.tax), ("Total", t.total), ("Paid in advance", t.prepaid), ("Rounding", t.rounding)]
            totals = figures.compactMap { label, value in value.map { (label, money($0)) } }
            if let other = t.taxInTaxCurrency { totals.append(("VAT in \(other.currency.code)", money(other))) }
            totals.append(("Amount due", money(t.payable)))
            let p = document.payment
            if let code = p.meansCode { payment.append(("Means", code + (p.meansText.map { " (\($0))" } ?? "") + meansName(code))) }
            for account in p.accounts {
                payment.append(("Pay to", [account.name, account.iban, account.bic.map { "BIC \($0)" }].compactMap { $0 }.joined(separator: ", ")))
            }
            if let reference = p.reference { payment.append(("Reference", reference)) }
            if let mandate = p.mandate { payment.append(("Direct debit mandate", mandate + (p.debitedAccount.map { ", from \($0)" } ?? ""))) }
            if let terms = p.terms { payment.append(("Terms", terms)) }
            attachments = document.attachments.map { attachment in
                [attachment.id, attachment.description, attachment.filename, attachment.uri, attachment.data.map { "\($0.count) bytes" }].compactMap { $0 }.joined(separator: " – ")
            }
        }

        private func meansName(_ code: String) -> String {
            switch code {
            case "30": " credit transfer"
            case "31": " debit transfer"
            case "42": " payment to bank account"
            case "48": " bank card"
            case "49": " direct debit"
            case "57": " standing agreement"
            case "58": " SEPA credit transfer"
            case "59": " SEPA direct debit"
            case "10": " cash"
            default: ""
            }
        }
    }
}

extension String {
    var trimmingTrailingWhitespace: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
