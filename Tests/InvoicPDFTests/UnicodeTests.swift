import Foundation
import InvoicBook
import InvoicDiagnostics
@testable import InvoicPDF
import InvoicTestSupport
import Testing

/// Every script and currency sign the books may use has a font; a character that has none stops
/// the document with an error that names it, never a hex box in a client's PDF.
@Suite struct UnicodeTests {
    static let book = PDFTest.fixtures.appendingPathComponent("books/unicode")

    @Test func theUnicodeBookRendersWithNoMissingGlyph() throws {
        let book = try PDFTest.book(at: Self.book)
        #expect(book.documents.count >= 53, "one invoice per required currency")
        let renderer = try PDFRenderer(book: book)
        var currencies: Set<String> = []
        for document in book.documents {
            switch renderer.render(document) {
            case .failure(let error):
                Issue.record("\(document.number): \(error.diagnostics.map(\.message))")
            case .success(let pdf):
                currencies.insert(document.figures?.currency.code ?? "")
                for font in try PDFTest.fonts(pdf) { #expect(font.embedded, "\(document.number): \(font.name)") }
            }
        }
        let required = "USD EUR GBP CHF JPY CNY CAD AUD NZD SGD HKD SEK NOK DKK PLN CZK HUF RON BGN HRK UAH GEL AMD AZN KZT AED SAR ILS QAR KWD BHD OMR INR IDR PHP THB MYR VND BDT PKR KRW TWD BRL MXN ARS CLP COP PEN ZAR NGN KES GHS TRY"
        #expect(Set(required.split(separator: " ").map(String.init)).subtracting(currencies).isEmpty)
    }

    /// The names come back out of the PDF as text: shaped, embedded with their Unicode mapping.
    @Test func namesInEveryScriptAreExtractable() throws {
        let book = try PDFTest.book(at: Self.book)
        let renderer = try PDFRenderer(book: book)
        var all = ""
        for document in book.documents {
            all += try PDFTest.text(try PDFTest.render(document, with: renderer))
        }
        for name in ["Müller & Söhne Straßenbau GmbH", "Zakład Łódzki", "ТОВ «Київська Гончарня»", "Αθηναϊκή Ψηφιακή Ε.Π.Ε.",
                     "株式会社東京デザイン", "上海设计有限公司", "¥", "€", "₴", "zł"] {
            #expect(all.contains(name), "cannot find \(name)")
        }
    }

    @Test(arguments: [("INV-0021", "₴"), ("INV-0022", "₾"), ("INV-0033", "₹"), ("INV-0053", "₺"), ("INV-0050", "₦"), ("INV-0036", "฿")])
    func currencySignsJetBrainsMonoLacksComeFromTheFallbacks(number: String, sign: String) throws {
        let book = try PDFTest.book(at: Self.book)
        let document = try #require(book.document(number))
        let text = try PDFTest.text(try PDFTest.render(document, with: try PDFRenderer(book: book)))
        #expect(text.contains(sign), "\(number) (\(document.figures?.currency.code ?? "?")) shows no \(sign)")
    }

    @Test func aCharacterNoFontHasFailsWithItsNameAndPlace() throws {
        let invoice = """
            client: acme
            issued: 2026-03-12
            items:
              - description: Launch party 🎉 with cake
                price: 500
            """
        let book = TestBook(["invoices/INV-0001.yaml": invoice])
        defer { book.remove() }
        let checked = book.checkKeeping()
        let document = try #require(checked.book.document("INV-0001"))
        guard case .failure(let error) = try PDFRenderer(book: checked.book).render(document) else {
            Issue.record("a missing glyph must fail the document")
            return
        }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.code.name == "missing-glyph")
        #expect(diagnostic.message.contains("U+1F389"))
        #expect(diagnostic.message.contains("Launch party 🎉 with cake"))
        #expect(diagnostic.message.contains("INV-0001"))
        #expect(diagnostic.file == "invoices/INV-0001.yaml")
        #expect(diagnostic.range?.start == SourceLocation(line: 4, column: 31))
        #expect(PDFRenderer.rules.contains { $0.code.name == "missing-glyph" })
    }
}

/// The renderer's guards, which no book reaches through `build` or `pdf` (both render only a
/// book without errors): they are tested here, below the command line.
@Suite struct RendererGuardTests {
    @Test func aDocumentWithoutFiguresIsRefusedNotDrawnHalfEmpty() throws {
        // No currency anywhere: the document is read, but its figures cannot be computed.
        let book = TestBook(["invoices/INV-0001.yaml": "client: acme\nissued: 2026-03-12\nitems:\n  - { description: Design, price: 500 }\n"],
                            settings: "business: { name: Fixture Studio }\n")
        defer { book.remove() }
        let checked = book.checkKeeping()
        #expect(checked.diagnostics.map(\.code.name).contains("missing-currency"))
        let document = try #require(checked.book.document("INV-0001"))
        #expect(document.figures == nil)
        guard case .failure(let error) = try PDFRenderer(book: checked.book).render(document) else {
            Issue.record("a document without figures must not render")
            return
        }
        #expect(error.diagnostics.map(\.code.name) == ["unrenderable-document"])
        #expect(PDFRenderer.rules.contains { $0.code.name == "unrenderable-document" })
    }
}
