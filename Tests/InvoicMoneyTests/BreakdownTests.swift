import Testing
import InvoicMoney

/// Every expected figure below is worked out by hand in the comment next to it.
@Suite struct BreakdownTests {
    static let zero = Rate.zero
    static let ten = Rate(milliPercent: 10_000)
    static let twenty = Rate(milliPercent: 20_000)

    @Test func noLinesIsAllZeros() throws {
        for discount in [nil, Discount.percentage(Self.ten), .amount(0)] {
            let result = try Pricing.breakdown(rates: [], discount: discount, rounding: .halfAwayFromZero).get()
            #expect(result.subtotal == 0 && result.discount == 0 && result.tax == 0 && result.total == 0)
            #expect(result.groups.isEmpty)
        }
        #expect(Pricing.breakdown(rates: [], discount: .amount(1), rounding: .halfEven) == .failure(.discountExceedsSubtotal))
    }

    @Test func fixedDiscountSpreadByLargestRemainder() throws {
        // 10.00 over nets 33.33 / 33.33 / 33.34 (subtotal 100.00) at 0% / 10% / 20%:
        // exact shares 3.333, 3.333, 3.334 -> floors 333, 333, 333 (remainders 3000, 3000, 4000 /10000);
        // one cent missing goes to the largest remainder (the 20% group): 333, 333, 334.
        // Taxable 30.00 each -> tax 0.00, 3.00, 6.00; total 100.00 - 10.00 + 9.00 = 99.00.
        let lines: [(amount: Int64, rate: Rate)] = [(2_000, Self.twenty), (3_333, Self.zero), (1_334, Self.twenty), (3_333, Self.ten)]
        let result = try Pricing.breakdown(rates: lines, discount: .amount(1_000), rounding: .halfAwayFromZero).get()
        #expect(result.groups.map(\.rate) == [Self.zero, Self.ten, Self.twenty])
        #expect(result.groups.map(\.net) == [3_333, 3_333, 3_334])
        #expect(result.groups.map(\.discount) == [333, 333, 334])
        #expect(result.groups.map(\.taxable) == [3_000, 3_000, 3_000])
        #expect(result.groups.map(\.tax) == [0, 300, 600])
        #expect(result.subtotal == 10_000 && result.discount == 1_000 && result.tax == 900 && result.total == 9_900)
    }

    @Test func largestRemainderIsNotLargestNet() throws {
        // 1.00 over nets 1.00 (0%) and 2.00 (10%): shares 33.33 and 66.67 cents;
        // floors 33, 66 with remainders 100 and 200 (/300): the cent goes to the 10% group -> 33, 67.
        // Tax: 0 and (200 - 67) x 10% = 13.3 -> 13. Total 300 - 100 + 13 = 213.
        let result = try Pricing.breakdown(rates: [(100, Self.zero), (200, Self.ten)], discount: .amount(100),
                                           rounding: .halfEven).get()
        #expect(result.groups.map(\.discount) == [33, 67])
        #expect(result.groups.map(\.tax) == [0, 13])
        #expect(result.total == 213)
    }

    @Test func tiesGoToTheLowerRate() throws {
        // 0.01 over two nets of 50.00: both shares are 0.5 cent -> the 10% group gets it.
        // Tax: (5000 - 1) x 10% = 499.9 -> 500; 5000 x 20% = 1000. Total 10000 - 1 + 1500 = 11499.
        let result = try Pricing.breakdown(rates: [(5_000, Self.twenty), (5_000, Self.ten)], discount: .amount(1),
                                           rounding: .halfAwayFromZero).get()
        #expect(result.groups.map(\.discount) == [1, 0])
        #expect(result.tax == 1_500 && result.total == 11_499)
        // 0.02 over three nets of 1.00 at 0%, 5%, 10%: shares 0.667 cent each, equal remainders:
        // the two lower rates get a cent. Tax: 0, 99 x 5% = 4.95 -> 5, 100 x 10% = 10. Total 300 - 2 + 15 = 313.
        let five = Rate(milliPercent: 5_000)
        let three = try Pricing.breakdown(rates: [(100, Self.ten), (100, five), (100, Self.zero)], discount: .amount(2),
                                          rounding: .halfEven).get()
        #expect(three.groups.map(\.discount) == [1, 1, 0])
        #expect(three.groups.map(\.tax) == [0, 5, 10])
        #expect(three.total == 313)
    }

