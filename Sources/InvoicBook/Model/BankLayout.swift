import InvoicDiagnostics
import InvoicMoney

/// `bank:` in invoic.yaml: how `invoic match` reads the bank's CSV statements. camt.053/054 and
/// MT940 describe themselves; a CSV export is different at every bank, so the book says which
/// column holds what, how amounts and dates are written and which sign means money coming in.
public struct BankLayout: Sendable, Hashable {
    /// A column by its header text or, for a file without a header row, its position from 1.
    public enum Column: Sendable, Hashable, CustomStringConvertible {
        case named(String)
        case numbered(Int)

        public var description: String {
            switch self {
            case .named(let name): "`\(name)`"
            case .numbered(let number): "column \(number)"
            }
        }
    }

    /// The roles a column can have: `date`, `amount` (signed) or `credit` + `debit` (two unsigned
    /// columns), `direction` (a credit/debit marker column with `credit_marker`), `currency`,
    /// `remittance`, `counterparty`, `iban`, `reference`.
    public static let roles = ["date", "amount", "credit", "debit", "direction", "currency", "remittance", "counterparty", "iban", "reference"]

    public var columns: [String: Column] = [:]
    public var delimiter: Character = ","
    public var decimalComma = false
    /// `DD.MM.YYYY`, `YYYY-MM-DD`, `MM/DD/YYYY`, `DD/MM/YY`, ...: the order of DD, MM and YY(YY).
    public var dateFormat = "YYYY-MM-DD"
    /// Lines before the header row (some banks write the account and period first).
    public var skip = 0
    public var hasHeader = true
    public var encoding: Encoding = .utf8
    /// The statement's currency when no column gives it.
    public var currency: Currency?
    /// With a `direction` column: the value that marks money coming in (`H`, `CRDT`, `Credit`).
    public var creditMarker: String?
    /// Where `bank:` is written, for messages about the layout itself.
    public var range: SourceRange?

    public enum Encoding: String, Sendable, Hashable, CaseIterable {
        case utf8 = "utf-8", latin1 = "latin-1", windows1252 = "windows-1252"
    }

    public init() {}

    /// The order of day, month and year in `format`, and the width of the year; nil when it is
    /// not made of DD, MM and YY or YYYY with separators.
    public static func dateParts(_ format: String) -> (order: [Character], yearDigits: Int)? {
        var order: [Character] = []
        var yearDigits = 0
        var rest = Substring(format.uppercased())
        while let first = rest.first {
            if first == "D" || first == "M" || first == "Y" {
                let run = rest.prefix { $0 == first }
                guard !order.contains(first) else { return nil }
                if first == "Y" {
                    guard run.count == 2 || run.count == 4 else { return nil }
                    yearDigits = run.count
                } else if run.count != 2 { return nil }
                order.append(first)
                rest = rest.dropFirst(run.count)
            } else {
                guard !first.isLetter, !first.isNumber else { return nil }
                rest = rest.dropFirst()
            }
        }
        return order.count == 3 ? (order, yearDigits) : nil
    }
}
