import Foundation
import Synchronization

/// ICU's number and money formats, learned once per locale, currency and number of decimals and
/// then applied to the exact digits without ICU: a PDF prints a few dozen amounts, and ICU's
/// formatting (through Foundation's FormatStyle) was 8-9 % of a build's CPU.
///
/// A format is learned by formatting a few amounts with ICU and reading off the prefix, suffix,
/// separators and grouping sizes; it is then checked against ICU on a spread of amounts (signs,
/// lengths from one digit to twelve, the grouping thresholds) and used only if it gives the same
/// text for every one. A locale whose format this cannot express (digits other than ASCII, a
/// pattern that depends on the amount) keeps ICU, so the text is always ICU's.
struct LearnedNumberFormat: Sendable {
    var positivePrefix: String
    var positiveSuffix: String
    var negativePrefix: String
    var negativeSuffix: String
    var groupSeparator: String
    var decimalSeparator: String
    /// The size of the group next to the decimal separator, and of the groups before it (3 and 2
    /// in India's 12,34,567).
    var primaryGroup: Int
    var secondaryGroup: Int
    /// Fewer integer digits than this are not grouped (2 in Spanish and Polish: 1234 but 12 345).
    var minimumGroupingDigits: Int
    var fractionDigits: Int

    /// `digits` (ASCII, no sign, at least one), the last `fractionDigits` of them the fraction.
    func format(negative: Bool, digits: [UInt8]) -> String {
        var integer = digits.count > fractionDigits ? Array(digits[..<(digits.count - fractionDigits)]) : []
        if integer.isEmpty { integer = [UInt8(ascii: "0")] }
        var fraction = Array(digits.suffix(min(fractionDigits, digits.count)))
        while fraction.count < fractionDigits { fraction.insert(UInt8(ascii: "0"), at: 0) }
        var body = ""
        if integer.count >= primaryGroup + minimumGroupingDigits, primaryGroup > 0 {
            var groups: [ArraySlice<UInt8>] = []
            var end = integer.count
            groups.append(integer[(end - primaryGroup)..<end])
            end -= primaryGroup
            while end > 0 {
                let start = max(0, end - secondaryGroup)
                groups.append(integer[start..<end])
                end = start
            }
            body = groups.reversed().map { String(decoding: $0, as: UTF8.self) }.joined(separator: groupSeparator)
        } else {
            body = String(decoding: integer, as: UTF8.self)
        }
        if fractionDigits > 0 { body += decimalSeparator + String(decoding: fraction, as: UTF8.self) }
        return negative ? negativePrefix + body + negativeSuffix : positivePrefix + body + positiveSuffix
    }

