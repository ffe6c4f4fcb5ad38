import InvoicDiagnostics
import InvoicMoney

enum PaymentsDoNotExceedTheTotal: BookCheck {
    static let rule = Rule(.overpayment, summary: "payments add up to more than the invoice's total",
        explanation: """
        The payments of an invoice may reach its total, never pass it. An overpayment is usually a
        payment recorded twice or booked on the wrong invoice.
        """,
        example: """
        # file: invoices/INV-0001.yaml   (total 100.00)
        payments:
          - { date: 2026-03-15, amount: 100.00, method: card }
          - { date: 2026-03-16, amount: 20.00, method: card }   <- 20.00 too much
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        // Only an invoice with a payment can be overpaid; without reminders it has no charges,
        // so one paid no more than it asks is passed over in place (neither copied nor its
        // account drawn up: that was most of this check's time in a large book).
        let documents = book.documents
        for invoice in book.pick({ index in
            guard documents[index].kind == .invoice, !documents[index].payments.isEmpty else { return false }
            return !documents[index].reminders.isEmpty || (documents[index].figures.map { $0.paid > $0.payable } ?? false)
        }) {
            guard let figures = invoice.figures, let last = invoice.payments.last else { continue }
            // Reminder fees and interest recorded on the invoice may be paid too.
            let charges = book.account(of: invoice, through: .distantFuture)?.charges ?? 0
            guard figures.paid > figures.payable + charges else { continue }
            let c = figures.currency
            diagnostics.append(.error(
                rule.code,
                "payments of \(MoneyFormat.plain(figures.paid, c)) exceed the \(figures.payable == figures.total ? "total" : "amount due") of \(MoneyFormat.plain(figures.payable, c))"
                    + (charges > 0 ? " and the reminder charges of \(MoneyFormat.plain(charges, c))" : "")
                    + " by \(MoneyFormat.plain(figures.paid - figures.payable - charges, c))",
                file: invoice.file, range: last.amount.range,
                help: "look for a payment recorded twice or meant for another invoice"))
        }
    }
}

extension DiagnosticCode {
    public static let overpayment = DiagnosticCode("overpayment")
}
