import Foundation
import InvoicBook
import InvoicPDF
import InvoicTestSupport
import Testing

/// Issue 45, point 1: the withholding on the page, after VAT, in the document's language:
/// 1,000.00 + IVA 21 % 210.00 = 1,210.00; "Retención IRPF 15 %" -150.00; due 1,060.00.
@Suite struct WithholdingPDFTests {
    func text(locale: String) throws -> String {
        let settings = """
            business: { name: Ana García, tax_id: ES12345678Z }
            defaults: { currency: EUR, locale: \(locale), tax: 21%, terms: 30, withholding: [{ kind: IRPF, rate: 15% }] }
            """
        let book = TestBook(["invoices/INV-0001.yaml": invoice(items: "  - { description: Consultoría, price: 1000.00 }\n")], settings: settings)
        defer { book.remove() }
        let checked = book.checkKeeping()
        #expect(checked.diagnostics.filter { $0.severity == .error }.isEmpty, "\(checked.diagnostics)")
        return try PDFTest.text(try PDFTest.render(try #require(checked.book.document("INV-0001")), with: try PDFRenderer(book: checked.book)))
    }

    /// The rows in order: total, the withholding, the amount due, each on its line with its figure.
    @Test func aSpanishInvoiceShowsTheRetencionAfterTheTotalAndAsksForTheRest() throws {
        let lines = try text(locale: "es_ES").split(separator: "\n").map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let total = try #require(lines.firstIndex { $0.hasPrefix("Total") && $0.contains("1210,00") }, "\(lines)")
        let withheld = try #require(lines.firstIndex { $0.contains("Retención IRPF 15 %") && $0.contains("-150,00") }, "\(lines)")
        let due = try #require(lines.firstIndex { $0.contains("1060,00") }, "\(lines)")
        #expect(total < withheld && withheld < due)
    }

    @Test func everyLanguageHasItsWordForIt() throws {
        let english = try text(locale: "en_US")
        #expect(english.contains("Withholding IRPF 15%"), "\(english)")
        let italian = try text(locale: "it_IT")
        #expect(italian.contains("Ritenuta IRPF 15"), "\(italian)")
    }
}
