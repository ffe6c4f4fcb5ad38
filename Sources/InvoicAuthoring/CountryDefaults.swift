import Foundation
import InvoicMoney

/// What `invoic init` writes for a business in a country: its currency, its standard VAT (or
/// GST, consumption tax) rate and the locale its documents are in. The rate is written into the
/// book as a plain `tax:`, so the book says what it charges and never depends on this table
/// again; the table only saves looking the rate up on the first day (docs/decisions.md).
public struct CountryDefaults: Sendable, Equatable {
    /// ISO 3166-1 alpha-2, upper-case: `DE`.
    public var country: String
    public var name: String
    public var currency: Currency
    /// The standard rate; nil where there is none for the whole country (US sales tax).
    public var tax: String?
    /// The locale documents are written in, e.g. `de_DE`.
    public var locale: String
    /// Whether reminder fees and default interest are turnover (consideration for the supply)
    /// rather than damages outside VAT: `false` for Germany (UStAE 1.3 (6): Mahngebühren and
    /// Verzugszinsen are Schadensersatz) and Austria (UStR 2000 on § 1: Mahnspesen and
    /// Verzugszinsen are echter Schadenersatz), nil where invoic's table does not say; the VAT
    /// return counts them only when true.
    public var reminderFeesTaxed: Bool? = nil
    /// Whether a business on the cash basis deducts input VAT only when it pays the invoice:
    /// `true` for Austria (§ 12 (1) Z 1 lit. a UStG 1994, for Ist-Versteuerer), `false` for
    /// Germany (§ 15 (1) UStG: the invoice and the supply decide, on either basis), nil where the
    /// table does not say (then the invoice decides, the general rule of Art. 167 VAT Directive).
    public var inputTaxOnPayment: Bool? = nil

    /// The country's defaults, by code (`de`, `DE`); nil for one invoic has no row for.
    public static func named(_ code: String) -> CountryDefaults? {
        table.first { $0.country == code.uppercased() }
    }

    /// The country of a locale with a region (`de_AT` -> AT, `pt-PT` -> PT).
    public static func country(ofLocale locale: String) -> String? {
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard parts.count >= 2, let region = parts.last, region.count == 2, region.allSatisfy(\.isLetter) else { return nil }
        return region.uppercased()
    }

    /// The countries of `table`, in its order, without building it: `invoic init`'s help names
    /// them, and ArgumentParser reads every command's help on every run, `invoic pdf N` included,
    /// where parsing the whole table (currencies looked up, cells trimmed) was 2 % of the process
    /// (and Foundation's trimming, whose first use sets up CharacterSet, three quarters of the rest).
    public static let codes: [String] = rows.split(separator: "\n").map { row in
        String(row.prefix { $0 != "|" }.filter { !$0.isWhitespace })
    }

    /// Every row, in the order of `rows`.
    public static let table: [CountryDefaults] = rows.split(separator: "\n").map { row in
        let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        precondition(cells.count == 7, "CountryDefaults row \(row) has \(cells.count) cells")
        guard let currency = Currency.named(cells[2]) else { preconditionFailure("CountryDefaults row \(row): unknown currency") }
        precondition(["", "yes", "no"].contains(cells[5]) && ["", "yes", "no"].contains(cells[6]), "CountryDefaults row \(row): yes, no or empty")
        return CountryDefaults(country: cells[0], name: cells[1], currency: currency, tax: cells[3].isEmpty ? nil : cells[3], locale: cells[4],
                               reminderFeesTaxed: cells[5].isEmpty ? nil : cells[5] == "yes", inputTaxOnPayment: cells[6].isEmpty ? nil : cells[6] == "yes")
    }

    /// country|name|currency|standard rate|locale|reminder fees taxed|cash-basis input VAT on
    /// payment (the last two yes, no, or empty where invoic does not know; docs/accounting.md
    /// names the sources): at least the main countries of the 15
    /// languages the labels and the report speak. Standard rates as of 2026 (Finland 25.5 %
    /// since September 2024, Switzerland 8.1 % since 2024); the US has no national rate.
    private static let rows = """
        US|United States|USD||en_US||
        GB|United Kingdom|GBP|20%|en_GB||
        IE|Ireland|EUR|23%|en_IE||
        AU|Australia|AUD|10%|en_AU||
        DE|Germany|EUR|19%|de_DE|no|no
        AT|Austria|EUR|20%|de_AT|no|yes
        CH|Switzerland|CHF|8.1%|de_CH||
        FR|France|EUR|20%|fr_FR||
        BE|Belgium|EUR|21%|fr_BE||
        LU|Luxembourg|EUR|17%|fr_LU||
        ES|Spain|EUR|21%|es_ES||
        MX|Mexico|MXN|16%|es_MX||
        IT|Italy|EUR|22%|it_IT||
        NL|Netherlands|EUR|21%|nl_NL||
        PT|Portugal|EUR|23%|pt_PT||
        PL|Poland|PLN|23%|pl_PL||
        SE|Sweden|SEK|25%|sv_SE||
        DK|Denmark|DKK|25%|da_DK||
        NO|Norway|NOK|25%|nb_NO||
        FI|Finland|EUR|25.5%|fi_FI||
        CZ|Czechia|CZK|21%|cs_CZ||
        JP|Japan|JPY|10%|ja_JP||
        CN|China|CNY|13%|zh_CN||
        """
}
