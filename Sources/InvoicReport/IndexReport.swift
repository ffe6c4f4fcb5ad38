import InvoicBook
import InvoicDiagnostics
import InvoicMoney

/// The index report of a checked book as of one day: every figure computed once, as data, and
/// rendered by one renderer per format (`IndexReport+Text.swift`, `+Markdown`, `+CSV`, `+JSON`,
/// `+HTML`). Renderers only lay out; they never add up money.
///
/// Rules the numbers follow:
/// - Money of different currencies is never added: every total is per currency, and every
///   per-currency list is ordered by currency code.
/// - A document issued after `today` did not exist yet: it is left out and counted in
///   ``notYetIssued``. Payments and other facts dated after `today` do not count.
/// - Void invoices count in no money total; they are listed, struck through.
/// - A credit note counts once it is sent (or money went back on it): its total comes off its
///   invoice's balance and off what the client was invoiced, its tax off the tax of its month,
///   its refunds off the income of theirs. An invoice credited in full is `credited`.
/// - Outstanding is the unpaid balance of sent, partial and overdue invoices (a draft is not
///   owed yet). Invoiced is the amount due (total - prepaid + rounding) of every invoice that is
///   neither a draft nor void.
/// - Income is money received: payments dated on or before `today`, by payment date.
/// - Tax is accrued on issue: the taxable amount and tax of invoices that are neither drafts nor
///   void, by their issue date.
/// - Income by category: each invoice's money received is attributed to its lines' categories
///   (a line without one takes the document's) in proportion to the lines' share of the total
///   after discount and tax. See ``Attribution``.
public struct IndexReport: Sendable, Hashable {
    /// Which documents the report covers; everything is computed from the documents that match.
    public struct Filter: Sendable, Hashable {
        public var status: Status?
        /// A client id (the file stem in `clients/`).
        public var client: String?
        public var currency: Currency?

        public init(status: Status? = nil, client: String? = nil, currency: Currency? = nil) {
            self.status = status
            self.client = client
            self.currency = currency
        }

        public var isEmpty: Bool { status == nil && client == nil && currency == nil }
    }

    /// The day statuses and ages are computed for.
    public var today: Day
    public var business: String
    /// The locale of the book's owner (`defaults.locale`, else `en_US`): totals are formatted in it.
    public var locale: String
    public var filter: Filter
    /// One entry per currency, by currency code.
    public var dashboard: [DashboardEntry]
    /// Newest first: by issue date, then number, descending.
    public var invoices: [InvoiceRow]
    /// Newest first, like invoices.
    public var estimates: [EstimateRow]
    /// Newest first, like invoices.
    public var creditNotes: [CreditNoteRow] = []
    /// Alphabetical by client name (then id), one row per client and currency.
    public var clients: [ClientRow]
    public var agedReceivables: [AgingTable]
    public var tax: [TaxSummary]
    public var incomeByMonth: [MonthlyIncome]
    public var incomeByCategory: [IncomeBreakdown]
    public var incomeByProject: [IncomeBreakdown]
    /// The checks' warnings, in reading order.
    public var warnings: [ReportWarning]
    /// Documents (matching the client and currency filters) issued after `today`, left out.
    public var notYetIssued: Int
    /// True when a total grew past what 64-bit minor units hold; it is then shown capped.
    public var overflowed: Bool
    /// Suppliers' invoices and credit notes received (`invoic receive`), newest first; what the
    /// book owes per currency; the input VAT of the purchases by month and quarter
    /// (IndexReport+Purchases.swift).
    public var purchases: [PurchaseRow] = []
    public var payables: [PayablesEntry] = []
    public var inputTax: [InputTaxSummary] = []
}

extension IndexReport {
    public struct DashboardEntry: Sendable, Hashable {
        public var currency: Currency
        /// What clients owe on issued invoices, net of what is owed back to them (a payment kept
        /// on a void invoice, an overpayment); `outstandingCount` counts the open invoices.
        public var outstanding: Money
        public var outstandingCount: Int
        /// What the business owes clients back on issued invoices (already netted in `outstanding`).
        public var owedBack: Money
        /// The part of `outstanding` that is past due.
        public var overdue: Money
        public var overdueCount: Int
        /// Payments dated in `today`'s month, up to `today`.
        public var paidThisMonth: Money
        public var drafts: Int
    }

