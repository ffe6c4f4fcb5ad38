import Foundation
import Hummingbird
import HummingbirdTesting
import InvoicBook
@testable import InvoicServe
import InvoicTestSupport
import Testing

/// Issue 37: the document's page shows what its PDF prints, and the pages load in a browser
/// under the app's own Content-Security-Policy.
@Suite struct DocumentPageTests {
    /// The quantities with their units (`3.5 h`, as the PDF prints them) and one tax row per
    /// rate with the tax total, as the PDF's totals, in the book's language (en_GB: VAT): INV-2026-001 of the studio, its first line
    /// taxed at 10 % for the test. By hand: 4 x 180.00 = 720.00 at 10 % is 72.00; 3.5 x 78.00 =
    /// 273.00 at 20 % is 54.60; tax 126.60; subtotal 993.00; total 1,119.60.
    @Test func linesKeepTheirUnitsAndTaxIsShownPerRate() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("invoices/2026/INV-2026-001.yaml")
        let text = try String(contentsOf: file, encoding: .utf8)
        let line = "    quantity: 4\n    price: 180.00\n"
        #expect(text.contains(line))
        try text.replacingOccurrences(of: line, with: line + "    tax: 10%\n").write(to: file, atomically: true, encoding: .utf8)
        let server = try ServeTests.server(root)
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/documents/INV-2026-001", method: .get) { response in
                let html = String(buffer: response.body)
                let cells = html.matches(of: /<td class="num">([^<]*)<\/td>/).map { String($0.1) }
                #expect(Array(cells.prefix(6)) == ["4", "€180.00", "€720.00", "3.5 h", "€78.00", "€273.00"], "\(cells)")
                let rows = html.matches(of: /<dt>([^<]*)<\/dt><dd>([^<]*)<\/dd>/).map { "\($0.1)=\($0.2)" }
                #expect(Array(rows.prefix(5)) == ["Subtotal=€993.00", "VAT 10%=€72.00", "VAT 20%=€54.60", "Total tax=€126.60", "Total=€1,119.60"], "\(rows)")
            }
        }
    }

    /// The policy lets the page show its own PDF (Chromium shows an `<object>`'s PDF in a frame:
    /// `frame-src` and `object-src` both `'self'`), and nothing inline, on every page.
    @Test func thePolicyAllowsTheOwnPDFAndNothingInline() async throws {
        let policy = SecurityHeaders<BasicRequestContext>.contentSecurityPolicy
        let directives = Dictionary(uniqueKeysWithValues: policy.split(separator: ";").map {
            let parts = $0.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        })
        #expect(directives["default-src"] == "'none'" && directives["frame-src"] == "'self'" && directives["object-src"] == "'self'")
        #expect(directives["style-src"] == "'self'" && directives["script-src"] == "'self'" && directives["frame-ancestors"] == "'none'")
        #expect(!policy.contains("unsafe") && !policy.contains("*") && !policy.contains("http"), "\(policy)")
    }
}
