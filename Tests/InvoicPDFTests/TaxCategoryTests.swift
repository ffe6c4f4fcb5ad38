import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicPDF
import InvoicTestSupport
import Testing

/// VAT categories: how a book writes them, what check asks of them, what the page prints.
@Suite struct TaxCategoryTests {
    static let seller = "business: { name: Atelier, tax_id: ATU68231451 }\ndefaults: { currency: EUR, locale: de_AT, terms: 30 }"
    static let germanClient = "name: Kunde GmbH\ntax_id: DE143454214\nlocale: de_DE\naddress: { city: Berlin, country: DE }\n"

    func book(_ invoice: String, settings: String = seller, client: String = germanClient) -> TestBook {
        TestBook(["invoices/INV-0001.yaml": invoice], settings: settings, clients: ["acme": client])
    }

    func pdfText(_ book: TestBook) throws -> String {
        defer { book.remove() }
        let checked = book.checkKeeping()
        #expect(!checked.diagnostics.hasErrors, "\(checked.diagnostics.map(\.message))")
        return try PDFTest.text(try PDFTest.render(try #require(checked.book.document("INV-0001")), with: try PDFRenderer(book: checked.book)))
    }

    @Test func theWaysABookWritesATax() {
        let ok = [("20%", "S"), ("0%", "Z"), ("zero", "Z"), ("exempt", "E"), ("reverse-charge", "AE"), ("intra-eu", "K"),
                  ("export", "G"), ("outside-scope", "O"), ("{category: L, rate: 7%}", "L"), ("{category: AE}", "AE")]
        for (written, code) in ok {
            let book = book(invoice(items: "  - { description: A, price: 10, tax: \(written) }\n") + "delivered: 2026-03-01\nexemption: Heilbehandlung\n")
            let result = book.check()
            #expect(result.book.documents.first?.items.first?.tax?.value.category.rawValue == code, "\(written)")
        }
        for (written, code) in [("reverse charge", "invalid-tax-category"), ("{category: AE, rate: 5%}", "invalid-tax-category"),
                                ("{category: S, rate: 0%}", "invalid-tax-category"), ("{category: X}", "invalid-tax-category")] {
            let found = book(invoice(items: "  - { description: A, price: 10, tax: \(written) }\n")).findings()
            #expect(found.contains { $0.hasSuffix(code) }, "\(written): \(found)")
        }
    }

    @Test func categoriesAskForWhatTheLawAsks() {
        // Reverse charge without the client's VAT number, pointed at the client's `tax:`.
        #expect(book(invoice(), client: "name: Kunde GmbH\ntax: reverse-charge\n").findings() == ["clients/acme.yaml:2:6 BR-AE-02"])
        #expect(book(invoice(), client: Self.germanClient + "tax: reverse-charge\n").findings() == [])
        // Intra-EU: both VAT numbers and a delivery date.
        let intra = invoice("tax: intra-eu\n")
        #expect(book(intra).findings() == ["invoices/INV-0001.yaml:5:6 BR-IC-11"])
        #expect(book(intra + "delivered: 2026-02-27\n").findings() == [])
        #expect(book(intra + "delivered: 2026-02-27\n", settings: "business: { name: Atelier }\ndefaults: { currency: EUR }").findings()
            == ["invoices/INV-0001.yaml:5:6 BR-IC-02"])
        // ... and the country the goods went to: the client's, or a `deliver_to:` address.
        let nowhere = "name: Kunde GmbH\ntax_id: DE143454214\n"
        #expect(book(intra + "delivered: 2026-02-27\n", client: nowhere).findings() == ["invoices/INV-0001.yaml:5:6 BR-IC-12"])
        #expect(book(intra + "delivered: 2026-02-27\ndeliver_to: { name: Lager Nord, address: { city: Hamburg, country: DE } }\n",
                     client: nowhere).findings() == [])
        // Exempt needs its reason, from the document, the client or the book.
        #expect(book(invoice("tax: exempt\n")).findings() == ["invoices/INV-0001.yaml:5:6 BR-E-10"])
        #expect(book(invoice("tax: exempt\nexemption: {code: VATEX-EU-132-1C, text: Heilbehandlung}\n")).findings() == [])
        #expect(book(invoice("tax: exempt\n"), client: Self.germanClient + "exemption: Heilbehandlung\n").findings() == [])
        // Outside the scope of VAT stands alone.
        let mixed = invoice(items: "  - { description: A, price: 10, tax: outside-scope }\n  - { description: B, price: 10, tax: 20% }\n")
        #expect(book(mixed).findings() == ["invoices/INV-0001.yaml:5:39 BR-O-11"])
        // An export names the seller's VAT number.
        #expect(book(invoice("tax: export\n"), settings: "business: { name: Atelier }\ndefaults: { currency: EUR }").findings()
            == ["invoices/INV-0001.yaml:5:6 BR-G-02"])
    }

    @Test func aReverseChargeInvoicePrintsItsGroupAndTheLawInTheDocumentsLanguage() throws {
        let text = try pdfText(book(invoice("tax: reverse-charge\n")))
        #expect(text.contains("USt. 0 % · Reverse Charge"), "\(text)")
        #expect(text.contains("Steuerschuldnerschaft des Leistungsempfängers (Art. 196 Richtlinie 2006/112/EG)"), "\(text)")
        let english = try pdfText(book(invoice("tax: intra-eu\ndelivered: 2026-02-27\n"), client: "name: Client BV\ntax_id: NL004495445B01\nlocale: en_GB\naddress: { city: Utrecht, country: NL }\n"))
        #expect(english.contains("VAT 0% · intra-EU supply"), "\(english)")
        #expect(english.contains("Exempt intra-Community supply (Art. 138 Directive 2006/112/EC)"), "\(english)")
    }

    @Test func anExemptionTextReplacesTheDefaultAndSeveralGroupsGetATotal() throws {
        let items = "  - { description: A, price: 100, tax: exempt }\n  - { description: B, price: 100, tax: 20% }\n"
        let text = try pdfText(book(invoice("exemption: Heilbehandlung nach § 6 Abs. 1 Z 19 UStG\n", items: items)))
        #expect(text.contains("Heilbehandlung nach § 6 Abs. 1 Z 19 UStG"), "\(text)")
        #expect(text.contains("USt. 0 % · steuerfrei"), "\(text)")
        #expect(text.contains("Steuer gesamt"), "\(text)")
    }
}

extension TaxCategoryTests {
    /// The references a buyer asks to see are printed among the dates, in the document's language.
    @Test func referencesAndThePeriodArePrinted() throws {
        let extra = "order: PO-4711\ncontract: C-2026-01\nperiod: { from: 2026-02-01, to: 2026-02-28 }\n"
        let text = try pdfText(book(invoice(extra), client: Self.germanClient + "buyer_reference: 04011000-12345-03\n"))
        for expected in ["BESTELLUNG", "PO-4711", "VERTRAG", "C-2026-01", "IHRE REFERENZ", "04011000-12345-03", "LEISTUNGSZEITRAUM"] {
            #expect(text.contains(expected), "\(expected) in \(text)")
        }
        let backwards = book(invoice("period: { from: 2026-02-28, to: 2026-02-01 }\n"))
        #expect(backwards.findings() == ["invoices/INV-0001.yaml:5:33 invalid-date"])
        // An intra-EU supply may name its period instead of a delivery date.
        #expect(book(invoice("tax: intra-eu\nperiod: { from: 2026-02-01, to: 2026-02-28 }\n")).findings() == [])
    }
}
