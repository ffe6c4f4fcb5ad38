import InvoicMoney

/// What an invoice asked for on the day it was issued: the figures its PDF, its e-invoice and its
/// payment code state, fixed for ever. Money received on or before the issue day (a deposit, a
/// payment at the counter) is stated as prepaid (EN 16931 BT-113) beside `prepaid:`; anything
/// recorded later (payments, credit notes, refunds, reminder fees, voiding) belongs to the
/// invoice's `Account`, never to the document, so a PDF rebuilt next year equals the one sent.
public struct IssuedFigures: Sendable, Hashable {
    /// The invoice's total (BT-112).
    public var total: Int64
    /// `prepaid:` plus what was paid on or before the issue day (BT-113).
    public var prepaid: Int64
    /// The rounding of the amount due (BT-114).
    public var rounding: Int64
    /// The taxes the client withholds and pays the tax office instead (`withholding:`).
    public var withheld: Int64 = 0
    /// The VAT the client pays the State under split payment (`Figures.splitPaymentTax`).
    public var splitPaymentTax: Int64 = 0
    /// The amount due for payment the document asks for (BT-115 less what the client pays the
    /// tax office: the withheld taxes and the split-payment VAT).
    public var due: Int64 { total - withheld - splitPaymentTax - prepaid + rounding }
}

extension Figures {
    /// The figures of `document` as issued (credit notes too: their refunds on the day are stated).
    public func issued(_ document: Document) -> IssuedFigures {
        var prepaid = self.prepaid
        for (payment, amount) in zip(document.payments, payments) where payment.date.value <= document.issued.value {
            prepaid &+= amount
        }
        return IssuedFigures(total: total, prepaid: prepaid, rounding: roundingAmount, withheld: withheld, splitPaymentTax: splitPaymentTax)
    }
}

/// The account of one invoice: what it asked for and every fact recorded on it since, in date
/// order, and the balance they leave: what the client still owes (positive) or what the business
/// owes the client back (negative). The one value every output that says what is owed *now*
/// reads: the index report, the dashboard, the calendar, `serve`, `match`, reminders, statements
/// and mail texts.
public struct Account: Sendable {
    public enum EntryKind: String, Sendable, Hashable {
        /// Money received (negative); a deposit before the issue day is part of the document's prepaid.
        case payment
        /// A credit note in effect (negative): `document` is its number.
        case credit
        /// Money paid back on a credit note (positive): `document` is the credit note.
        case refund
        /// A reminder's fee and its interest, recorded by `invoic remind --record` (positive).
        case reminderFee = "reminder_fee"
        case interest
        /// Voiding cancels what was still claimed (negative), leaving only money received to refund.
        case void
    }

    public struct Entry: Sendable {
        public var kind: EntryKind
        public var date: Day
        /// Signed: positive raises what the client owes, negative lowers it.
        public var amount: Int64
        /// The credit note of a credit or refund.
        public var document: String?
        public var method: String?
        public var reference: String?
        /// The reminder level of a fee or interest.
        public var level: Int?
    }

    public var invoice: String
    public var client: String
    public var currency: Currency
    public var issued: Day
    public var dueDate: Day?
    /// What the document states (total, prepaid, amount due).
    public var asIssued: IssuedFigures
    /// Everything recorded after the document was issued, in date order; through the day asked for.
    public var entries: [Entry]

    /// What the client owes now (negative: a refund the business owes).
    public var balance: Int64 { entries.reduce(asIssued.due) { $0 &+ $1.amount } }

    /// Money received after the issue day (positive).
    public var paid: Int64 { -sum(.payment) }
    /// What credit notes in effect took off (positive).
    public var credited: Int64 { -sum(.credit) }
    public var refunded: Int64 { sum(.refund) }
    /// Reminder fees and interest recorded.
    public var charges: Int64 { sum(.reminderFee) &+ sum(.interest) }
    public var isVoid: Bool { entries.contains { $0.kind == .void } }
    /// Everything received, the deposits stated as prepaid on the document included.
    public var received: Int64 { paid &+ (asIssued.prepaid - prepaidByKey) }
    /// What the invoice claims in all: its amount due with the deposits received on it (total -
    /// `prepaid:` + rounding).
    public var payable: Int64 { asIssued.due &+ asIssued.prepaid &- prepaidByKey }
    /// `prepaid:` as written: money settled elsewhere (a deposit invoice), not received on this one.
    public var prepaidByKey: Int64

    /// What a refund on `creditNote` (one of this invoice's) may pay back: what the client is owed
    /// on the account, never more than the credit note still credits. A credit note not sent yet
    /// counts from its first refund, so it is counted as the refund would.
    public func refundOwed(by creditNote: Document) -> Int64 {
        guard let figures = creditNote.figures else { return 0 }
        let unrefunded = figures.payable - figures.paid
        let counted = entries.contains { $0.kind == .credit && $0.document == creditNote.number }
        return max(0, min(unrefunded, -(balance - (counted ? 0 : figures.payable))))
    }

