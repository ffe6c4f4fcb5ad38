import Foundation
import InvoicBook
import InvoicTestSupport
import Testing

/// Schedules in recurring/: when they fall due, how month ends clamp, the period each invoice
/// covers, and their mistakes reported at their lines.
@Suite struct RecurringTests {
    static func schedule(_ text: String, files: [String: String] = [:]) -> CheckedBook {
        TestBook(files.merging(["recurring/hosting.yaml": text]) { $1 }).check()
    }

    static func dates(_ text: String, through day: String) -> [String] {
        let checked = schedule("client: acme\nitems:\n  - { description: Hosting, price: 45.00 }\n" + text)
        return checked.book.recurring.first?.occurrences(through: Day(day)!).map(\.description) ?? ["no schedule: \(checked.diagnostics.map(\.message))"]
    }

    @Test func intervalsReadAsPeopleWriteThem() {
        #expect(Recurring.Interval("month") == Recurring.Interval(count: 1, unit: .month))
        #expect(Recurring.Interval("2 weeks") == Recurring.Interval(count: 2, unit: .week))
        #expect(Recurring.Interval("every 6 months") == Recurring.Interval(count: 6, unit: .month))
        #expect(Recurring.Interval("quarterly") == Recurring.Interval(count: 1, unit: .quarter))
        #expect(Recurring.Interval("fortnight") == nil && Recurring.Interval("0 days") == nil && Recurring.Interval("2 monthly") == nil)
    }

    @Test func occurrencesClampToMonthEndsAndStopAtUntil() {
        #expect(Self.dates("every: month\nstart: 2027-01-31\n", through: "2027-05-01") == ["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30"])
        #expect(Self.dates("every: month\non: 25\nstart: 2026-11-25\nuntil: 2027-01-31\n", through: "2027-12-31") == ["2026-11-25", "2026-12-25", "2027-01-25"])
        #expect(Self.dates("every: month\non: 1\nstart: 2026-11-15\n", through: "2027-01-15") == ["2026-12-01", "2027-01-01"], "the first on-day after the start")
        #expect(Self.dates("every: quarter\nstart: 2026-01-01\n", through: "2026-12-31") == ["2026-01-01", "2026-04-01", "2026-07-01", "2026-10-01"])
        #expect(Self.dates("every: 2 weeks\nstart: 2026-11-02\n", through: "2026-12-01") == ["2026-11-02", "2026-11-16", "2026-11-30"])
        #expect(Self.dates("every: year\nstart: 2024-02-29\n", through: "2027-03-01") == ["2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28"])
        #expect(Self.dates("every: day\nstart: 2026-11-30\n", through: "2026-11-29") == [])
    }

    @Test func theNextOccurrenceEndsThePeriod() throws {
        let checked = Self.schedule("client: acme\nevery: month\non: 31\nstart: 2027-01-31\nperiod: true\nitems:\n  - { description: Hosting, price: 45.00 }\n")
        let schedule = try #require(checked.book.recurring.first)
        #expect(schedule.period(startingOn: Day("2027-01-31")!) == DayRange(from: Day("2027-01-31")!, to: Day("2027-02-27")!))
        #expect(schedule.period(startingOn: Day("2027-02-28")!) == DayRange(from: Day("2027-02-28")!, to: Day("2027-03-30")!))
    }

    @Test func mistakesAreReportedAtTheirLinesInTheScheduleFile() {
        let findings = { (text: String) in
            Self.schedule(text).diagnostics.filter { $0.severity == .error }.map { "\($0.file ?? "-"):\($0.range?.start.line ?? 0) \($0.code)" }
        }
        #expect(findings("client: acme\nevery: fortnightly\nstart: 2026-01-01\nitems:\n  - { description: X, price: 1.00 }\n") == ["recurring/hosting.yaml:2 wrong-type"])
        #expect(findings("client: acme\nevery: week\non: 3\nstart: 2026-01-01\nitems:\n  - { description: X, price: 1.00 }\n") == ["recurring/hosting.yaml:3 wrong-type"])
        #expect(findings("client: acme\nevery: week\nstart: 2026-01-01\nuntil: 2025-01-01\nitems:\n  - { description: X, price: 1.00 }\n") == ["recurring/hosting.yaml:4 invalid-date"])
        #expect(findings("client: acme\nevery: month\nstart: 2026-01-01\ntax: 20\nitems:\n  - { description: X, price: 1.00 }\n") == ["recurring/hosting.yaml:4 invalid-rate"],
                "an invoice key is decoded as an invoice's, at its line")
        #expect(findings("client: acme\nevery: month\nstart: 2026-01-01\nsent: 2026-01-02\nitems:\n  - { description: X, price: 1.00 }\n") == ["recurring/hosting.yaml:4 unknown-key"],
                "a key of one issued invoice, reported once")
        #expect(findings("client: nobody\nevery: month\nstart: 2026-01-01\nitems:\n  - { description: X, price: 1.00 }\n") == ["recurring/hosting.yaml:1 unknown-client"])
        #expect(findings("client: acme\nstart: 2026-01-01\nitems:\n  - { description: X, price: 1.00 }\n") == ["recurring/hosting.yaml:1 missing-key"])
        #expect(findings("client: acme\nevery: month\nstart: 2026-01-01\n") == ["recurring/hosting.yaml:1 missing-key"], "items")
    }

    @Test func writtenOccurrencesAreNotDueAgain() {
        let checked = Self.schedule("client: acme\nevery: month\nstart: 2026-09-01\nitems:\n  - { description: Support, price: 300.00 }\n", files: [
            "invoices/INV-0001.yaml": "client: acme\nissued: 2026-09-01\nrecurring: hosting\noccurrence: 2026-09-01\nitems:\n  - { description: Support, price: 300.00 }\n",
        ])
        #expect(checked.book.unwrittenOccurrences(through: Day("2026-11-21")!).map(\.date.description) == ["2026-10-01", "2026-11-01"])
        let warnings = RecurringInvoicesAreWritten.diagnostics(checked.book, today: Day("2026-11-21")!)
        #expect(warnings.map(\.message) == ["2 invoices of `hosting` fell due and are not written (2026-10-01, 2026-11-01)"])
        #expect(RecurringInvoicesAreWritten.diagnostics(checked.book, today: Day("2026-09-30")!).isEmpty)
    }
}
