import InvoicBook
import InvoicMoney

/// What the view of a supplier's e-invoice prints beyond an invoice of invoic's own (issue 29):
/// page one is the invoice in invoic's look with the supplier's figures; after it, the facts an
/// invoice of the book has no place for, then the EN 16931 rule findings on a page of their own.
/// Every text is the document's; the renderer supplies the words, in the reader's language.
public struct ReadingAppendix: Sendable {
    /// The file read, printed with the note that the XML, not this view, is the invoice.
    public var file: String
    /// `Format`: the syntax, the profile and the specification identifier (BT-24), the type code (BT-3).
    public var format: String
    /// The parties' identifiers that invoic's invoice does not print: legal id, electronic address,
    /// tax number; each under the party's heading (`from`, `bill_to`, `beneficiary`), with its
    /// name when page one does not print it (the payee's).
    public var parties: [(heading: Heading, name: String?, rows: [(label: Label, value: String)])] = []
    /// BT-11, and an invoice corrected when its date is not known (BG-3).
    public var references: [(label: Label, value: String)] = []
    /// BG-23 as the supplier wrote it, in minor units of the document's currency.
    /// `code` is the category as written (UNCL 5305), shown beside its words.
    public var taxBreakdown: [(rate: TaxRate, code: String, taxable: Int64, tax: Int64, exemption: String?)] = []
    /// BG-24: each attachment in words (id, description, file name, size or address).
    public var attachments: [String] = []
    /// The EN 16931 rules the document breaks: rule id and what is wrong.
    public var findings: [(rule: String, message: String)] = []
    /// BT-115 as stated, when it is not what the document's own total, prepaid amount and rounding
    /// give (BR-CO-16): page one then says so, and carries no payment code.
    public var statedDue: Int64?
    /// Payments collected for third parties (XRechnung's extension, BT-DEX-002): part of the
    /// amount due, printed above it.
    public var thirdPartyPaid: Int64?
    /// What the view asks to be paid: the amount due the supplier's own figures give
    /// (`ReceivedDocument.Totals.dueByFigures`), third-party payments included.
    public var amountDue: Int64?
    /// BT-83 and BT-20, printed with the payment details.
    public var paymentReference: String?
    public var paymentTerms: String?
    /// No lines (Factur-X MINIMUM, BASIC WL): the profile, said where the table would be.
    public var profileWithoutLines: String?

    public enum Heading: String, Sendable { case seller = "from", buyer = "bill_to", payee = "beneficiary" }
    public enum Label: String, Sendable {
        case legalID = "view_legal_id", electronicAddress = "view_electronic_address", taxNumber = "view_tax_number", taxID = "tax_id"
        case account, projectReference = "view_project_reference", corrects = "view_corrects"
    }

    public init(file: String, format: String) {
        self.file = file
        self.format = format
    }
}

extension PDFRenderer {
    /// The view of a supplier's e-invoice: `document` (made from it, with its figures as the
    /// supplier stated them) in the template's look, then `appendix`. A character no font draws
    /// does not stop a view: it prints as a missing glyph, and `missing` names it.
    public func render(_ document: Document, reading appendix: ReadingAppendix) -> (bytes: [UInt8], missing: [String]) {
        guard let figures = document.figures else { return ([], ["the document has no figures"]) }
        engine.setLanguage(DocumentText(locale: figures.locale, currency: figures.currency).languageTag.lowercased())
        let (template, labels) = localized(figures.locale)
        var composer = Composer(template: template, labels: labels, engine: engine, book: book, document: document,
                                figures: figures, logoSize: nil)
        composer.reading = appendix
        let pages = composer.pages()
        let title = composer.title + " " + document.number
        let metadata: [PDFMetadataField: String] = [
            .title: title, .author: book.settings.business.name, .subject: title + " – " + composer.clientContact.name,
            .keywords: [document.kind.rawValue, document.number, book.settings.business.name, figures.currency.code].joined(separator: ", "),
            .creator: "invoic view",
        ]
        let canvas = PDFCanvas(width: composer.pageWidth, height: composer.pageHeight, metadata: metadata, engine: engine)
        for page in pages { canvas.draw(page, logo: nil) }
        let issued = document.issued.value
        let bytes = canvas.finish(language: composer.text.languageTag, date: (issued.year, issued.month, issued.day), archive: nil) ?? []
        // A block laid out twice (the page tried with and without a spill) is named once.
        var seen: Set<String> = []
        let missing = composer.missing.map { text, characters in
            characters.map { "U+\(String($0.value, radix: 16, uppercase: true))" }.joined(separator: ", ") + " in “\(text)”"
        }.filter { seen.insert($0).inserted }
        return (bytes, missing)
    }
}
