import InvoicDiagnostics
import InvoicMoney

/// `reminders:` in invoic.yaml or a client's file: when an overdue invoice is reminded, at which
/// fee, and the yearly interest on what is due (German Verzugszinsen: the base rate plus 9 points
/// between businesses; the rate is written in the book, never looked up).
public struct ReminderPolicy: Sendable {
    public struct Level: Sendable {
        /// Days past the due date.
        public var after: Int
        /// In the invoice's currency; none when nil.
        public var fee: DecimalNumber?
    }

    /// By `after`, the first level first.
    public var levels: [Level]
    public var interest: Rate?
    public var range: SourceRange
}

/// A reminder as recorded in an invoice (`invoic remind --apply`): what was asked for, when.
public struct ReminderRecord: Sendable {
    public var date: Located<Day>
    public var level: Located<Int>
    public var fee: Located<DecimalNumber>?
    public var interest: Located<DecimalNumber>?
    public var range: SourceRange
}

/// A reminder to send now: the overdue invoice, the level it reached, its account, and the money,
/// exactly. Fees and interest are claims beside the invoice: they never change its figures.
public struct Reminder: Sendable {
    public var invoice: Document
    /// The invoice's account on the reminder's day: what it asked for and everything since.
    public var account: Account
    public var level: Int
    public var date: Day
    /// The new date to pay by: the reminder's date and the book's days to pay a reminder.
    public var payBy: Day
    public var currency: Currency { account.currency }
    /// What is still due on the invoice itself (after payments, credit notes and refunds).
    public var due: Int64 { account.balance - account.charges }
    /// The fees and interest of the reminders recorded before this one, not paid since.
    public var earlierFees: Int64 { account.charges }
    public var fee: Int64
    /// Interest on `due` since the due date, or since the last reminder that charged interest, at
    /// `rate` a year, days / 365.
    public var interest: Int64
    public var interestDays: Int
    public var rate: Rate?

    /// What the reminder asks for: the account's balance and this reminder's fee and interest.
    public var total: Int64 { account.balance + fee + interest }

    /// Days a client has to pay a reminder.
    public static let daysToPay = 7
}

extension Book {
    /// The client's reminder levels over the book's.
    public func reminderPolicy(for document: Document) -> ReminderPolicy? {
        clients[document.client.value]?.reminders ?? settings.reminders
    }

    /// Every overdue invoice that is due its next reminder on `today`. Levels are climbed one at a
    /// time: the first reminder is always level 1, however late the invoice is, and level N+1 is
    /// reached only once level N was recorded (`--apply`) and the days between the two levels
    /// have passed since, so no letter speaks of a reminder that was never sent. Invoices without
    /// a policy are never reminded.
    public func remindersDue(on today: Day) -> [Reminder] {
        var result: [Reminder] = []
        let conversions = self.conversions
        for invoice in invoices {
            guard status(of: invoice, today: today, conversions: conversions) == .overdue, let policy = reminderPolicy(for: invoice),
                  let figures = invoice.figures, let dueDate = figures.dueDate, let account = account(of: invoice, through: today) else { continue }
            let days = dueDate.days(until: today)
            let recorded = invoice.reminders.filter { $0.date.value <= today }
            let last = recorded.max { ($0.level.value, $0.date.value) < ($1.level.value, $1.date.value) }
            let next = (last?.level.value ?? 0) + 1
            guard next <= policy.levels.count, policy.levels[next - 1].after <= days else { continue }
            if let last, next >= 2 {
                let interval = policy.levels[next - 1].after - policy.levels[next - 2].after
                guard last.date.value.days(until: today) >= max(interval, 1) else { continue }
            }
            let due = account.balance - account.charges
            guard due > 0 else { continue }
            let fee = policy.levels[next - 1].fee?.minorUnits(in: figures.currency) ?? 0
            // Interest runs from the due date, or from the last reminder that charged it.
            let interestFrom = recorded.filter { $0.interest != nil }.map(\.date.value).max().map { max($0, dueDate) } ?? dueDate
            let interestDays = interestFrom.days(until: today)
            var interest: Int64 = 0
            if let rate = policy.interest, interestDays > 0 {
                interest = Int64(figures.rounding.divide(Int128(due) * Int128(rate.milliPercent) * Int128(interestDays), by: 100_000 * 365))
            }
            result.append(Reminder(invoice: invoice, account: account, level: next, date: today, payBy: today.adding(days: Reminder.daysToPay),
                                   fee: fee, interest: interest, interestDays: interestDays, rate: policy.interest))
        }
        return result
    }

    /// A document's figures priced on their own, for a document made outside the book (a reminder).
    public func priced(_ document: Document) -> Figures? {
        var pricer = DocumentPricer(book: self, document: document)
        return pricer.price()
    }
}
