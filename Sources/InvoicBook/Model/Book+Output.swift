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
    public func einvoiceFileName(for document: Document, format: EInvoiceFormat) -> String {
        String(pdfFileName(for: document).dropLast(4)) + "." + format.fileSuffix
    }
}

import Foundation
