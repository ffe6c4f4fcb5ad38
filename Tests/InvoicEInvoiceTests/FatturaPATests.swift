import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicEInvoice
import InvoicMoney
import InvoicTestSupport
import InvoicXMLSchema
import Testing

/// FatturaPA (issue 44): every file validated against the Agenzia's XSD (FPR12 v1.2.3, read in
/// place from ../shared/standards), and each regime's figures stated by hand from the law.
@Suite struct FatturaPATests {
    static let xsd = Standards.path("it-fatturapa/Schema_VFPR12_v1.2.3.xsd")

    static func schema() throws -> XMLSchema {
        try #require(FileManager.default.fileExists(atPath: xsd), "the FatturaPA XSD is not in ../shared/standards/it-fatturapa")
        return try XMLSchema(path: xsd)
    }

    /// A forfettario designer in Bologna (RF19) and an ordinario consultant (RF01) in Milan.
    static func settings(regime: String = "RF19", tax: String = "outside-scope", bollo: String = "client", extra: String = "") -> String {
        """
        business:
          name: Studio Test
          phone: "+39 02 5550"
          address: { street: Via Roma 1, city: Milano, region: MI, postal_code: "20121", country: IT }
          tax_id: IT12345678903
          tax_number: RSSMRA80A01H501U
        payment: { account: IT60 X054 2811 1010 0000 0123 456 }
        defaults: { currency: EUR, locale: it_IT, tax: \(tax), terms: 30 }
        numbering: { invoice: "F-{seq}", credit_note: "NC-{seq}" }
        einvoice: [fatturapa]
        fatturapa: { regime: \(regime), bollo: \(bollo) }
        \(extra)
        """
    }

    static let italianClient = """
        name: Cliente S.r.l.
        address: { street: Via Po 3, city: Torino, region: TO, postal_code: "10123", country: IT }
        tax_id: IT03456789019
        fatturapa: { recipient: ABC1234 }
        """