    /// The account in the five figures every output shows (the report in each format, the web
    /// app, statements): `total - credited - paid + refunded = open`, always.
    public struct Breakdown: Sendable, Hashable {
        /// What the invoice claimed in all: its total less `prepaid:` settled elsewhere (a deposit
        /// invoice's), with the rounding of its amount due and the reminder fees and interest
        /// recorded on it (`payable` plus `charges`).
        public var total: Int64
        /// What credit notes in effect took off, and what voiding cancelled.
        public var credited: Int64
        /// Money received on it, deposits stated as prepaid included.
        public var paid: Int64
        /// Money paid back to the client on its credit notes.
        public var refunded: Int64
        /// What the client still owes (negative: what the business owes back): the balance.
        public var open: Int64
    }

    public var breakdown: Breakdown {
        Breakdown(total: payable &+ charges, credited: credited &- sum(.void), paid: received, refunded: refunded, open: balance)
    }

    public func sum(_ kind: EntryKind) -> Int64 {
        entries.reduce(Int64(0)) { $1.kind == kind ? $0 &+ $1.amount : $0 }
    }
}

extension Book {
    /// The account of `invoice` with the facts dated on or before `day` (pass `.distantFuture`,
    /// or the last day of the book, for everything recorded). Nil without figures.
    public func account(of invoice: Document, through day: Day) -> Account? {
        guard invoice.kind == .invoice, let figures = invoice.figures else { return nil }
        let issued = figures.issued(invoice)
        var entries: [Account.Entry] = []
        for (payment, amount) in zip(invoice.payments, figures.payments)
        where payment.date.value > invoice.issued.value && payment.date.value <= day {
            entries.append(.init(kind: .payment, date: payment.date.value, amount: -amount, method: payment.method.rawValue,
                                 reference: payment.reference))
        }
        for note in creditNotes(correcting: invoice.number) {
            guard let noteFigures = note.figures, noteFigures.currency == figures.currency, let effective = effectiveDate(of: note),
                  effective <= day else { continue }
            entries.append(.init(kind: .credit, date: effective, amount: -noteFigures.payable, document: note.number))
            for (refund, amount) in zip(note.payments, noteFigures.payments) where refund.date.value <= day {
                entries.append(.init(kind: .refund, date: refund.date.value, amount: amount, document: note.number,
                                     method: refund.method.rawValue, reference: refund.reference))
            }
        }
        for record in invoice.reminders where record.date.value <= day {
            if let fee = record.fee?.value.minorUnits(in: figures.currency), fee != 0 {
                entries.append(.init(kind: .reminderFee, date: record.date.value, amount: fee, level: record.level.value))
            }
            if let interest = record.interest?.value.minorUnits(in: figures.currency), interest != 0 {
                entries.append(.init(kind: .interest, date: record.date.value, amount: interest, level: record.level.value))
            }
        }
        // Stable by date: a day's facts keep the order above (payments, credits, refunds, fees).
        entries = entries.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        var account = Account(invoice: invoice.number, client: invoice.client.value, currency: figures.currency, issued: invoice.issued.value,
                              dueDate: figures.dueDate, asIssued: issued, entries: entries, prepaidByKey: figures.prepaid)
        if let void = invoice.void, void.date.value <= day {
            // What was still claimed is cancelled; money received stays a refund owed.
            let claimed = account.balance + account.received - account.refunded
            let cancel = -(claimed)
            let position = entries.firstIndex { $0.date > void.date.value } ?? entries.count
            account.entries.insert(.init(kind: .void, date: void.date.value, amount: cancel), at: position)
        }
        return account
    }

    /// The day a credit note starts to count: the day it was sent, or its first refund's.
    public func effectiveDate(of creditNote: Document) -> Day? {
        let firstRefund = creditNote.payments.map(\.date.value).min()
        switch (creditNote.sent?.value, firstRefund) {
        case let (sent?, refund?): return min(sent, refund)
        case let (sent?, nil): return sent
        case let (nil, refund?): return refund
        case (nil, nil): return nil
        }
    }

    /// Everything recorded on the account a document belongs to: an invoice's own, or the one of
    /// the invoice a credit note corrects. What a new payment or refund may still settle.
    public func recordedAccount(for document: Document) -> Account? {
        switch document.kind {
        case .invoice: account(of: document, through: .distantFuture)
        case .creditNote: correctedAccount(of: document, through: .distantFuture)
        case .estimate: nil
        }
    }

    /// The account of the invoice a credit note corrects, when there is one.
    public func correctedAccount(of creditNote: Document, through day: Day) -> Account? {
        creditNote.corrects.flatMap { invoice($0.value) }.flatMap { account(of: $0, through: day) }
    }
}

extension Day {
    /// A day after any a book records: "everything, whatever its date".
    public static let distantFuture = Day(year: 9999, month: 12, day: 31)!
}

