import Foundation
@testable import InvoicMoney
import InvoicTestSupport
import Testing
@testable import InvoicBuild

/// ICU's answers in the book's cache (unit `icu`, issue 41 point 10): what one run asked ICU, the
/// next reads back exactly; a unit cut short or holding fields no format has is not trusted.
@Suite struct ICUAnswersUnitTests {
    static let entries = ICUAnswers.Entries(
        texts: ["date\u{0}de_DE\u{0}20524": "12. März 2026", "rate\u{0}fr_FR\u{0}20000": "20\u{00A0}%"],
        formats: ["de_DE\u{0}EUR\u{0}2": ["", "\u{00A0}€", "-", "\u{00A0}€", ".", ",", "3", "3", "1", "2"], "ar_EG\u{0}EGP\u{0}2": []])

    @Test func theBytesReadBackToTheSameAnswers() throws {
        let bytes = ICUAnswersUnit.bytes(Self.entries)
        #expect(ICUAnswersUnit.entries(bytes) == Self.entries)
        // Cut anywhere, or with a byte more: not read.
        for length in 0..<bytes.count {
            #expect(ICUAnswersUnit.entries(Array(bytes[..<length])) == nil, "cut at \(length)")
        }
        #expect(ICUAnswersUnit.entries(bytes + [0x31]) == nil)
    }

    @Test func aRunStoresWhatItAskedAndTheNextReadsItBack() throws {
        let book = TestBook([:])
        defer { book.remove() }
        let first = ICUAnswers()
        _ = first.text("date\u{0}de_DE\u{0}20524") { "12. März 2026" }
        ICUAnswersUnit.store(root: book.root, from: first)
        #expect(FileManager.default.fileExists(atPath: book.root + "/.invoic/cache/icu"))
        let second = ICUAnswers()
        ICUAnswersUnit.load(root: book.root, into: second)
        #expect(second.text("date\u{0}de_DE\u{0}20524") { "asked again" } == "12. März 2026")
        // Nothing new: nothing written.
        try FileManager.default.removeItem(atPath: book.root + "/.invoic/cache/icu")
        ICUAnswersUnit.store(root: book.root, from: second)
        #expect(!FileManager.default.fileExists(atPath: book.root + "/.invoic/cache/icu"))
    }

    /// A unit in the right frame whose format has a group of 0 (a grouping loop that never ends):
    /// the format is learned again from ICU, and the amount is ICU's text.
    @Test func aFormatNoLearningMakesIsLearnedAgain() throws {
        let book = TestBook([:])
        defer { book.remove() }
        let key = "en_US\u{0}USD\u{0}2"
        let hostile = ICUAnswers.Entries(formats: [key: ["$", "", "-$", "", ",", ".", "3", "0", "1", "2"]])
        #expect(ContentCache(root: book.root).store(ICUAnswersUnit.unit, key: ICUAnswersUnit.key, ICUAnswersUnit.bytes(hostile)))
        let answers = ICUAnswers()
        ICUAnswersUnit.load(root: book.root, into: answers)
        var asked = 0
        _ = answers.format(key: key, fractionDigits: 2) { significand, scale in
            asked += 1
            return MoneyFormat.icuFormat(significand, scale: scale, fractionDigits: 2, code: "USD", locale: "en_US")
        }
        #expect(asked > 0)
    }
}
