/// `vat_basis:` in invoic.yaml: when a sale counts for VAT. On `accrual` (the default, the
/// law's rule) by the invoice's date, on `cash` (Germany's Ist-Versteuerung, Austria's
/// Istbesteuerung, open to small businesses) by the day the money came in (docs/accounting.md).
public enum VATBasis: String, Sendable, CaseIterable {
    case accrual, cash
}

/// `ledger:` in invoic.yaml: the account names `invoic export-journal` posts to. Each is a full
/// account name (`Assets:Receivable`); those marked "per ..." get one sub-account per client,
/// rate or supplier appended (`Assets:Receivable:Meridian`).
public struct LedgerAccounts: Sendable, Hashable {
    /// One key of the `ledger:` block: its default and the account types (first components)
    /// it may be under, so hledger and Beancount both file it where an accountant expects it.
    public struct Key: Sendable, Hashable {
        public let name: String
        public let defaultAccount: String
        public let roots: [String]
        public let help: String
    }

    /// Every key, in the order docs/book-format.md lists them.
    public static let keys: [Key] = [
        Key(name: "receivable", defaultAccount: "Assets:Receivable", roots: ["Assets"], help: "what clients owe, per client"),
        Key(name: "income", defaultAccount: "Income", roots: ["Income"], help: "turnover of lines with a category, per category"),
        Key(name: "sales", defaultAccount: "Income:Sales", roots: ["Income"], help: "turnover of lines without a category"),
        Key(name: "output_vat", defaultAccount: "Liabilities:VAT:Output", roots: ["Liabilities"], help: "VAT charged, per rate"),
        Key(name: "bank", defaultAccount: "Assets:Bank", roots: ["Assets"], help: "where payments arrive and refunds leave"),
        Key(name: "fees", defaultAccount: "Income:ReminderFees", roots: ["Income"], help: "reminder fees"),
        Key(name: "interest", defaultAccount: "Income:Interest", roots: ["Income"], help: "late-payment interest"),
        Key(name: "rounding", defaultAccount: "Income:Rounding", roots: ["Income", "Expenses"], help: "the rounding of amounts due (BT-114)"),
        Key(name: "advances", defaultAccount: "Liabilities:Advances", roots: ["Liabilities"], help: "`prepaid:` amounts settled outside the book, per client"),
        Key(name: "withholding", defaultAccount: "Assets:Withholding", roots: ["Assets"], help: "taxes clients withheld (`withholding:`), a claim on the tax office, per kind (IRPF)"),
        Key(name: "payable", defaultAccount: "Liabilities:Payable", roots: ["Liabilities"], help: "what the business owes suppliers, per supplier"),
        Key(name: "expenses", defaultAccount: "Expenses", roots: ["Expenses"], help: "purchases with a category, per category"),
        Key(name: "purchases", defaultAccount: "Expenses:Purchases", roots: ["Expenses"], help: "purchases without a category"),
        Key(name: "input_vat", defaultAccount: "Assets:VAT:Input", roots: ["Assets"], help: "VAT paid on purchases, per rate; self-assessed VAT deducted, per kind (ReverseCharge, Acquisition) and rate"),
        Key(name: "self_assessed_vat", defaultAccount: "Liabilities:VAT:SelfAssessed", roots: ["Liabilities"],
            help: "VAT owed on reverse-charge purchases (per origin) and intra-EU acquisitions, per rate"),
        Key(name: "prepayments", defaultAccount: "Assets:Prepayments", roots: ["Assets"], help: "amounts paid to a supplier before its invoice (BT-113), per supplier"),
        Key(name: "opening", defaultAccount: "Equity:Opening-Balances", roots: ["Equity"], help: "the other side of the opening balances of a `--period` export"),
        Key(name: "exchange", defaultAccount: "Income:Exchange-Differences", roots: ["Income", "Expenses"], help: "gains and losses on payments in another currency than the book's"),
    ]

    /// The names the book gives, by key; the others keep their defaults.
    public var names: [String: Located<String>]
    /// `ledger: datev:`, what `invoic export-journal --format datev` writes in its header.
    public var datev: DATEVSettings?

    public init(names: [String: Located<String>] = [:]) { self.names = names }

    /// The account of `key` ("receivable", ...): the book's name or the default.
    public subscript(key: String) -> String {
        names[key]?.value ?? Self.keys.first { $0.name == key }?.defaultAccount ?? key
    }

    /// Why `name` is not an account name both hledger and Beancount read under one of `roots`,
    /// or nil when it is. Beancount's grammar is the stricter: components separated by `:`,
    /// each a capital letter or digit followed by letters, digits or hyphens, and the first one
    /// of its five account types.
    public static func problem(with name: String, roots: [String]) -> String? {
        let components = name.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let root = components.first, roots.contains(root) else {
            if let root = components.first, let meant = roots.first(where: { $0.lowercased() == root.lowercased() }) {
                return "its type is written `\(meant)`"
            }
            return "it must start with \(roots.map { "`\($0):`" }.joined(separator: " or "))"
        }
        for component in components {
            if let problem = componentProblem(component) { return problem }
        }
        return nil
    }

    private static func componentProblem(_ component: String) -> String? {
        guard let first = component.unicodeScalars.first else { return "it has an empty component (`::` or a `:` at an end)" }
        guard first.properties.isUppercase || ("0"..."9").contains(first) else {
            return "its component `\(component)` must start with a capital letter or a digit"
        }
        if let bad = component.unicodeScalars.first(where: { !($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }) {
            return "its component `\(component)` has `\(bad)`; use letters, digits and `-` only"
        }
        return nil
    }
}

/// `ledger: datev:` in invoic.yaml: the consultant's and client's numbers, the chart of accounts
/// and the fiscal year a DATEV "Buchungsstapel" names in its header (docs/accounting.md).
public struct DATEVSettings: Sendable, Hashable {
    public enum Chart: String, Sendable, CaseIterable { case skr03 = "SKR03", skr04 = "SKR04" }
    public enum Encoding: String, Sendable, CaseIterable { case windows1252 = "windows-1252", utf8 = "utf-8" }

    /// Beraternummer (1001-9999999) and Mandantennummer (1-99999), from the tax adviser.
    public var consultant: Int
    public var client: Int
    public var chart: Chart
    /// The first month and day of the fiscal year (Wirtschaftsjahresbeginn); 1 January by default.
    public var fiscalYearMonth: Int
    public var fiscalYearDay: Int
    public var encoding: Encoding

    public init(consultant: Int, client: Int, chart: Chart = .skr03, fiscalYearMonth: Int = 1, fiscalYearDay: Int = 1, encoding: Encoding = .windows1252) {
        self.consultant = consultant
        self.client = client
        self.chart = chart
        self.fiscalYearMonth = fiscalYearMonth
        self.fiscalYearDay = fiscalYearDay
        self.encoding = encoding
    }
}
