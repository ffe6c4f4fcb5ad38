import Foundation
@testable import InvoicPDF
import Testing

/// Issue 28: invoic writes its PDFs itself, from pango's layout; cairo writes none.
@Suite struct PDFWriterTests {
    /// Coordinates are written without printf: rounded to the places asked, trailing zeros gone.
    @Test func numbersAreWrittenRoundedWithoutTrailingZeros() {
        func written(_ value: Double, _ decimals: Int = 3) -> String {
            var bytes = PDFBytes()
            bytes.number(value, decimals: decimals)
            return String(decoding: bytes.bytes, as: UTF8.self)
        }
        #expect(written(0) == "0")
        #expect(written(12.5) == "12.5")
        #expect(written(-0.25) == "-0.25")
        #expect(written(841.89) == "841.89")
        #expect(written(1.0004) == "1")
        #expect(written(-0.0004) == "0")
        #expect(written(2.0005) == "2.001")
        #expect(written(436.94023, 4) == "436.9402")
        #expect(written(1234567.5, 0) == "1234568")
        var integers = PDFBytes()
        integers.int(-1_234_567_890)
        integers.byte(32)
        integers.int(0)
        #expect(String(decoding: integers.bytes, as: UTF8.self) == "-1234567890 0")
    }

    /// Streams are compressed once, by libdeflate, in the zlib format every reader inflates.
    @Test func streamsRoundTripThroughLibdeflate() {
        let data = Array((0..<20_000).map { UInt8(truncatingIfNeeded: $0 * 7 % 251) })
        let compressed = Flate().deflate(data)
        #expect(compressed.count < data.count)
        #expect(Flate.inflate(compressed[...]) == data)
        #expect(Flate.inflate(Array("not zlib".utf8)[...]) == nil)
    }

    /// The Producer is invoic and its version, in the Info dictionary and the XMP packet alike;
    /// no trace of cairo; the fonts are CID fonts cut by HarfBuzz with a ToUnicode map each.
    @Test func thePDFIsInvoicsOwn() throws {
        let book = try PDFTest.example("studio")
        let pdf = try PDFTest.render(try #require(book.document("INV-2026-001")), with: try PDFRenderer(book: book))
        #expect(try PDFTest.info(pdf)["Producer"] == "invoic " + InvoicVersion.string)
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.contains("<pdf:Producer>invoic \(InvoicVersion.string)</pdf:Producer>"))
        #expect(!text.lowercased().contains("cairo"))
        let types = text.components(separatedBy: "/Subtype /Type0").count - 1
        #expect(types > 0 && text.components(separatedBy: "/ToUnicode ").count - 1 == types)
        #expect(try PDFTest.qpdfCheck(pdf).status == 0)
    }

    /// A cluster of several glyphs (a Devanagari conjunct with its vowel sign before it) is a
    /// span with its ActualText, so the text reads back in its logical order.
    @Test func clustersOfSeveralGlyphsCarryTheirActualText() throws {
        let book = try PDFTest.book(at: UnicodeTests.book)
        let renderer = try PDFRenderer(book: book)
        var found = false
        for document in book.documents {
            let pdf = try PDFTest.render(document, with: renderer)
            // The content streams are compressed: read them expanded by qpdf.
            let expanded = try PDFTest.withFile(pdf) { path in
                let out = path + ".qdf"
                defer { try? FileManager.default.removeItem(atPath: out) }
                _ = try PDFTest.run("qpdf", ["--qdf", "--object-streams=disable", path, out])
                return String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
            }
            // (qpdf writes the hexadecimal string in lower case.)
            if expanded.lowercased().contains("/span <</actualtext <feff") { found = true; break }
        }
        #expect(found, "some document of the Unicode book shapes a cluster into several glyphs")
    }
}
