import Foundation

/// A number or an amount as a person types it, read in the book's locale (issue 37): the one
/// reader of what is typed on the command line (`pay --amount 500,00`) and into the web app's
/// forms, beside `MoneyFormat`, which writes it. Exact: digits to integers, never a Double.
///
/// Two readings are tried, and the text must mean one number:
/// - the locale's: its decimal separator, and its grouping separator only between groups of
///   three digits (`1.000,50` in de_DE, `1,000.50` in en_US, `1 000,50` in fr_FR, where a plain
///   space stands for the no-break one the locale writes, `1'000.50` for de_CH's `’`);
/// - the plain one the book's files use: digits and at most one point, no grouping (`500.00`),
///   so scripts and habits that write YAML amounts keep working in every locale.
/// Where both read the text and disagree (`1.000` in de_DE with a currency of three decimals,
/// or the quantity `2.500`), it is refused as ambiguous; nothing is guessed. `1,000.00` in
/// de_DE is no number in either reading and is refused, with the locale's own example.
public enum TypedAmount {
    public enum Problem: Error, Equatable, Sendable {
        /// Not a number in the locale, nor plain.
        case notANumber
        /// A number with more decimals than the currency has; the count it has.
        case tooManyDecimals(Int)
        /// Read two ways: the locale's reading and the plain one.
        case ambiguous(locale: DecimalNumber, plain: DecimalNumber)
        case tooLarge
    }

    /// The locale's decimal separator and the characters that group digits in it.
    public static func separators(locale: String) -> (decimal: Character, groups: Set<Character>) {
        let foundation = Locale(identifier: locale)
        let decimal = foundation.decimalSeparator?.first ?? "."
        var groups = Set(foundation.groupingSeparator ?? ",")
        // What a keyboard types for the spaces and apostrophes the locale writes.
        if groups.contains("\u{00A0}") || groups.contains("\u{202F}") || groups.contains(" ") { groups.formUnion([" ", "\u{00A0}", "\u{202F}"]) }
        if groups.contains("’") || groups.contains("'") { groups.formUnion(["'", "’"]) }
        groups.remove(decimal)
        return (decimal, groups)
    }

    /// A number as typed (a quantity, a price), signed; `maxDecimals` refuses more decimals.
    public static func number(_ typed: String, locale: String, maxDecimals: Int? = nil) -> Result<DecimalNumber, Problem> {
        var text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        var negative = false
        if let first = text.first, first == "-" || first == "−" {
            negative = true
            text.removeFirst()
        }
        let (decimal, groups) = separators(locale: locale)
        let localeReading = read(text, decimal: decimal, groups: groups, maxDecimals: maxDecimals)
        let plainReading = decimal == "." && groups.isEmpty ? localeReading : read(text, decimal: ".", groups: [], maxDecimals: maxDecimals)
        let chosen: Result<DecimalNumber, Problem>
        switch (localeReading, plainReading) {
        case (.success(let mine), .success(let plain)):
            chosen = mine.normalized == plain.normalized ? .success(plain) : .failure(.ambiguous(locale: mine, plain: plain))
        case (.success(let mine), .failure): chosen = .success(mine)
        case (.failure, .success(let plain)): chosen = .success(plain)
        case (.failure(let first), .failure(let second)):
            // Say the more telling of the two: a number with too many decimals over "no number".
            if case .tooManyDecimals = first { chosen = .failure(first) } else if case .tooLarge = first { chosen = .failure(first) } else { chosen = .failure(second) }
        }
        return chosen.map { negative ? ($0.isZero ? $0 : DecimalNumber(significand: -$0.significand, scale: $0.scale) ?? $0) : $0 }
            .mapError { error in
                guard negative, case .ambiguous(let mine, let plain) = error else { return error }
                return .ambiguous(locale: DecimalNumber(significand: -mine.significand, scale: mine.scale) ?? mine,
                                  plain: DecimalNumber(significand: -plain.significand, scale: plain.scale) ?? plain)
            }
    }

