import Foundation
import InvoicBook
@testable import InvoicPDF
import InvoicDiagnostics
import InvoicTestSupport
import Testing

/// The words around the figures: each document kind its own, in the document's language, and
/// the book's own words where invoic.yaml gives them.
@Suite struct LabelTests {
    func text(locale: String, _ files: [String: String], number: String, extraSettings: String = "") throws -> String {
        let settings = TestBook.settings.replacingOccurrences(of: "locale: en_US", with: "locale: \(locale)") + extraSettings
        let book = TestBook(files, settings: settings)
        defer { book.remove() }
        let checked = book.checkKeeping()
        return try PDFTest.text(try PDFTest.render(try #require(checked.book.document(number)), with: try PDFRenderer(book: checked.book)))
    }

    static let estimate = "client: acme\nissued: 2026-03-12\nitems:\n  - { description: Work, price: 100 }\n"

    @Test(arguments: [("en_US", ["PREPARED FOR", "Estimate date", "VALID UNTIL"], ["BILL TO", "ISSUE DATE"]),
                      ("de_DE", ["ANGEBOT FÜR", "ANGEBOTSDATUM", "GÜLTIG BIS"], ["RECHNUNG AN", "RECHNUNGSDATUM"])])
    func estimatesPrintEstimateLabels(_ locale: String, _ present: [String], _ absent: [String]) throws {
        let text = try text(locale: locale, ["estimates/EST-0001.yaml": Self.estimate], number: "EST-0001").uppercased()
        for label in present { #expect(text.contains(label.uppercased()), "\(locale): \(label) in \(text)") }
        for label in absent { #expect(!text.contains(label), "\(locale): \(label) in \(text)") }
    }

    /// ja_JP used to print English labels around Japanese dates.
    @Test func aJapaneseInvoiceHasNoEnglishLabels() throws {
        let text = try text(locale: "ja_JP", ["invoices/INV-0001.yaml": invoice()], number: "INV-0001")
        for japanese in ["請求書", "請求先", "請求日", "品目", "数量", "単価", "金額", "小計", "合計"] {
            #expect(text.contains(japanese), "\(japanese) in \(text)")
        }
        for english in ["Invoice", "INVOICE", "Bill to", "BILL TO", "Subtotal", "Total", "Qty", "QTY"] {
            #expect(!text.contains(english), "\(english) in \(text)")
        }
    }

    @Test func invoicYamlLabelsOverrideTheTemplatesForOneBook() throws {
        let text = try text(locale: "de_DE", ["invoices/INV-0001.yaml": invoice()], number: "INV-0001",
                            extraSettings: "\nlabels:\n  de: {bill_to: Kunde, total: Summe brutto}\n")
        #expect(text.contains("KUNDE"), "\(text)")
        #expect(text.contains("Summe brutto"), "\(text)")
        #expect(!text.contains("RECHNUNG AN"))
    }

    @Test func aLabelKeyOrLanguageThatDoesNotExistIsReportedWhereItIsWritten() {
        let book = TestBook(["invoices/INV-0001.yaml": invoice()],
                            settings: TestBook.settings + "\nlabels:\n  de: {bil_to: Kunde}\n  German: {total: Summe}\n")
        let diagnostics = book.check().diagnostics
        #expect(diagnostics.map { "\($0.file ?? "-"):\($0.range?.start.line ?? 0):\($0.range?.start.column ?? 0) \($0.code)" }
            == ["invoic.yaml:4:8 unknown-key", "invoic.yaml:5:3 unknown-key"])
        let messages = diagnostics.map { "\($0.message) | \($0.help ?? "")" }
        #expect(messages.contains { $0.contains("did you mean `bill_to`?") }, "\(messages)")
    }
}

extension LabelTests {
    /// docs/labels.md is the table a user overrides from: it names every key and language.
    @Test func theLabelsDocumentListsEveryKeyAndLanguage() throws {
        let page = try String(contentsOf: PDFTest.repository.appendingPathComponent("docs/labels.md"), encoding: .utf8)
        for key in LabelKeys.all { #expect(page.contains("| `\(key)` |"), "docs/labels.md lacks \(key): run scripts/labels-table.py") }
        for language in ["en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv", "da", "nb", "fi", "cs", "ja", "zh"] {
            #expect(page.contains("(`\(language)`"), "docs/labels.md does not name \(language)")
        }
    }
}

extension LabelTests {
    /// The built-in template carries Japanese and Chinese labels; a Latin-script book must not
    /// load (or embed) the CJK fonts for them, nor lay out every document to check their glyphs.
    @Test func builtInCJKLabelsDoNotCostALatinBookItsFonts() throws {
        let book = TestBook(["invoices/INV-0001.yaml": invoice()])
        defer { book.remove() }
        let checked = book.checkKeeping()
        // The file as written, labels and all.
        let text = try String(contentsOf: PDFTest.repository.appendingPathComponent("templates/invoi.yaml"), encoding: .utf8)
        let builtIn = SourceFile(path: BuiltInTemplates.displayPath("invoi"), text: text)
        #expect(!PDFRenderer.needsCJK(checked.book, templates: [builtIn]))
        let renderer = try PDFRenderer(book: checked.book)
        #expect(renderer.missingGlyphs().isEmpty)
        let pdf = try PDFTest.render(try #require(checked.book.document("INV-0001")), with: renderer)
        let fonts = try PDFTest.fonts(pdf).map(\.name)
        #expect(!fonts.contains { $0.contains("CJK") }, "\(fonts)")
    }
}
