import InvoicDiagnostics

/// `recurring/NAME.yaml`: an invoice that repeats on a schedule. `invoic recur` writes each
/// occurrence that fell due as an ordinary invoice (with `recurring: NAME` and `occurrence:`),
/// numbered by the series; the schedule never changes a written invoice.
public struct Recurring: Sendable {
    public enum Unit: String, Sendable, CaseIterable {
        case day, week, month, quarter, year
    }

    /// Every `count` `unit`s: `month`, `2 weeks`, `6 months`.
    public struct Interval: Sendable, Hashable, CustomStringConvertible {
        public var count: Int
        public var unit: Unit

        public init(count: Int, unit: Unit) {
            self.count = count
            self.unit = unit
        }

        /// `month`, `2 weeks`, `every 6 months`, `monthly`; nil when it is none of these.
        public init?(_ text: String) {
            var words = text.lowercased().split(separator: " ").map(String.init)
            if words.first == "every" { words.removeFirst() }
            let adverbs = ["daily": Unit.day, "weekly": .week, "monthly": .month, "quarterly": .quarter, "yearly": .year, "annually": .year]
            var count = 1
            if words.count == 2, let number = Int(words[0]), (1...999).contains(number) {
                count = number
                words.removeFirst()
            }
            guard words.count == 1 else { return nil }
            let word = words[0]
            if let unit = adverbs[word], count == 1 {
                self.init(count: 1, unit: unit)
            } else if let unit = Unit(rawValue: word.hasSuffix("s") ? String(word.dropLast()) : word) {
                self.init(count: count, unit: unit)
            } else {
                return nil
            }
        }

        public var description: String { count == 1 ? unit.rawValue : "\(count) \(unit.rawValue)s" }
    }

    /// The folder of the schedules, beside invoices/.
    public static let folder = "recurring"

    /// The file stem: what each invoice's `recurring:` names.
    public var name: String
    public var file: String
    public var client: Located<String>
    public var every: Located<Interval>
    /// The day of the month (month, quarter, year); default: the start's day.
    public var on: Located<Int>?
    public var start: Located<Day>
    public var until: Located<Day>?
    /// Each invoice states the period it covers: from its occurrence to the day before the next.
    public var period = false
    /// The invoice keys as the file holds them (everything but the schedule), decoded as an
    /// invoice would be, for checks; `invoic recur` copies their text.
    public var body: Document?
    public var range: SourceRange

    /// The issue dates from `start` through `day` (and `until`), in order. Month ends clamp: a
    /// monthly invoice on the 31st is issued on 28 February.
    public func occurrences(through day: Day) -> [Day] {
        let last = min(day, until?.value ?? day)
        var result: [Day] = []
        var index = 0
        while let next = occurrence(index), next <= last, result.count < 100_000 {
            if next >= start.value { result.append(next) }
            index += 1
        }
        return result
    }

    /// Occurrence number `index` of the schedule (the first may fall before `start` when `on` is
    /// earlier in the month than the start's day; callers skip it).
    public func occurrence(_ index: Int) -> Day? {
        let interval = every.value
        switch interval.unit {
        case .day, .week:
            return start.value.adding(days: index * interval.count * (interval.unit == .week ? 7 : 1))
        case .month, .quarter, .year:
            let months = interval.count * (interval.unit == .month ? 1 : interval.unit == .quarter ? 3 : 12)
            let total = start.value.year * 12 + (start.value.month - 1) + index * months
            let year = total / 12, month = total % 12 + 1
            let wanted = on?.value ?? start.value.day
            return Day(year: year, month: month, day: min(wanted, Day.daysIn(month: month, year: year)))
        }
    }

    /// The period an invoice issued on `day` covers: to the day before the next occurrence.
    public func period(startingOn day: Day) -> DayRange {
        var index = 0
        while let next = occurrence(index), next <= day { index += 1 }
        let end = occurrence(index).map { $0.adding(days: -1) } ?? day
        return DayRange(from: day, to: max(day, end))
    }
}

extension Book {
    /// The occurrences of every schedule up to `day` that no invoice was written for yet, by date
    /// then schedule name: what `invoic recur` writes and `check` warns about.
    public func unwrittenOccurrences(through day: Day) -> [(schedule: Recurring, date: Day)] {
        var written: Set<String> = []
        for invoice in invoices {
            if let name = invoice.recurring?.value, let date = invoice.occurrence?.value { written.insert("\(name) \(date)") }
        }
        var result: [(schedule: Recurring, date: Day)] = []
        for schedule in recurring {
            for date in schedule.occurrences(through: day) where !written.contains("\(schedule.name) \(date)") {
                result.append((schedule, date))
            }
        }
        return result.sorted { ($0.date, $0.schedule.name) < ($1.date, $1.schedule.name) }
    }
}
