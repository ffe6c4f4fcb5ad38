import Foundation
import InvoicBook
import InvoicTestSupport
import Testing

/// `reminders:` levels, fees and interest, computed exactly; recorded reminders move the next one
/// up a level and never change the invoice's figures.
@Suite struct ReminderTests {
    static let settings = """
        business: { name: Test Studio }
        defaults: { currency: EUR, locale: de_DE, terms: 14 }
        reminders:
          levels:
            - { after: 7 }
            - { after: 21, fee: 5.00 }
            - { after: 35, fee: 10.00 }
          interest: 12.27%

        """

    static func book(_ invoice: String, settings: String = settings, clients: [String: String] = ["acme": "name: Acme Corp\n"]) -> CheckedBook {
        TestBook(["invoices/INV-0001.yaml": invoice], settings: settings, clients: clients).check()
    }

    static let invoice = "client: acme\nissued: 2026-03-01\nsent: 2026-03-01\nitems:\n  - { description: Design, price: 1000.00 }\n"

    @Test func theLevelReachedWithItsFeeAndInterest() throws {
        let checked = Self.book(Self.invoice)
        #expect(checked.diagnostics.filter { $0.severity == .error }.isEmpty, "\(checked.diagnostics.map(\.message))")
        // Due 2026-03-15: 6 days late is no level yet.
        #expect(checked.book.remindersDue(on: Day("2026-03-21")!).isEmpty)
        let first = try #require(checked.book.remindersDue(on: Day("2026-03-22")!).first)
        #expect(first.level == 1 && first.fee == 0 && first.interestDays == 7 && first.due == 1000_00)
        #expect(first.interest == 2_35, "1000.00 x 12.27% x 7 / 365 = 2.3531")
        #expect(first.payBy == Day("2026-03-29") && first.total == 1002_35)
        // However late, the first reminder is level 1: no letter speaks of reminders never sent.
        let late = try #require(checked.book.remindersDue(on: Day("2026-04-30")!).first)
        #expect(late.level == 1 && late.fee == 0 && late.earlierFees == 0 && late.interest == 15_46, "46 days: 1000.00 x 12.27% x 46 / 365 = 15.4636")
    }

    @Test func recordedRemindersMoveTheNextLevelAndCountTheirFees() throws {
        let recorded = Self.invoice + "reminders:\n  - { date: 2026-03-22, level: 1, interest: 2.35 }\n  - { date: 2026-04-05, level: 2, fee: 5.00, interest: 7.06 }\n"
        let checked = Self.book(recorded)
        #expect(checked.diagnostics.filter { $0.severity == .error }.isEmpty, "\(checked.diagnostics.map(\.message))")
        #expect(checked.book.remindersDue(on: Day("2026-04-10")!).isEmpty, "level 2 is recorded and 3 is not reached")
        #expect(checked.book.remindersDue(on: Day("2026-04-18")!).isEmpty, "14 days must pass between levels 2 and 3")
        let third = try #require(checked.book.remindersDue(on: Day("2026-04-20")!).first)
        // The earlier fee and interest are on the account; interest runs on from the last reminder.
        #expect(third.level == 3 && third.earlierFees == 14_41 && third.fee == 10_00 && third.interestDays == 15)
        #expect(third.total == 1000_00 + 14_41 + 10_00 + third.interest)
        #expect(checked.book.invoice("INV-0001")?.figures?.total == 1000_00, "the invoice's figures stay as they are")
    }

    @Test func paymentsAndCreditNotesLowerWhatIsDueAndAPaidInvoiceIsNeverReminded() throws {
        let part = Self.book(Self.invoice + "payments:\n  - { date: 2026-03-20, amount: 400.00, method: bank_transfer }\n")
        #expect(part.book.remindersDue(on: Day("2026-03-22")!).first?.due == 600_00)
        let paid = Self.book(Self.invoice + "payments:\n  - { date: 2026-03-20, amount: 1000.00, method: bank_transfer }\n")
        #expect(paid.book.remindersDue(on: Day("2026-05-01")!).isEmpty)
        let draft = Self.book("client: acme\nissued: 2026-03-01\nitems:\n  - { description: Design, price: 1000.00 }\n")
        #expect(draft.book.remindersDue(on: Day("2026-05-01")!).isEmpty, "a draft is not overdue")
    }

    @Test func aClientsLevelsWinAndABookWithoutLevelsRemindsNobody() {
        let client = "name: Acme Corp\nreminders:\n  levels: [{ after: 30, fee: 40.00 }]\n"
        let checked = Self.book(Self.invoice, clients: ["acme": client])
        #expect(checked.book.remindersDue(on: Day("2026-04-10")!).isEmpty)
        #expect(checked.book.remindersDue(on: Day("2026-04-14")!).map { "\($0.level) \($0.fee) \($0.interest)" } == ["1 4000 0"])
        let none = Self.book(Self.invoice, settings: "business: { name: T }\ndefaults: { currency: EUR, terms: 14 }\n")
        #expect(none.book.remindersDue(on: Day("2026-12-01")!).isEmpty)
    }

    @Test func mistakesAreReportedAtTheirLines() {
        let unordered = Self.settings.replacingOccurrences(of: "{ after: 21, fee: 5.00 }", with: "{ after: 5, fee: 5.00 }")
        let findings = Self.book(Self.invoice, settings: unordered).diagnostics.map { "\($0.file ?? "-"):\($0.range?.start.line ?? 0) \($0.code)" }
        #expect(findings == ["invoic.yaml:6 wrong-type"])
        let early = Self.book(Self.invoice + "reminders:\n  - { date: 2026-02-01, level: 1 }\n").diagnostics.map { "\($0.range?.start.line ?? 0) \($0.code)" }
        #expect(early == ["7 date-before-issue"])
    }
}
