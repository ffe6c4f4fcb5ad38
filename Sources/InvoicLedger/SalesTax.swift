import InvoicBook
import InvoicMoney

/// Where a client (or a supplier) is, seen from the business: what decides which box of a VAT
/// form a reverse-charge or zero-rated sale goes in.
public enum Destination: String, Sendable, Hashable, CaseIterable, Comparable {
    case domestic
    case eu
    case nonEU = "non_eu"

    /// The EU member states by ISO 3166-1 code (Greece is GR here; its VAT numbers say EL).
    static let memberStates: Set<String> = [
        "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "GR", "ES", "FI", "FR", "HR", "HU", "IE", "IT", "LT", "LU", "LV", "MT",
        "NL", "PL", "PT", "RO", "SE", "SI", "SK",
    ]

    /// Seen from a business in `home`. Unknown countries are domestic: a client without an
    /// address is most often a local one, and the return then shows it where it is easiest to check.
    public static func of(country: String?, home: String?) -> Destination {
        guard let country = country?.uppercased(), let home = home?.uppercased(), country != home else { return .domestic }
        return memberStates.contains(country == "EL" ? "GR" : country) ? .eu : .nonEU
    }

    public static func < (a: Destination, b: Destination) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
}

/// One tax group's share of one fact of a sale, dated by the VAT basis: an invoice issued, a
/// credit note in effect, a void, a payment or a refund. Amounts are signed (a credit is negative)
/// and in `currency`, the book's tax currency when the document states a rate to it.
public struct SaleTax: Sendable {
    public enum Fact: String, Sendable {
        case invoice, creditNote = "credit_note", void, payment, refund
    }

    public var date: Day
    public var fact: Fact
    /// The document the fact is about (a payment's invoice, a refund's credit note).
    public var document: String
    public var file: String
    public var client: String
    public var clientName: String
    /// The client's VAT number as written, when it has one.
    public var vatID: String?
    public var country: String?
    public var destination: Destination
    public var currency: Currency
    public var taxRate: TaxRate
    public var taxable: Int64
    public var tax: Int64
    /// A payment's or refund's index in its document's `payments:` (from 0), which tells two
    /// payments of one day apart; nil for the other facts.
    public var payment: Int? = nil
}

/// The sales facts of a book on one VAT basis: the one place that decides which documents count,
/// when, and in which currency, for the VAT return and the EC Sales List alike.
public struct SalesTaxFacts: Sendable {
    public let basis: VATBasis
    public let facts: [SaleTax]
    /// Currencies documents stayed in because they state no rate to the book's currency.
    public let unconverted: [(document: String, currency: Currency)]
    /// Cash basis: money received beyond what invoices claim (reminder fees, interest,
    /// overpayments), which is no turnover, as it changed on each day (a refund of it negative).
    public let beyondClaims: [(date: Day, document: String, currency: Currency, amount: Int64)]

