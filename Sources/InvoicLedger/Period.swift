import InvoicBook

/// The span a VAT return, an EC Sales List or a journal covers: a year (`2026`), a quarter
/// (`2026-Q4`) or a month (`2026-11`), the periods tax offices ask returns for.
public struct Period: Sendable, Hashable, CustomStringConvertible {
    public let from: Day
    public let to: Day
    /// As written: `2026-Q4`.
    public let description: String

    public init(from: Day, to: Day, name: String) {
        self.from = from
        self.to = to
        description = name
    }

    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let yearText = parts.first, yearText.count == 4, let year = Int(yearText), year >= 1 else { return nil }
        var first = 1, last = 12
        switch parts.count {
        case 1: break
        case 2 where parts[1].count == 2 && (parts[1].first == "Q" || parts[1].first == "q"):
            guard let quarter = Int(parts[1].dropFirst()), (1...4).contains(quarter) else { return nil }
            first = quarter * 3 - 2
            last = quarter * 3
        case 2 where parts[1].count == 2:
            guard let month = Int(parts[1]), (1...12).contains(month) else { return nil }
            first = month
            last = month
        default: return nil
        }
        guard let start = Day(year: year, month: first, day: 1),
              let end = Day(year: year, month: last, day: Day.daysIn(month: last, year: year)) else { return nil }
        self.init(from: start, to: end, name: parts.count == 2 && parts[1].first == "q" ? "\(year)-Q\(parts[1].dropFirst())" : text)
    }

    public func contains(_ day: Day) -> Bool { from <= day && day <= to }

    /// How to write a period, for a usage error.
    public static let help = "write a year (2026), a quarter (2026-Q4) or a month (2026-11)"
}
