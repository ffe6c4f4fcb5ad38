import Foundation
import InvoicBook
import InvoicPDF
import InvoicTestSupport
import Testing

/// Pages as the items need them, the header repeated, "Page N of M", totals kept with the last row.
@Suite struct LayoutTests {
    static func invoice(items count: Int, notes: String? = nil) -> String {
        var text = "client: acme\nissued: 2026-03-12\nitems:\n"
        for index in 1...count {
            text += "  - description: Item number \(index) with a description long enough to wrap onto a second line of the column\n"
            text += "    quantity: \(index % 5 + 1)\n    unit: h\n    price: \(index).50\n"
        }
        if let notes { text += "notes: \(notes)\n" }
        return text
    }

    @Test func sixtyItemsSpanPagesWithTheHeaderAndPageNumbersOnEach() throws {
        let book = TestBook(["invoices/INV-0001.yaml": Self.invoice(items: 60, notes: "Thank you!")],
                            settings: TestBook.settings + "\npayment: { bank: First Bank, account: \"123\" }")
        defer { book.remove() }
        let checked = book.checkKeeping()
        #expect(!checked.diagnostics.hasErrors)
        let document = try #require(checked.book.document("INV-0001"))
        let pdf = try PDFTest.render(document, with: try PDFRenderer(book: checked.book))
        let pages = try PDFTest.pageCount(pdf)
        #expect(pages >= 3)
        let text = try PDFTest.text(pdf).split(separator: "\u{0C}", omittingEmptySubsequences: false).map(String.init)
        for page in 1...pages {
            let body = text[page - 1]
            #expect(body.contains("DESCRIPTION"), "page \(page) repeats the table header")
            #expect(body.contains("AMOUNT"))
            #expect(body.contains("INV-0001"), "page \(page) names the document")
            #expect(body.contains("Page \(page) of \(pages)"))
        }
        // The totals are on the page of the last row, and every item is there once.
        let last = try #require(text.last { $0.contains("Total") })
        #expect(last.contains("Item number 60"))
        for index in 1...60 {
            #expect(text.joined().components(separatedBy: "Item number \(index) ").count == 2, "item \(index) once")
        }
        #expect(text[pages - 1].contains("Thank you!"))
    }

    @Test func aShortInvoiceIsOnePageWithoutPageNumbers() throws {
        let book = TestBook(["invoices/INV-0001.yaml": Self.invoice(items: 3)])
        defer { book.remove() }
        let checked = book.checkKeeping()
        let pdf = try PDFTest.render(try #require(checked.book.document("INV-0001")), with: try PDFRenderer(book: checked.book))
        #expect(try PDFTest.pageCount(pdf) == 1)
        #expect(!(try PDFTest.text(pdf)).contains("Page 1 of 1"))
    }

    @Test func longAndMultiLineDescriptionsWrapInsideTheirColumn() throws {
        let invoice = """
            client: acme
            issued: 2026-03-12
            items:
              - description: |
                  First line of a multi-line description
                  Second line
                price: 10
              - description: A single very long description that goes on and on, far wider than the description column of the table is
                price: 20
            """
        let book = TestBook(["invoices/INV-0001.yaml": invoice])
        defer { book.remove() }
        let checked = book.checkKeeping()
        let text = try PDFTest.text(try PDFTest.render(try #require(checked.book.document("INV-0001")), with: try PDFRenderer(book: checked.book)))
        let lines = text.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("First line of a multi-line") })
        #expect(lines.contains { $0.hasPrefix("Second line") })
        // No line of the wrapped description reaches into the amount column.
        for line in lines where line.contains("on and on") || line.contains("description column") {
            #expect(!line.contains("$20.00") || line.count < 120)
        }
    }

    @Test func unitsDeliveryDatesAndTaxIDsArePrinted() throws {
        let invoice = """
            client: acme
            issued: 2026-03-12
            delivered: 2026-03-10
            items:
              - description: Consulting
                quantity: 2.5
                unit: h
                price: 100
            """
        let book = TestBook(["invoices/INV-0001.yaml": invoice],
                            settings: "business: { name: Test Studio, tax_id: US-123 }\ndefaults: { currency: USD, locale: en_US, terms: 30 }",
                            clients: ["acme": "name: Acme Corp\ntax_id: DE143454214\n"])
        defer { book.remove() }
        let checked = book.checkKeeping()
        #expect(!checked.diagnostics.hasErrors)
        let text = try PDFTest.text(try PDFTest.render(try #require(checked.book.document("INV-0001")), with: try PDFRenderer(book: checked.book)))
        for expected in ["2.5 h", "DELIVERY DATE", "Mar 10, 2026", "Mar 12, 2026", "Apr 11, 2026", "Tax ID US-123", "Tax ID DE143454214", "$250.00"] {
            #expect(text.contains(expected), "missing \(expected)")
        }
    }

    @Test func usLetterPages() throws {
        let book = TestBook(["invoices/INV-0001.yaml": Self.invoice(items: 2), "templates/letter.yaml": "page: {size: Letter}\n"],
                            settings: TestBook.settings + "\ntemplate: letter")
        defer { book.remove() }
        let checked = book.checkKeeping()
        let pdf = try PDFTest.render(try #require(checked.book.document("INV-0001")), with: try PDFRenderer(book: checked.book))
        #expect(try PDFTest.info(pdf)["Page size"]?.hasPrefix("612 x 792") == true)
    }
}
