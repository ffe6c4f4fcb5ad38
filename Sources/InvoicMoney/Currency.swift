// A currency is an ISO 4217 alphabetic code plus the number of minor-unit
// digits every amount in it is held in. Only the shipped table creates them,
// so a `Currency` value always names a real code with the ISO exponent.

/// An ISO 4217 currency: its alphabetic code and its minor-unit exponent.
///
/// Amounts in a currency are held as whole minor units (`Int64`): with
/// exponent 2, `123456` means 1234.56. Values come only from the shipped
/// table (``Currency/named(_:)``, ``Currency/all``), so the exponent is
/// always the one ISO 4217 assigns.
public struct Currency: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The ISO 4217 alphabetic code, upper case, e.g. `"EUR"`.
    public let code: String

    /// The number of minor-unit digits: JPY 0, USD 2, KWD 3, CLF 4.
    public let exponent: Int

    init(code: String, exponent: Int) {
        self.code = code
        self.exponent = exponent
    }

    /// The currency with this exact ISO 4217 code, or nil.
    ///
    /// The lookup is exact: only upper-case codes match (`"EUR"`, not
    /// `"eur"` or `" EUR"`), so the decoder decides how to report near misses.
    public static func named(_ code: String) -> Currency? {
        CurrencyTable.byCode[code]
    }

    /// Every currency in the table, sorted by code.
    public static var all: [Currency] {
        CurrencyTable.sorted
    }

    /// How many minor units make one major unit: 10 ^ `exponent`
    /// (1 for JPY, 100 for USD, 1000 for KWD).
    public var minorUnitsPerMajorUnit: Int64 {
        var result: Int64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    /// The code, e.g. `"EUR"`.
    public var description: String { code }

    /// Orders currencies by code.
    public static func < (lhs: Currency, rhs: Currency) -> Bool {
        lhs.code < rhs.code
    }
}

/// Bounds on the figures invoic computes and prints.
public enum MoneyLimits {
    /// The largest figure of one document, in minor units: 10^15 (ten trillion dollars, a
    /// quadrillion yen). Far beyond any invoice, and small enough that a renderer's arithmetic
    /// on one figure (scaled, rounded, laid out) cannot overflow. Sums across documents are
    /// added with overflow checks in the reports, which say so when one would overflow.
    public static let largestPrintable: Int64 = 1_000_000_000_000_000
}
