import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicHistory
import InvoicPDF

/// Every file the steps up to the assets read, by content: read once, hashed, and kept so the
/// files a command then decodes are not read again. Over-counting is safe (a file that changes
/// only costs a cache miss); missing one would not be, so each folder the loader, the purchase
/// audit or the renderer reads is listed whole.
struct BookInputs {
    /// The bytes of each file read this run, by path relative to the book; nil: unreadable
    /// (counted as such). A file whose stored digest was trusted (`FileStamps`) was not read and
    /// is not here: `bytes(of:)` reads it.
    var files: [String: [UInt8]?] = [:]
    /// The digest of each file read or trusted.
    var digests: [String: Fingerprint] = [:]
    var key: String
    let root: String
    /// The stamps for the next run, when they are worth writing (new, changed, or racy files
    /// that have since grown old enough to be trusted); nil otherwise.
    private(set) var stampsToKeep: [String: FileStamps.Entry]?

    init(root: String, context: String, stamps: FileStamps = FileStamps()) {
        self.root = root
        var started = timespec()
        clock_gettime(CLOCK_MONOTONIC, &started)
        let limits = BookLimits.standard
        var paths = [(BookSettings.fileName, limits.yaml.maxFileSize)]
        let yamlFolders = ["clients", Recurring.folder] + DocumentKind.allCases.map(\.folder) + ["templates"]
        paths += yamlFolders.flatMap { BookFiles.yaml(below: $0, in: root) }.map { ($0, limits.yaml.maxFileSize) }
        paths += PDFRenderer.bookFonts(root).map { ("fonts/" + ($0 as NSString).lastPathComponent, limits.maxAssetSize) }
        // Received documents: their records and suppliers (YAML) and the originals beside them.
        for folder in [PurchaseLoader.purchasesFolder, PurchaseLoader.suppliersFolder] {
            paths += Self.regularFiles(below: folder, in: root).map { ($0, limits.maxAssetSize) }
        }
        // A file whose stamp is the one stored with its digest is not read (git's stat data).
        var plainFolders: [String: Bool] = [:]
        let trusted = paths.map { stamps.trusted($0.0, in: root, plainFolders: &plainFolders) }
        let unread = zip(paths, trusted).filter { $0.1 == nil }.map(\.0)
        // Serial below 1,000 files: reading and hashing one takes microseconds, and the threads
        // Dispatch starts for them cost more CPU than they save (a 200-invoice book's `invoic pdf
        // N`: ~1.5 ms of thread starts and their kernel time, issue 41 point 10).
        let reads = parallelMap(unread, serialBelow: 1_000) { path, limit -> (bytes: [UInt8]?, digest: Fingerprint?, stamp: FileStamp?) in
            // The stamp before and after the read: a file that changed meanwhile is not stamped.
            let before = FileStamp(path: BookLoader.join(root, path))
            guard let bytes = BookFiles.contents(of: path, in: root, limit: limit) else { return (nil, nil, nil) }
            var file = Fingerprint()
            bytes.withUnsafeBytes { file.add($0) }
            let after = FileStamp(path: BookLoader.join(root, path))
            return (bytes, file, before != nil && before == after ? before : nil)
        }
        var read: [String: (bytes: [UInt8]?, digest: Fingerprint?, stamp: FileStamp?)] = [:]
        read.reserveCapacity(unread.count)
        files.reserveCapacity(unread.count)
        digests.reserveCapacity(paths.count)
        for ((path, _), result) in zip(unread, reads) { read[path] = result }
        var hash = Fingerprint()
        hash.add(context)
        var next: [String: FileStamps.Entry] = [:]
        next.reserveCapacity(paths.count)
        var ripe = false
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        for ((path, _), trustedDigest) in zip(paths, trusted) {
            hash.add(path)
            if let trustedDigest {
                hash.add(trustedDigest)
                digests[path] = trustedDigest
                next[path] = stamps.entries[path]
                continue
            }
            let result = read[path]!
            if let digest = result.digest { hash.add(digest) } else { hash.add("unreadable") }
            files[path] = .some(result.bytes)
            digests[path] = result.digest
            if let digest = result.digest, let stamp = result.stamp {
                next[path] = FileStamps.Entry(stamp: stamp, digest: digest)
                // Read only because it was racy, and old enough now (by this clock: only whether
                // to write; the unit's own time decides the trust).
                if FileStamps.isOld(stamp, comparedWith: (Int64(now.tv_sec), Int64(now.tv_nsec))) { ripe = true }
            }
        }
        key = hash.hex
        var ended = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ended)
        let elapsed = Double(ended.tv_sec - started.tv_sec) + Double(ended.tv_nsec - started.tv_nsec) / 1e9
        if next != stamps.entries || ripe, elapsed < FileStamps.writeWindow { stampsToKeep = next }
    }

    /// Keeps the stamps for the next run, when they are worth writing; written at once, so the
    /// unit's time is within `FileStamps.writeWindow` of the reads.
    func keepStamps() {
        guard let stampsToKeep else { return }
        ContentCache(root: root).store(FileStamps.unit, key: FileStamps.key, FileStamps.bytes(stampsToKeep))
    }

    /// The bytes of `path` for decoding: as read this run, or, for a trusted file, read now and
    /// hashed again. `.failure` when a trusted file's bytes are not those of its digest (the
    /// caller then reads the whole book again); `.success(nil)` for an unreadable file.
    func bytes(of path: String) -> Result<[UInt8]?, ChangedSinceStamped> {
        if let known = files[path] { return .success(known) }
        guard let expected = digests[path] else { return .success(nil) }
        guard let bytes = BookFiles.contents(of: path, in: root, limit: BookLimits.standard.maxAssetSize) else { return .failure(ChangedSinceStamped()) }
        var digest = Fingerprint()
        bytes.withUnsafeBytes { digest.add($0) }
        return digest == expected ? .success(bytes) : .failure(ChangedSinceStamped())
    }

    struct ChangedSinceStamped: Error {}

    /// The key of the book's files and the state of its repository together.
    static func key(_ files: String, and git: String) -> String {
        var hash = Fingerprint()
        hash.add(files)
        hash.add(git)
        return hash.hex
    }

    /// The digest of one file of the book read now (the logo, which only invoic.yaml names).
    static func digest(of path: String, in root: String) -> String {
        guard let bytes = BookFiles.contents(of: path, in: root, limit: BookLimits.standard.maxAssetSize) else { return "unreadable" }
        var file = Fingerprint()
        bytes.withUnsafeBytes { file.add($0) }
        return file.hex
    }

    /// Every regular file below `folder` (hidden entries skipped, links not followed), sorted.
    static func regularFiles(below folder: String, in root: String) -> [String] {
        let base = BookLoader.join(root, folder)
        guard ContentCache.isPlainFolder(base), let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var found: [String] = []
        while let name = walker.nextObject() as? String {
            if (name as NSString).lastPathComponent.hasPrefix(".") { walker.skipDescendants(); continue }
            if (walker.fileAttributes?[.type] as? FileAttributeType) == .typeRegular { found.append(folder + "/" + name) }
            if found.count > BookLimits.standard.maxFiles { break }
        }
        return found.sorted()
    }
}

