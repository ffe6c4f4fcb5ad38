import InvoicDiagnostics
import InvoicYAML

extension DiagnosticCode {
    public static let invalidAccountName = DiagnosticCode("invalid-account-name")
}

/// The rules of `vat_basis:` and `ledger:` (invoic.yaml), listed with the decoder's.
enum LedgerRules {
    static let all: [Rule] = [
        Rule(.invalidAccountName, summary: "a `ledger:` account is not a name hledger and Beancount both read",
             explanation: "`invoic export-journal` writes the same account names for hledger and Beancount, so each name under `ledger:` follows Beancount's stricter grammar: components separated by `:`, each starting with a capital letter or a digit and made of letters, digits and `-`; the first component is the account's type (Assets, Liabilities, Income or Expenses, as the key asks: receivables are assets, VAT charged a liability).",
             example: "ledger:\n  receivable: assets:debtors   <- write Assets:Debtors"),
    ]
}

extension ValueReader {
    /// `vat_basis: accrual | cash`.
    mutating func vatBasis(_ node: YAMLNode?) -> Located<VATBasis>? {
        oneOf(node, VATBasis.allCases.map(\.rawValue), what: "VAT basis").flatMap { located in
            VATBasis(rawValue: located.value).map { Located($0, at: located.range) }
        }
    }

    /// `ledger:`: each key an account name, checked against the grammar both journal formats read
    /// and the account type the key asks for.
    mutating func ledgerAccounts(_ node: YAMLNode) -> LedgerAccounts? {
        guard let fields = fields(of: node, table: Schema.ledger, requireKeys: false) else { return nil }
        var accounts = LedgerAccounts()
        if let node = fields["datev"] { accounts.datev = datevSettings(node) }
        for (key, value) in fields.entries {
            guard let spec = LedgerAccounts.keys.first(where: { $0.name == key }), let name = text(value) else { continue }
            if let problem = LedgerAccounts.problem(with: name, roots: spec.roots) {
                error(.invalidAccountName, "`\(name)` is not an account name for `ledger: \(key)`: \(problem)", at: value.range,
                      help: "write it as hledger and Beancount both read it, e.g. `\(key): \(spec.defaultAccount)` (the default)")
                continue
            }
            accounts.names[key] = Located(name, at: value.range)
        }
        return accounts
    }

    /// `ledger: datev:`: numbers in DATEV's ranges, the fiscal year's start a real day.
    mutating func datevSettings(_ node: YAMLNode) -> DATEVSettings? {
        guard let fields = fields(of: node, table: KeyTable(name: "datev", keys: Schema.datevKeys)) else { return nil }
        func number(_ key: String, _ range: ClosedRange<Int>, _ what: String) -> Int? {
            guard let value = fields[key], let text = text(value) else { return nil }
            guard let number = Int(text), range.contains(number) else {
                error(.invalidNumber, "`\(text)` is not a DATEV \(what)", at: value.range,
                      help: "write the \(what) your tax adviser gives, a whole number from \(range.lowerBound) to \(range.upperBound)")
                return nil
            }
            return number
        }
        let consultant = number("consultant", 1001...9_999_999, "Beraternummer (consultant)")
        let client = number("client", 1...99_999, "Mandantennummer (client)")
        var start = (month: 1, day: 1)
        if let value = fields["fiscal_year_start"], let text = text(value) {
            let parts = text.split(separator: "-").map { Int($0) }
            if parts.count == 2, let month = parts[0], let day = parts[1], (1...12).contains(month), (1...Day.daysIn(month: month, year: 2027)).contains(day) {
                start = (month, day)
            } else {
                error(.invalidDate, "`\(text)` is not the first day of a fiscal year", at: value.range, help: "write it as MM-DD, e.g. `fiscal_year_start: 07-01`")
            }
        }
        let chart = oneOf(fields["chart"], DATEVSettings.Chart.allCases.map(\.rawValue), what: "chart of accounts").flatMap { DATEVSettings.Chart(rawValue: $0.value) }
        let encoding = oneOf(fields["encoding"], DATEVSettings.Encoding.allCases.map(\.rawValue), what: "encoding").flatMap { DATEVSettings.Encoding(rawValue: $0.value) }
        guard let consultant, let client else { return nil }
        return DATEVSettings(consultant: consultant, client: client, chart: chart ?? .skr03, fiscalYearMonth: start.month, fiscalYearDay: start.day, encoding: encoding ?? .windows1252)
    }
}