    public struct InvoiceRow: Sendable, Hashable {
        public var number: String
        public var clientID: String
        public var clientName: String
        public var issued: Day
        public var due: Day?
        /// The document's own locale, as its PDF prints amounts.
        public var locale: String
        /// The document's total (BT-112), as its PDF states it.
        public var total: Money
        /// Money received on it through `today`, deposits stated as prepaid included
        /// (Account.Breakdown.paid).
        public var paid: Money
        /// What the client still owes (the account's balance; negative: owed back, a void
        /// invoice's kept payment too). `claimed - credited - paid + refunded = balance`.
        public var balance: Money
        /// What is owed back to the client (-balance when negative); zero otherwise.
        public var refundOwed: Money
        public var status: Status
        /// Days past the due date, for an overdue invoice.
        public var daysPastDue: Int?
        public var project: String?
        public var category: String?
        /// The estimate it was converted from.
        public var fromEstimate: String?
        /// The PDF's file name, beside the report.
        public var pdf: String
        /// The commit that issued it (recorded its `sent`), when the book keeps its history.
        public var issuedIn: IssuingCommit?
        /// The state of its Peppol transmission (outbox/), when it went over Peppol.
        public var peppol: PeppolState? = nil
        /// The figures behind the total: net before tax (after discount, allowances and charges),
        /// the tax, the discount with the allowances less the charges, and one entry per tax group.
        public var net: Money
        public var tax: Money
        public var discount: Money
        public var taxGroups: [TaxLine] = []
        /// What credit notes in effect took off it (their totals), and what voiding cancelled.
        public var credited: Money
        /// Money paid back to the client on its credit notes through `today`.
        public var refunded: Money
        /// What it claimed in all: the total less `prepaid:` settled elsewhere, with the rounding
        /// of its amount due and the reminder fees and interest recorded (Account.Breakdown.total).
        public var claimed: Money
        /// The last reminder level sent as of today (0: none) and the fees and interest the
        /// reminders asked for: beside the invoice's figures, never part of them.
        public var reminderLevel: Int = 0
        public var reminderCharges: Money
        /// Where its FatturaPA stands at Italy's SdI (outbox/.../sdi.yaml), when `invoic sdi send`
        /// mailed it: the state, since when, "SdI", the last receipt's words.
        public var sdi: PeppolState? = nil
        /// Its latest French life-cycle status (a CDAR kept in outbox/.../cdar/), when one came.
        public var lifeCycle: LifeCycleState? = nil
    }

    /// A French life-cycle status (XP Z12-012): "207 En litige" since a day, with its motif.
    public struct LifeCycleState: Sendable, Hashable {
        public var code: Int
        /// The standard's French name ("Encaissée").
        public var name: String
        /// The day the status was set.
        public var since: String
        /// The motif (code and words) of a refusal or a dispute.
        public var motif: String?

        public init(code: Int, name: String, since: String, motif: String?) {
            self.code = code
            self.name = name
            self.since = since
            self.motif = motif
        }
    }

    public struct CreditNoteRow: Sendable, Hashable {
        public var number: String
        public var clientID: String
        public var clientName: String
        public var issued: Day
        public var locale: String
        /// The invoice it corrects, and that invoice's PDF.
        public var corrects: String
        public var correctsPDF: String?
        public var reason: String
        /// What it credits: a positive amount, taken off the invoice.
        public var total: Money
        /// Paid back to the client through `today`.
        public var refunded: Money
        /// `draft` until sent (it then counts), `sent` after.
        public var status: Status
        public var pdf: String
        public var net: Money
        public var tax: Money
        public var taxGroups: [TaxLine] = []
    }

    /// Where an invoice's last Peppol transmission stands, as its outbox record says.
    public struct PeppolState: Sendable, Hashable {
        /// recorded, created, transit, delivered, failed or refused.
        public var state: String
        /// When it got there (UTC, ISO 8601).
        public var since: String
        public var provider: String
        public var detail: String?

        public init(state: String, since: String, provider: String, detail: String?) {
            self.state = state
            self.since = since
            self.provider = provider
            self.detail = detail
        }
    }

    /// A commit as the report names it: enough to find it with `git show`.
    public struct IssuingCommit: Sendable, Hashable {
        public var shortHash: String
        public var author: String
        /// The author date, YYYY-MM-DD.
        public var date: String

        public init(shortHash: String, author: String, date: String) {
            self.shortHash = shortHash
            self.author = author
            self.date = date
        }
    }

