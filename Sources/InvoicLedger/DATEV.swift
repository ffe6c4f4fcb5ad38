import InvoicBook
import InvoicMoney

/// The journal as a DATEV "Buchungsstapel" (EXTF, header version 700, data category 21, format
/// version 13): the file a German tax adviser imports into DATEV Rechnungswesen. One booking per
/// line, each between a `Konto` (the bank, or the client's Debitor / the supplier's Kreditor) and
/// a `Gegenkonto`; a tax group is booked gross on the chart's revenue or expense account, with the
/// BU key that makes DATEV derive its VAT, so DATEV's VAT accounts hold what the return does.
/// The accounts come from the journal's transactions: the same facts, the same amounts.
public struct DATEVExport: Sendable {
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// One booking: `amount` (positive) on `account`, debit (`S`) or credit (`H`), against `contra`.
    public struct Booking: Sendable, Hashable {
        public var amount: Int64
        public var debit: Bool
        public var currency: Currency
        public var account: Int
        public var contra: Int
        public var taxKey: String
        public var date: Day
        public var document: String
        public var text: String
    }

    public var settings: DATEVSettings
    public var bookings: [Booking]
    public var from: Day
    public var to: Day
    public var title: String

    /// The chart's accounts (SKR03 / SKR04, 4-digit Sachkonten), named as DATEV's charts name them.
    struct Chart {
        var bank: Int, advances: Int, prepayments: Int, interest: Int, rounding: Int, expenses: Int, gain: Int, loss: Int
        /// Revenue: Erlöse 19 % / 7 % USt (automatic accounts: DATEV derives the VAT), steuerfreie
        /// innergemeinschaftliche Lieferungen § 4 Nr. 1b, Ausfuhr § 4 Nr. 1a, steuerfreie Umsätze
        /// § 4 Nr. 8 ff., sonstige Leistungen im übrigen Gemeinschaftsgebiet (§ 13b, § 18b), Leistungen
        /// nach § 13b (5) an inländische Unternehmer, im Inland nicht steuerbare Umsätze (Drittland).
        var standard19: Int, reduced7: Int, intraEU: Int, export: Int, exempt: Int, euServices: Int, domesticReverse: Int, notTaxable: Int

        static let skr03 = Chart(bank: 1200, advances: 1710, prepayments: 1510, interest: 2650, rounding: 8200, expenses: 4900, gain: 2660, loss: 2150,
                                 standard19: 8400, reduced7: 8300, intraEU: 8125, export: 8120, exempt: 8100, euServices: 8336, domesticReverse: 8337,
                                 notTaxable: 8338)
        static let skr04 = Chart(bank: 1800, advances: 3250, prepayments: 1180, interest: 7100, rounding: 4200, expenses: 6300, gain: 4840, loss: 6880,
                                 standard19: 4400, reduced7: 4300, intraEU: 4125, export: 4120, exempt: 4100, euServices: 4336, domesticReverse: 4337,
                                 notTaxable: 4338)
    }

