import Testing
import InvoicMoney

/// Locale expectations are CLDR data as printed by the toolchain's ICU
/// (platform notes), with the invisible characters spelled out.
@Suite struct MoneyFormatTests {
    static let nbsp = "\u{00A0}"      // no-break space
    static let nnbsp = "\u{202F}"     // narrow no-break space

    @Test(arguments: [
        (123_456, "USD", "en_US", "$1,234.56"),
        (-123_456, "USD", "en_US", "-$1,234.56"),
        (0, "USD", "en_US", "$0.00"),
        (5, "USD", "en_US", "$0.05"),
        (123_456, "EUR", "de_DE", "1.234,56\(nbsp)€"),
        (-123_456, "EUR", "de_DE", "-1.234,56\(nbsp)€"),
        (123_456, "EUR", "fr_FR", "1\(nnbsp)234,56\(nbsp)€"),
        (12_345_678, "INR", "hi_IN", "₹1,23,456.78"),
        (1_235, "JPY", "ja_JP", "\u{00A5}1,235"),
        (1_234_567, "KWD", "en_KW", "KWD\(nbsp)1,234.567"),
        (1, "KWD", "en_KW", "KWD\(nbsp)0.001"),
        (123_456, "CHF", "de_CH", "CHF\(nbsp)1’234.56"),
        (-123_456, "CHF", "de_CH", "CHF-1’234.56"),
        (1_234_567, "KRW", "ko_KR", "₩1,234,567"),
        (123_456, "GBP", "en_GB", "£1,234.56"),
        (100, "JPY", "en_US", "\u{00A5}100"),
        (12_345, "CLF", "es_CL", "CLF\(nbsp)1,2345"),
        (123_456, "XOF", "fr_SN", "123\(nnbsp)456\(nbsp)F\(nnbsp)CFA"),
    ] as [(Int64, String, String, String)])
    func localeCorrectText(minorUnits: Int64, code: String, locale: String, expected: String) throws {
        let currency = try #require(Currency.named(code))
        #expect(MoneyFormat.format(minorUnits, currency, locale: locale) == expected)
    }

    @Test func exactAtTheExtremes() throws {
        let usd = try #require(Currency.named("USD"))
        // Int64.max = 9223372036854775807: a Double would print ...758.08 or worse.
        #expect(MoneyFormat.format(.max, usd, locale: "en_US") == "$92,233,720,368,547,758.07")
        #expect(MoneyFormat.format(.min, usd, locale: "en_US") == "-$92,233,720,368,547,758.08")
    }

    @Test func unknownLocalesDoNotCrash() throws {
        let usd = try #require(Currency.named("USD"))
        for locale in ["xx_YY", "garbage!!@@", "", "en-US", "und", "@@@", String(repeating: "z", count: 300)] {
            let text = MoneyFormat.format(123_456, usd, locale: locale)
            #expect(text.contains("1234.56") || text.contains("1,234.56"), "\(locale): \(text)")
        }
    }

    @Test func decimalAmountsKeepTheirDigits() throws {
        let usd = try #require(Currency.named("USD"))
        let price = try DecimalNumber.parse("0.0125").get()
        #expect(MoneyFormat.format(price, usd, locale: "en_US") == "$0.0125")
        #expect(MoneyFormat.format(try DecimalNumber.parse("2.5").get(), usd, locale: "en_US") == "$2.50")
        #expect(MoneyFormat.format(try DecimalNumber.parse("-1234.5").get(), usd, locale: "de_DE") == "-1.234,50\(Self.nbsp)$")
        #expect(MoneyFormat.plain(price, usd) == "0.0125")
        #expect(MoneyFormat.plain(try DecimalNumber.parse("2.5").get(), usd) == "2.50")
        #expect(MoneyFormat.plain(try DecimalNumber.parse("-7").get(), usd) == "-7.00")
    }

    @Test func numbers() throws {
        #expect(MoneyFormat.number(try DecimalNumber.parse("2.5").get(), locale: "de_DE") == "2,5")
        #expect(MoneyFormat.number(try DecimalNumber.parse("1234.50").get(), locale: "en_US") == "1,234.50")
        #expect(MoneyFormat.number(try DecimalNumber.parse("7").get(), locale: "en_US") == "7")
        // 30 digits, far beyond UInt64 and Double: still exact.
        #expect(MoneyFormat.number(try DecimalNumber.parse("123456789012345678901234567890").get(), locale: "en_US")
                == "123,456,789,012,345,678,901,234,567,890")
        #expect(MoneyFormat.number(try DecimalNumber.parse("-0.000000000000000000000000000001").get(), locale: "en_US")
                == "-0.000000000000000000000000000001")
    }

    @Test(arguments: [
        (123_450, "USD", "1234.50"), (-3_000, "KWD", "-3.000"), (1_235, "JPY", "1235"),
        (5, "USD", "0.05"), (-5, "USD", "-0.05"), (0, "USD", "0.00"), (0, "JPY", "0"),
        (12_345, "CLF", "1.2345"), (1, "UYW", "0.0001"), (-1, "JPY", "-1"),
        (.max, "USD", "92233720368547758.07"), (.min, "USD", "-92233720368547758.08"),
    ] as [(Int64, String, String)])
    func plainText(minorUnits: Int64, code: String, expected: String) throws {
        #expect(MoneyFormat.plain(minorUnits, try #require(Currency.named(code))) == expected)
    }

    @Test func concurrentFormattingIsSafe() async throws {
        let eur = try #require(Currency.named("EUR"))
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let locale = ["de_DE", "fr_FR", "en_US", "hi_IN"][index % 4]
                    return !MoneyFormat.format(Int64(index) * 1_001, eur, locale: locale).isEmpty
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 200 && results.allSatisfy { $0 })
    }
}
