import Testing
import InvoicMoney

/// Every expected figure below is worked out by hand in the comment next to it.
@Suite struct LineAmountTests {
    func amount(_ quantity: String, _ price: String, _ code: String, _ rule: RoundingRule) throws -> Result<Int64, PricingError> {
        Pricing.lineAmount(quantity: try DecimalNumber.parse(quantity).get(), price: try DecimalNumber.parse(price).get(),
                           currency: try #require(Currency.named(code)), rounding: rule)
    }

    // (quantity, price, currency, half away from zero, half even) in minor units.
    @Test(arguments: [
        ("2.5", "120.00", "EUR", 30_000, 30_000),        // 300.00 exactly
        ("2.5", "0.0125", "USD", 3, 3),                  // 0.03125 USD = 3.125 cents
        ("1", "0.125", "USD", 13, 12),                   // 12.5 cents
        ("0.5", "0.05", "USD", 3, 2),                    // 2.5 cents
        ("3", "0.005", "USD", 2, 2),                     // 1.5 cents (1 odd -> 2)
        ("3", "333.3335", "KWD", 1_000_001, 1_000_000),  // 1000.0005 KWD = 1000000.5 fils
        ("2", "1.2345", "BHD", 2_469, 2_469),            // 2.469 BHD
        ("1.5", "999", "JPY", 1_499, 1_498),             // 1498.5 yen
        ("0.5", "1001", "KRW", 501, 500),                // 500.5 won
        ("1.5", "3", "JPY", 5, 4),                       // 4.5 yen
        ("-1.5", "999", "JPY", -1_499, -1_498),          // symmetric around zero
        ("1", "-0.125", "USD", -13, -12),
        ("0", "999.99", "USD", 0, 0),
        ("0.000001", "0.01", "USD", 0, 0),               // 0.000001 cents
        ("1", "92233720368547758.07", "USD", Int(Int64.max), Int(Int64.max)),
    ] as [(String, String, String, Int, Int)])
    func lineAmounts(quantity: String, price: String, code: String, awayFromZero: Int, even: Int) throws {
        #expect(try amount(quantity, price, code, .halfAwayFromZero) == .success(Int64(awayFromZero)))
        #expect(try amount(quantity, price, code, .halfEven) == .success(Int64(even)))
    }

    @Test func productsBeyondInt128AreExact() throws {
        // (1 + 10^-29)^2 = 1 + 2x10^-29 + 10^-58 USD: 100 cents; the significands' product is ~10^58.
        let almostOne = "1.00000000000000000000000000001"
        #expect(try amount(almostOne, almostOne, "USD", .halfEven) == .success(100))
        // 0.5 x 0.01 = 0.005 USD = 0.5 cents exactly, with 60 written decimals.
        let half = "0.500000000000000000000000000000"
        let cent = "0.010000000000000000000000000000"
        #expect(try amount(half, cent, "USD", .halfAwayFromZero) == .success(1))
        #expect(try amount(half, cent, "USD", .halfEven) == .success(0))
        // 0.500...01 x 0.01 is a hair above half a cent: both rules round up.
        let overHalf = "0.500000000000000000000000000001"
        #expect(try amount(overHalf, cent, "USD", .halfEven) == .success(1))
        #expect(try amount(overHalf, cent, "USD", .halfAwayFromZero) == .success(1))
    }

    @Test func widestScalesFromTheInitializer() throws {
        let usd = try #require(Currency.named("USD"))
        func line(_ quantity: DecimalNumber?, _ price: DecimalNumber?, _ rule: RoundingRule) throws -> Result<Int64, PricingError> {
            Pricing.lineAmount(quantity: try #require(quantity), price: try #require(price), currency: usd, rounding: rule)
        }
        // 0.5 x 0.01 USD with scale 38 each: half a cent, found after dividing by 10^74.
        let half = DecimalNumber(significand: 5 * Int128(10).power(37), scale: 38)
        let cent = DecimalNumber(significand: Int128(10).power(36), scale: 38)
        #expect(try line(half, cent, .halfAwayFromZero) == .success(1))
        #expect(try line(half, cent, .halfEven) == .success(0))
        // (2^127 - 1) x 10^-38 = 1.70141...: squared 2.8948... USD -> 289 cents.
        let max38 = DecimalNumber(significand: .max, scale: 38)
        #expect(try line(max38, max38, .halfEven) == .success(289))
        let max0 = DecimalNumber(significand: .max, scale: 0)
        #expect(try line(max0, max0, .halfEven) == .failure(.overflow))
    }

    @Test func overflowIsAnErrorNotATrap() throws {
        for rule in RoundingRule.allCases {
            #expect(try amount("99999999999999999999", "1", "USD", rule) == .failure(.overflow))     // 10^22 cents
            #expect(try amount("1", "92233720368547758.08", "USD", rule) == .failure(.overflow))     // Int64.max + 1
            #expect(try amount("-1", "92233720368547758.08", "USD", rule) == .failure(.overflow))   // Int64.min is not money
            let big = String(repeating: "9", count: 30)
            #expect(try amount(big, big, "CLF", rule) == .failure(.overflow))                    // ~10^64 x 10^4
            #expect(try amount(big, "0." + String(repeating: "9", count: 29), "USD", rule) == .failure(.overflow))
        }
    }
}

extension Int128 {
    func power(_ exponent: Int) -> Int128 {
        (0..<exponent).reduce(1) { result, _ in result * self }
    }
}
