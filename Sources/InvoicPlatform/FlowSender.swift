import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicPeppol

/// `invoic pa send` without the command line: one flow deposited at the platform exactly once.
///
/// The book's lock is held from reading the record to writing the answer, so two senders take
/// turns and the second sees the first's record. Each deposit is recorded with its tracking id
/// (the annex's `trackingId`, invoic's key of the attempt) and the bytes before the platform hears
/// of it. An attempt left `recorded` (invoic stopped, the answer lost) is settled by searching the
/// platform's flows for that tracking id: found, it is recorded as the platform has it; not there,
/// the same bytes go again under the same tracking id, so a platform that took the first after
/// all refuses the second by its unicity check, and invoic searches again before recording that.
public struct FlowSender {
    public enum Outcome: Sendable {
        /// Deposited now.
        case deposited(FlowRecord.Attempt)
        /// An interrupted deposit turned out to have reached the platform: recorded, not sent again.
        case resolved(FlowRecord.Attempt)
    }

    let root: String
    let api: PlatformAPI
    let now: () -> Date

    public init(root: String, api: PlatformAPI, now: @escaping () -> Date = Date.init) {
        self.root = root
        self.api = api
        self.now = now
    }

    private var time: String { timestamp(now()) }

    public func send(_ flow: Flow, resend reason: String?) throws(PlatformError) -> Outcome {
        let lock: BookLock
        do { lock = try BookLock(root: root) } catch { throw PlatformError("\(error)") }
        defer { withExtendedLifetime(lock) {} }

        var record = try FlowRecord.read(flow.recordPath, root: root) ?? FlowRecord(flow: flow.label)
        let sha = SHA256.hex(flow.bytes)
        var again = false
        if let current = record.current {
            switch current.state {
            case .recorded:
                if let found = try find(current.trackingID) {
                    record.attempts[record.attempts.count - 1].flowID = found.id
                    record.append(found.state, found.detail ?? "found at the platform by its tracking id after an interrupted deposit; not deposited again", at: time)
                    try write(record, flow)
                    return .resolved(record.attempts[record.attempts.count - 1])
                }
                if current.sha256 == sha {
                    again = true
                    record.append(.recorded, "no flow with this tracking id at the platform: deposited again under the same tracking id", at: time)
                } else {
                    record.append(.refused, "no flow with this tracking id at the platform; replaced by a later attempt with other bytes", at: time)
                }
            case .deposited, .accepted:
                guard reason != nil else {
                    throw PlatformError("\(flow.label) was deposited at the platform at \(current.history.first { $0.state == .deposited }?.at ?? current.since ?? "?") (flow id \(current.flowID ?? "?"), \(current.state.rawValue)); `invoic pa send \(flow.label) --resend REASON` deposits it again")
                }
            case .rejected:
                // Taken, and its checks failed: the same bytes would fail the same way.
                if current.sha256 == sha, reason == nil {
                    throw PlatformError("the platform rejected these same bytes of \(flow.label) (\(current.history.last?.detail ?? "no reason given")); change the document (its new file is a new attempt), or `--resend REASON` deposits them again")
                }
            case .refused:
                // Never taken (refused credentials, a refused file): a new attempt duplicates nothing.
                break
            }
        }

        if !again {
            let file = record.attempts.contains { $0.file == flow.fileName && $0.sha256 != sha }
                ? Self.numbered(flow.fileName, record.attempts.count + 1) : flow.fileName
            record.attempts.append(FlowRecord.Attempt(
                trackingID: UUID().uuidString.lowercased(), url: api.flowURL, file: file, syntax: flow.syntax, profile: flow.profile,
                processingRule: flow.processingRule, sha256: sha, flowID: nil, resendReason: record.attempts.isEmpty ? nil : reason,
                history: [FlowRecord.Event(at: time, state: .recorded, detail: nil)]))
            // Recorded, with the bytes, before the platform hears of it.
            try write(record, flow, files: [(file, flow.bytes)])
        } else {
            try write(record, flow)
        }

        let attempt = record.attempts[record.attempts.count - 1]
        var info: [String: Any] = ["trackingId": attempt.trackingID, "name": attempt.file, "flowSyntax": flow.syntax, "sha256": sha]
        if let profile = flow.profile { info["flowProfile"] = profile }
        if let rule = flow.processingRule { info["processingRule"] = rule }
        let deposit: PlatformAPI.Deposit
        do {
            deposit = try api.createFlow(info: info, fileName: attempt.file, mediaType: flow.mediaType, bytes: flow.bytes)
        } catch where error.isRefusal {
            // The credentials were refused: the platform took nothing.
            record.append(.refused, error.message, at: time)
            try write(record, flow)
            throw error
        } catch {
            // The outcome is open: the record stays `recorded`, and the next send searches first.
            throw PlatformError(error.message + "; the deposit stays recorded, and `invoic pa send \(flow.label)` searches the platform for its tracking id before depositing anything")
        }
        switch deposit {
        case .taken(let id):
            record.attempts[record.attempts.count - 1].flowID = id
            record.append(.deposited, nil, at: time)
            try write(record, flow)
            return .deposited(record.attempts[record.attempts.count - 1])
        case .refused(let why):
            // A second deposit under the same tracking id may be refused because the first did
            // arrive after all (the unicity check): the platform's own list says.
            if again, let found = try? find(attempt.trackingID) {
                record.attempts[record.attempts.count - 1].flowID = found.id
                record.append(found.state, found.detail ?? "the platform had the earlier deposit after all (\(why)); not deposited twice", at: time)
                try write(record, flow)
                return .resolved(record.attempts[record.attempts.count - 1])
            }
            record.append(.refused, why, at: time)
            try write(record, flow)
            throw PlatformError("the platform refused \(flow.label): \(why)", isRefusal: true)
        }
    }

