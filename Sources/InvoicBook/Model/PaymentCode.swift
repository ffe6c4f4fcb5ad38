import InvoicMoney

/// The QR code printed on an invoice so the client pays from a banking app: EPC069-12 ("GiroCode",
/// SEPA credit transfer) for an invoice in EUR paid to an IBAN. `payment.qr:` in invoic.yaml
/// chooses: `epc` (the default where it applies) or `none`.
public enum PaymentCode {
    public enum Choice: String, Sendable, CaseIterable {
        case epc, none
    }

    /// Why no code can be printed for an invoice, in words for `check`; nil when one can.
    public static func epcProblem(book: Book, document: Document) -> String? {
        guard let figures = document.figures else { return "it has no figures" }
        if figures.currency.code != "EUR" { return "a SEPA transfer code (EPC) is in euros, and \(document.number) is in \(figures.currency.code)" }
        guard let account = book.settings.payment.account, Identifiers.looksLikeIBAN(account) else {
            return "a SEPA transfer code needs the IBAN to pay into: set `account:` under `payment:` in invoic.yaml"
        }
        return nil
    }

    /// The EPC069-12 payload of `document` for `amount` due (minor units), or nil when none
    /// applies: not an invoice, nothing due, not EUR, no IBAN, or `payment.qr: none`.
    /// Version 002, UTF-8 (1), SCT; the BIC when the book has one; the beneficiary (70 characters at
    /// most); the IBAN without spaces; `EUR` and the amount; the invoice number as the unstructured
    /// remittance. Lines end with LF; the empty trailing ones are left out.
    public static func epc(book: Book, document: Document, amount: Int64) -> String? {
        guard document.kind == .invoice, document.void == nil, amount > 0, book.settings.payment.qr?.value != Choice.none,
              epcProblem(book: book, document: document) == nil, let figures = document.figures, amount <= 999_999_999_99,
              let account = book.settings.payment.account else { return nil }
        let payment = book.settings.payment
        let beneficiary = String((payment.beneficiary ?? book.settings.business.name).prefix(70))
        let lines = [
            "BCD", "002", "1", "SCT",
            (payment.bic ?? "").replacingOccurrences(of: " ", with: ""),
            beneficiary,
            account.replacingOccurrences(of: " ", with: "").uppercased(),
            "EUR" + MoneyFormat.plain(amount, figures.currency),
            "", "",
            String(document.number.prefix(140)),
        ]
        return lines.joined(separator: "\n")
    }
}
