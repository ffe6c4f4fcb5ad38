import InvoicDiagnostics

enum NumberYearsMatchIssueDates: BookCheck {
    static let rule = Rule(.numberingYear, summary: "the year in a document number is not its issue year",
        explanation: """
        With `{year}` in the pattern, each year has its own series, and the year in the number must be
        the year of the `issued` date, or the document sits in the wrong series.
        """,
        example: """
        # file: invoices/INV-2025-004.yaml
        issued: 2026-01-03   <- the number says 2025
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for document in book.documents {
            let pattern = book.settings.numbering.pattern(for: document.kind)
            guard let year = pattern.match(document.number)?.year, year != document.issued.value.year else { continue }
            diagnostics.append(.error(
                rule.code, "\(document.number) carries the year \(year) but is issued on \(document.issued.value)",
                file: document.file, range: document.issued.range,
                help: "number it in the \(document.issued.value.year) series, or correct the issue date"))
        }
    }
}

extension DiagnosticCode {
    public static let numberingYear = DiagnosticCode("numbering-year")
}
