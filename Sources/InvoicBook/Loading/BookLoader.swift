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
    public static func load(at root: String, overrides: [String: [UInt8]] = [:], limits: YAMLLimits = .standard) throws(BookLoadError) -> (Book, [Diagnostic]) {
        let fileManager = FileManager.default
        guard overrides[BookSettings.fileName] != nil || fileManager.fileExists(atPath: join(root, BookSettings.fileName)) else {
            throw .noBook(root)
        }

        var paths = [BookSettings.fileName]
        paths += yamlFiles(in: root, folder: "clients", recursive: false)
        for kind in DocumentKind.allCases {
            paths += yamlFiles(in: root, folder: kind.folder, recursive: true)
        }
        paths = Array(Set(paths).union(overrides.keys)).sorted { $0 == BookSettings.fileName || ($1 != BookSettings.fileName && $0 < $1) }
        let decoded = parallelMap(paths) { path in decode(path: path, root: root, override: overrides[path], limits: limits) }

        var diagnostics: [Diagnostic] = []
        var sources: [String: SourceFile] = [:]
        var settings = BookSettings(business: Contact(name: ""))
        var clients: [String: Client] = [:]
        var documents: [Document] = []
        var unreadable: [(kind: DocumentKind, number: String, file: String)] = []
        var unreadableClients: Set<String> = []
        for (path, file) in zip(paths, decoded) {
            diagnostics += file.diagnostics
            sources[file.source.path] = file.source
            switch file.content {
            case .settings(let value): settings = value
            case .client(let client): clients[client.id] = client
            case .document(let document): documents.append(document)
            case .nothing:
                if let kind = DocumentKind.allCases.first(where: { path.hasPrefix($0.folder + "/") }) {
                    unreadable.append((kind, stem(path), path))
                } else if path.hasPrefix("clients/") {
                    unreadableClients.insert(stem(path))
                }
            }
        }
        var book = Book(root: root, settings: settings, clients: clients, documents: documents, sources: sources)
        book.unreadable = unreadable
        book.unreadableClients = unreadableClients
        return (book, diagnostics)
    }

    private enum Content: Sendable {
        case settings(BookSettings), client(Client), document(Document), nothing
    }

    private struct DecodedFile: Sendable {
        var source: SourceFile
        var content: Content
        var diagnostics: [Diagnostic]
    }

    private static func decode(path: String, root: String, override: [UInt8]?, limits: YAMLLimits) -> DecodedFile {
        let parsed: ParsedYAML
        switch override.map({ .success($0) }) ?? read(join(root, path), limit: limits.maxFileSize) {
        case .success(let bytes):
            parsed = YAMLParser.parse(bytes, path: path, limits: limits)
        case .failure(let problem):
            let diagnostic = Diagnostic.error(problem.code, problem.message, file: path, help: problem.help)
            return DecodedFile(source: SourceFile(path: path, text: ""), content: .nothing, diagnostics: [diagnostic])
        }
        var reader = FileReader(file: path)
        reader.diagnostics = parsed.diagnostics
        // A file that did not parse says nothing more; its own error is the one to fix.
        let content: Content
        if parsed.diagnostics.contains(where: { $0.code != "duplicate-key" }) {
            content = .nothing
        } else if path == BookSettings.fileName {
            content = .settings(BookSettings.decode(parsed.root, reader: &reader))
        } else if path.hasPrefix("clients/") {
            content = Client.decode(parsed.root, id: stem(path), file: path, reader: &reader).map(Content.client) ?? .nothing
        } else {
            let kind: DocumentKind = path.hasPrefix("invoices/") ? .invoice : .estimate
            content = Document.decode(parsed.root, kind: kind, number: stem(path), file: path, reader: &reader)
                .map(Content.document) ?? .nothing
        }
        return DecodedFile(source: parsed.source, content: content, diagnostics: reader.diagnostics)
    }

    struct ReadProblem: Error {
        var code: String
        var message: String
        var help: String?
    }

    /// Reads a regular file (or a link to one) without ever taking more than `limit` bytes into
    /// memory. Anything else (a directory, a FIFO that would block, a device) is refused.
    static func read(_ path: String, limit: Int) -> Result<[UInt8], ReadProblem> {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return .failure(ReadProblem(code: "unreadable-file", message: "cannot read the file (\(String(cString: strerror(errno))))",
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
            return .failure(ReadProblem(code: "unreadable-file", message: "is \(isLink ? "a link to " : "")\(kind), not a file",
                                        help: "a book holds plain YAML files; remove this entry or rename it"))
        }
        guard Int(info.st_size) <= limit else {
            return .failure(ReadProblem(code: "resource-limit", message: "file is \(info.st_size) bytes, more than the limit of \(limit)",
                                        help: "one document per file; a real invoice is about a kilobyte"))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(ReadProblem(code: "unreadable-file", message: "cannot open the file for reading",
                                        help: "check its permissions"))
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
        guard data.count <= limit else {
            return .failure(ReadProblem(code: "resource-limit", message: "file grew past the limit of \(limit) bytes while being read", help: nil))
        }
        return .success([UInt8](data))
    }

    /// `.yaml` and `.yml` files below `folder`, relative to the book, sorted; hidden entries are skipped.
    static func yamlFiles(in root: String, folder: String, recursive: Bool) -> [String] {
        let base = join(root, folder)
        let fileManager = FileManager.default
        var result: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let directory = relative.isEmpty ? base : join(base, relative)
            guard let names = try? fileManager.contentsOfDirectory(atPath: directory) else { continue }
            for name in names where !name.hasPrefix(".") {
                let path = relative.isEmpty ? name : relative + "/" + name
                // lstat: a linked directory is not followed, so a link loop cannot trap the walk.
                let type = (try? fileManager.attributesOfItem(atPath: join(base, path)))?[.type] as? FileAttributeType
                if type == .typeDirectory {
                    if recursive { pending.append(path) }
                } else if name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                    result.append(folder + "/" + path)
                }
            }
        }
        return result.sorted()
    }

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

/// Maps on all cores, keeping the input order, so results never depend on scheduling.
func parallelMap<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
    let slots = ResultSlots<R>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
        slots.store(transform(items[index]), at: index)
    }
    return slots.filled.map { $0! }
}

/// Write-once slots filled from many threads: each index is written by exactly one iteration.
private final class ResultSlots<R>: @unchecked Sendable {
    private let base: UnsafeMutableBufferPointer<R?>

    init(count: Int) {
        base = .allocate(capacity: count)
        base.initialize(repeating: nil)
    }

    func store(_ value: R, at index: Int) { base[index] = value }

    deinit { base.deinitialize().deallocate() }

    fileprivate var filled: [R?] { Array(base) }
}
