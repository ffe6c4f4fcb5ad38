import Testing
import InvoicMoney

@Suite struct DecimalNumberTests {
    @Test(arguments: [
        ("2.50", 250, 2), ("-2.50", -250, 2), ("+7", 7, 0), ("007", 7, 0), ("0", 0, 0),
        ("0.0125", 125, 4), ("-0", 0, 0), ("120.00", 12000, 2), ("1000000", 1_000_000, 0),
        ("-0.001", -1, 3), ("00.10", 10, 2),
    ] as [(String, Int, Int)])
    func parsesTheAcceptedShape(text: String, significand: Int, scale: Int) throws {
        let number = try DecimalNumber.parse(text).get()
        #expect(number.significand == Int128(significand))
        #expect(number.scale == scale)
        #expect(number.fractionDigits == scale)
    }

    @Test func parsesSubstrings() throws {
        let text = "price: 12.5"
        let number = try DecimalNumber.parse(text.dropFirst(7)).get()
        #expect(number.significand == 125 && number.scale == 1)
    }

    @Test(arguments: [
        "2,50", "1.2.3", "2.50 EUR", "1e3", ".5", "5.", "", " 5", "5 ", "0x1F", "inf", "nan", "1_000",
        "-", "+", "+-1", "--1", "1-", "1+1", "-.5", "NaN", "Infinity", "١٢", "１", "2.50\n", "\t5",
        "1,000.00", "1'000", "½", "$5", "5%", "0b101", "1E3", ".",
    ])
    func rejectsEverythingElse(text: String) {
        #expect(DecimalNumber.parse(text) == .failure(.notANumber))
    }

    @Test func digitLimitCountsSignificantDigits() throws {
        // 30 digits is the limit; integer leading zeros do not count, decimals do.
        #expect(try DecimalNumber.parse("123456789012345678901234567890").get().significand
                == 123_456_789_012_345_678_901_234_567_890)
        #expect(DecimalNumber.parse("1234567890123456789012345678901") == .failure(.tooManyDigits))
        #expect(DecimalNumber.parse(String(repeating: "9", count: 41)) == .failure(.tooManyDigits))
        #expect(DecimalNumber.parse(String(repeating: "9", count: 10_000)) == .failure(.tooManyDigits))
        #expect(DecimalNumber.parse("0." + String(repeating: "0", count: 30) + "1") == .failure(.tooManyDigits))
        #expect(try DecimalNumber.parse("0." + String(repeating: "0", count: 29) + "1").get().scale == 30)
        #expect(try DecimalNumber.parse(String(repeating: "0", count: 100) + "7").get().significand == 7)
        // A malformed tail is reported as such even past the limit.
        #expect(DecimalNumber.parse(String(repeating: "9", count: 41) + "x") == .failure(.notANumber))
    }

    @Test func signAndZero() throws {
        #expect(try DecimalNumber.parse("-0.00").get().isNegative == false)
        #expect(try DecimalNumber.parse("-0.00").get().isZero)
        #expect(try DecimalNumber.parse("-0.01").get().isNegative)
        #expect(try DecimalNumber.parse("0.01").get().isZero == false)
    }

    @Test func scaledCountsDecimalsAsWritten() throws {
        func scaled(_ text: String, _ exponent: Int) throws -> Int128? {
            try DecimalNumber.parse(text).get().scaled(to: exponent)
        }
        #expect(try scaled("2.5", 2) == 250)
        #expect(try scaled("2.50", 2) == 250)
        #expect(try scaled("2.500", 2) == nil)   // written with 3 decimals: too many for USD
        #expect(try scaled("2.501", 2) == nil)
        #expect(try scaled("7", 0) == 7)
        #expect(try scaled("7.0", 0) == nil)
        #expect(try scaled("0.0125", 4) == 125)
        #expect(try scaled("-1.5", 3) == -1500)
        #expect(try scaled("1", -1) == nil)
        #expect(try scaled("123456789012345678901234567890", 9) == 123_456_789_012_345_678_901_234_567_890_000_000_000)
        #expect(try scaled("123456789012345678901234567890", 10) == nil)  // 1.2 x 10^39 does not fit in Int128
    }

    @Test func minorUnitsInACurrency() throws {
        let usd = try #require(Currency.named("USD"))
        let jpy = try #require(Currency.named("JPY"))
        #expect(try DecimalNumber.parse("1234.56").get().minorUnits(in: usd) == 123_456)
        #expect(try DecimalNumber.parse("1235").get().minorUnits(in: jpy) == 1235)
        #expect(try DecimalNumber.parse("12.5").get().minorUnits(in: jpy) == nil)
        #expect(try DecimalNumber.parse("92233720368547758.07").get().minorUnits(in: usd) == Int64.max)
        #expect(try DecimalNumber.parse("92233720368547758.08").get().minorUnits(in: usd) == nil)
        #expect(try DecimalNumber.parse("-92233720368547758.08").get().minorUnits(in: usd) == nil)
        #expect(try DecimalNumber.parse("99999999999999999999").get().minorUnits(in: usd) == nil)
    }

    @Test(arguments: [
        ("-2.50", "-2.50"), ("0.0125", "0.0125"), ("007", "7"), ("-0.00", "0.00"), ("+3", "3"),
        ("00.5", "0.5"), ("100", "100"), ("-0.001", "-0.001"),
    ])
    func descriptionKeepsWrittenDecimals(text: String, expected: String) throws {
        #expect(try DecimalNumber.parse(text).get().description == expected)
    }

    @Test func normalizedDropsTrailingZeros() throws {
        let number = try DecimalNumber.parse("2.500").get()
        #expect(number.normalized.significand == 25 && number.normalized.scale == 1)
        #expect(try DecimalNumber.parse("300").get().normalized.significand == 300)
        #expect(try DecimalNumber.parse("3.00").get().normalized.description == "3")
        #expect(number != number.normalized, "equality is representational")
    }

    @Test func initializers() {
        #expect(DecimalNumber(significand: 5, scale: -1) == nil)
        #expect(DecimalNumber(significand: 5, scale: 39) == nil)
        #expect(DecimalNumber(significand: 125, scale: 4)?.description == "0.0125")
        #expect(DecimalNumber(integer: -42).description == "-42")
    }

    /// The help suggests a number only when it drops decoration, never part of the number.
    @Test func theHelpNeverSuggestsAnotherNumber() {
        #expect(DecimalNumber.howToWrite("€1,200.00") == "write the number alone, without currency signs or separators: `1200.00`")
        #expect(DecimalNumber.howToWrite("EUR 120") == "write the number alone, without currency signs or separators: `120`")
        #expect(DecimalNumber.howToWrite("120,50") == "write decimals with a point: `120.50`")
        for text in ["1e400", "1E5", "0x1F", "0o17", "12 apples", "1.2.3e4"] {
            #expect(DecimalNumber.howToWrite(text) == "write a plain decimal such as 120 or 120.50", "\(text)")
        }
    }
}
