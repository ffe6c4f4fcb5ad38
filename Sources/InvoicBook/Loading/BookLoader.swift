import Dispatch
import Foundation
import InvoicDiagnostics
import InvoicYAML

public enum BookLoadError: Error, Sendable, CustomStringConvertible {
    case noBook(String)

    public var description: String {
        switch self {
        case .noBook(let root):
            return "no \(BookSettings.fileName) in \(root): this is not an invoic book (run `invoic init` to start one, or pass -C DIR)"
        }
    }
}

/// Finds a book's files, parses them in parallel and decodes them into a `Book`.
public enum BookLoader {
    /// - Parameter overrides: file contents by relative path that replace (or add to) what is on
    ///   disk, so an edit can be checked before it is written.
    public static func load(at root: String, overrides: [String: [UInt8]] = [:], limits: BookLimits = .standard,
                            cache: DecodeCache? = nil) throws(BookLoadError) -> (Book, [Diagnostic]) {
        let fileManager = FileManager.default
        guard overrides[BookSettings.fileName] != nil || fileManager.fileExists(atPath: join(root, BookSettings.fileName)) else {
            throw .noBook(root)
        }

        var walk = Walk(root: root, limit: limits.maxFiles)
        var paths = [BookSettings.fileName]
        paths += walk.yamlFiles(in: "clients", recursive: false)
        paths += walk.yamlFiles(in: Recurring.folder, recursive: false)
        for kind in DocumentKind.allCases {
            paths += walk.yamlFiles(in: kind.folder, recursive: true)
        }
        if let folder = walk.exceededIn {
            // Past the bound nothing is read: checking part of a book would report gaps that are not there.
            let diagnostic = Diagnostic.error(
                .resourceLimit, "the book has more than \(limits.maxFiles) files and folders below clients/, invoices/, estimates/ and credit-notes/",
                file: folder,
                help: "a book this large is almost certainly a mistake (a copied folder, a link to a big tree); move old years to a book of their own")
            return (Book(root: root, settings: BookSettings(business: Contact(name: "")), clients: [:], documents: [], sources: [:]), [diagnostic])
        }
        paths = Array(Set(paths).union(overrides.keys)).sorted { $0 == BookSettings.fileName || ($1 != BookSettings.fileName && $0 < $1) }
        let decoded = parallelMap(paths, serialBelow: 32) { path in decode(path: path, root: root, override: overrides[path], limits: limits, cache: cache) }
        cache?.keep(only: Set(paths))
        let (assembled, diagnostics) = assemble(root: root, files: zip(paths, decoded))
        // Received e-invoices and their suppliers (issue 29): records beside their originals.
        let received = PurchaseLoader.load(root: root)
        var book = assembled
        if !received.purchases.isEmpty || !received.suppliers.isEmpty {
            book.received = ReceivedLedger(purchases: received.purchases, suppliers: received.suppliers)
        }
        for (path, source) in received.sources { book.sources[path] = source }
        return (book, diagnostics + received.diagnostics)
    }

    /// Puts decoded files together into a book, in the order given (invoic.yaml first).
    static func assemble(root: String, files: some Sequence<(String, DecodedFile)>) -> (Book, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var sources: [String: SourceFile] = [:]
        var settings = BookSettings(business: Contact(name: ""))
        var clients: [String: Client] = [:]
        var documents: [Document] = []
        var recurring: [Recurring] = []
        var unreadable: [(kind: DocumentKind, number: String, file: String)] = []
        var unreadableClients: Set<String> = []
        // A document is some kilobytes: an array grown by doubling held up to half again as many.
        documents.reserveCapacity(files.underestimatedCount)
        sources.reserveCapacity(files.underestimatedCount)
        for (path, file) in files {
            diagnostics += file.diagnostics
            sources[file.source.path] = file.source
            switch file.content {
            case .settings(let value): settings = value
            case .client(let client): clients[client.id] = client
            case .document(let document): documents.append(document)
            case .recurring(let schedule): recurring.append(schedule)
            case .nothing:
                if let entry = unreadableEntry(path) {
                    unreadable.append(entry)
                } else if path.hasPrefix("clients/") {
                    unreadableClients.insert(stem(path))
                }
            }
        }
        var book = Book(root: root, settings: settings, clients: clients, documents: documents, sources: sources)
        book.recurring = recurring
        book.unreadable = unreadable
        book.unreadableClients = unreadableClients
        return (book, diagnostics)
    }

    /// A document file that decodes to nothing, as `Book.unreadable` keeps it: its number still counts as used.
    static func unreadableEntry(_ path: String) -> (kind: DocumentKind, number: String, file: String)? {
        DocumentKind.allCases.first { path.hasPrefix($0.folder + "/") }.map { ($0, stem(path), path) }
    }

