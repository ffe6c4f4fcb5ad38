import Foundation
import InvoicAuthoring
import InvoicBook

/// KSeF, Poland's national e-invoicing system (docs/poland.md): its environments, the KSeF
/// number it gives an accepted invoice, and KOD I, the verification code printed on an FA(3)
/// invoice's PDF (the Ministry's `kody-qr.md` and `numer-ksef.md`, CIRFMF/ksef-docs).
public enum KSeF {
    /// The three environments; the QR codes of each point to its own host.
    public enum Environment: String, Sendable, CaseIterable {
        case test, demo, production

        /// The host of the verification links (kody-qr.md, "Środowiska").
        public var qrHost: String {
            switch self {
            case .test: "qr-test.ksef.mf.gov.pl"
            case .demo: "qr-demo.ksef.mf.gov.pl"
            case .production: "qr.ksef.mf.gov.pl"
            }
        }
    }

    /// Whether `number` is a KSeF number: `NIP-YYYYMMDD-XXXXXXXXXXXX-CC`, 35 characters, whose
    /// last two are the CRC-8 (polynomial 0x07, initial value 0, upper-case hex) of the first 32
    /// (numer-ksef.md).
    public static func isValidNumber(_ number: String) -> Bool {
        let bytes = Array(number.utf8)
        guard bytes.count == 35, bytes[10] == UInt8(ascii: "-"), bytes[19] == UInt8(ascii: "-"), bytes[32] == UInt8(ascii: "-"),
              bytes[0..<10].allSatisfy({ (0x30...0x39).contains($0) }), bytes[11..<19].allSatisfy({ (0x30...0x39).contains($0) }),
              bytes[20..<32].allSatisfy(isUpperHex), bytes[33...].allSatisfy(isUpperHex) else { return false }
        return String(format: "%02X", crc8(bytes[0..<32])) == String(decoding: bytes[33...], as: UTF8.self)
    }

    /// CRC-8, polynomial x^8 + x^2 + x + 1 (0x07), initial value 0, no reflection, no final XOR.
    static func crc8<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt8 {
        var crc: UInt8 = 0
        for byte in bytes {
            crc ^= byte
            for _ in 0..<8 { crc = crc & 0x80 != 0 ? (crc << 1) ^ 0x07 : crc << 1 }
        }
        return crc
    }

    private static func isUpperHex(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) }

    /// KOD I: `https://{host}/invoice/{seller's NIP}/{P_1 as DD-MM-RRRR}/{Base64URL(SHA-256 of the
    /// FA(3) file's bytes)}` (kody-qr.md, "Generowanie linku").
    public static func invoiceVerificationURL(nip: String, issued: Day, file: [UInt8], environment: Environment) -> String {
        let date = String(format: "%02d-%02d-%04d", issued.day, issued.month, issued.year)
        return "https://\(environment.qrHost)/invoice/\(nip)/\(date)/\(base64URL(SHA256.digest(file)))"
    }

    /// Base64 with the URL alphabet (`-`, `_`) and no padding (RFC 4648 §5).
    public static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// KOD I of a document the book writes as FA(3): its link and the text under it (the KSeF
    /// number once KSeF gave one, else OFFLINE); nil when the document is not written as FA(3).
    public static func verificationCode(of document: Document, in book: Book, environment: Environment = .test) -> (url: String, caption: String)? {
        guard book.einvoiceFormats(for: document).contains(.fa3),
              let nip = [book.settings.business.taxID, book.settings.business.taxNumber].compactMap({ $0 }).lazy.compactMap(Identifiers.polishNIP).first,
              let xml = EInvoiceWriter.xml(document, in: book, format: .fa3) else { return nil }
        let url = invoiceVerificationURL(nip: nip, issued: document.issued.value, file: Array(xml.utf8), environment: environment)
        return (url, "OFFLINE")
    }
}