    @Test func percentageDiscountIsRoundedPerGroup() throws {
        // 10% of nets 50.05 (10%) and 100.05 (20%): discounts 5.005 and 10.005.
        let lines: [(amount: Int64, rate: Rate)] = [(10_005, Self.twenty), (5_005, Self.ten)]
        // Half away: discounts 501, 1001; taxable 4504, 9004; tax 450.4 -> 450, 1800.8 -> 1801.
        // Total 15010 - 1502 + 2251 = 15759.
        let away = try Pricing.breakdown(rates: lines, discount: .percentage(Self.ten), rounding: .halfAwayFromZero).get()
        #expect(away.groups.map(\.discount) == [501, 1_001])
        #expect(away.groups.map(\.tax) == [450, 1_801])
        #expect(away.subtotal == 15_010 && away.discount == 1_502 && away.tax == 2_251 && away.total == 15_759)
        // Half even: discounts 500, 1000; taxable 4505, 9005; tax 450.5 -> 450, 1801.
        // Total 15010 - 1500 + 2251 = 15761.
        let even = try Pricing.breakdown(rates: lines, discount: .percentage(Self.ten), rounding: .halfEven).get()
        #expect(even.groups.map(\.discount) == [500, 1_000])
        #expect(even.groups.map(\.tax) == [450, 1_801])
        #expect(even.subtotal == 15_010 && even.discount == 1_500 && even.tax == 2_251 && even.total == 15_761)
    }

    @Test func taxIsComputedOnTheSumPerRate() throws {
        let rate = Rate(milliPercent: 8_875)
        // Two lines of 4.00 at 8.875%: per line 0.355 -> 0.36, so per-line rounding would give 0.72;
        // on the sum, 8.00 x 8.875% = 0.71 exactly. The book (EN 16931) takes 0.71.
        let result = try Pricing.breakdown(rates: [(400, rate), (400, rate)], discount: nil, rounding: .halfAwayFromZero).get()
        #expect(result.groups.count == 1)
        #expect(result.tax == 71 && result.total == 871)
        let perLine = 2 * (RoundingRule.halfAwayFromZero.apply(rate, to: 400) ?? 0)
        #expect(perLine == 72 && perLine != result.tax)
        // 12.00 at 8.875% = 1.065: 1.07 half away, 1.06 half even.
        let away = try Pricing.breakdown(rates: [(1_200, rate)], discount: nil, rounding: .halfAwayFromZero).get()
        let even = try Pricing.breakdown(rates: [(1_200, rate)], discount: nil, rounding: .halfEven).get()
        #expect(away.tax == 107 && even.tax == 106)
    }

    @Test func discountLimits() throws {
        let lines: [(amount: Int64, rate: Rate)] = [(1_000, Self.twenty)]
        #expect(Pricing.breakdown(rates: lines, discount: .amount(1_001), rounding: .halfEven) == .failure(.discountExceedsSubtotal))
        #expect(Pricing.breakdown(rates: lines, discount: .amount(-1), rounding: .halfEven) == .failure(.discountExceedsSubtotal))
        #expect(Pricing.breakdown(rates: lines, discount: .percentage(Rate(milliPercent: 100_001)), rounding: .halfEven)
                == .failure(.discountExceedsSubtotal))
        #expect(Pricing.breakdown(rates: lines, discount: .percentage(Rate(milliPercent: -1)), rounding: .halfEven)
                == .failure(.discountExceedsSubtotal))
        // The whole subtotal, either way: nothing left to tax.
        for discount in [Discount.amount(1_000), .percentage(.hundredPercent)] {
            let result = try Pricing.breakdown(rates: lines, discount: discount, rounding: .halfEven).get()
            #expect(result.discount == 1_000 && result.tax == 0 && result.total == 0)
        }
    }

    @Test func overflowIsAnErrorNotATrap() {
        #expect(Pricing.breakdown(rates: [(.max, Self.zero), (1, Self.ten)], discount: nil, rounding: .halfEven) == .failure(.overflow))
        #expect(Pricing.breakdown(rates: [(.max, Self.twenty)], discount: nil, rounding: .halfEven) == .failure(.overflow))
        #expect(Pricing.breakdown(rates: [(.min, Self.zero)], discount: nil, rounding: .halfEven) == .failure(.overflow))
        #expect((try? Pricing.breakdown(rates: [(.max, Self.zero)], discount: nil, rounding: .halfEven).get().total) == .max)
        #expect(Pricing.breakdown(rates: [(.max, Rate(milliPercent: .max))], discount: nil, rounding: .halfEven) == .failure(.overflow))
    }

    @Test func fixedDiscountPartsAlwaysAddUp() throws {
        // Pseudo-random books: the parts must sum to the amount and each part must be
        // within one unit of its exact proportional share (|part x S - D x net| < S).
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: UInt64) -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (seed >> 33) % bound
        }
        let rates = [0, 5_000, 7_000, 8_875, 10_000, 19_000, 20_000, 25_500].map(Rate.init(milliPercent:))
        for _ in 0..<500 {
            let lines: [(amount: Int64, rate: Rate)] = (0..<(1 + Int(next(8)))).map { _ in
                (Int64(next(1_000_000)), rates[Int(next(UInt64(rates.count)))])
            }
            let subtotal = lines.reduce(Int64(0)) { $0 + $1.amount }
            guard subtotal > 0 else { continue }
            let amount = Int64(next(UInt64(subtotal) + 1))
            let result = try Pricing.breakdown(rates: lines, discount: .amount(amount), rounding: .halfEven).get()
            #expect(result.groups.reduce(Int64(0)) { $0 + $1.discount } == amount)
            #expect(result.discount == amount)
            #expect(result.total == subtotal - amount + result.groups.reduce(Int64(0)) { $0 + $1.tax })
            for group in result.groups {
                let error = Int128(group.discount) * Int128(subtotal) - Int128(amount) * Int128(group.net)
                #expect(error.magnitude < UInt128(subtotal))
            }
            #expect(result.groups.map(\.rate) == result.groups.map(\.rate).sorted())
            #expect(Set(result.groups.map(\.rate)) == Set(lines.map(\.rate)))
        }
    }
}

