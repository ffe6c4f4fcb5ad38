// Book-format section 5: line amounts, discount, tax per rate and total, all
// in exact integer minor units. Every sum and product is overflow-checked and
// reported as `.overflow`; nothing here traps on user data.

/// A document discount, applied before tax.
public enum Discount: Hashable, Sendable {
    /// A percentage of each tax-rate group's net (0...100 %).
    case percentage(Rate)
    /// A fixed amount in minor units of the document's currency (>= 0).
    case amount(Int64)
}

/// Why a document cannot be priced.
public enum PricingError: Error, Hashable, Sendable {
    /// A figure does not fit in an `Int64` of minor units (±`Int64.max`).
    case overflow
    /// A fixed discount above the subtotal or a percentage above 100 %.
    /// A negative discount (either kind) is reported as this too; the
    /// decoder should have rejected it first.
    case discountExceedsSubtotal
}

/// The lines of one tax category and rate, with their share of the discount and their tax.
public struct TaxGroup: Hashable, Sendable {
    /// The category and rate of every line in the group.
    public let taxRate: TaxRate
    /// The rate of every line in the group.
    public var rate: Rate { taxRate.rate }
    public var category: TaxCategory { taxRate.category }
    /// The sum of the group's line amounts.
    public let net: Int64
    /// The group's share of the document discount.
    public let discount: Int64
    /// The document allowances and charges of this group (EN 16931 BG-20, BG-21).
    public var allowances: Int64 = 0
    public var charges: Int64 = 0
    /// What the tax is computed on: `net - discount - allowances + charges`.
    public var taxable: Int64 { net - discount - allowances + charges }
    /// `taxable` x `rate`, rounded once for the whole group (EN 16931).
    public let tax: Int64

    public init(taxRate: TaxRate, net: Int64, discount: Int64, allowances: Int64 = 0, charges: Int64 = 0, tax: Int64) {
        self.taxRate = taxRate
        self.net = net
        self.discount = discount
        self.allowances = allowances
        self.charges = charges
        self.tax = tax
    }
}

/// Every figure of a priced document, in minor units.
public struct PriceBreakdown: Hashable, Sendable {
    /// The sum of the line amounts.
    public let subtotal: Int64
    /// The document discount: the sum of the groups' discounts.
    public let discount: Int64
    /// One group per distinct category and rate, ascending by rate, then category.
    public let groups: [TaxGroup]
    /// The sum of the groups' taxes.
    public let tax: Int64
    /// `subtotal - discount - allowances + charges + tax`.
    public let total: Int64
    /// The document allowances and charges (BT-107, BT-108).
    public var allowances: Int64 = 0
    public var charges: Int64 = 0

    /// Figures another system computed, taken as they are: the view of a supplier's e-invoice
    /// prints the supplier's own (InvoicInbox), never invoic's arithmetic over them.
    public init(subtotal: Int64, discount: Int64, groups: [TaxGroup], tax: Int64, total: Int64, allowances: Int64 = 0, charges: Int64 = 0) {
        self.subtotal = subtotal
        self.discount = discount
        self.groups = groups
        self.tax = tax
        self.total = total
        self.allowances = allowances
        self.charges = charges
    }
}

/// The pricing rules of the book (format section 5).
public enum Pricing {
    /// quantity x price, rounded to the currency's minor unit by `rounding`.
    /// Quantity and price are exact decimals of any scale; the product is
    /// computed exactly (256-bit intermediate) and rounded once.
    /// `.overflow` when the result does not fit in ±`Int64.max` minor units.
    /// With `per` (a price base quantity, EN 16931 BT-149: a price per 1000 sheets), quantity x
    /// price / per, rounded once.
    public static func lineAmount(quantity: DecimalNumber, price: DecimalNumber, per: DecimalNumber? = nil, currency: Currency,
                                  rounding: RoundingRule) -> Result<Int64, PricingError> {
        let shift = currency.exponent - quantity.scale - price.scale + (per?.scale ?? 0)
        let magnitude: UInt128?
        if let per, !(per.significand == 1 && per.scale == 0) {
            magnitude = WideArithmetic.scaledQuotient(quantity.significand.magnitude, price.significand.magnitude, shift: shift,
                                                      dividedBy: per.significand.magnitude, rule: rounding)
        } else {
            magnitude = WideArithmetic.scaledProduct(quantity.significand.magnitude, price.significand.magnitude,
                                                     shift: currency.exponent - quantity.scale - price.scale, rule: rounding)
        }
        guard let magnitude, magnitude <= UInt128(Int64.max) else { return .failure(.overflow) }
        let value = Int64(magnitude)
        return .success(quantity.isNegative != price.isNegative ? -value : value)
    }

