import InvoicDiagnostics

enum NumbersFitTheirPattern: BookCheck {
    static let rule = Rule(.numberingPattern, summary: "a document number does not fit the book's numbering pattern",
        explanation: """
        Every invoice and estimate number must be exactly what the book's pattern (`numbering.invoice`,
        `numbering.estimate`) writes: the same text, and the sequence padded to the pattern's width.
        The number is the file name, so rename the file to fix it.
        """,
        example: """
        # file: invoic.yaml
        numbering: { invoice: "INV-{seq:4}" }
        # file: invoices/INV-7.yaml   <- should be INV-0007.yaml
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for document in book.documents {
            let pattern = book.settings.numbering.pattern(for: document.kind)
            guard pattern.match(document.number) == nil else { continue }
            // A draft number given offline (`--offline`) is not final: it may stand until sent.
            if document.hasDraftNumber && document.sent == nil { continue }
            let range = document.numberKey?.range
            let example = pattern.format(year: document.issued.value.year, sequence: 1)
            let help = example.contains("/")
                ? "a number with `/` is written in the file, whose name has `_` for each `/`: invoices/\(DocumentKind.fileStem(forNumber: example)).yaml with `number: \(example)`"
                : "name the file after the pattern, e.g. \(example).yaml"
            diagnostics.append(.error(
                rule.code, "\(document.kind.rawValue) number `\(document.number)` does not fit the pattern `\(pattern)`",
                file: document.file, range: range, help: help))
        }
    }
}

extension DiagnosticCode {
    public static let numberingPattern = DiagnosticCode("numbering-pattern")
}

extension Document {
    /// Numbers given by `--offline` (docs/teams.md) start with it: not a number of the series,
    /// never sent.
    public static let draftNumberPrefix = "DRAFT-"

    public var hasDraftNumber: Bool { number.hasPrefix(Self.draftNumberPrefix) }
}
