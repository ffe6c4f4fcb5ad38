import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicPDF
import InvoicTestSupport
import Testing

/// The rest of what an EN 16931 invoice says: where the goods went, how it is paid, the VAT in a
/// second currency, its type, and what each line notes; read, checked and printed.
@Suite struct SettlementTests {
    static let settings = """
        business: { name: Atelier, tax_id: ATU68231451, address: { city: Wien, country: AT } }
        payment: { account: AT772011182817634501, bic: GIBAATWWXXX, creditor_id: AT12ZZZ00000000001 }
        defaults: { currency: EUR, locale: en_GB, terms: 30, tax: 20% }
        """
    static let client = "name: Kunde GmbH\naddress: { city: Wien, country: AT }\niban: DE89370400440532013000\n"

    func checked(_ invoice: String) -> (CheckedBook, TestBook) {
        let book = TestBook(["invoices/INV-0001.yaml": invoice], settings: Self.settings, clients: ["acme": Self.client])
        return (book.checkKeeping(), book)
    }

    func pdfText(_ invoice: String) throws -> String {
        let (checked, book) = checked(invoice)
        defer { book.remove() }
        #expect(!checked.diagnostics.hasErrors, "\(checked.diagnostics.map(\.message))")
        let document = try #require(checked.book.document("INV-0001"))
        return try PDFTest.text(try PDFTest.render(document, with: try PDFRenderer(book: checked.book)))
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func theVATTotalIsAlsoStatedInTheTaxCurrency() throws {
        let text = invoice("tax_currency: { code: SEK, rate: 10.4852 }\n", items: "  - { description: Design, quantity: 3, price: 333.33 }\n")
        let (result, book) = checked(text)
        book.remove()
        // 999.99 net, VAT 20 % = 200.00 EUR; x 10.4852 = 2097.04 SEK.
        #expect(result.book.document("INV-0001")?.figures?.taxInTaxCurrency == 2097_04)
        let printed = try pdfText(text)
        #expect(printed.contains("Total €1,199.99 VAT (SEK) SEK 2,097.04"), "\(printed)")
        let own = checked(invoice("tax_currency: { code: EUR, rate: 1 }\n"))
        own.1.remove()
        #expect(own.0.diagnostics.map(\.code) == [.conflictingKeys])
    }

    /// A Polish invoice in EUR prints its VAT in PLN too (art. 106e ust. 11 of the VAT Act): EUR
    /// 1,000.00 at 23 % = 230.00 EUR VAT; x 4.2567 (the NBP rate) = 979.041 -> 979.04 PLN.
    @Test func aPolishInvoiceInEuroPrintsItsVATInZloty() throws {
        let book = TestBook(["invoices/INV-0001.yaml": "client: berlin\nissued: 2026-03-02\ntax_currency: { code: PLN, rate: 4.2567 }\nitems:\n  - { description: Design, price: 1000.00 }\n"],
            settings: """
            business: { name: Studio, tax_id: PL5260250274, address: { street: Wiejska 1, city: Warszawa, postal_code: "00-001", country: PL } }
            defaults: { currency: PLN, locale: pl_PL, tax: 23% }
            einvoice: [fa3]
            """, clients: ["berlin": "name: Berlin Handel GmbH\ncurrency: EUR\naddress: { street: Unter den Linden 1, city: Berlin, postal_code: \"10117\", country: DE }\n"])
        defer { book.remove() }
        let checked = book.checkKeeping()
        #expect(!checked.diagnostics.hasErrors, "\(checked.diagnostics.map(\.message))")
        let document = try #require(checked.book.document("INV-0001"))
        let printed = try PDFTest.text(try PDFTest.render(document, with: try PDFRenderer(book: checked.book)))
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(printed.contains("(PLN)") && printed.contains("979,04"), "\(printed)")
    }

    @Test func theMeansOfPaymentDecideWhatThePaymentDetailsSay() throws {
        let transfer = try pdfText(invoice())
        #expect(transfer.contains("AT772011182817634501"))
        let (plain, book) = checked(invoice())
        book.remove()
        #expect(plain.book.document("INV-0001")?.figures?.paymentMeans == .sepaCreditTransfer, "an IBAN makes SEPA the default")
        let debit = try pdfText(invoice("payment_means: sepa-direct-debit\nmandate: M-2026-17\n"))
        #expect(debit.contains("Direct debit from DE89370400440532013000, mandate M-2026-17"))
        #expect(!debit.contains("AT772011182817634501"), "no transfer details on a direct debit")
        let card = try pdfText(invoice("payment_means: 48\ncard: \"4242\"\n"))
        #expect(card.contains("Paid by card ending 4242"))
        let (whole, wholeBook) = checked(invoice("payment_means: 48\ncard: \"4242424242424242\"\n"))
        wholeBook.remove()
        #expect(whole.diagnostics.map(\.code) == [.invalidPaymentMeans])
    }

    /// Issue 15: a discount that rounds to nothing is still shown, so the client sees it was granted.
    @Test func aDiscountThatRoundsToZeroStillShowsItsLine() throws {
        let text = try pdfText(invoice("discount: 0.1%\n", items: "  - { description: Stamp, price: 1.00 }\n"))
        #expect(text.contains("Subtotal €1.00 Discount 0.1% €0.00"), "\(text)")
    }

    @Test func deliveryPlaceTypeAndLineDetailsArePrinted() throws {
        let text = try pdfText(invoice(
            "type: prepayment\ndeliver_to: { name: Lager Nord, address: { street: Industrieweg 4, city: Gent, postal_code: \"9000\", country: BE } }\n",
            items: "  - { description: Paper, quantity: 2, price: 10.00, item_id: P-A4-80, note: Recycled, period: { from: 2026-02-01, to: 2026-02-28 } }\n"))
        #expect(text.contains("PREPAYMENT INVOICE"), "\(text)")
        #expect(text.contains("Delivered to: Lager Nord, Industrieweg 4, 9000 Gent, Belgium"), "\(text)")
        #expect(text.contains("Item no. P-A4-80"))
        #expect(text.contains("Period 1 Feb 2026 – 28 Feb 2026"))
        #expect(text.contains("Recycled"))
    }
}
