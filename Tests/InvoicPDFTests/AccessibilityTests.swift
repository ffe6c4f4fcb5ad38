import Foundation
import InvoicBook
import InvoicPDF
import InvoicTestSupport
import Testing

/// Issue 15, point 3 (first steps): every PDF is tagged, so a screen reader finds the title as a
/// heading, the items as a table with header cells, the rest as paragraphs, in reading order;
/// the catalog names the language and asks viewers to show the title.
@Suite struct AccessibilityTests {
    @Test func everyPDFIsTaggedWithATableAndItsLanguage() throws {
        let book = try PDFTest.example("wholesale")
        let document = try #require(book.document("F-2026-0001"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-a11y-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("x.pdf")
        try Data(try PDFTest.render(document, with: try PDFRenderer(book: book))).write(to: pdf)
        let info = try runProcess(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [pdf.path])
        #expect(info.stdout.contains("Tagged:          yes"), "\(info.stdout)")
        #expect(info.stdout.contains("Pages:           2"), "the table goes on over two pages")
        let expanded = folder.appendingPathComponent("qdf.pdf")
        _ = try runProcess(URL(fileURLWithPath: "/usr/bin/qpdf"), ["--qdf", "--object-streams=disable", pdf.path, expanded.path])
        let text = String(decoding: try Data(contentsOf: expanded), as: UTF8.self)
        func count(_ type: String) -> Int { text.components(separatedBy: "/S /\(type)\n").count - 1 }
        #expect(count("Table") == 1)
        #expect(count("H1") == 1)
        // A header row on each of the two pages and a row per line (three).
        #expect(count("TR") == 5 && count("TH") == 8 && count("TD") == 12, "TR \(count("TR")) TH \(count("TH")) TD \(count("TD"))")
        #expect(count("P") > 5)
        #expect(text.contains("/Lang (sv-SE)"))
        #expect(text.contains("/Marked true"))
        #expect(text.contains("/DisplayDocTitle true"))
    }

    /// The logo is a figure whose alternative text is the business's name.
    @Test func theLogoHasAlternativeText() throws {
        let book = try PDFTest.example("studio")
        let pdf = try PDFTest.render(try #require(book.document("INV-2026-008")), with: try PDFRenderer(book: book))
        let text = String(decoding: pdf, as: UTF8.self)
        let name = ([0xFE, 0xFF] + "Studio Brenner".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }).map { String(format: "%02X", $0) }.joined()
        #expect(text.contains("/S /Figure\n   /Alt <\(name)>"), "the Figure element carries /Alt")
    }
}
