import InvoicDiagnostics
import InvoicMoney

/// Poland's split payment (MPP, art. 108a ust. 1a and art. 106e ust. 1 pkt 18a of the VAT Act):
/// an invoice whose gross total exceeds PLN 15,000 and which holds goods or services of annex 15
/// must say "mechanizm podzielonej płatności" (FA(3): P_18A 1). The book states both facts
/// (`annex_15: true` on the line, `split_payment: true` on the document); this check warns when
/// the first holds above the threshold and the second is missing. Only PLN documents are judged:
/// a foreign-currency one converts at the NBP rate of the day before, which the book does not hold.
enum SplitPaymentIsStated: BookCheck {
    static let rule = Rule(.splitPaymentMissing, .warning, summary: "a Polish invoice above PLN 15,000 with annex-15 goods does not state split payment",
        explanation: """
        An invoice whose gross total is above PLN 15,000 and which holds goods or services listed in \
        annex 15 of the VAT Act (`annex_15: true` on the line: steel, fuel, electronics, scrap, \
        construction services, ...) is paid by the split payment mechanism and must say \
        "mechanizm podzielonej płatności" (art. 106e ust. 1 pkt 18a). Add `split_payment: true` to \
        the document: the PDF prints the words and its FA(3) file writes P_18A 1.
        """,
        example: """
        # file: invoices/2026/FV-2026-014.yaml
        items:
          - description: Laptop
            price: 16000.00
            annex_15: true   <- above PLN 15,000, and no `split_payment: true`
        """)

    /// PLN 15,000.00 in grosze: "kwota należności ogółem przekracza 15 000 zł".
    static let threshold: Int64 = 1_500_000

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for document in book.documents where document.kind == .invoice && document.splitPayment?.value != true {
            guard let figures = document.figures, figures.currency.code == "PLN", figures.total > threshold,
                  let item = document.items.first(where: \.annex15) else { continue }
            diagnostics.append(.warning(rule.code, "\(document.number) totals \(Money(figures.total, figures.currency).plain) PLN, above 15000.00, with goods of annex 15 of the VAT Act, and does not state split payment (MPP)",
                                        file: document.file, range: item.range, label: "annex 15",
                                        help: "add `split_payment: true` to the invoice: its PDF then says \"mechanizm podzielonej płatności\" and its FA(3) writes P_18A 1"))
        }
    }
}

extension DiagnosticCode {
    public static let splitPaymentMissing = DiagnosticCode("split-payment-missing")
}
