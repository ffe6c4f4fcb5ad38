import InvoicAuthoring
import InvoicBook
import InvoicMoney

/// An invoice on the cash basis: which part of each tax group (taxable amount and VAT) each
/// movement of money on its account counts for, the payments received and the refunds paid back
/// on its credit notes, in date order.
///
/// The rule: after each movement, the turnover counted so far is the split of the money kept
/// (received less refunded, never less than zero, never more than what the invoice claims on
/// that day) over the groups the invoice claims on that day (its own less the credit notes in
/// effect by then); the movement counts for the difference from what was counted before it. So:
/// - once the money kept equals the claim, the invoice has counted exactly the groups it
///   claims, to the cent, whatever the order of payments, credit notes and refunds (a credit
///   note between two payments: the second payment counts what the credit left open, even
///   where that takes back a little of what the first counted in a group the credit reduced);
/// - money beyond the claim (reminder fees, default interest, an overpayment before its refund)
///   is no turnover where the country treats fees as damages (DE, AT), and counts nowhere
///   twice: a refund of it takes nothing off;
/// - with no credit note, a payment counts the split of everything received so far less the
///   split of everything received before it, as invoic always did (the example books' figures).
struct CashSettlement {
    struct Part {
        var date: Day
        /// The credit note a refund was paid on; nil for a payment on the invoice.
        var refund: Document?
        /// The movement's index in its document's `payments:` (the invoice's for a payment, the
        /// credit note's for a refund): its identity, where two payments of one day are two parts.
        var payment: Int
        /// One (taxable, tax) per tax group of the invoice, signed (a refund's are negative).
        var groups: [(taxable: Int64, tax: Int64)]
        /// How much the money kept beyond the claim (fees, interest, an overpayment: no
        /// turnover) changed with this movement, in the invoice's currency.
        var beyondClaim: Int64 = 0
    }

    let parts: [Part]

    init(book: Book, invoice: Document, figures: Figures, feesAreTurnover: Bool) {
        let groups = figures.breakdown.groups
        let notes = book.creditNotes(correcting: invoice.number).compactMap { note -> (note: Document, date: Day, figures: Figures)? in
            guard let date = book.effectiveDate(of: note), let noteFigures = note.figures, noteFigures.currency == figures.currency else { return nil }
            return (note, date, noteFigures)
        }
        // Payments first on a day, then refunds, as the invoice's `Account` orders them.
        var moves: [(date: Day, amount: Int64, refund: Document?, payment: Int)] = zip(invoice.payments, figures.payments).enumerated().map {
            ($0.element.0.date.value, $0.element.1, nil, $0.offset)
        }
        for note in notes {
            for (index, (refund, amount)) in zip(note.note.payments, note.figures.payments).enumerated() {
                moves.append((refund.date.value, -amount, note.note, index))
            }
        }
        moves = moves.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)

