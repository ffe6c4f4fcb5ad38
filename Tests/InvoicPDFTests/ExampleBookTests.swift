import Foundation
import InvoicTestSupport
import InvoicBook
import InvoicPDF
import Testing

/// Every document of the example books: its text as `pdftotext -layout` reads it back (golden,
/// re-recorded with RECORD=1), its page count, every font embedded, and a file qpdf finds valid.
@Suite struct ExampleBookTests {
    @Test(arguments: PDFTest.exampleBooks)
    func everyDocumentMatchesItsGoldenText(_ name: String) throws {
        let book = try PDFTest.example(name)
        let renderer = try PDFRenderer(book: book)
        var pages: [String] = []
        for document in book.documents.sorted(by: { $0.number < $1.number }) {
            let pdf = try PDFTest.render(document, with: renderer)
            let golden = PDFTest.fixtures.appendingPathComponent("pdf/\(name)/\(document.number).txt")
            try expectGolden(try PDFTest.text(pdf), at: golden)
            pages.append("\(document.number) \(try PDFTest.pageCount(pdf))")
        }
        try expectGolden(pages.joined(separator: "\n") + "\n", at: PDFTest.fixtures.appendingPathComponent("pdf/\(name)/pages.txt"))
    }

    @Test(arguments: PDFTest.exampleBooks)
    func everyFontIsEmbeddedAndTheFileIsValid(_ name: String) throws {
        let book = try PDFTest.example(name)
        let renderer = try PDFRenderer(book: book)
        for document in book.documents {
            let pdf = try PDFTest.render(document, with: renderer)
            let fonts = try PDFTest.fonts(pdf)
            #expect(!fonts.isEmpty)
            for font in fonts { #expect(font.embedded, "\(document.number): \(font.name) is not embedded") }
            let check = try PDFTest.qpdfCheck(pdf)
            #expect(check.status == 0, "\(document.number): qpdf --check: \(check.stdout) \(check.stderr)")
        }
    }

    @Test func theStudioBookUsesTheInvoiDesignAndTheContractorTheClassicOne() throws {
        #expect(try PDFRenderer(book: PDFTest.example("studio")).templateName == "invoi")
        #expect(try PDFRenderer(book: PDFTest.example("contractor")).templateName == "classic")
    }

    /// The design's texts, in the document's language: labels, money and dates as its locale writes them.
    @Test func aGermanInvoiceSpeaksGerman() throws {
        let book = try PDFTest.example("studio")
        let document = try #require(book.document("INV-2026-002"))
        let pdf = try PDFTest.render(document, with: try PDFRenderer(book: book))
        let text = try PDFTest.text(pdf)
        for expected in ["RECHNUNG", "RECHNUNG AN", "RECHNUNGSDATUM", "16. Feb. 2026", "6.377,26 €", "USt. 20 %",
                         "Aus Angebot EST-2026-001", "LEISTUNGSDATUM", "Kaffeerösterei Aumüller GmbH"] {
            #expect(text.contains(expected), "missing \(expected)")
        }
        let squeezed = try PDFTest.squeezedText(pdf)
        #expect(!squeezed.contains("BEZAHLT"), "the invoice as issued: paid later, it has no stamp")
        let copy = try PDFTest.render(document, with: try PDFRenderer(book: book), copy: DocumentCopy(of: document, in: book, on: Day("2026-11-21")!))
        let copySqueezed = try PDFTest.squeezedText(copy), copyText = try PDFTest.text(copy)
        #expect(copySqueezed.contains("BEZAHLT"), "a copy shows the PAID stamp in German")
        #expect(copyText.contains("Kopie vom 21. Nov. 2026"), "and says it is a copy of its day")
    }

    @Test func anEnglishInvoiceShowsTheInvoiDesignTexts() throws {
        let book = try PDFTest.example("studio")
        let document = try #require(book.document("INV-2026-003"))
        let text = try PDFTest.text(try PDFTest.render(document, with: try PDFRenderer(book: book)))
        for expected in ["INVOICE", "INV-2026-003", "BILL TO", "ISSUE DATE", "DUE DATE", "DESCRIPTION", "QTY", "RATE", "AMOUNT",
                         "Subtotal", "Total", "PAYMENT DETAILS", "SWIFT/BIC", "6 Mar 2026", "€3,887.40",
                         "3.5 day", "VAT no. ATU68231451"] {
            #expect(text.contains(expected), "missing \(expected)")
        }
        // Paid after it was issued: the invoice as sent has no PAID stamp and no payment rows.
        let squeezed = try PDFTest.squeezedText(try PDFTest.render(document, with: try PDFRenderer(book: book)))
        #expect(!text.contains("Amount due") && !squeezed.contains("PAID"))
        #expect(!text.contains("VAT 0%"), "a 0% rate has no tax line")
    }

    @Test func estimatesAndVoidInvoicesSayWhatTheyAre() throws {
        let contractor = try PDFTest.example("contractor")
        let renderer = try PDFRenderer(book: contractor)
        let estimate = try PDFTest.text(try PDFTest.render(try #require(contractor.estimates.first), with: renderer))
        #expect(estimate.contains("ESTIMATE"))
        #expect(estimate.contains("Valid until"))
        #expect(!estimate.contains("PAYMENT DETAILS"))
        let void = try #require(contractor.invoices.first { $0.void != nil })
        let voidPDF = try PDFTest.render(void, with: renderer)
        // The invoice as issued does not change when it is voided; a copy of today says VOID.
        let squeezedVoid = try PDFTest.squeezedText(voidPDF)
        #expect(!squeezedVoid.contains("VOID"))
        let copyPDF = try PDFTest.render(void, with: renderer, copy: DocumentCopy(of: void, in: contractor, on: Day("2026-11-21")!))
        let copySqueezed = try PDFTest.squeezedText(copyPDF), copyText = try PDFTest.text(copyPDF)
        #expect(copySqueezed.contains("VOID"))
        #expect(!copyText.contains("PAYMENT DETAILS"), "a copy of a void invoice asks for no payment")
    }

    @Test func pdfInvoiceNeverSaysOverdue() throws {
        for name in PDFTest.exampleBooks {
            let book = try PDFTest.example(name)
            let renderer = try PDFRenderer(book: book)
            for document in book.documents {
                let text = try PDFTest.text(try PDFTest.render(document, with: renderer))
                #expect(!text.lowercased().contains("overdue"))
            }
        }
    }
}
