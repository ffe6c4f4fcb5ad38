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

    @discardableResult
    func git(_ arguments: String..., environment: [String: String] = [:]) -> String {
        runGit(arguments, in: root, environment: environment).output
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

struct GitOutput {
    var status: Int32
    var output: String
}

@discardableResult
func runGit(_ arguments: [String], in directory: String, environment: [String: String] = [:]) -> GitOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var env = ProcessInfo.processInfo.environment
    for key in env.keys where key.hasPrefix("GIT_") { env[key] = nil }
    env["GIT_CONFIG_NOSYSTEM"] = "1"
    env["GIT_CONFIG_GLOBAL"] = "/dev/null"
    env["GIT_AUTHOR_NAME"] = "Test"
    env["GIT_AUTHOR_EMAIL"] = "test@example.com"
    env["GIT_COMMITTER_NAME"] = "Test"
    env["GIT_COMMITTER_EMAIL"] = "test@example.com"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try! process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return GitOutput(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
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
