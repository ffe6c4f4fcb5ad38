import InvoicBook
import InvoicMoney
import InvoicPDF

/// The EPC069-12 ("GiroCode") QR code of a received invoice: what a banking app scans to pay the
/// amount due to the supplier's IBAN, as the view shows it. Only for a euro invoice with an amount
/// due, a credit-transfer account and at most 999,999,999.99 (the format's bound).
enum PaymentQR {
    static func epcPayload(_ received: ReceivedInvoice) -> String? {
        let document = received.model
        let due = document.payable
        guard document.kind == .invoice, document.currency.code == "EUR", due > 0, due <= 999_999_999_99,
              let account = received.accounts.first, document.mandate == nil else { return nil }
        let iban = account.iban.replacingOccurrences(of: " ", with: "").uppercased()
        guard iban.count >= 15, iban.count <= 34, iban.prefix(2).allSatisfy(\.isLetter) else { return nil }
        return PaymentCode.epcPayload(bic: account.bic, beneficiary: account.name ?? received.payee?.name ?? document.seller.name, iban: iban,
                                      amount: due, currency: document.currency, remittance: document.remittance ?? document.number)
    }

    /// The code as an SVG of square modules with the quiet zone, for the HTML view.
    static func svg(_ payload: String) -> String? {
        guard let code = QRCode(payload) else { return nil }
        let width = code.size
        var path = ""
        for row in 0..<width {
            for column in 0..<width where code.isDark(row: row, column: column) {
                path += "M\(column + 4) \(row + 4)h1v1h-1z"
            }
        }
        let side = width + 8
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" width=\"180\" height=\"180\" role=\"img\" aria-label=\"EPC QR code\">"
            + "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/><path d=\"\(path)\" fill=\"#000\"/></svg>"
    }
}
