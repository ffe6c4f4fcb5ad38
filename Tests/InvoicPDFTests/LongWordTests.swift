import Foundation
@testable import InvoicPDF
import Testing

/// Issue 38, point 3: pango breaks a word wider than its box character by character and shapes
/// the rest of the word again for every line, so one unbroken word took time quadratic in its
/// length (a note of 200 KB, 54 s). `TextEngine` breaks such a word itself, a window at a time,
/// into the lines pango would have made.
@Suite struct LongWordTests {
    static let library = FontLibrary(cjk: false)

    static func style(_ family: String = "Noto Sans", size: Double = 9) -> TextStyle {
        TextStyle(family: FontFamilies(family), size: size, weight: .regular, italic: false, color: .black, tracking: 0, uppercase: false, lineHeight: 0)
    }

    /// A word of `count` characters of a proportional font's varied widths (no two lines alike).
    static func word(_ count: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789äöüß")
        return String((0..<count).map { letters[($0 * 7 + $0 / 13) % letters.count] })
    }

    /// A line's text without the line separator that ends it.
    static func texts(_ block: TextBlock) -> [String] {
        block.lines.map { $0.text.hasSuffix("\u{2028}") ? String($0.text.dropLast()) : $0.text }
    }

    /// The lines, their tops and baselines and the block's height are pango's own, for words past
    /// the threshold in several sizes of box and type, alone and between other words.
    @Test(arguments: [(120.0, 9.0), (300.0, 9.0), (515.0, 7.5), (60.0, 14.0)])
    func aLongWordBreaksWherePangoBreaksIt(_ width: Double, _ size: Double) {
        let ours = TextEngine(library: Self.library), pangos = TextEngine(library: Self.library)
        pangos.longestWord = .max
        for engine in [ours, pangos] { engine.setLanguage("en-us") }
        for text in [Self.word(3_000), "Note: " + Self.word(5_000) + " and then some words, " + Self.word(700) + "\nA second paragraph."] {
            let mine = ours.block(text, Self.style(size: size), width: width)
            let theirs = pangos.block(text, Self.style(size: size), width: width)
            #expect(mine.text != text, "the word was broken here, not by pango")
            #expect(Self.texts(mine) == Self.texts(theirs))
            #expect(mine.lines.map(\.top) == theirs.lines.map(\.top))
            #expect(mine.lines.map(\.baseline) == theirs.lines.map(\.baseline))
            // Pango measures a line it broke out of a word with the advance its last letter had
            // in the whole word (kerned against the next line's first); here each line is shaped
            // as itself, as it is drawn: the widest line may differ by that kerning, no more.
            #expect(abs(mine.width - theirs.width) <= size / 10, "\(mine.width) \(theirs.width)")
            #expect(mine.height == theirs.height, "\(mine.height) \(theirs.height)")
            #expect(mine.lineCount == theirs.lineCount && mine.offset == theirs.offset && mine.baseline == theirs.baseline)
        }
    }

    /// A word of 200 KB reaches pango in windows and lines: no layout holds more of it unbroken
    /// than a window (`wordWindow` characters), and nothing of it is lost.
    @Test func aHugeWordReachesPangoInPieces() {
        let engine = TextEngine(library: Self.library)
        engine.setLanguage("en-us")
        let word = String(repeating: "x", count: 200_000)
        let block = engine.block("Note: " + word + " end.", Self.style(), width: 515)
        let runs = block.text.unicodeScalars.split { $0.properties.isWhitespace }
        #expect(runs.allSatisfy { $0.count <= TextEngine.wordWindow })
        #expect(Self.texts(block).joined().filter { !$0.isWhitespace } == "Note:" + word + "end.")
        #expect(block.lineCount == block.lines.count && block.lineCount > 200_000 / engine.longestWord)
        // A word below the threshold is pango's to break, as it always was.
        let short = String(repeating: "x", count: engine.longestWord)
        #expect(engine.block(short, Self.style(), width: 100).text == short)
    }
}
