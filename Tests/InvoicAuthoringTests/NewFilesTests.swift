import InvoicBook
import InvoicTestSupport
import Testing
@testable import InvoicAuthoring

@Suite struct NewFilesTests {
    let result = TestBook([
        "invoices/INV-0005.yaml": """
            client: acme
            issued: 2026-03-01
            project: Weekly session
            category: Session
            items:
              - { description: "Studio session: 4 hours", quantity: 4, unit: h, price: 85.00, category: Session }
              - { description: Travel, price: 40, tax: 0% }
            """,
    ], clients: ["acme": "name: Acme Corp\ncurrency: GBP\nlocale: en_GB\nterms: 14\n"]).check()

    @Test func likeCopiesItemsProjectAndCategoryWithNewDatesAndNumber() throws {
        let book = result.book
        let like = try #require(book.document("INV-0005"))
        let client = try #require(book.clients["acme"])
        let issued = try #require(Day("2026-03-08"))
        #expect(book.nextNumber(for: .invoice, issued: issued) == "INV-0006")
        let text = NewFiles.document(.invoice, number: "INV-0006", client: client, book: book, issued: issued, like: like)
        #expect(text == """
            # yaml-language-server: $schema=../.invoic/schemas/invoice.schema.json
            client: acme
            issued: 2026-03-08
            due: 2026-03-22
            currency: GBP
            locale: en_GB
            project: Weekly session
            category: Session
            items:
              - description: "Studio session: 4 hours"
                quantity: 4
                unit: h
                price: 85.00
                category: Session
              - description: Travel
                price: 40
                tax: 0%

            """)
    }

    @Test func aNewDocumentWithoutLikeHasOneItemToFillIn() throws {
        let book = result.book
        let text = NewFiles.document(.estimate, number: "EST-0001", client: try #require(book.clients["acme"]), book: book,
                                     issued: try #require(Day("2026-03-08")), like: nil)
        #expect(text.contains("valid_until: 2026-04-07\n"))
        #expect(text.hasSuffix("items:\n  - description: \"\"   # what you did or supplied\n    quantity: 1\n    price: 0\n"))
    }
}