/// The verdict of the steps up to the assets on a whole book, kept in the book's cache (unit
/// `book`) for the fingerprint of all its inputs: the diagnostics with the texts they quote, what
/// the renderer set up (the CJK fonts or not), and each document's files (its own, its client's,
/// the invoice it corrects), so a command about one document decodes those files only.
struct CheckedBookVerdict: Equatable {
    struct Entry: Equatable {
        var number: String
        var file: String
        /// The files the document is priced and rendered from, besides invoic.yaml.
        var needs: [String]
    }

    var diagnostics: [Diagnostic]
    /// The text of every file a diagnostic points into, as the loader read it.
    var sources: [String: String]
    var cjk: Bool
    /// The logo invoic.yaml names and its digest: its bytes count too, but only the book names it.
    var logo: String?
    var logoDigest: String
    var documents: [Entry]

    static let unit = "book"

    init(_ checked: BookPipeline.Checked, renderer: PDFRenderer, logoDigest: String) {
        let book = checked.book
        diagnostics = checked.diagnostics
        var texts: [String: String] = [:]
        for file in Set(checked.diagnostics.compactMap(\.file)) { texts[file] = checked.sources[file]?.text }
        sources = texts
        cjk = renderer.usesCJK
        logo = book.settings.logo?.value
        self.logoDigest = logoDigest
        documents = book.documents.map { document in
            var needs = [document.file]
            if let client = book.clients[document.client.value]?.file { needs.append(client) }
            if let corrected = document.corrects.flatMap({ book.invoice($0.value) }) { needs.append(corrected.file) }
            return Entry(number: document.number, file: document.file, needs: needs)
        }
    }

