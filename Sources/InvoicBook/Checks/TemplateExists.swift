import Foundation
import InvoicDiagnostics

enum TemplateExists: BookCheck {
    /// Templates compiled into invoic; a book's `templates/<name>.yaml` adds or overrides.
    static let builtIn = ["invoi", "classic"]

    static let rule = Rule(.unknownTemplate, summary: "the book names a template that does not exist",
        explanation: "`template:` is a built-in name (invoi, classic) or a file templates/<name>.yaml in the book.",
        example: """
        # file: invoic.yaml
        template: fancy   <- no templates/fancy.yaml
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        guard let template = book.settings.template, !builtIn.contains(template.value) else { return }
        // A name leading out of the book is `path-outside-book`'s to report; it is not looked at.
        guard PathsStayInsideTheBook.templateProblem(template.value, in: book.root) == nil else { return }
        let path = BookLoader.join(book.root, "templates/\(template.value).yaml")
        guard !FileManager.default.fileExists(atPath: path) else { return }
        diagnostics.append(.error(
            rule.code, "template `\(template.value)` does not exist", file: BookSettings.fileName, range: template.range,
            help: closestMatch(to: template.value, in: builtIn).map { "did you mean `\($0)`?" }
                ?? "use one of \(builtIn.joined(separator: ", ")), or create templates/\(template.value).yaml"))
    }
}

extension DiagnosticCode {
    public static let unknownTemplate = DiagnosticCode("unknown-template")
}