    /// Asks the platform about the flow's current deposit and appends what changed; nil when it
    /// was never deposited.
    public func refresh(_ flow: (label: String, recordPath: String)) throws(PlatformError) -> (FlowRecord.Attempt, changed: Bool)? {
        let lock: BookLock
        do { lock = try BookLock(root: root) } catch { throw PlatformError("\(error)") }
        defer { withExtendedLifetime(lock) {} }
        guard var record = try FlowRecord.read(flow.recordPath, root: root), let current = record.current else { return nil }
        let found: (id: String, state: FlowRecord.State, detail: String?)?
        switch current.state {
        case .recorded:
            found = try find(current.trackingID)
        case .deposited:
            guard let id = current.flowID else { return (current, false) }
            let (state, detail) = Self.state(of: try api.flow(id), clean: api.clean)
            found = (id, state, detail)
        case .accepted, .rejected, .refused:
            return (current, false)
        }
        guard let found, found.state != current.state || found.id != current.flowID else { return (current, false) }
        record.attempts[record.attempts.count - 1].flowID = found.id
        record.append(found.state, found.detail, at: time)
        let folder = (flow.recordPath as NSString).deletingLastPathComponent
        try record.write(to: folder, name: (flow.recordPath as NSString).lastPathComponent, root: root)
        return (record.attempts[record.attempts.count - 1], true)
    }

    /// The flow deposited under `trackingID`, as the platform's search lists it.
    private func find(_ trackingID: String) throws(PlatformError) -> (id: String, state: FlowRecord.State, detail: String?)? {
        let results = try api.searchFlows(["trackingId": trackingID, "flowDirection": ["Out"]])
        guard let flow = results.first(where: { $0["trackingId"].string == trackingID }), let id = flow["flowId"].string else { return nil }
        let (state, detail) = Self.state(of: flow, clean: api.clean)
        return (try ProviderID.checked(id, from: "the platform"), state, detail)
    }

    /// The annex's acknowledgement of a flow as a state: Ok accepted, Error rejected (with its
    /// details' reason codes and messages), Pending or none deposited.
    static func state(of flow: JSON, clean: (String) -> String) -> (FlowRecord.State, String?) {
        let acknowledgement = flow["acknowledgement"]
        switch acknowledgement["status"].string {
        case "Ok": return (.accepted, nil)
        case "Error":
            let reasons = acknowledgement["details"].array.map { detail in
                [detail["reasonCode"].string, detail["reasonMessage"].string, detail["item"].string.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
            }
            return (.rejected, clean(reasons.isEmpty ? "the platform's checks failed, no reason given" : reasons.joined(separator: "; ")))
        default: return (.deposited, nil)
        }
    }

    /// `F1.cii.xml` as `F1.2.cii.xml`: a later attempt's other bytes never overwrite the earlier's.
    static func numbered(_ name: String, _ index: Int) -> String {
        guard let dot = name.firstIndex(of: ".") else { return "\(name).\(index)" }
        return "\(name[..<dot]).\(index)\(name[dot...])"
    }

    private func write(_ record: FlowRecord, _ flow: Flow, files: [(name: String, bytes: [UInt8])] = []) throws(PlatformError) {
        try record.write(to: flow.folder, name: flow.recordName, root: root, files: files)
    }
}
