import InvoicBook
import InvoicDiagnostics
import InvoicEInvoice
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
    /// (InvoicInbox's `ReceivedInvoice.dueByFigures`), third-party payments included.
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

    /// Every text the appendix prints, for the choice of fonts (a payee's name in Japanese).
    var texts: String {
        ([file, format] + parties.flatMap { [$0.name].compactMap { $0 } + $0.rows.map(\.value) } + references.map(\.value)
            + taxBreakdown.compactMap(\.exemption) + attachments + findings.map(\.message) + [paymentReference, paymentTerms, profileWithoutLines].compactMap { $0 })
            .joined(separator: "\n")
    }
}

extension PDFRenderer {
    /// The view of a supplier's e-invoice: its EN 16931 model (`model`, the supplier's figures as
    /// stated) on page one in the receiving book's look (its template, labels and paper; the
    /// built-in `invoi` without a book), then `appendix`. No logo: the document is not the book's.
    /// A character no font draws does not stop a view: it prints as a missing glyph, and
    /// `missing` names it.
    public static func render(_ model: InvoiceModel, locale: String, reading appendix: ReadingAppendix, in book: Book?) throws(TemplateError)
        -> (bytes: [UInt8], missing: [String]) {
        let page = ModelPage(model, locale: locale, file: appendix.file, book: book)
        // The fonts for every text printed: the model's, the appendix's, the book's labels and templates.
        let bookLabels = (book?.settings.labels.values.flatMap(\.values) ?? []).joined(separator: "\n")
        let (template, library, _) = try Self.template(root: book?.root ?? "", named: book?.settings.template) { sources in
            isCJK(locale: locale) || [page.texts, appendix.texts, bookLabels].contains(where: FontLibrary.needsCJK)
                || ownTemplates(sources).map(\.text).contains(where: FontLibrary.needsCJK)
        }
        let engine = TextEngine(library: library, findLinks: Composer.linksOf)
        let figures = page.figures
        engine.setLanguage(DocumentText(locale: locale, currency: figures.currency).languageTag.lowercased())
        let labels = Labels(template: template, locale: locale, book: book?.settings.labels ?? [:])
        var composer = Composer(template: template.forCJK(locale: locale), labels: labels, engine: engine, parties: page.parties,
                                document: page.document, figures: figures, logoSize: nil)
        composer.reading = appendix
        let pages = composer.pages()
        let title = composer.title + " " + model.number
        let metadata: [PDFMetadataField: String] = [
            .title: title, .author: model.seller.name, .subject: title + " – " + model.buyer.name,
            .keywords: [page.document.kind.rawValue, model.number, model.seller.name, figures.currency.code].joined(separator: ", "),
            .creator: "invoic view",
        ]
        let canvas = PDFCanvas(width: composer.pageWidth, height: composer.pageHeight, metadata: metadata, engine: engine)
        for page in pages { canvas.draw(page, logo: nil) }
        let bytes = canvas.finish(language: composer.text.languageTag, date: (model.issued.year, model.issued.month, model.issued.day), archive: nil) ?? []
        // A block laid out twice (the page tried with and without a spill) is named once.
        var seen: Set<String> = []
        let missing = composer.missing.map { text, characters in
            characters.map { "U+\(String($0.value, radix: 16, uppercase: true))" }.joined(separator: ", ") + " in “\(text)”"
        }.filter { seen.insert($0).inserted }
        return (bytes, missing)
    }
}

/// An EN 16931 model as the layout reads a page: the document's fields and the supplier's
/// figures as a priced document, the seller as the letterhead, the buyer as the client. Nothing
/// is computed over the figures: every amount printed is the model's.
struct ModelPage {
    let document: Document
    let figures: Figures
    let parties: Composer.Parties
    /// Every text of the model, for the choice of fonts (CJK among them).
    let texts: String

    static let here = SourceRange(line: 1, column: 1)

