/// An exact amount: integer minor units of one currency. What every renderer prints: the PDFs,
/// the reports and (next) the e-invoices take their figures as Money, never as a bare number.
public struct Money: Sendable, Hashable {
    public var minorUnits: Int64
    public var currency: Currency

    public init(_ minorUnits: Int64, _ currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// `1234.50`: a dot, the currency's decimals, no grouping.
    public var plain: String { MoneyFormat.plain(minorUnits, currency) }

    /// `$1,234.50` in `locale`.
    public func formatted(_ locale: String) -> String { MoneyFormat.format(minorUnits, currency, locale: locale) }
}
