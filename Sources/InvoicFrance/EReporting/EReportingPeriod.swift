import InvoicBook

/// The span one e-reporting transmission covers. French law sets it by the seller's VAT regime
/// (docs/france.md, "E-reporting"): a decade (1-10, 11-20, 21-end of month) under the réel
/// normal mensuel, a month under the réel normal trimestriel and the régime simplifié, two
/// months (January-February, ...) under the franchise en base. Written `2026-09-D1`, `2026-09`,
/// `2026-B5` (the fifth pair of months: September-October).
public struct EReportingPeriod: Sendable, Hashable, CustomStringConvertible {
    public enum Length: String, Sendable {
        case decade, month, twoMonths = "two months"
    }

    public let from: Day
    public let to: Day
    public let length: Length
    /// As written, and as it appears in the file names and the transmission id: `2026-09-D1`.
    public let description: String

    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, parts.count <= 3, parts[0].count == 4, parts[0].allSatisfy(\.isASCIIDigit),
              let year = Int(parts[0]), (2000...2099).contains(year) else { return nil }
        if parts.count == 2, parts[1].count == 2, parts[1].first == "B", let pair = Int(parts[1].dropFirst()), (1...6).contains(pair),
           parts[1].dropFirst().allSatisfy(\.isASCIIDigit) {
            let first = pair * 2 - 1
            guard let start = Day(year: year, month: first, day: 1),
                  let end = Day(year: year, month: first + 1, day: Day.daysIn(month: first + 1, year: year)) else { return nil }
            (from, to, length, description) = (start, end, .twoMonths, text)
            return
        }
        guard parts[1].count == 2, parts[1].allSatisfy(\.isASCIIDigit), let month = Int(parts[1]), (1...12).contains(month) else { return nil }
        let last = Day.daysIn(month: month, year: year)
        if parts.count == 2 {
            guard let start = Day(year: year, month: month, day: 1), let end = Day(year: year, month: month, day: last) else { return nil }
            (from, to, length, description) = (start, end, .month, text)
            return
        }
        guard parts[2].count == 2, parts[2].first == "D", let decade = Int(parts[2].dropFirst()), (1...3).contains(decade),
              let start = Day(year: year, month: month, day: decade * 10 - 9),
              let end = Day(year: year, month: month, day: decade == 3 ? last : decade * 10) else { return nil }
        (from, to, length, description) = (start, end, .decade, text)
    }

    public func contains(_ day: Day) -> Bool { from <= day && day <= to }

    /// How to write one, for a usage error.
    public static let help = "write a decade (2026-09-D1, -D2 or -D3), a month (2026-09) or two months (2026-B5: September-October)"
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
