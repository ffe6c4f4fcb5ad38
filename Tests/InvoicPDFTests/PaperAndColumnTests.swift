import Foundation
import InvoicBook
import InvoicPDF
import InvoicTestSupport
import Testing

/// The sheet a PDF is laid out on, and a quantity column that fits its quantities.
@Suite struct PaperAndColumnTests {
    func pdf(settings: String = TestBook.settings, invoice text: String = invoice()) throws -> [UInt8] {
        let book = TestBook(["invoices/INV-0001.yaml": text], settings: settings)
        defer { book.remove() }
        let checked = book.checkKeeping()
        return try PDFTest.render(try #require(checked.book.document("INV-0001")), with: try PDFRenderer(book: checked.book))
    }

    @Test func theUsualPaperOfALocale() {
        #expect(PaperSize.usual(forLocale: "en_US") == .letter)
        #expect(PaperSize.usual(forLocale: "fr_CA") == .letter)
        #expect(PaperSize.usual(forLocale: "es-MX") == .letter)
        #expect(PaperSize.usual(forLocale: "en_GB") == .a4)
        #expect(PaperSize.usual(forLocale: "de_DE") == .a4)
        #expect(PaperSize.usual(forLocale: "zh_Hans_CN") == .a4)
        #expect(PaperSize.usual(forLocale: "en") == .a4)
    }

    @Test func americanAndCanadianDocumentsGetLetterAndPaperOverridesIt() throws {
        #expect(try PDFTest.info(try pdf())["Page size"]?.contains("612 x 792") == true, "en_US is Letter")
        let canadian = TestBook.settings.replacingOccurrences(of: "en_US", with: "en_CA")
        #expect(try PDFTest.info(try pdf(settings: canadian))["Page size"]?.contains("612 x 792") == true, "en_CA is Letter")
        let german = TestBook.settings.replacingOccurrences(of: "en_US", with: "de_DE")
        #expect(try PDFTest.info(try pdf(settings: german))["Page size"]?.contains("(A4)") == true)
        #expect(try PDFTest.info(try pdf(settings: TestBook.settings + "\npaper: A4"))["Page size"]?.contains("(A4)") == true)
        #expect(try PDFTest.info(try pdf(settings: german + "\npaper: Letter"))["Page size"]?.contains("612 x 792") == true)
    }

    @Test func anUnknownPaperIsReportedWhereItIsWritten() {
        let book = TestBook(["invoices/INV-0001.yaml": invoice()], settings: TestBook.settings + "\npaper: A5")
        defer { book.remove() }
        #expect(book.findings() == ["invoic.yaml:3:8 wrong-type"])
    }

    /// `62,5 Std.` on one line, not two: the column widens to its widest quantity.
    @Test func aQuantityWithItsUnitStaysOnOneLine() throws {
        let german = TestBook.settings.replacingOccurrences(of: "en_US", with: "de_DE")
        let items = """
              - { description: Entwurf und Reinzeichnung der Verpackungsserie, quantity: 62.5, unit: Std., price: 92.50 }
              - { description: Korrekturschleife, quantity: 1.25, unit: Stunden, price: 92.50 }

            """
        let text = try PDFTest.text(try pdf(settings: german, invoice: invoice(items: items)))
        #expect(text.contains("62,5 Std."), "\(text)")
        #expect(text.contains("1,25 Stunden"), "\(text)")
    }
}
