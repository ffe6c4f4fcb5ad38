import Foundation
import InvoicTestSupport
import Testing

/// Every diagnostic code `invoic explain` lists has a small book under
/// Tests/Fixtures/diagnostics/<code>/ that triggers it, and `expected.txt` holds what invoic
/// prints for it. A fixture is:
/// - `book/`: the book, run in a scratch copy (outside any git repository);
/// - `command` (optional): the arguments to run instead of `check`, e.g. `build --quiet`;
/// - `history/1/`, `history/2/`, ... (optional): the book as committed, oldest first; the copy
///   becomes a git repository with those commits (fixed author and dates, so fixed hashes), and
///   `book/` is then its working tree.
@Suite struct DiagnosticFixtureTests {
    static let directory = Invoic.fixtures.appendingPathComponent("diagnostics")
    static let today = "2026-11-21"

    /// Codes no book can reach: they guard the renderer's own invariants. `build` and `pdf` render
    /// only a book without errors, so every document has figures. Unit tests of InvoicPDF reach it.
    static let unreachableFromABook: Set = ["unrenderable-document", "factur-x-failed"]

    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Every code of every stage, as `invoic explain` lists them.
    static func allCodes() throws -> [String] {
        try Invoic.run(["explain"]).stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    @Test func everyCodeHasAFixture() throws {
        let codes = try Self.allCodes()
        #expect(codes.count > 60, "`invoic explain` listed too few codes: \(codes)")
        #expect(Set(codes).count == codes.count, "a code is declared twice: \(codes.sorted())")
        let missing = codes.filter { !Self.fixtures.contains($0) && !Self.unreachableFromABook.contains($0) }
        #expect(missing.isEmpty, "codes without a fixture in Tests/Fixtures/diagnostics: \(missing)")
        let unknown = Self.fixtures.filter { !codes.contains($0) }
        #expect(unknown.isEmpty, "fixtures for codes that do not exist: \(unknown)")
    }

    @Test(arguments: fixtures)
    func fixtureReportsItsCode(_ code: String) throws {
        let fixture = Self.directory.appendingPathComponent(code)
        let book = try Self.prepare(fixture)
        defer { try? FileManager.default.removeItem(at: book) }
        let command = (try? String(contentsOf: fixture.appendingPathComponent("command"), encoding: .utf8))
            .map { $0.split(whereSeparator: \.isWhitespace).map(String.init) } ?? ["check"]
        let arguments = command + ["--today", Self.today]
        let human = try Invoic.run(arguments, in: book)
        #expect(human.stderr.contains("[\(code)]"), "the fixture for \(code) does not trigger it:\n\(human.stderr)")
        var transcript = "$ invoic \(arguments.joined(separator: " "))\nexit \(human.status)\n"
        if command.first == "check" {
            let gnu = try Invoic.run(arguments + ["--diagnostics-format", "gnu"], in: book)
            #expect(gnu.status == human.status)
            transcript += "--- gnu\n\(gnu.stderr)"
        }
        transcript += "--- human\n\(human.stderr)"
        let onlyWarnings = !human.stderr.contains("error[") && !human.stderr.contains("error:")
        #expect(human.status == (onlyWarnings ? 0 : 1))
        try expectGolden(transcript, at: fixture.appendingPathComponent("expected.txt"))
    }

    /// A scratch copy of the fixture's book; with `history/`, a git repository of those commits
    /// whose working tree is then `book/`.
    static func prepare(_ fixture: URL) throws -> URL {
        let files = FileManager.default
        let scratch = files.temporaryDirectory.appendingPathComponent("invoic-fixture-\(UUID().uuidString)")
        let history = fixture.appendingPathComponent("history")
        let snapshots = ((try? files.contentsOfDirectory(atPath: history.path)) ?? []).compactMap(Int.init).sorted()
        guard !snapshots.isEmpty else {
            try files.copyItem(at: fixture.appendingPathComponent("book"), to: scratch)
            return scratch
        }
        try files.createDirectory(at: scratch, withIntermediateDirectories: true)
        try git(["init", "--quiet", "--initial-branch=main"], in: scratch, day: 0)
        for (index, snapshot) in snapshots.enumerated() {
            try replaceTree(of: scratch, with: history.appendingPathComponent(String(snapshot)))
            try git(["add", "--all"], in: scratch, day: index + 1)
            try git(["commit", "--quiet", "--no-verify", "-m", "Snapshot \(snapshot)"], in: scratch, day: index + 1)
        }
        try replaceTree(of: scratch, with: fixture.appendingPathComponent("book"))
        return scratch
    }

    /// Makes `folder` (but its `.git`) a copy of `source`.
    static func replaceTree(of folder: URL, with source: URL) throws {
        let files = FileManager.default
        for name in try files.contentsOfDirectory(atPath: folder.path) where name != ".git" {
            try files.removeItem(at: folder.appendingPathComponent(name))
        }
        for name in try files.contentsOfDirectory(atPath: source.path) {
            try files.copyItem(at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
    }

    static func git(_ arguments: [String], in folder: URL, day: Int) throws {
        let run = try runGit(arguments, in: folder, day: day)
        #expect(run.status == 0, "git \(arguments.joined(separator: " ")) failed: \(run.stderr)")
    }
}
