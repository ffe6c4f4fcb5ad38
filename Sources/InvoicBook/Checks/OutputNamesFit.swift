import InvoicDiagnostics

/// The rule of `invalid-file-name`, reported by the loader for a book file's own name, and here for
/// the PDF file names made from the `pdf_name` pattern.
enum OutputNamesFit: BookCheck {
    static let rule = Rule(.invalidFileName, summary: "a file name invoic cannot use",
        explanation: """
        A document's file name is its number and a client's is its id: they are printed in messages and make \
        the PDF's file name. A name with control characters, or longer than 128 bytes (without .yaml), is \
        refused, and so is a `pdf_name` pattern that makes a PDF name longer than the 255 bytes a file system allows.
        """,
        example: """
        # file: invoic.yaml
        pdf_name: "{number} {business} {business} {business} ..."   <- more than 255 bytes per PDF name
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        guard let pattern = book.settings.pdfName else { return }
        let limit = BookLimits.maxFileNameBytes
        // One diagnostic for the pattern, naming the first document it fails for.
        for document in book.documents {
            let name = book.pdfFileName(for: document)
            guard name.utf8.count > limit else { continue }
            diagnostics.append(.error(
                rule.code, "`pdf_name` makes a file name of \(name.utf8.count) bytes for \(document.number), more than the \(limit) a file system allows",
                file: BookSettings.fileName, range: pattern.range,
                help: "use fewer or shorter placeholders, e.g. \"{number} - {client}\""))
            return
        }
    }
}

extension DiagnosticCode {
    public static let invalidFileName = DiagnosticCode("invalid-file-name")
}
