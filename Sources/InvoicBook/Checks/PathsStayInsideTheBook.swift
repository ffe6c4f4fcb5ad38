import InvoicDiagnostics

enum PathsStayInsideTheBook: BookCheck {
    static let rule = Rule(.pathOutsideBook, summary: "a path in the book leads outside the book's folder",
        explanation: """
        `business.logo` and `template:` name files inside the book's folder. An absolute path, a `..` step or a \
        symbolic link that leads out of the folder is refused: a book may come from someone else, and it must not \
        make invoic read (and print into a PDF) a file elsewhere on the machine. For the same reason a file of \
        the book itself (invoic.yaml, a client, a document, a purchase record, a supplier) that is a link leading \
        out of the folder is not read: the error names it and where it leads, never a line of what it leads to.
        """,
        example: """
        # file: invoic.yaml
        business:
          name: Studio
          logo: ../../secrets/logo.png   <- copy the logo into the book, e.g. assets/logo.png
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        if let logo = book.settings.logo, let problem = BookPaths.problem(with: logo.value, in: book.root) {
            diagnostics.append(.error(
                rule.code, "logo `\(BookLoader.printable(logo.value))` \(problem.message)", file: BookSettings.fileName, range: logo.range,
                help: "copy the file into the book's folder and name it from there, e.g. assets/logo.png"))
        }
        if let template = book.settings.template, let problem = templateProblem(template.value, in: book.root) {
            diagnostics.append(.error(
                rule.code, "template `\(BookLoader.printable(template.value))` \(problem.message)", file: BookSettings.fileName,
                range: template.range,
                help: "a template is a built-in name or a file templates/NAME.yaml in the book: write its NAME alone"))
        }
    }

    /// A template is named, not pathed: `mine` means templates/mine.yaml, and the name has no `/`.
    static func templateProblem(_ name: String, in root: String) -> BookPaths.Problem? {
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return .controlCharacter }
        if name.hasPrefix("/") { return .absolute }
        if name == ".." || name.hasPrefix("../") || name.contains("/../") || name.hasSuffix("/..") { return .parentStep }
        return BookPaths.problem(with: "templates/\(name).yaml", in: root)
    }
}

extension DiagnosticCode {
    public static let pathOutsideBook = DiagnosticCode("path-outside-book")
}
