import Foundation
@testable import InvoicMoney
import Testing

/// ICU's answers kept between runs (`ICUAnswers`, issue 41 point 10): a format read back from
/// its fields gives ICU's own text, fields no learned format has are refused, a text is asked of
/// ICU once, and only new answers are exported.
@Suite struct ICUAnswersTests {
    /// Every learned format survives its fields: the format read back spells each probe as ICU does.
    @Test(arguments: LearnedNumberFormatTests.locales)
    func aFormatReadBackFromItsFieldsGivesICUsText(_ locale: String) throws {
        for (code, digits) in [("EUR", 2), ("JPY", 0), ("KWD", 3), ("INR", 2)] {
            let icu = { (significand: Int128, scale: Int) in
                MoneyFormat.icuFormat(significand, scale: scale, fractionDigits: digits, code: code, locale: locale)
            }
            guard let learned = LearnedNumberFormat.learn(fractionDigits: digits, icu: icu) else { continue }
            let restored = try #require(LearnedNumberFormat(fields: learned.fields), "\(locale) \(code)")
            for value: Int128 in [0, 5, -5, 1_234, -98_765_432, 123_456_789_012_345] {
                let digitsText = Array(String(value.magnitude).utf8)
                #expect(restored.format(negative: value < 0, digits: digitsText) == icu(value, digits), "\(locale) \(code) \(value)")
            }
        }
    }

    /// Fields that no learned format has: a group of 0 after a first group (the grouping loop
    /// would never end), numbers out of range, too few fields, text for a number.
    @Test func fieldsNoFormatHasAreRefused() {
        let good = ["$", "", "-$", "", ",", ".", "3", "3", "1", "2"]
        #expect(LearnedNumberFormat(fields: good) != nil)
        for (index, value) in [(7, "0"), (6, "-1"), (6, "99"), (8, "0"), (8, "3"), (9, "9"), (9, "two"), (6, "")] {
            var fields = good
            fields[index] = value
            #expect(LearnedNumberFormat(fields: fields) == nil, "field \(index) = \(value)")
        }
        #expect(LearnedNumberFormat(fields: Array(good.prefix(9))) == nil)
        #expect(LearnedNumberFormat(fields: good + ["x"]) == nil)
        // No grouping at all (primary 0) is a format `learn` makes.
        var ungrouped = good
        ungrouped[6] = "0"
        ungrouped[7] = "0"
        #expect(LearnedNumberFormat(fields: ungrouped) != nil)
    }

    @Test func aTextIsAskedOnceAndOnlyNewAnswersAreExported() {
        let answers = ICUAnswers()
        var asked = 0
        #expect(answers.text("date\u{0}de_DE\u{0}20524") { asked += 1; return "12. März 2026" } == "12. März 2026")
        #expect(answers.text("date\u{0}de_DE\u{0}20524") { asked += 1; return "other" } == "12. März 2026")
        #expect(asked == 1)
        let exported = answers.exportIfAdded()
        #expect(exported?.texts == ["date\u{0}de_DE\u{0}20524": "12. März 2026"])
        #expect(answers.exportIfAdded() == nil)

        // Restored answers are used, not asked again, and are not new.
        let next = ICUAnswers()
        next.restore(ICUAnswers.Entries(texts: ["rate\u{0}de_DE\u{0}19000": "19 %"],
                                         formats: ["de_DE\u{0}EUR\u{0}2": ["", " €", "-", " €", ".", ",", "3", "3", "1", "2"],
                                                   "ar_EG\u{0}EGP\u{0}2": [], "xx\u{0}EUR\u{0}2": ["bad"]]))
        #expect(next.text("rate\u{0}de_DE\u{0}19000") { Issue.record("asked ICU"); return "" } == "19 %")
        #expect(next.format(key: "de_DE\u{0}EUR\u{0}2", fractionDigits: 2) { _, _ in Issue.record("learned again"); return "" }?.decimalSeparator == ",")
        // Known to stay with ICU: not learned again.
        #expect(next.format(key: "ar_EG\u{0}EGP\u{0}2", fractionDigits: 2) { _, _ in Issue.record("learned again"); return "" } == nil)
        #expect(next.exportIfAdded() == nil)
        // Refused fields are learned again, and a format for other decimals than the key's is not used.
        var learned = 0
        _ = next.format(key: "xx\u{0}EUR\u{0}2", fractionDigits: 2) { _, _ in learned += 1; return "" }
        #expect(learned > 0)
        learned = 0
        _ = next.format(key: "de_DE\u{0}EUR\u{0}2", fractionDigits: 3) { _, _ in learned += 1; return "" }
        #expect(learned > 0)
        #expect(next.exportIfAdded() != nil)
    }
}
