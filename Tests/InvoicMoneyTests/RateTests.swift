import Testing
import InvoicMoney

@Suite struct RateTests {
    @Test(arguments: [
        ("20%", 20_000), ("8.25%", 8_250), ("8.875%", 8_875), ("0%", 0), ("100%", 100_000),
        ("7.70%", 7_700), ("0.001%", 1), ("+20%", 20_000), ("-0%", 0), ("020%", 20_000),
        ("100.000%", 100_000), ("5.5%", 5_500),
    ])
    func parsesRates(text: String, milliPercent: Int) {
        #expect(Rate.parse(text) == .success(Rate(milliPercent: milliPercent)))
    }

    @Test(arguments: ["20", "0.2", "-5", "007", "100", "12345678901234567890123456789012"])
    func bareNumberIsMissingThePercentSign(text: String) {
        #expect(Rate.parse(text) == .failure(.missingPercentSign))
    }

    @Test(arguments: [
        "20 %", "%20", "abc%", "1.2.3%", "", "%", " 20%", "20%%", "2,5%", "abc", "20% ", "20%x",
        ".5%", "5.%", "1e1%", "twenty%", "٢٠%", "20\u{066A}",
    ])
    func malformedRates(text: String) {
        #expect(Rate.parse(text) == .failure(.malformed))
    }

    @Test(arguments: ["8.8755%", "8.8750%", "0.0001%", "-8.8755%", "1." + String(repeating: "0", count: 40) + "%"])
    func moreThanThreeDecimals(text: String) {
        #expect(Rate.parse(text) == .failure(.tooManyDecimals))
    }

    @Test(arguments: ["100.001%", "101%", "-5%", "-0.001%", "1000000000000000000000000000000000%", "200%"])
    func outOfRange(text: String) {
        #expect(Rate.parse(text) == .failure(.outOfRange))
    }

    @Test(arguments: [
        (20_000, "20%"), (8_250, "8.25%"), (8_875, "8.875%"), (0, "0%"), (7_700, "7.7%"),
        (50, "0.05%"), (5, "0.005%"), (100_000, "100%"), (1, "0.001%"), (-1_500, "-1.5%"),
        (10_010, "10.01%"), (10_100, "10.1%"),
    ])
    func canonicalDescription(milliPercent: Int, text: String) {
        #expect(Rate(milliPercent: milliPercent).description == text)
    }

    @Test func descriptionParsesBack() {
        for milli in stride(from: 0, through: 100_000, by: 7) {
            let rate = Rate(milliPercent: milli)
            #expect(Rate.parse(rate.description) == .success(rate))
        }
    }

    @Test func ordersByValue() {
        #expect(Rate.zero < Rate(milliPercent: 1))
        #expect(Rate(milliPercent: 8_875) < Rate(milliPercent: 20_000))
        #expect(Rate.zero.isZero && !Rate.hundredPercent.isZero)
        #expect(Rate.hundredPercent.milliPercent == 100_000)
    }
}