    // MARK: - Bytes

    var bytes: [UInt8] {
        var out = UnitWriter()
        out.count(diagnostics.count)
        for diagnostic in diagnostics {
            out.string(diagnostic.severity.rawValue)
            out.string(diagnostic.code.name)
            out.string(diagnostic.message)
            out.optional(diagnostic.file)
            if let range = diagnostic.range {
                out.count(1)
                for value in [range.start.line, range.start.column, range.end.line, range.end.column] { out.count(value) }
            } else {
                out.count(0)
            }
            out.optional(diagnostic.label)
            out.optional(diagnostic.help)
            out.count(diagnostic.notes.count)
            for note in diagnostic.notes { out.string(note) }
            out.optional(diagnostic.replacement)
        }
        out.count(sources.count)
        for (path, text) in sources.sorted(by: { $0.key < $1.key }) {
            out.string(path)
            out.string(text)
        }
        out.count(cjk ? 1 : 0)
        out.optional(logo)
        out.string(logoDigest)
        out.count(documents.count)
        for entry in documents {
            out.string(entry.number)
            out.string(entry.file)
            out.count(entry.needs.count)
            for path in entry.needs { out.string(path) }
        }
        return out.bytes
    }

    init?(bytes: [UInt8]) {
        var reader = UnitReader(bytes: bytes)
        guard let verdict = Self.read(&reader), reader.atEnd else { return nil }
        self = verdict
    }

    private init(diagnostics: [Diagnostic], sources: [String: String], cjk: Bool, logo: String?, logoDigest: String, documents: [Entry]) {
        self.diagnostics = diagnostics
        self.sources = sources
        self.cjk = cjk
        self.logo = logo
        self.logoDigest = logoDigest
        self.documents = documents
    }

    private static func read(_ reader: inout UnitReader) -> CheckedBookVerdict? {
        guard let diagnosticCount = reader.count() else { return nil }
        var diagnostics: [Diagnostic] = []
        for _ in 0..<diagnosticCount {
            guard let severity = reader.string().flatMap(Severity.init(rawValue:)), let code = reader.string(),
                  let message = reader.string(), let file = reader.optional(), let hasRange = reader.count() else { return nil }
            var range: SourceRange?
            if hasRange == 1 {
                guard let startLine = reader.count(), let startColumn = reader.count(), let endLine = reader.count(),
                      let endColumn = reader.count() else { return nil }
                range = SourceRange(start: SourceLocation(line: startLine, column: startColumn), end: SourceLocation(line: endLine, column: endColumn))
            }
            guard let label = reader.optional(), let help = reader.optional(), let noteCount = reader.count() else { return nil }
            var notes: [String] = []
            for _ in 0..<noteCount {
                guard let note = reader.string() else { return nil }
                notes.append(note)
            }
            guard let replacement = reader.optional() else { return nil }
            var diagnostic = Diagnostic(severity, DiagnosticCode(code), message, file: file, range: range, label: label, help: help, notes: notes)
            diagnostic.replacement = replacement
            diagnostics.append(diagnostic)
        }
        guard let sourceCount = reader.count() else { return nil }
        var sources: [String: String] = [:]
        for _ in 0..<sourceCount {
            guard let path = reader.string(), let text = reader.string() else { return nil }
            sources[path] = text
        }
        guard let cjk = reader.count(), let logo = reader.optional(), let logoDigest = reader.string(),
              let documentCount = reader.count() else { return nil }
        var documents: [Entry] = []
        for _ in 0..<documentCount {
            guard let number = reader.string(), let file = reader.string(), let needCount = reader.count() else { return nil }
            var needs: [String] = []
            for _ in 0..<needCount {
                guard let path = reader.string() else { return nil }
                needs.append(path)
            }
            documents.append(Entry(number: number, file: file, needs: needs))
        }
        return CheckedBookVerdict(diagnostics: diagnostics, sources: sources, cjk: cjk == 1, logo: logo, logoDigest: logoDigest, documents: documents)
    }
}