    /// The journal's transactions dated in `period` (all when nil) as bookings. Refused, with the
    /// document to look at, when the book has no `ledger: datev:`, a booking is not in euros, a
    /// German VAT rate other than 19 % or 7 % is charged, or the bookings span two fiscal years.
    public init(journal: Journal, book: Book, purchases: Purchases, period: Period?) throws(Problem) {
        guard let settings = book.settings.ledger?.datev else {
            throw Problem(description: "invoic.yaml has no `ledger: datev:`; add `ledger: { datev: { consultant: 1001, client: 1, chart: SKR03 } }` with the numbers your tax adviser gives")
        }
        self.settings = settings
        title = book.settings.business.name
        let chart = settings.chart == .skr03 ? Chart.skr03 : Chart.skr04
        let accounts = book.settings.ledger ?? LedgerAccounts()
        // Personal accounts: Debitoren from 10000, Kreditoren from 70000, numbered in the order the
        // client or supplier first appears in the book (by date), so a new one never renumbers the others.
        var personal: [String: Int] = [:]
        var debitors = 10000, creditors = 70000
        for transaction in journal.transactions {
            for posting in transaction.postings {
                if posting.account.hasPrefix(accounts["receivable"] + ":"), personal[posting.account] == nil {
                    personal[posting.account] = debitors
                    debitors += 1
                } else if posting.account.hasPrefix(accounts["payable"] + ":"), personal[posting.account] == nil {
                    personal[posting.account] = creditors
                    creditors += 1
                }
            }
        }
        guard debitors <= 69999, creditors <= 99999 else { throw Problem(description: "more clients or suppliers than DATEV's personal accounts hold") }
        let expenseAccounts = Dictionary(uniqueKeysWithValues: book.suppliers.values.compactMap { supplier in
            supplier.account.flatMap(Int.init).map { (accounts["payable"] + ":" + Journal.component(supplier.id), $0) }
        })

        func sachkonto(_ account: String, amount: Int64, document: String) throws(Problem) -> Int {
            if account == accounts["bank"] { return chart.bank }
            if account.hasPrefix(accounts["advances"] + ":") { return chart.advances }
            if account.hasPrefix(accounts["prepayments"] + ":") { return chart.prepayments }
            if account == accounts["fees"] || account == accounts["interest"] { return chart.interest }
            if account == accounts["rounding"] { return chart.rounding }
            if account == accounts["exchange"] { return amount < 0 ? chart.gain : chart.loss }
            throw Problem(description: "\(document): the journal account `\(account)` has no DATEV account")
        }
        func number(_ posting: Journal.Posting, document: String) throws(Problem) -> Int {
            if let number = personal[posting.account] { return number }
            return try sachkonto(posting.account, amount: posting.amount, document: document)
        }
        func taxed(_ key: Journal.TaxKey, supplierAccount: Int?, document: String) throws(Problem) -> (account: Int, bu: String) {
            let rate = key.taxRate.rate, category = key.taxRate.category
            if key.purchase {
                let account = supplierAccount ?? chart.expenses
                if let own = key.selfAssessedRate {
                    let nineteen = own == Self.rate("19%"), seven = own == Self.rate("7%")
                    guard nineteen || seven else { throw Problem(description: "\(document): a self-assessed rate of \(own) has no DATEV key; book it by hand") }
                    return (account, category == .intraCommunity ? (nineteen ? "19" : "18") : (nineteen ? "94" : "91"))
                }
                if category == .standard && rate == Self.rate("19%") { return (account, "9") }
                if category == .standard && rate == Self.rate("7%") { return (account, "8") }
                if category == .standard && rate != .zero { throw Problem(description: "\(document): input VAT at \(rate) has no DATEV key; book it by hand") }
                return (account, "")
            }
            switch category {
            case .standard:
                if rate == Self.rate("19%") { return (chart.standard19, "") }
                if rate == Self.rate("7%") { return (chart.reduced7, "") }
                throw Problem(description: "\(document): VAT at \(rate) is not a German rate; the DATEV export books 19 % and 7 %")
            case .intraCommunity: return (chart.intraEU, "")
            case .export: return (chart.export, "")
            case .exempt: return (chart.exempt, "")
            case .reverseCharge: return (key.place == .eu ? chart.euServices : key.place == .domestic ? chart.domesticReverse : chart.notTaxable, "")
            default: return (chart.notTaxable, "")
            }
        }

        var bookings: [Booking] = []
        let chosen = journal.transactions.filter { period?.contains($0.date) ?? true }
        for transaction in chosen where transaction.kind != .opening {
            let parts = transaction.parts.isEmpty ? transaction.postings : transaction.parts
            guard let currency = parts.first?.currency else { continue }
            if let foreign = parts.first(where: { $0.currency.code != "EUR" })?.currency {
                throw Problem(description: "\(transaction.document) (\(transaction.file)) is in \(foreign.code): the DATEV export books euros only; book it by hand")
            }
            // The Konto: the bank when money moves, else the client's or supplier's personal account.
            guard let main = parts.first(where: { $0.account == accounts["bank"] }) ?? parts.first(where: { personal[$0.account] != nil }) else {
                throw Problem(description: "\(transaction.document): a transaction with neither the bank nor a client or supplier")
            }
            let konto = try number(main, document: transaction.document)
            let supplierAccount = parts.lazy.compactMap { expenseAccounts[$0.account] }.first
            // Everything else against it: tax groups gross (net + VAT, self-assessed VAT cancelling
            // out), the other accounts as they are.
            var groups: [(key: Journal.TaxKey, amount: Int64)] = []
            var others: [(account: Int, amount: Int64)] = []
            for part in parts where part.account != main.account || part.tax != nil {
                if let key = part.tax {
                    if let index = groups.firstIndex(where: { $0.key == key }) { groups[index].amount += part.amount } else { groups.append((key, part.amount)) }
                } else {
                    let account = try number(part, document: transaction.document)
                    others.append((account, part.amount))
                }
            }
            var lines: [(account: Int, bu: String, amount: Int64)] = []
            for group in groups {
                let mapped = try taxed(group.key, supplierAccount: supplierAccount, document: transaction.document)
                lines.append((mapped.account, mapped.bu, group.amount))
            }
            lines += others.map { ($0.account, "", $0.amount) }
            let text = String((transaction.payee + ", " + transaction.narration).prefix(60))
            for line in lines where line.amount != 0 {
                // A credit on the Gegenkonto is a debit on the Konto.
                bookings.append(Booking(amount: abs(line.amount), debit: line.amount < 0, currency: currency, account: konto, contra: line.account,
                                        taxKey: line.bu, date: transaction.date, document: transaction.document, text: text))
            }
        }
        self.bookings = bookings
        // A batch lies in one fiscal year: from its start to the day before the next.
        let first = period?.from ?? bookings.map(\.date).min() ?? journal.transactions.first?.date ?? Day(year: 2000, month: 1, day: 1)!
        let last = period?.to ?? bookings.map(\.date).max() ?? first
        let start = Self.fiscalYearStart(of: first, settings: settings)
        guard last < Self.fiscalYearStart(of: first, settings: settings, next: true) else {
            throw Problem(description: "the bookings run from \(first) to \(last), over more than the fiscal year from \(start); a DATEV batch holds one: pass --period \(first.year)")
        }
        from = first
        to = last
    }

