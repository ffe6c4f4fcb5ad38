import InvoicBook
import InvoicDiagnostics

/// The issue and sent dates of an issued invoice are the facts the law dates it by.
enum IssueDatesDoNotMove {
    static let rule = Rule(.issuedDateMoved,
        summary: "the sent or issue date of an issued invoice was moved or removed",
        explanation: """
            The `issued` and `sent` dates of an invoice are fixed once it is committed as sent: the issue date is
            the date the law dates it by, and the sent date is when it left the business. Moving either later,
            or removing `sent` to make the invoice a draft again, rewrites the record; the report names the
            commit that issued the invoice and the one that moved the date.

            Put the date back; if the invoice really must be issued again, void it and issue a new one.
            """,
        example: """
            # commit 1 "Send INV-0001": invoices/INV-0001.yaml
            client: acme
            issued: 2026-03-01
            sent: 2026-03-02
            items:
              - { description: Design, price: 100.00 }
            # commit 2 "Resend": the same file
            sent: 2026-03-09
            """)

    static func moved(_ document: Document, _ difference: Difference, range: SourceRange?, issued: CommitInfo, blame: Blame) -> Diagnostic {
        let name = "issued invoice \(document.number)"
        let message = difference.after == nil
            ? "the \(difference.label) of \(name) was removed"
            : "the \(difference.label) of \(name) moved from \(difference.before ?? "none") to \(difference.after ?? "none")"
        return .error(rule.code, message, file: document.file, range: range,
                      label: difference.before.map { "issued with \($0)" },
                      help: "void it and issue a new invoice instead: put back \(difference.key): \(difference.before ?? ""), "
                          + "then `invoic void \(document.number) --reason ...` and `invoic new invoice --like \(document.number)`",
                      notes: ["\(document.number) was issued in commit \(issued.citation)", blame.sentence(for: "moved")])
    }
}

extension DiagnosticCode {
    public static let issuedDateMoved = DiagnosticCode("issued-date-moved")
}
