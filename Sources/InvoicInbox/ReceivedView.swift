import InvoicBook
import InvoicDiagnostics
import InvoicEInvoice
import InvoicMoney

/// A received e-invoice as a person reads it: parties, references, lines, allowances and charges,
/// the tax breakdown, totals, how to pay, notes, attachments and the rule findings last. Amounts
/// and quantities in the reader's locale; the words the PDFs' labels in it, with the receiving
/// book's own (`labels:`) when there is one.
public enum ReceivedView {
    public static func text(_ document: ReceivedInvoice, findings: [Finding], locale: String = "en_US", in book: Book? = nil) -> String {
        let model = Model(document, findings: findings, locale: locale, book: book)
        var out = ""
        out += "\(model.title) \(document.model.number)\n"
        out += model.facts.map { "\($0.0): \($0.1)" }.joined(separator: "\n") + "\n\n"
        for (heading, lines) in model.parties {
            out += heading + "\n" + lines.map { "  " + $0 }.joined(separator: "\n") + "\n\n"
        }
        if !model.references.isEmpty {
            out += model["view_references"] + "\n" + model.references.map { "  \($0.0): \($0.1)" }.joined(separator: "\n") + "\n\n"
        }
        if !model.lineRows.isEmpty {
            out += model["view_lines"] + "\n" + table(model.lineHeader, model.lineRows, figures: model.figureColumns) + "\n"
        }
        if !model.adjustmentRows.isEmpty {
            out += model["view_allowances_charges"] + "\n" + table(model.adjustmentHeader, model.adjustmentRows, figures: model.figureColumns) + "\n"
        }
        if !model.taxRows.isEmpty {
            out += model["view_tax_breakdown"] + "\n" + table(model.taxHeader, model.taxRows, figures: model.figureColumns) + "\n"
        }
        let width = max(24, (model.totals.map(\.0.count).max() ?? 0) + 1)
        out += model["total"] + "\n" + model.totals.map { "  \($0.0.padding(toLength: width, withPad: " ", startingAt: 0)) \($0.1)" }.joined(separator: "\n") + "\n\n"
        if !model.payment.isEmpty {
            out += model["payment_details"] + "\n" + model.payment.map { "  \($0.0): \($0.1)" }.joined(separator: "\n") + "\n"
            if PaymentQR.epcPayload(document) != nil { out += "  (\(model["pay_with_app"]): --format html, --format pdf)\n" }
            out += "\n"
        }
        if !document.notes.isEmpty { out += model["notes"] + "\n" + document.notes.map { "  " + ReceivedPDF.noteText($0) }.joined(separator: "\n") + "\n\n" }
        if !model.attachments.isEmpty { out += model["view_attachments"] + "\n" + model.attachments.map { "  " + $0 }.joined(separator: "\n") + "\n\n" }
        out += model["view_findings"] + "\n"
        out += findings.isEmpty ? "  " + model["view_no_findings"] + "\n" : findings.map { "  \($0.rule): \($0.message)" }.joined(separator: "\n") + "\n"
        return out
    }

    /// A standalone page (`invoic view --html`): its style inline, as a file opened from disk has no other.
    public static func html(_ document: ReceivedInvoice, findings: [Finding], locale: String = "en_US", in book: Book? = nil) -> String {
        let language = locale.split(separator: "_").first.map(String.init) ?? "en"
        let title = Model(document, findings: findings, locale: locale, book: book).title
        return """
            <!DOCTYPE html>
            <html lang="\(escaped(language))"><head><meta charset="utf-8"><title>\(escaped(title)) \(escaped(document.model.number))</title>
            <style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto;color:#222}table{border-collapse:collapse;width:100%}\
            th,td{border-bottom:1px solid #ddd;padding:.25rem .5rem;text-align:left}td:last-child,th:last-child{text-align:right}\
            dl{display:grid;grid-template-columns:max-content auto;gap:.1rem 1rem}dt{color:#666}.parties{display:flex;gap:3rem}\
            section.findings{page-break-before:always}</style></head><body>

            """ + body(document, findings: findings, locale: locale, in: book) + "</body></html>\n"
    }

