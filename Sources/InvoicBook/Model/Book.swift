import InvoicDiagnostics

/// A whole book as read from disk: settings, clients and documents, with the text of every file
/// so diagnostics can quote it. Documents are sorted by kind then path, so every run is the same.
public struct Book: Sendable {
    /// The book's directory as given by the user.
    public var root: String
    public var settings: BookSettings
    public var clients: [String: Client]
    /// Sorted by kind then path. Set once when the book is read; only their figures change after.
    public private(set) var documents: [Document]
    /// Position in `documents` by number (the first, when a number is used twice).
    private var positions: [String: Int]
    /// Positions of the credit notes in `documents` by the invoice number they correct.
    private var corrections: [String: [Int]]
    /// File text by the relative path diagnostics use.
    public var sources: [String: SourceFile]
    /// Document files that exist but could not be read: their numbers still count as used.
    public var unreadable: [(kind: DocumentKind, number: String, file: String)] = []
    /// `recurring/*.yaml`: invoices on a schedule, in path order.
    public var recurring: [Recurring] = []
    /// Ids of client files that exist but could not be read: documents naming them are not "unknown".
    public var unreadableClients: Set<String> = []
    /// What the book received (issue 29), in one immutable box: a book without purchases shares
    /// the empty one.
    public var received = ReceivedLedger.empty
    /// `purchases/<year>/*.yaml`: suppliers' invoices and credit notes received, by issue date.
    public var purchases: [Purchase] { received.purchases }
    /// `suppliers/*.yaml` by id.
    public var suppliers: [String: Supplier] { received.suppliers }

    public init(root: String, settings: BookSettings, clients: [String: Client], documents: [Document], sources: [String: SourceFile]) {
        self.root = root
        self.settings = settings
        self.clients = clients
        self.documents = documents
        self.sources = sources
        positions = [:]
        corrections = [:]
        reindex()
    }

    private mutating func reindex() {
        positions = [:]
        corrections = [:]
        for (index, document) in documents.enumerated() {
            if positions[document.number] == nil { positions[document.number] = index }
            if document.kind == .creditNote, let invoice = document.corrects?.value { corrections[invoice, default: []].append(index) }
        }
    }

    /// Puts `document` where the document read from `file` is (added in path order when there is
    /// none; the one there removed when `document` is nil): one edited file, without reading the
    /// others again. Documents stay in path order, as the loader puts them.
    mutating func replaceDocument(file: String, with document: Document?) {
        var low = 0, high = documents.count
        while low < high {
            let middle = (low + high) / 2
            if documents[middle].file < file { low = middle + 1 } else { high = middle }
        }
        let present = low < documents.count && documents[low].file == file
        if let document, present {
            let old = documents[low]
            documents[low] = document
            // The indexes hold positions, which did not move: only a new number or reference changes them.
            if old.number == document.number, old.kind == document.kind, old.corrects?.value == document.corrects?.value { return }
        } else if let document {
            documents.insert(document, at: low)
        } else if present {
            documents.remove(at: low)
        } else {
            return
        }
        reindex()
    }

    /// Sets every document's figures at once (in `documents` order).
    mutating func setFigures(_ figures: [Figures?]) {
        for index in documents.indices { documents[index].figures = figures[index] }
    }

    /// Lazy, so a check walking them copies no array of documents.
    public var invoices: LazyFilterSequence<[Document]> { documents.lazy.filter { $0.kind == .invoice } }
    public var estimates: LazyFilterSequence<[Document]> { documents.lazy.filter { $0.kind == .estimate } }
    public var creditNotes: LazyFilterSequence<[Document]> { documents.lazy.filter { $0.kind == .creditNote } }

    /// The documents a rule looks at, picked by `include` reading each by its position in place,
    /// and only those copied: a `for` over `documents` (or `invoices`, `creditNotes`) copies every
    /// 2.4 KB document it visits, and at 10,000 documents those copies were most of the
    /// cross-document checks' time after a keystroke (the language server).
    func pick(_ include: (_ position: Int) -> Bool) -> [Document] {
        documents.indices.filter(include).map { documents[$0] }
    }

    /// The invoices with a `from_estimate:`: what the estimate rules look at.
    var invoicesFromEstimates: [Document] { pick { documents[$0].kind == .invoice && documents[$0].fromEstimate != nil } }

    /// The invoices some credit note corrects (by number): what the credit-note rules look at.
    var correctedInvoices: [Document] {
        corrections.isEmpty ? [] : pick { documents[$0].kind == .invoice && corrections[documents[$0].number] != nil }
    }

    /// The credit notes, copied out alone (`creditNotes` walks, and copies, every document).
    var creditNoteDocuments: [Document] { pick { documents[$0].kind == .creditNote } }

    /// The credit notes that correct the invoice numbered `number`, in path order.
    public func creditNotes(correcting number: String) -> [Document] { corrections[number, default: []].map { documents[$0] } }

    /// The invoice numbered `number`, if there is one.
    public func invoice(_ number: String) -> Document? { document(number).flatMap { $0.kind == .invoice ? $0 : nil } }

    public func document(_ number: String) -> Document? { positions[number].map { documents[$0] } }

    /// The estimate numbered `number`, if there is one.
    public func estimate(_ number: String) -> Document? { document(number).flatMap { $0.kind == .estimate ? $0 : nil } }
}
