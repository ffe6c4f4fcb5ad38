import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicPeppol
import InvoicYAML

/// `outbox/<year>/<number>/sdi.yaml`, beside Peppol's record in the same folder: every FatturaPA
/// file `invoic sdi send` mailed to the SdI for one document (the bytes kept beside it), each
/// state it went through, and the SdI's receipts (their XML kept beside it too). invoic writes it.
public struct SDIRecord: Sendable, Equatable {
    public enum State: String, Sendable, CaseIterable {
        /// Written before the mail left: a record left here means invoic stopped before the SMTP
        /// server said it took the message, so whether it left is unknown.
        case recorded
        /// The SMTP server took the message (the PEC provider's receipt of acceptance follows).
        case sent
        /// The SMTP server refused it: not sent.
        case failed
        /// RC: delivered to the buyer.
        case delivered
        /// NS: rejected; the invoice is as if never issued, to be fixed and sent again.
        case rejected
        /// MC: not delivered; the buyer finds it in its reserved area, to be told so.
        case undelivered
        /// DT: a public body let the 15 days pass.
        case expired
        /// AT: transmitted to a public body that could not be reached.
        case attested
        /// NE EC01 / EC02: a public body accepted or refused it.
        case accepted, refused

        init(receipt: SDIReceipt) {
            switch receipt.kind {
            case .rc: self = .delivered
            case .ns: self = .rejected
            case .mc: self = .undelivered
            case .dt: self = .expired
            case .at: self = .attested
            case .ne: self = receipt.outcome == "EC02" ? .refused : .accepted
            case .ec, .se: self = .sent
            }
        }
    }

    public struct Event: Sendable, Equatable {
        public var at: String
        public var state: State
        public var detail: String?
        /// The receipt that brought the state, kept beside the record.
        public var receipt: String?
        public var sdiID: String?
        /// The address the receipt's mail came from: the SdI's, which the next file is mailed to.
        public var from: String?
        public var errors: [SDIReceipt.Error] = []

        public init(at: String, state: State, detail: String? = nil, receipt: String? = nil, sdiID: String? = nil, from: String? = nil, errors: [SDIReceipt.Error] = []) {
            (self.at, self.state, self.detail, self.receipt, self.sdiID, self.from, self.errors) = (at, state, detail, receipt, sdiID, from, errors)
        }
    }

    public struct Attempt: Sendable, Equatable {
        public var progressive: String
        /// The file name mailed (`IT..._00007.xml`), kept beside the record with the bytes sent.
        public var file: String
        public var sha256: String
        public var to: String
        public var messageID: String
        public var resendReason: String?
        public var history: [Event]

        public init(progressive: String, file: String, sha256: String, to: String, messageID: String, resendReason: String?, history: [Event]) {
            (self.progressive, self.file, self.sha256, self.to, self.messageID, self.resendReason, self.history) = (progressive, file, sha256, to, messageID, resendReason, history)
        }

        public var state: State { history.last?.state ?? .recorded }
        public var since: String? { history.last?.at }
        /// The SdI's id of the file, from its first receipt.
        public var sdiID: String? { history.lazy.compactMap(\.sdiID).first }
        /// The receipt files attached, by name.
        public var receipts: [String] { history.compactMap(\.receipt) }
        /// The errors of the last rejection.
        public var errors: [SDIReceipt.Error] { history.last { $0.state == .rejected }?.errors ?? [] }
    }

    public var number: String
    public var attempts: [Attempt]

    public init(number: String, attempts: [Attempt] = []) {
        self.number = number
        self.attempts = attempts
    }

    public var current: Attempt? { attempts.last }

