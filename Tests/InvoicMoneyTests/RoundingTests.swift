import Testing
import InvoicMoney

@Suite struct RoundingTests {
    // (numerator, denominator, half away from zero, half even), worked by hand.
    @Test(arguments: [
        (25, 10, 3, 2), (35, 10, 4, 4), (-25, 10, -3, -2), (-35, 10, -4, -4),
        (15, 10, 2, 2), (5, 10, 1, 0), (-5, 10, -1, 0), (45, 10, 5, 4), (-45, 10, -5, -4),
        (24, 10, 2, 2), (26, 10, 3, 3), (-24, 10, -2, -2), (-26, 10, -3, -3),
        (30, 10, 3, 3), (-30, 10, -3, -3), (0, 7, 0, 0), (1, 3, 0, 0), (2, 3, 1, 1), (-2, 3, -1, -1),
        (7, 1, 7, 7), (-7, 1, -7, -7), (1, 2, 1, 0), (3, 2, 2, 2), (-1, 2, -1, 0),
        (50_050, 100, 501, 500), (10_000_005, 10, 1_000_001, 1_000_000),
    ])
    func dividesAndRounds(numerator: Int, denominator: Int, awayFromZero: Int, even: Int) {
        #expect(RoundingRule.halfAwayFromZero.divide(Int128(numerator), by: Int128(denominator)) == Int128(awayFromZero))
        #expect(RoundingRule.halfEven.divide(Int128(numerator), by: Int128(denominator)) == Int128(even))
    }

    @Test func extremesDoNotTrap() {
        for rule in RoundingRule.allCases {
            #expect(rule.divide(.max, by: 1) == .max)
            #expect(rule.divide(.min, by: 1) == .min)
            #expect(rule.divide(.min, by: 2) == -(Int128(1) << 126))
            // (2^127 - 1) / 2 = 2^126 - 0.5: away -> 2^126; even -> 2^126 (2^126 - 1 is odd).
            #expect(rule.divide(.max, by: 2) == Int128(1) << 126)
            #expect(rule.divide(.max, by: .max) == 1)
            #expect(rule.divide(.min, by: .max) == -1)
            #expect(rule.divide(1, by: .max) == 0)
        }
    }

    @Test func bookSpellings() {
        #expect(RoundingRule(rawValue: "half_away_from_zero") == .halfAwayFromZero)
        #expect(RoundingRule(rawValue: "half_even") == .halfEven)
        #expect(RoundingRule(rawValue: "half_up") == nil)
        #expect(RoundingRule.allCases.count == 2)
    }

    @Test func applyRate() {
        let rate = Rate(milliPercent: 8_875)
        // 4.00 x 8.875% = 0.355 -> 0.36 / 0.36 (35 is odd)
        #expect(RoundingRule.halfAwayFromZero.apply(rate, to: 400) == 36)
        #expect(RoundingRule.halfEven.apply(rate, to: 400) == 36)
        // 12.00 x 8.875% = 1.065 -> 1.07 / 1.06
        #expect(RoundingRule.halfAwayFromZero.apply(rate, to: 1_200) == 107)
        #expect(RoundingRule.halfEven.apply(rate, to: 1_200) == 106)
        #expect(RoundingRule.halfAwayFromZero.apply(rate, to: -1_200) == -107)
        #expect(RoundingRule.halfEven.apply(Rate(milliPercent: 20_000), to: .max) == 1_844_674_407_370_955_161)
        #expect(RoundingRule.halfEven.apply(Rate(milliPercent: 200_000), to: .max) == nil)
    }
}
