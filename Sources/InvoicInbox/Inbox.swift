import Foundation
import InvoicBook

/// What a file holds for the inbox: the e-invoices in it, each with the bytes that are its
/// evidence (the XML itself, or the PDF that carries it) and the name it came with.
public struct IncomingDocument: Sendable {
    /// The name of the evidence file: the file given, or the mail's attachment.
    public var name: String
    /// The bytes kept under purchases/, unchanged.
    public var original: [UInt8]
    /// `xml` or `pdf`: the original's kind (and the extension it is kept with).
    public var format: String
    /// The attachment of the PDF the XML was read from (factur-x.xml, ...).
    public var embeddedName: String?
    /// The mail it came in, when it came in one.
    public var mail: String?
    public var document: ReceivedDocument
    /// The document as the checks, the view and the record read it: model and envelope.
    public var received: ReceivedInvoice { ReceivedInvoice(document) }
}

public enum Inbox {
    /// A file larger than this is refused before it is read: no PDF or mail of an invoice comes near.
    public static let maximumFileSize = 100 * 1024 * 1024

    /// The e-invoices in `bytes`: one for an XML or a PDF, each e-invoice attached to a mail.
    /// Refused (nothing is an e-invoice, or none can be read) with the reason.
    public static func read(bytes: [UInt8], filename: String) throws(Refusal) -> [IncomingDocument] {
        guard bytes.count <= maximumFileSize else {
            throw Refusal("\(filename) is \(bytes.count) bytes, more than the \(maximumFileSize / 1024 / 1024) MB an e-invoice may have here", help: "this is no e-invoice; ask the supplier for the XML or the Factur-X / ZUGFeRD PDF")
        }
        // A signed FatturaPA (.xml.p7m): the signed file is read, the envelope kept as the evidence.
        if SignedEnvelope.looksSigned(bytes) {
            guard let content = SignedEnvelope.content(bytes) else {
                throw Refusal("\(filename) is a signed envelope (CMS SignedData) without the signed file inside", help: "ask the supplier for the .p7m with its content (an attached signature), or the XML itself")
            }
            return try read(bytes: content, filename: filename).map { inner in
                var signed = inner
                signed.original = bytes
                signed.format = "p7m"
                signed.document.readingProblems.append(Finding(rule: "signature", message: "the CAdES signature of the .p7m envelope was not verified: invoic has no trust list of qualified certificates"))
                return signed
            }
        }
        switch kind(of: bytes) {
        case .xml:
            // A FatturaPA batch holds several invoices: each is received, with the file as its evidence.
            return try EInvoiceReader.readAll(bytes).map { IncomingDocument(name: filename, original: bytes, format: "xml", document: $0) }
        case .pdf:
            let (name, xml) = try PDFAttachments.invoiceXML(in: bytes)
            var document: ReceivedDocument
            do { document = try EInvoiceReader.read(xml) } catch {
                throw Refusal("the PDF's \(name): \(error.message)", help: error.help)
            }
            document.readingProblems += SyntaxRule.facturXGuideline(document)
            return [IncomingDocument(name: filename, original: bytes, format: "pdf", embeddedName: name, document: document)]
        case .mail:
            var found: [IncomingDocument] = []
            var refusals: [String] = []
            for part in MailAttachments.attachments(of: bytes) {
                let lower = part.name.lowercased()
                guard lower.hasSuffix(".xml") || lower.hasSuffix(".pdf") || [.xml, .pdf].contains(kind(of: part.bytes)) else { continue }
                do {
                    for var document in try read(bytes: part.bytes, filename: part.name) {
                        document.mail = filename
                        found.append(document)
                    }
                } catch {
                    refusals.append("\(part.name): \(error.message)")
                }
            }
            guard !found.isEmpty else {
                throw Refusal(refusals.isEmpty ? "no e-invoice: the mail has no XML or PDF attachment" : "no e-invoice in the mail's attachments (\(refusals.joined(separator: "; ")))",
                              help: "ask the supplier for the e-invoice (XRechnung, ZUGFeRD / Factur-X or Peppol)")
            }
            return found
        case .other:
            throw Refusal("no e-invoice: \(filename) is neither XML, a PDF nor a mail",
                          help: "invoic receives UBL and CII XML (XRechnung, Peppol BIS), Factur-X / ZUGFeRD PDFs and .eml mails carrying them")
        }
    }

    enum Kind { case xml, pdf, mail, other }

    /// By content, never by name: a supplier's `invoice.xml` may be a PDF.
    static func kind(of bytes: [UInt8]) -> Kind {
        var start = bytes.startIndex
        // UTF-16 XML (with its byte order mark) is XML too: expat reads it.
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return .xml }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
        while start < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        if start < bytes.endIndex, bytes[start] == UInt8(ascii: "<") { return .xml }
        // A PDF's header may follow up to 1024 bytes of junk (PDF 32000-1, 7.5.2 as readers apply it).
        let head = bytes.prefix(1024)
        if let index = head.firstIndex(of: UInt8(ascii: "%")), head[index...].starts(with: Array("%PDF-".utf8)) { return .pdf }
        if head.count >= 5, String(decoding: head, as: UTF8.self).contains("%PDF-") { return .pdf }
        if MailAttachments.looksLikeMail(bytes) { return .mail }
        return .other
    }
}
