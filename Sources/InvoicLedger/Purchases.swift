import InvoicBook
import InvoicMoney

/// The input side of the VAT return and of the journal: what the business bought. The book has
/// no purchases yet (issue 29 adds `purchases/` and `suppliers/`); `Purchases.none` is what every
/// caller passes until then. When they land, one function that reads the checked book's purchases
/// into these values, passed where `Purchases.none` is passed today (`VATReportCommand.run` and
/// `ExportJournalCommand.run` in InvoicCLI/LedgerCommands.swift), puts them in the VAT return (input VAT,
/// reverse-charge purchases, the balance), on the forms' boxes (66, 46/47, 67; U30 060, 057, 066)
/// and in the journal (payables, expenses, input VAT), on either VAT basis.
public struct Purchases: Sendable {
    public var taxes: [PurchaseTax]
    public var payments: [PurchasePayment]

    public init(taxes: [PurchaseTax] = [], payments: [PurchasePayment] = []) {
        self.taxes = taxes
        self.payments = payments
    }

    public static let none = Purchases()
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
