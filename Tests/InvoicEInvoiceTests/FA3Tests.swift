import Foundation
import InvoicBook
import InvoicEInvoice
import InvoicTestSupport
import InvoicXMLSchema
import Testing

/// Poland's FA(3): every file invoic writes validates against the Ministry's XSD (with its base
/// schemas, mapped offline), and its sums are the law's, worked out here by hand.
@Suite struct FA3Tests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func schema() throws -> XMLSchema {
        let fa3 = Standards.path("pl-ksef/faktury/schemy/FA/schemat_FA(3)_v1-0E.xsd")
        try #require(FileManager.default.fileExists(atPath: fa3), "no ../shared/standards/pl-ksef: the Ministry's FA(3) schema is needed")
        return try XMLSchema(path: fa3, resolving: [
            "http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/": Standards.path("pl-ksef/faktury/schemy/FA/bazowe"),
        ])
    }

    /// The text of `element` in `xml` (the first one), for the figures below.
    static func value(_ element: String, in xml: String) -> String? {
        guard let start = xml.range(of: "<\(element)>"), let end = xml.range(of: "</\(element)>", range: start.upperBound..<xml.endIndex) else { return nil }
        return String(xml[start.upperBound..<end.lowerBound])
    }

    static func fa3(_ number: String, in book: Book) throws -> String {
        let document = try #require(book.documents.first { $0.number == number })
        return try #require(EInvoiceWriter.xml(document, in: book, format: .fa3))
    }

    @Test func thePolishExampleBookValidatesWithTheLawsFigures() throws {
        let schema = try Self.schema()
        let checked = try BookChecker.check(at: Self.repository.appendingPathComponent("examples/poland").path)
        #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(checked.diagnostics.map(\.message))")
        let book = checked.book
        for document in book.documents where document.kind.isBilling {
            let xml = try Self.fa3(document.number, in: book)
            #expect(schema.validate(Array(xml.utf8)) == [], "\(document.number):\n\(xml)")
            #expect(xml == EInvoiceWriter.xml(document, in: book, format: .fa3), "the same bytes twice")
        }
        // FV-2026-001: 46 h at 150.00 = 6,900.00 net; 23 % of it = 1,587.00; 8,487.00 in all.
        let first = try Self.fa3("FV-2026-001", in: book)
        #expect(Self.value("NIP", in: first) == "6771234561")
        #expect(Self.value("P_13_1", in: first) == "6900.00")
        #expect(Self.value("P_14_1", in: first) == "1587.00")
        #expect(Self.value("P_15", in: first) == "8487.00")
        #expect(Self.value("RodzajFaktury", in: first) == "VAT")
        #expect(Self.value("P_6", in: first) == "2026-09-30")
        #expect(Self.value("NrRB", in: first) == "PL61109010140000071219812874")
        #expect(Self.value("Termin", in: first) == "2026-10-19")
        // The buyer's NIP written with dashes: ten digits in FA(3).
        #expect(first.contains("<Podmiot2>\n    <DaneIdentyfikacyjne>\n      <NIP>1132853869</NIP>"))
        // FV-2026-002: a service to a German business, taxed where the buyer is: np II, P_13_9,
        // no VAT, the reverse-charge annotation (P_18).
        let second = try Self.fa3("FV-2026-002", in: book)
        #expect(Self.value("P_13_9", in: second) == "7200.00")
        #expect(Self.value("P_15", in: second) == "7200.00")
        #expect(Self.value("P_18", in: second) == "1")
        #expect(Self.value("P_12", in: second) == "np II")
        #expect(second.contains("<KodUE>DE</KodUE>") && second.contains("<NrVatUE>136695976</NrVatUE>"))
        // FV-2026-003: 52.5 h at 150.00 = 7,875.00 at 23 % (1,811.25) and 5 e-books at 49.00 =
        // 245.00 at 5 % (12.25): 7,875.00 + 1,811.25 + 245.00 + 12.25 = 9,943.50.
        let third = try Self.fa3("FV-2026-003", in: book)
        #expect(Self.value("P_13_1", in: third) == "7875.00")
        #expect(Self.value("P_14_1", in: third) == "1811.25")
        #expect(Self.value("P_13_3", in: third) == "245.00")
        #expect(Self.value("P_14_3", in: third) == "12.25")
        #expect(Self.value("P_15", in: third) == "9943.50")
        // KOR-2026-001: the correction lowers the invoice by 4 h: -600.00, -138.00, -738.00, and
        // names the corrected invoice and its issue day.
        let correction = try Self.fa3("KOR-2026-001", in: book)
        #expect(Self.value("RodzajFaktury", in: correction) == "KOR")
        #expect(Self.value("P_13_1", in: correction) == "-600.00")
        #expect(Self.value("P_14_1", in: correction) == "-138.00")
        #expect(Self.value("P_15", in: correction) == "-738.00")
        #expect(Self.value("NrFaKorygowanej", in: correction) == "FV-2026-001")
        #expect(Self.value("DataWystFaKorygowanej", in: correction) == "2026-10-05")
        #expect(Self.value("P_8B", in: correction) == "-4")
        // FV-2026-001 was sent: the correction names its KSeF number.
        #expect(Self.value("NrKSeF", in: correction) == "1")
        #expect(Self.value("NrKSeFFaKorygowanej", in: correction) == "6771234561-20261005-0100004B2C11-BA")
    }

    /// The other slots and annotations, in a book made here: 8 %, exempt with its legal basis
    /// (P_19A), an intra-EU supply of goods (0 WDT, PrefiksPodatnika), an export (0 EX), a
    /// consumer (BrakID), a buyer outside the EU (NrID), the cash method (P_16).
    @Test func everySlotAndAnnotationValidates() throws {
        let schema = try Self.schema()
        let book = TestBook([
            "invoices/INV-0001.yaml": invoice(client: "jan", issued: "2026-03-02", items: "  - { description: Catering, quantity: 3, price: 100.00, tax: 8% }\n  - { description: Lesson, price: 80.00, tax: exempt }\n"),
            "invoices/INV-0002.yaml": invoice(client: "wien", issued: "2026-03-03", "delivered: 2026-03-03\n", items: "  - { description: Laptop, price: 4000.00, tax: intra-eu }\n"),
            "invoices/INV-0003.yaml": invoice(client: "ny", issued: "2026-03-04", items: "  - { description: Server, price: 5000.00, tax: export }\n"),
        ], settings: """
            business: { name: "Jan Kowalski \\"Serwis\\" & Syn", tax_id: PL5260250274, address: { street: "ul. Wiejska 1", city: Warszawa, postal_code: "00-001", country: PL } }
            defaults: { currency: PLN, locale: pl_PL, terms: 7, tax: 23%, exemption: { text: "art. 43 ust. 1 pkt 29 lit. c ustawy o VAT" } }
            vat_basis: cash
            einvoice: [fa3]
            """, clients: [
            "jan": "name: Jan Nowicki\naddress: { street: Polna 2, city: Łódź, postal_code: \"90-001\", country: PL }\n",
            "wien": "name: Wiener Handel GmbH\ntax_id: ATU13585627\naddress: { street: Ring 1, city: Wien, postal_code: \"1010\", country: AT }\n",
            "ny": "name: Empire Trading Inc.\ntax_id: 12-3456789\naddress: { street: 5th Avenue 1, city: New York, postal_code: \"10001\", country: US }\n",
        ])
        defer { book.remove() }
        let checked = book.check()
        #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(checked.diagnostics.map(\.message))")
        let consumer = try Self.fa3("INV-0001", in: checked.book)
        #expect(schema.validate(Array(consumer.utf8)) == [], "\(consumer)")
        // 3 x 100.00 at 8 % = 300.00 + 24.00; the exempt lesson 80.00: 404.00 in all.
        #expect(Self.value("P_13_2", in: consumer) == "300.00")
        #expect(Self.value("P_14_2", in: consumer) == "24.00")
        #expect(Self.value("P_13_7", in: consumer) == "80.00")
        #expect(Self.value("P_15", in: consumer) == "404.00")
        #expect(Self.value("BrakID", in: consumer) == "1")
        #expect(Self.value("P_16", in: consumer) == "1")
        #expect(Self.value("P_19", in: consumer) == "1")
        #expect(Self.value("P_19A", in: consumer) == "art. 43 ust. 1 pkt 29 lit. c ustawy o VAT")
        #expect(consumer.contains("<Nazwa>Jan Kowalski &quot;Serwis&quot; &amp; Syn</Nazwa>") || consumer.contains("<Nazwa>Jan Kowalski \"Serwis\" &amp; Syn</Nazwa>"))
        let intra = try Self.fa3("INV-0002", in: checked.book)
        #expect(schema.validate(Array(intra.utf8)) == [], "\(intra)")
        #expect(Self.value("P_13_6_2", in: intra) == "4000.00")
        #expect(Self.value("PrefiksPodatnika", in: intra) == "PL")
        #expect(Self.value("P_12", in: intra) == "0 WDT")
        let export = try Self.fa3("INV-0003", in: checked.book)
        #expect(schema.validate(Array(export.utf8)) == [], "\(export)")
        #expect(Self.value("P_13_6_3", in: export) == "5000.00")
        #expect(export.contains("<KodKraju>US</KodKraju>\n        <NrID>12-3456789</NrID>") || export.contains("<NrID>12-3456789</NrID>"))
    }

    /// An invoice in EUR charging Polish VAT states each rate's VAT in PLN too (P_14_xW, art. 106e
    /// ust. 11), at the NBP rate the book states, rounded to the grosz (half a grosz up, ust. 10).
    /// Worked by hand, rate 4.2567:
    ///   23 %: EUR 1,000.00 net -> 230.00 EUR VAT; 230.00 x 4.2567 = 979.041 PLN -> 979.04 PLN.
    ///    8 %: EUR 333.33 net -> 26.6664 -> 26.67 EUR VAT; 26.67 x 4.2567 = 113.526189 -> 113.53 PLN.
    ///    5 %: EUR 10.00 net -> 0.50 EUR VAT; 0.50 x 4.2567 = 2.12835 -> 2.13 PLN.
    /// The exact half grosz, rate 4.2500: 5 % of EUR 0.40 = 0.02 EUR; 0.02 x 4.25 = 0.085 PLN =
    /// 8.5 grosze -> 9 grosze, 0.09 PLN (half up, the law's), though the book rounds half-even
    /// (which would give 0.08).
    @Test func aForeignCurrencyInvoiceStatesItsVATInPLNPerRate() throws {
        let schema = try Self.schema()
        let book = TestBook([
            "invoices/INV-0001.yaml": invoice(client: "berlin", issued: "2026-03-02", "tax_currency: { code: PLN, rate: 4.2567 }\n",
                items: "  - { description: Design, price: 1000.00, tax: 23% }\n  - { description: Catering, price: 333.33, tax: 8% }\n  - { description: Books, price: 10.00, tax: 5% }\n"),
            "invoices/INV-0002.yaml": invoice(client: "berlin", issued: "2026-03-03", "tax_currency: { code: PLN, rate: 4.25 }\n",
                items: "  - { description: Stamp, price: 0.40, tax: 5% }\n"),
        ], settings: """
            business: { name: Studio, tax_id: PL5260250274, address: { street: Wiejska 1, city: Warszawa, postal_code: "00-001", country: PL } }
            defaults: { currency: PLN, locale: pl_PL, tax: 23%, rounding: half_even }
            einvoice: [fa3]
            """, clients: ["berlin": "name: Berlin Handel GmbH\ncurrency: EUR\naddress: { street: Unter den Linden 1, city: Berlin, postal_code: \"10117\", country: DE }\n"])
        defer { book.remove() }
        let checked = book.check()
        #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(checked.diagnostics.map(\.message))")
        let xml = try Self.fa3("INV-0001", in: checked.book)
        #expect(schema.validate(Array(xml.utf8)) == [], "\(xml)")
        #expect(Self.value("KodWaluty", in: xml) == "EUR")
        #expect(Self.value("P_14_1", in: xml) == "230.00")
        #expect(Self.value("P_14_1W", in: xml) == "979.04")
        #expect(Self.value("P_14_2", in: xml) == "26.67")
        #expect(Self.value("P_14_2W", in: xml) == "113.53")
        #expect(Self.value("P_14_3", in: xml) == "0.50")
        #expect(Self.value("P_14_3W", in: xml) == "2.13")
        let half = try Self.fa3("INV-0002", in: checked.book)
        #expect(schema.validate(Array(half.utf8)) == [], "\(half)")
        #expect(Self.value("P_14_3", in: half) == "0.02")
        #expect(Self.value("P_14_3W", in: half) == "0.09")
    }

    /// Without the rate to PLN, such an invoice is a book error (the file would lack P_14_xW).
    @Test func aForeignCurrencyInvoiceWithoutTheRateToPLNIsAnError() throws {
        let book = TestBook([
            "invoices/INV-0001.yaml": invoice(client: "berlin", issued: "2026-03-02", items: "  - { description: Design, price: 1000.00, tax: 23% }\n"),
            "invoices/INV-0002.yaml": invoice(client: "berlin", issued: "2026-03-03", "tax_currency: { code: CZK, rate: 25.1 }\n", items: "  - { description: Design, price: 1000.00, tax: 23% }\n"),
            "invoices/INV-0003.yaml": invoice(client: "berlin", issued: "2026-03-04", items: "  - { description: Laptop, price: 1000.00, tax: export }\n"),
        ], settings: """
            business: { name: Studio, tax_id: PL5260250274, address: { street: Wiejska 1, city: Warszawa, country: PL } }
            defaults: { currency: PLN, locale: pl_PL, tax: 23% }
            einvoice: [fa3]
            """, clients: ["berlin": "name: Berlin Handel GmbH\ncurrency: EUR\naddress: { street: Unter den Linden 1, city: Berlin, country: DE }\n"])
        defer { book.remove() }
        let errors = book.check().diagnostics.filter { $0.severity == .error }
        let found = errors.map { "\($0.code.name) \($0.message)" }
        #expect(found.contains { $0.hasPrefix("fa3-tax INV-0001: an FA(3) invoice in EUR charging VAT must state the VAT in PLN") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("fa3-tax INV-0002: an FA(3) invoice in EUR charging VAT must state the VAT in PLN") }, "\(found)")
        // No VAT charged (an export at 0 %): nothing to convert, no error.
        #expect(!found.contains { $0.contains("INV-0003") }, "\(found)")
        // At the YAML line that chose FA(3) (invoic.yaml's `einvoice:`).
        #expect(errors.filter { $0.code.name == "fa3-tax" }.allSatisfy { $0.file?.hasSuffix("invoic.yaml") == true && $0.range != nil }, "\(errors)")
    }

    /// What the schema would refuse is a book error before any XML: a seller NIP whose check digit
    /// is wrong, a rate Poland does not have, an amount in a currency of 3 decimals.
    @Test func whatFA3CannotStateIsABookErrorAtItsLine() throws {
        let book = TestBook([
            "invoices/INV-0001.yaml": invoice(issued: "2026-03-02", items: "  - { description: Design, price: 100.00, tax: 19% }\n"),
            "invoices/INV-0002.yaml": invoice(client: "kuwait", issued: "2026-03-03", items: "  - { description: Design, price: 100.000, tax: export }\n"),
        ], settings: """
            business: { name: Studio, tax_id: "526-025-02-75", address: { street: Wiejska 1, city: Warszawa, country: PL } }
            defaults: { currency: PLN, locale: pl_PL, tax: 23% }
            einvoice: [fa3]
            """, clients: ["acme": "name: Acme\naddress: { street: Polna 2, city: Łódź, country: PL }\n",
                      "kuwait": "name: Gulf Trading\ncurrency: KWD\naddress: { street: Souk 1, city: Kuwait City, country: KW }\n"])
        defer { book.remove() }
        let errors = book.check().diagnostics.filter { $0.severity == .error }
        let found = errors.map { "\($0.code.name) \($0.message)" }
        #expect(found.contains { $0.hasPrefix("fa3-seller-nip INV-0001") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("fa3-tax INV-0001: FA(3) has no slot for the tax 19%") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("fa3-tax INV-0002: FA(3) writes amounts with at most 2 decimals") }, "\(found)")
    }

    @Test func theNIPCheckDigit() {
        // 5*6 + 2*5 + 6*7 + 0*2 + 2*3 + 5*4 + 0*5 + 2*6 + 7*7 = 169; 169 mod 11 = 4.
        #expect(Identifiers.polishNIP("526-025-02-74") == "5260250274")
        #expect(Identifiers.polishNIP("PL 5260250274") == "5260250274")
        #expect(Identifiers.polishNIP("5260250275") == nil)
        #expect(Identifiers.polishNIP("526025027") == nil)
        // A check digit that holds but a tax office code FA(3) refuses (TNrNIP: not 0.., not x00).
        #expect(Identifiers.polishNIP("0000000000") == nil)
    }

    /// numer-ksef.md's example (and es-verifactu/hash-test-vectors.txt): CRC-8 of the first 32
    /// characters is AF.
    @Test func theKSeFNumberCRC8() {
        #expect(KSeF.isValidNumber("5265877635-20250826-0100001AF629-AF"))
        #expect(!KSeF.isValidNumber("5265877635-20250826-0100001AF629-AE"))
        #expect(!KSeF.isValidNumber("5265877635-20250826-0100001AF639-AF"))
        #expect(!KSeF.isValidNumber("5265877635-20250826-0100001af629-AF"))
        #expect(!KSeF.isValidNumber("5265877635-20250826-0100001AF629AF"))
    }

    /// The offline24 deadline (art. 106nda): the next working day after the issue date, Polish
    /// public holidays counted by hand from the 2026 calendar (Easter Sunday 5 April).
    @Test func anInvoiceWithoutItsKSeFNumberIsDueByTheNextWorkingDay() throws {
        let issued = ["2026-11-20": "2026-11-23",   // Friday -> Monday
                      "2026-11-10": "2026-11-12",   // Wednesday 11 November, Independence Day
                      "2026-12-23": "2026-12-28",   // 24-26 December, then Sunday
                      "2026-04-03": "2026-04-07",   // Good Friday -> Easter Monday is a holiday
                      "2026-06-03": "2026-06-05",   // Corpus Christi, Thursday 4 June
                      "2026-04-30": "2026-05-04"]   // 1 May (Friday), then the weekend (3 May a Sunday)
        var files: [String: String] = [:]
        for (index, day) in issued.keys.sorted().enumerated() {
            files["invoices/INV-\(String(format: "%04d", index + 1)).yaml"] = invoice(issued: day)
        }
        let book = TestBook(files, settings: """
            business: { name: Studio, tax_id: PL5260250274, address: { street: Wiejska 1, city: Warszawa, country: PL } }
            defaults: { currency: PLN, locale: pl_PL, tax: 23% }
            einvoice: [fa3]
            """, clients: ["acme": "name: Acme\naddress: { street: Polna 2, city: Łódź, country: PL }\n"])
        defer { book.remove() }
        let checked = book.checkKeeping()
        for (index, day) in issued.keys.sorted().enumerated() {
            let number = "INV-\(String(format: "%04d", index + 1))"
            let issuedDay = try #require(Day(day)), deadline = try #require(Day(issued[day]!))
            let onTime = KSeFInvoicesAreSent.diagnostics(checked.book, today: issuedDay).filter { $0.message.hasPrefix(number) }
            #expect(onTime.map(\.code.name) == ["ksef-send-due"] && onTime[0].message.hasSuffix("by \(deadline)"), "\(onTime.map(\.message))")
            #expect(KSeFInvoicesAreSent.diagnostics(checked.book, today: deadline).filter { $0.message.hasPrefix(number) }.map(\.code.name) == ["ksef-send-due"])
            let late = KSeFInvoicesAreSent.diagnostics(checked.book, today: deadline.adding(days: 1)).filter { $0.message.hasPrefix(number) }
            #expect(late.map(\.code.name) == ["ksef-send-overdue"], "\(number) issued \(day)")
        }
        // Once its number is written, nothing is due.
        book.write("invoices/INV-0001.yaml", invoice(issued: "2026-04-03", "ksef: 5260250274-20260407-0100004B2C11-\(try #require(try Self.crc("5260250274-20260407-0100004B2C11")))\n"))
        let sent = book.checkKeeping()
        #expect(!sent.diagnostics.contains { $0.code.name == "ksef-number" }, "\(sent.diagnostics.map(\.message))")
        #expect(KSeFInvoicesAreSent.diagnostics(sent.book, today: Day(year: 2026, month: 11, day: 27)!).allSatisfy { !$0.message.hasPrefix("INV-0001 ") })
    }

    /// The CRC-8 of numer-ksef.md by Python (poly 0x07, init 0), not by invoic.
    static func crc(_ data: String) throws -> String? {
        let script = "import sys\nc=0\nfor x in sys.argv[1].encode():\n  c^=x\n  for _ in range(8): c=((c<<1)^7)&255 if c&128 else (c<<1)&255\nprint('%02X'%c)"
        return try runProcess(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, data]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// KOD I's link: the host of the environment, the seller's NIP, P_1 as DD-MM-RRRR, and the
    /// SHA-256 of the file's bytes in Base64URL, here recomputed by Python's hashlib.
    @Test func theVerificationLinkHashesTheFileBytes() throws {
        let checked = try BookChecker.check(at: Self.repository.appendingPathComponent("examples/poland").path)
        let document = try #require(checked.book.documents.first { $0.number == "FV-2026-003" })
        let xml = try Self.fa3("FV-2026-003", in: checked.book)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fa3-\(UUID().uuidString).xml")
        try Data(xml.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let python = try runProcess(URL(fileURLWithPath: "/usr/bin/python3"), ["-c",
            "import sys,hashlib,base64; print(base64.urlsafe_b64encode(hashlib.sha256(open(sys.argv[1],'rb').read()).digest()).decode().rstrip('='))", file.path])
        let hash = python.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(hash.count == 43)
        let code = try #require(KSeF.verificationCode(of: document, in: checked.book))
        #expect(code.url == "https://qr-test.ksef.mf.gov.pl/invoice/6771234561/03-11-2026/\(hash)")
        // Sent: its KSeF number under the code.
        #expect(code.caption == "6771234561-20261103-010000631F04-B2")
        // The book's environment picks the host; a typo is an error at its line.
        for (environment, host) in [("production", "qr.ksef.mf.gov.pl"), ("demo", "qr-demo.ksef.mf.gov.pl")] {
            let book = TestBook(["invoices/INV-0001.yaml": invoice(issued: "2026-03-02")], settings: """
                business: { name: Studio, tax_id: PL5260250274, address: { street: Wiejska 1, city: Warszawa, country: PL } }
                defaults: { currency: PLN, locale: pl_PL, tax: 23% }
                einvoice: [fa3]
                ksef: { environment: \(environment) }
                """, clients: ["acme": "name: Acme\naddress: { street: Polna 2, city: Łódź, country: PL }\n"])
            let checked = book.check()
            let invoice = try #require(checked.book.documents.first)
            #expect(try #require(KSeF.verificationCode(of: invoice, in: checked.book)).url.hasPrefix("https://\(host)/invoice/5260250274/02-03-2026/"))
        }
        let typo = TestBook(["invoices/INV-0001.yaml": invoice(issued: "2026-03-02")], settings: "business: { name: Studio, tax_id: PL5260250274 }\nksef: { environment: prod }\n")
        #expect(typo.findings().contains("invoic.yaml:2:22 wrong-type"), "\(typo.findings())")
        #expect(KSeF.invoiceVerificationURL(nip: "1111111111", issued: Day(year: 2026, month: 2, day: 1)!, file: Array(xml.utf8), environment: .production)
            == "https://qr.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/\(hash)")
    }
}
