import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicInbox
import InvoicPeppol
import InvoicYAML

/// `invoic pa receive` and the second half of `invoic pa status`: the flows the platform holds
/// for the book (direction In: received invoices, and the life-cycle status messages about the
/// invoices sent), each downloaded once and handed to `invoic receive`'s pipeline
/// (`Inbox.receive`), the same entry a file given to `invoic receive` takes.
///
/// `received/pa/<flow id>/pa.yaml` records each flow taken (its id, type, syntax, SHA-256, and the
/// record the pipeline wrote, or why the pipeline did not read it: then the file is kept beside
/// the record and handed to the pipeline again by each later run, never downloaded again).
public struct FlowReceiver {
    public enum Outcome: Sendable {
        case received(flowID: String, record: String)
        /// Downloaded and kept, but the pipeline did not read it (yet): why.
        case kept(flowID: String, file: String, why: String)
        case known(flowID: String)
        case refused(reason: String)
    }

    public static let folderName = "received/pa"
    public static let recordName = "pa.yaml"
    /// The annex's FlowTypes of what arrives for a seller and buyer.
    public static let invoiceTypes = ["SupplierInvoice"]
    public static let statusTypes = ["CustomerInvoiceLC"]

    let root: String
    let api: PlatformAPI
    let now: () -> Date

    public init(root: String, api: PlatformAPI, now: @escaping () -> Date = Date.init) {
        self.root = root
        self.api = api
        self.now = now
    }

    /// Every incoming flow of `types` the platform lists, each taken once.
    public func receive(types: [String], today: Day) throws(PlatformError) -> [Outcome] {
        let flows = try api.searchFlows(["flowDirection": ["In"], "flowType": types])
        return flows.map { take($0, today: today) }
    }

    private func take(_ flow: JSON, today: Day) -> Outcome {
        guard let rawID = flow["flowId"].string else { return .refused(reason: "the platform listed a flow without a flowId; not fetched") }
        let id: String
        do { id = try ProviderID.checked(rawID, from: "the platform") } catch { return .refused(reason: error.message) }
        let folder = Self.folderName + "/" + PeppolReceiver.escapedName(forID: id)
        let recordPath = BookLoader.join(root, folder + "/" + Self.recordName)
        let syntax = flow["flowSyntax"].string ?? ""
        let fileName = PeppolReceiver.escapedName(forID: id) + (syntax == "Factur-X" ? ".pdf" : ".xml")
        do {
            if let data = FileManager.default.contents(atPath: recordPath) {
                let text = String(decoding: data, as: UTF8.self)
                guard !text.contains("\nrecord: ") else { return .known(flowID: id) }
                // Kept but not read: handed to the pipeline again, from the file kept.
                guard let bytes = FileManager.default.contents(atPath: BookLoader.join(root, folder + "/" + fileName)) else { return .known(flowID: id) }
                switch hand(Array(bytes), fileName: fileName, today: today) {
                case .success(let record):
                    try locked { () throws(PlatformError) in try write(Array((text + "record: \(YAMLText.scalar(record))\n").utf8), to: recordPath) }
                    return .received(flowID: id, record: record)
                case .failure:
                    return .known(flowID: id)
                }
            }
            let bytes = try api.download(id)
            // The annexes let a platform give the file's SHA-256 with the flow: then it must hold.
            if let sha = flow["sha256"].string, SHA256.hex(bytes) != sha.lowercased() {
                return .refused(reason: "flow \(id): the file the platform sent does not have the SHA-256 its list gave (\(api.clean(String(sha.prefix(64))))); not kept")
            }
            var text = """
                # invoic pa: a flow the approved platform delivered, fetched once and handed to `invoic receive`, written by invoic.
                flow_id: \(YAMLText.quoted(id))
                flow_type: \(YAMLText.scalar(api.clean(flow["flowType"].string ?? "")))
                syntax: \(YAMLText.scalar(api.clean(syntax)))
                url: \(YAMLText.scalar(api.flowURL))
                sha256: \(YAMLText.quoted(SHA256.hex(bytes)))
                fetched: \(timestamp(now()))

                """
            switch hand(bytes, fileName: fileName, today: today) {
            case .success(let record):
                text += "record: \(YAMLText.scalar(record))\n"
                try locked { () throws(PlatformError) in try write(Array(text.utf8), to: recordPath) }
                return .received(flowID: id, record: record)
            case .failure(let why):
                text += "file: \(YAMLText.scalar(fileName))\nnot_read: \(YAMLText.scalar(why.message))\n"
                try locked { () throws(PlatformError) in
                    try write(bytes, to: BookLoader.join(root, folder + "/" + fileName))
                    try write(Array(text.utf8), to: recordPath)
                }
                return .kept(flowID: id, file: folder + "/" + fileName, why: why.message)
            }
        } catch {
            return .refused(reason: "flow \(id): \(error.message)")
        }
    }

    /// `invoic receive`'s pipeline: the record's path it wrote, or why it did not take the file.
    private func hand(_ bytes: [UInt8], fileName: String, today: Day) -> Result<String, PlatformError> {
        let outcomes = Inbox.receive(bytes: bytes, filename: fileName, into: root, today: today)
        if let refused = outcomes.first(where: { $0.status == .refused }) {
            return .failure(PlatformError(api.clean(refused.refusal.map { "\($0.message) (\($0.help))" } ?? "refused")))
        }
        guard let record = outcomes.first?.record else { return .failure(PlatformError("the pipeline wrote no record")) }
        return .success(record)
    }

    private func locked(_ body: () throws(PlatformError) -> Void) throws(PlatformError) {
        let lock: BookLock
        do { lock = try BookLock(root: root) } catch { throw PlatformError("\(error)") }
        defer { withExtendedLifetime(lock) {} }
        try body()
    }

    private func write(_ bytes: [UInt8], to path: String) throws(PlatformError) {
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AtomicFile.write(bytes, to: path, temporaryDirectory: try? BookLock.prepareFolder(of: root))
        } catch {
            throw PlatformError("\(error)")
        }
    }
}
