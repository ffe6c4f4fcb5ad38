import Foundation
import InvoicBook
import InvoicDiagnostics

/// A book's git history: every commit on HEAD's first-parent line that touched a document, a
/// client or invoic.yaml, and every version of those files, decoded.
///
/// Read once with `read(at:)` (one `git log` and one `git cat-file --batch`), then ask it to
/// judge the book as it is now (`judge(_:files:)`), to tell one document's story
/// (`story(of:in:today:)`) or for the commit that issued each invoice (`issuingCommits()`).
public struct BookHistory: Sendable {
    /// The book's folder as given.
    public let root: String
    let timeline: Timeline
    let decoded: DecodedHistory

    /// Every rule the history check reports, for `invoic explain`.
    public static let rules: [Rule] = [
        IssuedInvoicesAreNotChanged.rule,
        IssueDatesDoNotMove.rule,
        IssuedInvoicesAreNotDeleted.rule,
        NumbersAreNeverReused.rule,
        AcceptedEstimatesAreNotChanged.rule,
        HistoryIsReadable.rule,
        NumbersAreReserved.rule,
    ].sorted { $0.code < $1.code }

    /// Reads the history of the book at `root`.
    /// - Throws: `.notARepository` when the folder is not in a git work tree, `.gitUnavailable`
    ///   without a `git` command; a repository without commits has an empty history.
    public static func read(at root: String) throws(HistoryError) -> BookHistory {
        let repository = try Repository.open(root)
        let timeline = Timeline(try repository.log())
        let contents = try repository.contents(of: timeline.blobs)
        return BookHistory(root: root, timeline: timeline, decoded: DecodedHistory(timeline: timeline, contents: contents))
    }

    /// The commits that touched the book, oldest first.
    public var commits: [CommitInfo] { timeline.commits }

    /// The book's files as staged in the git index, by path relative to the book: what the next
    /// commit records. Pass them to `BookChecker.check(at:overrides:)` to check the staged state,
    /// and their paths to `judge(_:files:)` so a file deleted from the index counts as deleted.
    public static func stagedFiles(at root: String) throws(HistoryError) -> [String: [UInt8]] {
        let repository = try Repository.open(root)
        let blobs = try repository.stagedBlobs()
        let contents = try repository.contents(of: blobs.values)
        return blobs.compactMapValues { contents[$0] }
    }

    /// The commit in which each invoice of the history was issued (first committed with `sent`),
    /// by number; for a number used twice, the latest document's.
    public func issuingCommits() -> [String: CommitInfo] {
        prefetchFixingCandidates()
        var result: [String: CommitInfo] = [:]
        for (number, versions) in timeline.documents {
            let records = DocumentRecord.records(of: number, versions, decoded: decoded)
            if let fixing = records.last(where: \.isFixed)?.fixing, fixing.kind.isBilling {
                result[number] = timeline.commits[fixing.commit]
            }
        }
        return result
    }

    /// `issuingCommits()` of the book at `root`, or none when it is not a git repository or git
    /// fails: for reports, where the column is a courtesy, never a reason to fail.
    public static func issuingCommits(root: String) -> [String: CommitInfo] {
        (try? read(at: root))?.issuingCommits() ?? [:]
    }
}

extension BookHistory {
    /// Every document number the history has seen.
    public var numbers: Set<String> { Set(timeline.documents.keys) }
}

/// A history being read on another thread, so that git works while the book itself is checked.
public final class HistoryReading: Sendable {
    private let pending: ThreadResult<Result<BookHistory, HistoryError>>

    /// Starts reading the history of the book at `root`.
    public init(at root: String) {
        pending = Thread.detachNewThreadWithResult {
            do throws(HistoryError) {
                return .success(try BookHistory.read(at: root))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Waits for the history.
    public func history() throws(HistoryError) -> BookHistory {
        try pending.value.get()
    }
}
