import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicDiagnostics
import Synchronization

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
        guard let fa3 = fa3(of: document, in: book) else { return nil }
        let url = invoiceVerificationURL(nip: fa3.nip, issued: document.issued.value, file: fa3.file, environment: fa3.environment)
        return (url, document.ksef?.value ?? "OFFLINE")
    }

    /// KOD II: `https://{host}/certificate/Nip/{context NIP}/{seller's NIP}/{certificate serial}/
    /// {Base64URL(SHA-256 of the FA(3) file)}/{Base64URL(signature)}`, the signature over the link
    /// without `https://` (kody-qr.md, "Format podpisu"). The context is the seller's own NIP: the
    /// business issues in its own name (kody-qr.md, example 1).
    public static func certificateVerificationURL(contextNIP: String, sellerNIP: String, file: [UInt8], environment: Environment,
                                                  certificate: KSeFOfflineCertificate) throws(KSeFOfflineCertificate.Failure) -> String {
        let signed = "\(environment.qrHost)/certificate/Nip/\(contextNIP)/\(sellerNIP)/\(certificate.serial)/\(base64URL(SHA256.digest(file)))"
        return "https://\(signed)/\(base64URL(try certificate.sign(Array(signed.utf8))))"
    }

    /// What a KSeF code shows: the link its QR code holds and the word under it.
    public struct Code: Sendable, Hashable {
        public var url: String
        public var caption: String
    }

    /// The codes on a document's PDF: KOD I, and KOD II (CERTYFIKAT under it) for an invoice
    /// issued offline (no `ksef:` yet) of a book with `ksef.offline_certificate:`; nil when the
    /// document is not written as FA(3); a diagnostic when the certificate cannot sign.
    public static func verificationCodes(of document: Document, in book: Book,
                                         environment variables: [String: String] = ProcessInfo.processInfo.environment) -> Result<(invoice: Code, certificate: Code?)?, CertificateFailure> {
        guard let fa3 = fa3(of: document, in: book) else { return .success(nil) }
        let invoice = Code(url: invoiceVerificationURL(nip: fa3.nip, issued: document.issued.value, file: fa3.file, environment: fa3.environment),
                           caption: document.ksef?.value ?? "OFFLINE")
        guard document.ksef == nil, book.settings.ksef?.offlineCertificate != nil else { return .success((invoice, nil)) }
        switch offlineCertificate(of: book, environment: variables) {
        case .success(let certificate?):
            do {
                let url = try certificateVerificationURL(contextNIP: fa3.nip, sellerNIP: fa3.nip, file: fa3.file, environment: fa3.environment, certificate: certificate)
                return .success((invoice, Code(url: url, caption: "CERTYFIKAT")))
            } catch {
                return .failure(certificateDiagnostic(error.message, in: book))
            }
        case .success(nil): return .success((invoice, nil))
        case .failure(let failure): return .failure(failure)
        }
    }

    /// The book's offline certificate (`ksef.offline_certificate:`, relative to the book), nil
    /// when it names none, a diagnostic at the setting when it does not open: what `check` says.
    public static func offlineCertificate(of book: Book, environment variables: [String: String] = ProcessInfo.processInfo.environment)
        -> Result<KSeFOfflineCertificate?, CertificateFailure> {
        guard let setting = book.settings.ksef?.offlineCertificate else { return .success(nil) }
        let path = setting.value.hasPrefix("/") ? setting.value : URL(fileURLWithPath: book.root).appendingPathComponent(setting.value).standardized.path
        let password = variables[KSeFSettings.passwordVariable]
        // Loaded once per file version and password: a build of many offline invoices decrypts the key once.
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let stamp = "\(path)\u{0}\((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)\u{0}\(attributes?[.size] as? Int ?? -1)\u{0}\(base64URL(SHA256.digest(Array((password ?? "").utf8))))"
        if let known = certificates.withLock({ $0[stamp] }) { return .success(known) }
        do {
            let certificate = try KSeFOfflineCertificate.load(path: path, password: password, shown: setting.value)
            certificates.withLock { $0[stamp] = certificate }
            return .success(certificate)
        } catch {
            return .failure(certificateDiagnostic(error.message, in: book))
        }
    }

    private static let certificates = Mutex<[String: KSeFOfflineCertificate]>([:])

    /// Why KOD II cannot be signed, as `check` and `build` report it (at `offline_certificate:`).
    public struct CertificateFailure: Error, Sendable {
        public var diagnostic: Diagnostic
    }

    private static func certificateDiagnostic(_ message: String, in book: Book) -> CertificateFailure {
        CertificateFailure(diagnostic: .error(.ksefOfflineCertificate, "KOD II cannot be signed: \(message)", file: BookSettings.fileName, range: book.settings.ksef?.offlineCertificate?.range,
               help: "name a PEM or PKCS#12 file holding the KSeF offline certificate and its private key (RSA of 2048 bits or more, or EC P-256), and set \(KSeFSettings.passwordVariable) to its password"))
    }

    /// A document the book writes as FA(3): the seller's NIP, the environment and the file's bytes.
    private static func fa3(of document: Document, in book: Book) -> (nip: String, environment: Environment, file: [UInt8])? {
        let environment = book.settings.ksef?.environment?.value ?? .test
        guard book.einvoiceFormats(for: document).contains(.fa3),
              let nip = [book.settings.business.taxID, book.settings.business.taxNumber].compactMap({ $0 }).lazy.compactMap(Identifiers.polishNIP).first,
              let xml = EInvoiceWriter.xml(document, in: book, format: .fa3) else { return nil }
        return (nip, environment, Array(xml.utf8))
    }
}