    /// Reads the format off ICU's text for a few amounts (`icu` formats significand / 10^scale),
    /// then checks it against ICU; nil when it does not give ICU's text for every probe.
    static func learn(fractionDigits: Int, icu: (Int128, Int) -> String) -> LearnedNumberFormat? {
        // Amounts and prices have a few decimals; more stay with ICU (and the probes stay small).
        guard (0...8).contains(fractionDigits) else { return nil }
        let scale = fractionDigits
        func power(_ n: Int) -> Int128 { (0..<n).reduce(Int128(1)) { value, _ in value * 10 } }
        // 1234567 and its fraction digits (…1 at the end, so the fraction is visible).
        let big = icu(1_234_567 * power(scale) + (scale > 0 ? 1 : 0), scale)
        guard let (prefix, bodyText, suffix) = split(big) else { return nil }
        let body = Array(bodyText.unicodeScalars)
        var decimalSeparator = ""
        var integerPart = body[...]
        if scale > 0 {
            // The last `scale` scalars are the fraction digits; before them, the separator.
            guard body.count > scale + 1 else { return nil }
            var cut = body.count - scale
            var separator: [Unicode.Scalar] = []
            while cut > 0, !isDigit(body[cut - 1]) {
                separator.insert(body[cut - 1], at: 0)
                cut -= 1
            }
            guard !separator.isEmpty else { return nil }
            decimalSeparator = String(String.UnicodeScalarView(separator))
            integerPart = body[..<cut]
        }
        // Digit runs and the separators between them.
        var groups: [Int] = []
        var separators: Set<String> = []
        var run = 0
        var separator = String.UnicodeScalarView()
        for scalar in integerPart {
            if isDigit(scalar) {
                if !separator.isEmpty { separators.insert(String(separator)); separator = String.UnicodeScalarView() }
                run += 1
            } else {
                if run > 0 { groups.append(run); run = 0 }
                separator.append(scalar)
            }
        }
        groups.append(run)
        guard groups.reduce(0, +) == 7, separators.count <= 1 else { return nil }
        let primary = groups.count > 1 ? groups[groups.count - 1] : 0
        let secondary = groups.count > 2 ? groups[groups.count - 2] : primary
        // The smallest amount grouped: 1234 or 12345.
        let four = split(icu(1234 * power(scale), scale))?.1 ?? ""
        let minimum = primary > 0 && four.unicodeScalars.contains(where: { !isDigit($0) && String($0) != decimalSeparator }) ? 1 : 2
        guard let (negativePrefix, _, negativeSuffix) = split(icu(-1_234_567 * power(scale), scale)) else { return nil }
        let learned = LearnedNumberFormat(
            positivePrefix: prefix, positiveSuffix: suffix, negativePrefix: negativePrefix, negativeSuffix: negativeSuffix,
            groupSeparator: separators.first ?? "", decimalSeparator: decimalSeparator, primaryGroup: primary,
            secondaryGroup: secondary, minimumGroupingDigits: minimum, fractionDigits: fractionDigits)
        // Trusted only where it gives ICU's text.
        let probes: [Int128] = [0, 1, 7, 12, 99, 123, 999, 1000, 1234, 9999, 10000, 12345, 99999, 123456, 1000000, 1234567, 12345678,
                                123456789, 1234567890, 123456789012]
        for probe in probes {
            for value in [probe, -probe] where !(value == 0 && probe != 0) {
                for fraction in [Int128(0), power(scale) - 1] where scale > 0 || fraction == 0 {
                    let significand = value * power(scale) + (value < 0 ? -fraction : fraction)
                    if learned.format(negative: significand < 0, digits: Array(String(significand.magnitude).utf8)) != icu(significand, scale) {
                        return nil
                    }
                }
            }
        }
        return learned
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// Prefix, the number (first to last ASCII digit) and suffix; nil without an ASCII digit.
    private static func split(_ text: String) -> (String, String, String)? {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.firstIndex(where: isDigit), let last = scalars.lastIndex(where: isDigit) else { return nil }
        func string(_ slice: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(slice)) }
        return (string(scalars[..<first]), string(scalars[first...last]), string(scalars[(last + 1)...]))
    }
}

extension LearnedNumberFormat {
    /// The fields as text, for a book's cache (`ICUAnswers`): the six texts, then the four numbers.
    var fields: [String] {
        [positivePrefix, positiveSuffix, negativePrefix, negativeSuffix, groupSeparator, decimalSeparator,
         String(primaryGroup), String(secondaryGroup), String(minimumGroupingDigits), String(fractionDigits)]
    }

    /// A format read back from `fields`; nil unless every number is one `learn` can make (a
    /// secondary group of 0 would never end the grouping loop).
    init?(fields: [String]) {
        guard fields.count == 10, let primary = Int(fields[6]), let secondary = Int(fields[7]),
              let minimum = Int(fields[8]), let fraction = Int(fields[9]),
              (0...7).contains(primary), (1...7).contains(secondary) || (primary == 0 && secondary == 0),
              (1...2).contains(minimum), (0...8).contains(fraction) else { return nil }
        self.init(positivePrefix: fields[0], positiveSuffix: fields[1], negativePrefix: fields[2], negativeSuffix: fields[3],
                  groupSeparator: fields[4], decimalSeparator: fields[5], primaryGroup: primary, secondaryGroup: secondary,
                  minimumGroupingDigits: minimum, fractionDigits: fraction)
    }
}