    static func rate(_ text: String) -> Rate {
        guard case .success(let rate) = Rate.parse(text) else { preconditionFailure(text) }
        return rate
    }

    /// The first day of the fiscal year `day` is in (or of the next one).
    static func fiscalYearStart(of day: Day, settings: DATEVSettings, next: Bool = false) -> Day {
        let (month, date) = (settings.fiscalYearMonth, settings.fiscalYearDay)
        var year = day.year
        if let start = Day(year: year, month: month, day: date), day < start { year -= 1 }
        return Day(year: year + (next ? 1 : 0), month: month, day: date)!
    }

    /// The file: the EXTF header line, the column names, one booking a line; fields separated by
    /// `;`, texts in double quotes (a quote doubled), amounts with a decimal comma, lines ended by
    /// CRLF; Windows-1252, or UTF-8 after a byte order mark.
    public func render() -> [UInt8] {
        let header: [String] = [
            q("EXTF"), "700", "21", q("Buchungsstapel"), "13",
            // "Erzeugt am": the last booking's day, so the same book gives the same bytes.
            Self.compact(to) + "000000000", "", q(""), q(""), q(""),
            String(settings.consultant), String(settings.client), Self.compact(Self.fiscalYearStart(of: from, settings: settings)), "4",
            Self.compact(from), Self.compact(to), q(String(("invoic " + title).prefix(30))), q(""), "1", "0", "0", q("EUR"), "", q(""), "", "",
            q(settings.chart == .skr03 ? "03" : "04"), "", "", q(""), q(""),
        ]
        let columns = ["Umsatz (ohne Soll/Haben-Kz)", "Soll/Haben-Kennzeichen", "WKZ Umsatz", "Kurs", "Basis-Umsatz", "WKZ Basis-Umsatz", "Konto",
                       "Gegenkonto (ohne BU-Schlüssel)", "BU-Schlüssel", "Belegdatum", "Belegfeld 1", "Belegfeld 2", "Skonto", "Buchungstext"]
        var text = header.joined(separator: ";") + "\r\n" + columns.joined(separator: ";") + "\r\n"
        for booking in bookings {
            let fields = [
                MoneyFormat.plain(booking.amount, booking.currency).replacingOccurrences(of: ".", with: ","), q(booking.debit ? "S" : "H"),
                q(booking.currency.code), "", "", q(""), String(booking.account), String(booking.contra), q(booking.taxKey),
                Self.dayMonth(booking.date), q(booking.document), q(""), "", q(booking.text),
            ]
            text += fields.joined(separator: ";") + "\r\n"
        }
        switch settings.encoding {
        case .utf8: return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        case .windows1252: return Self.windows1252(text)
        }
    }

    private func q(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"").replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ") + "\""
    }

    static func compact(_ day: Day) -> String { day.description.replacingOccurrences(of: "-", with: "") }

    /// Belegdatum: TTMM, the year being the batch's.
    static func dayMonth(_ day: Day) -> String {
        let digits = compact(day)
        return String(digits.suffix(2)) + String(digits.dropFirst(4).prefix(2))
    }

    /// Windows-1252: ASCII and Latin-1 as they are, the 27 characters of 0x80-0x9F by their table,
    /// anything else (it has no byte) as `?`.
    static func windows1252(_ text: String) -> [UInt8] {
        let high: [UInt32: UInt8] = [
            0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87, 0x02C6: 0x88, 0x2030: 0x89,
            0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C, 0x017D: 0x8E, 0x2018: 0x91, 0x2019: 0x92, 0x201C: 0x93, 0x201D: 0x94, 0x2022: 0x95,
            0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98, 0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B, 0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
        ]
        return text.unicodeScalars.map { scalar in
            if scalar.value < 0x80 || (0xA0...0xFF).contains(scalar.value) { return UInt8(scalar.value) }
            return high[scalar.value] ?? 0x3F
        }
    }
}
