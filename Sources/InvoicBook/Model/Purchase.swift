import InvoicMoney

/// A supplier's invoice or credit note the book received (`purchases/<year>/<name>.yaml`, written
/// by `invoic receive` beside the original it was read from). The figures are the document's own,
/// as the supplier stated them; `payments:` is what the user paid. What the VAT report, the index
/// report and the calendar read.
public struct Purchase: Sendable {
    public enum Kind: String, Sendable { case invoice, creditNote = "credit-note" }

    public struct TaxGroup: Sendable, Hashable {
        /// UNCL 5305 (S, Z, E, AE, K, G, O, L, M): BT-118.
        public var category: String
        /// BT-119; nil for category O (outside the scope of VAT).
        public var rate: Rate?
        /// BT-116, BT-117 in the document currency.
        public var taxable: Money
        public var tax: Money
        /// `self_assessed_rate:` (written by the user): the rate a reverse-charge purchase or an
        /// intra-EU acquisition is self-assessed at when it is not the book's standard rate
        /// (books at 7 %; 0 % for a tax-free acquisition).
        public var selfAssessedRate: Rate? = nil
    }

    public struct Payment: Sendable {
        public var date: Day
        public var amount: Money
        public var method: String?
        public var reference: String?
        public var line: Int
    }

    /// The record, relative to the book.
    public var file: String
    /// The supplier's id (`suppliers/<id>.yaml`).
    public var supplier: String
    /// The seller's name as the document gives it (BT-27).
    public var supplierName: String
    public var number: String
    public var kind: Kind
    public var issued: Day
    public var due: Day?
    public var currency: Currency
    /// BT-109, BT-110, BT-112, BT-113, BT-115.
    public var net: Money
    public var tax: Money
    public var total: Money
    public var prepaid: Money
    public var payable: Money
    /// The tax breakdown (BG-23), in the document currency: the input VAT of the purchase.
    public var taxes: [TaxGroup]
    public var payments: [Payment]
    /// The original, relative to the book, and the SHA-256 it had when received.
    public var source: String
    public var sha256: String
    /// The EN 16931 rules the document breaks, by rule id, as listed on the record.
    public var findings: [String]
    /// Those of `findings` whose flag is fatal (every one the record does not flag `severity:
    /// warning`), the record's own writing findings left out: a document breaking one is kept
    /// (it is the supplier's invoice) but awaits the user's decision.
    public var fatalFindings: [String] = []
    /// `decision:` (written by `invoic purchase accept|reject`): the user's verdict on a document
    /// that breaks fatal rules.
    public var decision: Decision? = nil
    /// The supplier's IBANs (BT-84), for matching debits.
    public var ibans: [String]
    /// The supplier's payment reference (BT-83).
    public var paymentReference: String?
    /// `import_vat:` (written by the user): import VAT paid to customs on the goods, deductible.
    public var importTax: Money?

    public init(file: String, supplier: String, supplierName: String, number: String, kind: Kind, issued: Day, due: Day?, currency: Currency,
                net: Money, tax: Money, total: Money, prepaid: Money, payable: Money, taxes: [TaxGroup], payments: [Payment],
                source: String, sha256: String, findings: [String], ibans: [String] = [], paymentReference: String? = nil, importTax: Money? = nil) {
        self.file = file
        self.supplier = supplier
        self.supplierName = supplierName
        self.number = number
        self.kind = kind
        self.issued = issued
        self.due = due
        self.currency = currency
        self.net = net
        self.tax = tax
        self.total = total
        self.prepaid = prepaid
        self.payable = payable
        self.taxes = taxes
        self.payments = payments
        self.source = source
        self.sha256 = sha256
        self.findings = findings
        self.ibans = ibans
        self.paymentReference = paymentReference
        self.importTax = importTax
    }

    public struct Decision: Sendable, Hashable {
        /// accepted: kept as it is; rejected: a corrected document is asked of the supplier, and
        /// this one is out of the input VAT and the payables.
        public enum Verdict: String, Sendable, CaseIterable { case accepted, rejected }
        public var verdict: Verdict
        public var reason: String
        public var date: Day

        public init(verdict: Verdict, reason: String, date: Day) {
            self.verdict = verdict
            self.reason = reason
            self.date = date
        }
    }

    /// The findings a record's writer adds about the record itself (a value escaped or cut to
    /// be storable): not rules the document breaks (InvoicInbox's `RecordValue`).
    public static let recordWritingRules: Set<String> = ["record-escaped", "record-cut"]

    /// Rejected by the user: listed, but out of the input VAT and the payables.
    public var isRejected: Bool { decision?.verdict == .rejected }

    /// Breaks fatal rules and no decision is written yet: `check` warns until there is one.
    public var awaitsDecision: Bool { decision == nil && !fatalFindings.isEmpty }

    /// +1 for an invoice, -1 for a credit note: what the purchase adds to what the book owes (and
    /// to its input VAT).
    public var sign: Int64 { kind == .creditNote ? -1 : 1 }

    /// Paid (or, for a credit note, refunded by the supplier) up to and including `day`.
    public func paid(through day: Day? = nil) -> Money {
        Money(payments.filter { day == nil || $0.date <= day! }.reduce(0) { $0 + $1.amount.minorUnits }, currency)
    }

    /// What is still to pay (or to be refunded, for a credit note) on `day`.
    public func balance(through day: Day? = nil) -> Money {
        Money(payable.minorUnits - paid(through: day).minorUnits, currency)
    }

    public enum Status: String, Sendable, CaseIterable { case open, partial, paid, overdue }

    /// open, partial, paid or overdue on `today`, as an invoice's.
    public func status(on today: Day) -> Status {
        let paid = paid(through: today).minorUnits
        if payable.minorUnits - paid <= 0 { return .paid }
        if let due, due < today { return .overdue }
        return paid > 0 ? .partial : .open
    }
}

/// A supplier (`suppliers/<id>.yaml`): made by `invoic receive` from the first document's seller,
/// renamed, categorised (`category:`) and given a default expense account (`account:`) by the user.
public struct Supplier: Sendable {
    public var id: String
    public var file: String
    public var name: String
    public var vatIDs: [String]
    public var electronicAddresses: [String]
    public var ibans: [String]
    public var category: String?
    public var account: String?
}

/// The purchases and suppliers of a book, read once by the loader and never changed after.
public final class ReceivedLedger: Sendable {
    public let purchases: [Purchase]
    public let suppliers: [String: Supplier]

    public init(purchases: [Purchase], suppliers: [String: Supplier]) {
        self.purchases = purchases
        self.suppliers = suppliers
    }

    public static let empty = ReceivedLedger(purchases: [], suppliers: [:])
}
