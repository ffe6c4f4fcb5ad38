import InvoicBook
import InvoicDiagnostics
import InvoicEInvoice
import InvoicMoney
import InvoicPDF

/// `invoic view --format pdf`: a supplier's e-invoice as a PDF in invoic's look and the reader's
/// language. The document becomes its EN 16931 model (`InvoiceModel(received:)`, the figures the
/// supplier's as stated, never invoic's arithmetic over them), which the PDF renderer sets in the
/// receiving book's template and labels; what the model has no place for, and the rule findings,
/// follow on pages of their own (the appendix).
public enum ReceivedPDF {
    /// The PDF, and the characters no font could draw (printed as missing glyphs). `book` is the
    /// receiving book, whose template, labels and paper the view takes; nil outside a book.
    public static func render(_ received: ReceivedInvoice, findings: [Finding], locale: String, file: String, in book: Book? = nil) throws(TemplateError)
        -> (bytes: [UInt8], missing: [String]) {
        try PDFRenderer.render(received.model, locale: locale, reading: appendix(received, findings: findings, file: file), in: book)
    }

    /// The words the PDF prints in `locale` (the text and HTML views use them too): the receiving
    /// book's template and labels, the built-in `invoi`'s without a book.
    static func words(locale: String, book: Book? = nil) -> [String: String] {
        PDFRenderer.labels(of: book, locale: locale)
    }

    static func appendix(_ received: ReceivedInvoice, findings: [Finding], file: String) -> ReadingAppendix {
        let document = received.model
        var appendix = ReadingAppendix(file: file, format: received.format)
        func identifiers(_ party: InvoiceModel.Party) -> [(label: ReadingAppendix.Label, value: String)] {
            var rows: [(label: ReadingAppendix.Label, value: String)] = []
            if let value = party.legalID?.id { rows.append((.legalID, value)) }
            if let value = party.electronicAddress { rows.append((.electronicAddress, value)) }
            // The VAT id is printed with the party on page one; a tax number beside it is not.
            if let value = party.taxNumber, party.vatID != nil { rows.append((.taxNumber, value)) }
            return rows
        }
        appendix.parties = [(.seller, nil, identifiers(document.seller)), (.buyer, nil, identifiers(document.buyer))]
        if let payee = received.payee { appendix.parties.append((.payee, payee.name, identifiers(payee))) }
        for account in received.accounts.dropFirst() {
            appendix.references.append((.account, [account.iban, account.bic].compactMap { $0 }.joined(separator: " · ")))
        }
        if let project = document.projectReference { appendix.references.append((.projectReference, project)) }
        for corrected in received.corrects where corrected.issued == nil || corrected.number != received.corrects.first?.number {
            appendix.references.append((.corrects, corrected.number + (corrected.issued.map { " (\($0))" } ?? "")))
        }
        appendix.taxBreakdown = document.taxGroups.map { group in
            let exemption = [group.exemptionCode, group.exemptionReason].compactMap { $0 }.joined(separator: " ")
            return (group.tax, group.statedCategory, group.taxable, group.amount, exemption.isEmpty ? nil : exemption)
        }
        appendix.attachments = received.attachments.map { attachment in
            [attachment.id, attachment.description, attachment.filename, attachment.uri, attachment.data.map { "\($0.count) bytes" }]
                .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " – ")
        }
        appendix.findings = findings.map { ($0.rule, $0.message) }
        appendix.thirdPartyPaid = document.thirdPartyPaid
        let byFigures = received.dueByFigures().map { Int64(clamping: $0) }
        appendix.amountDue = byFigures ?? document.payable
        if let byFigures, byFigures != document.payable { appendix.statedDue = document.payable }
        appendix.paymentReference = document.remittance
        appendix.paymentTerms = document.paymentTerms
        if document.lines.isEmpty { appendix.profileWithoutLines = received.profile ?? received.syntax.rawValue }
        return appendix
    }

    /// A note as a reader reads it: without XRechnung's subject code in front (`#ADU#`, UNCL 4451).
    static func noteText(_ note: String) -> String {
        var text = Substring(note.trimmingCharacters(in: .whitespacesAndNewlines))
        if text.first == "#", let close = text.dropFirst().firstIndex(of: "#"), text.distance(from: text.startIndex, to: close) == 4,
           text[text.index(after: text.startIndex)..<close].allSatisfy({ $0.isASCII && $0.isLetter }) {
            text = text[text.index(after: close)...]
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A category and rate as the book's model holds them; an unknown category reads as standard.
    static func taxRate(_ category: String?, _ rate: DecimalNumber?) -> TaxRate {
        TaxRate(category.flatMap(TaxCategory.init(rawValue:)) ?? (rate.map { $0.isZero } == true ? .zero : .standard), rate.map(Self.rate) ?? .zero)
    }

    /// A percentage in thousandths of a percent, rounded there (presentation only; the taxes
    /// printed are the supplier's).
    static func rate(_ value: DecimalNumber) -> Rate {
        let number = value.normalized
        var milli = number.significand
        if number.scale <= 3 {
            for _ in number.scale..<3 { milli *= 10 }
        } else {
            for _ in 3..<number.scale { milli = (milli + (milli < 0 ? -5 : 5)) / 10 }
        }
        return Rate(milliPercent: Int(clamping: milli))
    }

}
