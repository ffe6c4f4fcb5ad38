import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicHistory
import InvoicTestSupport
import Testing

/// A book in a fresh git repository, committed with fixed authors and dates so every commit
/// hash is the same on every run.
final class GitBook {
    let book: TestBook
    var root: String { book.root }
    private var day = 0

    init(_ files: [String: String] = [:], settings: String = TestBook.settings, clients: [String: String] = ["acme": TestBook.client],
         initialize: Bool = true) {
        book = TestBook(files, settings: settings, clients: clients)
        if initialize { git("init", "--quiet", "--initial-branch=main") }
    }

    deinit { book.remove() }

    func write(_ path: String, _ text: String) { book.write(path, text) }
    func delete(_ path: String) { book.delete(path) }
    func read(_ path: String) -> String { (try? String(contentsOfFile: root + "/" + path, encoding: .utf8)) ?? "" }

    /// Replaces `old` by `new` in a file; the test fails if `old` is not there.
    func edit(_ path: String, _ old: String, _ new: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let text = read(path)
        #expect(text.contains(old), "\(path) has no `\(old)`", sourceLocation: sourceLocation)
        write(path, text.replacingOccurrences(of: old, with: new))
    }

    /// Stages everything and commits as `author`, one day after the previous commit; returns the short hash.
    @discardableResult
    func commit(_ message: String, author: String = "Ann Example") -> String {
        git("add", "--all")
        day += 1
        let date = String(format: "2026-03-%02dT10:00:00+01:00", day)
        let email = author.lowercased().replacingOccurrences(of: " ", with: ".") + "@example.com"
        git("commit", "--quiet", "--allow-empty", "--no-verify", "-m", message, environment: [
            "GIT_AUTHOR_NAME": author, "GIT_AUTHOR_EMAIL": email, "GIT_AUTHOR_DATE": date,
            "GIT_COMMITTER_NAME": author, "GIT_COMMITTER_EMAIL": email, "GIT_COMMITTER_DATE": date,
        ])
        return git("rev-parse", "--short", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs git in the book; a git that fails fails the test, with what git said, unless the
    /// test expects it to (`mayFail`).
    @discardableResult
    func git(_ arguments: String..., environment: [String: String] = [:], mayFail: Bool = false,
             sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        let fixed = ["GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
                     "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
                     "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com"]
        do {
            let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: URL(fileURLWithPath: root),
                                        environment: fixed.merging(environment) { $1 }, dropping: { $0.hasPrefix("GIT_") })
            if result.status != 0, !mayFail {
                Issue.record("git \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.stderr)", sourceLocation: sourceLocation)
            }
            return result.stdout
        } catch {
            Issue.record("cannot run git: \(error)", sourceLocation: sourceLocation)
            return ""
        }
    }

    /// The working tree (or the staged state) judged against the history.
    func judge(staged: Bool = false) throws -> [Diagnostic] {
        let history = try BookHistory.read(at: root)
        if staged {
            let files = try BookHistory.stagedFiles(at: root)
            let result = try BookChecker.check(at: root, overrides: files)
            return history.judge(result.book, files: Set(files.keys))
        }
        return history.judge(try BookChecker.check(at: root).book)
    }

    /// `file:line:col code` per finding.
    func findings(staged: Bool = false) throws -> [String] {
        try judge(staged: staged).map { d in "\(d.file ?? "-"):\(d.range?.start.line ?? 0):\(d.range?.start.column ?? 0) \(d.code)" }
    }

    /// Findings as `invoic check --diagnostics-format human` prints them, without colour.
    func rendered(staged: Bool = false) throws -> String {
        let result = try BookChecker.check(at: root)
        return DiagnosticRenderer(format: .human, sources: result.book.sources).render(try judge(staged: staged))
    }
}

/// An invoice that was sent: the usual starting point.
func sentInvoice(client: String = "acme", issued: String = "2026-03-01", sent: String = "2026-03-02", _ extra: String = "",
                 items: String = "  - description: Design\n    quantity: 2\n    price: 100.00\n  - description: Travel\n    price: 80\n") -> String {
    "client: \(client)\nissued: \(issued)\nsent: \(sent)\nitems:\n\(items)\(extra)"
}

/// Compares a book's findings with `expected`, showing both when they differ.
func expectFindings(_ book: GitBook, staged: Bool = false, _ expected: [String], _ comment: Comment? = nil,
                    sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let actual = try book.findings(staged: staged)
    #expect(actual == expected, comment, sourceLocation: sourceLocation)
}
