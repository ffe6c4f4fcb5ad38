import Testing
@testable import InvoicMoney

@Suite struct CurrencyTests {
    /// Exponents from ISO 4217 list one (and HRK, withdrawn but kept).
    static let required: [(String, Int)] = [
        ("USD", 2), ("EUR", 2), ("GBP", 2), ("CHF", 2), ("JPY", 0), ("CNY", 2), ("CAD", 2),
        ("AUD", 2), ("NZD", 2), ("SGD", 2), ("HKD", 2), ("SEK", 2), ("NOK", 2), ("DKK", 2),
        ("PLN", 2), ("CZK", 2), ("HUF", 2), ("RON", 2), ("BGN", 2), ("HRK", 2), ("UAH", 2),
        ("GEL", 2), ("AMD", 2), ("AZN", 2), ("KZT", 2), ("AED", 2), ("SAR", 2), ("ILS", 2),
        ("QAR", 2), ("KWD", 3), ("BHD", 3), ("OMR", 3), ("INR", 2), ("IDR", 2), ("PHP", 2),
        ("THB", 2), ("MYR", 2), ("VND", 0), ("BDT", 2), ("PKR", 2), ("KRW", 0), ("TWD", 2),
        ("BRL", 2), ("MXN", 2), ("ARS", 2), ("CLP", 0), ("COP", 2), ("PEN", 2), ("ZAR", 2),
        ("NGN", 2), ("KES", 2), ("GHS", 2), ("TRY", 2),
        ("ISK", 0), ("UGX", 0), ("TND", 3), ("JOD", 3), ("LYD", 3), ("IQD", 3), ("CLF", 4),
        ("UYW", 4), ("XAF", 0), ("XOF", 0), ("XPF", 0), ("XCD", 2), ("XCG", 2), ("ZWG", 2),
        ("SLE", 2), ("VES", 2), ("VED", 2), ("UYI", 0), ("PYG", 0), ("RWF", 0), ("BIF", 0),
        ("DJF", 0), ("GNF", 0), ("KMF", 0), ("VUV", 0),
    ]

    @Test(arguments: required)
    func requiredCurrencyHasISOExponent(code: String, exponent: Int) {
        let currency = Currency.named(code)
        #expect(currency?.code == code)
        #expect(currency?.exponent == exponent)
    }

    @Test func tableHasNoDuplicatesAndIsSorted() {
        let codes = Currency.all.map(\.code)
        #expect(Set(codes).count == codes.count)
        #expect(CurrencyTable.entries.count == codes.count)
        #expect(codes == codes.sorted())
        #expect(CurrencyTable.entries.map(\.code) == codes, "the source table is kept in code order")
    }

    @Test func tableCoversTheActiveList() {
        // List one has about 150 national codes plus funds; N.A. codes are left out.
        #expect(Currency.all.count >= 150)
        for currency in Currency.all {
            #expect(currency.code.utf8.count == 3)
            #expect(currency.code.utf8.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
            #expect((0...4).contains(currency.exponent))
        }
    }

    @Test(arguments: ["eur", "Eur", " EUR", "EUR ", "", "EURO", "XAU", "XDR", "XXX", "XTS", "ZZZ"])
    func lookupIsExactAndSkipsNonCurrencies(code: String) {
        #expect(Currency.named(code) == nil)
    }

    @Test func comparesByCodeAndDescribesAsCode() throws {
        let eur = try #require(Currency.named("EUR"))
        let usd = try #require(Currency.named("USD"))
        let jpy = try #require(Currency.named("JPY"))
        #expect(eur < usd)
        #expect(jpy < usd)
        #expect([usd, jpy, eur].sorted() == [eur, jpy, usd])
        #expect(eur.description == "EUR")
        #expect(Currency.named("EUR") == eur)
    }

    @Test func minorUnitsPerMajorUnit() {
        #expect(Currency.named("JPY")?.minorUnitsPerMajorUnit == 1)
        #expect(Currency.named("USD")?.minorUnitsPerMajorUnit == 100)
        #expect(Currency.named("KWD")?.minorUnitsPerMajorUnit == 1000)
        #expect(Currency.named("CLF")?.minorUnitsPerMajorUnit == 10000)
    }
}
