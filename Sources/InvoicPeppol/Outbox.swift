import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicYAML

/// `outbox/<year>/<number>/`: what `invoic peppol send` handed to the provider, kept with the book
/// (and so in git): the exact bytes sent and `peppol.yaml`, the record of every attempt (provider,
/// URL, sender and receiver, document type and process, SHA-256 of the bytes, the provider's id)
/// and each state it went through, with its time. invoic writes it; nobody needs to edit it.
public struct OutboxRecord: Sendable, Equatable {
    public struct Event: Sendable, Equatable {
        /// UTC, ISO 8601 to the second.
        public var at: String
        public var state: TransmissionState
        public var detail: String?

        public init(at: String, state: TransmissionState, detail: String? = nil) {
            self.at = at
            self.state = state
            self.detail = detail
        }
    }

    public struct Attempt: Sendable, Equatable {
        /// invoic's key of the attempt: the idempotency key or reference where the provider takes one.
        public var key: String
        public var provider: String
        public var url: String
        public var sender: String
        public var receiver: String
        public var documentType: String
        public var process: String
        /// The file beside the record that holds the bytes sent.
        public var file: String
        public var sha256: String
        public var providerID: String?
        /// Why this attempt was made although an earlier one was confirmed (`--resend`).
        public var resendReason: String?
        public var history: [Event]

        public var state: TransmissionState { history.last?.state ?? .recorded }
        public var since: String? { history.last?.at }
    }

    public var number: String
    public var attempts: [Attempt]

    public init(number: String, attempts: [Attempt] = []) {
        self.number = number
        self.attempts = attempts
    }

    /// The transmission that counts: the last attempt.
    public var current: Attempt? { attempts.last }

    // MARK: - Text

