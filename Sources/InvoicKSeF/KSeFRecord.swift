import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicPeppol
import InvoicYAML

/// `outbox/<year>/<number>/ksef.yaml`, beside Peppol's record of the same document: what
/// `invoic ksef send` gave KSeF and what became of it. Each attempt is written before the invoice
/// leaves (`recorded`, with the session it goes into), so a run killed or cut off mid-call is
/// reconciled by asking KSeF for that session's invoices, never by sending blindly again.
public struct KSeFRecord: Sendable, Equatable {
    public enum State: String, Sendable {
        /// Written before the invoice was sent into `session`: KSeF may or may not have it.
        case recorded
        /// KSeF took it (an invoice reference number) and is processing it.
        case submitted
        /// KSeF gave it its KSeF number; the UPO is kept beside the record.
        case accepted
        /// KSeF refused it (its status code and reason); a changed file may be sent again.
        case rejected
    }

    public struct Event: Sendable, Equatable {
        public var at: String
        public var state: State
        public var detail: String?

        public init(at: String, state: State, detail: String?) {
            self.at = at
            self.state = state
            self.detail = detail
        }
    }

    public struct Attempt: Sendable, Equatable {
        /// The API the attempt went to (the environment's, or a stand-in's).
        public var url: String
        /// The FA(3) file sent, beside the record.
        public var file: String
        /// Base64 of the SHA-256 of the file, as KSeF names it (and as KOD I hashes it).
        public var sha256: String
        public var offline: Bool
        public var session: String
        public var invoiceReference: String?
        public var ksefNumber: String?
        /// The UPO's file, beside the record.
        public var upo: String?
        public var history: [Event]

        public init(url: String, file: String, sha256: String, offline: Bool, session: String, invoiceReference: String?,
                    ksefNumber: String?, upo: String?, history: [Event]) {
            self.url = url
            self.file = file
            self.sha256 = sha256
            self.offline = offline
            self.session = session
            self.invoiceReference = invoiceReference
            self.ksefNumber = ksefNumber
            self.upo = upo
            self.history = history
        }

        public var state: State { history.last?.state ?? .recorded }
    }

    public var number: String
    public var attempts: [Attempt] = []

    public init(number: String, attempts: [Attempt] = []) {
        self.number = number
        self.attempts = attempts
    }

    public var current: Attempt? { attempts.last }

    public func yaml() -> String {
        func scalar(_ text: String) -> String { YAMLText.scalar(text) }
        func id(_ text: String) -> String { YAMLText.quoted(text) }
        var lines = [
            "# invoic ksef: every sending of \(number) to KSeF, written by invoic.",
            "number: \(scalar(number))",
            "attempts:",
        ]
        for attempt in attempts {
            lines.append("  - url: \(scalar(attempt.url))")
            lines.append("    file: \(scalar(attempt.file))")
            lines.append("    sha256: \(id(attempt.sha256))")
            lines.append("    offline: \(attempt.offline)")
            lines.append("    session: \(id(attempt.session))")
            if let reference = attempt.invoiceReference { lines.append("    invoice_reference: \(id(reference))") }
            if let number = attempt.ksefNumber { lines.append("    ksef_number: \(id(number))") }
            if let upo = attempt.upo { lines.append("    upo: \(scalar(upo))") }
            lines.append("    history:")
            for event in attempt.history {
                lines.append("      - at: \(scalar(event.at))")
                lines.append("        state: \(event.state.rawValue)")
                if let detail = event.detail { lines.append("        detail: \(scalar(detail))") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func parse(_ bytes: [UInt8], path: String) throws(KSeFError) -> KSeFRecord {
        let parsed = YAMLParser.parse(bytes, path: path, limits: .standard)
        guard parsed.diagnostics.isEmpty, let root = parsed.root, root.mapping != nil else {
            throw KSeFError("\(path) is not a KSeF outbox record: \(parsed.diagnostics.first?.message ?? "not a mapping")")
        }
        func text(_ node: YAMLNode?, _ key: String) -> String? { node?[key]?.scalar.flatMap { $0.isNull ? nil : $0.text } }
        guard let number = text(root, "number") else { throw KSeFError("\(path) names no `number`") }
        var record = KSeFRecord(number: number)
        for node in root["attempts"]?.sequence ?? [] {
            guard let url = text(node, "url"), let file = text(node, "file"), let sha = text(node, "sha256"), let session = text(node, "session") else {
                throw KSeFError("\(path):\(node.range.start.line): an attempt lacks one of url, file, sha256, session")
            }
            var history: [Event] = []
            for entry in node["history"]?.sequence ?? [] {
                guard let at = text(entry, "at"), let state = text(entry, "state").flatMap(State.init(rawValue:)) else {
                    throw KSeFError("\(path):\(entry.range.start.line): a history entry needs `at` and a known `state`")
                }
                history.append(Event(at: at, state: state, detail: text(entry, "detail")))
            }
            record.attempts.append(Attempt(url: url, file: file, sha256: sha, offline: text(node, "offline") == "true", session: session,
                                           invoiceReference: text(node, "invoice_reference"), ksefNumber: text(node, "ksef_number"),
                                           upo: text(node, "upo"), history: history))
        }
        return record
    }

    // MARK: - In the book

    public static let recordName = "ksef.yaml"

    /// The record's path, relative to the book: Peppol's outbox folder of the document.
    public static func path(for document: Document) -> String {
        BookLoader.join(Outbox.folder(for: document), recordName)
    }

    public static func read(for document: Document, root: String) throws(KSeFError) -> KSeFRecord? {
        let relative = path(for: document)
        guard let data = FileManager.default.contents(atPath: BookLoader.join(root, relative)) else { return nil }
        return try parse(Array(data), path: relative)
    }

    /// Writes the files given, then the record (atomically, the record last: it never names a
    /// file that is not there). The caller holds the book's lock.
    public func write(for document: Document, root: String, files: [(name: String, bytes: [UInt8])] = []) throws(KSeFError) {
        let folder = BookLoader.join(root, Outbox.folder(for: document))
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let temporary = try? BookLock.prepareFolder(of: root)
            for file in files { try AtomicFile.write(file.bytes, to: folder + "/" + file.name, temporaryDirectory: temporary) }
            try AtomicFile.write(Array(yaml().utf8), to: folder + "/" + Self.recordName, temporaryDirectory: temporary)
        } catch {
            throw KSeFError("cannot write the KSeF record of \(number): \(error)")
        }
    }

    mutating func append(_ state: State, _ detail: String? = nil, at time: String) {
        attempts[attempts.count - 1].history.append(Event(at: time, state: state, detail: detail))
    }
}