    /// The FatturaPA of `number`, validated against the XSD (no violation), and the checked book.
    static func file(_ files: [String: String], settings: String, clients: [String: String] = ["acme": italianClient],
                     number: String) throws -> (xml: String, checked: CheckedBook) {
        let book = TestBook(files, settings: settings, clients: clients)
        let checked = book.check()
        let errors = checked.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map { "\($0.code) \($0.message)" })")
        let document = try #require(checked.book.document(number))
        let xml = try #require(EInvoiceWriter.xml(document, in: checked.book, format: .fatturapa))
        let violations = try schema().validate(Array(xml.utf8))
        #expect(violations.isEmpty, "\(violations)")
        return (xml, checked)
    }

    /// The text of every `<name>` in `xml`, in order.
    static func values(_ name: String, in xml: String) -> [String] {
        xml.components(separatedBy: "<\(name)>").dropFirst().compactMap { $0.components(separatedBy: "</\(name)>").first }
    }

    /// RF19: 850.00 + 4 × 45.00 = 1030.00 not subject to VAT (N2.2, L. 190/2014); above 77.47, so
    /// the 2.00 stamp is due (DatiBollo) and, charged to the client, a line of Natura N1:
    /// total 1032.00, paid 1032.00.
    @Test func forfettarioStatesN22AndTheStampDutyChargedToTheClient() throws {
        let invoice = invoice(issued: "2026-02-10", "charges:\n  - { reason: Imposta di bollo, amount: 2.00, code: N1 }\n",
                              items: "  - { description: Logo, price: 850.00 }\n  - { description: Menu, quantity: 4, price: 45.00 }\n")
        let (xml, _) = try Self.file(["invoices/F-1.yaml": "number: F-1\n" + invoice], settings: Self.settings(), number: "F-1")
        #expect(xml.contains("<RegimeFiscale>RF19</RegimeFiscale>"))
        #expect(xml.contains("<DatiBollo>\n          <BolloVirtuale>SI</BolloVirtuale>\n          <ImportoBollo>2.00</ImportoBollo>"))
        #expect(Self.values("Natura", in: xml) == ["N2.2", "N2.2", "N1", "N2.2", "N1"])
        #expect(Self.values("ImponibileImporto", in: xml) == ["1030.00", "2.00"])
        #expect(Self.values("Imposta", in: xml) == ["0.00", "0.00"])
        #expect(Self.values("ImportoTotaleDocumento", in: xml) == ["1032.00"])
        #expect(Self.values("ImportoPagamento", in: xml) == ["1032.00"])
        #expect(Self.values("ModalitaPagamento", in: xml) == ["MP05"])
        #expect(Self.values("IBAN", in: xml) == ["IT60X0542811101000000123456"])
        #expect(Self.values("CodiceDestinatario", in: xml) == ["ABC1234"])
    }

    /// The stamp is due only above 77.47 EUR: 77.47 carries none, 77.48 carries it; with the
    /// business bearing it (bollo: self) the invoice's total does not change.
    @Test func theStampDutyStartsAbove7747() throws {
        let at = try Self.file(["invoices/F-1.yaml": "number: F-1\n" + invoice(items: "  - { description: Grafica, price: 77.47 }\n")],
                               settings: Self.settings(bollo: "self"), number: "F-1").xml
        #expect(!at.contains("DatiBollo"))
        let above = try Self.file(["invoices/F-1.yaml": "number: F-1\n" + invoice(items: "  - { description: Grafica, price: 77.48 }\n")],
                                  settings: Self.settings(bollo: "self"), number: "F-1").xml
        #expect(above.contains("<BolloVirtuale>SI</BolloVirtuale>"))
        #expect(Self.values("ImportoTotaleDocumento", in: above) == ["77.48"])
    }

    /// `check` says at the YAML line what the SdI or the stamp law would reject.
    @Test func checkFindsTheStampDutyMissingWrongOrNotDue() {
        let missing = TestBook(["invoices/F-1.yaml": "number: F-1\n" + invoice(items: "  - { description: Grafica, price: 100.00 }\n")],
                               settings: Self.settings(), clients: ["acme": Self.italianClient]).findings()
        #expect(missing == ["invoices/F-1.yaml:5:3 fatturapa-bollo"])
        let notDue = TestBook(["invoices/F-1.yaml": "number: F-1\n" + invoice("charges:\n  - { reason: Bollo, amount: 2.00, code: N1 }\n",
                                                                             items: "  - { description: Grafica, price: 77.47 }\n")],
                              settings: Self.settings(), clients: ["acme": Self.italianClient]).findings()
        #expect(notDue == ["invoices/F-1.yaml:7:5 fatturapa-bollo"])
        let wrong = TestBook(["invoices/F-1.yaml": "number: F-1\n" + invoice("charges:\n  - { reason: Bollo, amount: 1.81, code: N1 }\n",
                                                                            items: "  - { description: Grafica, price: 500.00 }\n")],
                             settings: Self.settings(), clients: ["acme": Self.italianClient]).findings()
        #expect(wrong == ["invoices/F-1.yaml:7:5 fatturapa-bollo"])
        let borne = TestBook(["invoices/F-1.yaml": "number: F-1\n" + invoice("charges:\n  - { reason: Bollo, amount: 2.00, code: N1 }\n",
                                                                            items: "  - { description: Grafica, price: 500.00 }\n")],
                             settings: Self.settings(bollo: "self"), clients: ["acme": Self.italianClient]).findings()
        #expect(borne == ["invoices/F-1.yaml:7:5 fatturapa-bollo"])
    }

    /// RF01 with the INPS contribution (gestione separata, TC22, 4 %): 1000.00 of fees, 40.00 of
    /// contribution, both at 22 %: taxable 1040.00, VAT 228.80, total 1268.80.
    @Test func professionalWithThePensionContribution() throws {
        let invoice = invoice(issued: "2026-05-04", "charges:\n  - { reason: Contributo INPS 4%, percent: 4%, code: TC22 }\n",
                              items: "  - { description: Consulenza fiscale, quantity: 8, unit: ore, price: 125.00 }\n")
        let (xml, checked) = try Self.file(["invoices/F-1.yaml": "number: F-1\n" + invoice], settings: Self.settings(regime: "RF01", tax: "22%"), number: "F-1")
        #expect(xml.contains("""
                    <DatiCassaPrevidenziale>
                      <TipoCassa>TC22</TipoCassa>
                      <AlCassa>4.00</AlCassa>
                      <ImportoContributoCassa>40.00</ImportoContributoCassa>
                      <ImponibileCassa>1000.00</ImponibileCassa>
                      <AliquotaIVA>22.00</AliquotaIVA>
                    </DatiCassaPrevidenziale>
            """))
        #expect(Self.values("NumeroLinea", in: xml) == ["1"], "the contribution is no line")
        #expect(Self.values("ImponibileImporto", in: xml) == ["1040.00"])
        #expect(Self.values("Imposta", in: xml) == ["228.80"])
        #expect(Self.values("EsigibilitaIVA", in: xml) == ["I"])
        #expect(Self.values("ImportoTotaleDocumento", in: xml) == ["1268.80"])
        #expect(checked.book.document("F-1")?.figures?.total == 126880, "the PDF's total is the file's")
    }

    /// RF01 with the ritenuta d'acconto (art. 25 DPR 600/1973, 20 %) on the fees and the INPS
    /// contribution: 1000.00 + 40.00 = 1040.00, VAT 228.80, total 1268.80; withheld 20 % of
    /// 1040.00 = 208.00, so the client pays 1060.80. Every line and the contribution say Ritenuta SI.
    @Test func professionalWithTheRitenutaDAcconto() throws {
        let invoice = invoice(issued: "2026-05-04", "charges:\n  - { reason: Contributo INPS 4%, percent: 4%, code: TC22 }\n",
                              items: "  - { description: Consulenza fiscale, quantity: 8, unit: ore, price: 125.00 }\n")
        let client = Self.italianClient + "\nwithholding: [{ kind: RT01, rate: 20% }]\n"
        let (xml, checked) = try Self.file(["invoices/F-1.yaml": "number: F-1\n" + invoice], settings: Self.settings(regime: "RF01", tax: "22%"),
                                           clients: ["acme": client], number: "F-1")
        #expect(xml.contains("""
                    <DatiRitenuta>
                      <TipoRitenuta>RT01</TipoRitenuta>
                      <ImportoRitenuta>208.00</ImportoRitenuta>
                      <AliquotaRitenuta>20.00</AliquotaRitenuta>
                      <CausalePagamento>A</CausalePagamento>
                    </DatiRitenuta>
            """))
        #expect(Self.values("Ritenuta", in: xml) == ["SI", "SI"], "the contribution and the line")
        #expect(Self.values("ImportoTotaleDocumento", in: xml) == ["1268.80"])
        #expect(Self.values("ImportoPagamento", in: xml) == ["1060.80"])
        #expect(checked.book.document("F-1")?.figures?.payable == 106080, "the PDF asks for what the file says")
    }

    /// Split payment and ritenuta together: 2000.00 + 80.00 INPS = 2080.00, VAT 457.60 paid by the
    /// buyer to the Treasury, 416.00 withheld: the consultant is paid 2537.60 - 457.60 - 416.00 = 1664.00.
    @Test func splitPaymentWithTheRitenuta() throws {
        let invoice = invoice("charges:\n  - { reason: Contributo INPS 4%, percent: 4%, code: TC22 }\n",
                              items: "  - { description: Audit, quantity: 4, price: 500.00 }\n")
        let client = Self.italianClient + "\ntax: {category: B, rate: 22%}\nwithholding: [{ kind: RT01, rate: 20% }]\n"
        let (xml, _) = try Self.file(["invoices/F-1.yaml": "number: F-1\n" + invoice], settings: Self.settings(regime: "RF01", tax: "22%"),
                                     clients: ["acme": client], number: "F-1")
        #expect(Self.values("ImportoRitenuta", in: xml) == ["416.00"])
        #expect(Self.values("ImportoTotaleDocumento", in: xml) == ["2537.60"])
        #expect(Self.values("ImportoPagamento", in: xml) == ["1664.00"])
    }

    @Test func checkRefusesARitenutaTheSdIDoesNotKnowOrABaseTheLawDoesNot() {
        let irpf = TestBook(["invoices/F-1.yaml": "number: F-1\n" + invoice("withholding: [{ kind: IRPF, rate: 20% }]\n",
                                                                           items: "  - { description: Consulenza, price: 100.00 }\n")],
                            settings: Self.settings(regime: "RF01", tax: "22%"), clients: ["acme": Self.italianClient]).findings()
        #expect(irpf == ["invoices/F-1.yaml:6:14 fatturapa-ritenuta"])
        let fund = TestBook(["invoices/F-1.yaml": "number: F-1\n" + invoice("withholding: [{ kind: RT01, rate: 20% }]\ncharges:\n  - { reason: Cassa forense 4%, percent: 4%, code: TC04 }\n",
                                                                           items: "  - { description: Parere legale, price: 1000.00 }\n")],
                            settings: Self.settings(regime: "RF01", tax: "22%"), clients: ["acme": Self.italianClient]).findings()
        #expect(fund == ["invoices/F-1.yaml:8:5 fatturapa-ritenuta"])
    }

    /// Split payment (art. 17-ter DPR 633/1972): VAT is stated (22.00 on 100.00) with
    /// EsigibilitaIVA S; the buyer pays it to the Treasury, so the seller is paid 100.00 of 122.00.
    @Test func splitPaymentStatesTheVATAndIsPaidWithoutIt() throws {
        let invoice = invoice(items: "  - { description: Manutenzione, price: 100.00 }\n")
        let client = Self.italianClient + "\ntax: {category: B, rate: 22%}\n"
        let (xml, _) = try Self.file(["invoices/F-1.yaml": "number: F-1\n" + invoice], settings: Self.settings(regime: "RF01", tax: "22%"),
                                     clients: ["acme": client], number: "F-1")
        #expect(Self.values("EsigibilitaIVA", in: xml) == ["S"])
        #expect(Self.values("Imposta", in: xml) == ["22.00"])
        #expect(Self.values("ImportoTotaleDocumento", in: xml) == ["122.00"])
        #expect(Self.values("ImportoPagamento", in: xml) == ["100.00"])
    }

    /// Reverse charge (a subcontractor in construction, N6.3 as the exemption's code) and an
    /// export to a US client (N3.1): the foreign buyer is addressed XXXXXXX, with its country and
    /// 99999999999 for want of a VAT number, and CAP 00000.
    @Test func reverseChargeAndExportNameTheirNatura() throws {
        let reverse = Self.italianClient + "\ntax: reverse-charge\nexemption: {code: N6.3, text: Inversione contabile art. 17 c. 6 lett. a DPR 633/1972}\n"
        let (xml, _) = try Self.file(["invoices/F-1.yaml": "number: F-1\n" + invoice(items: "  - { description: Posa pavimenti, price: 2000.00 }\n")],
                                     settings: Self.settings(regime: "RF01", tax: "22%"), clients: ["acme": reverse], number: "F-1")
        #expect(Self.values("Natura", in: xml) == ["N6.3", "N6.3"])
        #expect(Self.values("Imposta", in: xml) == ["0.00"])
        #expect(!xml.contains("DatiBollo"), "reverse charge owes VAT (by the buyer), not the stamp")

        let american = """
            name: Acme Inc.
            address: { street: 1 Main St, city: Austin, region: TX, postal_code: "78701", country: US }
            tax: export
            """
        let (export, _) = try Self.file(["invoices/F-1.yaml": "number: F-1\n" + invoice(items: "  - { description: Stampi, price: 500.00 }\n")],
                                        settings: Self.settings(regime: "RF01", tax: "22%"), clients: ["acme": american], number: "F-1")
        #expect(Self.values("Natura", in: export) == ["N3.1", "N3.1"])
        #expect(Self.values("CodiceDestinatario", in: export) == ["XXXXXXX"])
        #expect(export.contains("<IdPaese>US</IdPaese>\n          <IdCodice>99999999999</IdCodice>"))
        #expect(Self.values("CAP", in: export) == ["20121", "00000"])
        #expect(!export.contains("DatiBollo"), "an export owes no stamp duty")
    }

    /// A credit note is TD04 and names the invoice it corrects; the SdI file names are
    /// IT<partita IVA>_<progressive>, one progressive per document in order of issue.
    @Test func creditNoteAndFileNames() throws {
        let files = ["invoices/F-1.yaml": "number: F-1\n" + invoice(issued: "2026-03-01", items: "  - { description: Consulenza, price: 100.00 }\n"),
                     "invoices/F-2.yaml": "number: F-2\n" + invoice(issued: "2026-03-02", items: "  - { description: Consulenza, price: 50.00 }\n"),
                     "credit-notes/NC-1.yaml": "number: NC-1\ncorrects: F-1\nreason: Sconto concordato\n"
                        + invoice(issued: "2026-03-03", items: "  - { description: Consulenza, price: 100.00 }\n")]
        let (xml, checked) = try Self.file(files, settings: Self.settings(regime: "RF01", tax: "22%"), number: "NC-1")
        #expect(Self.values("TipoDocumento", in: xml) == ["TD04"])
        #expect(xml.contains("<DatiFattureCollegate>\n        <IdDocumento>F-1</IdDocumento>\n        <Data>2026-03-01</Data>"))
        let book = checked.book
        let names = ["F-1", "F-2", "NC-1"].map { book.einvoiceFileName(for: book.document($0)!, format: .fatturapa) }
        #expect(names == ["IT12345678903_00001.xml", "IT12345678903_00002.xml", "IT12345678903_00003.xml"])
        #expect(Self.values("ProgressivoInvio", in: xml) == ["00003"])
    }

    @Test func checkFindsWhatTheSdIRejects() {
        let zeroRated = TestBook(["invoices/F-1.yaml": "number: F-1\n" + invoice(items: "  - { description: Libro, price: 10.00, tax: 0% }\n")],
                                 settings: Self.settings(regime: "RF01", tax: "22%"), clients: ["acme": Self.italianClient]).findings()
        #expect(zeroRated == ["invoices/F-1.yaml:5:5 fatturapa-natura"])
        let emoji = TestBook(["invoices/F-1.yaml": "number: F-1\n" + invoice(items: "  - { description: \"Logo 🎨\", price: 10.00 }\n")],
                             settings: Self.settings(regime: "RF01", tax: "22%"), clients: ["acme": Self.italianClient]).findings()
        #expect(emoji == ["invoices/F-1.yaml:5:5 fatturapa-latin"])
        let anonymous = TestBook(["invoices/F-1.yaml": "number: F-1\n" + invoice(items: "  - { description: Logo, price: 10.00 }\n")],
                                 settings: Self.settings(regime: "RF01", tax: "22%"),
                                 clients: ["acme": "name: Mario\naddress: { street: Via Po 3, city: Torino, postal_code: \"10123\", country: IT }\n"]).findings()
        #expect(anonymous == ["invoices/F-1.yaml:2:9 fatturapa-party"])
    }

    /// Codice fiscale: the control letter of DM 23/12/1976, stated by hand for RSSMRA80A01H501:
    /// odd positions R S R 8 A 1 5 1 weigh 8+12+8+19+1+0+13+0 = 61, even ones S M A 0 0 H 0 weigh
    /// 18+12+0+0+0+7+0 = 37; 98 mod 26 = 20, the letter U. A company's is 11 digits with a Luhn digit.
    @Test func codiceFiscaleControlCharacter() {
        #expect(Identifiers.codiceFiscaleProblem("RSSMRA80A01H501U") == nil)
        #expect(Identifiers.codiceFiscaleProblem("rssmra80a01h501u") == nil)
        #expect(Identifiers.codiceFiscaleProblem("RSSMRA80A01H501X")?.contains("should be U") == true)
        #expect(Identifiers.codiceFiscaleProblem("MRTMTT25D09F205Z") == nil)
        #expect(Identifiers.codiceFiscaleProblem("RSSMRA80Z01H501U") != nil, "Z is no month")
        #expect(Identifiers.codiceFiscaleProblem("12345678903") == nil)
        #expect(Identifiers.codiceFiscaleProblem("12345678901") != nil)
        #expect(Identifiers.codiceFiscaleProblem("RSSMRA80A01H50") != nil)
        let book = TestBook([:], settings: Self.settings(), clients: ["acme": Self.italianClient + "\ntax_number: RSSMRA80A01H501X\n"])
        #expect(book.findings().contains("clients/acme.yaml:5:13 invalid-codice-fiscale"))
    }

    /// The example books' every invoice and credit note, against the XSD.
    @Test func theItalianExampleBooksValidate() throws {
        let schema = try Self.schema()
        var count = 0
        for name in ["designer-it", "consulente-it"] {
            let path = EInvoiceTests.repository.appendingPathComponent("examples/\(name)").path
            let checked = try BookChecker.check(at: path)
            #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(name): \(checked.diagnostics.map(\.message))")
            for document in checked.book.documents where document.kind.isBilling {
                let xml = try #require(EInvoiceWriter.xml(document, in: checked.book, format: .fatturapa))
                #expect(schema.validate(Array(xml.utf8)).isEmpty, "\(name) \(document.number): \(schema.validate(Array(xml.utf8)))")
                count += 1
            }
        }
        #expect(count >= 6)
    }
}
