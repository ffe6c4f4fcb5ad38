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
}
