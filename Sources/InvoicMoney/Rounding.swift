// Rounding of exact quotients to whole minor units. Both rules are symmetric
// around zero: they round the magnitude and put the sign back, so -2.5 rounds
// like 2.5 with the opposite sign.

/// How an exact quotient is rounded to a whole number of minor units.
/// The raw values are the book's spelling (`defaults.rounding`).
public enum RoundingRule: String, Sendable, CaseIterable {
    /// Halves go away from zero: 2.5 -> 3, -2.5 -> -3. The book's default.
    case halfAwayFromZero = "half_away_from_zero"
    /// Halves go to the even neighbour ("banker's rounding"): 2.5 -> 2,
    /// 3.5 -> 4, -2.5 -> -2.
    case halfEven = "half_even"
}

/// Where a division's remainder lies relative to half the divisor.
enum HalfComparison: Sendable {
    case belowHalf, exactlyHalf, aboveHalf

    /// Compares `remainder` with `divisor / 2` without overflow
    /// (requires remainder < divisor).
    init(remainder: UInt128, divisor: UInt128) {
        let rest = divisor - remainder
        if remainder < rest {
            self = .belowHalf
        } else if remainder == rest {
            self = .exactlyHalf
        } else {
            self = .aboveHalf
        }
    }
}

extension RoundingRule {
    /// numerator / denominator (denominator > 0) rounded to an integer by this
    /// rule. Exact for every `Int128` numerator, negative ones too, and the
    /// result always fits (its magnitude never exceeds the numerator's).
    ///
    /// - Precondition: `denominator > 0`. A zero or negative denominator is a
    ///   programming error, not a money overflow, and stops the program.
    public func divide(_ numerator: Int128, by denominator: Int128) -> Int128 {
        precondition(denominator > 0, "RoundingRule.divide needs a positive denominator")
        let divisor = UInt128(denominator)
        let (quotient, remainder) = numerator.magnitude.quotientAndRemainder(dividingBy: divisor)
        var magnitude = quotient
        // quotient + 1 cannot overflow: when rounding up, divisor >= 2, so quotient <= 2^126.
        if roundsAwayFromZero(quotient: quotient, HalfComparison(remainder: remainder, divisor: divisor)) {
            magnitude += 1
        }
        // The magnitude is at most |numerator| <= 2^127, so the negation fits.
        return numerator < 0 ? Int128(truncatingIfNeeded: 0 &- magnitude) : Int128(magnitude)
    }

    /// Whether the magnitude `quotient` must grow by one, given where the
    /// dropped remainder lies.
    func roundsAwayFromZero(quotient: UInt128, _ remainder: HalfComparison) -> Bool {
        switch remainder {
        case .belowHalf: return false
        case .aboveHalf: return true
        case .exactlyHalf:
            switch self {
            case .halfAwayFromZero: return true
            case .halfEven: return quotient & 1 == 1
            }
        }
    }

    /// `amount` x `rate`, rounded to a whole minor unit by this rule; nil when
    /// the result does not fit in an `Int64` (±`Int64.max`).
    public func apply(_ rate: Rate, to amount: Int64) -> Int64? {
        // |amount| <= 2^63 and |milliPercent| <= 2^63: the product fits in Int128.
        let product = Int128(amount) * Int128(rate.milliPercent)
        return Int64(checkedMoney: divide(product, by: 100_000))
    }
}

extension Int64 {
    /// The value when it lies within ±`Int64.max`, else nil. Money never takes
    /// `Int64.min`, so negating an amount can never trap.
    init?(checkedMoney value: Int128) {
        guard value.magnitude <= UInt128(Int64.max) else { return nil }
        self.init(value)
    }
}
