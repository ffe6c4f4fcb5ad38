import Testing
@testable import InvoicMoney

/// Amounts as a person types them, in the book's locale (issue 37): exact, strict, never guessed.
@Suite struct TypedAmountTests {
    let eur = Currency.named("EUR")!
    let kwd = Currency.named("KWD")!
    let jpy = Currency.named("JPY")!

    func minor(_ text: String, _ locale: String, _ currency: Currency? = nil) -> Result<Int64, TypedAmount.Problem> {
        TypedAmount.minorUnits(text, locale: locale, currency: currency ?? eur)
    }

    @Test func germanAmountsAreReadAsGermansWriteThem() {
        #expect(minor("500,00", "de_DE") == .success(50_000))
        #expect(minor("1.000,00", "de_DE") == .success(100_000))
        #expect(minor("1.234.567,89", "de_DE") == .success(123_456_789))
        #expect(minor("500", "de_DE") == .success(50_000))
        #expect(minor("0,5", "de_DE") == .success(50))
        #expect(minor(" 500,00 € ", "de_DE") == .success(50_000))
        #expect(minor("EUR 1.000,50", "de_DE") == .success(100_050))
        // `1.000` is one thousand in German; plain it would have three decimals, too many for EUR.
        #expect(minor("1.000", "de_DE") == .success(100_000))
    }

    @Test func thePlainFormOfTheBookFilesIsReadInEveryLocale() {
        #expect(minor("500.00", "de_DE") == .success(50_000))
        #expect(minor("1234.5", "de_DE") == .success(123_450))
        #expect(minor("500.00", "fr_FR") == .success(50_000))
        #expect(minor("1,000.00", "en_US") == .success(100_000))
        #expect(minor("1 000,00", "fr_FR") == .success(100_000))
        #expect(minor("1\u{202F}000,00", "fr_FR") == .success(100_000))
        #expect(minor("1'000.50", "de_CH") == .success(100_050))
    }

    @Test func whatMeansNoNumberOrTwoIsRefused() {
        // The US form in a German book: neither German nor plain.
        #expect(minor("1,000.00", "de_DE") == .failure(.notANumber))
        // German decimals in an American book.
        #expect(minor("500,00", "en_US") == .failure(.notANumber))
        // Groups of three only, and one kind of separator.
        #expect(minor("1.00.000,00", "de_DE") == .failure(.notANumber))
        #expect(minor("10.00,00", "de_DE") == .failure(.notANumber))
        #expect(minor("", "de_DE") == .failure(.notANumber))
        #expect(minor(",50", "de_DE") == .failure(.notANumber))
        #expect(minor("5,", "de_DE") == .failure(.notANumber))
        #expect(minor("1e3", "de_DE") == .failure(.notANumber))
        #expect(minor("٥٠٠", "ar_EG") == .failure(.notANumber))
        #expect(minor("500,001", "de_DE") == .failure(.tooManyDecimals(3)))
        #expect(minor("12,5", "ja_JP", jpy) == .failure(.notANumber))
        #expect(minor("12.5", "ja_JP", jpy) == .failure(.tooManyDecimals(1)))
        #expect(minor("99999999999999999999,00", "de_DE") == .failure(.tooLarge))
        // A currency of three decimals: `1.000` is one thousand in German and one plain.
        guard case .failure(.ambiguous(let german, let plain)) = minor("1.000", "de_DE", kwd) else {
            Issue.record("1.000 KWD in de_DE was not refused as ambiguous")
            return
        }
        #expect(german.scaled(to: 3) == 1_000_000 && plain.scaled(to: 3) == 1_000)
    }

    @Test func quantitiesAreReadLikeAmountsWithoutALimitOnDecimals() {
        #expect(TypedAmount.number("2,5", locale: "de_DE") == .success(DecimalNumber(significand: 25, scale: 1)!))
        #expect(TypedAmount.number("0,0125", locale: "de_DE") == .success(DecimalNumber(significand: 125, scale: 4)!))
        #expect(TypedAmount.number("-3", locale: "de_DE") == .success(DecimalNumber(significand: -3, scale: 0)!))
        guard case .failure(.ambiguous) = TypedAmount.number("2.500", locale: "de_DE") else {
            Issue.record("2.500 in de_DE was read one way")
            return
        }
    }

    @Test func theExampleAndThePrefillAreTheLocalesOwnAndReadBack() {
        #expect(TypedAmount.example(locale: "de_DE", currency: eur) == "1.234,50")
        #expect(TypedAmount.example(locale: "en_US", currency: eur) == "1,234.50")
        #expect(TypedAmount.example(locale: "ja_JP", currency: jpy) == "1,234")
        for locale in ["de_DE", "en_US", "fr_FR", "de_CH", "es_ES", "pl_PL", "sv_SE", "cs_CZ", "nb_NO", "fi_FI"] {
            for amount: Int64 in [1, 79_760, 100_000, 123_456_789] {
                let shown = TypedAmount.prefill(amount, locale: locale, currency: eur)
                #expect(minor(shown, locale) == .success(amount), "\(locale): \(shown)")
            }
        }
        #expect(TypedAmount.explain(.notANumber, typed: "1,000.00", locale: "de_DE", currency: eur)
            == "`1,000.00` is not an amount as de_DE writes it: write it like 1.234,50 (or plain, like 1234.50)")
    }
}
