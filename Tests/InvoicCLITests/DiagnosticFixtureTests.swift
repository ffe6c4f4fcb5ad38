import Foundation
import InvoicTestSupport
import InvoicBook
import Testing

/// Every diagnostic code has a small book under Tests/Fixtures/diagnostics/<code>/ that triggers
/// it, and `expected.txt` holds what `invoic check` prints for it, in both formats.
@Suite struct DiagnosticFixtureTests {
    static let directory = Invoic.fixtures.appendingPathComponent("diagnostics")

    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func everyCodeHasAFixture() {
        let missing = Rule.all.map(\.code).filter { !Self.fixtures.contains($0) }
        #expect(missing.isEmpty, "codes without a fixture in Tests/Fixtures/diagnostics: \(missing)")
        let unknown = Self.fixtures.filter { Rule.named($0) == nil }
        #expect(unknown.isEmpty, "fixtures for codes that do not exist: \(unknown)")
    }

    @Test(arguments: fixtures)
    func fixtureReportsItsCode(_ code: String) throws {
        let book = Self.directory.appendingPathComponent(code).appendingPathComponent("book")
        let gnu = try Invoic.run(["check", "--diagnostics-format", "gnu"], in: book)
        let human = try Invoic.run(["check"], in: book)
        #expect(gnu.stderr.contains("[\(code)]"), "the fixture for \(code) does not trigger it:\n\(gnu.stderr)")
        let severity = Rule.named(code)?.severity
        #expect(gnu.status == (severity == .warning && !gnu.stderr.contains(": error: ") ? 0 : 1))
        let transcript = "exit \(gnu.status)\n--- gnu\n\(gnu.stderr)--- human\n\(human.stderr)"
        try expectGolden(transcript, at: Self.directory.appendingPathComponent(code).appendingPathComponent("expected.txt"))
    }
}
