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
        /// Import VAT paid to customs on the purchases (`import_vat:`), deductible as input VAT.
        public var importTax: Int64 = 0
        /// Suppliers' credit notes: a change of the assessment base, which a form may want apart
        /// (U 30 KZ 067).
        public var correction = false
    }

    public struct Section: Sendable {
        public var currency: Currency
        public var sales: [Sales]
        public var purchases: [PurchaseRow]
        /// VAT charged on sales plus VAT owed on reverse-charge purchases.
        public var outputTax: Int64 { sales.reduce(0) { $0 + $1.tax } + purchases.reduce(0) { $0 + $1.selfAssessed } }
        /// VAT paid to suppliers and to customs plus the self-assessed VAT deducted again.
        public var inputTax: Int64 { purchases.reduce(0) { $0 + $1.tax + $1.selfAssessed + $1.importTax } }
        /// Positive: to pay; negative: to reclaim.
        public var balance: Int64 { outputTax - inputTax }
        /// Cash basis: money received beyond what the invoices claim (reminder fees, default
        /// interest, overpayments not yet refunded), net in the period: not turnover.
        public var beyondClaims: Int64 = 0
    }

    public var period: Period
    public var basis: VATBasis
    public var business: String
    public var vatID: String?
    /// The book's locale (`defaults.locale`): the text and HTML speak its language and write
    /// its amounts.
    public var locale: String
    public var sections: [Section]
    /// Documents whose figures stayed in their own currency.
    public var unconverted: [(document: String, currency: Currency)]

    public init(book: Book, period: Period, basis: VATBasis? = nil, purchases: Purchases = .none) {
        let basis = basis ?? book.settings.vatBasis?.value ?? .accrual
        self.period = period
        self.basis = basis
        business = book.settings.business.name
        vatID = book.settings.business.taxID
        locale = book.settings.defaults.locale?.value ?? Defaults.fallbackLocale
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
        let rules = CountryRules(book: book)
        for part in PurchaseTaxFacts.parts(purchases, basis: basis, inputTaxOnPayment: rules.inputTaxOnPayment) where period.contains(part.date) {
            var rows = bought[part.tax.currency, default: []]
            let selfAssessed = part.tax.selfAssessedRate.flatMap { RoundingRule.halfAwayFromZero.apply($0, to: part.taxable) } ?? 0
            let correction = part.tax.isCredit
            if let index = rows.firstIndex(where: { $0.taxRate == part.tax.taxRate && $0.selfAssessedRate == part.tax.selfAssessedRate && $0.origin == part.tax.origin
                                                    && $0.correction == correction }) {
                rows[index].taxable += part.taxable
                rows[index].tax += part.vat
                rows[index].selfAssessed += selfAssessed
                rows[index].importTax += part.importTax
            } else {
                rows.append(PurchaseRow(taxRate: part.tax.taxRate, selfAssessedRate: part.tax.selfAssessedRate, origin: part.tax.origin,
                                        taxable: part.taxable, tax: part.vat, selfAssessed: selfAssessed, importTax: part.importTax, correction: correction))
            }
            bought[part.tax.currency] = rows
        }
        let currencies = Set(sales.keys).union(bought.keys).union(facts.beyondClaims.filter { period.contains($0.date) }.map(\.currency)).union(book.settings.defaults.currency.map { [$0.value] } ?? [])
        let home = book.settings.defaults.currency?.value
        sections = currencies.sorted { ($0 != home ? 1 : 0, $0.code) < ($1 != home ? 1 : 0, $1.code) }.map { currency in
            Section(currency: currency,
                    sales: (sales[currency] ?? []).sorted { ($0.taxRate.category, $0.destination, $0.taxRate.rate) < ($1.taxRate.category, $1.destination, $1.taxRate.rate) },
                    purchases: (bought[currency] ?? []).sorted {
                        ($0.taxRate.category, $0.origin, $0.taxRate.rate, $0.correction ? 1 : 0) < ($1.taxRate.category, $1.origin, $1.taxRate.rate, $1.correction ? 1 : 0)
                    })
        }
        for entry in facts.beyondClaims where period.contains(entry.date) {
            if let index = sections.firstIndex(where: { $0.currency == entry.currency }) { sections[index].beyondClaims += entry.amount }
        }
        unconverted = facts.unconverted.filter { entry in facts.facts.contains { $0.document == entry.document && period.contains($0.date) } }
    }
}

/// Purchases on a VAT basis. Self-assessed VAT (a reverse-charge purchase, an intra-EU
/// acquisition) arises with the invoice, on either basis (§ 13b (2), § 13 (1) Nr. 6 UStG; § 19
/// (2) and Art. 19 (2) UStG 1994): it is owed and deducted on the purchase's date, paid or not.
/// Input VAT a supplier charged follows the invoice too (§ 15 (1) UStG), except where the country
/// lets a cash-basis business deduct it only when it pays (`inputTaxOnPayment`, Austria): then
/// each payment counts its part of the charged groups, split like a sale's, the payments of a
/// settled purchase together exactly its groups.
enum PurchaseTaxFacts {
    struct Part {
        var tax: PurchaseTax
        var date: Day
        var taxable: Int64
        var vat: Int64
        var importTax: Int64 = 0
    }

    static func parts(_ purchases: Purchases, basis: VATBasis, inputTaxOnPayment: Bool) -> [Part] {
        let byPayment = basis == .cash && inputTaxOnPayment
        // Import VAT is deducted with the import (§ 15 (1) Nr. 2 UStG; § 12 (1) Z 2 UStG 1994).
        var parts = purchases.taxes.map { tax in
            !byPayment || tax.selfAssessedRate != nil
                ? Part(tax: tax, date: tax.issued, taxable: tax.taxable, vat: tax.tax, importTax: tax.importTax)
                : Part(tax: tax, date: tax.issued, taxable: 0, vat: 0, importTax: tax.importTax)
        }.filter { $0.taxable != 0 || $0.vat != 0 || $0.importTax != 0 || !byPayment }
        guard byPayment else { return parts }
        var paidSoFar: [String: Int64] = [:]
        for payment in purchases.payments {
            let groups = purchases.taxes.filter { $0.document == payment.document && $0.supplier == payment.supplier }
            guard !groups.isEmpty else { continue }
            // Signed like the purchase (a credit note's groups and refunds are negative): split
            // magnitudes, each payment the split of all paid so far less that of all paid before,
            // never past the purchase's own total.
            let sign: Int64 = groups[0].isCredit ? -1 : 1
            let weights = groups.map { (taxable: max(0, sign * $0.taxable), tax: max(0, sign * $0.tax)) }
            let key = payment.supplier + "\u{0}" + payment.document
            let before = paidSoFar[key, default: 0], after = before + sign * payment.amount
            paidSoFar[key] = after
            let cap = CashSettlement.total(weights)
            let now = CashSettlement.split(min(max(0, after), cap), weights: weights)
            let then = CashSettlement.split(min(max(0, before), cap), weights: weights)
            for (index, group) in groups.enumerated() where group.selfAssessedRate == nil {
                parts.append(Part(tax: group, date: payment.date, taxable: sign * (now[index].taxable - then[index].taxable),
                                  vat: sign * (now[index].tax - then[index].tax)))
            }
        }
        return parts
    }
}
