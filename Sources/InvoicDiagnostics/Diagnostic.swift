/// How bad a finding is: errors fail `check` and stop the emit stage; warnings are reported and pass.
public enum Severity: String, Sendable, Hashable, Codable {
    case error
    case warning
}

/// One finding about the book: what is wrong, where, and what to do about it.
///
/// Messages start lowercase and carry no trailing period; `help` says what to do.
public struct Diagnostic: Sendable, Hashable {
    public var severity: Severity
    /// A stable identifier (`unknown-client`, `numbering-gap`) that `invoic explain` documents.
    public var code: DiagnosticCode
    public var message: String
    /// The path of the file, as shown to the user; nil for findings about the book as a whole.
    public var file: String?
    public var range: SourceRange?
    /// A short label printed under the caret, next to the user's own text.
    public var label: String?
    public var help: String?
    /// Further context, e.g. where the first of two duplicates is.
    public var notes: [String]
    /// A mechanical remedy: the text that replaces `range` (a did-you-mean's suggestion, the
    /// computed figure for a stated one), which an editor offers as a quick fix (`invoic lsp`).
    public var replacement: String?

    public init(
        _ severity: Severity, _ code: DiagnosticCode, _ message: String,
        file: String? = nil, range: SourceRange? = nil,
        label: String? = nil, help: String? = nil, notes: [String] = []
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.file = file
        self.range = range
        self.label = label
        self.help = help
        self.notes = notes
    }

    public static func error(
        _ code: DiagnosticCode, _ message: String, file: String? = nil, range: SourceRange? = nil,
        label: String? = nil, help: String? = nil, notes: [String] = []
    ) -> Diagnostic {
        Diagnostic(.error, code, message, file: file, range: range, label: label, help: help, notes: notes)
    }

    public static func warning(
        _ code: DiagnosticCode, _ message: String, file: String? = nil, range: SourceRange? = nil,
        label: String? = nil, help: String? = nil, notes: [String] = []
    ) -> Diagnostic {
        Diagnostic(.warning, code, message, file: file, range: range, label: label, help: help, notes: notes)
    }
}

extension Diagnostic {
    /// The diagnostic with `text` as its mechanical remedy (nil: none).
    public func replacing(with text: String?) -> Diagnostic {
        var diagnostic = self
        diagnostic.replacement = text
        return diagnostic
    }
}

extension Diagnostic: Comparable {
    /// Reading order: by file, then position, then code, so output is the same on every run.
    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        let aKey = (a.file ?? "", a.range?.start.line ?? 0, a.range?.start.column ?? 0)
        let bKey = (b.file ?? "", b.range?.start.line ?? 0, b.range?.start.column ?? 0)
        if aKey != bKey { return aKey < bKey }
        if a.code != b.code { return a.code < b.code }
        return a.message < b.message
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }
    public var errorCount: Int { count { $0.severity == .error } }
    public var warningCount: Int { count { $0.severity == .warning } }
}