    /// `feesAreTurnover`: whether money received beyond what an invoice claims (reminder fees,
    /// default interest) is consideration for its supply; by default what the business's country
    /// says (`CountryRules`), and not turnover where it says nothing.
    public init(book: Book, basis: VATBasis, feesAreTurnover: Bool? = nil) {
        self.basis = basis
        let feesAreTurnover = feesAreTurnover ?? CountryRules(book: book).feesAreTurnover
        var facts: [SaleTax] = [], unconverted: [(String, Currency)] = []
        var beyondClaims: [(date: Day, document: String, currency: Currency, amount: Int64)] = []
        let reporting = book.settings.defaults.currency?.value
        let home = book.settings.business.address?.country
        for document in book.documents where document.kind.isBilling {
            guard let figures = document.figures, document.isComplete, LedgerScope.counts(document, in: book) else { continue }
            let client = book.clients[document.client.value]
            let country = client?.contact.address?.country
            let conversion = TaxConversion(document: document, figures: figures, reporting: reporting)
            if conversion.currency != (reporting ?? figures.currency) { unconverted.append((document.number, figures.currency)) }
            let groups = figures.breakdown.groups
            func fact(_ kind: SaleTax.Fact, _ date: Day, _ rate: TaxRate, _ taxable: Int64, _ tax: Int64) -> SaleTax {
                SaleTax(date: date, fact: kind, document: document.number, file: document.file, client: document.client.value,
                        clientName: client?.contact.name ?? document.client.value, vatID: client?.contact.taxID, country: country,
                        destination: Destination.of(country: country, home: home), currency: conversion.currency, taxRate: rate,
                        taxable: taxable, tax: tax)
            }
            let own = groups.map { (taxable: $0.taxable, tax: $0.tax) }
            switch (document.kind, basis) {
            case (.invoice, .accrual):
                let taxes = conversion.groupTaxes(groups)
                for (group, tax) in zip(groups, taxes) {
                    facts.append(fact(.invoice, document.issued.value, group.taxRate, conversion.convert(group.taxable), tax))
                }
                // Voiding takes back the VAT of what it cancels, on the day it does.
                if let account = book.account(of: document, through: .distantFuture), let void = account.entries.first(where: { $0.kind == .void }),
                   void.amount != 0 {
                    for (group, part) in zip(groups, CashSettlement.split(void.amount, weights: own)) {
                        facts.append(fact(.void, void.date, group.taxRate, conversion.convert(part.taxable), conversion.convert(part.tax)))
                    }
                }
            case (.creditNote, .accrual):
                guard let effective = book.effectiveDate(of: document) else { continue }
                let taxes = conversion.groupTaxes(groups)
                for (group, tax) in zip(groups, taxes) {
                    facts.append(fact(.creditNote, effective, group.taxRate, -conversion.convert(group.taxable), -tax))
                }
            case (.invoice, .cash):
                for part in CashSettlement(book: book, invoice: document, figures: figures, feesAreTurnover: feesAreTurnover).parts {
                    let on = part.refund ?? document
                    if part.beyondClaim != 0 { beyondClaims.append((part.date, document.number, conversion.currency, conversion.convert(part.beyondClaim))) }
                    for (group, amount) in zip(groups, part.groups) where amount.taxable != 0 || amount.tax != 0 {
                        var sale = fact(part.refund == nil ? .payment : .refund, part.date, group.taxRate, conversion.convert(amount.taxable),
                                        conversion.convert(amount.tax))
                        sale.document = on.number
                        sale.file = on.file
                        sale.payment = part.payment
                        facts.append(sale)
                    }
                }
            case (.creditNote, .cash):
                // A refund on a credit note of a counted invoice is part of that invoice's
                // settlement above; only a credit note standing alone counts its refunds here.
                if let corrected = document.corrects.flatMap({ book.invoice($0.value) }), corrected.figures?.currency == figures.currency,
                   LedgerScope.counts(corrected, in: book) { continue }
                var refunded: Int64 = 0
                let weights = own.map { (taxable: max(0, $0.taxable), tax: max(0, $0.tax)) }
                for (index, (refund, amount)) in zip(document.payments, figures.payments).enumerated() where amount != 0 {
                    let after = CashSettlement.split(CashSettlement.scaled(refunded + amount, weights: weights, rounding: figures.roundingAmount), weights: weights)
                    let before = CashSettlement.split(CashSettlement.scaled(refunded, weights: weights, rounding: figures.roundingAmount), weights: weights)
                    refunded += amount
                    for (group, (a, b)) in zip(groups, zip(after, before)) {
                        var sale = fact(.refund, refund.date.value, group.taxRate, -conversion.convert(a.taxable - b.taxable), -conversion.convert(a.tax - b.tax))
                        sale.payment = index
                        facts.append(sale)
                    }
                }
            case (.estimate, _):
                continue
            }
        }
        self.facts = facts
        self.unconverted = unconverted
        self.beyondClaims = beyondClaims
    }
}

/// Which documents a ledger counts: invoices once they were sent, paid or voided (a draft is not
/// an invoice yet), and credit notes once in effect (sent, or refunded). The VAT return, the EC
/// Sales List and the journal all ask here, so they never disagree about what happened.
public enum LedgerScope {
    public static func counts(_ document: Document, in book: Book) -> Bool {
        guard document.figures != nil, document.isComplete else { return false }
        switch document.kind {
        case .invoice: return document.sent != nil || !document.payments.isEmpty || document.void != nil
        case .creditNote: return book.effectiveDate(of: document) != nil
        case .estimate: return false
        }
    }
}

/// A document's figures in the book's tax currency: as they are when the document is in it,
/// converted at the rate the document states (`tax_currency:`, BT-6) when that names it, and
/// otherwise left in the document's own currency (the return then shows them apart).
struct TaxConversion {
    let currency: Currency
    private let rate: TaxCurrency?
    private let from: Currency
    private let rounding: RoundingRule
    private let statedTax: Int64?

    init(document: Document, figures: Figures, reporting: Currency?) {
        from = figures.currency
        rounding = figures.rounding
        if let target = document.taxCurrency?.value, target.currency == reporting, target.currency != figures.currency {
            currency = target.currency
            rate = target
            statedTax = figures.taxInTaxCurrency
        } else {
            currency = figures.currency
            rate = nil
            statedTax = nil
        }
    }

    /// `minor` units of the document's currency in `currency`, rounded once.
    func convert(_ minor: Int64) -> Int64 {
        guard let rate else { return minor }
        return Self.convert(minor, from: from, at: rate, rounding: rounding)
    }

    /// `minor` units of `from` in `rate.currency` at `rate.rate`, rounded once.
    static func convert(_ minor: Int64, from: Currency, at rate: TaxCurrency, rounding: RoundingRule) -> Int64 {
        let shift = from.exponent + rate.rate.scale - rate.currency.exponent
        var power: Int128 = 1
        for _ in 0..<abs(shift) { power *= 10 }
        let product = Int128(minor) * rate.rate.significand
        let converted = shift >= 0 ? rounding.divide(product, by: power) : product * power
        return Int64(clamping: converted)
    }

    /// The groups' taxes in `currency`: converted, they add up to the VAT total the document
    /// states in the tax currency (BT-111), the figure the tax office saw.
    func groupTaxes(_ groups: [TaxGroup]) -> [Int64] {
        guard let statedTax, rate != nil else { return groups.map(\.tax) }
        let converted = groups.map { convert($0.tax) }
        guard converted.reduce(0, +) != statedTax else { return converted }
        return Apportion.split(statedTax, over: groups.map { max(0, $0.tax) })
    }
}
