import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicInbox

/// `invoic peppol receive`: each document waiting in the provider's inbox is fetched, handed to
/// the book's receive pipeline, and acknowledged only once the book holds it, so a crash at any
/// point loses nothing (the provider still has it) and takes nothing twice (the book records the
/// provider's id of what it took, in `received/peppol/<id>/peppol.yaml`).
public struct PeppolReceiver: ProviderClient {
    let connection: ProviderConnection

    public init(root: String, settings: ProviderSettings, now: @escaping () -> Date = Date.init) {
        connection = ProviderConnection(root: root, settings: settings, now: now)
    }

    public static let folderName = "received/peppol"

    public enum Outcome: Sendable, Equatable {
        /// Fetched now and handed to the book, at this path.
        case taken(id: String, path: String)
        /// Already in the book; acknowledged now (an earlier run stopped before it could).
        case acknowledged(id: String)
        /// Already in the book and acknowledged: nothing to do.
        case known(id: String)
        /// Not taken: the provider's id of it is not one invoic keeps (why, without the id).
        case refused(reason: String)
    }

    /// Every error leaves with the provider's words cleaned (`ProviderSettings.clean`).
    public func receive() throws(PeppolError) -> [Outcome] {
        do {
            return try receiveUnclean()
        } catch {
            throw settings.cleaned(error)
        }
    }

    private func receiveUnclean() throws(PeppolError) -> [Outcome] {
        let entries = try provider.inbox()
        var outcomes: [Outcome] = []
        for entry in entries {
            // A hostile id is not fetched, not stored and not printed; the others still are.
            if let problem = ProviderID.problem(entry.id) {
                outcomes.append(.refused(reason: "a document in \(settings.provider.rawValue)'s inbox was not taken: its id is not one invoic keeps, \(problem) (an id is 1 to \(ProviderID.maxLength) visible ASCII characters)"))
                continue
            }
            let folder = Self.folder(forProviderID: entry.id)
            let recordPath = BookLoader.join(root, folder + "/peppol.yaml")
            // The record is this id's only if it names it (a folder of an earlier naming may be another's).
            if let data = FileManager.default.contents(atPath: recordPath),
               String(decoding: data, as: UTF8.self).contains("\nprovider_id: \(YAMLText.quoted(entry.id))\n") {
                let text = String(decoding: data, as: UTF8.self)
                if text.contains("\nacknowledged: ") {
                    outcomes.append(.known(id: entry.id))
                    continue
                }
                try provider.acknowledge(id: entry.id)
                try locked { () throws(PeppolError) in try write(text + "acknowledged: \(timestamp(now()))\n", to: recordPath) }
                outcomes.append(.acknowledged(id: entry.id))
                continue
            }
            let bytes = try provider.fetch(id: entry.id)
            // `invoic receive` takes the book's lock itself; a crash after it and before the
            // record below leaves the document in the book, and the next run's receive finds it
            // there (same supplier, number and type) and writes the record then.
            let path = try handToReceivePipeline(bytes, providerID: entry.id)
            var text = """
                # invoic peppol receive: a document taken from the access point provider's inbox, written by invoic.
                provider: \(YAMLText.scalar(settings.provider.rawValue))
                url: \(YAMLText.scalar(settings.url))
                provider_id: \(YAMLText.quoted(entry.id))

                """
            if let sender = entry.sender { text += "sender: \(YAMLText.quoted(settings.clean(sender)))\n" }
            if let number = entry.number { text += "number: \(YAMLText.scalar(settings.clean(number)))\n" }
            text += "file: \(YAMLText.scalar(path))\nsha256: \(SHA256.hex(bytes))\nfetched: \(timestamp(now()))\n"
            // The book holds it (and this record of its id) before the provider is told.
            try locked { () throws(PeppolError) in try write(text, to: recordPath) }
            try provider.acknowledge(id: entry.id)
            try locked { () throws(PeppolError) in try write(text + "acknowledged: \(timestamp(now()))\n", to: recordPath) }
            outcomes.append(.taken(id: entry.id, path: path))
        }
        return outcomes
    }

    private func locked(_ body: () throws(PeppolError) -> Void) throws(PeppolError) {
        let lock: BookLock
        do { lock = try BookLock(root: root) } catch { throw PeppolError("\(error)") }
        defer { withExtendedLifetime(lock) {} }
        try body()
    }

    /// `received/peppol/<id>/`, one folder per id and never one for two: letters, digits, `-`,
    /// `_` and (but first) `.` stand as themselves, every other byte as `%XX` (so `x/1` is `x%2F1`,
    /// `x_1` stays `x_1`, `..` is `%2E.`). An escaped name over 120 characters is cut at 80 and
    /// followed by the SHA-256 of the id, a name no shorter one can be.
    static func folder(forProviderID id: String) -> String {
        folderName + "/" + escapedName(forID: id)
    }

    /// The escaped name alone, for every inbox that keeps one folder per id (`received/pa/`).
    public static func escapedName(forID id: String) -> String {
        var name = ""
        for (index, byte) in id.utf8.enumerated() {
            let character = Character(Unicode.Scalar(byte))
            let plain = byte < 0x80 && (character.isLetter || character.isNumber || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || (byte == UInt8(ascii: ".") && index > 0))
            name += plain ? String(character) : String(format: "%%%02X", byte)
        }
        if name.count > 120 { name = String(name.prefix(80)) + "-" + SHA256.hex(Array(id.utf8)) }
        return name
    }

    /// A fetched document goes into the book as any received e-invoice does: `invoic receive`'s
    /// pipeline keeps the original under `purchases/<year>/` with its record and supplier, or
    /// recognises it as received already. Returns the record's path, relative to the book. What
    /// the pipeline refuses (no e-invoice, hostile XML) is not acknowledged: it stays in the
    /// provider's inbox, and the error says why.
    func handToReceivePipeline(_ bytes: [UInt8], providerID: String) throws(PeppolError) -> String {
        let outcomes = Inbox.receive(bytes: bytes, filename: "peppol-\(providerID).xml", into: root)
        guard !outcomes.isEmpty else { throw PeppolError("the document \(providerID) holds no invoice") }
        if let refused = outcomes.first(where: { $0.status == .refused }) {
            throw PeppolError("the document \(providerID) was not received: \(refused.refusal.map { "\($0.message) (\($0.help))" } ?? "refused")")
        }
        guard let record = outcomes.first?.record else { throw PeppolError("the document \(providerID) was received without a record") }
        return record
    }

    private func write(_ text: String, to path: String) throws(PeppolError) {
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AtomicFile.write(Array(text.utf8), to: path, temporaryDirectory: try? BookLock.prepareFolder(of: root))
        } catch {
            throw PeppolError("\(error)")
        }
    }
}
