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

    init(locale: String, currency: Currency) {
        self.locale = locale
        self.currency = currency
    }

    /// The locale's date and percent styles, made on the first text ICU is asked for and kept per
    /// locale: a document makes several DocumentTexts (one for its language tag alone), and a
    /// warm run finds its texts among `ICUAnswers` and needs none.
    private struct Styles: Sendable {
        var date: Date.FormatStyle
        var numericDate: Date.FormatStyle
        var percent: Decimal.FormatStyle.Percent

        init(locale: String) {
            let foundationLocale = Locale(identifier: locale)
            let utc = TimeZone(identifier: "UTC")!
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = utc
            // The `yMMMd` skeleton: `Mar 12, 2026` (en_US), `12. März 2026` (de_DE), `12 mars 2026` (fr_FR).
            date = Date.FormatStyle(date: .omitted, time: .omitted, locale: foundationLocale, calendar: calendar, timeZone: utc)
                .year().month(.abbreviated).day()
            // `27.11.2026` (de_DE), `11/27/2026` (en_US): a ledger's date column, narrower than `yMMMd`.
            numericDate = Date.FormatStyle(date: .omitted, time: .omitted, locale: foundationLocale, calendar: calendar, timeZone: utc)
                .year().month(.twoDigits).day(.twoDigits)
            percent = Decimal.FormatStyle.Percent(locale: foundationLocale).precision(.fractionLength(0...3))
        }
    }
    private static let styles = Mutex<[String: Styles]>([:])

    private var styles: Styles {
        if let known = Self.styles.withLock({ $0[locale] }) { return known }
        let made = Styles(locale: locale)
        Self.styles.withLock { $0[locale] = made }
        return made
    }

    /// The key of an ICU text: what it is, the locale and the value (`ICUAnswers`).
    private func key(_ kind: String, _ value: Int) -> String { "\(kind)\u{0}\(locale)\u{0}\(value)" }

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
        ICUAnswers.shared.text(key("date", day.ordinal)) {
            styles.date.format(Date(timeIntervalSince1970: TimeInterval(day.ordinal) * 86_400))
        }
    }

    /// The day in digits, as the locale orders them.
    func numericDate(_ day: Day) -> String {
        ICUAnswers.shared.text(key("numeric-date", day.ordinal)) {
            styles.numericDate.format(Date(timeIntervalSince1970: TimeInterval(day.ordinal) * 86_400))
        }
    }

    /// `20%`, `8.25%`; `20 %` in de_DE. Exact: the rate has at most three decimals of a percent.
    /// Each rate is spelled by ICU once per locale (`ICUAnswers`, kept in the book's cache): a
    /// document with several rates prints one under every line, and a build the same few on every
    /// document (ICU's percent format was 2.5 % of a full build of the generated 1,000-document
    /// book, by perf, and 3 % of a one-shot `invoic pdf`).
    func rate(_ rate: Rate) -> String {
        ICUAnswers.shared.text(key("rate", rate.milliPercent)) {
            styles.percent.format(Decimal(sign: rate.milliPercent < 0 ? .minus : .plus, exponent: -5,
                                          significand: Decimal(rate.milliPercent.magnitude)))
        }
    }

    /// The BCP 47 tag of the locale (`de-AT`), for the PDF's /Lang and pango's language.
    var languageTag: String {
        // As [String]: joining a slice of Substrings is generic code that looks its types up at run time.
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).prefix(2).map(String.init)
        return parts.joined(separator: "-")
    }
}
