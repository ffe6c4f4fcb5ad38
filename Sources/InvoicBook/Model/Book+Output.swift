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

    /// The progressive of `document` (ProgressivoInvio and the file name): its place among the
    /// book's invoices and credit notes in order of issue, in base 36 on five characters. Each
    /// document has its own, so no two files of the book ever share a name; the book's files and
    /// git keep them, and a document's place does not move once later ones are issued.
    public func sdiProgressive(for document: Document) -> String {
        let billing = documents.filter(\.kind.isBilling).sorted {
            ($0.issued.value, $0.kind.rawValue, $0.number) < ($1.issued.value, $1.kind.rawValue, $1.number)
        }
        let index = (billing.firstIndex { $0.kind == document.kind && $0.number == document.number } ?? billing.count) + 1
        return Self.base36(index, width: 5)
    }

    static func base36(_ value: Int, width: Int) -> String {
        let text = String(value, radix: 36).uppercased()
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

import Foundation
