import InvoicDiagnostics
import InvoicMoney

public enum DocumentKind: String, Sendable, Hashable, CaseIterable {
    case invoice, estimate
    /// Corrects an issued invoice in whole or in part (EN 16931 type 381): the lawful way to
    /// change what an invoice asked for once it was sent.
    case creditNote = "credit_note"

    /// The folder of the book that holds documents of this kind.
    public var folder: String {
        switch self {
        case .invoice: "invoices"
        case .estimate: "estimates"
        case .creditNote: "credit-notes"
        }
    }

    /// The kind in words, for messages: "credit note".
    public var name: String { self == .creditNote ? "credit note" : rawValue }

    /// Invoices and credit notes: documents that move money and may not change once sent.
    public var isBilling: Bool { self != .estimate }

    /// The file of a document numbered `number`: its number is its name, except that a `/`
    /// (`FAC/2026/001`, common in Spain, Italy and Poland) cannot be in a file name and is
    /// written `_` (`invoices/FAC_2026_001.yaml`, which then says `number: FAC/2026/001`).
    public func file(forNumber number: String) -> String { "\(folder)/\(Self.fileStem(forNumber: number)).yaml" }

    /// A number as a file name holds it: `/` written as `_`.
    public static func fileStem(forNumber number: String) -> String { number.replacingOccurrences(of: "/", with: "_") }
}

extension Document {
    /// `outbox/<year of issue>/<number>/`, relative to the book: where what was sent of the
    /// document, and what came back about it, is kept (Peppol, the SdI, France's life cycle).
    public var outboxFolder: String { "outbox/\(issued.value.year)/\(DocumentKind.fileStem(forNumber: number))" }
}

/// An invoice, an estimate or a credit note as the user wrote it: one file, its stem the number.
/// Every value keeps its place in the file; resolved figures live in `figures`.
public struct Document: Sendable {
    public var kind: DocumentKind
    public var number: String
    public var file: String
    public var numberKey: Located<String>?
    public var client: Located<String>
    public var issued: Located<Day>
    /// `due` for invoices, `valid_until` for estimates, as written.
    public var due: Located<Day>?
    public var currency: Located<Currency>?
    public var locale: Located<String>?
    public var tax: Located<TaxRate>?
    public var discount: Located<DiscountText>?
    public var project: String?
    public var category: String?
    public var fromEstimate: Located<String>?
    /// Written by `invoic recur`: the schedule (`recurring/NAME.yaml`) and the occurrence this is.
    public var recurring: Located<String>?
    /// `reminders:`, the reminders sent (`invoic remind --apply`).
    public var reminders: [ReminderRecord] = []
    /// Set only on the document `invoic remind` prints: the reminder's level, for its title.
    public var reminderLevel: Int?
    /// Set only on a statement of account (`invoic statement`): titled and dated as one.
    public var isStatement = false
    public var occurrence: Located<Day>?
    public var delivered: Located<Day>?
    public var sent: Located<Day>?
    /// `sent_via:`, how it went (`invoic peppol send` writes `peppol`).
    public var sentVia: Located<SentVia>?

