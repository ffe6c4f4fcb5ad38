import InvoicBook
import InvoicDiagnostics

/// An issued invoice stays in the book: cancelled by a void, never by deleting its file.
enum IssuedInvoicesAreNotDeleted {
    static let rule = Rule(.issuedInvoiceDeleted,
        summary: "an issued invoice was deleted or renumbered",
        explanation: """
            An invoice committed as sent must stay ascertainable: deleting its file, or renaming it to another
            number, leaves a hole where the record was. Moving the file to another folder with the same name
            is fine. Restore the file from git and void it instead (`invoic void INV-0007 --reason ...`): a
            void invoice keeps its number and its place in the series.
            """,
        example: """
            # commit 1 "Send INV-0001": invoices/INV-0001.yaml
            client: acme
            issued: 2026-03-01
            sent: 2026-03-02
            items:
              - { description: Design, price: 100.00 }
            # commit 2 "Remove the wrong invoice": git rm invoices/INV-0001.yaml
            """)

    static func deleted(_ number: String, file: String, range: SourceRange?, lastPath: String, renamedTo: String?,
                        issued: CommitInfo, deletedIn: CommitInfo?) -> Diagnostic {
        let what = renamedTo.map { "renumbered to \($0)" } ?? "deleted"
        let restore = deletedIn.map { "git checkout \($0.shortHash)^ -- \(lastPath)" } ?? "git checkout HEAD -- \(lastPath)"
        return .error(rule.code, "issued invoice \(number) was \(what)", file: file, range: range,
                      help: "an issued invoice stays in the book: restore it (`\(restore)`) and void it instead "
                          + "(`invoic void \(number) --reason ...`)",
                      notes: ["\(number) was issued in commit \(issued.citation)",
                              deletedIn.map { "\(renamedTo == nil ? "deleted" : "renamed") in commit \($0.citation)" }
                                  ?? "the \(renamedTo == nil ? "deletion" : "rename") is not committed yet"])
    }
}

extension DiagnosticCode {
    public static let issuedInvoiceDeleted = DiagnosticCode("issued-invoice-deleted")
}
