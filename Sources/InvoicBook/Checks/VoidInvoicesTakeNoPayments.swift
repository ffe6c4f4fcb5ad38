import InvoicDiagnostics

enum VoidInvoicesTakeNoPayments: BookCheck {
    static let rule = Rule(.paymentOnVoid, summary: "a payment is recorded on a void invoice after it was voided",
        explanation: """
        A void invoice is cancelled: money received after the void belongs on the invoice that
        replaces it. Payments made before the void stay on record.
        """,
        example: """
        # file: invoices/INV-0003.yaml
        void: { date: 2026-04-01, reason: Issued twice }
        payments:
          - { date: 2026-04-03, amount: 50.00, method: cash }
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for invoice in book.invoices {
            guard let void = invoice.void else { continue }
            for payment in invoice.payments where payment.date.value > void.date.value {
                diagnostics.append(.error(
                    rule.code, "payment on \(payment.date.value) is recorded on an invoice voided on \(void.date.value)",
                    file: invoice.file, range: payment.range,
                    help: "record the payment on the invoice that replaces \(invoice.number)"))
            }
        }
    }
}

extension DiagnosticCode {
    public static let paymentOnVoid = DiagnosticCode("payment-on-void")
}
