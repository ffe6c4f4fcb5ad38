import Foundation
import InvoicTestSupport
import Testing

@Suite struct ExampleBookTests {
    static let books = ["contractor", "musician", "poland", "studio", "wholesale", "designer-it", "consulente-it"]

    @Test(arguments: books)
    func exampleBookChecksClean(_ name: String) throws {
        let result = try Invoic.run(["check", "-C", Invoic.examples.appendingPathComponent(name).path, "--diagnostics-format", "gnu"])
        #expect(result.status == 0)
        #expect(result.stderr == "", "examples/\(name) should check clean")
    }

    /// The "done when": an unknown client, a gap, a wrong stated total and a syntax error,
    /// all four reported at their lines in one run.
    @Test func brokenCopyReportsEveryProblemAtItsLine() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("contractor"))
        defer { try? FileManager.default.removeItem(at: book) }
        func edit(_ path: String, _ change: (String) -> String) throws {
            let url = book.appendingPathComponent(path)
            try change(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
        }
        try edit("invoices/INV-0004.yaml") { $0.replacingOccurrences(of: "client: chen", with: "client: chenn") }
        try edit("invoices/INV-0006.yaml") { $0.replacingOccurrences(of: "total: 3934.70", with: "total: 3934.07") }
        try edit("invoices/INV-0010.yaml") { $0 + "notes: Note: paid by card\n" }
        try FileManager.default.moveItem(at: book.appendingPathComponent("invoices/INV-0012.yaml"),
                                         to: book.appendingPathComponent("invoices/INV-0014.yaml"))
        let gnu = try Invoic.run(["check", "--diagnostics-format", "gnu"], in: book)
        let human = try Invoic.run(["check"], in: book)
        #expect(gnu.status == 1)
        let golden = Invoic.fixtures.appendingPathComponent("books/broken-contractor.txt")
        try expectGolden("exit \(gnu.status)\n--- gnu\n\(gnu.stderr)--- human\n\(human.stderr)", at: golden)
    }
}

@Suite struct CommandLineTests {
    @Test func missingBookIsAUsageErrorWithExitTwo() throws {
        let result = try Invoic.run(["check", "-C", "/nonexistent/book"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no invoic.yaml in /nonexistent/book"))
    }

    @Test func badArgumentsExitTwo() throws {
        #expect(try Invoic.run(["check", "--today", "yesterday"]).status == 2)
        #expect(try Invoic.run(["check", "--diagnostics-format", "xml"]).status == 2)
        #expect(try Invoic.run(["frobnicate"]).status == 2)
    }

    @Test func jsonDiagnosticsGoToStandardOutput() throws {
        let book = Invoic.fixtures.appendingPathComponent("diagnostics/unknown-client/book")
        let result = try Invoic.run(["check", "--diagnostics-format", "json"], in: book)
        #expect(result.status == 1)
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        #expect(parsed?.first?["code"] as? String == "unknown-client")
        #expect(parsed?.first?["line"] as? Int != nil)
    }

    @Test func explainPrintsTheRuleWithAnExample() throws {
        let result = try Invoic.run(["explain", "numbering-gap"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("numbering-gap (error): a number is missing from a series"))
        #expect(result.stdout.contains("Example:"))
        let list = try Invoic.run(["explain"])
        #expect(list.stdout.contains("unknown-client"))
        let typo = try Invoic.run(["explain", "unknown-clent"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("did you mean `unknown-client`?"))
    }

    @Test func colourOnlyOnATerminal() throws {
        let book = Invoic.fixtures.appendingPathComponent("diagnostics/unknown-client/book")
        let result = try Invoic.run(["check"], in: book, environment: ["NO_COLOR": ""])
        #expect(!result.stderr.contains("\u{1B}["), "a pipe is not a terminal: no colour")
    }
}

@Suite struct ReportCommandTests {
    /// Issue 4's "done when": the contractor's report as of 2026-06-30 shows the overdue and
    /// partial invoices with the right amounts (worked out by hand from the YAML: INV-0005
    /// 1880.94 total, 1500.00 paid, 380.94 due; INV-0007 626.60 due).
    @Test func contractorReportAsOfJuneShowsWhatIsOverdue() throws {
        let result = try Invoic.run(["report", "-C", Invoic.examples.appendingPathComponent("contractor").path, "--today", "2026-06-30"])
        #expect(result.status == 0)
        let golden = try String(contentsOf: Invoic.fixtures.appendingPathComponent("reports/contractor/2026-06-30/index.txt"), encoding: .utf8)
        #expect(result.stdout == golden)
        let overdue = result.stdout.split(separator: "\n").filter { $0.contains("overdue") && $0.contains("INV-") }
        #expect(overdue.count == 2)
        #expect(overdue.contains { $0.contains("INV-0005") && $0.contains("$380.94") })
        #expect(overdue.contains { $0.contains("INV-0007") && $0.contains("$626.60") })
    }

    @Test func everyFormatComesOutAndFiltersWork() throws {
        let book = Invoic.examples.appendingPathComponent("musician").path
        for format in ["text", "md", "csv", "json", "html"] {
            let result = try Invoic.run(["report", "-C", book, "--today", "2026-11-21", "--format", format])
            #expect(result.status == 0 && !result.stdout.isEmpty, "\(format)")
        }
        let yen = try Invoic.run(["report", "-C", book, "--today", "2026-11-21", "--format", "csv", "--currency", "JPY"])
        #expect(yen.stdout.split(separator: "\n").count == 2, "a header and the one JPY invoice")
        #expect(try Invoic.run(["report", "-C", book, "--status", "frozen"]).status == 2)
    }
}
