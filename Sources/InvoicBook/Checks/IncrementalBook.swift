import InvoicDiagnostics

/// One document file decoded, priced and run through the document checks on its own: all that
/// an edit of that file changes, apart from the cross-document checks. A function of the file's
/// text and of the settings and clients it was priced against (nothing else of the book), so a
/// disk cache may keep it under the hash of those.
public struct DocumentUnit: Sendable {
    /// The file, relative to the book.
    public var path: String
    public var source: SourceFile
    /// The document with its figures; nil when the file does not decode to one.
    public var document: Document?
    /// What decoding, pricing and `BookChecker.documentChecks` found in this file alone.
    public var diagnostics: [Diagnostic]

    /// Decodes, prices and checks `bytes` as the document file `path` of `book` (whose
    /// settings and clients it uses; its documents are not read).
    public static func make(path: String, bytes: [UInt8], in book: Book, limits: BookLimits = .standard) -> DocumentUnit {
        let file = BookLoader.decode(path: path, root: book.root, override: bytes, limits: limits)
        var unit = DocumentUnit(path: path, source: file.source, document: nil, diagnostics: file.diagnostics)
        guard case .document(var document) = file.content else { return unit }
        // The same steps as for the whole book: `Book.price` prices each document this way.
        var pricer = DocumentPricer(book: book, document: document)
        document.figures = pricer.price()
        unit.diagnostics += pricer.diagnostics
        let alone = Book(root: book.root, settings: book.settings, clients: book.clients, documents: [document], sources: [:])
        unit.diagnostics += BookChecker.run(BookChecker.documentChecks, on: alone)
        unit.document = document
        return unit
    }
}

/// A checked book kept in memory and checked again after an edit of one document file at the
/// cost of that document: the language server's engine.
///
/// The findings are kept in two parts. The files' own (decoding, pricing, the document checks;
/// see `BookChecker.documentChecks`) are a sum over the files, so an edit takes out the edited
/// file's old share and puts in its new one (`DocumentUnit`). The cross-document checks run on
/// the whole book after each edit. Both parts are the same code `invoic check` runs, and their
/// union sorted is exactly `BookChecker.check` of the edited book (IncrementalBookTests replays
/// random edits to prove it). An edit of anything but a document (invoic.yaml, a client, a
/// schedule), a file not read yet, or one whose old share cannot be found again, reads the whole book.
public final class IncrementalBook: @unchecked Sendable {
    public let root: String
    let limits: BookLimits
    /// The book as last checked, priced.
    public private(set) var book: Book?
    /// Every file's own findings, and what reading the received documents found.
    private var fileDiagnostics: [Diagnostic] = []
    /// The unit of the file edited last: the next keystroke in it starts from there.
    private var last: DocumentUnit?

    public init(root: String, limits: BookLimits = .standard) {
        self.root = root
        self.limits = limits
    }

    /// Reads, prices and checks the whole book, with `overrides` in place of the disk's texts:
    /// `BookChecker.check(at:overrides:)`, keeping the parts an edit needs.
    public func checkAll(overrides: [String: [UInt8]] = [:]) throws(BookLoadError) -> CheckedBook {
        // The old book goes before the new one is read: two would double the memory.
        book = nil
        last = nil
        fileDiagnostics = []
        var (loaded, diagnostics) = try BookLoader.load(at: root, overrides: overrides, limits: limits)
        diagnostics += loaded.price()
        diagnostics += BookChecker.run(BookChecker.documentChecks, on: loaded)
        fileDiagnostics = diagnostics
        book = loaded
        return CheckedBook(book: loaded, diagnostics: (diagnostics + BookChecker.run(BookChecker.crossDocumentChecks, on: loaded)).sorted())
    }

    /// The book with `bytes` as the text of the document file `path`: that file decoded, priced
    /// and checked alone, then the cross-document checks on the whole book. Nil when the edit
    /// needs the whole book read (`checkAll`): no book yet, not a document file, or a file whose
    /// last text cannot be decoded again to what it found (it was unreadable or not UTF-8).
    public func update(path: String, bytes: [UInt8]) -> CheckedBook? {
        guard case .document? = BookFileDecoder.Kind(path: path), BookLoader.nameProblem(path, limits: limits) == nil,
              var current = book.take() else { return nil }
        let old: DocumentUnit?
        if let last, last.path == path {
            old = last
        } else if let source = current.sources[path] {
            old = DocumentUnit.make(path: path, bytes: Array(source.text.utf8), in: current, limits: limits)
        } else {
            old = nil  // a new file, not on disk yet
        }
        if let old, Array(old.source.text.utf8) == bytes {
            book = current
            return CheckedBook(book: current, diagnostics: (fileDiagnostics + BookChecker.run(BookChecker.crossDocumentChecks, on: current)).sorted())
        }
        // The old share must be there to take out; a file read with a problem (too large,
        // a link outside the book, not UTF-8) decodes differently from its text: read it all.
        if let old, !Self.remove(old.diagnostics, from: &fileDiagnostics) {
            book = current
            return nil
        }
        let new = DocumentUnit.make(path: path, bytes: bytes, in: current, limits: limits)
        fileDiagnostics += new.diagnostics
        current.sources[new.source.path] = new.source
        current.replaceDocument(file: path, with: new.document)
        current.unreadable.removeAll { $0.file == path }
        if new.document == nil, let entry = BookLoader.unreadableEntry(path) {
            let index = current.unreadable.firstIndex { $0.file > path } ?? current.unreadable.endIndex
            current.unreadable.insert(entry, at: index)
        }
        last = new
        book = current
        return CheckedBook(book: current, diagnostics: (fileDiagnostics + BookChecker.run(BookChecker.crossDocumentChecks, on: current)).sorted())
    }

    /// Takes each of `part` out of `all` once; false (and `all` unchanged) when one is missing.
    static func remove(_ part: [Diagnostic], from all: inout [Diagnostic]) -> Bool {
        guard !part.isEmpty else { return true }
        var owed: [Diagnostic: Int] = [:]
        for diagnostic in part { owed[diagnostic, default: 0] += 1 }
        var kept: [Diagnostic] = []
        kept.reserveCapacity(all.count)
        for diagnostic in all {
            if let count = owed[diagnostic], count > 0 {
                owed[diagnostic] = count - 1
            } else {
                kept.append(diagnostic)
            }
        }
        guard owed.values.allSatisfy({ $0 == 0 }) else { return false }
        all = kept
        return true
    }
}
