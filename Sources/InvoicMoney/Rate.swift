// Tax and discount rates, written with a percent sign and at most 3 decimals
// (book-format section 5), held exactly as an integer of milli-percent.

/// Why a text is not a ``Rate``.
public enum RateParseError: Error, Hashable, Sendable {
    /// A bare number such as `"20"` or `"0.2"`: the help can suggest `"20%"`.
    case missingPercentSign
    /// Not `number%`: `"20 %"`, `"%20"`, `"abc%"`, `"1.2.3%"`, `""`.
    case malformed
    /// More than 3 decimals as written: `"8.8755%"` (and `"8.8750%"`).
    case tooManyDecimals
    /// Below 0 % or above 100 %.
    case outOfRange
}

/// A percentage rate held exactly in thousandths of a percent: 8.875% = 8875.
public struct Rate: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The rate in thousandths of a percent: 20% = 20000, 8.875% = 8875.
    public let milliPercent: Int

    /// The rate with this many thousandths of a percent. Not range-checked:
    /// ``parse(_:)`` is where 0...100 % is enforced.
    public init(milliPercent: Int) {
        self.milliPercent = milliPercent
    }

    /// 0 %.
    public static let zero = Rate(milliPercent: 0)

    /// 100 %.
    public static let hundredPercent = Rate(milliPercent: 100_000)

    /// Parses a rate written as a ``DecimalNumber`` followed directly by `%`:
    /// `"20%"`, `"8.25%"`, `"8.875%"`, `"0%"`, `"100%"`, `"7.70%"`.
    ///
    /// A sign is part of the number grammar: `"+20%"` is 20 %, `"-0%"` is
    /// 0 %, `"-5%"` is `.outOfRange`. Decimals count as written, so
    /// `"8.8750%"` is `.tooManyDecimals` like `"8.8755%"`. Checks run in the
    /// order malformed, too many decimals, out of range.
    public static func parse(_ text: String) -> Result<Rate, RateParseError> {
        let percent = UInt8(ascii: "%")
        guard text.utf8.last == percent else {
            if text.utf8.contains(percent) { return .failure(.malformed) }
            switch DecimalNumber.parse(text) {
            case .success, .failure(.tooManyDigits): return .failure(.missingPercentSign)
            case .failure(.notANumber): return .failure(.malformed)
            }
        }
        let body = Substring(text.utf8.dropLast())
        switch DecimalNumber.parse(body) {
        case .failure(.notANumber):
            return .failure(.malformed)
        case .failure(.tooManyDigits):
            // A well-formed number, just long: tell which limit it breaks.
            let decimals = body.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            return .failure(decimals.count == 2 && decimals[1].count > 3 ? .tooManyDecimals : .outOfRange)
        case .success(let number):
            guard number.scale <= 3 else { return .failure(.tooManyDecimals) }
            guard let milli = number.scaled(to: 3) else { return .failure(.outOfRange) }
            guard milli >= 0, milli <= 100_000 else { return .failure(.outOfRange) }
            return .success(Rate(milliPercent: Int(milli)))
        }
    }

    /// True for 0 %.
    public var isZero: Bool { milliPercent == 0 }

    /// The canonical, shortest text: `"20%"`, `"8.25%"`, `"8.875%"`, `"0%"`,
    /// `"7.7%"` (for `"7.70%"`). ``parse(_:)`` reads it back to the same rate.
    public var description: String {
        let magnitude = milliPercent.magnitude
        var text = String(magnitude / 1000)
        var fraction = magnitude % 1000
        if fraction != 0 {
            var digits = 3
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let fractionText = String(fraction)
            text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        }
        return (milliPercent < 0 ? "-" : "") + text + "%"
    }

    /// Orders rates by value.
    public static func < (lhs: Rate, rhs: Rate) -> Bool {
        lhs.milliPercent < rhs.milliPercent
    }
}