    /// Indirect: inline, every decoded file would take the size of the largest case (a document,
    /// ~2.4 KB), and a book's decoded files are all alive while it is put together.
    indirect enum Content: Sendable {
        case settings(BookSettings), client(Client), document(Document), recurring(Recurring), nothing
    }

    struct DecodedFile: Sendable {
        var source: SourceFile
        var content: Content
        var diagnostics: [Diagnostic]
    }

    static func decode(path: String, root: String, override: [UInt8]?, limits: BookLimits, cache: DecodeCache? = nil) -> DecodedFile {
        if let problem = nameProblem(path, limits: limits) {
            return DecodedFile(source: SourceFile(path: problem.shownPath, text: ""), content: .nothing, diagnostics: [problem.diagnostic])
        }
        let bytes: [UInt8]
        switch override.map({ .success($0) }) ?? read(path, in: root, limit: limits.yaml.maxFileSize) {
        case .success(let read):
            bytes = read
        case .failure(let problem):
            let diagnostic = Diagnostic.error(problem.code, problem.message, file: path, help: problem.help)
            return DecodedFile(source: SourceFile(path: path, text: ""), content: .nothing, diagnostics: [diagnostic])
        }
        guard let kind = BookFileDecoder.Kind(path: path) else {
            return DecodedFile(source: SourceFile(path: path, text: ""), content: .nothing, diagnostics: [])
        }
        if let cached = cache?.file(path, bytes: bytes) { return cached }
        let decoded = BookFileDecoder.decode(bytes, as: kind, path: path, limits: limits)
        let content: Content = decoded.settings.map(Content.settings) ?? decoded.client.map(Content.client)
            ?? decoded.document.map(Content.document) ?? decoded.recurring.map(Content.recurring) ?? .nothing
        let file = DecodedFile(source: decoded.source, content: content, diagnostics: decoded.diagnostics)
        cache?.store(file, path: path, bytes: bytes)
        return file
    }

    struct ReadProblem: Error {
        var code: DiagnosticCode
        var message: String
        var help: String?
    }

    /// Reads a file of the book, `relative` to its `root`, as ``read(_:limit:)`` does, and refuses
    /// one whose real path (links resolved) leaves the book. Its bytes are dropped unseen: the
    /// diagnostic names the file and where it leads, never a line of what it leads to. A device,
    /// a pipe or a missing target keeps its own message from the read; links inside the book stay allowed.
    static func read(_ relative: String, in root: String, limit: Int) -> Result<[UInt8], ReadProblem> {
        let result = read(join(root, relative), limit: limit)
        guard case .success = result, let target = BookPaths.linkOutside(relative, in: root) else { return result }
        return .failure(ReadProblem(
            code: .pathOutsideBook, message: "is a symbolic link to \(printable(target)), outside the book: not read",
            help: "a book reads only its own files: copy the file into the book's folder, or remove the link"))
    }

