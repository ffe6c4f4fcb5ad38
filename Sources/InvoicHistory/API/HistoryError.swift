/// Why a book's history could not be read. The CLI turns each into a `history-unavailable`
/// diagnostic: an error when `--history` was asked for, a warning when only `invoic.yaml` asks.
public enum HistoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The book's folder is not inside a git work tree.
    case notARepository(String)
    /// No `git` command on the PATH.
    case gitUnavailable
    /// git ran and failed: the command and what it said.
    case gitFailed(command: String, message: String)

    public var description: String {
        switch self {
        case .notARepository(let root):
            return "\(root == "." ? "this book" : root) is not in a git repository, so its history cannot be checked"
        case .gitUnavailable:
            return "the `git` command was not found, so the book's history cannot be checked"
        case .gitFailed(let command, let message):
            let said = message.trimmingCharacters(in: .whitespacesAndNewlines)
            return "`git \(command)` failed" + (said.isEmpty ? "" : ": \(said)")
        }
    }

    /// What to do about it.
    public var help: String {
        switch self {
        case .notARepository:
            return "make it one (`git init && git add -A && git commit -m 'The book'`), or drop `--history` and `history: true`"
        case .gitUnavailable:
            return "install git (e.g. `apt-get install git`), or drop `--history` and `history: true`"
        case .gitFailed:
            return "run the git command yourself to see what is wrong with the repository"
        }
    }
}
