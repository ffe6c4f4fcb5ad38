import InvoicBook
import InvoicPDF
import InvoicTestSupport
import Testing

/// The text of `invoic mail` (issue 37, point 5): an overdue invoice's mail says it is overdue
/// instead of asking for a day already gone, and names the document as the language does.
@Suite struct MailTextTests {
    static let german = """
        business: { name: Studio Weiß, address: { city: Berlin, country: DE } }
        defaults: { currency: EUR, locale: de_DE, terms: 30, tax: 19% }
        """

    func text(_ settings: String, today: String, payments: String = "") throws -> (subject: String, body: String) {
        let book = TestBook(["invoices/INV-0001.yaml": invoice(issued: "2026-10-01", "sent: 2026-10-01\n") + payments], settings: settings)
        defer { book.remove() }
        let checked = book.checkKeeping()
        #expect(!checked.diagnostics.hasErrors, "\(checked.diagnostics.map(\.message))")
        let document = try #require(checked.book.document("INV-0001"))
        return try PDFRenderer(book: checked.book).mailText(for: document, today: try #require(Day(today)))
    }

    @Test func anOverdueInvoiceSaysItIsOverdueInGoodGerman() throws {
        // 2 × 100.00 + 19 % = 238.00, due 30 days after 1 October: 31 October.
        let overdue = try text(Self.german, today: "2026-11-27").body
        #expect(overdue.contains("anbei erhalten Sie die Rechnung INV-0001 vom"), "\(overdue)")
        #expect(overdue.contains("Sie war am") && overdue.contains("fällig; bitte zahlen Sie 238,00\u{A0}€ umgehend."), "\(overdue)")
        #expect(!overdue.contains("bitte zahlen Sie bis"), "no date already gone: \(overdue)")
        // Before the due date it asks to pay by it; part paid and overdue, for what is still open.
        let due = try text(Self.german, today: "2026-10-05").body
        #expect(due.contains("Bitte zahlen Sie bis zum"), "\(due)")
        let part = try text(Self.german, today: "2026-11-27", payments: "payments:\n  - { date: 2026-10-20, amount: 100.00, method: bank_transfer }\n").body
        #expect(part.contains("bitte zahlen Sie 138,00\u{A0}€ umgehend."), "\(part)")
    }

    @Test func everyLanguageNamesTheDocumentWithoutAPlaceholder() throws {
        for locale in ["en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "pt_PT", "pl_PL", "sv_SE", "da_DK", "nb_NO", "fi_FI", "cs_CZ", "ja_JP", "zh_CN"] {
            let settings = Self.german.replacingOccurrences(of: "locale: de_DE", with: "locale: \(locale)")
            let body = try text(settings, today: "2026-11-27").body
            #expect(body.contains("INV-0001") && !body.contains("{"), "\(locale): \(body)")
        }
    }
}
