import InvoicDiagnostics

/// A structured invoice format `build` writes beside an invoice or credit note (`einvoice:` in
/// invoic.yaml or a client's file, the client's winning), or `invoic export` writes on demand.
public enum EInvoiceFormat: String, Sendable, Hashable, CaseIterable, Comparable {
    /// UBL 2.1 Invoice or CreditNote, EN 16931.
    case ubl
    /// UN/CEFACT CII D16B CrossIndustryInvoice, EN 16931.
    case cii
    /// The invoice PDF as PDF/A-3b with the CII embedded (Factur-X / ZUGFeRD, profile EN 16931).
    case facturX = "factur-x"
    /// XRechnung 3.0 in UBL or CII: German public buyers.
    case xrechnung
    case xrechnungCII = "xrechnung-cii"
    /// Peppol BIS Billing 3.0 (UBL): Belgium, the Nordics, public buyers across Europe.
    case peppol
    /// Poland's FA(3), the structured invoice of KSeF 2.0 (docs/poland.md).
    case fa3
    /// FatturaPA 1.2 (FPR12) through Italy's SdI: every invoice of an Italian business.
    case fatturapa

    public var isXRechnung: Bool { self == .xrechnung || self == .xrechnungCII }

    /// The file beside the PDF: `<name>.<suffix>` (the PDF itself for Factur-X).
    public var fileSuffix: String { self == .facturX ? "pdf" : "\(rawValue).xml" }

    public static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
}

/// `einvoice_profile:`, the profile of EN 16931 the UBL, CII and Factur-X of a book follow.
/// `extended-ctc-fr` is France's EXTENDED-CTC-FR (AFNOR XP Z12-012): BT-24 names it (Factur-X:
/// profile EXTENDED), and the lines carry the terms EN 16931 keeps to the breakdown (docs/france.md).
public enum EInvoiceConformance: String, Sendable, Hashable, CaseIterable {
    case en16931
    case extendedCTCFR = "extended-ctc-fr"
}

/// A party's contact point (EN 16931 BG-6, BG-9): `contact: {name, phone, email}`.
public struct ContactPoint: Sendable, Hashable {
    public var name: String?
    public var phone: String?
    public var email: String?

    public init(name: String? = nil, phone: String? = nil, email: String? = nil) {
        self.name = name
        self.phone = phone
        self.email = email
    }
}

extension Book {
    /// The formats `build` writes for `document`: its client's `einvoice:`, else the book's; none
    /// for an estimate.
    public func einvoiceFormats(for document: Document) -> [EInvoiceFormat] {
        guard document.kind.isBilling else { return [] }
        return (clients[document.client.value]?.einvoice ?? settings.einvoice)?.value ?? []
    }

    /// Where the formats of `document` were chosen: the client's file or invoic.yaml.
    public func einvoiceSetting(for document: Document) -> (file: String, range: SourceRange)? {
        if let client = clients[document.client.value], let setting = client.einvoice { return (client.file, setting.range) }
        return settings.einvoice.map { (BookSettings.fileName, $0.range) }
    }
}
