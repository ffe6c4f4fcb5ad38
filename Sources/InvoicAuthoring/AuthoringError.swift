import InvoicDiagnostics

/// Why a command refused to write. Nothing was written when one of these is thrown.
public enum AuthoringError: Error, CustomStringConvertible, Sendable {
    /// The command makes no sense for this document (already sent, not accepted, too much paid...).
    case refused(String)
    /// The command names a client or document the book does not have: a usage error (exit status
    /// 2 from every command), not a finding in the book.
    case notInBook(String)
    /// The change would add errors to the book; the diagnostics say which, and the sources
    /// (with the change applied) let them be shown with their lines.
    case wouldIntroduceErrors([Diagnostic], sources: [String: SourceFile])
    /// The file changed on disk between reading and writing.
    case changedOnDisk(String)
    case io(String)

    public var description: String {
        switch self {
        case .refused(let reason), .notInBook(let reason): return reason
        case .wouldIntroduceErrors(let diagnostics, _):
            return "the change would add \(diagnostics.count == 1 ? "an error" : "\(diagnostics.count) errors") to the book; nothing was written"
        case .changedOnDisk(let path): return "\(path) changed on disk while invoic was editing it; nothing was written, run the command again"
        case .io(let message): return message
        }
    }
}
