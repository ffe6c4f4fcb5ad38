import InvoicBook
import InvoicMoney
import InvoicReport

/// The EC Sales List (recapitulative statement; Zusammenfassende Meldung in Germany and
/// Austria): per client VAT number, the intra-EU supplies of goods (category K) and the services
/// to businesses in other EU countries (reverse charge, AE) of a period, credit notes netted.
/// Always by the date of the invoice or credit note, whatever `vat_basis:` says: § 18a UStG and
/// § 21 Abs. 3 UStG 1994 tie the list to the period the supply was invoiced in, not paid in.
public struct ECSalesList: Sendable {
    public struct Line: Sendable, Hashable {
        /// The client's VAT number as the lists want it: country prefix and number, no spaces.
        public var vatID: String
        public var clients: [String]
        public var currency: Currency
        public var goods: Int64
        public var services: Int64
    }

    public enum Layout: String, Sendable, CaseIterable {
        /// invoic's own columns: vat_id, country, clients, currency, goods, services.
        case plain
        /// The German BZSt (ELSTER) import of a Zusammenfassende Meldung.
        case bzst
        /// The Austrian Zusammenfassende Meldung (FinanzOnline).
        case atZM = "at-zm"
    }

    public var period: Period
    public var lines: [Line]
    /// Supplies to clients without a VAT number: they cannot be listed, and are named so they get one.
    public var missingVATID: [(client: String, document: String)]

    public init(book: Book, period: Period) {
        self.period = period
        var byID: [String: Line] = [:], missing: [(String, String)] = []
        for fact in SalesTaxFacts(book: book, basis: .accrual).facts where period.contains(fact.date) {
            let isGoods = fact.taxRate.category == .intraCommunity
            let isService = fact.taxRate.category == .reverseCharge && fact.destination == .eu
            guard isGoods || isService else { continue }
            guard let written = fact.vatID else {
                if !missing.contains(where: { $0.0 == fact.client && $0.1 == fact.document }) { missing.append((fact.client, fact.document)) }
                continue
            }
            let id = written.uppercased().filter { $0.isLetter || $0.isNumber }
            let key = id + " " + fact.currency.code
            var line = byID[key] ?? Line(vatID: id, clients: [], currency: fact.currency, goods: 0, services: 0)
            if !line.clients.contains(fact.client) { line.clients.append(fact.client) }
            if isGoods { line.goods += fact.taxable } else { line.services += fact.taxable }
            byID[key] = line
        }
        lines = byID.values.sorted { ($0.vatID, $0.currency.code) < ($1.vatID, $1.currency.code) }
        missingVATID = missing
    }

    /// The layout a business in `country` files: BZSt for Germany, ZM for Austria, else invoic's own.
    public static func defaultLayout(forCountry country: String?) -> Layout {
        switch country?.uppercased() {
        case "DE": .bzst
        case "AT": .atZM
        default: .plain
        }
    }

    public func renderCSV(_ layout: Layout) -> String {
        func money(_ minor: Int64, _ currency: Currency) -> String { MoneyFormat.plain(minor, currency) }
        func whole(_ minor: Int64, _ currency: Currency) -> String { String(minor / currency.minorUnitsPerMajorUnit) }
        var out = ""
        switch layout {
        case .plain:
            out += CSV.line(["vat_id", "country", "clients", "currency", "goods", "services"])
            for line in lines {
                out += CSV.line([line.vatID, String(line.vatID.prefix(2)), line.clients.joined(separator: " "), line.currency.code,
                                 money(line.goods, line.currency), money(line.services, line.currency)])
            }
        case .bzst:
            // One row per VAT number and kind: L goods, S services (D, triangulation, is not
            // something invoic records). Whole euros, as the form takes them.
            out += CSV.line(["Länderkennzeichen und USt-IdNr.", "Betrag (EUR)", "Art der Leistung"])
            for line in lines where line.currency.code == "EUR" {
                if line.goods != 0 { out += CSV.line([line.vatID, whole(line.goods, line.currency), "L"]) }
                if line.services != 0 { out += CSV.line([line.vatID, whole(line.services, line.currency), "S"]) }
            }
        case .atZM:
            // One row per UID and kind, the amount in euros and cents; the flags mark a
            // triangular transaction (never, here) and a service.
            out += CSV.line(["UID-Nummer", "Summe der Bemessungsgrundlagen", "Dreiecksgeschäft", "Sonstige Leistung"])
            for line in lines where line.currency.code == "EUR" {
                if line.goods != 0 { out += CSV.line([line.vatID, money(line.goods, line.currency), "0", "0"]) }
                if line.services != 0 { out += CSV.line([line.vatID, money(line.services, line.currency), "0", "1"]) }
            }
        }
        return out
    }

    public func renderJSON() -> String {
        JSONValue.fields([
            ("period", .string(period.description)), ("from", .string(period.from.description)), ("to", .string(period.to.description)),
            ("lines", .array(lines.map { line in
                .fields([("vat_id", .string(line.vatID)), ("country", .string(String(line.vatID.prefix(2)))),
                         ("clients", .array(line.clients.map(JSONValue.string))), ("currency", .string(line.currency.code)),
                         ("goods", .string(MoneyFormat.plain(line.goods, line.currency))),
                         ("services", .string(MoneyFormat.plain(line.services, line.currency)))])
            })),
            ("missing_vat_id", .array(missingVATID.map { .fields([("client", .string($0.client)), ("document", .string($0.document))]) })),
        ]).written()
    }
}