    public enum SentVia: String, Sendable, CaseIterable {
        case peppol, sdi, mail, post, hand
        /// A French approved platform, by `invoic pa send` (docs/france.md).
        case pa
    }
    public var items: [LineItem]
    public var itemsRange: SourceRange?
    /// Entries written under `items:`, decoded or not: an empty list is `no-items`, a list of
    /// broken items is not.
    public var itemsWritten = 0
    /// False when part of the file could not be decoded: its figures would be computed from
    /// less than the person wrote, so none are, and no figure-based check speaks about it.
    public var isComplete = true
    /// Payments received (invoices), or `refunds:`, money paid back (credit notes).
    public var payments: [Payment]
    public var void: Voiding?
    /// `corrects:`, the invoice a credit note credits (BT-25), and `reason:`, why (printed).
    public var corrects: Located<String>?
    public var reason: Located<String>?
    public var accepted: Located<Day>?
    public var declined: Located<Day>?
    public var notes: String?
    /// `exemption:`, why no VAT is charged on the untaxed groups; the client's, then the book's by default.
    public var exemption: Located<Exemption>?
    /// `allowances:` and `charges:` of the document (BG-20, BG-21), each in one tax group.
    public var allowances: [LineAdjustment] = []
    public var charges: [LineAdjustment] = []
    /// References the buyer asks to see (EN 16931): `buyer_reference:` (BT-10, XRechnung's
    /// Leitweg-ID; the client's by default), `order:` (BT-13), `contract:` (BT-12),
    /// `project_reference:` (BT-11), and the invoicing `period:` (BG-14).
    public var buyerReference: Located<String>?
    public var order: Located<String>?
    public var contract: Located<String>?
    /// `ksef:`, the number Poland's KSeF gave the invoice once it took it (docs/poland.md).
    public var ksef: Located<String>?
    /// `sdi_progressive:`, the progressive of the FatturaPA file `invoic sdi send` mailed to Italy's
    /// SdI (its name and ProgressivoInvio), written there when it was first sent, and a new one when
    /// it is sent again after a rejection (docs/italy.md).
    public var sdiProgressive: Located<String>?
    /// `split_payment: true`: Poland's mechanizm podzielonej płatności (MPP, art. 106e ust. 1 pkt
    /// 18a of the VAT Act) applies: the PDF says so and FA(3) writes P_18A 1 (docs/poland.md).
    public var splitPayment: Located<Bool>?
    public var projectReference: Located<String>?
    public var period: Located<DayRange>?
    /// `deliver_to:` (BG-13), over the client's.
    public var deliverTo: Located<DeliveryPlace>?
    /// `payment_means:` (BT-81), over the client's and the book's; `mandate:` (BT-89) for a direct
    /// debit; `card:`, the last digits of a card that pays (BT-87).
    public var paymentMeans: Located<PaymentMeans>?
    public var mandate: Located<String>?
    public var card: Located<String>?
    /// `tax_currency:` (BT-6).
    public var taxCurrency: Located<TaxCurrency>?
    /// `type:` (BT-3) of an invoice.
    public var type: Located<InvoiceType>?
    /// `prepaid:` (BT-113).
    public var prepaid: Located<DecimalNumber>?
    /// What a payment quotes (BT-83) when not the number: set only on the view of a supplier's
    /// e-invoice, whose payment reference may be a structured one (RF18...).
    public var remittance: String?
    /// `payable_rounding:`, the step the amount due is rounded to (0.05 for Swiss cash, 1 for Swedish kronor).
    public var payableRounding: Located<DecimalNumber>?
    /// `withholding:`, over the client's and the book's (a line's own is over this).
    public var withholding: Located<[Withholding]>?
    /// `rounding_amount:`, the rounding of the amount due (BT-114) as another system decided it.
    public var roundingAmount: Located<DecimalNumber>?
    public var stated: [StatedFigure: Located<DecimalNumber>]
    /// Figures computed from the lines once currency and defaults are resolved; nil when they could not be.
    public var figures: Figures?

    public init(kind: DocumentKind, number: String, file: String, client: Located<String>, issued: Located<Day>) {
        self.kind = kind
        self.number = number
        self.file = file
        self.client = client
        self.issued = issued
        items = []
        payments = []
        stated = [:]
    }

    public struct Voiding: Sendable {
        public var date: Located<Day>
        public var reason: String?
        public var range: SourceRange
    }
}

/// A discount as written: a percentage (`10%`) or an amount in the document's currency (`50.00`).
public enum DiscountText: Sendable, Hashable {
    case percentage(Rate)
    case amount(DecimalNumber)
}