    /// The page's content without a page around it, for the web app, which shows it inside its own
    /// layout under its own stylesheet (its Content-Security-Policy allows no inline style).
    public static func body(_ document: ReceivedInvoice, findings: [Finding], locale: String = "en_US", in book: Book? = nil) -> String {
        let model = Model(document, findings: findings, locale: locale, book: book)
        func e(_ text: String) -> String { escaped(text) }
        func table(_ header: [String], _ rows: [[String]]) -> String {
            "<table><thead><tr>" + header.map { "<th>\(e($0))</th>" }.joined() + "</tr></thead><tbody>"
                + rows.map { "<tr>" + $0.map { "<td>\(e($0))</td>" }.joined() + "</tr>" }.joined() + "</tbody></table>\n"
        }
        func pairs(_ pairs: [(String, String)]) -> String {
            "<dl>" + pairs.map { "<dt>\(e($0.0))</dt><dd>\(e($0.1))</dd>" }.joined() + "</dl>\n"
        }
        var out = "<h1>\(e(model.title)) \(e(document.model.number))</h1>\n" + pairs(model.facts)
        out += "<div class=\"parties\">" + model.parties.map { "<section><h2>\(e($0.0))</h2><p>" + $0.1.map(e).joined(separator: "<br>") + "</p></section>" }.joined() + "</div>\n"
        if !model.references.isEmpty { out += "<h2>\(e(model["view_references"]))</h2>\n" + pairs(model.references) }
        if !model.lineRows.isEmpty { out += "<h2>\(e(model["view_lines"]))</h2>\n" + table(model.lineHeader, model.lineRows) }
        if !model.adjustmentRows.isEmpty { out += "<h2>\(e(model["view_allowances_charges"]))</h2>\n" + table(model.adjustmentHeader, model.adjustmentRows) }
        if !model.taxRows.isEmpty { out += "<h2>\(e(model["view_tax_breakdown"]))</h2>\n" + table(model.taxHeader, model.taxRows) }
        out += "<h2>\(e(model["total"]))</h2>\n" + pairs(model.totals)
        if !model.payment.isEmpty { out += "<h2>\(e(model["payment_details"]))</h2>\n" + pairs(model.payment) }
        if let payload = PaymentQR.epcPayload(document), let svg = PaymentQR.svg(payload) {
            out += "<figure class=\"qr\">\(svg)<figcaption>\(e(model["pay_with_app"])): \(e(model.totals.last?.1 ?? "")), \(e(document.accounts.first?.iban ?? ""))</figcaption></figure>\n"
        }
        if !document.notes.isEmpty { out += "<h2>\(e(model["notes"]))</h2>\n" + document.notes.map { "<p>\(e(ReceivedPDF.noteText($0)))</p>" }.joined() + "\n" }
        if !model.attachments.isEmpty { out += "<h2>\(e(model["view_attachments"]))</h2>\n<ul>" + model.attachments.map { "<li>\(e($0))</li>" }.joined() + "</ul>\n" }
        out += "<section class=\"findings\"><h2>\(e(model["view_findings"]))</h2>\n"
        out += findings.isEmpty ? "<p>\(e(model["view_no_findings"]))</p>" : "<ul>" + findings.map { "<li><b>\(e($0.rule))</b>: \(e($0.message))</li>" }.joined() + "</ul>"
        out += "</section>\n"
        return out
    }

    /// MarkupText's HTML rule (InvoicDiagnostics), as every page invoic writes.
    private static func escaped(_ text: String) -> String { MarkupText.html(text) }

    private static func table(_ header: [String], _ rows: [[String]], figures: Set<String>) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return all.map { row in
            "  " + row.enumerated().map { index, cell in
                figures.contains(header[index])
                    ? String(repeating: " ", count: widths[index] - cell.count) + cell
                    : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingTrailingWhitespace
        }.joined(separator: "\n") + "\n"
    }

