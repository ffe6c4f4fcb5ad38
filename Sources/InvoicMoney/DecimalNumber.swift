// Exact decimals read from YAML scalar text. Foundation's Decimal(string:)
// accepts valid prefixes ("2,50" -> 2) and drops trailing zeros, so the text
// is scanned here, byte by byte, against one strict shape.

/// Why a text is not a ``DecimalNumber``.
public enum DecimalParseError: Error, Hashable, Sendable {
    /// The text does not have the shape `[+|-]digits[.digits]`.
    case notANumber
    /// The shape is right but it has more than ``DecimalNumber/maximumDigits``
    /// digits (leading zeros of the integer part not counted).
    case tooManyDigits
}

/// An exact decimal read from text: value = significand / 10^scale.
///
/// The representation keeps the digits as written: `"2.50"` is significand
/// 250, scale 2, and is *not* equal (`==`) to `"2.5"` (25, scale 1). Equality
/// and hashing are representational; compare values through
/// ``scaled(to:)`` when the number of written decimals must not matter.
public struct DecimalNumber: Hashable, Sendable, CustomStringConvertible {
    /// The digits as one integer, with the sign: `"-2.50"` -> -250.
    public let significand: Int128
    /// The number of digits after the point as written: `"2.50"` -> 2.
    public let scale: Int

    /// The most digits a parsed number may have, leading zeros of the integer
    /// part not counted (so `"0.05"` has 2, `"007"` has 1). This bounds the
    /// significand below 10^30 and the scale at 30.
    public static let maximumDigits = 30

    /// A number from its parts; nil when `scale` is outside 0...38 (no
    /// `Int128` power of ten could scale it).
    public init?(significand: Int128, scale: Int) {
        guard scale >= 0, scale <= 38 else { return nil }
        self.significand = significand
        self.scale = scale
    }

    /// A whole number, scale 0.
    public init(integer: Int64) {
        self.significand = Int128(integer)
        self.scale = 0
    }

    /// Parses `[+|-]digits[.digits]`: an optional sign, at least one digit,
    /// and optionally a point followed by at least one digit. Nothing else is
    /// accepted: no spaces, grouping, comma, exponent, hex, `inf`/`nan`,
    /// underscores, `.5` or `5.`. Leading zeros are accepted (`"007"` is 7).
    /// More than ``maximumDigits`` digits give `.tooManyDigits`, never a trap.
    /// `parse` for a `String`: specialised here, since a generic call from another module is
    /// not, and decoding a book parses a few hundred thousand numbers.
    public static func parse(_ text: String) -> Result<DecimalNumber, DecimalParseError> {
        parse(Substring(text))
    }

