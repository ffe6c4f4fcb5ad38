import InvoicBook
import InvoicDiagnostics

/// The history check needs git and a repository; without them it says so and steps aside.
public enum HistoryIsReadable {
    static let rule = Rule(.historyUnavailable, .warning,
        summary: "the book's git history cannot be read",
        explanation: """
            `invoic check --history` (or `history: true` in invoic.yaml) judges the book against its git
            history. When the book is not in a git repository, or git is not installed, that check cannot
            run. With `history: true` alone this is a warning and the rest of the check goes on; with
            `--history` on the command line it is an error, because the check that was asked for did not run.
            """,
        example: """
            # file: invoic.yaml, in a folder that is not a git repository
            business: { name: Acme Studio }
            defaults: { currency: USD }
            history: true
            """)

    /// The diagnostic for `error`: an error when the history check was asked for on the command line.
    public static func diagnostic(_ error: HistoryError, asked: Bool) -> Diagnostic {
        Diagnostic(asked ? .error : .warning, rule.code, error.description, help: error.help)
    }
}

extension DiagnosticCode {
    public static let historyUnavailable = DiagnosticCode("history-unavailable")
}
