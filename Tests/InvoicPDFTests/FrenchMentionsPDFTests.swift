import Foundation
import InvoicBook
import InvoicPDF
import Testing

/// The mentions French law asks on an invoice between businesses (Code de commerce L441-9,
/// L441-10, D441-5; CGI 269-2-c), the ones a French e-invoice carries as the notes PMT, PMD and
/// AAB (docs/france.md), printed on the PDF too, with the SIREN and SIRET of both parties.
@Suite struct FrenchMentionsPDFTests {
    /// The page's text with every space and line break taken out, so a wrapped note still reads whole.
    func text(_ book: Book, _ number: String) throws -> String {
        let document = try #require(book.invoice(number))
        let pdf = try PDFTest.render(document, with: PDFRenderer(book: book))
        return try PDFTest.squeezedText(pdf).replacingOccurrences(of: "\n", with: "")
    }

    @Test func aFrenchInvoicePrintsThePenaltiesTheFeeTheDiscountAndBothSirens() throws {
        let page = try text(PDFTest.example("conseil"), "F2026-001")
        // The law's wording, written out here by hand (not read from the labels).
        for mention in ["Indemnitéforfaitairepourfraisderecouvrementencasderetarddepaiement:40€(art.L441-10etD441-5duCodedecommerce).",
                        "Pénalitésderetard:tauxderefinancementdelaBCEmajoréde10points(art.L441-10duCodedecommerce).",
                        "Pasd’escomptepourpaiementanticipé.",
                        "Optionpourlepaiementdelataxed’aprèslesdébits."] {
            #expect(page.contains(mention), "missing: \(mention)\n\(page)")
        }
        // The seller's SIREN and SIRET (invoic.yaml), the client's SIREN (clients/rhone-logistique.yaml).
        #expect(page.contains("SIREN732829320"), "\(page)")
        #expect(page.contains("SIRET73282932000074"), "\(page)")
        #expect(page.contains("SIREN123456782"), "\(page)")
    }

    /// examples/micro: a micro-entrepreneur in franchise en base prints CGI art. 293 B's wording and
    /// the L441 mentions, and no option for VAT on debits (she charges none); examples/conseil
    /// prints its days in French.
    @Test func theMicroEntrepreneurPrintsTheFranchiseWording() throws {
        let page = try text(PDFTest.example("micro"), "CM-2027-001")
        for mention in ["TVAnonapplicable,art.293BduCGI", "Pénalitésderetard:", "Pasd’escomptepourpaiementanticipé.", "SIREN443061841", "SIREN552100554"] {
            #expect(page.contains(mention), "missing: \(mention)\n\(page)")
        }
        #expect(!page.contains("débits"), "\(page)")
        #expect(try text(PDFTest.example("conseil"), "F2026-001").contains("6jours850,00€5100,00€"))
    }

    @Test func aBookOutsideFranceDoesNotPrintTheFrenchMentions() throws {
        let book = try PDFTest.example("studio")
        let number = try #require(book.documents.first { $0.kind == .invoice }?.number)
        let page = try text(book, number)
        #expect(!page.contains("SIREN") && !page.contains("L441-10"), "\(page)")
    }
}
