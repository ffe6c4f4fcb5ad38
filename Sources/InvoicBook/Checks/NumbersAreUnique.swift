import InvoicDiagnostics

enum NumbersAreUnique: BookCheck {
    static let rule = Rule(.duplicateNumber, summary: "two documents have the same number",
        explanation: """
        A number identifies one document forever: two files with the same name in different folders
        (or an invoice and an estimate sharing a number) would print to the same PDF and confuse the
        books. A void invoice keeps its number too.
        """,
        example: """
        # file: invoices/2025/INV-0001.yaml
        # file: invoices/2026/INV-0001.yaml   <- the same number again
        """)

    /// The documents of one number are ordered as they came to be: by issue date, then the day
    /// they were sent (a document sent earlier came first), then the file; the first keeps the
    /// number and each later one is reported. A later copy that was sent is not to be renumbered
    /// (the client holds it): the help says how to replace it instead.
    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        // Positions are grouped, not documents: a copy of each 2.4 KB document for a number that
        // is almost always used once was most of this check's time. Only a shared number's
        // documents are read whole.
        let byNumber = Dictionary(grouping: book.documents.indices, by: { book.documents[$0].number })
        for (number, positions) in byNumber.sorted(by: { $0.key < $1.key }) where positions.count > 1 {
            let ordered = positions.map { book.documents[$0] }.sorted { a, b in
                if a.issued.value != b.issued.value { return a.issued.value < b.issued.value }
                let (x, y) = (a.sent?.value ?? .distantFuture, b.sent?.value ?? .distantFuture)
                if x != y { return x < y }
                return a.file < b.file
            }
            let first = ordered[0]
            let notes = ["first used by \(first.file) (issued \(first.issued.value)\(first.sent.map { ", sent \($0.value)" } ?? ""))"]
            for document in ordered.dropFirst() {
                let help = document.sent == nil
                    ? "give this document the next free number (it was never sent; `invoic new` takes the next one); numbers are never reused"
                    : "this copy was sent, so the client holds it with this number: do not renumber it. Tell the client it is replaced, issue its content again under the next free number, and keep this copy out of the book's folders (git keeps its record); \(first.file) keeps the number"
                diagnostics.append(.error(rule.code, "number \(number) is used twice", file: document.file,
                                          range: document.numberKey?.range, help: help, notes: notes))
            }
        }
    }
}

extension DiagnosticCode {
    public static let duplicateNumber = DiagnosticCode("duplicate-number")
}
