import InvoicDiagnostics

enum DatesFollowTheIssueDate: BookCheck {
    static let rule = Rule(.dateBeforeIssue, summary: "a date falls before the document's issue date",
        explanation: """
        Due, valid-until, sent, accepted, declined, payment, refund, reminder and void dates all come on or after the
        day a document is issued. (`delivered:` is the date of supply and may come before.)
        """,
        example: """
        # file: invoices/INV-0001.yaml
        issued: 2026-03-01
        due: 2026-02-28   <- before the issue date
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for document in book.documents {
            let issued = document.issued.value
            var dates: [(String, Located<Day>?)] = [
                (document.kind == .estimate ? "valid-until date" : "due date", document.due),
                ("sent date", document.sent), ("acceptance date", document.accepted),
                ("decline date", document.declined), ("void date", document.void?.date),
            ]
            let payment = document.kind == .creditNote ? "refund date" : "payment date"
            dates += document.payments.filter { !$0.deposit }.map { (payment, $0.date) }
            dates += document.reminders.map { ("reminder date", $0.date) }
            for case let (what, located?) in dates where located.value < issued {
                diagnostics.append(.error(
                    rule.code, "\(what) \(located.value) is before the issue date \(issued)",
                    file: document.file, range: located.range,
                    help: what == "payment date" ? "check both dates; money received before the invoice (an advance) is marked `deposit: true`"
                        : "check both dates; nothing can happen to a document before it is issued"))
            }
        }
    }
}

extension DiagnosticCode {
    public static let dateBeforeIssue = DiagnosticCode("date-before-issue")
}
