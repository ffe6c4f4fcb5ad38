import InvoicDiagnostics
import InvoicMoney

/// `fatturapa:` in invoic.yaml: what an Italian business's FatturaPA (FPR12) says about it beyond
/// its contact, and how it deals with the stamp duty (docs/italy.md).
public struct FatturaPASettings: Sendable {
    /// `regime:`, the RegimeFiscale (RF01 ordinario, RF19 forfettario, ...).
    public var regime: Located<String>?
    /// `transmitter:`, the fiscal code of whoever sends the file to the SdI (IdTrasmittente,
    /// and the file name's `IT<code>_`): the business's partita IVA when unset.
    public var transmitter: Located<String>?
    /// `bollo: client`: the 2.00 EUR stamp duty is charged to the client, as a line of the invoice
    /// (a charge with `code: N1`); `self` (the default): the business bears it.
    public var bollo: Located<Bollo>?
    public var range: SourceRange?

    public enum Bollo: String, Sendable, CaseIterable { case client, `self` }

    public init() {}

    /// RegimeFiscale codes of FatturaPA 1.2.x (RF01..RF19; RF20 for the cross-border franchise
    /// arrived with 1.2.3's later revision and is accepted too).
    public static let regimes = ["RF01", "RF02", "RF04", "RF05", "RF06", "RF07", "RF08", "RF09", "RF10", "RF11", "RF12", "RF13",
                                 "RF14", "RF15", "RF16", "RF17", "RF18", "RF19", "RF20"]
}

/// `fatturapa:` in a client's file: where the SdI delivers (CodiceDestinatario, PECDestinatario).
public struct FatturaPAClient: Sendable {
    /// `recipient:`, the 7-character code the client registered with the SdI, `0000000` when it
    /// has none (then the PEC, or its cassetto fiscale).
    public var recipient: Located<String>?
    /// `pec:`, the client's certified e-mail address, when it receives there.
    public var pec: Located<String>?

    public init() {}
}

/// The Natura of a line or a group that charges no VAT (FatturaPA 1.2 since 2021, and the stamp
/// duty's threshold): what an Italian invoice says in place of a rate.
public enum Natura {
    public static let codes = ["N1", "N2.1", "N2.2", "N3.1", "N3.2", "N3.3", "N3.4", "N3.5", "N3.6", "N4", "N5",
                               "N6.1", "N6.2", "N6.3", "N6.4", "N6.5", "N6.6", "N6.7", "N6.8", "N6.9", "N7"]

    /// The code of an untaxed `category`, the written exemption's code when it is a Natura (`exemption:
    /// {code: N2.2, text: ...}`), else the usual one of the category; nil for a taxed one.
    public static func code(of category: TaxCategory, written: String?) -> String? {
        guard category.isUntaxed else { return nil }
        if let written, codes.contains(written) { return written }
        switch category {
        // Outside the scope (the forfettario's art. 1 c. 54-89 L. 190/2014): non soggette, altri casi.
        case .outsideScope: return "N2.2"
        case .exempt: return "N4"
        case .export: return "N3.1"
        case .intraCommunity: return "N3.2"
        // Inversione contabile, other cases; a book names N6.1..N6.8 as the exemption's code.
        case .reverseCharge: return "N6.9"
        default: return nil
        }
    }

    /// Whether an amount of this Natura counts towards the stamp duty's 77.47 EUR (art. 6 of the
    /// Tariffa, DPR 642/1972, and art. 15 of its Tabella B): amounts not subject to VAT (N2.x),
    /// exempt (N4) or excluded (N1 is the stamp itself, so it does not count), and the
    /// non-taxable supplies of an habitual exporter (N3.5); not exports and intra-EU supplies
    /// (N3.1..N3.4, exempt from the duty) nor reverse charge (N6.x, VAT is due, by the buyer).
    public static func countsForStampDuty(_ code: String) -> Bool {
        code.hasPrefix("N2") || code == "N4" || code == "N3.5" || code == "N3.6"
    }

    /// 77.47 EUR, the amount the stamp duty starts above, and the duty, 2.00 EUR.
    public static let stampThreshold: Int64 = 7747
    public static let stampDuty: Int64 = 200
}

/// TipoCassa codes: a charge whose `code:` is one is the pension fund contribution
/// (DatiCassaPrevidenziale), not a line.
public enum CassaPrevidenziale {
    public static let codes = (1...22).map { String(format2: $0) }

    public static func isCassa(_ code: String?) -> Bool { code.map(codes.contains) ?? false }
}

extension String {
    fileprivate init(format2 number: Int) { self = "TC" + (number < 10 ? "0" : "") + String(number) }
}