public struct LineItem: Sendable {
    public var description: String
    public var quantity: Located<DecimalNumber>?
    public var unit: String?
    public var price: Located<DecimalNumber>
    public var tax: Located<TaxRate>?
    public var category: String?
    public var statedAmount: Located<DecimalNumber>?
    public var range: SourceRange
    /// `unit_code:`, the UN/ECE Rec 20 code (BT-130) when the unit's word does not say it.
    public var unitCode: Located<String>?
    /// `list_price:`, the gross price before the price discount (BT-148); the price is the net one.
    public var listPrice: Located<DecimalNumber>?
    /// `per:`, the price base quantity (BT-149): the price is per this many units.
    public var per: Located<DecimalNumber>?
    /// `discounts:` and `charges:` of the line (BG-27, BG-28), applied before tax.
    public var discounts: [LineAdjustment] = []
    public var charges: [LineAdjustment] = []
    /// `note:` (BT-127), `period:` (BG-26) and `item_id:`, the seller's article number (BT-155):
    /// printed under the description.
    public var note: String?
    public var period: Located<DayRange>?
    public var itemID: String?
    /// `annex_15: true`: the goods or services are listed in annex 15 of Poland's VAT Act, so an
    /// invoice above PLN 15,000 gross that holds them is paid by split payment (MPP).
    public var annex15 = false
    /// `withholding:` of the line, over the document's: `[]` for a line no tax is withheld on.
    public var withholding: Located<[Withholding]>?
}

extension LineItem {
    /// A line made by invoic itself (a reminder's), at `range` of the file it stands for.
    public init(description: String, price: DecimalNumber, range: SourceRange) {
        self.init(description: description, quantity: nil, unit: nil, price: Located(price, at: range), tax: nil, category: nil,
                  statedAmount: nil, range: range)
    }
}

/// How a payment was made: any text the user writes (PayPal, Venmo, SEPA direct debit, ...).
/// Five are known and suggested when a method looks like a misspelling of one of them.
public struct PaymentMethod: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let cash = PaymentMethod(rawValue: "cash")
    public static let card = PaymentMethod(rawValue: "card")
    public static let bankTransfer = PaymentMethod(rawValue: "bank_transfer")
    public static let check = PaymentMethod(rawValue: "check")
    public static let other = PaymentMethod(rawValue: "other")
    public static let known: [PaymentMethod] = [.cash, .card, .bankTransfer, .check, .other]

    /// The known method `text` most likely means when it is not one itself: the same but for
    /// case, spaces or hyphens (`Bank transfer`), or a slip of a letter or two (`chek`).
    public static func suggestion(for text: String) -> PaymentMethod? {
        guard !known.contains(PaymentMethod(rawValue: text)) else { return nil }
        let folded = text.lowercased().replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: "-", with: "_")
        if let same = known.first(where: { $0.rawValue == folded || $0.rawValue.replacingOccurrences(of: "_", with: "") == folded }) {
            return same
        }
        return closestMatch(to: folded, in: known.map(\.rawValue)).map(PaymentMethod.init(rawValue:))
    }
}

public struct Payment: Sendable {
    public var date: Located<Day>
    public var amount: Located<DecimalNumber>
    public var method: PaymentMethod
    public var note: String?
    /// The bank's reference of the transaction that brought the money (`invoic match` writes it and
    /// knows by it what it already recorded).
    public var reference: String?
    /// Paid before the invoice was issued (an advance or deposit): its date may precede the issue date.
    public var deposit: Bool = false
    /// `rate:` on a document in another currency than the book's: units of the book's currency per
    /// unit of the document's on the day the money came, so the journal books the exchange difference.
    public var rate: Located<DecimalNumber>? = nil
    public var range: SourceRange
}

/// Figures a document may state; each is checked against the computed one.
public enum StatedFigure: String, Sendable, Hashable, CaseIterable {
    case subtotal, discountAmount = "discount_amount", allowanceTotal = "allowance_total", chargeTotal = "charge_total"
    case taxAmount = "tax_amount", total, dueAmount = "due_amount"

    /// The key in words, for messages.
    public var label: String {
        switch self {
        case .subtotal: "subtotal"
        case .discountAmount: "discount amount"
        case .taxAmount: "tax amount"
        case .total: "total"
        case .dueAmount: "amount due"
        case .allowanceTotal: "allowance total"
        case .chargeTotal: "charge total"
        }
    }
}

/// A document's figures in minor units of its resolved currency.
public struct Figures: Sendable {
    public var currency: Currency
    public var locale: String
    public var rounding: RoundingRule
    /// The due date (invoices) or valid-until date (estimates), written or derived from terms.
    public var dueDate: Day?
    public var lines: [PricedLine]
    public var breakdown: PriceBreakdown
    /// Payments in minor units, in file order.
    public var payments: [Int64]
    /// The sum of payments; pricing fails with `amount-overflow` before this could overflow.
    public var paid: Int64

