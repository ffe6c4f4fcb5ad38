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

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        var firstFile: [String: String] = [:]
        for document in book.documents {
            guard let earlier = firstFile[document.number] else {
                firstFile[document.number] = document.file
                continue
            }
            diagnostics.append(.error(
                rule.code, "number \(document.number) is used twice", file: document.file,
                range: document.numberKey?.range,
                help: "give this document the next free number; numbers are never reused",
                notes: ["first used by \(earlier)"]))
        }
    }
}

extension DiagnosticCode {
    public static let duplicateNumber = DiagnosticCode("duplicate-number")
}
