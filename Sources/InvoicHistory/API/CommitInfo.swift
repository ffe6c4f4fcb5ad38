import InvoicBook

/// One commit of the book's history, as `invoic` names it in diagnostics and stories.
public struct CommitInfo: Sendable, Hashable {
    /// The full object name.
    public var hash: String
    /// The abbreviated name git prints (`git log --oneline`), unique in this repository.
    public var shortHash: String
    public var author: String
    public var email: String
    /// The author date in strict ISO 8601 with the author's offset, e.g. `2026-03-02T09:15:00+01:00`.
    public var timestamp: String
    /// The first line of the commit message.
    public var subject: String

    public init(hash: String, shortHash: String, author: String, email: String, timestamp: String, subject: String) {
        self.hash = hash
        self.shortHash = shortHash
        self.author = author
        self.email = email
        self.timestamp = timestamp
        self.subject = subject
    }

    /// The author's calendar day, as the author's clock showed it.
    public var date: Day? { Day(timestamp.prefix(10)) }

    /// `abc1234 (2026-03-02, Ana Weber)`: how a note names the commit.
    public var citation: String { "\(shortHash) (\(timestamp.prefix(10)), \(author))" }
}