        var kept: Int64 = 0, beyond: Int64 = 0
        var counted = groups.map { _ in (taxable: Int64(0), tax: Int64(0)) }
        var parts: [Part] = []
        for move in moves where move.amount != 0 {
            kept += move.amount
            // A withheld tax is paid by the client to the tax office for the business: it settles
            // the supply as the money does, so it counts like the rounding of the amount due.
            var claimed = groups.map { (taxable: $0.taxable, tax: $0.tax) }, rounding = figures.roundingAmount - figures.withheld
            for note in notes where note.date <= move.date {
                rounding -= note.figures.roundingAmount - note.figures.withheld
                for noteGroup in note.figures.breakdown.groups {
                    guard let index = groups.firstIndex(where: { $0.taxRate == noteGroup.taxRate }) else { continue }
                    claimed[index].taxable -= noteGroup.taxable
                    claimed[index].tax -= noteGroup.tax
                }
            }
            let weights = claimed.map { (taxable: max(0, $0.taxable), tax: max(0, $0.tax)) }
            // What the client pays on this invoice for the supply: the groups, less what was
            // settled elsewhere (`prepaid:`), plus the rounding of the amount due.
            let claim = max(0, Self.total(weights) - figures.prepaid + rounding)
            let money = feesAreTurnover ? max(0, kept) : min(max(0, kept), claim)
            let target = Self.split(Self.scaled(money, weights: weights, rounding: rounding), weights: weights)
            let part = zip(target, counted).map { (taxable: $0.taxable - $1.taxable, tax: $0.tax - $1.tax) }
            counted = target
            parts.append(Part(date: move.date, refund: move.refund, payment: move.payment, groups: part, beyondClaim: max(0, kept) - money - beyond))
            beyond = max(0, kept) - money
        }
        self.parts = parts
    }

    static func total(_ weights: [(taxable: Int64, tax: Int64)]) -> Int64 { weights.reduce(0) { $0 + $1.taxable + $1.tax } }

    /// The groups' parts (taxable, tax) of `amount`, split in proportion to `weights`, exactly.
    static func split(_ amount: Int64, weights: [(taxable: Int64, tax: Int64)]) -> [(taxable: Int64, tax: Int64)] {
        let parts = Apportion.split(amount, over: weights.flatMap { [$0.taxable, $0.tax] })
        return weights.indices.map { (parts[2 * $0], parts[2 * $0 + 1]) }
    }

    /// Money the client paid, scaled to what the groups total: the rounding of the amount due
    /// (`rounding`, BT-114, e.g. Swedish öresavrundning) is part of the payment but no turnover,
    /// so the groups' parts and the payment's share of the rounding sum to the payment.
    static func scaled(_ money: Int64, weights: [(taxable: Int64, tax: Int64)], rounding: Int64) -> Int64 {
        let total = total(weights)
        guard rounding != 0, total + rounding > 0 else { return money }
        return Int64(clamping: RoundingRule.halfAwayFromZero.divide(Int128(money) * Int128(total), by: Int128(total + rounding)))
    }
}

/// One payment received on an invoice as the cash-basis VAT return counts it: what it settles of
/// each of the invoice's tax groups (`CashSettlement`'s part for that payment). The one split of
/// a payment over VAT rates: the return, Flux 10 and the 212 Encaissée (InvoicFrance) read it,
/// so the administration never receives two figures for the same money.
public struct CashPayment: Sendable {
    public struct Share: Sendable, Equatable {
        public var taxRate: TaxRate
        public var taxable: Int64
        public var tax: Int64
    }

    /// The payment's index in the invoice's `payments:`, from 0: its identity (two payments of
    /// one day are two `CashPayment`s).
    public var payment: Int
    public var date: Day
    /// One per tax group of the invoice (`figures.breakdown.groups`, in that order), in the
    /// invoice's currency. Signed: after a credit note a payment may take back a little of what an
    /// earlier one counted in a group the credit reduced (`CashSettlement`).
    public var shares: [Share]

    /// The payments on `invoice` in the order the settlement walks them (by date, then position),
    /// with the business's country's rule for money beyond the claim (`CountryRules`), as the
    /// cash-basis return counts them; refunds on its credit notes are left out. A payment of 0
    /// counts for nothing and is not listed.
    public static func all(on invoice: Document, in book: Book) -> [CashPayment] {
        guard invoice.kind == .invoice, let figures = invoice.figures else { return [] }
        let groups = figures.breakdown.groups
        let settlement = CashSettlement(book: book, invoice: invoice, figures: figures, feesAreTurnover: CountryRules(book: book).feesAreTurnover)
        return settlement.parts.filter { $0.refund == nil }.map { part in
            CashPayment(payment: part.payment, date: part.date,
                        shares: zip(groups, part.groups).map { Share(taxRate: $0.taxRate, taxable: $1.taxable, tax: $1.tax) })
        }
    }
}

/// What the business's country decides for its VAT return, read from the country table
/// (`CountryDefaults`, data): where the table says nothing, the general EU rules.
struct CountryRules {
    /// Reminder fees and default interest are turnover; where the table says nothing, not
    /// (damages, not consideration for a supply, as in Germany and Austria).
    var feesAreTurnover: Bool
    /// A cash-basis business deducts input VAT when it pays (Austria), not with the invoice.
    var inputTaxOnPayment: Bool

    init(book: Book) {
        let row = book.settings.business.address?.country.flatMap { CountryDefaults.named($0) }
        feesAreTurnover = row?.reminderFeesTaxed ?? false
        inputTaxOnPayment = row?.inputTaxOnPayment ?? false
    }
}
