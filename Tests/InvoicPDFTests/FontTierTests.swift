import Foundation
import InvoicBook
@testable import InvoicPDF
import Testing

/// Issue 41, point 10: text that needs no script face is set in a configuration of the base faces
/// (fontconfig ranks 18 faces instead of 48 for each font description, FreeType opens 18), and the
/// PDF is the same: the same faces, the same glyphs, the same bytes.
@Suite struct FontTierTests {
    static let library = FontLibrary(cjk: true)

    /// Every style of the built-in templates, and the Swiss QR-bill's.
    static func styles() throws -> [TextStyle] {
        let swiss = TextStyle(family: "Liberation Sans, Arial, Helvetica", size: 8, weight: .bold, italic: false, color: .black,
                              tracking: 0, uppercase: false, lineHeight: 0)
        return try ["invoi", "classic"].flatMap { try EmbeddedTemplateTests.builtIn($0).styles.values } + [swiss]
    }

    /// Text of every script the templates' fallbacks cover, and text of none.
    static let texts = [
        "Invoice INV-0001", "Straße 12, 1010 Wien", "Total € 1.234,56", "₴ ₾ ₹ ₺ ₦ ₩ ¥ £ zł", "ТОВ «Київська Гончарня»",
        "Αθηναϊκή Ψηφιακή", "Zakład Łódzki\nul. Piotrkowska 1\tPL", "1\u{202F}234,56\u{A0}€", "שלום עולם", "مرحبا بالعالم 123",
        "नमस्ते दुनिया", "สวัสดีชาวโลก ฿", "株式会社東京デザイン", "서울 디자인", "✓ ✗ ★ ∑ ∞ √", "Mixed: Zürich / תל אביב / 東京",
        "\u{E000} private", "",
    ]

    /// Each text in each style: the engine of tiers sets it in the same faces and glyphs, at the
    /// same width, as the engine of all faces; Latin text never makes the configuration of all faces.
    @Test func theBaseFacesSetTextInTheFacesAllFacesWould() throws {
        let tiered = TextEngine(library: Self.library), all = TextEngine(library: Self.library, allFaces: true)
        for language in ["en", "de-at", "he", "ja"] {
            tiered.setLanguage(language)
            all.setLanguage(language)
            for style in try Self.styles() {
                for text in Self.texts {
                    // Wrapped at spaces only: a long-lived engine sometimes breaks a word inside
                    // (a box narrower than a word) where a fresh one does not, with or without the
                    // tiers (pango 1.50, letter-spaced text); that is not what this compares.
                    for width: Double? in [nil, 300] {
                        let ours = tiered.block(text, style, width: width), theirs = all.block(text, style, width: width)
                        let what = "\(text) in \(style.family.list) \(style.size) \(style.weight) (\(language), width \(width ?? 0))"
                        #expect(ours.faces == theirs.faces, "\(what)")
                        #expect(ours.glyphs == theirs.glyphs, "\(what)")
                        #expect(ours.width == theirs.width && ours.height == theirs.height && ours.lineCount == theirs.lineCount, "\(what)")
                        #expect(ours.missing == theirs.missing, "\(what)")
                    }
                }
            }
        }
        #expect(tiered.tiers == [.base, .all], "both configurations were used")
        #expect(all.tiers == [.all])

        let latin = TextEngine(library: Self.library)
        latin.setLanguage("de-at")
        for style in try Self.styles().dropLast() {
            for text in Self.texts.prefix(8) { _ = latin.block(text, style, width: 300) }
        }
        #expect(latin.tiers == [.base], "Latin, Cyrillic and Greek text, currency signs, spaces and line breaks need no script face")
    }

    /// Which faces a text needs, by the rule: the first family of the list that has a character
    /// decides for it; a script family, or none, needs every face.
    @Test func theFirstFamilyWithACharacterDecides() {
        let invoi = Self.library.chain("JetBrains Mono, Noto Sans Mono, Noto Sans, Noto Sans Hebrew, Noto Sans CJK JP, Noto Sans Symbols2")
        #expect(invoi.tier(of: "Invoice 42") == .base)
        #expect(invoi.tier(of: "Zürich, Łódź, Київ, Αθήνα: 1 234,56 € ₴") == .base)
        #expect(invoi.tier(of: "a\tb\nc\u{2028}d\u{A0}e\u{200B}") == .base, "controls, spaces and format characters take their neighbours' face")
        #expect(invoi.tier(of: "שלום") == .all)
        #expect(invoi.tier(of: "東京") == .all)
        #expect(invoi.tier(of: "\u{E000}") == .all, "a character no face has")
        // The Hebrew face has the space and the digits, but the list's first family has them first.
        #expect(Self.library.chain("Noto Sans, Noto Sans Hebrew").tier(of: "12 34") == .base)
        #expect(Self.library.chain("Noto Sans Hebrew, Noto Sans").tier(of: "12 34") == .all, "the first family sets empty lines: a script family")
        #expect(Self.library.chain("Garamond Premier, Noto Sans").tier(of: "abc") == .base, "a family the library lacks is passed over, as fontconfig does")
        #expect(Self.library.chain("JETBRAINSMONO").tier(of: "abc") == .base, "fontconfig ignores case and spaces")
        #expect(Self.library.chain("Nöto Sans").tier(of: "abc") == .all, "a name fontconfig may fold otherwise")
        #expect(Self.library.chain("Garamond Premier").tier(of: "abc") == .all, "no family: fontconfig ranks by other things")
    }

    /// Whole documents: every PDF of the Unicode book (every script, CJK) and of two example books
    /// is the same bytes with the tiers as with every text in the configuration of all faces.
    @Test(arguments: ["unicode", "studio", "wholesale"])
    func documentsAreTheSameBytes(_ name: String) throws {
        let book = try name == "unicode" ? PDFTest.book(at: UnicodeTests.book) : PDFTest.example(name)
        let tiered = try PDFRenderer(book: book), all = try PDFRenderer(book: book, cjk: nil, allFaces: true)
        for document in book.documents {
            let ours = try PDFTest.render(document, with: tiered), theirs = try PDFTest.render(document, with: all)
            #expect(ours == theirs, "\(name): \(document.number)")
        }
        #expect(tiered.engine.tiers.contains(.base))
        if name == "unicode" { #expect(tiered.engine.tiers.contains(.all)) }
    }
}
