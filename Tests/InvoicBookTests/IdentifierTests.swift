import Testing
@testable import InvoicBook
import InvoicTestSupport

/// Identifiers checked without a network: shape and check digits.
@Suite struct IdentifierTests {
    @Test(arguments: [
        "DE143454214", "DE 136 695 976", "ATU68231451", "ATU57319020", "BE0403170701", "BE 0417.497.106",
        "NL004495445B01", "NL803851595B01", "FR40303265045", "FR83404833048", "IT00743110157", "IT00159560366",
        "PL5260250274", "SE556036079301", "DK13585628", "FI01120389", "ESA58818501", "ES12345678Z", "ESX1234567L",
        "LU12345678", "EL094014201",
    ])
    func validVATNumbersPass(_ number: String) {
        #expect(Identifiers.looksLikeEUVATNumber(number))
        #expect(Identifiers.vatNumberProblem(number) == nil, "\(number): \(Identifiers.vatNumberProblem(number) ?? "")")
    }

    @Test(arguments: [
        "DE143454215", "ATU68231452", "BE0403170702", "NL004495445B02".replacingOccurrences(of: "445", with: "454"),
        "FR41303265045", "IT00743110158", "PL5260250275", "SE556036079401", "DK13585629", "FI01120388",
        "ESA58818502", "ES12345678A", "DE12345678", "ATX68231451", "BE2403170701",
    ])
    func wrongVATNumbersAreCaught(_ number: String) {
        #expect(Identifiers.vatNumberProblem(number) != nil, "\(number) passed")
    }

    @Test func otherTaxIdsAreNotVATNumbers() {
        for id in ["US-12-3456789", "TX Sales Tax Permit 3-20547-1829-0", "GB 284 7193 26", "123-45-6789", "DE"] {
            #expect(!Identifiers.looksLikeEUVATNumber(id), "\(id)")
        }
    }

    @Test func ibansAreCheckedByLengthAndMod97() {
        #expect(Identifiers.ibanProblem("AT77 2011 1828 1763 4501") == nil)
        #expect(Identifiers.ibanProblem("DE89 3704 0044 0532 0130 00") == nil)
        #expect(Identifiers.ibanProblem("GB29NWBK60161331926819") == nil)
        #expect(Identifiers.ibanProblem("AT77 2011 1828 1763 4502")?.contains("check digits") == true)
        #expect(Identifiers.ibanProblem("DE89 3704 0044 0532 0130 0")?.contains("22 characters") == true)
        #expect(Identifiers.looksLikeIBAN("AT77 2011 1828 1763 4501"))
        #expect(!Identifiers.looksLikeIBAN("Checking 4120038716, routing 114000093"))
    }

    @Test func bicsHaveTheirShape() {
        #expect(Identifiers.bicProblem("GIBAATWWXXX") == nil)
        #expect(Identifiers.bicProblem("PINNUS44") == nil)
        #expect(Identifiers.bicProblem("GIBA-AT") != nil)
        #expect(Identifiers.bicProblem("1IBAATWW") != nil)
        #expect(Identifiers.bicProblem("  PINNUS44 ") == nil, "spaces around are not part of it")
        #expect(Identifiers.bicProblem("PINN US44") != nil, "a space inside is")
    }

    /// The index-based trim (no reversed views): each end by its own rule, what is left kept as written.
    @Test func trimmingEachEndByItsOwnRule() {
        let punctuation: (Character) -> Bool = { ".,;)".contains($0) }
        let opening: (Character) -> Bool = { "(<".contains($0) }
        #expect("(billing@example.com).".trimmed(leading: opening, trailing: punctuation) == "billing@example.com")
        #expect("(a.b)".trimmed(leading: opening, trailing: punctuation) == "a.b")
        #expect("((((".trimmed(leading: opening, trailing: punctuation) == "")
        #expect("....".trimmed(leading: opening, trailing: punctuation) == "", "a text of trailing characters only")
        #expect("".trimmed(leading: opening, trailing: punctuation) == "")
        #expect("(.".trimmed(leading: opening, trailing: punctuation) == "")
        #expect(".(x".trimmed(leading: opening, trailing: punctuation) == ".(x", "a trailing rule does not act at the start")
        #expect(" \u{00E9}t\u{00E9} \n".trimmed(leading: \.isWhitespace, trailing: \.isWhitespace) == "\u{00E9}t\u{00E9}")
        #expect("  a b  ".trimmingWhitespace == "a b")
        #expect("   ".trimmingWhitespace == "")
    }