    public func yaml() -> String {
        func scalar(_ text: String) -> String { YAMLText.scalar(text) }
        func quoted(_ text: String) -> String { YAMLText.quoted(text) }
        var lines = [
            "# invoic sdi: every FatturaPA file of \(number) mailed to the SdI and its receipts, written by invoic.",
            "number: \(scalar(number))",
            "attempts:",
        ]
        for attempt in attempts {
            lines.append("  - progressive: \(quoted(attempt.progressive))")
            lines.append("    file: \(scalar(attempt.file))")
            lines.append("    sha256: \(quoted(attempt.sha256))")
            lines.append("    to: \(scalar(attempt.to))")
            lines.append("    message_id: \(scalar(attempt.messageID))")
            if let reason = attempt.resendReason { lines.append("    resend_reason: \(scalar(reason))") }
            lines.append("    history:")
            for event in attempt.history {
                lines.append("      - at: \(scalar(event.at))")
                lines.append("        state: \(event.state.rawValue)")
                if let detail = event.detail { lines.append("        detail: \(scalar(detail))") }
                if let receipt = event.receipt { lines.append("        receipt: \(scalar(receipt))") }
                if let id = event.sdiID { lines.append("        sdi_id: \(quoted(id))") }
                if let from = event.from { lines.append("        from: \(scalar(from))") }
                if !event.errors.isEmpty {
                    lines.append("        errors:")
                    for error in event.errors {
                        lines.append("          - code: \(quoted(error.code))")
                        lines.append("            description: \(scalar(error.description))")
                    }
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func parse(_ bytes: [UInt8], path: String) -> Result<SDIRecord, SDIError> {
        let parsed = YAMLParser.parse(bytes, path: path, limits: .standard)
        guard parsed.diagnostics.isEmpty, let root = parsed.root, root.mapping != nil else {
            return .failure(SDIError("\(path) is not an SdI record: \(parsed.diagnostics.first?.message ?? "not a mapping")"))
        }
        func text(_ node: YAMLNode?, _ key: String) -> String? { node?[key]?.scalar.flatMap { $0.isNull ? nil : $0.text } }
        guard let number = text(root, "number") else { return .failure(SDIError("\(path) names no `number`")) }
        var record = SDIRecord(number: number)
        for node in root["attempts"]?.sequence ?? [] {
            guard let progressive = text(node, "progressive"), let file = text(node, "file"), let sha = text(node, "sha256"),
                  let to = text(node, "to"), let messageID = text(node, "message_id") else {
                return .failure(SDIError("\(path):\(node.range.start.line): an attempt lacks one of progressive, file, sha256, to, message_id"))
            }
            var history: [Event] = []
            for entry in node["history"]?.sequence ?? [] {
                guard let at = text(entry, "at"), let state = text(entry, "state").flatMap(State.init(rawValue:)) else {
                    return .failure(SDIError("\(path):\(entry.range.start.line): a history entry needs `at` and a known `state`"))
                }
                let errors = (entry["errors"]?.sequence ?? []).map { SDIReceipt.Error(code: text($0, "code") ?? "?", description: text($0, "description") ?? "") }
                history.append(Event(at: at, state: state, detail: text(entry, "detail"), receipt: text(entry, "receipt"),
                                     sdiID: text(entry, "sdi_id"), from: text(entry, "from"), errors: errors))
            }
            record.attempts.append(Attempt(progressive: progressive, file: file, sha256: sha, to: to, messageID: messageID,
                                           resendReason: text(node, "resend_reason"), history: history))
        }
        return .success(record)
    }
}

/// The SdI records of a book: `sdi.yaml` in each document's outbox folder (Peppol's folder,
/// `Outbox.folder(for:)`), read and written under the book's lock.
public struct SDIOutbox: Sendable {
    public let root: String
    public static let recordName = "sdi.yaml"
    /// Where the SdI's PEC mail goes before it has answered from an address of its own.
    public static let firstAddress = "sdi01@pec.fatturapa.it"

    public init(root: String) { self.root = root }

    public static func path(for document: Document) -> String {
        BookLoader.join(Outbox.folder(for: document), recordName)
    }

    public func record(for document: Document) throws(SDIError) -> SDIRecord? {
        let relative = Self.path(for: document)
        guard let data = FileManager.default.contents(atPath: BookLoader.join(root, relative)) else { return nil }
        return try SDIRecord.parse(Array(data), path: relative).get()
    }

    /// Every record, by its path relative to the book; unreadable ones as failures.
    public func allRecords() -> [(path: String, record: Result<SDIRecord, SDIError>)] {
        let base = BookLoader.join(root, Outbox.folderName)
        guard let years = try? FileManager.default.contentsOfDirectory(atPath: base) else { return [] }
        var found: [(String, Result<SDIRecord, SDIError>)] = []
        for year in years.sorted() where !year.hasPrefix(".") {
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: base + "/" + year)) ?? []
            for folder in folders.sorted() where !folder.hasPrefix(".") {
                let relative = "\(Outbox.folderName)/\(year)/\(folder)/\(Self.recordName)"
                guard let data = FileManager.default.contents(atPath: BookLoader.join(root, relative)) else { continue }
                found.append((relative, SDIRecord.parse(Array(data), path: relative)))
            }
        }
        return found
    }

    /// The address the SdI last answered from (a receipt's mail, from an address of the SdI's
    /// domain), else its first one: Specifiche 1.9 4.2, the SdI assigns each sender a channel
    /// address (sdiNN@pec.fatturapa.it) with its first answer.
    public func sdiAddress() -> String {
        var latest: (at: String, from: String)?
        for case (_, .success(let record)) in allRecords() {
            for attempt in record.attempts {
                for event in attempt.history {
                    if let from = event.from, latest.map({ event.at >= $0.at }) ?? true { latest = (event.at, from) }
                }
            }
        }
        return latest?.from ?? Self.firstAddress
    }

    /// The progressives any attempt of the book went with: never given again.
    public func usedProgressives() -> Set<String> {
        var used: Set<String> = []
        for case (_, .success(let record)) in allRecords() { used.formUnion(record.attempts.map(\.progressive)) }
        return used
    }

    /// Writes the record and, when given, a file beside it (the bytes mailed, a receipt), the
    /// record last and each atomically: a record never names a file that is not there.
    public func write(_ record: SDIRecord, for document: Document, files: [(name: String, bytes: [UInt8])] = []) throws(SDIError) {
        let folder = BookLoader.join(root, Outbox.folder(for: document))
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let temporary = try? BookLock.prepareFolder(of: root)
            for file in files {
                try AtomicFile.write(file.bytes, to: folder + "/" + file.name, temporaryDirectory: temporary)
            }
            try AtomicFile.write(Array(record.yaml().utf8), to: folder + "/" + Self.recordName, temporaryDirectory: temporary)
        } catch {
            throw SDIError("cannot write the SdI record of \(record.number): \(error)")
        }
    }
}
