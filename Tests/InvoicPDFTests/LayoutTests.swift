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

/// Nothing the book says is outside the page: text taller than a page goes on to the next ones,
/// a word wider than its column breaks inside it (pango's WORD_CHAR wrap).
@Suite struct TextFlowTests {
    /// A word of `count` letters with no space to break at, the same on every run.
    static func longWord(_ stem: String, _ count: Int) -> String {
        stem + String((0..<count).map { Array("abcdefghijklmnopqrstuvwxyz")[($0 * 7 + stem.count) % 26] })
    }

    static func book(template: String) -> (TestBook, notes: [String], description: [String], words: [String]) {
        let notes = (1...120).map { "Note line \($0) of the terms." }
        let description = (1...90).map { "Description line \($0)" }
        let words = [longWord("Namex", 160), longWord("Streetx", 200), longWord("Descx", 400), longWord("Notex", 300), longWord("Bizx", 150), longWord("Refx", 180)]
        var text = "client: acme\nissued: 2026-03-12\nbuyer_reference: \(words[5])\nitems:\n"
        text += "  - description: \(words[2])\n    price: 10\n"
        text += "  - description: |\n" + description.map { "      \($0)\n" }.joined() + "    price: 20\n"
        text += "  - { description: After the long row, price: 30 }\n"
        text += "notes: |\n" + (notes + [words[3]]).map { "  \($0)\n" }.joined()
        let client = "name: \(words[0])\naddress:\n  street: \(words[1])\n  city: Vienna\n  country: AT\n"
        let settings = "business: { name: \(words[4]) }\ndefaults: { currency: EUR, locale: en_US, terms: 30 }\ntemplate: \(template)\n"
        return (TestBook(["invoices/INV-0001.yaml": text], settings: settings, clients: ["acme": client]), notes, description, words)
    }

