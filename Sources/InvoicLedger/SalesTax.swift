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
}

/// The sales facts of a book on one VAT basis: the one place that decides which documents count,
/// when, and in which currency, for the VAT return and the EC Sales List alike.
public struct SalesTaxFacts: Sendable {
    public let basis: VATBasis
    public let facts: [SaleTax]
    /// Currencies documents stayed in because they state no rate to the book's currency.
    public let unconverted: [(document: String, currency: Currency)]

    public init(book: Book, basis: VATBasis) {
        self.basis = basis
        var facts: [SaleTax] = [], unconverted: [(String, Currency)] = []
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
            /// The groups' parts (taxable, tax) of `amount`, split in proportion to `weights`.
            func split(_ amount: Int64, weights: [(taxable: Int64, tax: Int64)]) -> [(taxable: Int64, tax: Int64)] {
                let parts = Apportion.split(amount, over: weights.flatMap { [$0.taxable, $0.tax] })
                return weights.indices.map { (parts[2 * $0], parts[2 * $0 + 1]) }
            }
            /// A payment's parts as the difference of what all the money so far and all the money
            /// before it come to: once the whole amount is in, the payments together come to the
            /// document's groups exactly. Money is first scaled from what the client pays to what
            /// the groups total: the rounding of the amount due (`rounding`, BT-114, e.g. Swedish
            /// öresavrundning) is part of the payment but no turnover, so a payment's parts and
            /// its share of the rounding sum to the payment.
            func cumulative(_ before: Int64, _ amount: Int64, weights: [(taxable: Int64, tax: Int64)], rounding: Int64) -> [(taxable: Int64, tax: Int64)] {
                let total = weights.reduce(Int64(0)) { $0 + $1.taxable + $1.tax }
                func scaled(_ money: Int64) -> Int64 {
                    guard rounding != 0, total + rounding > 0 else { return money }
                    return Int64(clamping: RoundingRule.halfAwayFromZero.divide(Int128(money) * Int128(total), by: Int128(total + rounding)))
                }
                let after = split(scaled(before + amount), weights: weights), earlier = split(scaled(before), weights: weights)
                return zip(after, earlier).map { ($0.taxable - $1.taxable, $0.tax - $1.tax) }
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
                    for (group, part) in zip(groups, split(void.amount, weights: own)) {
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
                // Each payment is split over what the invoice still claims on its day: its groups
                // less the credit notes in effect by then, so a payment net of a credit lands in
                // the groups the credit left.
                let notes = book.creditNotes(correcting: document.number).compactMap { note -> (Day, [TaxGroup], Int64)? in
                    guard let date = book.effectiveDate(of: note), let noteFigures = note.figures else { return nil }
                    return (date, noteFigures.breakdown.groups, noteFigures.roundingAmount)
                }
                var received: Int64 = 0
                for (payment, amount) in zip(document.payments, figures.payments) where amount != 0 {
                    var weights = own, rounding = figures.roundingAmount
                    for (date, noteGroups, noteRounding) in notes where date <= payment.date.value {
                        rounding -= noteRounding
                        for noteGroup in noteGroups {
                            guard let index = groups.firstIndex(where: { $0.taxRate == noteGroup.taxRate }) else { continue }
                            weights[index].taxable -= noteGroup.taxable
                            weights[index].tax -= noteGroup.tax
                        }
                    }
                    if weights.allSatisfy({ $0.taxable <= 0 && $0.tax <= 0 }) { weights = own }
                    let parts = cumulative(received, amount, weights: weights.map { (max(0, $0.taxable), max(0, $0.tax)) }, rounding: rounding)
                    received += amount
                    for (group, part) in zip(groups, parts) {
                        facts.append(fact(.payment, payment.date.value, group.taxRate, conversion.convert(part.taxable), conversion.convert(part.tax)))
                    }
                }
            case (.creditNote, .cash):
                var refunded: Int64 = 0
                for (refund, amount) in zip(document.payments, figures.payments) where amount != 0 {
                    let parts = cumulative(refunded, amount, weights: own.map { (max(0, $0.taxable), max(0, $0.tax)) }, rounding: figures.roundingAmount)
                    refunded += amount
                    for (group, part) in zip(groups, parts) {
                        facts.append(fact(.refund, refund.date.value, group.taxRate, -conversion.convert(part.taxable), -conversion.convert(part.tax)))
                    }
                }
            case (.estimate, _):
                continue
            }
        }
        self.facts = facts
        self.unconverted = unconverted
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
