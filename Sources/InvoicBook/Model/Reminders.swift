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

/// A reminder to send now: the overdue invoice, the level it reached, and the money, exactly.
/// Fees and interest are claims beside the invoice: they never change its figures.
public struct Reminder: Sendable {
    public var invoice: Document
    public var level: Int
    public var date: Day
    /// The new date to pay by: the reminder's date and the book's days to pay a reminder.
    public var payBy: Day
    public var currency: Currency
    /// What is still due on the invoice (after payments and credit notes).
    public var due: Int64
    /// The fees of the reminders recorded before this one.
    public var earlierFees: Int64
    public var fee: Int64
    /// Interest on `due` from the due date to `date`, at `rate` a year, days / 365.
    public var interest: Int64
    public var interestDays: Int
    public var rate: Rate?

    public var total: Int64 { due + earlierFees + fee + interest }

    /// Days a client has to pay a reminder.
    public static let daysToPay = 7
}

extension Book {
    /// The client's reminder levels over the book's.
    public func reminderPolicy(for document: Document) -> ReminderPolicy? {
        clients[document.client.value]?.reminders ?? settings.reminders
    }

    /// Every overdue invoice that reached a reminder level above the last one recorded in it, on
    /// `today`, with the highest level it reached. Invoices without a policy are never reminded.
    public func remindersDue(on today: Day) -> [Reminder] {
        var result: [Reminder] = []
        let conversions = self.conversions
        for invoice in invoices {
            guard status(of: invoice, today: today, conversions: conversions) == .overdue, let policy = reminderPolicy(for: invoice),
                  let figures = invoice.figures, let dueDate = figures.dueDate else { continue }
            let days = dueDate.days(until: today)
            let reached = policy.levels.lastIndex { $0.after <= days }.map { $0 + 1 } ?? 0
            let recorded = invoice.reminders.map(\.level.value).max() ?? 0
            guard reached > recorded else { continue }
            let due = figures.balance - creditedAmount(of: invoice, through: today) + refundedAmount(of: invoice, through: today)
            guard due > 0 else { continue }
            let earlier = invoice.reminders.reduce(Int64(0)) { $0 + ($1.fee?.value.minorUnits(in: figures.currency) ?? 0) }
            let fee = policy.levels[reached - 1].fee?.minorUnits(in: figures.currency) ?? 0
            var interest: Int64 = 0
            if let rate = policy.interest, days > 0 {
                interest = Int64(figures.rounding.divide(Int128(due) * Int128(rate.milliPercent) * Int128(days), by: 100_000 * 365))
            }
            result.append(Reminder(invoice: invoice, level: reached, date: today, payBy: today.adding(days: Reminder.daysToPay), currency: figures.currency,
                                   due: due, earlierFees: earlier, fee: fee, interest: interest, interestDays: days, rate: policy.interest))
        }
        return result
    }

    /// A document's figures priced on their own, for a document made outside the book (a reminder).
    public func priced(_ document: Document) -> Figures? {
        var pricer = DocumentPricer(book: self, document: document)
        return pricer.price()
    }
}
