import Foundation
@testable import InvoicMoney
import InvoicTestSupport
import Testing

/// The formats learned from ICU give ICU's text to the byte: every locale invoic speaks and more
/// (Indian grouping, Swiss apostrophes, Spanish and Polish minimum grouping, no decimals, three
/// decimals, signs), over amounts of every length, with a fixed seed.
@Suite struct LearnedNumberFormatTests {
    static let locales = ["en_US", "en_GB", "en_IN", "hi_IN", "de_DE", "de_AT", "de_CH", "fr_FR", "fr_CH", "fr_CA", "es_ES", "es_MX", "it_IT",
                          "nl_NL", "pt_PT", "pt_BR", "pl_PL", "sv_SE", "da_DK", "nb_NO", "fi_FI", "cs_CZ", "ja_JP", "zh_CN", "zh_TW",
                          "ko_KR", "ar_EG", "he_IL", "ru_RU", "tr_TR", "th_TH", "bn_BD", "fa_IR", "en_ZA", "nl_BE", "de_LI"]
    static let currencies = ["EUR", "USD", "GBP", "JPY", "CHF", "SEK", "INR", "KWD", "BHD", "CZK", "PLN"]

    @Test(arguments: locales)
    func learnedTextIsICUsText(_ locale: String) throws {
        var generator = SeededGenerator(seed: 2026_11_26)
        for code in Self.currencies {
            let currency = try #require(Currency.named(code))
            for _ in 0..<60 {
                let digits = Int.random(in: 1...15, using: &generator)
                var magnitude = Int64.random(in: 0...Int64(pow(10, Double(digits))) - 1 , using: &generator)
                if Bool.random(using: &generator) { magnitude = -magnitude }
                let expected = MoneyFormat.icuFormat(Int128(magnitude), scale: currency.exponent, fractionDigits: currency.exponent, code: code, locale: locale)
                #expect(MoneyFormat.format(magnitude, currency, locale: locale) == expected, "\(locale) \(code) \(magnitude)")
            }
            // A price with more decimals than the currency.
            let price = try #require(DecimalNumber(significand: 12_345_678, scale: 4))
            let expected = MoneyFormat.icuFormat(price.significand, scale: 4, fractionDigits: max(4, currency.exponent), code: code, locale: locale)
            #expect(MoneyFormat.format(price, currency, locale: locale) == expected)
        }
        for scale in 0...4 {
            for _ in 0..<40 {
                let value = Int128(Int64.random(in: -99_999_999_999...99_999_999_999, using: &generator))
                let number = try #require(DecimalNumber(significand: value, scale: scale))
                #expect(MoneyFormat.number(number, locale: locale) == MoneyFormat.icuFormat(value, scale: scale, fractionDigits: scale, code: nil, locale: locale),
                        "\(locale) \(value) / 10^\(scale)")
            }
        }
    }

    /// The formats invoic's books use most are learned, not left to ICU: the speed is real.
    @Test func theCommonFormatsAreLearned() {
        for (locale, code, digits) in [("en_US", "USD", 2), ("de_DE", "EUR", 2), ("fr_FR", "EUR", 2), ("sv_SE", "SEK", 2), ("ja_JP", "JPY", 0),
                                       ("en_IN", "INR", 2), ("de_CH", "CHF", 2), ("es_ES", "EUR", 2)] {
            _ = MoneyFormat.format(Int64(123_456), Currency.named(code)!, locale: locale)
            let learned = ICUAnswers.shared.format(key: locale + "\u{0}" + code + "\u{0}\(digits)", fractionDigits: digits) { _, _ in "" }
            #expect(learned != nil, "\(locale) \(code)")
        }
    }
}
