// Integer helpers: exact powers of ten, and 256-bit intermediates for
// quantity x price. Two parsed decimals may each have 30 digits, so their
// product can exceed Int128 even when the rounded line amount is small
// (1.000...1 x 1.000...1). The product is kept as a (high, low) pair of
// UInt128 and divided down by powers of ten exactly.

/// An unsigned 256-bit integer as two 128-bit halves.
struct UInt256: Hashable, Sendable {
    var high: UInt128
    var low: UInt128

    /// a x b, exactly.
    static func product(_ a: UInt128, _ b: UInt128) -> UInt256 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return UInt256(high: high, low: low)
    }

    var isZero: Bool { high == 0 && low == 0 }

    /// Self divided by `divisor` (> 0): quotient and remainder, exactly.
    func quotientAndRemainder(dividingBy divisor: UInt128) -> (quotient: UInt256, remainder: UInt128) {
        let (highQuotient, highRemainder) = high.quotientAndRemainder(dividingBy: divisor)
        // highRemainder < divisor, so the 256-by-128 division's quotient fits in 128 bits.
        let (lowQuotient, remainder) = divisor.dividingFullWidth((highRemainder, low))
        return (UInt256(high: highQuotient, low: lowQuotient), remainder)
    }
}

enum WideArithmetic {
    /// a x b x 10^shift (shift may be negative: then a division), rounded to a
    /// whole number by `rule`; nil when the result does not fit in `UInt128`.
    static func scaledProduct(_ a: UInt128, _ b: UInt128, shift: Int, rule: RoundingRule) -> UInt128? {
        let product = UInt256.product(a, b)
        if product.isZero { return 0 }
        if shift >= 0 {
            guard product.high == 0, let factor = PowersOfTen.uint128(shift) else { return nil }
            let (result, overflow) = product.low.multipliedReportingOverflow(by: factor)
            return overflow ? nil : result
        }
        // Divide by 10^-shift in steps of at most 10^38. Every step's divisor
        // is an even power of ten, so only the last step's remainder decides
        // below / above half; earlier remainders only matter at an exact half
        // (a nonzero one makes it "above").
        var value = product
        var remaining = -shift
        var droppedNonzero = false
        var last = HalfComparison.belowHalf
        while remaining > 0 {
            let step = min(remaining, 38)
            let divisor = PowersOfTen.uint128[step]
            let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
            if remaining == step {
                last = HalfComparison(remainder: remainder, divisor: divisor)
            } else if remainder != 0 {
                droppedNonzero = true
            }
            value = quotient
            remaining -= step
            if value.isZero && remaining > 0 {
                // The exact result is below 10^-remaining <= 0.1: it rounds to 0.
                return 0
            }
        }
        if last == .exactlyHalf && droppedNonzero { last = .aboveHalf }
        guard value.high == 0 else { return nil }
        guard rule.roundsAwayFromZero(quotient: value.low, last) else { return value.low }
        let (rounded, overflow) = value.low.addingReportingOverflow(1)
        return overflow ? nil : rounded
    }
}

extension WideArithmetic {
    /// a x b x 10^shift / divisor, rounded to a whole number by `rule`; nil when a step does not
    /// fit (the result in `UInt128`, 10^-shift x divisor in `UInt128`). For a price per a base
    /// quantity (EN 16931 BT-149): quantity x price / base, rounded once.
    static func scaledQuotient(_ a: UInt128, _ b: UInt128, shift: Int, dividedBy divisor: UInt128, rule: RoundingRule) -> UInt128? {
        guard divisor > 0 else { return nil }
        var numerator = UInt256.product(a, b)
        var denominator = divisor
        if shift >= 0 {
            guard numerator.high == 0, let factor = PowersOfTen.uint128(shift) else { return nil }
            let (high, low) = numerator.low.multipliedFullWidth(by: factor)
            numerator = UInt256(high: high, low: low)
        } else {
            guard let factor = PowersOfTen.uint128(-shift) else { return nil }
            let (scaled, overflow) = denominator.multipliedReportingOverflow(by: factor)
            guard !overflow else { return nil }
            denominator = scaled
        }
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        guard quotient.high == 0 else { return nil }
        guard rule.roundsAwayFromZero(quotient: quotient.low, HalfComparison(remainder: remainder, divisor: denominator)) else { return quotient.low }
        let (rounded, overflow) = quotient.low.addingReportingOverflow(1)
        return overflow ? nil : rounded
    }
}

// MARK: - Powers of ten

/// Exact powers of ten for the module's integer arithmetic.
enum PowersOfTen {
    /// 10^0 ... 10^38: every power of ten an `Int128` (and a `UInt128`) can hold.
    static let int128: [Int128] = {
        var table: [Int128] = [1]
        for _ in 1...38 { table.append(table[table.count - 1] * 10) }
        return table
    }()

    /// 10^0 ... 10^38 as `UInt128`.
    static let uint128: [UInt128] = int128.map { UInt128($0) }

    /// 10^n as `Int128`, or nil when n is negative or above 38.
    static func int128(_ n: Int) -> Int128? {
        n >= 0 && n < int128.count ? int128[n] : nil
    }

    /// 10^n as `UInt128`, or nil when n is negative or above 38.
    static func uint128(_ n: Int) -> UInt128? {
        n >= 0 && n < uint128.count ? uint128[n] : nil
    }
}
