import Foundation
@testable import InvoicPDF
import InvoicTestSupport
import Testing

/// The default template's faces are embedded without TrueType hinting (UnhintedFont): the same
/// glyphs, no instructions, a third fewer bytes in every PDF.
@Suite struct UnhintedFontTests {
    static let regular = "/usr/share/fonts/truetype/jetbrains-mono/JetBrainsMono-Regular.ttf"

    /// The tables of a TrueType file by tag: offset and length.
    static func tables(_ font: [UInt8]) -> [String: (offset: Int, length: Int)] {
        func u32(_ at: Int) -> Int { Int(font[at]) << 24 | Int(font[at + 1]) << 16 | Int(font[at + 2]) << 8 | Int(font[at + 3]) }
        let count = Int(font[4]) << 8 | Int(font[5])
        var tables: [String: (Int, Int)] = [:]
        for index in 0..<count {
            let record = 12 + 16 * index
            tables[String(decoding: font[record..<record + 4], as: UTF8.self)] = (u32(record + 8), u32(record + 12))
        }
        return tables
    }

    static func unhinted(_ font: [UInt8]) -> [UInt8]? {
        font.withUnsafeBytes { UnhintedFont.make($0) }
    }

    @Test func theHintingGoesAndEverythingElseStays() throws {
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.regular)))
        let font = try #require(Self.unhinted(original))
        let before = Self.tables(original), after = Self.tables(font)
        #expect(Set(before.keys).subtracting(after.keys) == ["fpgm", "prep", "cvt "])
        #expect(font.count < original.count * 3 / 4, "\(font.count) of \(original.count) bytes")
        // Tables that hold no instructions are copied byte for byte (glyph ids, cmap, metrics, layout).
        for tag in ["cmap", "hmtx", "hhea", "GSUB", "GPOS", "name", "post", "OS/2"] {
            let old = try #require(before[tag]), new = try #require(after[tag])
            #expect(original[old.offset..<old.offset + old.length] == font[new.offset..<new.offset + new.length], "\(tag)")
        }
        // Every simple glyph keeps its outline with an instruction length of 0.
        let glyf = try #require(after["glyf"]), loca = try #require(after["loca"])
        let glyphs = loca.length / 4 - 1
        func u32(_ at: Int) -> Int { Int(font[at]) << 24 | Int(font[at + 1]) << 16 | Int(font[at + 2]) << 8 | Int(font[at + 3]) }
        var simple = 0
        for glyph in 0..<glyphs {
            let start = glyf.offset + u32(loca.offset + glyph * 4), end = glyf.offset + u32(loca.offset + glyph * 4 + 4)
            #expect(start <= end && end <= glyf.offset + glyf.length && start % 4 == 0)
            guard end > start else { continue }
            let contours = Int16(bitPattern: UInt16(font[start]) << 8 | UInt16(font[start + 1]))
            guard contours >= 0 else { continue }
            let lengthAt = start + 10 + Int(contours) * 2
            #expect(font[lengthAt] == 0 && font[lengthAt + 1] == 0, "glyph \(glyph)")
            simple += 1
        }
        #expect(simple > 800)
        // The file's checksum adjustment makes the whole file sum to the magic number.
        var sum: UInt32 = 0
        for index in stride(from: 0, to: font.count, by: 4) { sum &+= UInt32(u32(index) & 0xFFFF_FFFF) }
        #expect(sum == 0xB1B0_AFBA)
        #expect(Self.unhinted(original) == font, "the same font gives the same bytes")
    }

    @Test func fontsItCannotRewriteAreLeftAsTheyAre() throws {
        // A collection with CFF outlines, a file cut short, a file that is no font: nil, never a crash.
        let collection = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")).prefix(65536))
        #expect(Self.unhinted(collection) == nil)
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.regular)))
        for length in [0, 11, 200, 5000, original.count / 2, original.count - 1] {
            #expect(Self.unhinted(Array(original.prefix(length))) == nil, "cut at \(length)")
        }
        #expect(Self.unhinted(Array(repeating: 0xFF, count: 4096)) == nil)
    }

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
        // qpdf's QDF form keeps font programs as they are; a subset made from a hinted face would
        // carry cairo's copy of `fpgm` and `prep`.
        #expect(!text.contains("fpgm") && !text.contains("prep"))
    }
}