    /// The document's allowances and charges in minor units, in the order written.
    public var allowances: [Int64] = []
    public var charges: [Int64] = []
    /// `prepaid:`, paid before this invoice (EN 16931 BT-113), e.g. on a deposit invoice.
    public var prepaid: Int64 = 0
    /// The taxes the client withholds (`withholding:`), one per kind and rate, in the order first
    /// written; the amount due is the total less their sum.
    public var withholdings: [WithheldTax] = []
    /// What `payable_rounding:` adds to the amount due (BT-114), e.g. +0.02 to reach a multiple of 0.05.
    public var roundingAmount: Int64 = 0
    /// The VAT total in `tax_currency:` (BT-111), in that currency's minor units.
    public var taxInTaxCurrency: Int64?
    /// How the invoice is paid (BT-81): the document's, the client's, the book's, or from the account.
    public var paymentMeans: PaymentMeans?

    public init(currency: Currency, locale: String, rounding: RoundingRule, dueDate: Day?, lines: [PricedLine], breakdown: PriceBreakdown,
                payments: [Int64], paid: Int64) {
        self.currency = currency
        self.locale = locale
        self.rounding = rounding
        self.dueDate = dueDate
        self.lines = lines
        self.breakdown = breakdown
        self.payments = payments
        self.paid = paid
    }

    public var total: Int64 { breakdown.total }
    /// The sum of the taxes withheld.
    public var withheld: Int64 { withholdings.reduce(0) { $0 + $1.amount } }
    /// The VAT the client pays the State instead of the seller under split payment (Italy's
    /// scissione dei pagamenti, art. 17-ter DPR 633/1972: category B): it is stated, not paid to us.
    public var splitPaymentTax: Int64 { breakdown.groups.filter { $0.category == .splitPayment }.reduce(0) { $0 + $1.tax } }
    /// The amount due for payment: total - withholding - split-payment VAT - prepaid + rounding
    /// (EN 16931's BT-115 leaves the withholding and the split-payment VAT out: `InvoiceModel`).
    public var payable: Int64 { breakdown.total - withheld - splitPaymentTax - prepaid + roundingAmount }
    public var balance: Int64 { payable - paid }
}

public struct PricedLine: Sendable, Hashable {
    /// The line net (BT-131): `gross` less its discounts plus its charges.
    public var amount: Int64
    /// quantity x price / per, rounded: the base a percent discount or charge applies to.
    public var gross: Int64 = 0
    /// Each of the line's discounts and charges, in the order written (BG-27, BG-28).
    public var discounts: [Int64] = []
    public var charges: [Int64] = []
    /// The line's tax category and rate.
    public var tax: TaxRate
    public var rate: Rate { tax.rate }

    public init(amount: Int64, tax: TaxRate) {
        self.amount = amount
        self.tax = tax
    }
}

/// A line's discount or charge (EN 16931 BG-27 / BG-28): an amount, or a percent of a base that
/// defaults to the line's quantity x price.
public struct LineAdjustment: Sendable {
    public var reason: String?
    /// UNCL 5189 (allowances) or 7161 (charges).
    public var code: String?
    public var percent: Located<Rate>?
    public var amount: Located<DecimalNumber>?
    public var base: Located<DecimalNumber>?
    public var range: SourceRange
    /// A document allowance's or charge's tax group (a line's belong to the line's).
    public var tax: Located<TaxRate>?

    public init(reason: String? = nil, code: String? = nil, percent: Located<Rate>? = nil, amount: Located<DecimalNumber>? = nil,
                base: Located<DecimalNumber>? = nil, range: SourceRange) {
        self.reason = reason
        self.code = code
        self.percent = percent
        self.amount = amount
        self.base = base
        self.range = range
    }
}

/// A span of days, both ends included: an invoicing period (BG-14).
public struct DayRange: Sendable, Hashable {
    public var from: Day
    public var to: Day

    public init(from: Day, to: Day) {
        self.from = from
        self.to = to
    }
}
