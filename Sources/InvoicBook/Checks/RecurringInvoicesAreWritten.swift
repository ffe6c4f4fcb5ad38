import InvoicDiagnostics

/// Occurrences of a schedule in `recurring/` that fell due and have no invoice yet. It depends
/// on the day, so it is not one of the book's checks: `invoic check` asks with its `--today`.
public enum RecurringInvoicesAreWritten {
    static let rule = Rule(.recurringNotWritten, summary: "a recurring invoice fell due and is not written yet",
        explanation: """
        A schedule in `recurring/` has an occurrence on or before today with no invoice that says
        `recurring: NAME` and `occurrence: DATE`. `invoic recur --apply` writes every such invoice, numbered
        by the series in date order; running it again writes nothing new.
        """,
        example: """
        # file: recurring/hosting.yaml
        every: month   <- 2026-11-25 fell due: run `invoic recur --apply`
        start: 2026-11-25
        """)

    public static func diagnostics(_ book: Book, today: Day) -> [Diagnostic] {
        var dates: [String: [Day]] = [:]
        for (schedule, date) in book.unwrittenOccurrences(through: today) { dates[schedule.file, default: []].append(date) }
        // A schedule edited into what it wrote has its error (`recurring-overlap`); `recur` would
        // refuse it, so it is not also told to run.
        var overlapping: [Diagnostic] = []
        RecurringSchedulesKeepWhatIsWritten.check(book, into: &overlapping)
        let edited = Set(overlapping.compactMap(\.file))
        return book.recurring.compactMap { schedule in
            guard let pending = dates[schedule.file], !edited.contains(schedule.file) else { return nil }
            let shown = pending.prefix(3).map(\.description).joined(separator: ", ") + (pending.count > 3 ? ", ..." : "")
            return .warning(rule.code, "\(pending.count == 1 ? "an invoice" : "\(pending.count) invoices") of `\(schedule.name)` fell due and \(pending.count == 1 ? "is" : "are") not written (\(shown))",
                            file: schedule.file, range: schedule.every.range, help: "run `invoic recur --apply` to write \(pending.count == 1 ? "it" : "them")")
        }
    }
}

extension DiagnosticCode {
    public static let recurringNotWritten = DiagnosticCode("recurring-not-written")
}