    public struct EstimateRow: Sendable, Hashable {
        public var number: String
        public var clientID: String
        public var clientName: String
        public var issued: Day
        public var validUntil: Day?
        public var locale: String
        public var total: Money
        public var status: Status
        /// The invoice it became, once that invoice is issued.
        public var invoice: String?
        public var invoicePDF: String?
        public var project: String?
        public var pdf: String
    }

    public struct ClientRow: Sendable, Hashable {
        public var id: String
        public var name: String
        /// Archived on or before `today`.
        public var archived: Bool
        /// Nil only for a client with no documents when neither it nor the book names a currency.
        public var currency: Currency?
        /// What its issued invoices (void ones too) claimed, less what was settled elsewhere
        /// (`prepaid:`), their credit notes and what voiding cancelled; `paid` is the money kept
        /// (received less refunded); so invoiced - paid = outstanding, to the cent, and
        /// outstanding is the client's statement balance (negative: owed back).
        public var invoiced: Int64
        public var paid: Int64
        public var outstanding: Int64
        /// Invoices and estimates, of every status.
        public var documents: Int
        /// The latest dated fact on or before `today`: issued, sent, paid, accepted, declined, voided.
        public var lastActivity: Day?
    }

    /// What is owed, by how many days it is past due.
    public enum AgeBucket: Int, Sendable, Hashable, CaseIterable {
        case current, days1to30, days31to60, days61to90, over90

        /// The bucket of an amount `daysPastDue` days after its due date (0 or less: not yet due).
        public static func of(daysPastDue: Int) -> AgeBucket {
            switch daysPastDue {
            case ...0: return .current
            case 1...30: return .days1to30
            case 31...60: return .days31to60
            case 61...90: return .days61to90
            default: return .over90
            }
        }

        public var title: String {
            switch self {
            case .current: return "Current"
            case .days1to30: return "1-30"
            case .days31to60: return "31-60"
            case .days61to90: return "61-90"
            case .over90: return "Over 90"
            }
        }

        /// The key used in JSON and CSV.
        public var key: String {
            switch self {
            case .current: return "current"
            case .days1to30: return "days_1_30"
            case .days31to60: return "days_31_60"
            case .days61to90: return "days_61_90"
            case .over90: return "over_90"
            }
        }
    }

    public struct AgingRow: Sendable, Hashable {
        public var clientID: String
        public var clientName: String
        /// One amount per ``AgeBucket``, in its order.
        public var buckets: [Int64]
        public var total: Int64
    }

    public struct AgingTable: Sendable, Hashable {
        public var currency: Currency
        /// Clients with something outstanding, alphabetical.
        public var rows: [AgingRow]
        public var total: AgingRow
    }

    public struct TaxLine: Sendable, Hashable {
        /// The rate and its VAT category: `20%`, `0%`, `reverse-charge`.
        public var rate: TaxRate
        public var taxable: Int64
        public var tax: Int64
    }

    public struct TaxPeriod: Sendable, Hashable {
        /// `2026` or `2026-03`.
        public var period: String
        /// Ascending by rate.
        public var rates: [TaxLine]
        public var taxable: Int64
        public var tax: Int64
    }

    public struct TaxSummary: Sendable, Hashable {
        public var currency: Currency
        public var years: [TaxPeriod]
        public var months: [TaxPeriod]
    }

    public struct MonthlyIncome: Sendable, Hashable {
        public var currency: Currency
        /// Every month from the first payment's to `today`'s, oldest first, empty months included.
        public var months: [MonthAmount]
        public var total: Int64
    }

    public struct MonthAmount: Sendable, Hashable {
        /// `2026-03`.
        public var month: String
        public var amount: Int64
    }

    /// Money received, by category or by project.
    public struct IncomeBreakdown: Sendable, Hashable {
        public var currency: Currency
        /// Largest first, then by name; the unnamed share (nil) last.
        public var entries: [IncomeEntry]
        public var total: Int64
    }

    public struct IncomeEntry: Sendable, Hashable {
        /// Nil for money with no category (or project).
        public var name: String?
        public var amount: Int64
    }

    public struct ReportWarning: Sendable, Hashable {
        /// Relative to the book, like diagnostics.
        public var file: String?
        public var line: Int?
        public var column: Int?
        public var code: String
        public var message: String

        /// `invoices/INV-0001.yaml:3:5: message [code]`.
        public var text: String {
            var place = file ?? "invoic"
            if file != nil, let line, let column { place += ":\(line):\(column)" }
            return "\(place): \(message) [\(code)]"
        }
    }
}
