import Foundation
@testable import InvoicInbox
import InvoicBook
import InvoicEInvoice
import InvoicTestSupport
import InvoicXMLSchema
import Testing

/// Issue 43: an FA(3) invoice (Poland's KSeF) received to the cent. The inputs are the Ministry's
/// sample invoices of CIRFMF/ksef-client-java (`invoice-template_v3.xml`, six lines at 23 %, paid;
/// `invoice-template-fa-3-with-custom-subject_2.xml`, a deduction in Rozliczenie), written out
/// here with their figures (their placeholders #nip#, #invoicing_date# filled in), each checked
/// against the Ministry's XSD first; then invoic's own FA(3) files of examples/poland read back.
/// Every expected figure is read by hand from the files, not from invoic.
@Suite struct FA3ReceiveTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func schema() throws -> XMLSchema {
        let fa3 = Standards.path("pl-ksef/faktury/schemy/FA/schemat_FA(3)_v1-0E.xsd")
        try #require(FileManager.default.fileExists(atPath: fa3), "no ../shared/standards/pl-ksef: the Ministry's FA(3) schema is needed")
        return try XMLSchema(path: fa3, resolving: [
            "http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/": Standards.path("pl-ksef/faktury/schemy/FA/bazowe"),
        ])
    }

    static func faktura(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <Faktura xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:etd="http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/" xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/">
            <Naglowek>
                <KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>
                <WariantFormularza>3</WariantFormularza>
                <DataWytworzeniaFa>2026-06-05T02:45:33.422866Z</DataWytworzeniaFa>
                <SystemInfo>Generator danych</SystemInfo>
            </Naglowek>
            <Podmiot1>
                <DaneIdentyfikacyjne><NIP>5265877635</NIP><Nazwa>Bogusz - Sienkiewicz</Nazwa></DaneIdentyfikacyjne>
                <Adres><KodKraju>PL</KodKraju><AdresL1>al. Różycki 7594</AdresL1><AdresL2>87-607 Środa Śląska</AdresL2></Adres>
                <DaneKontaktowe><Email>Lucja17@example.net</Email><Telefon>86-588-03-53</Telefon></DaneKontaktowe>
            </Podmiot1>
            <Podmiot2>
                <DaneIdentyfikacyjne><NIP>3861610227</NIP><Nazwa>Błaszczak - Lenart</Nazwa></DaneIdentyfikacyjne>
                <Adres><KodKraju>PL</KodKraju><AdresL1>al. Szewczyk 7247</AdresL1><AdresL2>84-642 Żelechów</AdresL2></Adres>
                <JST>2</JST>
                <GV>2</GV>
            </Podmiot2>
            <Fa>
        \(body)
            </Fa>
        </Faktura>
        """
    }

    static let adnotacje = """
                <Adnotacje>
                    <P_16>2</P_16><P_17>2</P_17><P_18>2</P_18><P_18A>2</P_18A>
                    <Zwolnienie><P_19N>1</P_19N></Zwolnienie>
                    <NoweSrodkiTransportu><P_22N>1</P_22N></NoweSrodkiTransportu>
                    <P_23>2</P_23>
                    <PMarzy><P_PMarzyN>1</P_PMarzyN></PMarzy>
                </Adnotacje>
        """

    static func line(_ number: Int, _ name: String, _ quantity: String, _ price: String, _ net: String, _ rate: String = "23", extra: String = "") -> String {
        "<FaWiersz><NrWierszaFa>\(number)</NrWierszaFa><P_7>\(name)</P_7><P_8A>szt.</P_8A><P_8B>\(quantity)</P_8B><P_9A>\(price)</P_9A><P_11>\(net)</P_11><P_12>\(rate)</P_12>\(extra)</FaWiersz>"
    }

    /// invoice-template_v3.xml: six lines at 23 % (2366.48 + 4029.60 + 89.04 + 272.24 + 1505.58 +
    /// 2389.44 = 10652.38), VAT 2450.05, total 13102.43, paid (Zaplacono 1) on 2025-07-17 by mobile payment (7).
    static let sample = faktura("""
                <KodWaluty>PLN</KodWaluty>
                <P_1>2026-06-05</P_1>
                <P_1M>Lidzbark</P_1M>
                <P_2>FA/GRQMB-1/05/2025</P_2>
                <P_6>2025-07-11</P_6>
                <P_13_1>10652.38</P_13_1>
                <P_14_1>2450.05</P_14_1>
                <P_15>13102.43</P_15>
        \(adnotacje)
                <RodzajFaktury>VAT</RodzajFaktury>
                \(line(1, "Refined Concrete Pants", "8", "295.81", "2366.48"))
                \(line(2, "Sleek Steel Pants", "10", "402.96", "4029.60"))
                \(line(3, "Incredible Steel Salad", "8", "11.13", "89.04"))
                \(line(4, "Ergonomic Soft Fish", "8", "34.03", "272.24"))
                \(line(5, "Intelligent Frozen Cheese", "3", "501.86", "1505.58"))
                \(line(6, "Ergonomic Metal Bike", "6", "398.24", "2389.44"))
                <Platnosc><Zaplacono>1</Zaplacono><DataZaplaty>2025-07-17</DataZaplaty><FormaPlatnosci>7</FormaPlatnosci></Platnosc>
        """)

    /// invoice-template-fa-3-with-custom-subject_2.xml: 16260.10 + 18000 + 18000 = 52260.10 at
    /// 23 %, VAT 12019.82, total 64279.92, less a deduction of 1000 (Rozliczenie): 63279.92 due
    /// on 2026-03-15 by transfer (6) to the factor's account 73111111111111111111111111.
    static let settlement = faktura("""
                <KodWaluty>PLN</KodWaluty>
                <P_1>2026-02-02</P_1>
                <P_1M>Warszawa</P_1M>
                <P_2>FA/GRQMB-2/05/2025</P_2>
                <WZ>44343434/2026</WZ>
                <P_13_1>52260.10</P_13_1>
                <P_14_1>12019.82</P_14_1>
                <P_15>64279.92</P_15>
        \(adnotacje)
                <RodzajFaktury>VAT</RodzajFaktury>
                \(line(1, "lodówka Zimnotech mk1", "10", "1626.01", "16260.10"))
                \(line(2, "zamrażarka Zimnotech mk2", "20", "1000", "18000"))
                \(line(3, "zmywarka Bryza 100", "15", "1200", "18000"))
                <Rozliczenie>
                    <Odliczenia><Kwota>1000</Kwota><Powod>nadwyżka salda nierozliczonych środków</Powod></Odliczenia>
                    <SumaOdliczen>1000</SumaOdliczen>
                    <DoZaplaty>63279.92</DoZaplaty>
                </Rozliczenie>
                <Platnosc>
                    <TerminPlatnosci><Termin>2026-03-15</Termin></TerminPlatnosci>
                    <FormaPlatnosci>6</FormaPlatnosci>
                    <RachunekBankowyFaktora><NrRB>73111111111111111111111111</NrRB><NazwaBanku>Bank Bankowości Bankowej S. A.</NazwaBanku></RachunekBankowyFaktora>
                </Platnosc>
                <WarunkiTransakcji><Zamowienia><DataZamowienia>2026-01-26</DataZamowienia><NrZamowienia>4354343</NrZamowienia></Zamowienia></WarunkiTransakcji>
        """)

    /// The inputs are FA(3) as the Ministry's schema defines it, so what is read is what KSeF delivers.
    @Test func theSamplesAreValidFA3() throws {
        let schema = try Self.schema()
        for xml in [Self.sample, Self.settlement] {
            #expect(schema.validate(Array(xml.utf8)).isEmpty, "\(schema.validate(Array(xml.utf8)))")
        }
    }

    @Test func theMinistrysSampleToTheCent() throws {
        let document = try EInvoiceReader.read(Array(Self.sample.utf8))
        #expect(document.syntax == .fa3 && document.customization == "FA (3) 1-0E")
        #expect(document.number == "FA/GRQMB-1/05/2025" && document.issued.description == "2026-06-05" && document.typeCode == "380" && document.kind == .invoice)
        #expect(document.deliveryDate?.description == "2025-07-11")
        #expect(document.seller.name == "Bogusz - Sienkiewicz" && document.seller.vatID == "PL5265877635")
        #expect(document.seller.address.postalCode == "87-607" && document.seller.address.city == "Środa Śląska" && document.seller.address.country == "PL")
        #expect(document.seller.contactEmail == "Lucja17@example.net")
        #expect(document.buyer.name == "Błaszczak - Lenart" && document.buyer.vatID == "PL3861610227" && document.buyer.address.city == "Żelechów")
        #expect(document.lines.map(\.net.plain) == ["2366.48", "4029.60", "89.04", "272.24", "1505.58", "2389.44"])
        #expect(document.lines.map { $0.quantity?.description ?? "" } == ["8", "10", "8", "8", "3", "6"])
        #expect(document.lines.allSatisfy { $0.taxCategory == "S" && $0.taxRate?.description == "23" && $0.unit == "szt." })
        #expect(document.taxes.map { "\($0.category) \($0.rate?.description ?? "") \($0.taxable.plain) \($0.tax.plain)" } == ["S 23 10652.38 2450.05"])
        #expect(document.totals.lines?.plain == "10652.38" && document.totals.net?.plain == "10652.38" && document.totals.tax?.plain == "2450.05")
        #expect(document.totals.total?.plain == "13102.43")
        // Zaplacono 1: paid before it reached the buyer, nothing left to pay.
        #expect(document.totals.prepaid?.plain == "13102.43" && document.totals.payable.plain == "0.00")
        #expect(Findings.check(document).filter { $0.severity == .fatal }.isEmpty, "\(Findings.check(document))")
    }

    @Test func aDeductionStandsBetweenTheTotalAndTheAmountDue() throws {
        let document = try EInvoiceReader.read(Array(Self.settlement.utf8))
        #expect(document.lines.map(\.net.plain) == ["16260.10", "18000.00", "18000.00"])
        #expect(document.taxes.map { "\($0.category) \($0.taxable.plain) \($0.tax.plain)" } == ["S 52260.10 12019.82"])
        #expect(document.totals.total?.plain == "64279.92" && document.totals.prepaid?.plain == "1000.00" && document.totals.payable.plain == "63279.92")
        #expect(document.due?.description == "2026-03-15" && document.payment.meansCode == "30")
        #expect(document.payment.accounts.map(\.iban) == ["PL73111111111111111111111111"])
        #expect(document.order == "4354343")
        #expect(Findings.check(document).filter { $0.severity == .fatal }.isEmpty, "\(Findings.check(document))")
    }

    /// invoic's own FA(3) of examples/poland read back: FV-2026-003 is 52.5 h × 150.00 = 7875.00
    /// at 23 % (VAT 1811.25) and 5 × 49.00 = 245.00 at 5 % (12.25): 9943.50. KOR-2026-001 takes
    /// 4 h × 150.00 = 600.00 off FV-2026-001: -600.00, VAT -138.00, -738.00.
    @Test func invoicsOwnFilesReadBack() throws {
        let book = try BookChecker.check(at: Self.repository.appendingPathComponent("examples/poland").path).book
        func read(_ number: String) throws -> ReceivedDocument {
            let document = try #require(book.documents.first { $0.number == number })
            let xml = try #require(EInvoiceWriter.xml(document, in: book, format: .fa3))
            return try EInvoiceReader.read(Array(xml.utf8))
        }
        let invoice = try read("FV-2026-003")
        #expect(invoice.seller.vatID == "PL6771234561" && invoice.seller.address.city == "Kraków" && invoice.buyer.vatID == "PL1132853869")
        #expect(invoice.taxes.map { "\($0.category) \($0.rate?.description ?? "") \($0.taxable.plain) \($0.tax.plain)" } == ["S 23 7875.00 1811.25", "S 5 245.00 12.25"])
        #expect(invoice.totals.total?.plain == "9943.50" && invoice.totals.payable.plain == "9943.50")
        #expect(invoice.payment.accounts.map(\.iban) == ["PL61109010140000071219812874"] && invoice.payment.meansCode == "30")
        #expect(Findings.check(invoice).filter { $0.severity == .fatal }.isEmpty, "\(Findings.check(invoice))")

        let correction = try read("KOR-2026-001")
        #expect(correction.kind == .creditNote && correction.typeCode == "381")
        #expect(correction.corrects.map(\.number) == ["FV-2026-001"] && correction.corrects.first?.issued?.description == "2026-10-05")
        #expect(correction.lines.map(\.net.plain) == ["-600.00"])
        #expect(correction.totals.net?.plain == "-600.00" && correction.totals.tax?.plain == "-138.00" && correction.totals.total?.plain == "-738.00")
    }

    /// `invoic receive` keeps an FA(3) in purchases/ with its figures, and the book still checks.
    @Test func receivedIntoTheBook() throws {
        let book = FileManager.default.temporaryDirectory.appendingPathComponent("inbox-pl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: book) }
        try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
        try "business: { name: Błaszczak - Lenart, tax_id: PL3861610227 }\ndefaults: { currency: PLN, locale: pl_PL }\n"
            .write(to: book.appendingPathComponent("invoic.yaml"), atomically: true, encoding: .utf8)
        let outcomes = Inbox.receive(bytes: Array(Self.settlement.utf8), filename: "FA-GRQMB-2.xml", into: book.path, today: Day(year: 2026, month: 11, day: 27)!)
        #expect(outcomes.map(\.status) == [.received], "\(outcomes.map { $0.refusal?.message ?? "" })")
        let records = try FileManager.default.subpathsOfDirectory(atPath: book.appendingPathComponent("purchases").path).filter { $0.hasSuffix(".yaml") }
        let record = try String(contentsOf: book.appendingPathComponent("purchases").appendingPathComponent(try #require(records.first)), encoding: .utf8)
        #expect(record.contains("63279.92") && record.contains("64279.92") && record.contains("FA(3)"), "\(record)")
        let checked = try BookChecker.check(at: book.path)
        #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(checked.diagnostics.map(\.message))")
    }

    /// FA(2), the schema before 1 February 2026, is another namespace: refused, saying so.
    @Test func fa2IsRefused() {
        let xml = #"<?xml version="1.0"?><Faktura xmlns="http://crd.gov.pl/wzor/2023/06/29/12648/"><Fa/></Faktura>"#
        do {
            _ = try EInvoiceReader.read(Array(xml.utf8))
            Issue.record("FA(2) was read")
        } catch {
            #expect(error.message.contains("no FA(3)"))
        }
    }

    /// A correction given as lines before and after (StanPrzed): the before lines count negatively,
    /// so 10 × 100.00 corrected to 8 × 100.00 is -200.00, VAT -46.00, as P_13_1 and P_14_1 say.
    @Test func aCorrectionByBeforeAndAfterLines() throws {
        let xml = Self.faktura("""
                <KodWaluty>PLN</KodWaluty>
                <P_1>2026-03-02</P_1>
                <P_2>KOR/1/2026</P_2>
                <P_13_1>-200.00</P_13_1>
                <P_14_1>-46.00</P_14_1>
                <P_15>-246.00</P_15>
        \(Self.adnotacje)
                <RodzajFaktury>KOR</RodzajFaktury>
                <PrzyczynaKorekty>zwrot towaru</PrzyczynaKorekty>
                <TypKorekty>2</TypKorekty>
                <DaneFaKorygowanej><DataWystFaKorygowanej>2026-02-10</DataWystFaKorygowanej><NrFaKorygowanej>FV/7/2026</NrFaKorygowanej><NrKSeFN>1</NrKSeFN></DaneFaKorygowanej>
                \(Self.line(1, "krzesło", "10", "100.00", "1000.00", extra: "<StanPrzed>1</StanPrzed>"))
                \(Self.line(2, "krzesło", "8", "100.00", "800.00"))
        """)
        let schema = try Self.schema()
        #expect(schema.validate(Array(xml.utf8)).isEmpty, "\(schema.validate(Array(xml.utf8)))")
        let document = try EInvoiceReader.read(Array(xml.utf8))
        #expect(document.kind == .creditNote && document.corrects.map(\.number) == ["FV/7/2026"])
        #expect(document.lines.map(\.net.plain) == ["-1000.00", "800.00"] && document.totals.lines?.plain == "-200.00")
        #expect(document.totals.total?.plain == "-246.00" && document.notes.first == "zwrot towaru")
    }
}