    @Test(arguments: ["invoi", "classic"])
    func everyLineAndEveryLongWordIsOnAPage(template: String) throws {
        let (book, notes, description, words) = Self.book(template: template)
        defer { book.remove() }
        let checked = book.checkKeeping()
        #expect(!checked.diagnostics.hasErrors, "\(checked.diagnostics.map(\.message))")
        let pdf = try PDFTest.render(try #require(checked.book.document("INV-0001")), with: try PDFRenderer(book: checked.book))
        #expect(try PDFTest.pageCount(pdf) >= 4)
        let text = try PDFTest.withFile(pdf) { try PDFTest.run("pdftotext", ["-raw", $0, "-"]).stdout }
        for line in notes + description { #expect(text.components(separatedBy: line + "\n").count == 2, "\(line) once") }
        // A long word breaks at its column's edge: its pieces, read in order, are the word.
        let squeezed = text.filter { !$0.isWhitespace }
        for word in words { #expect(squeezed.contains(word), "\(word.prefix(8))... is all there") }
        // Every word pdftotext finds lies within its page.
        let bbox = try PDFTest.withFile(pdf) { try PDFTest.run("pdftotext", ["-bbox", $0, "-"]).stdout }
        var page = (width: 0.0, height: 0.0)
        var count = 0
        for line in bbox.split(separator: "\n") {
            func number(_ name: String) -> Double? {
                guard let range = line.range(of: name + "=\"") else { return nil }
                return Double(line[range.upperBound...].prefix { $0 != "\"" })
            }
            if line.contains("<page ") {
                page = (try #require(number("width")), try #require(number("height")))
            } else if line.contains("<word ") {
                let (x0, y0, x1, y1) = (number("xMin") ?? -1, number("yMin") ?? -1, number("xMax") ?? .infinity, number("yMax") ?? .infinity)
                #expect(x0 >= 0 && y0 >= 0 && x1 <= page.width && y1 <= page.height, "outside the page: \(line)")
                count += 1
            }
        }
        #expect(count > 300)
        // And the document stays tagged PDF/UA-1.
        try PDFTest.withFile(pdf) { path in
            let conformance = try PDFTest.conformance([path])
            #expect(conformance.status == 0, "\(conformance.stdout)\(conformance.stderr)")
        }
    }
}

/// Widows and orphans: the last page never holds only what follows the totals when moving the
/// last row over avoids it; a short invoice is one page; a long title never wraps the business's name.
@Suite struct PageBreakTests {
    /// Each page's text, as pdftotext -layout sets it one page at a time.
    static func pageTexts(_ pdf: [UInt8]) throws -> [String] {
        let count = try PDFTest.pageCount(pdf)
        return try PDFTest.withFile(pdf) { path in
            try (1...count).map { try PDFTest.run("pdftotext", ["-layout", "-f", "\($0)", "-l", "\($0)", path, "-"]).stdout }
        }
    }

    static let notes = "|\n  First line of the notes: thank you for your order.\n  Second line of the notes: goods remain ours until paid."

    /// 70 lines (and the counts around it, so the totals end at every height of a page) with two
    /// lines of notes: the last page has the totals and a row with the notes, never the notes alone.
    @Test(arguments: ["invoi", "classic"])
    func theLastPageHoldsTheTotalsWithTheNotes(template: String) throws {
        for count in [70] + Array(60...80).filter({ $0 != 70 }) {
            let book = TestBook(["invoices/INV-0001.yaml": LayoutTests.invoice(items: count, notes: Self.notes)],
                                settings: TestBook.settings + "\ntemplate: \(template)")
            defer { book.remove() }
            let checked = book.checkKeeping()
            #expect(!checked.diagnostics.hasErrors)
            let pdf = try PDFTest.render(try #require(checked.book.document("INV-0001")), with: try PDFRenderer(book: checked.book))
            let pages = try Self.pageTexts(pdf)
            #expect(pages.count > 1)
            let last = try #require(pages.last)
            #expect(last.contains("First line of the notes") && last.contains("Second line of the notes"), "\(count) lines: the notes on the last page")
            #expect(last.contains("Total"), "\(count) lines: the totals with the notes")
            #expect(last.contains("Item number \(count) "), "\(count) lines: the last row with the totals")
            for page in pages.dropLast() { #expect(!page.contains("First line of the notes")) }
        }
    }

    @Test func theWholesaleInvoiceIsOnePage() throws {
        let book = try PDFTest.example("wholesale")
        let pdf = try PDFTest.render(try #require(book.document("F-2026-0001")), with: try PDFRenderer(book: book))
        #expect(try PDFTest.pageCount(pdf) == 1)
        let text = try PDFTest.text(pdf)
        for line in ["Kopieringspapper", "Kuvert C5", "Väggkalender 2027", "Frakt"] { #expect(text.contains(line)) }
    }

    static let longName = "Bergström & Lindqvist Architekten"

    /// A German credit note (RECHNUNGSKORREKTUR), a German statement (KONTOÜBERSICHT) and an English
    /// reminder (PAYMENT REMINDER) of a business with a long name, in both templates: the name is
    /// on one line of the header, and the title is there.
    @Test(arguments: ["invoi", "classic"])
    func longTitlesLeaveTheBusinessNameItsLine(template: String) throws {
        for (locale, kind) in [("de_AT", "credit"), ("de_AT", "statement"), ("en_GB", "reminder"), ("de_AT", "invoice")] {
            let settings = "business: { name: \(Self.longName), email: office@bergstroem-lindqvist.example, address: { street: Mariahilfer Straße 1, city: Wien, postal_code: \"1060\", country: AT } }\n"
                + "defaults: { currency: EUR, locale: \(locale), terms: 14, tax: 20% }\ntemplate: \(template)\n"
            let book = TestBook(["invoices/INV-0001.yaml": LayoutTests.invoice(items: 2),
                                 "credit-notes/CN-0001.yaml": "client: acme\nissued: 2026-03-20\ncorrects: INV-0001\nreason: Two hours too many\nitems:\n  - { description: Item number 1, quantity: 2, unit: h, price: 1.50 }\n"],
                                settings: settings)
            defer { book.remove() }
            let checked = book.checkKeeping()
            #expect(!checked.diagnostics.hasErrors, "\(checked.diagnostics.map(\.message))")
            var document = try #require(checked.book.document(kind == "credit" ? "CN-0001" : "INV-0001"))
            if kind == "reminder" { document.reminderLevel = 1 }
            if kind == "statement" { document.isStatement = true }
            let pdf = try PDFTest.render(document, with: try PDFRenderer(book: checked.book))
            let header = try Self.pageTexts(pdf)[0].split(separator: "\n").prefix(12)
            #expect(header.contains { $0.contains(Self.longName) }, "\(template) \(kind): the name on one line in\n\(header.joined(separator: "\n"))")
            let title = ["credit": "RECHNUNGSKORREKTUR", "statement": "KONTOÜBERSICHT", "reminder": "PAYMENT REMINDER", "invoice": "RECHNUNG"][kind]!
            #expect(header.contains { $0.contains(title) }, "\(template) \(kind): the title in the header")
        }
    }
}