    public static func parse(_ text: some StringProtocol) -> Result<DecimalNumber, DecimalParseError> {
        // 0 start, 1 after sign, 2 in integer digits, 3 after point, 4 in fraction digits
        var state = 0
        var negative = false
        var magnitude: Int128 = 0
        var digits = 0
        var scale = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard state == 0 else { return .failure(.notANumber) }
                negative = byte == UInt8(ascii: "-")
                state = 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int128(byte - UInt8(ascii: "0"))
                if state <= 2 {
                    state = 2
                    if digit != 0 || digits > 0 { digits += 1 }
                } else {
                    state = 4
                    scale += 1
                    digits += 1
                }
                // Keep scanning past the limit: a malformed tail is reported first.
                if digits <= maximumDigits { magnitude = magnitude * 10 + digit }
            case UInt8(ascii: "."):
                guard state == 2 else { return .failure(.notANumber) }
                state = 3
            default:
                return .failure(.notANumber)
            }
        }
        guard state == 2 || state == 4 else { return .failure(.notANumber) }
        guard digits <= maximumDigits else { return .failure(.tooManyDigits) }
        return .success(DecimalNumber(checkedSignificand: negative ? -magnitude : magnitude, scale: scale))
    }

    init(checkedSignificand: Int128, scale: Int) {
        self.significand = checkedSignificand
        self.scale = scale
    }

    /// True when the value is below zero (`"-0"` and `"-0.00"` are not).
    public var isNegative: Bool { significand < 0 }

    /// True when the value is zero, however it was written.
    public var isZero: Bool { significand == 0 }

    /// The number of decimals as written: the scale (`"2.50"` -> 2).
    public var fractionDigits: Int { scale }

    /// The value in minor units of `exponent` digits, exactly, never rounded.
    ///
    /// Decimals count as written: a number with more decimals than
    /// `exponent` gives nil even when the extra digits are zeros (`"2.500"`
    /// is rejected for a 2-digit currency), following the book rule that a
    /// payment, a fixed discount or a stated figure "may not carry more
    /// [decimals] than the currency has". Also nil when `exponent` is
    /// negative or the result does not fit in `Int128`.
    public func scaled(to exponent: Int) -> Int128? {
        guard exponent >= scale, let factor = PowersOfTen.int128(exponent - scale) else { return nil }
        let (result, overflow) = significand.multipliedReportingOverflow(by: factor)
        return overflow ? nil : result
    }

    /// The value in minor units of `currency`, or nil when it has more
    /// decimals than the currency (as written, see ``scaled(to:)``) or does
    /// not fit in an `Int64` (±`Int64.max`).
    public func minorUnits(in currency: Currency) -> Int64? {
        guard let value = scaled(to: currency.exponent),
              value.magnitude <= UInt128(Int64.max) else { return nil }
        return Int64(value)
    }

    /// The same value with trailing fraction zeros removed: 2.50 -> 2.5, 3.0 -> 3.
    public var normalized: DecimalNumber {
        var value = significand
        var scale = self.scale
        while scale > 0, value % 10 == 0 {
            value /= 10
            scale -= 1
        }
        return DecimalNumber(checkedSignificand: value, scale: scale)
    }

    /// The number as written, without a `+` and without integer leading
    /// zeros: `"-2.50"`, `"0.0125"`, `"7"`. Zero has no sign.
    public var description: String {
        var digits = String(significand.magnitude)
        if scale > 0 {
            if digits.count <= scale {
                digits = String(repeating: "0", count: scale - digits.count + 1) + digits
            }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -scale))
        }
        return significand < 0 ? "-" + digits : digits
    }
}

extension DecimalNumber {
    /// What to tell someone who wrote `text` where a plain decimal belongs: `2,50` gets
    /// `2.50`, `$1,200` gets `1200`.
    public static func howToWrite(_ text: String) -> String {
        let digits = text.filter { $0.isNumber || $0 == "." || $0 == "," || $0 == "-" }
        if text.contains(","), !text.contains("."), text.split(separator: ",").last?.count ?? 0 <= 2 {
            return "write decimals with a point: `\(digits.replacingOccurrences(of: ",", with: "."))`"
        }
        let bare = digits.replacingOccurrences(of: ",", with: "")
        // The bare number is suggested only when what it drops is decoration (`€1,200.00`,
        // `EUR 120`): never when it drops part of the number, as the `e` of `1e400` or the `x`
        // of `0x1F`, which would suggest another amount (`1400`, `01`).
        if digits != text, isDecorated(text), case .success = DecimalNumber.parse(bare) {
            return "write the number alone, without currency signs or separators: `\(bare)`"
        }
        return "write a plain decimal such as 120 or 120.50"
    }

    /// Digits, separators and signs with nothing else but spaces, apostrophes, currency signs
    /// and a three-letter currency code in front or behind.
    private static func isDecorated(_ text: String) -> Bool {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        if rest.prefix(while: \.isLetter).count == 3 { rest = rest.dropFirst(3) }
        if rest.reversed().prefix(while: \.isLetter).count == 3 { rest = rest.dropLast(3) }
        return rest.allSatisfy { character in
            character.isNumber || ".,-'".contains(character) || character.isWhitespace
                || character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .currencySymbol }
        }
    }
}
