import Foundation
import InvoicAuthoring
import InvoicBook

/// KSeF, Poland's national e-invoicing system (docs/poland.md): its environments, the KSeF
/// number it gives an accepted invoice, and KOD I, the verification code printed on an FA(3)
/// invoice's PDF (the Ministry's `kody-qr.md` and `numer-ksef.md`, CIRFMF/ksef-docs).
public enum KSeF {
    public typealias Environment = KSeFSettings.Environment

    /// Whether `number` is a KSeF number (its CRC-8 included, numer-ksef.md).
    public static func isValidNumber(_ number: String) -> Bool { Identifiers.ksefNumberProblem(number) == nil }

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
    /// number once KSeF gave one (`ksef:`), else OFFLINE), for the book's environment; nil when the document is not written as FA(3).
    public static func verificationCode(of document: Document, in book: Book) -> (url: String, caption: String)? {
        let environment = book.settings.ksef?.environment?.value ?? .test
        guard book.einvoiceFormats(for: document).contains(.fa3),
              let nip = [book.settings.business.taxID, book.settings.business.taxNumber].compactMap({ $0 }).lazy.compactMap(Identifiers.polishNIP).first,
              let xml = EInvoiceWriter.xml(document, in: book, format: .fa3) else { return nil }
        let url = invoiceVerificationURL(nip: nip, issued: document.issued.value, file: Array(xml.utf8), environment: environment)
        return (url, document.ksef?.value ?? "OFFLINE")
    }
}
