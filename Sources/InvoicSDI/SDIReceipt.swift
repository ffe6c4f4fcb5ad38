import Foundation
import InvoicXML

/// What the SdI answers about a file it was sent (Specifiche tecniche 1.9, 3.1; the schema
/// MessaggiTypes_v1.1): each answer is an XML file attached to a PEC mail, named after the file it
/// concerns, `IT01234567890_11111_RC_001.xml`, with the file's name and the SdI's id inside.
public struct SDIReceipt: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Ricevuta di consegna: delivered to the buyer.
        case rc = "RC"
        /// Notifica di scarto: rejected, with the errors; the invoice counts as never issued.
        case ns = "NS"
        /// Notifica di mancata consegna: valid, but the buyer's channel could not take it; the SdI
        /// put it in the buyer's reserved area, and the seller is to tell the buyer so.
        case mc = "MC"
        /// Notifica di decorrenza termini: a public body did not answer in 15 days.
        case dt = "DT"
        /// Attestazione di avvenuta trasmissione con impossibilità di recapito (public bodies).
        case at = "AT"
        /// Notifica di esito: a public body accepted (EC01) or refused (EC02) the invoice.
        case ne = "NE"
        /// Notifica di esito committente, and the SdI's scarto of one: what a buyer sends, not
        /// what a seller receives about its own file; read, never matched to a sent file.
        case ec = "EC"
        case se = "SE"

        /// The root element of each kind's XML.
        var element: String {
            switch self {
            case .rc: "RicevutaConsegna"
            case .ns: "NotificaScarto"
            case .mc: "NotificaMancataConsegna"
            case .dt: "NotificaDecorrenzaTermini"
            case .at: "AttestazioneTrasmissioneFattura"
            case .ne: "NotificaEsito"
            case .ec: "NotificaEsitoCommittente"
            case .se: "ScartoEsitoCommittente"
            }
        }

        /// Its name in the Specifiche, for people.
        public var title: String {
            switch self {
            case .rc: "ricevuta di consegna"
            case .ns: "notifica di scarto"
            case .mc: "notifica di mancata consegna"
            case .dt: "notifica di decorrenza termini"
            case .at: "attestazione di avvenuta trasmissione con impossibilità di recapito"
            case .ne: "notifica di esito"
            case .ec: "notifica di esito committente"
            case .se: "scarto esito committente"
            }
        }
    }

    public struct Error: Sendable, Equatable {
        public var code: String
        public var description: String

        public init(code: String, description: String) {
            self.code = code
            self.description = description
        }
    }

    public var kind: Kind
    /// IdentificativoSdI: the SdI's number of the file.
    public var sdiID: String?
    /// NomeFile: the file it concerns, as the SdI got it (`IT..._00001.xml`, or `.xml.p7m` signed).
    public var fileName: String?
    /// DataOraConsegna, else DataOraRicezione, as written.
    public var at: String?
    /// ListaErrori of an NS.
    public var errors: [Error]
    /// Esito of an NE: EC01 accepted, EC02 refused.
    public var outcome: String?
    public var note: String?

    /// The largest receipt read: the SdI's are a few KB; an NS lists its errors, at most some hundreds.
    public static let maximumBytes = 512 * 1024

    /// `IT01234567890_11111_RC_001.xml`: the file's name without extension, and the kind.
    public static func attachmentName(_ name: String) -> (file: String, kind: Kind)? {
        guard name.count <= 100, name.hasSuffix(".xml") || name.hasSuffix(".XML") else { return nil }
        let parts = name.dropLast(4).split(separator: "_", omittingEmptySubsequences: false)
        // IT<id>, progressive, kind, 3-character serial.
        guard parts.count == 4, parts[3].count == 3, parts[3].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
              let kind = Kind(rawValue: String(parts[2])),
              parts[0].count >= 3, parts[0].count <= 30, parts[1].count >= 1, parts[1].count <= 5,
              (parts[0] + parts[1]).allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        return (parts[0] + "_" + parts[1], kind)
    }

    /// The name of a sent file without its extensions (`.xml`, `.xml.p7m`), as receipts and the
    /// outbox compare it.
    public static func stem(_ fileName: String) -> String {
        var name = fileName
        for suffix in [".p7m", ".P7M", ".xml", ".XML", ".zip", ".ZIP"] where name.hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
        return name
    }

    /// Reads a receipt; nil with the reason for anything else (too large, not XML, not a receipt).
    public static func parse(_ bytes: [UInt8]) -> Result<SDIReceipt, SDIError> {
        guard bytes.count <= maximumBytes else { return .failure(SDIError("larger than \(maximumBytes / 1024) KB, more than any receipt of the SdI")) }
        let root: XElement
        do {
            root = try ExpatReader.parse(bytes, maximumDepth: 16, maximumElements: 10_000)
        } catch {
            return .failure(SDIError("not well-formed XML (line \(error.line): \(error.expatMessage))"))
        }
        guard let kind = Kind.allCases.first(where: { $0.element == root.name }) else {
            return .failure(SDIError("`\(root.name)` is no receipt of the SdI (RicevutaConsegna, NotificaScarto, ...)"))
        }
        func clean(_ text: String?) -> String? { text.map { String($0.trimmingCharacters(in: .whitespacesAndNewlines).prefix(1000)) }.flatMap { $0.isEmpty ? nil : $0 } }
        let errors = (root.child("ListaErrori")?.children("Errore") ?? []).prefix(500).map {
            Error(code: clean($0.value("Codice")) ?? "?", description: clean($0.value("Descrizione")) ?? "")
        }
        return .success(SDIReceipt(
            kind: kind, sdiID: clean(root.value("IdentificativoSdI")), fileName: clean(root.value("NomeFile")),
            at: clean(root.value("DataOraConsegna") ?? root.value("DataOraRicezione")), errors: Array(errors),
            outcome: clean(root.value("EsitoCommittente", "Esito") ?? root.value("Esito")), note: clean(root.value("Note"))))
    }
}

/// Why sending or reading the SdI's answers went wrong.
public struct SDIError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