    /// An amount of `currency` as typed, in minor units (signed): no more decimals than the
    /// currency has. The currency's code or sign may stand before or after it (`500,00 €`).
    public static func minorUnits(_ typed: String, locale: String, currency: Currency) -> Result<Int64, Problem> {
        var text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        for mark in [currency.code, symbol(currency, locale: locale)] where !mark.isEmpty {
            if text.hasSuffix(mark) { text = String(text.dropLast(mark.count)).trimmingCharacters(in: .whitespaces) }
            if text.hasPrefix(mark) { text = String(text.dropFirst(mark.count)).trimmingCharacters(in: .whitespaces) }
        }
        switch number(text, locale: locale, maxDecimals: currency.exponent) {
        case .success(let value):
            guard let minor = value.minorUnits(in: currency) else { return .failure(.tooLarge) }
            return .success(minor)
        case .failure(let problem): return .failure(problem)
        }
    }

    /// How the locale writes an amount for a field to be typed over: the number without the
    /// currency's sign (`1.234,50` in de_DE), which `minorUnits` reads back.
    public static func prefill(_ minorUnits: Int64, locale: String, currency: Currency) -> String {
        MoneyFormat.number(DecimalNumber(significand: Int128(minorUnits), scale: currency.exponent) ?? DecimalNumber(integer: 0), locale: locale)
    }

    /// An example of an amount as the locale writes it: `1.234,50` (de_DE), `1,234.50` (en_US),
    /// `1,234` for a currency without decimals.
    public static func example(locale: String, currency: Currency) -> String {
        prefill(exampleMinorUnits(currency), locale: locale, currency: currency)
    }

    /// 1234.50 in `currency`'s minor units (1234 without decimals).
    private static func exampleMinorUnits(_ currency: Currency) -> Int64 {
        guard currency.exponent > 0 else { return 1234 }
        var minor: Int64 = 12_345
        for _ in 1..<currency.exponent { minor *= 10 }
        return minor
    }

    /// An English sentence for the command line (diagnostics stay English, docs/labels.md): what
    /// is wrong with `typed` and how the book's locale writes an amount.
    public static func explain(_ problem: Problem, typed: String, locale: String, currency: Currency) -> String {
        let example = example(locale: locale, currency: currency)
        switch problem {
        case .notANumber:
            return "`\(typed)` is not an amount as \(locale) writes it: write it like \(example) (or plain, like \(MoneyFormat.plain(exampleMinorUnits(currency), currency)))"
        case .tooManyDecimals(let count):
            return "\(typed) has \(count) decimals and \(currency.code) has \(currency.exponent)"
        case .ambiguous(let mine, let plain):
            return "`\(typed)` reads as \(MoneyFormat.plain(mine, currency)) in \(locale) and as \(MoneyFormat.plain(plain, currency)) written plain: write it like \(example)"
        case .tooLarge:
            return "\(typed) is too large"
        }
    }

    /// One reading: digits, `decimal` at most once with 1... digits after it, `groups` only
    /// between groups of three before it (the first of one to three digits).
    private static func read(_ text: String, decimal: Character, groups: Set<Character>, maxDecimals: Int?) -> Result<DecimalNumber, Problem> {
        let parts = text.split(separator: decimal, maxSplits: 2, omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { return .failure(.notANumber) }
        let integer = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        guard !integer.isEmpty, parts.count == 1 || !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigit) else { return .failure(.notANumber) }
        let runs = integer.split(omittingEmptySubsequences: false) { groups.contains($0) }
        guard runs.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { return .failure(.notANumber) }
        if runs.count > 1 {
            // A separator of one kind only (never `1.000 000`), between groups of three.
            let used = Set(integer.filter { groups.contains($0) })
            guard used.count == 1 || used.isSubset(of: [" ", "\u{00A0}", "\u{202F}"]), runs[0].count <= 3, runs.dropFirst().allSatisfy({ $0.count == 3 }) else {
                return .failure(.notANumber)
            }
        }
        if let maxDecimals, fraction.count > maxDecimals { return .failure(.tooManyDecimals(fraction.count)) }
        let digits = runs.joined() + fraction
        guard digits.count <= 30, let significand = Int128(digits), let value = DecimalNumber(significand: significand, scale: fraction.count) else {
            return .failure(.tooLarge)
        }
        return .success(value)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension TypedAmount {
    /// The currency's sign as the locale prints it (`€`, `$`, `CHF`): `MoneyFormat`'s text of zero
    /// without its digits and separators.
    static func symbol(_ currency: Currency, locale: String) -> String {
        MoneyFormat.format(0, currency, locale: locale)
            .filter { !$0.isNumber && !".,'’ \u{00A0}\u{202F}-−".contains($0) }
    }
}
