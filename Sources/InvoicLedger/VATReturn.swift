import InvoicBook
import InvoicMoney

/// The figures of a VAT return for one period: turnover and output VAT by category, rate and
/// where the client is; purchases and input VAT; the balance to pay (positive) or reclaim.
/// One section per currency: money is never added across currencies, so a document that states
/// no rate to the book's currency stays in a section of its own.
public struct VATReturn: Sendable {
    public struct Sales: Sendable, Hashable {
        public var taxRate: TaxRate
        public var destination: Destination
        public var taxable: Int64 = 0
        public var tax: Int64 = 0
    }

    public struct PurchaseRow: Sendable, Hashable {
        public var taxRate: TaxRate
        public var selfAssessedRate: Rate?
        public var origin: Destination
        public var taxable: Int64 = 0
        /// VAT the supplier charged.
        public var tax: Int64 = 0
        /// VAT the business owes itself on a reverse-charge purchase or an intra-EU acquisition.
        public var selfAssessed: Int64 = 0
    }

    public struct Section: Sendable {
        public var currency: Currency
        public var sales: [Sales]
        public var purchases: [PurchaseRow]
        /// VAT charged on sales plus VAT owed on reverse-charge purchases.
        public var outputTax: Int64 { sales.reduce(0) { $0 + $1.tax } + purchases.reduce(0) { $0 + $1.selfAssessed } }
        /// VAT paid to suppliers plus the self-assessed VAT deducted again.
        public var inputTax: Int64 { purchases.reduce(0) { $0 + $1.tax + $1.selfAssessed } }
        /// Positive: to pay; negative: to reclaim.
        public var balance: Int64 { outputTax - inputTax }
    }

    public var period: Period
    public var basis: VATBasis
    public var business: String
    public var vatID: String?
    public var sections: [Section]
    /// Documents whose figures stayed in their own currency.
    public var unconverted: [(document: String, currency: Currency)]

    public init(book: Book, period: Period, basis: VATBasis? = nil, purchases: Purchases = .none) {
        let basis = basis ?? book.settings.vatBasis?.value ?? .accrual
        self.period = period
        self.basis = basis
        business = book.settings.business.name
        vatID = book.settings.business.taxID
        let facts = SalesTaxFacts(book: book, basis: basis)
        var sales: [Currency: [Sales]] = [:]
        for fact in facts.facts where period.contains(fact.date) {
            var rows = sales[fact.currency, default: []]
            if let index = rows.firstIndex(where: { $0.taxRate == fact.taxRate && $0.destination == fact.destination }) {
                rows[index].taxable += fact.taxable
                rows[index].tax += fact.tax
            } else {
                rows.append(Sales(taxRate: fact.taxRate, destination: fact.destination, taxable: fact.taxable, tax: fact.tax))
            }
            sales[fact.currency] = rows
        }
        var bought: [Currency: [PurchaseRow]] = [:]
        for part in PurchaseTaxFacts.parts(purchases, basis: basis) where period.contains(part.date) {
            var rows = bought[part.tax.currency, default: []]
            let selfAssessed = part.tax.selfAssessedRate.flatMap { RoundingRule.halfAwayFromZero.apply($0, to: part.taxable) } ?? 0
            if let index = rows.firstIndex(where: { $0.taxRate == part.tax.taxRate && $0.selfAssessedRate == part.tax.selfAssessedRate && $0.origin == part.tax.origin }) {
                rows[index].taxable += part.taxable
                rows[index].tax += part.vat
                rows[index].selfAssessed += selfAssessed
            } else {
                rows.append(PurchaseRow(taxRate: part.tax.taxRate, selfAssessedRate: part.tax.selfAssessedRate, origin: part.tax.origin,
                                        taxable: part.taxable, tax: part.vat, selfAssessed: selfAssessed))
            }
            bought[part.tax.currency] = rows
        }
        let currencies = Set(sales.keys).union(bought.keys).union(book.settings.defaults.currency.map { [$0.value] } ?? [])
        let home = book.settings.defaults.currency?.value
        sections = currencies.sorted { ($0 != home ? 1 : 0, $0.code) < ($1 != home ? 1 : 0, $1.code) }.map { currency in
            Section(currency: currency,
                    sales: (sales[currency] ?? []).sorted { ($0.taxRate.category, $0.destination, $0.taxRate.rate) < ($1.taxRate.category, $1.destination, $1.taxRate.rate) },
                    purchases: (bought[currency] ?? []).sorted { ($0.taxRate.category, $0.origin, $0.taxRate.rate) < ($1.taxRate.category, $1.origin, $1.taxRate.rate) })
        }
        unconverted = facts.unconverted.filter { entry in facts.facts.contains { $0.document == entry.document && period.contains($0.date) } }
    }
}

/// Purchases on a VAT basis: on accrual each tax group on its invoice's date; on cash each
/// payment split over the purchase's groups like a sale's.
enum PurchaseTaxFacts {
    struct Part {
        var tax: PurchaseTax
        var date: Day
        var taxable: Int64
        var vat: Int64
    }

    static func parts(_ purchases: Purchases, basis: VATBasis) -> [Part] {
        switch basis {
        case .accrual:
            return purchases.taxes.map { Part(tax: $0, date: $0.issued, taxable: $0.taxable, vat: $0.tax) }
        case .cash:
            var parts: [Part] = []
            for payment in purchases.payments {
                let groups = purchases.taxes.filter { $0.document == payment.document && $0.supplier == payment.supplier }
                guard !groups.isEmpty else { continue }
                let split = Apportion.split(payment.amount, over: groups.flatMap { [max(0, $0.taxable), max(0, $0.tax)] })
                for (index, group) in groups.enumerated() {
                    parts.append(Part(tax: group, date: payment.date, taxable: split[2 * index], vat: split[2 * index + 1]))
                }
            }
            return parts
        }
    }
}
