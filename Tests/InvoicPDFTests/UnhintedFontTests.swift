import Foundation
@testable import InvoicPDF
import InvoicTestSupport
import Testing

/// Every face is embedded without TrueType hinting (hb-subset drops it, PDFFace.subset): the
/// same glyphs, no instructions, a third fewer bytes in every PDF. (Until issue 28 invoic
/// rewrote the default faces itself, UnhintedFont, for cairo to subset.)
@Suite struct UnhintedFontTests {
    @Test func pdfsEmbedTheDefaultFacesWithoutHinting() throws {
        let book = try PDFTest.example("studio")
        let renderer = try PDFRenderer(book: book)
        let pdf = try PDFTest.render(try #require(book.invoices.first), with: renderer)
        let expanded = FileManager.default.temporaryDirectory.appendingPathComponent("unhinted-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: expanded) }
        try PDFTest.withFile(pdf) { path in
            _ = try runProcess(URL(fileURLWithPath: "/usr/bin/qpdf"), ["--qdf", "--object-streams=disable", path, expanded.path])
        }
        let text = String(decoding: try Data(contentsOf: expanded), as: UTF8.self)
        #expect(text.contains("/FontFile2"))
        #expect(try PDFTest.fonts(pdf).allSatisfy(\.embedded))
        // qpdf's QDF form writes the font programs uncompressed; a subset that kept the hinting
        // would carry the `fpgm` and `prep` tables.
        #expect(!text.contains("fpgm") && !text.contains("prep"))
    }
}
