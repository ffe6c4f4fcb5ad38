extension Book {
    /// The PDF file name of a document, from the book's `pdf_name` pattern (`{number}` by default;
    /// `{business}` and `{client}` are the names). Characters a file system or a shell would
    /// misread become `-`, so a name can never escape the output folder; an empty result falls
    /// back to `invoice.pdf` as the single-invoice generator did.
    public func pdfFileName(for document: Document) -> String {
        let pattern = settings.pdfName?.value ?? "{number}"
        let client = clients[document.client.value]?.contact.name ?? document.client.value
        var name = pattern
            .replacingOccurrences(of: "{number}", with: document.number)
            .replacingOccurrences(of: "{business}", with: settings.business.name)
            .replacingOccurrences(of: "{client}", with: client)
        name = String(name.unicodeScalars.map { scalar -> Character in
            let bad = scalar == "/" || scalar == "\\" || scalar == ":" || scalar.value < 0x20 || scalar.value == 0x7F
            return bad ? "-" : Character(scalar)
        })
        name = name.trimmingCharacters(in: .whitespaces)
        while name.hasPrefix(".") { name.removeFirst() }
        if name.trimmingCharacters(in: CharacterSet(charactersIn: "- ")).isEmpty { name = document.kind.rawValue }
        return name + ".pdf"
    }

    /// The file of `document` as an e-invoice: its PDF's name with `.ubl.xml`, `.xrechnung.xml`...
    /// instead of `.pdf`, so several formats never collide (Factur-X is the PDF itself).
    /// FatturaPA's is the name the SdI requires (`IT01234567890_00001.xml`).
    public func einvoiceFileName(for document: Document, format: EInvoiceFormat) -> String {
        if format == .fatturapa { return sdiFileName(for: document) + ".xml" }
        return String(pdfFileName(for: document).dropLast(4)) + "." + format.fileSuffix
    }

    /// The SdI's name of `document`'s FatturaPA without `.xml`: `IT`, the transmitter's fiscal
    /// code, `_` and the progressive (Specifiche tecniche 1.9, 2.2: the name identifies the file
    /// and the SdI rejects one it received before, error 00002).
    public func sdiFileName(for document: Document) -> String {
        "IT" + sdiTransmitter + "_" + sdiProgressive(for: document)
    }

    /// IdTrasmittente's IdCodice: `fatturapa: transmitter:`, else the partita IVA without `IT`.
    public var sdiTransmitter: String {
        if let code = settings.fatturapa?.transmitter?.value { return code }
        let vat = (settings.business.taxID ?? "").replacingOccurrences(of: " ", with: "").uppercased()
        return vat.hasPrefix("IT") ? String(vat.dropFirst(2)) : vat
    }

    /// The progressive of `document` (ProgressivoInvio and the file name), in base 36 on five
    /// characters. The book keeps the counter: a document `invoic sdi send` mailed keeps the
    /// progressive it went with (`sdi_progressive:`, written before the mail leaves, and a new
    /// one when it goes again after a rejection: the SdI refuses a name it received, 00002). One
    /// not sent yet takes the next free ones after the highest written, in order of issue, so the
    /// file `build` writes is the one `sdi send` mails, and no two files of the book share a name.
    /// A book that never sent numbers its documents 1, 2, 3... in order of issue.
    public func sdiProgressive(for document: Document) -> String {
        if let written = document.sdiProgressive?.value { return written }
        let unsent = documents.filter { $0.kind.isBilling && $0.sdiProgressive == nil }.sorted {
            ($0.issued.value, $0.kind.rawValue, $0.number) < ($1.issued.value, $1.kind.rawValue, $1.number)
        }
        let index = (unsent.firstIndex { $0.kind == document.kind && $0.number == document.number } ?? unsent.count) + 1
        return Self.base36(highestSDIProgressive + index, width: 5)
    }

    /// The highest progressive a document of the book was sent with (0 when none was).
    public var highestSDIProgressive: Int {
        documents.compactMap { $0.sdiProgressive.flatMap { Int($0.value, radix: 36) } }.max() ?? 0
    }

    public static func base36(_ value: Int, width: Int) -> String {
        let text = String(value, radix: 36).uppercased()
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

import Foundation
