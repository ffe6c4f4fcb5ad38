import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicPeppol
import InvoicYAML

/// One file to hand to the platform through the Flow Service: an invoice (UBL, CII, Factur-X),
/// and after the merge the seller's own CDAR status messages and the e-reporting (FRR) files.
/// Whatever it is, it is sent once, through `FlowSender`, with its record at `folder/recordName`.
public struct Flow: Sendable {
    /// What the messages call it, e.g. the invoice's number.
    public var label: String
    /// The file's name, in the flowInfo and beside the record.
    public var fileName: String
    /// The annex's FlowSyntax: CII, UBL, Factur-X, CDAR, FRR.
    public var syntax: String
    /// The annex's FlowProfile (Basic, CIUS, Extended-CTC-FR), where one applies.
    public var profile: String?
    /// The annex's ProcessingRule (B2B, B2BInt, B2C, ...), where the sender knows it.
    public var processingRule: String?
    public var bytes: [UInt8]
    /// The folder, relative to the book, that keeps the record and the bytes sent (an invoice's
    /// `outbox/<year>/<number>/`, beside Peppol's and KSeF's records of the same document).
    public var folder: String
    /// The record's name in `folder`: `pa.yaml` for the invoice; another flow about the same
    /// document (its CDAR status) names its own.
    public var recordName: String

    public init(label: String, fileName: String, syntax: String, profile: String? = nil, processingRule: String? = nil,
                bytes: [UInt8], folder: String, recordName: String = FlowRecord.invoiceRecordName) {
        self.label = label
        self.fileName = fileName
        self.syntax = syntax
        self.profile = profile
        self.processingRule = processingRule
        self.bytes = bytes
        self.folder = folder
        self.recordName = recordName
    }

    /// The media type the annex's `file` part takes.
    public var mediaType: String { syntax == "Factur-X" ? "application/pdf" : "application/xml" }

    public var recordPath: String { BookLoader.join(folder, recordName) }
}

/// `<folder>/pa.yaml`: every deposit of one flow at the platform, each written before the flow
/// leaves (`recorded`, with its tracking id), so that a run killed or cut off mid-call is settled
/// by searching the platform for that tracking id, never by depositing blindly again.
public struct FlowRecord: Sendable, Equatable {
    public static let invoiceRecordName = "pa.yaml"

    public enum State: String, Sendable {
        /// Written before the deposit: the platform may or may not have the flow.
        case recorded
        /// The platform took it (HTTP 202, a flowId); its checks have not answered yet.
        case deposited
        /// The platform's acknowledgement is Ok (anti-virus, integrity, rules, unicity passed).
        case accepted
        /// The platform took it, and its acknowledgement is Error: the reasons are in the detail.
        case rejected
        /// The platform did not take it (HTTP 400, 413, 422): nothing deposited; why.
        case refused
    }

    public struct Event: Sendable, Equatable {
        public var at: String
        public var state: State
        public var detail: String?
    }

    public struct Attempt: Sendable, Equatable {
        /// invoic's trackingId of the deposit: what finds the flow again after a lost answer.
        public var trackingID: String
        public var url: String
        public var file: String
        public var syntax: String
        public var profile: String?
        public var processingRule: String?
        public var sha256: String
        public var flowID: String?
        public var resendReason: String?
        public var history: [Event]

        public var state: State { history.last?.state ?? .recorded }
        public var since: String? { history.last?.at }
    }

    public var flow: String
    public var attempts: [Attempt] = []

    public init(flow: String, attempts: [Attempt] = []) {
        self.flow = flow
        self.attempts = attempts
    }

    public var current: Attempt? { attempts.last }

    mutating func append(_ state: State, _ detail: String?, at time: String) {
        attempts[attempts.count - 1].history.append(Event(at: time, state: state, detail: detail))
    }

    public func yaml() -> String {
        func scalar(_ text: String) -> String { YAMLText.scalar(text) }
        func id(_ text: String) -> String { YAMLText.quoted(text) }
        var lines = [
            "# invoic pa: every deposit of \(flow) at the approved platform (AFNOR XP Z12-013 Flow Service), written by invoic.",
            "flow: \(scalar(flow))",
            "attempts:",
        ]
        for attempt in attempts {
            lines.append("  - tracking_id: \(id(attempt.trackingID))")
            lines.append("    url: \(scalar(attempt.url))")
            lines.append("    file: \(scalar(attempt.file))")
            lines.append("    syntax: \(scalar(attempt.syntax))")
            if let profile = attempt.profile { lines.append("    profile: \(scalar(profile))") }
            if let rule = attempt.processingRule { lines.append("    processing_rule: \(scalar(rule))") }
            lines.append("    sha256: \(id(attempt.sha256))")
            if let flowID = attempt.flowID { lines.append("    flow_id: \(id(flowID))") }
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

    public static func parse(_ bytes: [UInt8], path: String) throws(PlatformError) -> FlowRecord {
        let parsed = YAMLParser.parse(bytes, path: path, limits: .standard)
        guard parsed.diagnostics.isEmpty, let root = parsed.root, root.mapping != nil else {
            throw PlatformError("\(path) is not a platform record: \(parsed.diagnostics.first?.message ?? "not a mapping")")
        }
        func text(_ node: YAMLNode?, _ key: String) -> String? { node?[key]?.scalar.flatMap { $0.isNull ? nil : $0.text } }
        guard let flow = text(root, "flow") else { throw PlatformError("\(path) names no `flow`") }
        var record = FlowRecord(flow: flow)
        for node in root["attempts"]?.sequence ?? [] {
            guard let tracking = text(node, "tracking_id"), let url = text(node, "url"), let file = text(node, "file"),
                  let syntax = text(node, "syntax"), let sha = text(node, "sha256") else {
                throw PlatformError("\(path):\(node.range.start.line): an attempt lacks one of tracking_id, url, file, syntax, sha256")
            }
            var history: [Event] = []
            for entry in node["history"]?.sequence ?? [] {
                guard let at = text(entry, "at"), let state = text(entry, "state").flatMap(State.init(rawValue:)) else {
                    throw PlatformError("\(path):\(entry.range.start.line): a history entry needs `at` and a known `state`")
                }
                history.append(Event(at: at, state: state, detail: text(entry, "detail")))
            }
            record.attempts.append(Attempt(trackingID: tracking, url: url, file: file, syntax: syntax, profile: text(node, "profile"),
                                           processingRule: text(node, "processing_rule"), sha256: sha, flowID: text(node, "flow_id"),
                                           resendReason: text(node, "resend_reason"), history: history))
        }
        return record
    }

    /// The record at `relative` in the book, nil when there is none.
    public static func read(_ relative: String, root: String) throws(PlatformError) -> FlowRecord? {
        guard let data = FileManager.default.contents(atPath: BookLoader.join(root, relative)) else { return nil }
        return try parse(Array(data), path: relative)
    }

    /// Writes the files given, then the record, atomically (the record last: it never names a
    /// file that is not there). The caller holds the book's lock.
    func write(to folder: String, name: String, root: String, files: [(name: String, bytes: [UInt8])] = []) throws(PlatformError) {
        let path = BookLoader.join(root, folder)
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            let temporary = try? BookLock.prepareFolder(of: root)
            for file in files { try AtomicFile.write(file.bytes, to: path + "/" + file.name, temporaryDirectory: temporary) }
            try AtomicFile.write(Array(yaml().utf8), to: path + "/" + name, temporaryDirectory: temporary)
        } catch {
            throw PlatformError("cannot write the platform record of \(flow): \(error)")
        }
    }
}
