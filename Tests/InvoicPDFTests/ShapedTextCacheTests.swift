import Foundation
@testable import InvoicPDF
import Testing

/// Issue 28, point 4: a renderer shapes a text once and shows the block on every document that
/// prints it (labels, the business block); the PDFs are the same bytes as with every block
/// shaped afresh.
@Suite struct ShapedTextCacheTests {
    static let library = FontLibrary(cjk: true)

    static func style(_ family: String = "JetBrains Mono", size: Double = 10) -> TextStyle {
        TextStyle(family: FontFamilies(family), size: size, weight: .regular, italic: false, color: .black, tracking: 0, uppercase: false, lineHeight: 0)
    }

    /// The same text in the same style, width and language is one block, shaped once; any
    /// difference in what shapes or draws it is another block.
    @Test func theSameTextIsShapedOnce() {
        let engine = TextEngine(library: Self.library, findLinks: Composer.linksOf)
        engine.setLanguage("en-us")
        let first = engine.block("Payment details", Self.style())
        let again = engine.block("Payment details", Self.style())
        #expect(again === first)
        #expect(engine.hits == 1 && engine.misses == 1)
        #expect(again.glyphs == first.glyphs && again.width == first.width)

        #expect(engine.block("Payment details", Self.style(size: 11)) !== first)
        #expect(engine.block("Payment details", Self.style(), width: 200) !== first)
        #expect(engine.block("Payment details", Self.style(), width: 200, alignment: .right) !== engine.block("Payment details", Self.style(), width: 200))
        var red = Self.style()
        red.color = RGB(red: 1, green: 0, blue: 0)
        #expect(engine.block("Payment details", red).color == red.color)
        #expect(first.color == RGB.black)
        engine.setLanguage("de-de")
        #expect(engine.block("Payment details", Self.style()) !== first)
    }

    /// Links are found when a block is shaped, and only for a block that asks for them: the same
    /// text measured (not linked) and shown (linked) are two blocks, and neither changes.
    @Test func linksBelongToTheBlockFromTheStart() {
        let engine = TextEngine(library: Self.library, findLinks: Composer.linksOf)
        engine.setLanguage("en-us")
        let text = "billing@northwind.example\n+1 206 555 0100"
        let measured = engine.block(text, Self.style())
        let shown = engine.block(text, Self.style(), linked: true)
        #expect(measured !== shown)
        #expect(measured.links.isEmpty)
        #expect(shown.links.map(\.uri) == ["mailto:billing@northwind.example"])
        #expect(engine.block(text, Self.style()).links.isEmpty)
        #expect(engine.block(text, Self.style(), linked: true) === shown)
    }

    /// A block keeps the shape of its own language after the engine moves to another: pango lays
    /// a layout out again when its context changes, so each language has a context of its own.
    /// 骨 is drawn differently in Japanese and in Simplified Chinese (the font's `locl` forms).
    @Test func aBlockKeepsItsLanguageWhenTheEngineMovesOn() {
        let engine = TextEngine(library: Self.library)
        let style = Self.style("Noto Sans CJK JP", size: 12)
        engine.setLanguage("ja")
        let japanese = engine.block("骨", style)
        let japaneseGlyphs = japanese.glyphs
        engine.setLanguage("zh-cn")
        let chinese = engine.block("骨", style)
        #expect(chinese !== japanese)
        #expect(chinese.glyphs != japaneseGlyphs, "the two languages draw 骨 with different glyphs")
        #expect(japanese.glyphs == japaneseGlyphs)
        engine.setLanguage("ja")
        #expect(engine.block("骨", style) === japanese)
        #expect(japanese.glyphs == japaneseGlyphs)
    }

    /// The cache is bounded: a build of any size keeps at most two generations of blocks, and a
    /// block used in every generation (a label) stays while the documents' own text goes.
    @Test func theCacheKeepsWhatRepeatsAndIsBounded() {
        let engine = TextEngine(library: Self.library)
        engine.setLanguage("en-us")
        let label = engine.block("Amount due", Self.style())
        let once = engine.block("INV-00001", Self.style())
        for number in 2...(3 * TextEngine.blocksPerGeneration) {
            _ = engine.block("INV-\(number)", Self.style())
            if number % 100 == 0 { #expect(engine.block("Amount due", Self.style()) === label) }
            #expect(engine.cachedBlocks <= 2 * TextEngine.blocksPerGeneration)
        }
        #expect(engine.block("Amount due", Self.style()) === label)
        let misses = engine.misses
        let reshaped = engine.block("INV-00001", Self.style())
        #expect(engine.misses == misses + 1 && reshaped !== once)
        #expect(reshaped.glyphs == once.glyphs && reshaped.width == once.width)
    }

    /// Documents drawn with blocks other documents shaped (a renderer that has rendered the whole
    /// book, in either order) are the same bytes as documents from a fresh renderer.
    @Test(arguments: ["studio", "musician"])
    func sharedBlocksDrawTheSameBytes(_ example: String) throws {
        let book = try PDFTest.example(example)
        let documents = book.documents.filter { $0.figures != nil }
        let fresh = try documents.map { try PDFTest.render($0, with: try PDFRenderer(book: book)) }
        let shared = try PDFRenderer(book: book)
        let forward = try documents.map { try PDFTest.render($0, with: shared) }
        let backward = try documents.reversed().map { try PDFTest.render($0, with: shared) }.reversed()
        #expect(shared.engine.hits > shared.engine.misses, "the labels and the business block repeat")
        for (index, document) in documents.enumerated() {
            #expect(forward[index] == fresh[index], "\(document.number), shared renderer, first pass")
            #expect(Array(backward)[index] == fresh[index], "\(document.number), shared renderer, reversed")
        }
    }
}
