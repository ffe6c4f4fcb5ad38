import Foundation
import InvoicTestSupport
import InvoicBook
@testable import InvoicReport
import Testing

/// Every format of the report of every example book, as of a fixed day, against files under
/// `Tests/Fixtures/reports/<book>/<today>/`. Re-record with `RECORD=1` (the run then fails, so a
/// re-recording is always reviewed).
@Suite struct GoldenReportTests {
    static let cases: [(book: String, today: String)] = [
        ("contractor", "2026-11-21"), ("contractor", "2026-06-30"), ("musician", "2026-11-21"), ("studio", "2026-11-21"), ("wholesale", "2026-11-21"),
    ]

    static let extensions: [(IndexReport.Format, String)] = [(.text, "txt"), (.markdown, "md"), (.csv, "csv"), (.json, "json"), (.html, "html"), (.ics, "ics")]

    @Test(arguments: cases)
    func exampleBookReport(_ book: String, _ today: String) throws {
        let report = try loadReport(at: Paths.examples.appendingPathComponent(book).path, today: today)
        for (format, ext) in Self.extensions {
            try expectGolden(report.render(format), at: Paths.reports.appendingPathComponent("\(book)/\(today)/index.\(ext)"))
        }
    }

    @Test(arguments: cases)
    func reportsAreReproducible(_ book: String, _ today: String) throws {
        let path = Paths.examples.appendingPathComponent(book).path
        let first = try loadReport(at: path, today: today), second = try loadReport(at: path, today: today)
        #expect(first == second)
        let a = first.renderAll(), b = second.renderAll()
        #expect(a.map(\.fileName) == ["index.html", "index.md", "index.csv", "index.json", "calendar.ics"])
        #expect(a.map(\.bytes) == b.map(\.bytes))
    }

    /// One self-contained file: no script, no stylesheet or image fetched from anywhere.
    @Test(arguments: cases)
    func htmlIsSelfContained(_ book: String, _ today: String) throws {
        let html = try loadReport(at: Paths.examples.appendingPathComponent(book).path, today: today).html()
        for forbidden in ["<script", "<link", "<img", "<iframe", "@import", "url(", "src=", "javascript:", "http:", "https:"] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
        #expect(html.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil, "no event handler attribute")
    }

    @Test func jsonWriterIsDeterministicAndEscapes() {
        let value = JSONValue.object(["b": .array([.int(-1), .bool(true), .null]), "a": .string("\"\\\n\u{1}\u{2028}é"), "A": .object([:])])
        #expect(value.written() == "{\n  \"A\": {},\n  \"a\": \"\\\"\\\\\\n\\u0001\\u2028é\",\n  \"b\": [\n    -1,\n    true,\n    null\n  ]\n}\n")
    }

    @Test func jsonParsesAndCarriesAmountsThreeWays() throws {
        let report = try loadReport(at: Paths.examples.appendingPathComponent("studio").path, today: "2026-11-21")
        let object = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any]
        let invoices = object?["invoices"] as? [[String: Any]]
        #expect(invoices?.count == report.invoices.count)
        let total = invoices?.first?["total"] as? [String: Any]
        #expect(total?["minor_units"] as? Int == Int(report.invoices[0].total.minorUnits))
        #expect(total?["decimal"] as? String == report.invoices[0].total.plain)
        #expect((total?["formatted"] as? String)?.contains("€") == true)
        #expect(total?["currency"] as? String == "EUR")
    }
}