    init(_ model: InvoiceModel, locale: String, file: String, book: Book?) {
        let here = Self.here
        let currency = model.currency
        var payment = PaymentDetails()
        if let account = model.payeeAccount {
            payment.account = account.iban
            payment.bic = account.bic
            payment.beneficiary = account.name
        }
        // Only the EPC code, for a euro transfer: a Swiss QR-bill would need a reference invoic made.
        payment.qr = Located(currency.code == "EUR" ? .epc : PaymentCode.Choice.none, at: here)
        var settings = BookSettings(business: Self.contact(model.seller), payment: payment)
        // The reader's paper: the receiving book's, else the template's or the locale's usual one.
        settings.paper = book?.settings.paper
        settings.defaults.locale = Located(locale, at: here)
        var buyer = Client(id: "buyer", file: file, contact: Self.contact(model.buyer))
        buyer.iban = model.debitedAccount.map { Located($0, at: here) }

        var invoice = Document(kind: model.kind == .creditNote ? .creditNote : .invoice, number: model.number, file: file,
                               client: Located("buyer", at: here), issued: Located(model.issued, at: here))
        switch model.typeCode {
        case "386": invoice.type = Located(.prepayment, at: here)
        case "389": invoice.type = Located(.selfBilled, at: here)
        default: break
        }
        invoice.due = model.dueDate.map { Located($0, at: here) }
        invoice.currency = Located(currency, at: here)
        invoice.locale = Located(locale, at: here)
        invoice.delivered = model.deliveryDate.map { Located($0, at: here) }
        invoice.period = model.period.map { Located($0, at: here) }
        invoice.buyerReference = model.buyerReference.map { Located($0, at: here) }
        invoice.order = model.order.map { Located($0, at: here) }
        invoice.contract = model.contract.map { Located($0, at: here) }
        invoice.mandate = model.mandate.map { Located($0, at: here) }
        invoice.remittance = model.remittance
        invoice.notes = model.notes.isEmpty ? nil : model.notes.joined(separator: "\n")
        if let reason = model.taxGroups.lazy.compactMap({ $0.exemptionReason ?? $0.exemptionCode }).first {
            invoice.exemption = Located(Exemption(code: model.taxGroups.lazy.compactMap(\.exemptionCode).first, text: reason), at: here)
        }
        // The corrected invoice is named under the dates when its date is known (else the appendix names it).
        if let corrected = model.preceding, corrected.issued != nil { invoice.corrects = Located(corrected.number, at: here) }

        var lines: [PricedLine] = []
        for line in model.lines {
            let name = [line.name, line.description].compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { !$0.isEmpty }.joined(separator: "\n")
            var item = LineItem(description: name, price: line.price, range: here)
            item.quantity = Located(line.quantity, at: here)
            item.unit = UnitCode.symbol(line.unitCode)
            item.per = line.baseQuantity.flatMap { $0 == DecimalNumber(integer: 1) ? nil : Located($0, at: here) }
            item.listPrice = line.grossPrice.flatMap { $0 == line.price ? nil : Located($0, at: here) }
            item.itemID = line.sellerItemID
            item.note = line.note
            item.period = line.period.map { Located($0, at: here) }
            for adjustment in line.allowancesCharges {
                let written = LineAdjustment(reason: adjustment.reason, code: adjustment.code,
                                             amount: Located(Self.decimal(adjustment.amount, currency), at: here), range: here)
                if adjustment.isCharge { item.charges.append(written) } else { item.discounts.append(written) }
            }
            item.tax = Located(line.tax, at: here)
            invoice.items.append(item)
            lines.append(PricedLine(amount: line.net, tax: line.tax))
        }
        for adjustment in model.allowancesCharges {
            var written = LineAdjustment(reason: adjustment.reason, code: adjustment.code,
                                         amount: Located(Self.decimal(adjustment.amount, currency), at: here), range: here)
            written.tax = adjustment.tax.map { Located($0, at: here) }
            if adjustment.isCharge { invoice.charges.append(written) } else { invoice.allowances.append(written) }
        }

        let groups = model.taxGroups.map { TaxGroup(taxRate: $0.tax, net: $0.taxable, discount: 0, tax: $0.amount) }
        let breakdown = PriceBreakdown(subtotal: model.lineTotal, discount: 0, groups: groups, tax: model.taxTotal, total: model.taxInclusive,
                                       allowances: model.allowanceTotal, charges: model.chargeTotal)
        var figures = Figures(currency: currency, locale: locale, rounding: .halfAwayFromZero, dueDate: model.dueDate, lines: lines,
                              breakdown: breakdown, payments: [], paid: 0)
        figures.allowances = model.allowancesCharges.filter { !$0.isCharge }.map(\.amount)
        figures.charges = model.allowancesCharges.filter(\.isCharge).map(\.amount)
        figures.prepaid = model.prepaid
        figures.roundingAmount = model.rounding
        // The VAT in the tax currency is the supplier's figure (BT-111); no rate is printed, so none is given.
        if let other = model.taxCurrency {
            invoice.taxCurrency = Located(TaxCurrency(currency: other.currency, rate: DecimalNumber(integer: 1)), at: here)
            figures.taxInTaxCurrency = other.amount
        }
        figures.paymentMeans = model.paymentMeans
        invoice.figures = figures

        let document = invoice
        self.document = document
        self.figures = figures
        parties = Composer.Parties(settings: settings, client: buyer, correctedIssued: model.preceding?.issued,
                                   paymentCode: { PaymentCode.epc(settings: settings, document: document, amount: $0) }, swissBill: { _ in nil })

        func partyWords(_ party: InvoiceModel.Party) -> [String?] {
            [party.name, party.address?.street, party.address?.city, party.address?.region, party.contact?.name, party.contact?.email]
        }
        let lineWords = model.lines.flatMap { [$0.name, $0.description, $0.note] + $0.allowancesCharges.map(\.reason) }
        let otherWords: [String?] = model.notes + [model.paymentTerms, model.remittance, model.buyerReference, model.order, model.contract,
                                                   model.projectReference, model.payeeAccount?.name]
            + model.allowancesCharges.map(\.reason) + model.taxGroups.map(\.exemptionReason)
        texts = (partyWords(model.seller) + partyWords(model.buyer) + lineWords + otherWords).compactMap { $0 }.joined(separator: "\n")
    }

    static func contact(_ party: InvoiceModel.Party) -> Contact {
        var contact = Contact(name: party.name.isEmpty ? "–" : party.name, email: party.contact?.email, phone: party.contact?.phone,
                              address: party.address, taxID: party.vatID ?? party.taxNumber,
                              electronicAddress: party.endpoint.map { $0.scheme.isEmpty ? $0.id : $0.scheme + ":" + $0.id },
                              legalID: party.legalID.map { [$0.scheme, $0.id].compactMap { $0 }.joined(separator: ":") })
        contact.taxNumber = party.taxNumber
        return contact
    }

    static func decimal(_ minorUnits: Int64, _ currency: Currency) -> DecimalNumber {
        DecimalNumber(significand: Int128(minorUnits), scale: currency.exponent) ?? DecimalNumber(integer: 0)
    }
}
