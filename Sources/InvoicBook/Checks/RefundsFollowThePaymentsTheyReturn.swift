import InvoicDiagnostics
import InvoicMoney

/// A refund gives back money the client paid: it cannot be dated before that money came in.
/// Otherwise the cash-basis VAT return would take turnover back in a period before it was ever
/// counted, and the account would show the business owing money it never received.
enum RefundsFollowThePaymentsTheyReturn: BookCheck {
    static let rule = Rule(.refundBeforePayment, summary: "a refund is dated before the payment it returns",
        explanation: """
        The refunds of an invoice's credit notes give back money the client paid on the invoice.
        On the day of each refund, the refunds so far may not pass what the client had paid by
        then: a refund dated earlier is a mistyped date, or a refund of a payment recorded on
        the wrong invoice.
        """,
        example: """
        # file: invoices/INV-0001.yaml
        payments:
          - { date: 2026-03-20, amount: 400.00, method: bank_transfer }
        # file: credit-notes/CN-0001.yaml   (corrects INV-0001)
        refunds:
          - { date: 2026-03-12, amount: 100.00, method: bank_transfer }   <- paid only on 2026-03-20
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        // An invoice no credit note corrects has no refund to follow.
        for invoice in book.correctedInvoices {
            guard let figures = invoice.figures else { continue }
            // `prepaid:` was received before the invoice (on a deposit invoice): in by its issue day.
            let received = (zip(invoice.payments, figures.payments).map { (date: $0.date.value, amount: $1) } + [(invoice.issued.value, figures.prepaid)])
                .sorted { $0.date < $1.date }
            var refunds: [(note: Document, refund: Payment, amount: Int64)] = []
            for note in book.creditNotes(correcting: invoice.number) {
                guard let noteFigures = note.figures, noteFigures.currency == figures.currency else { continue }
                for (refund, amount) in zip(note.payments, noteFigures.payments) where amount > 0 { refunds.append((note, refund, amount)) }
            }
            refunds.sort { $0.refund.date.value < $1.refund.date.value }
            var refunded: Int64 = 0
            for entry in refunds {
                refunded += entry.amount
                let day = entry.refund.date.value
                let paidBy = received.filter { $0.date <= day }.reduce(Int64(0)) { $0 + $1.amount }
                guard refunded > paidBy else { continue }
                // The day the money this refund gives back was in; none: more than was ever paid,
                // which `refund-exceeds-owed` reports.
                var sum: Int64 = 0
                guard let paidOn = received.first(where: { sum += $0.amount; return sum >= refunded })?.date else { break }
                let c = figures.currency
                diagnostics.append(.error(
                    rule.code,
                    "the refund of \(MoneyFormat.plain(entry.amount, c)) on \(day) returns money \(invoice.number) was paid only on \(paidOn)"
                        + " (\(MoneyFormat.plain(paidBy, c)) paid by \(day))",
                    file: entry.note.file, range: entry.refund.date.range,
                    help: "date the refund on or after \(paidOn), when the money it gives back came in, or record it on the invoice it belongs to"))
                break
            }
        }
    }
}

extension DiagnosticCode {
    public static let refundBeforePayment = DiagnosticCode("refund-before-payment")
}
