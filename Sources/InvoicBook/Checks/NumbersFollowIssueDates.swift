import InvoicDiagnostics

enum NumbersFollowIssueDates: BookCheck {
    static let rule = Rule(.numberingOrder, summary: "a higher number has an earlier issue date",
        explanation: """
        Within a series, numbers are handed out in the order documents are issued: a later number with
        an earlier date suggests a back-dated invoice or a typo in the date.
        """,
        example: """
        # file: invoices/INV-0001.yaml
        issued: 2026-03-10
        # file: invoices/INV-0002.yaml
        issued: 2026-03-01   <- before INV-0001
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for (_, members) in book.series() {
            var latest: (number: String, issued: Day)?
            for member in members {
                guard let issued = member.issued else { continue }
                // Two documents of one number are the duplicate-number rule's to report.
                if let previous = latest, issued.value < previous.issued, member.number != previous.number {
                    // A document that was sent keeps its number: the client holds it.
                    let sent = book.documents.first { $0.file == member.file }?.sent != nil
                    diagnostics.append(.error(
                        rule.code, "\(member.number) is issued on \(issued.value), before \(previous.number) (\(previous.issued))",
                        file: member.file, range: issued.range,
                        help: sent ? "correct the issue date if it is a typo; it was sent, so it keeps its number"
                                   : "correct the issue date, or give this document the next free number"))
                } else {
                    latest = (member.number, issued.value)
                }
            }
        }
    }
}

extension DiagnosticCode {
    public static let numberingOrder = DiagnosticCode("numbering-order")
}