    public func yaml() -> String {
        func scalar(_ text: String) -> String { YAMLText.scalar(text) }
        // Ids always quoted: `0208:0477472701` is a sexagesimal number to a YAML 1.1 reader.
        func id(_ text: String) -> String { YAMLText.quoted(text) }
        var lines = [
            "# invoic peppol: every transmission of \(number) through an access point, written by invoic.",
            "number: \(scalar(number))",
            "attempts:",
        ]
        for attempt in attempts {
            lines.append("  - key: \(id(attempt.key))")
            lines.append("    provider: \(scalar(attempt.provider))")
            lines.append("    url: \(scalar(attempt.url))")
            lines.append("    sender: \(id(attempt.sender))")
            lines.append("    receiver: \(id(attempt.receiver))")
            lines.append("    document_type: \(scalar(attempt.documentType))")
            lines.append("    process: \(scalar(attempt.process))")
            lines.append("    file: \(scalar(attempt.file))")
            lines.append("    sha256: \(id(attempt.sha256))")
            if let providerID = attempt.providerID { lines.append("    provider_id: \(id(providerID))") }
            if let reason = attempt.resendReason { lines.append("    resend_reason: \(scalar(reason))") }
            lines.append("    history:")
            for event in attempt.history {
                lines.append("      - at: \(scalar(event.at))")
                lines.append("        state: \(event.state.rawValue)")
                if let detail = event.detail { lines.append("        detail: \(scalar(detail))") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a record written by `yaml()`; nil with the reason for anything else.
    public static func parse(_ bytes: [UInt8], path: String) -> Result<OutboxRecord, PeppolError> {
        let parsed = YAMLParser.parse(bytes, path: path, limits: .standard)
        guard parsed.diagnostics.isEmpty, let root = parsed.root, root.mapping != nil else {
            return .failure(PeppolError("\(path) is not an outbox record: \(parsed.diagnostics.first?.message ?? "not a mapping")"))
        }
        func text(_ node: YAMLNode?, _ key: String) -> String? { node?[key]?.scalar.flatMap { $0.isNull ? nil : $0.text } }
        guard let number = text(root, "number") else { return .failure(PeppolError("\(path) names no `number`")) }
        var record = OutboxRecord(number: number)
        for node in root["attempts"]?.sequence ?? [] {
            guard let key = text(node, "key"), let provider = text(node, "provider"), let url = text(node, "url"),
                  let sender = text(node, "sender"), let receiver = text(node, "receiver"), let file = text(node, "file"),
                  let sha = text(node, "sha256") else {
                return .failure(PeppolError("\(path):\(node.range.start.line): an attempt lacks one of key, provider, url, sender, receiver, file, sha256"))
            }
            var history: [Event] = []
            for entry in node["history"]?.sequence ?? [] {
                guard let at = text(entry, "at"), let state = text(entry, "state").flatMap(TransmissionState.init(rawValue:)) else {
                    return .failure(PeppolError("\(path):\(entry.range.start.line): a history entry needs `at` and a known `state`"))
                }
                history.append(Event(at: at, state: state, detail: text(entry, "detail")))
            }
            record.attempts.append(Attempt(
                key: key, provider: provider, url: url, sender: sender, receiver: receiver,
                documentType: text(node, "document_type") ?? "", process: text(node, "process") ?? "", file: file, sha256: sha,
                providerID: text(node, "provider_id"), resendReason: text(node, "resend_reason"), history: history))
        }
        return .success(record)
    }
}

/// The outbox folder of a book, read and written under the book's lock.
public struct Outbox: Sendable {
    public let root: String

    public init(root: String) {
        self.root = root
    }

    public static let folderName = "outbox"
    public static let recordName = "peppol.yaml"

    /// `outbox/<year of issue>/<number>/`, relative to the book.
    public static func folder(for document: Document) -> String {
        document.outboxFolder
    }

    public func record(for document: Document) throws(PeppolError) -> OutboxRecord? {
        try read(BookLoader.join(Self.folder(for: document), Self.recordName))
    }

    func read(_ relative: String) throws(PeppolError) -> OutboxRecord? {
        let path = BookLoader.join(root, relative)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try OutboxRecord.parse(Array(data), path: relative).get()
    }

    /// Every record in the outbox, by its path relative to the book; unreadable ones as failures.
    public func allRecords() -> [(path: String, record: Result<OutboxRecord, PeppolError>)] {
        let base = BookLoader.join(root, Self.folderName)
        guard let years = try? FileManager.default.contentsOfDirectory(atPath: base) else { return [] }
        var found: [(String, Result<OutboxRecord, PeppolError>)] = []
        for year in years.sorted() where !year.hasPrefix(".") {
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: base + "/" + year)) ?? []
            for folder in folders.sorted() where !folder.hasPrefix(".") {
                let relative = "\(Self.folderName)/\(year)/\(folder)/\(Self.recordName)"
                guard let data = FileManager.default.contents(atPath: BookLoader.join(root, relative)) else { continue }
                found.append((relative, OutboxRecord.parse(Array(data), path: relative)))
            }
        }
        return found
    }

    /// Moves the unreadable record of `document` aside, kept in the same folder (and so in git) as
    /// `peppol.unreadable.yaml` (`-2`, `-3`... when there is one): `send --resend` starts a new
    /// record and loses nothing. Returns the name it was given. The caller holds the book's lock.
    public func setAside(for document: Document) throws(PeppolError) -> String {
        let folder = BookLoader.join(root, Self.folder(for: document))
        var name = "peppol.unreadable.yaml"
        var index = 1
        while FileManager.default.fileExists(atPath: folder + "/" + name) {
            index += 1
            name = "peppol.unreadable-\(index).yaml"
        }
        do {
            try FileManager.default.moveItem(atPath: folder + "/" + Self.recordName, toPath: folder + "/" + name)
        } catch {
            throw PeppolError("cannot keep the unreadable outbox record of \(document.number) aside: \(error)")
        }
        return name
    }

    /// Writes the record (and, when given, the bytes sent) atomically, the record last: a record
    /// never names a file that is not there. The caller holds the book's lock.
    public func write(_ record: OutboxRecord, for document: Document, bytes: (name: String, bytes: [UInt8])? = nil) throws(PeppolError) {
        let folder = BookLoader.join(root, Self.folder(for: document))
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let temporary = try? BookLock.prepareFolder(of: root)
            if let bytes {
                try AtomicFile.write(bytes.bytes, to: folder + "/" + bytes.name, temporaryDirectory: temporary)
            }
            try AtomicFile.write(Array(record.yaml().utf8), to: folder + "/" + Self.recordName, temporaryDirectory: temporary)
        } catch {
            throw PeppolError("cannot write the outbox record of \(record.number): \(error)")
        }
    }
}

/// The time as the outbox writes it: UTC, to the second.
public func timestamp(_ date: Date = Date()) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
}
