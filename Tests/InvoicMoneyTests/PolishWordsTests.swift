import Testing
@testable import InvoicMoney

/// The amount in words of a Polish invoice ("słownie"), figures written out by hand from Polish
/// grammar (the plural forms tysiąc / tysiące / tysięcy, złoty / złote / złotych), not from the code.
@Suite struct PolishWordsTests {
    static let numbers: [(UInt64, String)] = [
        (0, "zero"),
        (1, "jeden"),
        (2, "dwa"),
        (5, "pięć"),
        (10, "dziesięć"),
        (11, "jedenaście"),
        (12, "dwanaście"),
        (14, "czternaście"),
        (19, "dziewiętnaście"),
        (20, "dwadzieścia"),
        (21, "dwadzieścia jeden"),
        (40, "czterdzieści"),
        (99, "dziewięćdziesiąt dziewięć"),
        (100, "sto"),
        (101, "sto jeden"),
        (112, "sto dwanaście"),
        (200, "dwieście"),
        (345, "trzysta czterdzieści pięć"),
        (999, "dziewięćset dziewięćdziesiąt dziewięć"),
        (1000, "tysiąc"),
        (1001, "tysiąc jeden"),
        (2000, "dwa tysiące"),
        (4000, "cztery tysiące"),
        (5000, "pięć tysięcy"),
        (11000, "jedenaście tysięcy"),
        (12000, "dwanaście tysięcy"),
        (12345, "dwanaście tysięcy trzysta czterdzieści pięć"),
        (21000, "dwadzieścia jeden tysięcy"),
        (22000, "dwadzieścia dwa tysiące"),
        (101000, "sto jeden tysięcy"),
        (102000, "sto dwa tysiące"),
        (112000, "sto dwanaście tysięcy"),
        (1_000_000, "milion"),
        (2_000_000, "dwa miliony"),
        (5_000_000, "pięć milionów"),
        (1_001_000, "milion tysiąc"),
        (2_500_017, "dwa miliony pięćset tysięcy siedemnaście"),
        (1_000_000_000, "miliard"),
        (3_000_000_000, "trzy miliardy"),
        (15_000_000_000_000, "piętnaście bilionów"),
    ]

    @Test(arguments: numbers) func number(_ value: UInt64, _ words: String) {
        #expect(PolishWords.number(value) == words)
    }

    static let amounts: [(Int64, String, String)] = [
        (0, "PLN", "zero złotych 00/100"),
        (1, "PLN", "zero złotych 01/100"),
        (100, "PLN", "jeden złoty 00/100"),
        (200, "PLN", "dwa złote 00/100"),
        (500, "PLN", "pięć złotych 00/100"),
        (1200, "PLN", "dwanaście złotych 00/100"),
        (2200, "PLN", "dwadzieścia dwa złote 00/100"),
        (100_000, "PLN", "tysiąc złotych 00/100"),
        (1_234_567, "PLN", "dwanaście tysięcy trzysta czterdzieści pięć złotych 67/100"),
        (848_700, "PLN", "osiem tysięcy czterysta osiemdziesiąt siedem złotych 00/100"),
        (1_500_050, "PLN", "piętnaście tysięcy złotych 50/100"),
        (-84_870, "PLN", "minus osiemset czterdzieści osiem złotych 70/100"),
        (100_000_000, "PLN", "milion złotych 00/100"),
        (123_405, "EUR", "tysiąc dwieście trzydzieści cztery EUR 05/100"),
        (1500, "JPY", "tysiąc pięćset JPY"),
        (1_234_567, "KWD", "tysiąc dwieście trzydzieści cztery KWD 567/1000"),
    ]

    @Test(arguments: amounts) func amount(_ minor: Int64, _ code: String, _ words: String) throws {
        let currency = try #require(Currency.named(code))
        #expect(PolishWords.amount(minor, currency) == words)
    }

    /// The largest amount a document can hold does not trap: Int64.min's magnitude included.
    @Test func extremes() throws {
        let pln = try #require(Currency.named("PLN"))
        #expect(PolishWords.amount(Int64.max, pln).hasPrefix("dziewięćdziesiąt dwa biliardy dwieście trzydzieści trzy biliony"))
        #expect(PolishWords.amount(Int64.max, pln).hasSuffix("siedemset pięćdziesiąt osiem złotych 07/100"))
        #expect(PolishWords.amount(Int64.min, pln).hasPrefix("minus dziewięćdziesiąt dwa biliardy"))
        #expect(PolishWords.amount(Int64.min, pln).hasSuffix("siedemset pięćdziesiąt osiem złotych 08/100"))
    }
}
