// Text for amounts. Locale-correct text comes from Foundation's ICU-backed
// Decimal.FormatStyle.Currency; the Decimal is built exactly from integers
// (never through Double), with exactly as many fraction digits as the value
// has, so the formatter never rounds (its own default would be half-even).
//
// ICU's format for each locale, currency and number of decimals is learned once
// and applied to the digits (LearnedNumberFormat), where it gives ICU's text for
// every amount probed; else ICU formats each amount. A fresh
// Decimal.FormatStyle.Currency per call costs the same as a reused one (Foundation
// caches the ICU formatter by style), but about 2 us per format, 8-9 % of a build.

import Foundation

/// Formatting of minor-unit amounts for documents (locale-aware) and for
/// data files (plain).
public enum MoneyFormat {
    /// Locale-correct text for an amount via Foundation's
    /// `Decimal.FormatStyle.Currency(code:locale:)` (ICU), with exactly
    /// `currency.exponent` fraction digits. The Decimal is built exactly from
    /// the integer (`Decimal(sign:exponent:significand:)`), never via Double.
    /// The amount is already rounded by our rules, so the formatter never rounds.
    ///
    /// Examples: en_US USD 123456 -> `$1,234.56`; de_DE EUR -> `1.234,56 €`
    /// (U+00A0 before €); fr_FR EUR -> `1 234,56 €` (U+202F group separator);
    /// hi_IN INR 12345678 -> `₹1,23,456.78`; ja_JP JPY 1235 -> `¥1,235`.
    /// An unknown locale identifier does not crash; ICU then falls back to
    /// root data (which may print the amount without a currency symbol), so
    /// the decoder should validate locales.
    public static func format(_ minorUnits: Int64, _ currency: Currency, locale: String) -> String {
        format(Int128(minorUnits), scale: currency.exponent, fractionDigits: currency.exponent,
               code: currency.code, locale: locale)
    }

    /// Locale-correct text for an exact decimal amount of `currency`, such as
    /// a unit price that carries more decimals than the currency (0.0125 USD):
    /// `max(currency.exponent, value.fractionDigits)` fraction digits, so no
    /// digit is lost and none is rounded.
    public static func format(_ value: DecimalNumber, _ currency: Currency, locale: String) -> String {
        format(value.significand, scale: value.scale, fractionDigits: max(currency.exponent, value.scale),
               code: currency.code, locale: locale)
    }

    /// Locale-correct text for a plain number such as a quantity, with the
    /// decimals as written (`2.5` -> `2,5` in de_DE), grouped by the locale.
    public static func number(_ value: DecimalNumber, locale: String) -> String {
        let fractionDigits = value.scale
        func icu(_ significand: Int128, _ scale: Int) -> String {
            Decimal.FormatStyle(locale: Locale(identifier: locale)).precision(.fractionLength(fractionDigits))
                .format(exactDecimal(significand, scale: scale))
        }
        return learned(value.significand, scale: value.scale, fractionDigits: fractionDigits, key: locale + "\u{0}\u{0}\(fractionDigits)", icu: icu)
    }

    /// Plain text with a dot and exactly `exponent` decimals, no grouping, for
    /// CSV/JSON/YAML: `"1234.50"`, `"-3.000"`, `"1235"`.
    public static func plain(_ minorUnits: Int64, _ currency: Currency) -> String {
        plain(Int128(minorUnits), scale: currency.exponent, fractionDigits: currency.exponent)
    }

    /// Plain text for an exact decimal amount of `currency`, with
    /// `max(currency.exponent, value.fractionDigits)` decimals: 2.5 USD ->
    /// `"2.50"`, 0.0125 USD -> `"0.0125"`.
    public static func plain(_ value: DecimalNumber, _ currency: Currency) -> String {
        plain(value.significand, scale: value.scale, fractionDigits: max(currency.exponent, value.scale))
    }

    // MARK: - Implementation

    private static func format(_ significand: Int128, scale: Int, fractionDigits: Int,
                               code: String, locale: String) -> String {
        func icu(_ significand: Int128, _ scale: Int) -> String {
            Decimal.FormatStyle.Currency(code: code, locale: Locale(identifier: locale)).precision(.fractionLength(fractionDigits))
                .format(exactDecimal(significand, scale: scale))
        }
        return learned(significand, scale: scale, fractionDigits: fractionDigits, key: locale + "\u{0}" + code + "\u{0}\(fractionDigits)", icu: icu)
    }

    /// significand / 10^scale with `fractionDigits` decimals (>= scale): by the learned format of
    /// `key`, or by ICU where none could be learned.
    private static func learned(_ significand: Int128, scale: Int, fractionDigits: Int, key: String, icu: (Int128, Int) -> String) -> String {
        guard fractionDigits >= scale, let format = ICUAnswers.shared.format(key: key, fractionDigits: fractionDigits, icu: icu) else {
            return icu(significand, scale)
        }
        var magnitude = significand.magnitude
        for _ in scale..<fractionDigits {
            let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            guard !overflow else { return icu(significand, scale) }
            magnitude = product
        }
        return format.format(negative: significand < 0, digits: Array(String(magnitude).utf8))
    }

    /// ICU's own text, for the tests that compare the learned formats with it.
    static func icuFormat(_ significand: Int128, scale: Int, fractionDigits: Int, code: String?, locale: String) -> String {
        if let code {
            return Decimal.FormatStyle.Currency(code: code, locale: Locale(identifier: locale)).precision(.fractionLength(fractionDigits))
                .format(exactDecimal(significand, scale: scale))
        }
        return Decimal.FormatStyle(locale: Locale(identifier: locale)).precision(.fractionLength(fractionDigits))
            .format(exactDecimal(significand, scale: scale))
    }

    /// significand / 10^scale as a Decimal, built from integers only. Exact for
    /// every `Int128` (at most 39 digits, within Decimal's 128-bit mantissa).
    static func exactDecimal(_ significand: Int128, scale: Int) -> Decimal {
        let (high, low) = significand.magnitude.quotientAndRemainder(dividingBy: 10_000_000_000_000_000_000)
        // high < 2^127 / 10^19 < 2^64 and low < 10^19: both fit in UInt64.
        var magnitude = Decimal(UInt64(low))
        if high != 0 {
            magnitude += Decimal(sign: .plus, exponent: 19, significand: Decimal(UInt64(high)))
        }
        return Decimal(sign: significand < 0 ? .minus : .plus, exponent: -scale, significand: magnitude)
    }

    /// The digits of |significand| with a point `scale` places from the right,
    /// padded with zeros to `fractionDigits` decimals (>= scale).
    private static func plain(_ significand: Int128, scale: Int, fractionDigits: Int) -> String {
        var digits = String(significand.magnitude)
        if fractionDigits > scale {
            digits += String(repeating: "0", count: fractionDigits - scale)
        }
        if fractionDigits > 0 {
            if digits.count <= fractionDigits {
                digits = String(repeating: "0", count: fractionDigits - digits.count + 1) + digits
            }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -fractionDigits))
        }
        return significand < 0 ? "-" + digits : digits
    }
}