/// These tests write rates alone, as a book does: standard-rated, or zero-rated at 0 %.
extension Pricing {
    static func breakdown(rates lines: [(amount: Int64, rate: Rate)], discount: Discount?,
                          rounding: RoundingRule) -> Result<PriceBreakdown, PricingError> {
        breakdown(lines: lines.map { (amount: $0.amount, rate: TaxRate(rate: $0.rate)) }, discount: discount, rounding: rounding)
    }
}

@Suite struct TaxCategoryBreakdownTests {
    /// A reverse-charge line and a zero-rated line are two groups, though both are at 0 %.
    @Test func categoriesOfTheSameRateAreSeparateGroups() throws {
        let twenty = TaxRate(rate: Rate(milliPercent: 20_000))
        let lines: [(amount: Int64, rate: TaxRate)] = [(10_000, twenty), (5_000, TaxRate(.reverseCharge)), (2_000, TaxRate(rate: .zero)),
                                                       (1_000, TaxRate(.reverseCharge))]
        let result = try Pricing.breakdown(lines: lines, discount: nil, rounding: .halfAwayFromZero).get()
        #expect(result.groups.map(\.taxRate) == [TaxRate(.reverseCharge), TaxRate(rate: .zero), twenty])
        #expect(result.groups.map(\.net) == [6_000, 2_000, 10_000])
        #expect(result.groups.map(\.tax) == [0, 0, 2_000])
        #expect(result.total == 20_000)
    }
}

/// A price per a base quantity (EN 16931 BT-149): quantity x price / base, rounded once.
@Suite struct BaseQuantityTests {
    func amount(_ quantity: String, _ price: String, per: String?, rounding: RoundingRule = .halfAwayFromZero) throws -> Int64 {
        try Pricing.lineAmount(quantity: try DecimalNumber.parse(quantity).get(), price: try DecimalNumber.parse(price).get(),
                               per: try per.map { try DecimalNumber.parse($0).get() }, currency: Currency.named("EUR")!,
                               rounding: rounding).get()
    }

    @Test func pricesPerABaseQuantity() throws {
        #expect(try amount("2500", "12.50", per: "1000") == 3_125)   // 31.25
        #expect(try amount("1", "100.00", per: "12") == 833)          // 8.333... -> 8.33
        #expect(try amount("31", "1200.00", per: "365") == 10_192)    // 101.9178 -> 101.92
        #expect(try amount("31", "1200.00", per: "366") == 10_164)    // 101.6393 -> 101.64
        #expect(try amount("3", "7.50", per: "1") == 2_250)
        #expect(try amount("3", "7.50", per: nil) == 2_250)
        #expect(try amount("1.5", "10.00", per: "0.5") == 3_000)      // a base below one: 30.00
        #expect(try amount("-4", "120.00", per: nil) == -48_000)      // a returned line
    }

    @Test func theBooksRoundingDecidesTheHalf() throws {
        #expect(try amount("1", "0.05", per: "2") == 3)               // 0.025 -> 0.03
        #expect(try amount("1", "0.05", per: "2", rounding: .halfEven) == 2)
        #expect(try amount("1", "0.07", per: "2", rounding: .halfEven) == 4)   // 0.035 -> 0.04
    }
}
