import Foundation
import InvoicBook
import InvoicPDF

/// What a build should produce: one output per document, each with the fingerprint of
/// everything it depends on (its file, its client's, invoic.yaml, the template files, the logo,
/// and the version of invoic), and the list of input files for make.
public struct BuildPlan: Sendable {
    public struct Output: Sendable {
        public var name: String
        public var document: Document { reference.document }
        let reference: DocumentReference
        public var fingerprint: String
        /// The e-invoice this output is (`<name>.ubl.xml`, ...); nil for the document's PDF.
        public var einvoice: EInvoiceFormat?
        /// A PDF that carries its invoice as Factur-X (PDF/A-3b with the CII embedded).
        public var facturX = false
    }

    public var outputs: [Output]
    /// Every file and folder the outputs were made from, relative to the book, for a depfile.
    public var inputs: [String]

    /// - Parameter renderer: names what renders (invoic's version, the template), so a new
    ///   version of either rebuilds everything.
    public init(book: Book, renderer: String) {
        var shared = Fingerprint()
        shared.add(renderer)
        shared.add(book.sources[BookSettings.fileName]?.text ?? "")
        var inputs = [BookSettings.fileName]
        for file in BookFiles.yaml(below: "templates", in: book.root) {
            shared.add(file)
            shared.add(BookFiles.contents(of: file, in: book.root, limit: BookLimits.standard.yaml.maxFileSize) ?? [])
            inputs.append(file)
        }
        // The book's own fonts: a changed font file changes every PDF.
        for path in PDFRenderer.bookFonts(book.root) {
            let file = "fonts/" + (path as NSString).lastPathComponent
            shared.add(file)
            shared.add(BookFiles.contents(of: file, in: book.root, limit: BookLimits.standard.maxAssetSize) ?? [])
            inputs.append(file)
        }
        if let logo = book.settings.logo?.value {
            shared.add(BookFiles.contents(of: logo, in: book.root, limit: BookLimits.standard.maxAssetSize) ?? [])
            inputs.append(logo)
        }
        var outputs: [Output] = []
        for (index, document) in book.documents.enumerated() where document.figures != nil {
            var fingerprint = shared
            let client = book.clients[document.client.value]
            fingerprint.add(client.flatMap { book.sources[$0.file]?.text } ?? "")
            fingerprint.add(book.sources[document.file]?.text ?? "")
            // A converted invoice prints its estimate's number, in its own file; a credit note
            // prints the date of the invoice it corrects, which is in the invoice's.
            if let corrected = document.corrects.flatMap({ book.invoice($0.value) }) { fingerprint.add(book.sources[corrected.file]?.text ?? "") }
            let formats = book.einvoiceFormats(for: document)
            var pdf = fingerprint
            if formats.contains(.facturX) { pdf.add("factur-x") }
            // KOD I on the PDF holds the hash of the FA(3) file.
            if formats.contains(.fa3) { pdf.add("ksef") }
            // KOD II on an offline invoice is signed with the offline certificate: another certificate, another PDF.
            if formats.contains(.fa3), document.ksef == nil, let certificate = book.settings.ksef?.offlineCertificate?.value {
                let path = certificate.hasPrefix("/") ? certificate : URL(fileURLWithPath: book.root).appendingPathComponent(certificate).path
                pdf.add(FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? [])
            }
            outputs.append(Output(name: book.pdfFileName(for: document), reference: DocumentReference(book.documents, index), fingerprint: pdf.hex,
                                  facturX: formats.contains(.facturX)))
            for format in formats where format != .facturX {
                var xml = fingerprint
                xml.add(format.rawValue)
                outputs.append(Output(name: book.einvoiceFileName(for: document, format: format), reference: DocumentReference(book.documents, index),
                                      fingerprint: xml.hex, einvoice: format))
            }
        }
        inputs += book.clients.values.map(\.file) + book.documents.map(\.file) + book.unreadable.map(\.file)
        // Folders too: adding a file to invoices/ changes the folder, so make knows to rebuild.
        inputs += ["clients"] + BookFiles.folders(below: "invoices", in: book.root) + BookFiles.folders(below: "estimates", in: book.root)
            + BookFiles.folders(below: "credit-notes", in: book.root)
        self.outputs = outputs.sorted { $0.name < $1.name }
        self.inputs = Array(Set(inputs)).sorted()
    }
}
