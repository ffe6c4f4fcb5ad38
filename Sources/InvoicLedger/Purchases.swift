import InvoicBook
import InvoicMoney

/// The input side of the VAT return and of the journal: what the business bought, read from the
/// book's received purchases by ``init(book:)`` (`VATReportCommand` and `ExportJournalCommand`
/// pass it): input VAT, reverse-charge purchases, import VAT and the balance in the VAT return, on
/// the forms' boxes (66, 46/47, 67, 62; U30 060, 057, 048, 066, 082, 061, 067) and in the journal
/// (payables, expenses, input VAT), on either VAT basis.
public struct Purchases: Sendable {
    public var taxes: [PurchaseTax]
    public var payments: [PurchasePayment]
    /// What each purchase states as paid before it (BT-113) and its rounding (BT-114), signed like
    /// its taxes, by `settlementKey(supplier:document:)`: the journal's payable is then the amount due.
    public var settlements: [String: (prepaid: Int64, rounding: Int64)] = [:]

    public init(taxes: [PurchaseTax] = [], payments: [PurchasePayment] = []) {
        self.taxes = taxes
        self.payments = payments
    }

    public static func settlementKey(supplier: String, document: String) -> String { supplier + "\u{0}" + document }

    public static let none = Purchases()

    /// The book's received purchases (`purchases/`, issue 29): each tax group of each invoice or
    /// credit note (a credit note's amounts negative), and each payment made on them (a refund a
    /// supplier paid back on a credit note negative). Where the supplier is comes from the country
    /// prefix of its VAT id; a reverse-charge or intra-EU purchase is self-assessed at the book's
    /// standard rate (`defaults.tax`), the rate the buyer owes on it.
    public init(book: Book) {
        let home = book.settings.business.address?.country
        var ownRate: Rate?
        if let rate = book.settings.defaults.tax?.value, rate.category == .standard { ownRate = rate.rate }
        var taxes: [PurchaseTax] = []
        var payments: [PurchasePayment] = []
        var settlements: [String: (prepaid: Int64, rounding: Int64)] = [:]
        // A document the user rejected (`invoic purchase reject`) is neither owed nor deductible.
        for purchase in book.purchases where !purchase.isRejected {
            let supplier = book.suppliers[purchase.supplier]
            let prefix = supplier?.vatIDs.first.map { String($0.prefix(2)).uppercased() }.flatMap { $0.allSatisfy(\.isLetter) ? $0 : nil }
            let origin = Destination.of(country: prefix == "EL" ? "GR" : prefix, home: home)
            for (index, group) in purchase.taxes.enumerated() {
                let category = TaxCategory(rawValue: group.category) ?? .standard
                let taxRate = TaxRate(category, group.rate ?? .zero)
                // The rate the purchase states it is self-assessed at (books at 7 %, a tax-free
                // acquisition at 0 %), else the book's standard rate.
                let selfAssessed = category == .reverseCharge || category == .intraCommunity ? group.selfAssessedRate ?? ownRate : nil
                var tax = PurchaseTax(document: purchase.number, file: purchase.file, supplier: purchase.supplier, supplierName: purchase.supplierName,
                                      issued: purchase.issued, currency: purchase.currency, taxRate: taxRate, selfAssessedRate: selfAssessed,
                                      origin: origin, taxable: purchase.sign * group.taxable.minorUnits, tax: purchase.sign * group.tax.minorUnits,
                                      category: supplier?.category)
                tax.isCredit = purchase.kind == .creditNote
                if index == 0 { tax.importTax = purchase.sign * (purchase.importTax?.minorUnits ?? 0) }
                taxes.append(tax)
            }
            let prepaid = purchase.prepaid.minorUnits, rounding = purchase.payable.minorUnits - (purchase.total.minorUnits - prepaid)
            if prepaid != 0 || rounding != 0 {
                settlements[Self.settlementKey(supplier: purchase.supplier, document: purchase.number)] = (purchase.sign * prepaid, purchase.sign * rounding)
            }
            for payment in purchase.payments {
                var paid = PurchasePayment(document: purchase.number, file: purchase.file, supplier: purchase.supplier, supplierName: purchase.supplierName,
                                           date: payment.date, currency: purchase.currency, amount: purchase.sign * payment.amount.minorUnits)
                paid.isRefund = purchase.kind == .creditNote
                payments.append(paid)
            }
        }
        self.init(taxes: taxes, payments: payments)
        self.settlements = settlements
    }
}

/// One tax group of one received purchase invoice, in the purchase's currency.
public struct PurchaseTax: Sendable {
    /// The purchase's number (the supplier's invoice number), its file, its supplier (id) and date.
    public var document: String
    public var file: String
    public var supplier: String
    public var supplierName: String
    public var issued: Day
    public var currency: Currency
    /// Standard or zero-rated: the VAT the supplier charged, deductible as input VAT.
    /// `reverseCharge` (services, §13b UStG / §19 UStG AT) or `intraCommunity` (an intra-EU
    /// acquisition of goods): the supplier charged none; the buyer owes it at `selfAssessedRate`
    /// and deducts the same amount.
    public var taxRate: TaxRate
    public var selfAssessedRate: Rate?
    /// Where the supplier is, seen from the business.
    public var origin: Destination
    public var taxable: Int64
    /// The VAT the supplier charged (0 on reverse charge).
    public var tax: Int64
    /// The expense's category (`Expenses:<category>`), nil for the book's `purchases` account.
    public var category: String?
    /// A supplier's credit note (its amounts negative): narrated as one in the journal.
    public var isCredit = false
    /// Import VAT paid to customs on the purchase (`import_vat:`), on its first group only.
    public var importTax: Int64 = 0

    public init(document: String, file: String, supplier: String, supplierName: String, issued: Day, currency: Currency, taxRate: TaxRate,
                selfAssessedRate: Rate? = nil, origin: Destination, taxable: Int64, tax: Int64, category: String? = nil) {
        self.document = document
        self.file = file
        self.supplier = supplier
        self.supplierName = supplierName
        self.issued = issued
        self.currency = currency
        self.taxRate = taxRate
        self.selfAssessedRate = selfAssessedRate
        self.origin = origin
        self.taxable = taxable
        self.tax = tax
        self.category = category
    }
}

/// Money paid to a supplier on a purchase.
public struct PurchasePayment: Sendable {
    public var document: String
    public var file: String
    public var supplier: String
    public var supplierName: String
    public var date: Day
    public var currency: Currency
    public var amount: Int64
    /// Money a supplier paid back on its credit note (`amount` negative).
    public var isRefund = false

    public init(document: String, file: String, supplier: String, supplierName: String, date: Day, currency: Currency, amount: Int64) {
        self.document = document
        self.file = file
        self.supplier = supplier
        self.supplierName = supplierName
        self.date = date
        self.currency = currency
        self.amount = amount
    }
}