    /// Reads a regular file (or a link to one) without ever taking more than `limit` bytes into
    /// memory. Anything else (a directory, a FIFO that would block, a device) is refused. The file
    /// is opened without blocking and then examined, so one swapped for a FIFO in between cannot hang.
    static func read(_ path: String, limit: Int) -> Result<[UInt8], ReadProblem> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(ReadProblem(code: .unreadableFile, message: "cannot read the file (\(String(cString: strerror(errno))))",
                                        help: "check that it exists and that its permissions allow reading"))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .failure(ReadProblem(code: .unreadableFile, message: "cannot read the file (\(String(cString: strerror(errno))))",
                                        help: "check that it exists and that its permissions allow reading"))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            var link = stat()
            let isLink = lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK
            let kind = switch info.st_mode & S_IFMT {
            case S_IFDIR: "a directory"
            case S_IFIFO: "a named pipe"
            case S_IFSOCK: "a socket"
            default: "a device"
            }
            return .failure(ReadProblem(code: .unreadableFile, message: "is \(isLink ? "a link to " : "")\(kind), not a file",
                                        help: "a book holds plain YAML files; remove this entry or rename it"))
        }
        guard Int(info.st_size) <= limit else {
            return .failure(ReadProblem(code: .resourceLimit, message: "file is \(info.st_size) bytes, more than the limit of \(limit)",
                                        help: "one document per file; a real invoice is about a kilobyte"))
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else {
                return .failure(ReadProblem(code: .unreadableFile, message: "cannot read the file (\(String(cString: strerror(errno))))", help: nil))
            }
            if read == 0 { break }
            count += read
            if count == bytes.count, count <= limit { bytes += [UInt8](repeating: 0, count: min(64 * 1024, limit + 1 - count)) }
        }
        guard count <= limit else {
            return .failure(ReadProblem(code: .resourceLimit, message: "file grew past the limit of \(limit) bytes while being read", help: nil))
        }
        return .success(Array(bytes[..<count]))
    }

    /// Walks the book's folders, counting every entry seen so a huge or looping tree stops early.
    struct Walk {
        let root: String
        let limit: Int
        private(set) var seen = 0
        /// The folder where the count went past the limit, if it did.
        private(set) var exceededIn: String?
        /// Every folder walked, relative to the book (for a depfile: a new file changes its folder).
        private(set) var folders: [String] = []

        init(root: String, limit: Int) {
            self.root = root
            self.limit = limit
        }

        /// `.yaml` and `.yml` files below `folder`, relative to the book, sorted; hidden entries
        /// are skipped and linked folders are not followed, so a link loop cannot trap the walk.
        /// Reads folders entry by entry: a folder with millions of entries is not read into memory.
        mutating func yamlFiles(in folder: String, recursive: Bool) -> [String] {
            guard exceededIn == nil else { return [] }
            let base = join(root, folder)
            var result: [String] = []
            var pending = [""]
            while let relative = pending.popLast() {
                let directory = relative.isEmpty ? base : join(base, relative)
                guard let handle = opendir(directory) else { continue }
                folders.append(relative.isEmpty ? folder : folder + "/" + relative)
                defer { closedir(handle) }
                while let entry = readdir(handle) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                    }
                    guard name != ".", name != ".." else { continue }
                    seen += 1
                    guard seen <= limit else {
                        exceededIn = folder
                        return []
                    }
                    guard !name.hasPrefix(".") else { continue }
                    let path = relative.isEmpty ? name : relative + "/" + name
                    var isDirectory = entry.pointee.d_type == UInt8(DT_DIR)
                    if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                        // lstat: a linked directory is not a directory here.
                        var info = stat()
                        isDirectory = lstat(join(base, path), &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
                    }
                    if isDirectory {
                        if recursive { pending.append(path) }
                    } else if name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                        result.append(folder + "/" + path)
                    }
                }
            }
            return result.sorted()
        }
    }

    /// A file whose name cannot be a number or client id: control characters (which would reach a
    /// terminal through every message naming it), or more bytes than `maxNameLength`.
    static func nameProblem(_ path: String, limits: BookLimits) -> (shownPath: String, diagnostic: Diagnostic)? {
        guard path != BookSettings.fileName else { return nil }
        let hasControl = path.unicodeScalars.contains { $0.properties.generalCategory == .control }
        let name = stem(path)
        let shown = hasControl ? printable(path) : path
        if hasControl {
            return (shown, .error(
                .invalidFileName, "the file name contains control characters (shown as \\u{..})", file: shown,
                help: "rename the file: its name is a document number or a client id, printed in messages and PDF names"))
        }
        guard name.utf8.count <= limits.maxNameLength else {
            return (shown, .error(
                .invalidFileName, "the file name is \(name.utf8.count) bytes long without .yaml, more than the limit of \(limits.maxNameLength)",
                file: shown, help: "a document number or client id is short, e.g. INV-2026-0042 or acme"))
        }
        return nil
    }

    /// `text` with control characters written as `\u{1B}`, safe to print to a terminal: the one
    /// terminal escaper of InvoicDiagnostics.
    static func printable(_ text: String) -> String { InvoicDiagnostics.printable(text) }

    static func stem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSuffix(".yaml") { return String(name.dropLast(5)) }
        if name.hasSuffix(".yml") { return String(name.dropLast(4)) }
        return name
    }

    /// `root/path`, or `path` alone when the root is the current directory.
    public static func join(_ a: String, _ b: String) -> String {
        a.isEmpty || a == "." ? b : (a.hasSuffix("/") ? a + b : a + "/" + b)
    }
}

/// The files a long-running reader (`invoic serve`) decoded last time, by path and bytes: a file
/// whose bytes did not change is not parsed again. Every file is still read (a changed one is
/// found by its content, not its time), and the book is still priced and checked whole.
public final class DecodeCache: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: (bytes: [UInt8], file: BookLoader.DecodedFile)] = [:]

    public init() {}

    func file(_ path: String, bytes: [UInt8]) -> BookLoader.DecodedFile? {
        lock.withLock { files[path].flatMap { $0.bytes == bytes ? $0.file : nil } }
    }

    func store(_ file: BookLoader.DecodedFile, path: String, bytes: [UInt8]) {
        lock.withLock { files[path] = (bytes, file) }
    }

    /// Forgets files that are gone.
    func keep(only paths: Set<String>) {
        lock.withLock { files = files.filter { paths.contains($0.key) } }
    }
}
