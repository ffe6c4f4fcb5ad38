import InvoicBook
import InvoicDiagnostics

/// A number, once issued, belongs to its document forever, even after the file is gone.
enum NumbersAreNeverReused {
    static let rule = Rule(.numberReused,
        summary: "a number that an issued document had is used by another document",
        explanation: """
            Numbers are never reused: once an invoice was committed as sent (or an estimate as accepted), its
            number is taken for good, even if the file was later deleted or renamed. A later document with
            that number but another client, issue date or kind is a different document and needs a number
            of its own. A draft that was deleted before it was sent leaves its number free, which keeps a
            gapless series possible.

            Give the new document the next free number (rename its file) and restore the first one.
            """,
        example: """
            # commit 1 "Send INV-0001": invoices/INV-0001.yaml
            client: acme
            issued: 2026-03-01
            sent: 2026-03-02
            items:
              - { description: Design, price: 100.00 }
            # commit 2 "Start over": invoices/INV-0001.yaml deleted and written again
            client: globex
            issued: 2026-04-01
            items:
              - { description: Audit, price: 300.00 }
            """)

    static func reused(_ document: Document, earlier: Document, issued: CommitInfo, deletedIn: CommitInfo?, renamedTo: String?) -> Diagnostic {
        let number = document.number
        let was = "\(earlier.kind == .estimate ? "an estimate" : earlier.kind == .invoice ? "an invoice" : "a credit note") to \(earlier.client.value) issued \(earlier.issued.value)"
        var notes = ["the first \(number) was \(earlier.kind.isBilling ? "issued" : "accepted") in commit \(issued.citation)"]
        if let deletedIn { notes.append("and \(renamedTo.map { "renumbered to \($0)" } ?? "deleted") in commit \(deletedIn.citation)") }
        return .error(rule.code, "number \(number) is reused: it belonged to \(was)", file: document.file,
                      range: document.numberKey?.range,
                      help: "numbers are never reused: give this \(document.kind.rawValue) the next free number (rename its file), "
                          + "and restore the first \(number) and void it if it is no longer valid",
                      notes: notes)
    }
}

extension DiagnosticCode {
    public static let numberReused = DiagnosticCode("number-reused")
}
