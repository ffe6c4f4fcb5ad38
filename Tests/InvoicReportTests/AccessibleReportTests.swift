import Foundation
import InvoicReport
import InvoicTestSupport
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

    /// axe-core (fetched by scripts/axe-core.sh, which `make test` runs) audits every example
    /// book's report in headless Chromium against WCAG 2.2 A/AA and axe's best practices: the
    /// rendered page, with its computed colours and focus order, not the markup's shape.
    @Test(arguments: [("studio", "2026-11-21"), ("wholesale", "2026-11-21"), ("musician", "2026-11-21"),
                      ("contractor", "2026-11-21"), ("contractor", "2026-06-30")])
    func theReportPassesAnAccessibilityAuditInChromium(_ book: String, _ today: String) throws {
        let html = try loadReport(at: Paths.examples.appendingPathComponent(book).path, today: today).html()
        let audit = try Self.audit(html)
        #expect(audit.status == 0, "axe found violations:\n\(audit.stdout)\(audit.stderr)")
    }

    /// The audit itself can fail: a page with an unnamed image, a low-contrast line and no
    /// language is reported with those rules.
    @Test func theAuditFindsWhatIsWrong() throws {
        let audit = try Self.audit("""
            <!DOCTYPE html><html><head><title>x</title></head><body><main>
            <img src="logo.png"><p style="color:#bbb">faint</p></main></body></html>
            """)
        #expect(audit.status == 1, "\(audit.stderr)")
        for rule in ["image-alt", "color-contrast", "html-has-lang"] {
            #expect(audit.stdout.contains("\"id\": \"\(rule)\""), "\(rule) in \(audit.stdout)")
        }
    }

    static func audit(_ html: String) throws -> ProcessOutput {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-a11y-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("index.html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        let script = Paths.repository.appendingPathComponent("scripts/a11y-audit.py")
        return try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, page.path])
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
