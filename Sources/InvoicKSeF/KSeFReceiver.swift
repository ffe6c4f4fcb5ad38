import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicEInvoice
import InvoicInbox
import InvoicPeppol
import InvoicYAML

/// `invoic ksef receive`: the invoices where the book's business is the buyer (`Subject2`), each
/// fetched once by its KSeF number and handed to `invoic receive`'s pipeline (`Inbox.receive`).
///
/// `received/ksef/<KSeF number>/ksef.yaml` records each one taken: its hash, and the purchase
/// record the pipeline wrote, or why it did not read it (then the file is kept beside the record
/// and handed to the pipeline again by each later run, without fetching it again). A KSeF number
/// is a folder name only once its shape and CRC-8 hold.
public struct KSeFReceiver {
    public enum Outcome: Sendable {
        case received(ksef: String, record: String)
        /// Fetched and kept, but the pipeline did not read it (yet): why.
        case kept(ksef: String, file: String, why: String)
        case known(ksef: String)
        case refused(reason: String)
    }

    public static let folderName = "received/ksef"
    let root: String
    let api: KSeFAPI
    let now: () -> Date

    public init(root: String, api: KSeFAPI, now: @escaping () -> Date = Date.init) {
        self.root = root
        self.api = api
        self.now = now
    }

    /// Everything KSeF stored for the buyer since `from` (ISO 8601), page by page as
    /// open-api.json's incremental scenario says: `hasMore` → the next page; `isTruncated` (10,000
    /// records for one filter) → from the last record's storage date, from the first page.
    public func receive(from: String, today: Day) throws(KSeFError) -> [Outcome] {
        var outcomes: [Outcome] = []
        var seen: Set<String> = []
        var from = from
        var offset = 0
        let pageSize = 100
        for _ in 0..<10_000 {
            let page = try api.purchaseMetadata(from: from, offset: offset, pageSize: pageSize)
            let invoices = page["invoices"].array
            for entry in invoices {
                guard let ksef = entry["ksefNumber"].string, KSeF.isValidNumber(ksef) else {
                    outcomes.append(.refused(reason: "KSeF listed an invoice whose KSeF number is not one (\(String((entry["ksefNumber"].string ?? "none").prefix(60)))); not fetched"))
                    continue
                }
                guard seen.insert(ksef).inserted else { continue }
                outcomes.append(take(ksef, hash: entry["invoiceHash"].string, today: today))
            }
            guard page["hasMore"].bool == true, !invoices.isEmpty else { break }
            if page["isTruncated"].bool == true, let last = invoices.last?["permanentStorageDate"].string {
                from = last
                offset = 0
            } else {
                offset += pageSize
            }
        }
        return outcomes
    }

    private func take(_ ksef: String, hash: String?, today: Day) -> Outcome {
        let folder = Self.folderName + "/" + ksef
        let recordPath = BookLoader.join(root, folder + "/ksef.yaml")
        do {
            if let data = FileManager.default.contents(atPath: recordPath) {
                let text = String(decoding: data, as: UTF8.self)
                guard !text.contains("\npurchase: ") else { return .known(ksef: ksef) }
                // Kept but not read: handed to the pipeline again, from the file kept.
                guard let bytes = FileManager.default.contents(atPath: BookLoader.join(root, folder + "/\(ksef).xml")) else { return .known(ksef: ksef) }
                switch hand(Array(bytes), ksef: ksef, today: today) {
                case .success(let record):
                    try locked { () throws(KSeFError) in try write(text + "purchase: \(YAMLText.scalar(record))\n", to: recordPath) }
                    return .received(ksef: ksef, record: record)
                case .failure:
                    return .known(ksef: ksef)
                }
            }
            let bytes = try api.invoice(ksefNumber: ksef)
            // The file is the one KSeF listed: its hash is the metadata's.
            if let hash, KSeFAPI.hash(bytes) != hash {
                return .refused(reason: "\(ksef): the file KSeF sent does not have the SHA-256 its list gave (\(hash)); not kept")
            }
            var text = """
                # invoic ksef receive: an invoice fetched from KSeF where this business is the buyer, written by invoic.
                ksef_number: \(YAMLText.quoted(ksef))
                url: \(YAMLText.scalar(api.baseURL))
                sha256: \(YAMLText.quoted(KSeFAPI.hash(bytes)))
                fetched: \(timestamp(now()))

                """
            switch hand(bytes, ksef: ksef, today: today) {
            case .success(let record):
                text += "purchase: \(YAMLText.scalar(record))\n"
                try locked { () throws(KSeFError) in try write(text, to: recordPath) }
                return .received(ksef: ksef, record: record)
            case .failure(let why):
                text += "file: \(YAMLText.scalar(ksef + ".xml"))\nnot_read: \(YAMLText.scalar(why.message))\n"
                try locked { () throws(KSeFError) in
                    try write(String(decoding: bytes, as: UTF8.self), bytes: bytes, to: BookLoader.join(root, folder + "/\(ksef).xml"))
                    try write(text, to: recordPath)
                }
                return .kept(ksef: ksef, file: folder + "/\(ksef).xml", why: why.message)
            }
        } catch {
            return .refused(reason: "\(ksef): \(error.message)")
        }
    }

    /// `invoic receive`'s pipeline: the purchase record's path, or why it was not received.
    private func hand(_ bytes: [UInt8], ksef: String, today: Day) -> Result<String, KSeFError> {
        let outcomes = Inbox.receive(bytes: bytes, filename: "\(ksef).xml", into: root, today: today)
        if let refused = outcomes.first(where: { $0.status == .refused }) {
            return .failure(KSeFError(refused.refusal.map { "\($0.message) (\($0.help))" } ?? "refused"))
        }
        guard let record = outcomes.first?.record else { return .failure(KSeFError("the pipeline wrote no record")) }
        return .success(record)
    }

    private func locked(_ body: () throws(KSeFError) -> Void) throws(KSeFError) {
        let lock: BookLock
        do { lock = try BookLock(root: root) } catch { throw KSeFError("\(error)") }
        defer { withExtendedLifetime(lock) {} }
        try body()
    }

    private func write(_ text: String, bytes: [UInt8]? = nil, to path: String) throws(KSeFError) {
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AtomicFile.write(bytes ?? Array(text.utf8), to: path, temporaryDirectory: try? BookLock.prepareFolder(of: root))
        } catch {
            throw KSeFError("\(error)")
        }
    }
}