    @Test func electronicAddressesAndLeitwegIDs() {
        #expect(Identifiers.electronicAddressProblem("0208:0123456749") == nil)
        #expect(Identifiers.electronicAddressProblem("0208:0123456748") != nil)
        #expect(Identifiers.electronicAddressProblem("0088:4000001123452") == nil)
        #expect(Identifiers.electronicAddressProblem("0088:4000001123453") != nil)
        #expect(Identifiers.electronicAddressProblem("9930:DE143454214") == nil)
        #expect(Identifiers.electronicAddressProblem("9930:DE143454215") != nil)
        #expect(Identifiers.electronicAddressProblem("0192:923609016") == nil)
        #expect(Identifiers.electronicAddressProblem("EM:billing@example.com") == nil)
        #expect(Identifiers.electronicAddressProblem("1234:whatever")?.contains("EAS") == true)
        #expect(Identifiers.electronicAddressProblem("0208") != nil)
        #expect(Identifiers.electronicAddressProblem("0204:04011000-1234512345-06") == nil)
        #expect(Identifiers.leitwegIDProblem("04011000-1234512345-06") == nil)
        #expect(Identifiers.leitwegIDProblem("04011000-12345-03") == nil)
        #expect(Identifiers.leitwegIDProblem("04011000-12345-04") != nil)
        #expect(Identifiers.leitwegIDProblem("0401100012345") != nil)
    }

    @Test func theBookReportsIdentifiersWhereTheyAreWritten() {
        let settings = """
            business: { name: Test Studio, tax_id: DE143454215, electronic_address: "0208:0123456748" }
            defaults: { currency: EUR, locale: de_DE, terms: 30 }
            payment: { account: AT77 2011 1828 1763 4502, bic: GIBA-AT }
            """
        let book = TestBook(["invoices/INV-0001.yaml": invoice()], settings: settings, clients: ["acme": "name: Acme\ntax_id: ATU68231452\n"])
        #expect(book.findings() == [
            "clients/acme.yaml:2:9 invalid-vat-number",
            "invoic.yaml:1:40 invalid-vat-number",
            "invoic.yaml:1:73 invalid-electronic-address",
            "invoic.yaml:3:21 invalid-iban",
            "invoic.yaml:3:52 invalid-bic",
        ])
    }
}

@Suite struct UnitCodeTests {
    @Test func unitWordsMapToRec20Codes() {
        for (unit, code) in [("h", "HUR"), ("Std.", "HUR"), ("Stunden", "HUR"), ("heures", "HUR"), ("時間", "HUR"), ("day", "DAY"),
                             ("Tag", "DAY"), ("jours", "DAY"), ("pcs", "H87"), ("Stk.", "H87"), ("szt.", "H87"), ("km", "KMT"),
                             ("kg", "KGM"), ("m", "MTR"), ("m2", "MTK"), ("m²", "MTK"), ("l", "LTR"), ("month", "MON"),
                             ("Monat", "MON"), ("words", "D68"), ("session", "C62")] {
            #expect(UnitCode.code(forUnit: unit) == code, "\(unit)")
        }
        #expect(UnitCode.code(forUnit: nil) == "C62")
    }

    @Test func aWrittenCodeWinsAndAnUnknownOneIsAWarning() {
        let items = "  - { description: A, quantity: 2, unit: session, unit_code: HUR, price: 10 }\n"
        let book = TestBook(["invoices/INV-0001.yaml": invoice(items: items)])
        let result = book.check()
        #expect(result.diagnostics.isEmpty)
        #expect(result.book.documents.first.flatMap { $0.items.first }.map(UnitCode.code(of:)) == "HUR")
        let odd = TestBook(["invoices/INV-0001.yaml": invoice(items: "  - { description: A, unit_code: CL9, price: 10 }\n")])
        #expect(odd.findings() == ["invoices/INV-0001.yaml:4:34 unknown-unit-code"])
        let wrong = TestBook(["invoices/INV-0001.yaml": invoice(items: "  - { description: A, unit_code: hour, price: 10 }\n")])
        #expect(wrong.findings() == ["invoices/INV-0001.yaml:4:34 wrong-type"])
    }
}
