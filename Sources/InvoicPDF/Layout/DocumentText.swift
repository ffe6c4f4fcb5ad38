import Foundation
import Synchronization
import InvoicBook
import InvoicMoney

/// Money, numbers, rates and dates as a document's locale writes them. Amounts are already
/// rounded by the book's rule; ICU (through Foundation's format styles) only spells them.
/// Nothing here depends on the machine's locale, time zone or clock.
struct DocumentText {
    let locale: String
    let currency: Currency
    private let dateStyle: Date.FormatStyle
    private let percentStyle: Decimal.FormatStyle.Percent
    private let numericDateStyle: Date.FormatStyle

    init(locale: String, currency: Currency) {
        self.locale = locale
        self.currency = currency
        let foundationLocale = Locale(identifier: locale)
        let utc = TimeZone(identifier: "UTC")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        // The `yMMMd` skeleton: `Mar 12, 2026` (en_US), `12. März 2026` (de_DE), `12 mars 2026` (fr_FR).
        dateStyle = Date.FormatStyle(date: .omitted, time: .omitted, locale: foundationLocale, calendar: calendar, timeZone: utc)
            .year().month(.abbreviated).day()
        percentStyle = Decimal.FormatStyle.Percent(locale: foundationLocale).precision(.fractionLength(0...3))
        // `27.11.2026` (de_DE), `11/27/2026` (en_US): a ledger's date column, narrower than `yMMMd`.
        numericDateStyle = Date.FormatStyle(date: .omitted, time: .omitted, locale: foundationLocale, calendar: calendar, timeZone: utc)
            .year().month(.twoDigits).day(.twoDigits)
    }

    func money(_ minorUnits: Int64) -> String { Money(minorUnits, currency).formatted(locale) }

    /// A unit price keeps every decimal it was written with (0.0125 USD stays 0.0125).
    func price(_ value: DecimalNumber) -> String { MoneyFormat.format(value, currency, locale: locale) }

    /// `2.5 h`, `1,200 words`, `3`.
    func quantity(_ value: DecimalNumber, unit: String?) -> String {
        let number = MoneyFormat.number(value, locale: locale)
        guard let unit, !unit.isEmpty else { return number }
        // A plain space: the cell never wraps, and a no-break space would cost the PDF a second font subset.
        return number + " " + unit
    }

    func date(_ day: Day) -> String {
        dateStyle.format(Date(timeIntervalSince1970: TimeInterval(day.ordinal) * 86_400))
    }

    /// The day in digits, as the locale orders them.
    func numericDate(_ day: Day) -> String {
        numericDateStyle.format(Date(timeIntervalSince1970: TimeInterval(day.ordinal) * 86_400))
    }

    /// `20%`, `8.25%`; `20 %` in de_DE. Exact: the rate has at most three decimals of a percent.
    /// Each rate is spelled by ICU once per locale and process: a document with several rates
    /// prints one under every line, and a build the same few on every document (ICU's percent
    /// format was 2.5 % of a full build of the generated 1,000-document book, by perf).
    func rate(_ rate: Rate) -> String {
        let key = RateKey(locale: locale, milliPercent: rate.milliPercent)
        if let known = Self.rates.withLock({ $0[key] }) { return known }
        let text = percentStyle.format(Decimal(sign: rate.milliPercent < 0 ? .minus : .plus, exponent: -5,
                                               significand: Decimal(rate.milliPercent.magnitude)))
        // Bounded: a book has a handful of rates; past this many, the rest are spelled each time.
        Self.rates.withLock { if $0.count < 256 { $0[key] = text } }
        return text
    }

    private struct RateKey: Hashable {
        var locale: String
        var milliPercent: Int
    }
    private static let rates = Mutex<[RateKey: String]>([:])

    /// The BCP 47 tag of the locale (`de-AT`), for the PDF's /Lang and pango's language.
    var languageTag: String {
        // As [String]: joining a slice of Substrings is generic code that looks its types up at run time.
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).prefix(2).map(String.init)
        return parts.joined(separator: "-")
    }
}
