import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicHistory
import InvoicPDF
import InvoicTestSupport
import Testing
@testable import InvoicBuild

/// The checked book's cache for a book in git (issue 41 point 10): the verdict is keyed by the
/// repository's state too, so every move of the repository (a commit, an amend, a checkout, a
/// reset, a detached HEAD, a packed ref, a reservation) with the working files byte for byte the
/// same is a miss, and each answer, from the cache or not, is the whole uncached check's.
@Suite struct CheckedBookGitCacheTests {
    static let settings = TestBook.settings + "\nhistory: true\nnumbering: { invoice: \"INV-{seq:4}\" }\n"

    /// A book that is a repository of its own with `history: true`, as `invoic init` makes it:
    /// a first commit of two drafts, a second that issues INV-0004.
    static func repositoryBook() throws -> TestBook {
        try #require(!ProcessInfo.processInfo.environment.keys.contains { $0.hasPrefix("GIT_") && !GitState.harmless.contains(where: $0.hasPrefix) },
                     "a GIT_* variable in the test's environment that moves git makes every book bypass the cache")
        let book = TestBook([
            "invoices/INV-0001.yaml": invoice(),
            "invoices/INV-0002.yaml": invoice(issued: "2026-03-02"),
        ], settings: settings)
        try git(book, ["init", "-q", "-b", "main"])
        try git(book, ["add", "-A"])
        try git(book, ["commit", "-qm", "drafts"])
        book.write("invoices/INV-0004.yaml", invoice(issued: "2026-03-04", "sent: 2026-03-04\n"))
        try git(book, ["add", "-A"])
        try git(book, ["commit", "-qm", "issue INV-0004"], day: 4)
        return book
    }

    @discardableResult
    static func git(_ book: TestBook, _ arguments: [String], day: Int = 1) throws -> String {
        let output = try runGit(arguments, in: URL(fileURLWithPath: book.root), day: day)
        #expect(output.status == 0, "git \(arguments): \(output.stderr)")
        return output.stdout
    }

    /// The codes of the answer for INV-0001, after checking that it is the whole uncached check's
    /// (diagnostics, and the PDF when it can be rendered) and whether it came from the cache.
    static func answer(_ book: TestBook) throws -> (hit: Bool, codes: [String]) {
        let (cached, hit) = try CheckedBookCacheTests.check(book.root, "INV-0001")
        let whole = try BookPipeline(root: book.root).check()
        #expect(cached.diagnostics == whole.diagnostics)
        let document = try #require(whole.book.document("INV-0001"))
        let mine = try #require(cached.book.document("INV-0001"))
        #expect(cached.canRender(mine) == whole.canRender(document))
        if whole.canRender(document) {
            #expect(try CheckedBookCacheTests.pdf(cached, "INV-0001") == CheckedBookCacheTests.pdf(whole, "INV-0001"))
        }
        return (hit, whole.diagnostics.map(\.code.name))
    }

    /// After a move of the repository: the first run checks the whole book, the next one is a
    /// hit; both answer as the whole uncached check does. The codes of the verdict.
    static func missThenHit(_ book: TestBook, _ move: String) throws -> [String] {
        let first = try answer(book)
        #expect(!first.hit, "\(move): the cache was trusted over a changed repository")
        let second = try answer(book)
        #expect(second.hit, "\(move): the unchanged repository was not answered from the cache")
        #expect(second.codes == first.codes)
        return first.codes
    }

    static let deleted = "issued-invoice-deleted"

    @Test func everyMoveOfTheRepositoryIsAMiss() throws {
        let book = try Self.repositoryBook()
        defer { book.remove() }
        #expect(try !Self.missThenHit(book, "first run").contains(Self.deleted))
        // The working files stay those of this state from here on: INV-0004 deleted.
        book.delete("invoices/INV-0004.yaml")
        #expect(try Self.missThenHit(book, "delete").contains(Self.deleted))
        // Another branch, made before INV-0004 was issued: the same files, no deletion.
        try Self.git(book, ["checkout", "-q", "-b", "other", "HEAD~1"])
        #expect(try !Self.missThenHit(book, "checkout of another branch").contains(Self.deleted))
        // Back on main (which brings INV-0004 back; deleted again), then a detached HEAD.
        try Self.git(book, ["checkout", "-q", "main"])
        book.delete("invoices/INV-0004.yaml")
        #expect(try Self.missThenHit(book, "checkout of main").contains(Self.deleted))
        try Self.git(book, ["checkout", "-q", "--detach", "HEAD~1"])
        #expect(try !Self.missThenHit(book, "detached HEAD").contains(Self.deleted))
        try Self.git(book, ["checkout", "-q", "main"])
        book.delete("invoices/INV-0004.yaml")
        _ = try Self.missThenHit(book, "checkout of main")
        // A reset to before the issue: INV-0004 stays staged, which a check without --staged
        // does not read; then a commit of what is staged, and an amend of that commit.
        try Self.git(book, ["reset", "-q", "--soft", "HEAD~1"])
        #expect(try !Self.missThenHit(book, "reset (INV-0004 staged, not committed)").contains(Self.deleted))
        try Self.git(book, ["commit", "-qm", "issue INV-0004 again"], day: 5)
        #expect(try Self.missThenHit(book, "new commit").contains(Self.deleted))
        try Self.git(book, ["commit", "-q", "--amend", "-m", "issue INV-0004, amended"], day: 6)
        #expect(try Self.missThenHit(book, "amend").contains(Self.deleted))
        // Every reference packed: HEAD is resolved through packed-refs (the second run is a hit),
        // and HEAD moved to a branch that exists only there is a miss.
        try Self.git(book, ["branch", "early", "HEAD~1"])
        try Self.git(book, ["pack-refs", "--all"])
        #expect(!FileManager.default.fileExists(atPath: book.root + "/.git/refs/heads/early"))
        #expect(try Self.missThenHit(book, "pack-refs").contains(Self.deleted))
        try Self.git(book, ["symbolic-ref", "HEAD", "refs/heads/early"])
        #expect(try !Self.missThenHit(book, "HEAD on a packed branch").contains(Self.deleted))
        // A number reservation (refs/invoic/numbers/) is read by the history checks.
        try Self.git(book, ["update-ref", "refs/invoic/numbers/invoice/INV-0009", "HEAD"])
        _ = try Self.missThenHit(book, "reservation reference")
    }

    /// A linked worktree has its own HEAD (in the main repository's worktrees/ folder): its book
    /// is keyed by it, not by the main worktree's.
    @Test func aWorktreeIsKeyedByItsOwnHead() throws {
        let book = try Self.repositoryBook()
        defer { book.remove() }
        let linked = book.root + "-linked"
        defer { try? FileManager.default.removeItem(atPath: linked) }
        try Self.git(book, ["worktree", "add", "-q", "--detach", linked, "HEAD~1"])
        let main = try #require(GitState.key(at: book.root))
        let other = try #require(GitState.key(at: linked))
        #expect(main != other)
        let head = try Self.git(book, ["rev-parse", "HEAD~1"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(other.contains("HEAD \(head)"))
        // The book in the linked worktree is answered from the cache, as the whole check would.
        let (_, cold) = try CheckedBookCacheTests.check(linked, "INV-0001")
        let (_, warm) = try CheckedBookCacheTests.check(linked, "INV-0001")
        #expect(!cold && warm)
    }

    /// Whatever cannot be read for certain without git is no key at all, and the book is checked
    /// whole: a branch without a commit, a config that includes another file, replaced objects,
    /// grafts, reftable references, a GIT_* variable, a `.git` that is no repository.
    @Test func uncertainStatesAreNoKey() throws {
        let book = try Self.repositoryBook()
        defer { book.remove() }
        #expect(GitState.key(at: book.root) != nil)
        #expect(GitState.key(at: book.root, environment: ["GIT_DIR": "/elsewhere", "PATH": "/usr/bin"]) == nil)
        #expect(GitState.key(at: book.root, environment: ["GIT_SSL_CAINFO": "/etc/ssl/certs/ca.crt", "PATH": "/usr/bin"]) != nil)
        let config = book.root + "/.git/config"
        let original = try String(contentsOfFile: config, encoding: .utf8)
        try (original + "[includeIf \"gitdir:/tmp/\"]\n\tpath = other\n").write(toFile: config, atomically: true, encoding: .utf8)
        #expect(GitState.key(at: book.root) == nil)
        try original.write(toFile: config, atomically: true, encoding: .utf8)
        let head = try Self.git(book, ["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try Self.git(book, ["replace", "-f", head, "HEAD~1"])
        #expect(GitState.key(at: book.root) == nil)
        try Self.git(book, ["replace", "-d", head])
        #expect(GitState.key(at: book.root) != nil)
        book.write(".git/info/grafts", head + "\n")
        #expect(GitState.key(at: book.root) == nil)
        book.delete(".git/info/grafts")
        try FileManager.default.createDirectory(atPath: book.root + "/.git/reftable", withIntermediateDirectories: true)
        #expect(GitState.key(at: book.root) == nil)
        try FileManager.default.removeItem(atPath: book.root + "/.git/reftable")
        try Self.git(book, ["symbolic-ref", "HEAD", "refs/heads/unborn"])
        #expect(GitState.key(at: book.root) == nil)
        // Then the book is checked whole on every run and nothing is stored.
        try? FileManager.default.removeItem(atPath: CheckedBookCacheTests.cacheFile(book.root))
        _ = try CheckedBookCacheTests.check(book.root, "INV-0001")
        #expect(!FileManager.default.fileExists(atPath: CheckedBookCacheTests.cacheFile(book.root)))
        // A `.git` that is a file naming nothing.
        let other = TestBook(["invoices/INV-0001.yaml": invoice()], settings: Self.settings)
        defer { other.remove() }
        other.write(".git", "gitdir: /nonexistent\n")
        #expect(GitState.key(at: other.root) == nil)
    }

    /// A book in no repository with `history: true`: the history check says it cannot be read,
    /// and that verdict is cached, until a repository appears above the book.
    @Test func noRepositoryIsAKeyUntilOneAppears() throws {
        // Two documents: a hit is told by the book holding only the wanted one.
        let book = TestBook(["invoices/INV-0001.yaml": invoice(), "invoices/INV-0002.yaml": invoice()], settings: Self.settings)
        defer { book.remove() }
        let key = try #require(GitState.key(at: book.root))
        #expect(key.hasSuffix("no repository"))
        #expect(try !Self.answer(book).hit)
        #expect(try Self.answer(book).hit)
        try Self.git(book, ["init", "-q", "-b", "main"])
        try Self.git(book, ["add", "-A"])
        try Self.git(book, ["commit", "-qm", "book"])
        _ = try Self.missThenHit(book, "git init")
    }
}
