import InvoicBook

/// What one output format declares: its syntax and the identifiers a receiver routes by.
public struct EInvoiceProfile: Sendable {
    public enum Syntax: Sendable { case ubl, cii, fatturapa }

    public let syntax: Syntax
    /// BT-24, the specification identifier.
    public let customizationID: String
    /// BT-23, the business process (Peppol).
    public let profileID: String?

    static let en16931 = "urn:cen.eu:en16931:2017"
    static let xrechnung = "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0"
    static let peppol = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0"

    public init(_ format: EInvoiceFormat) {
        switch format {
        case .ubl: self.init(syntax: .ubl, customizationID: Self.en16931, profileID: nil)
        case .cii, .facturX: self.init(syntax: .cii, customizationID: Self.en16931, profileID: nil)
        case .xrechnung: self.init(syntax: .ubl, customizationID: Self.xrechnung, profileID: "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0")
        case .xrechnungCII: self.init(syntax: .cii, customizationID: Self.xrechnung, profileID: "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0")
        case .peppol: self.init(syntax: .ubl, customizationID: Self.peppol, profileID: "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0")
        // FatturaPA is no EN 16931 syntax: it names its version (FPR12) on its root.
        case .fatturapa: self.init(syntax: .fatturapa, customizationID: "FPR12", profileID: nil)
        }
    }

    init(syntax: Syntax, customizationID: String, profileID: String?) {
        self.syntax = syntax
        self.customizationID = customizationID
        self.profileID = profileID
    }
}

/// Writes a checked document as an e-invoice.
public enum EInvoiceWriter {
    /// The XML of `document` in `format` (for Factur-X, the CII it embeds); nil when the document
    /// has no figures or is an estimate.
    public static func xml(_ document: Document, in book: Book, format: EInvoiceFormat) -> String? {
        let profile = EInvoiceProfile(format)
        if profile.syntax == .fatturapa { return FatturaPAWriter.document(document, in: book)?.document() }
        guard let model = InvoiceModel(book: book, document: document) else { return nil }
        switch profile.syntax {
        case .fatturapa: return nil
        case .ubl: return UBLWriter.document(model, profile: profile).document()
        case .cii: return CIIWriter.document(model, profile: profile).document()
        }
    }
}
