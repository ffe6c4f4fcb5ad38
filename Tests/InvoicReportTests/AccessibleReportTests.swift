import Foundation
import InvoicReport
import Testing

/// Issue 15, point 3: the HTML report for assistive technology: every section named by its
/// heading, every header cell scoped, the navigation labelled, text colours readable (WCAG AA).
@Suite struct AccessibleReportTests {
    @Test func theHTMLReportIsNavigableAndReadable() throws {
        let html = try loadReport(at: Paths.examples.appendingPathComponent("studio").path, today: "2026-11-21").html()
        #expect(html.contains("<html lang=\"en\">"))
        #expect(html.contains("<main>") && html.contains("<nav aria-label="))
        let sections = html.components(separatedBy: "<section ").dropFirst()
        #expect(!sections.isEmpty)
        for section in sections where !section.hasPrefix("id=\"breakdowns\"") {
            #expect(section.contains("aria-labelledby="), "\(section.prefix(60))")
        }
        #expect(!html.contains("<th>") && !html.contains("<th class"), "every header cell has a scope")
        // Text colours against white: at least 4.5:1.
        for name in ["--ink", "--muted", "--faint"] {
            let range = try #require(html.range(of: "\(name): #"))
            let hex = String(html[range.upperBound...].prefix(6))
            #expect(Self.contrast(hex) >= 4.5, "\(name) #\(hex) has contrast \(Self.contrast(hex))")
        }
    }

    static func contrast(_ hex: String) -> Double {
        let value = Int(hex, radix: 16) ?? 0
        func linear(_ shift: Int) -> Double {
            let channel = Double((value >> shift) & 0xFF) / 255
            return channel <= 0.03928 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        let luminance: Double = 0.2126 * linear(16) + 0.7152 * linear(8) + 0.0722 * linear(0)
        return 1.05 / (luminance + 0.05)
    }
}