    /// Book-format section 5: lines grouped by rate; a percentage discount
    /// applies to each group's net (rounded per group); a fixed discount is
    /// spread over the groups in proportion to their net, largest remainder
    /// first (ties: the lower rate first), so the parts add up to the amount
    /// exactly; tax per rate = (net - discount) x rate, rounded once per rate.
    ///
    /// Zero lines give all zeros (a fixed discount above 0 then exceeds the
    /// subtotal). Line rates are not range-checked here.
    /// Document `allowances` and `charges` (EN 16931 BG-20, BG-21), already in minor units,
    /// belong each to the group of their rate, before its tax; a group may come from them alone.
    public static func breakdown(lines: [(amount: Int64, rate: TaxRate)], discount: Discount?,
                                 allowances: [(amount: Int64, rate: TaxRate)] = [], charges: [(amount: Int64, rate: TaxRate)] = [],
                                 rounding: RoundingRule) -> Result<PriceBreakdown, PricingError> {
        var nets: [TaxRate: Int64] = [:]
        var subtotal: Int64 = 0
        for line in lines {
            guard let sum = subtotal.checkedAdding(line.amount),
                  let net = nets[line.rate, default: 0].checkedAdding(line.amount) else { return .failure(.overflow) }
            subtotal = sum
            nets[line.rate] = net
        }
        var allowed: [TaxRate: Int64] = [:], charged: [TaxRate: Int64] = [:]
        for (amount, rate) in allowances {
            guard let sum = allowed[rate, default: 0].checkedAdding(amount) else { return .failure(.overflow) }
            allowed[rate] = sum
        }
        for (amount, rate) in charges {
            guard let sum = charged[rate, default: 0].checkedAdding(amount) else { return .failure(.overflow) }
            charged[rate] = sum
        }
        let rates = Set(nets.keys).union(allowed.keys).union(charged.keys).sorted()
        let groupNets = rates.map { nets[$0] ?? 0 }

        var discounts = [Int64](repeating: 0, count: rates.count)
        switch discount {
        case nil:
            break
        case .percentage(let rate):
            guard rate.milliPercent >= 0, rate.milliPercent <= 100_000 else {
                return .failure(.discountExceedsSubtotal)
            }
            for index in groupNets.indices {
                guard let part = rounding.apply(rate, to: groupNets[index]) else { return .failure(.overflow) }
                discounts[index] = part
            }
        case .amount(let amount):
            guard amount >= 0, amount <= subtotal else { return .failure(.discountExceedsSubtotal) }
            if amount > 0 {
                guard let parts = spread(amount, over: groupNets, total: subtotal) else { return .failure(.overflow) }
                discounts = parts
            }
        }

        var groups: [TaxGroup] = []
        var totalDiscount: Int64 = 0, totalTax: Int64 = 0, totalAllowances: Int64 = 0, totalCharges: Int64 = 0
        for (index, rate) in rates.enumerated() {
            let allowance = allowed[rate] ?? 0, charge = charged[rate] ?? 0
            guard let afterDiscount = groupNets[index].checkedSubtracting(discounts[index]),
                  let afterAllowances = afterDiscount.checkedSubtracting(allowance),
                  let taxable = afterAllowances.checkedAdding(charge),
                  let tax = rounding.apply(rate.rate, to: taxable),
                  let discountSum = totalDiscount.checkedAdding(discounts[index]),
                  let allowanceSum = totalAllowances.checkedAdding(allowance),
                  let chargeSum = totalCharges.checkedAdding(charge),
                  let taxSum = totalTax.checkedAdding(tax) else { return .failure(.overflow) }
            groups.append(TaxGroup(taxRate: rate, net: groupNets[index], discount: discounts[index], allowances: allowance, charges: charge, tax: tax))
            totalDiscount = discountSum
            totalAllowances = allowanceSum
            totalCharges = chargeSum
            totalTax = taxSum
        }
        guard let afterDiscount = subtotal.checkedSubtracting(totalDiscount),
              let afterAllowances = afterDiscount.checkedSubtracting(totalAllowances),
              let beforeTax = afterAllowances.checkedAdding(totalCharges),
              let total = beforeTax.checkedAdding(totalTax) else { return .failure(.overflow) }
        var breakdown = PriceBreakdown(subtotal: subtotal, discount: totalDiscount, groups: groups, tax: totalTax, total: total)
        breakdown.allowances = totalAllowances
        breakdown.charges = totalCharges
        return .success(breakdown)
    }

    /// Splits `amount` over `nets` (which sum to `total` > 0) in proportion,
    /// by the largest-remainder method: each part is floor(amount x net /
    /// total); the units still missing go one each to the largest remainders,
    /// ties to the lower index (the lower rate). The parts sum to `amount`.
    static func spread(_ amount: Int64, over nets: [Int64], total: Int64) -> [Int64]? {
        let divisor = Int128(total)
        var floors: [Int128] = []
        var remainders: [Int128] = []
        for net in nets {
            // |amount| and |net| are below 2^63: the product fits in Int128.
            var (quotient, remainder) = (Int128(amount) * Int128(net)).quotientAndRemainder(dividingBy: divisor)
            if remainder < 0 {  // floor, not truncation, should a net be negative
                quotient -= 1
                remainder += divisor
            }
            floors.append(quotient)
            remainders.append(remainder)
        }
        // The remainders sum to a multiple of `total` below nets.count x total.
        let missing = Int128(amount) - floors.reduce(0, +)
        let order = nets.indices.sorted { lhs, rhs in
            remainders[lhs] != remainders[rhs] ? remainders[lhs] > remainders[rhs] : lhs < rhs
        }
        for index in order.prefix(max(0, Int(clamping: missing))) { floors[index] += 1 }
        var parts: [Int64] = []
        for part in floors {
            guard let value = Int64(checkedMoney: part) else { return nil }
            parts.append(value)
        }
        return parts
    }
}

extension Int64 {
    /// self + other, or nil when the sum leaves ±`Int64.max`.
    func checkedAdding(_ other: Int64) -> Int64? {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow || sum == .min ? nil : sum
    }

    /// self - other, or nil when the difference leaves ±`Int64.max`.
    func checkedSubtracting(_ other: Int64) -> Int64? {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow || difference == .min ? nil : difference
    }
}
