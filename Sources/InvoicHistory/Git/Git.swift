/// git for the commands that share a book through a remote (`invoic sync`, `invoic git setup`,
/// `invoic merge-file`): the same process runner the history reads with, in the book's folder.
public struct Git: Sendable {
    let process: GitProcess

    public init(directory: String) {
        process = GitProcess(directory: directory)
    }

    /// What one run of git said.
    public struct Outcome: Sendable {
        public var status: Int32
        public var output: String
        public var errors: String
        public var succeeded: Bool { status == 0 }
    }

    /// Runs git and returns its output; throws when it fails.
    @discardableResult
    public func run(_ arguments: [String]) throws(HistoryError) -> String {
        String(decoding: try process.run(arguments), as: UTF8.self)
    }

    /// Runs git and hands back its status and output whether it succeeded or not.
    public func attempt(_ arguments: [String]) throws(HistoryError) -> Outcome {
        let outcome = try process.attempt(arguments)
        return Outcome(status: outcome.status, output: outcome.text, errors: outcome.errors)
    }
}