    /// What both renderings show, in display text: the words are the PDFs' labels in the
    /// reader's language (`words`), the figures the supplier's, formatted in the reader's locale.
    struct Model {
        var words: [String: String]
        var title: String
        var facts: [(String, String)] = []
        var parties: [(String, [String])] = []
        var references: [(String, String)] = []
        var lineHeader: [String]
        var lineRows: [[String]] = []
        var adjustmentHeader: [String]
        var adjustmentRows: [[String]] = []
        var taxHeader: [String]
        var taxRows: [[String]] = []
        var totals: [(String, String)] = []
        var payment: [(String, String)] = []
        var attachments: [String] = []
        /// The columns whose cells are figures, right-aligned in the text view.
        var figureColumns: Set<String>

        subscript(_ key: String) -> String { words[key] ?? key }

        init(_ received: ReceivedInvoice, findings: [Finding], locale: String, book: Book?) {
            let document = received.model
            let words = ReceivedPDF.words(locale: locale, book: book)
            self.words = words
            func w(_ key: String) -> String { words[key] ?? key }
            func money(_ value: Int64?) -> String { value.map { MoneyFormat.format($0, document.currency, locale: locale) } ?? "" }
            func number(_ value: DecimalNumber?) -> String { value.map { MoneyFormat.number($0, locale: locale) } ?? "" }
            func rate(_ value: DecimalNumber?) -> String { value.map { MoneyFormat.number($0.normalized, locale: locale) + " %" } ?? "" }
            title = w(document.kind == .creditNote ? "credit_note" : document.typeCode == "386" ? "prepayment_invoice" : "invoice")
            lineHeader = ["#", w("description"), w("quantity"), w("rate"), w("tax"), w("amount")]
            adjustmentHeader = ["", w("description"), w("tax"), w("amount")]
            taxHeader = [w("view_category"), w("view_taxable"), w("tax"), w("view_exemption")]
            figureColumns = [w("quantity"), w("rate"), w("amount"), w("view_taxable"), w("tax")]
            facts.append((w("issue_date"), document.issued.description))
            if let due = document.dueDate { facts.append((w("due_date"), due.description)) }
            if let day = document.deliveryDate { facts.append((w("delivery_date"), day.description)) }
            if let start = document.statedPeriod?.start { facts.append((w("period"), "\(start) – \(document.statedPeriod?.end?.description ?? "")")) }
            facts.append((w("view_currency"), document.currency.code))
            facts.append((w("view_format"), received.format))
            func lines(_ party: InvoiceModel.Party) -> [String] {
                var result = [party.name]
                if let trading = party.tradingName { result.append(trading) }
                result += party.writtenAddressLines ?? []
                let city = [party.address?.postalCode, party.address?.city].compactMap { $0 }.joined(separator: " ")
                if !city.isEmpty { result.append(city) }
                if let country = party.address?.country { result.append(country) }
                if let vat = party.vatID { result.append("\(w("tax_id")) \(vat)") }
                if let tax = party.taxNumber { result.append("\(w("view_tax_number")) \(tax)") }
                if let legal = party.legalID?.id { result.append("\(w("view_legal_id")) \(legal)") }
                if let address = party.electronicAddress { result.append("\(w("view_electronic_address")) \(address)") }
                let contact = [party.contact?.name, party.contact?.phone, party.contact?.email].compactMap { $0 }.joined(separator: ", ")
                if !contact.isEmpty { result.append("\(w("view_contact")): \(contact)") }
                return result
            }
            parties = [(w("from"), lines(document.seller)), (w("bill_to"), lines(document.buyer))]
            if let payee = received.payee { parties.append((w("beneficiary"), lines(payee))) }
            if let value = document.buyerReference { references.append((w("buyer_reference"), value)) }
            if let value = document.order { references.append((w("order"), value)) }
            if let value = document.contract { references.append((w("contract"), value)) }
            if let value = document.projectReference { references.append((w("view_project_reference"), value)) }
            for corrected in received.corrects {
                references.append((w("view_corrects").replacingOccurrences(of: "{number}", with: corrected.number), corrected.issued?.description ?? ""))
            }
            lineRows = document.lines.map { line in
                let written = line.written
                let name = [line.name, line.description].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: " – ")
                let quantity = [number(written?.quantity), written?.unit.flatMap(UnitCode.symbol) ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
                // A price per a base quantity says so, as invoic's own PDFs do: `0,75 NOK / 100`.
                let per = line.baseQuantity.flatMap { $0 == DecimalNumber(integer: 1) ? nil : " / " + number($0) } ?? ""
                return [line.id, name, quantity, written?.price.map { MoneyFormat.format($0, document.currency, locale: locale) + per } ?? "",
                        [line.statedCategory, line.statedRate.map { rate($0) }].compactMap { $0 }.joined(separator: " "), money(line.net)]
            }
            adjustmentRows = document.allowancesCharges.map { adjustment in
                [w(adjustment.isCharge ? "charge" : "allowance"),
                 [adjustment.reason, adjustment.statedPercent.map { "\(rate($0)) × \(money(adjustment.base))" }].compactMap { $0 }.joined(separator: ", "),
                 [adjustment.statedCategory, adjustment.statedRate.map { rate($0) }].compactMap { $0 }.joined(separator: " "),
                 (adjustment.isCharge ? "" : "-") + money(adjustment.amount)]
            }
            taxRows = document.taxGroups.map { ["\($0.statedCategory) \(rate($0.statedRate))", money($0.taxable), money($0.amount), [$0.exemptionCode, $0.exemptionReason].compactMap { $0 }.joined(separator: " ")] }
            let figures: [(String, InvoiceModel.Figure)] = [(w("subtotal"), .lineTotal), (w("allowance"), .allowanceTotal), (w("charge"), .chargeTotal), (w("view_net"), .taxExclusive),
                                                            (w("tax"), .taxTotal), (w("total"), .taxInclusive), (w("prepaid"), .prepaid), (w("rounding"), .rounding)]
            totals = figures.compactMap { label, figure in document.stated(figure).map { (label, money($0)) } }
            if let other = document.taxCurrency { totals.append(("\(w("tax")) (\(other.currency.code))", MoneyFormat.format(other.amount, other.currency, locale: locale))) }
            if let third = document.thirdPartyPaid { totals.append((w("view_third_party"), money(third))) }
            totals.append((w("amount_due"), money(document.payable)))
            if let code = document.paymentMeans?.code { payment.append((w("view_means"), code + (document.paymentMeansText.map { " (\($0))" } ?? "") + meansName(code))) }
            for account in received.accounts {
                payment.append((w("account"), [account.name, account.iban, account.bic.map { "BIC \($0)" }].compactMap { $0 }.joined(separator: ", ")))
            }
            if let reference = document.remittance { payment.append((w("view_payment_reference"), reference)) }
            if let mandate = document.mandate {
                payment.append((w("view_means"), w("payment_direct_debit").replacingOccurrences(of: "{iban}", with: document.debitedAccount ?? "–")
                    .replacingOccurrences(of: "{mandate}", with: mandate)))
            }
            if let terms = document.paymentTerms { payment.append((w("view_terms"), terms)) }
            attachments = received.attachments.map { attachment in
                [attachment.id, attachment.description, attachment.filename, attachment.uri, attachment.data.map { "\($0.count) bytes" }].compactMap { $0 }.joined(separator: " – ")
            }
        }

        /// The name of a payment means code (UNCL 4461, BT-81) in the reader's language, from the
        /// labels (58: `view_means_sepa_credit_transfer`); nothing for a code without a label.
        private func meansName(_ code: String) -> String {
            let keys = ["10": "cash", "30": "credit_transfer", "31": "debit_transfer", "42": "bank_account", "48": "card", "49": "direct_debit",
                        "57": "standing_agreement", "58": "sepa_credit_transfer", "59": "sepa_direct_debit"]
            return keys[code].flatMap { words["view_means_" + $0] }.map { " " + $0 } ?? ""
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
