import InvoicDiagnostics

/// A schedule edited after `invoic recur` wrote some of its invoices must not produce an
/// occurrence inside what is written: one whose period overlaps a written invoice's (a second
/// invoice for the same weeks), or one dated before the last written (numbered out of order,
/// which every later `recur` would trip over). The written invoices are known by their
/// `occurrence:` and their period: the `period:` they state, else to the day before the next
/// written occurrence, the last one by the schedule (or, when the schedule no longer has its
/// date, by the step between the last two).
enum RecurringSchedulesKeepWhatIsWritten: BookCheck {
    static let rule = Rule(.recurringOverlap, summary: "an edited schedule would write into what it wrote before",
        explanation: """
        `invoic recur` wrote invoices for a schedule in `recurring/`, and the schedule was changed
        since (its `start:`, `on:` or `every:`): it now has an occurrence with no invoice before the
        end of the last written period. Written, it would bill a period a second time, or take a
        number before invoices already issued. The written invoices stay as they are; start the
        schedule after the last written period (or undo the change).
        """,
        example: """
        # file: invoices/INV-0001.yaml (written by `invoic recur`)
        occurrence: 2026-09-25   # covers 2026-09-25 to 2026-10-24
        # file: recurring/support.yaml
        on: 1   <- was 25: 2026-10-01 falls inside INV-0001's period
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        guard !book.recurring.isEmpty else { return }
        var written: [String: [(number: String, date: Day, stated: DayRange?)]] = [:]
        for invoice in book.invoices {
            guard let name = invoice.recurring?.value, let date = invoice.occurrence?.value else { continue }
            written[name, default: []].append((invoice.number, date, invoice.period?.value))
        }
        for schedule in book.recurring {
            guard let list = written[schedule.name]?.sorted(by: { $0.date < $1.date }), let last = list.last else { continue }
            let dates = Set(list.map(\.date))
            // Each written invoice's period.
            var periods: [(number: String, range: DayRange)] = []
            for (index, entry) in list.enumerated() {
                if let stated = entry.stated {
                    periods.append((entry.number, stated))
                } else if index + 1 < list.count {
                    periods.append((entry.number, DayRange(from: entry.date, to: max(entry.date, list[index + 1].date.adding(days: -1)))))
                } else {
                    periods.append((entry.number, lastPeriod(schedule, list.map(\.date))))
                }
            }
            let end = periods.map(\.range.to).max() ?? last.date
            guard let conflict = schedule.occurrences(through: end).first(where: { !dates.contains($0) }) else { continue }
            let message: String
            if let covering = periods.first(where: { $0.range.from <= conflict && conflict <= $0.range.to }) {
                message = "`\(schedule.name)` now falls due on \(conflict), inside the period \(covering.number) was written for "
                    + "(\(covering.range.from) to \(covering.range.to))"
            } else {
                let later = list.first { $0.date > conflict } ?? last
                message = "`\(schedule.name)` now falls due on \(conflict), before \(later.number) (\(later.date)) was written for it: "
                    + "its invoice would be numbered out of order"
            }
            let after = end.adding(days: 1)
            diagnostics.append(.error(rule.code, message, file: schedule.file, range: changedLine(schedule, list.map(\.date)),
                                      help: "the written invoices stay; start the schedule after \(end) (`start: \(after)`), or undo the change"))
        }
    }

    /// The period of the last written invoice without a stated one: to the day before the
    /// schedule's next occurrence when the schedule still has its date, else one step of the
    /// last two written dates (one step of the schedule when there is only one).
    private static func lastPeriod(_ schedule: Recurring, _ dates: [Day]) -> DayRange {
        let last = dates[dates.count - 1]
        if schedule.occurrences(through: last).last == last { return schedule.period(startingOn: last) }
        var next: Day?
        if dates.count >= 2 {
            let previous = dates[dates.count - 2]
            let months = (last.year - previous.year) * 12 + last.month - previous.month
            if months > 0, previous.day == last.day { next = addingMonths(months, to: last) }
            else { next = last.adding(days: previous.days(until: last)) }
        } else {
            let interval = schedule.every.value
            switch interval.unit {
            case .day: next = last.adding(days: interval.count)
            case .week: next = last.adding(days: 7 * interval.count)
            case .month: next = addingMonths(interval.count, to: last)
            case .quarter: next = addingMonths(3 * interval.count, to: last)
            case .year: next = addingMonths(12 * interval.count, to: last)
            }
        }
        return DayRange(from: last, to: max(last, (next ?? last).adding(days: -1)))
    }

    private static func addingMonths(_ months: Int, to day: Day) -> Day? {
        let total = day.year * 12 + day.month - 1 + months
        let year = total / 12, month = total % 12 + 1
        return Day(year: year, month: month, day: min(day.day, Day.daysIn(month: month, year: year)))
    }

    /// The line the written dates contradict, as the likeliest edit: `on:` when they fall on
    /// another day of the month, `every:` when their spacing is no multiple of it, else `start:`.
    private static func changedLine(_ schedule: Recurring, _ dates: [Day]) -> SourceRange {
        let unit = schedule.every.value.unit
        if let on = schedule.on, unit != .day, unit != .week,
           dates.contains(where: { $0.day != min(on.value, Day.daysIn(month: $0.month, year: $0.year)) }) {
            return on.range
        }
        let count = schedule.every.value.count
        for (first, second) in zip(dates, dates.dropFirst()) {
            let fits: Bool
            switch unit {
            case .day: fits = first.days(until: second) % count == 0
            case .week: fits = first.days(until: second) % (7 * count) == 0
            case .month, .quarter, .year:
                let step = count * (unit == .month ? 1 : unit == .quarter ? 3 : 12)
                fits = ((second.year - first.year) * 12 + second.month - first.month) % step == 0
            }
            if !fits { return schedule.every.range }
        }
        return schedule.start.range
    }
}

extension DiagnosticCode {
    public static let recurringOverlap = DiagnosticCode("recurring-overlap")
}