/// A statement of account: what one client owes on a day, invoice by invoice, in one currency;
/// what a business sends when asked "what do I still owe you?".
public struct Statement: Sendable {
    public var client: String
    public var date: Day
    public var currency: Currency
    /// The accounts of the client's invoices that are not settled on `date` (owed, or owed back),
    /// oldest first.
    public var accounts: [Account]
    /// What the client owes in all (negative: what the business owes the client).
    public var balance: Int64 { accounts.reduce(Int64(0)) { $0 &+ $1.balance } }

    public init(client: String, date: Day, currency: Currency, accounts: [Account]) {
        self.client = client
        self.date = date
        self.currency = currency
        self.accounts = accounts
    }
}

extension Book {
    /// The client's statements on `day`, one per currency it was invoiced in, each with the
    /// invoices issued by then whose account is not settled; none when nothing is open.
    public func statements(of client: String, on day: Day) -> [Statement] {
        var byCurrency: [Currency: [Account]] = [:]
        for (_, account) in countedAccounts(of: client, through: day) where account.balance != 0 {
            byCurrency[account.currency, default: []].append(account)
        }
        return byCurrency.keys.sorted { $0.code < $1.code }.map { currency in
            Statement(client: client, date: day, currency: currency,
                      accounts: byCurrency[currency]!.sorted { ($0.issued, $0.invoice) < ($1.issued, $1.invoice) })
        }
    }
}

extension Book {
    /// The client's invoices issued by `day` that count on its account, with their accounts
    /// through `day`, oldest first. A draft asks for nothing yet: one never sent with nothing
    /// paid on it and not voided is left out.
    func countedAccounts(of client: String, through day: Day) -> [(Document, Account)] {
        var counted: [(Document, Account)] = []
        for invoice in invoices where invoice.client.value == client && invoice.issued.value <= day {
            guard let account = account(of: invoice, through: day) else { continue }
            guard invoice.sent.map({ $0.value <= day }) ?? false || account.received > 0 || account.isVoid else { continue }
            counted.append((invoice, account))
        }
        return counted.sorted { ($0.1.issued, $0.1.invoice) < ($1.1.issued, $1.1.invoice) }
    }
}

/// A statement of account as a ledger: the balance on the first day of its period, then every
/// fact of the client's accounts in that period in date order (an invoice as issued, payments,
/// credit notes, refunds, reminder charges, voiding), each with the balance it leaves. Read from
/// the same accounts (`Book.account(of:through:)`) as every other figure of what is owed, so its
/// last balance is the statement's balance.
public struct StatementLedger: Sendable {
    public enum Kind: String, Sendable {
        case invoice, payment, credit, refund
        case reminderFee = "reminder_fee"
        case interest, void
    }

    public struct Row: Sendable {
        public var date: Day
        public var kind: Kind
        /// The invoice, or the credit note of a credit or refund.
        public var document: String
        /// Raises the balance (an invoice, a refund, a fee); never negative.
        public var debit: Int64
        /// Lowers it (a payment, a credit note, voiding); never negative.
        public var credit: Int64
        /// The balance after this row.
        public var balance: Int64
    }

    /// The period covered, both days included.
    public var from: Day
    public var through: Day
    /// The balance at the start of `from`: what the facts dated before it left.
    public var opening: Int64
    public var rows: [Row]
    /// The balance on `through`: positive, the client owes; negative, the business owes it back.
    public var closing: Int64 { rows.last?.balance ?? opening }
}

extension Book {
    /// The ledger of `statement` from `from` (by default the issue day of its oldest open
    /// invoice, or the statement's day when nothing is open): every invoice of the client in the
    /// statement's currency counts, settled ones too, so the running balance is the account's.
    public func ledger(of statement: Statement, from: Day? = nil) -> StatementLedger {
        let start = min(from ?? statement.accounts.map(\.issued).min() ?? statement.date, statement.date)
        var opening: Int64 = 0
        var facts: [(date: Day, order: Int, row: StatementLedger.Row)] = []
        func add(_ date: Day, _ kind: StatementLedger.Kind, _ document: String, _ amount: Int64) {
            if date < start { opening &+= amount; return }
            let row = StatementLedger.Row(date: date, kind: kind, document: document, debit: max(amount, 0), credit: max(-amount, 0), balance: 0)
            facts.append((date, facts.count, row))
        }
        for (_, account) in countedAccounts(of: statement.client, through: statement.date) where account.currency == statement.currency {
            add(account.issued, .invoice, account.invoice, account.asIssued.due)
            for entry in account.entries {
                let kind: StatementLedger.Kind = switch entry.kind {
                case .payment: .payment
                case .credit: .credit
                case .refund: .refund
                case .reminderFee: .reminderFee
                case .interest: .interest
                case .void: .void
                }
                add(entry.date, kind, entry.document ?? account.invoice, entry.amount)
            }
        }
        // By date; on one day in the order the accounts give (an invoice before what follows it).
        var balance = opening
        let rows = facts.sorted { ($0.date, $0.order) < ($1.date, $1.order) }.map { fact -> StatementLedger.Row in
            var row = fact.row
            balance = balance &+ row.debit &- row.credit
            row.balance = balance
            return row
        }
        return StatementLedger(from: start, through: statement.date, opening: opening, rows: rows)
    }
}