/// Length-prefixed fields: a count as decimal digits and `;`, a string as its UTF-8 byte count,
/// `:` and the bytes; an optional string as `-` (none) or `+` and the string.
struct UnitWriter {
    var bytes: [UInt8] = []

    mutating func count(_ value: Int) { bytes += Array("\(value);".utf8) }

    mutating func string(_ text: String) {
        let utf8 = Array(text.utf8)
        bytes += Array("\(utf8.count):".utf8)
        bytes += utf8
    }

    mutating func optional(_ text: String?) {
        if let text {
            bytes.append(UInt8(ascii: "+"))
            string(text)
        } else {
            bytes.append(UInt8(ascii: "-"))
        }
    }
}

/// Reads what `UnitWriter` wrote; nil for anything else, never past the end.
struct UnitReader {
    let bytes: [UInt8]
    var position = 0

    var atEnd: Bool { position == bytes.count }

    /// A decimal number ended by `terminator`, below a bound no field comes near.
    private mutating func number(endingWith terminator: UInt8) -> Int? {
        var value = 0
        var digits = 0
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == terminator { return digits > 0 ? value : nil }
            guard (0x30...0x39).contains(byte), digits < 10 else { return nil }
            value = value * 10 + Int(byte - 0x30)
            digits += 1
        }
        return nil
    }

    mutating func count() -> Int? { number(endingWith: UInt8(ascii: ";")) }

    mutating func string() -> String? {
        field().map { String(decoding: $0, as: UTF8.self) }
    }

    /// A string's bytes, for fields read as numbers (no String made: `FileStamps` reads hundreds).
    mutating func field() -> ArraySlice<UInt8>? {
        guard let length = number(endingWith: UInt8(ascii: ":")), length <= bytes.count - position else { return nil }
        defer { position += length }
        return bytes[position..<position + length]
    }

    /// `.some(nil)` for an absent value, nil for bytes that are not an optional string.
    mutating func optional() -> String?? {
        guard position < bytes.count else { return nil }
        position += 1
        switch bytes[position - 1] {
        case UInt8(ascii: "-"): return .some(nil)
        case UInt8(ascii: "+"): return string().map { .some($0) }
        default: return nil
        }
    }
}

