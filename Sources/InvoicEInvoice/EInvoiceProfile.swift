import InvoicBook

/// What one output format declares: its syntax and the identifiers a receiver routes by.
public struct EInvoiceProfile: Sendable {
    public enum Syntax: Sendable { case ubl, cii, fa3, fatturapa }

    public let syntax: Syntax
    /// BT-24, the specification identifier.
    public let customizationID: String
    /// BT-23, the business process (Peppol).
    public let profileID: String?
    /// France's EXTENDED-CTC-FR (or, in a Factur-X, the EXTENDED profile it builds on): the lines
    /// state their VAT exemption reason too (BT-X-591/592), which EN 16931 keeps to the breakdown.
    public let isExtended: Bool

    static let en16931 = "urn:cen.eu:en16931:2017"
    static let xrechnung = "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0"
    static let peppol = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0"
    /// AFNOR XP Z12-012's identifier of EXTENDED-CTC-FR, for UBL and CII; a Factur-X names the
    /// EXTENDED profile of Factur-X 1.0 instead, whose XSD and XMP level (EXTENDED) it follows.
    static let extendedCTCFR = "urn:cen.eu:en16931:2017#conformant#urn.cpro.gouv.fr:1p0:extended-ctc-fr"
    static let facturXExtended = "urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended"

    /// The profile of `format` as `book` asks for it (`einvoice_profile:`): EXTENDED-CTC-FR
    /// concerns the UBL, CII and Factur-X; the other formats have one profile each.
    public init(_ format: EInvoiceFormat, in book: Book) {
        guard book.settings.einvoiceProfile?.value == .extendedCTCFR else { self.init(format); return }
        switch format {
        case .ubl: self.init(syntax: .ubl, customizationID: Self.extendedCTCFR, profileID: nil, isExtended: true)
        case .cii: self.init(syntax: .cii, customizationID: Self.extendedCTCFR, profileID: nil, isExtended: true)
        case .facturX: self.init(syntax: .cii, customizationID: Self.facturXExtended, profileID: nil, isExtended: true)
        case .xrechnung, .xrechnungCII, .peppol, .fa3, .fatturapa: self.init(format)
        }
    }

    public init(_ format: EInvoiceFormat) {
        switch format {
        case .ubl: self.init(syntax: .ubl, customizationID: Self.en16931, profileID: nil)
        case .cii, .facturX: self.init(syntax: .cii, customizationID: Self.en16931, profileID: nil)
        case .xrechnung: self.init(syntax: .ubl, customizationID: Self.xrechnung, profileID: "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0")
        case .xrechnungCII: self.init(syntax: .cii, customizationID: Self.xrechnung, profileID: "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0")
        case .peppol: self.init(syntax: .ubl, customizationID: Self.peppol, profileID: "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0")
        case .fa3: self.init(syntax: .fa3, customizationID: "FA (3)", profileID: nil)
        // FatturaPA is no EN 16931 syntax: it names its version (FPR12) on its root.
        case .fatturapa: self.init(syntax: .fatturapa, customizationID: "FPR12", profileID: nil)
        }
    }

    init(syntax: Syntax, customizationID: String, profileID: String?, isExtended: Bool = false) {
        self.syntax = syntax
        self.customizationID = customizationID
        self.profileID = profileID
        self.isExtended = isExtended
    }
}

/// Writes a checked document as an e-invoice.
public enum EInvoiceWriter {
    /// The XML of `document` in `format` (for Factur-X, the CII it embeds); nil when the document
    /// has no figures or is an estimate.
    public static func xml(_ document: Document, in book: Book, format: EInvoiceFormat) -> String? {
        guard let model = InvoiceModel(book: book, document: document) else { return nil }
        // FA(3) and FatturaPA state what EN 16931 has no term for (Poland's annotations and the
        // corrected invoice's KSeF number; Italy's regime, stamp duty, pension fund), so they read
        // the book's document beside the model.
        switch EInvoiceProfile(format).syntax {
        case .fa3: return FA3Writer.document(model, book: book, document: document).document()
        case .fatturapa: return FatturaPAWriter.document(document, in: book)?.document()
        case .ubl, .cii: return xml(model, profile: EInvoiceProfile(format, in: book))
        }
    }

    /// The XML of a model in `format`, whichever way it came: from the book's document, or from a
    /// received one (InvoicInbox's `InvoiceModel(received:)`); nil for FA(3) and FatturaPA, which
    /// need the book's document.
    public static func xml(_ model: InvoiceModel, format: EInvoiceFormat) -> String? {
        xml(model, profile: EInvoiceProfile(format))
    }

    static func xml(_ model: InvoiceModel, profile: EInvoiceProfile) -> String? {
        switch profile.syntax {
        case .ubl: return UBLWriter.document(model, profile: profile).document()
        case .cii: return CIIWriter.document(model, profile: profile).document()
        case .fa3, .fatturapa: return nil
        }
    }
}

extension InvoiceModel {
    /// The VAT breakdown group `line` falls in, whose exemption reason an EXTENDED line repeats.
    func exemption(of line: Line) -> TaxGroup? {
        taxGroups.first { $0.tax == line.tax && ($0.exemptionReason != nil || $0.exemptionCode != nil) }
    }
}
