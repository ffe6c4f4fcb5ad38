import InvoicDiagnostics
import InvoicYAML

/// One file of a book, decoded on its own by the decoder `check` uses. The loader reads a book's
/// files through it; History decodes a file as it was in a commit, and the fuzzers any bytes, the
/// same way, with the path diagnostics should name.
public enum BookFileDecoder {
    /// What a file is, by its place in the book.
    public enum Kind: Sendable, Hashable {
        case settings
        case client(id: String)
        case document(DocumentKind, number: String)
        case recurring(name: String)

        /// The kind of the file at `path` (relative to the book): invoic.yaml, `clients/ID.yaml`,
        /// or a document anywhere below invoices/ or estimates/, named for its number.
        public init?(path: String) {
            if path == BookSettings.fileName {
                self = .settings
            } else if path.hasPrefix("clients/") {
                self = .client(id: BookLoader.stem(path))
            } else if path.hasPrefix(Recurring.folder + "/") {
                self = .recurring(name: BookLoader.stem(path))
            } else if let kind = DocumentKind.allCases.first(where: { path.hasPrefix($0.folder + "/") }) {
                self = .document(kind, number: BookLoader.stem(path))
            } else {
                return nil
            }
        }
    }

    /// A decoded file: what it holds (nothing when it does not parse or says too little), its
    /// text for excerpts, and every diagnostic about it.
    public struct Decoded: Sendable {
        public var source: SourceFile
        public var settings: BookSettings?
        public var client: Client?
        public var document: Document?
        public var recurring: Recurring?
        public var diagnostics: [Diagnostic]
    }

    /// A file's YAML as located nodes, parsed with the book's limits: for the work that is done on
    /// a file's text rather than its meaning (a template, merged before InvoicPDF decodes it; an
    /// edit that keeps the user's comments and style; a history finding pointed at its line).
    /// Every module reads book files through here, so all of them parse alike.
    public static func parse(_ bytes: [UInt8], path: String, limits: BookLimits = .standard) -> ParsedYAML {
        YAMLParser.parse(bytes, path: path, limits: limits.yaml)
    }

    /// Parses `bytes` and decodes them as `kind`; `path` is the path diagnostics name.
    public static func decode(_ bytes: [UInt8], as kind: Kind, path: String, limits: BookLimits = .standard) -> Decoded {
        let parsed = parse(bytes, path: path, limits: limits)
        var reader = ValueReader(file: path)
        reader.diagnostics = parsed.diagnostics
        var decoded = Decoded(source: parsed.source, diagnostics: [])
        // A file that did not parse says nothing more; its own error is the one to fix.
        if !parsed.diagnostics.contains(where: { $0.code != .duplicateKey }) {
            switch kind {
            case .settings:
                decoded.settings = BookSettings.decode(parsed.root, reader: &reader)
            case .client(let id):
                decoded.client = Client.decode(parsed.root, id: id, file: path, reader: &reader)
            case .document(let documentKind, let number):
                decoded.document = Document.decode(parsed.root, kind: documentKind, number: number, file: path, limits: limits, reader: &reader)
            case .recurring(let name):
                decoded.recurring = Recurring.decode(parsed.root, name: name, file: path, bytes: bytes, limits: limits, reader: &reader)
            }
        }
        decoded.diagnostics = reader.diagnostics
        return decoded
    }
}