extension BookPipeline {
    /// What a command about some documents needs (`invoic pdf N`): the steps up to the assets,
    /// with the verdict on the whole book taken from the book's cache when every input file is
    /// byte for byte what it was when the verdict was made, and, for a book judged against its
    /// git history, the repository's state is too (`GitState`: HEAD's commit, the reservation
    /// references, the configs). Then only invoic.yaml and the files of the documents `wanted`
    /// names (their own, their clients', the invoices they correct) are decoded and priced, and
    /// the returned book holds those documents only; the diagnostics and the texts they quote are
    /// the whole book's. Otherwise (no cache, another input, `--staged`, a repository whose state
    /// cannot be read for certain) it is `check()`, and its verdict is stored for the next run.
    /// - Parameter wanted: whether a document (number, file) is asked for.
    public func check(rendering wanted: (_ number: String, _ file: String) -> Bool) throws(PipelineError) -> Checked {
        // The index is what `--staged` checks: not kept.
        guard !staged else { return try check() }
        // rawValue: the case name, as printing it gave, without the reflection printing an enum costs.
        var inputs = BookInputs(root: root, context: "history \(history.rawValue)", stamps: FileStamps.load(root: root))
        inputs.keepStamps()
        let cache = ContentCache(root: root)
        // A verdict made without git is stored under the files' key alone (a book that sits in
        // some repository without keeping its history is not missed on every commit); one made
        // through git under the files' and the repository's.
        // Only a book without a repository of its own can have been judged without git for
        // the same files (invoic.yaml's `history:` and `locked_until:` are among them).
        let filesAlone = history == .skipped || (history == .whenKept && !Self.isRepository(root))
        let git = history == .skipped ? nil : GitState.key(at: root)
        var gitKey = git.map { BookInputs.key(inputs.key, and: $0) }
        for key in (filesAlone ? [inputs.key] : []) + (gitKey.map { [$0] } ?? []) {
            if let payload = cache.load(CheckedBookVerdict.unit, key: key), let verdict = CheckedBookVerdict(bytes: payload),
               verdict.logo.map({ BookInputs.digest(of: $0, in: root) }) ?? "" == verdict.logoDigest {
                if let checked = checked(from: verdict, inputs: inputs, wanted: wanted) { return checked }
                // A file trusted by its stamp has other bytes (a stamp that did not change with
                // them, which the racy rule should exclude): every file is read, the book checked whole.
                inputs = BookInputs(root: root, context: "history \(history)")
                inputs.keepStamps()
                gitKey = git.map { BookInputs.key(inputs.key, and: $0) }
                break
            }
        }
        let checked = try check()
        let settings = checked.book.settings
        // Whether git went into the verdict: as `check(upTo:)` decides to read the history.
        let readGit = history != .skipped
            && (history == .required || Self.isRepository(root) || settings.history || settings.lockedUntil != nil)
        if let renderer = checked.renderer, let key = readGit ? gitKey : inputs.key {
            let logoDigest = settings.logo.map { BookInputs.digest(of: $0.value, in: root) } ?? ""
            cache.store(CheckedBookVerdict.unit, key: key, CheckedBookVerdict(checked, renderer: renderer, logoDigest: logoDigest).bytes)
        }
        return checked
    }

    /// The checked book of a cached verdict: the wanted documents decoded and priced, the renderer
    /// set up as the whole book's was.
    /// Nil when a file trusted by its stamp turns out to have changed.
    private func checked(from verdict: CheckedBookVerdict, inputs: BookInputs, wanted: (String, String) -> Bool) -> Checked? {
        var paths = Set<String>()
        for entry in verdict.documents where wanted(entry.number, entry.file) { paths.formUnion(entry.needs) }
        var contents: [String: [UInt8]] = [:]
        for path in paths.union([BookSettings.fileName]) {
            guard case .success(let bytes) = inputs.bytes(of: path) else { return nil }
            if let bytes { contents[path] = bytes }
        }
        let book = BookLoader.loadPriced(only: paths, at: root, contents: contents)
        var sources: [String: SourceFile] = [:]
        for (path, text) in verdict.sources { sources[path] = SourceFile(path: path, text: text) }
        var checked = Checked(book: book, diagnostics: verdict.diagnostics, sources: sources)
        // The whole book's renderer was made (a verdict is stored only then), so this one is too;
        // should it fail now all the same, nothing is rendered and the reason is said.
        do {
            checked.renderer = try PDFRenderer(book: book, cjk: verdict.cjk)
        } catch {
            checked.diagnostics = (checked.diagnostics + error.diagnostics).sorted()
            for source in error.sources { checked.sources[source.path] = source }
        }
        return checked
    }
}
