import InvoicDiagnostics
import InvoicMoney

/// Voiding an invoice that was partly paid leaves the client's money with the business: the
/// reports keep it as income and show the refund owed; the check says so once, at the void.
enum VoidedPaymentsAreRefunded: BookCheck {
    static let rule = Rule(.voidAfterPayment, .warning, summary: "an invoice was voided after money was received on it",
        explanation: """
        A void invoice asks for nothing, but the payments received before the void stay on record:
        the reports count them as income and show them as a refund owed to the client. Pay the
        money back (and note it), or issue the invoice that replaces this one and settle it there.
        """,
        example: """
        # file: invoices/INV-0003.yaml
        payments:
          - { date: 2026-03-10, amount: 50.00, method: card }
        void: { date: 2026-04-01, reason: Issued twice }   <- 50.00 was received
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for invoice in book.invoices {
            guard let void = invoice.void, let figures = invoice.figures else { continue }
            // Payments after the void are an error of their own (payment-on-void).
            guard figures.payments.count == invoice.payments.count else { continue }
            let received = zip(invoice.payments, figures.payments).filter { $0.0.date.value <= void.date.value }.map(\.1).reduce(0, &+)
            guard received > 0 else { continue }
            diagnostics.append(.warning(
                rule.code, "invoice is voided after \(MoneyFormat.plain(received, figures.currency)) \(figures.currency.code) was received on it",
                file: invoice.file, range: void.range,
                help: "refund the client, or settle the money on the invoice that replaces \(invoice.number); the reports show it as a refund owed"))
        }
    }
}

extension DiagnosticCode {
    public static let voidAfterPayment = DiagnosticCode("void-after-payment")
}
