import Foundation
import InvoicBook
import InvoicDiagnostics

/// The file versions of the history and, decoded on demand by the same decoder `invoic check`
/// uses, what they mean: two versions are compared by their values, never by their text.
///
/// Documents are decoded lazily, since most questions need few versions: the judge needs the
/// version that issued each invoice, found by `prefetchFixingCandidates` in one parallel pass
/// that skips versions whose text cannot hold a `sent:` (or `accepted:`) key.
final class DecodedHistory: @unchecked Sendable {
    let contents: [String: [UInt8]]
    let clients: [String: Client]
    let settings: [String: BookSettings]
    private var documents: [String: Document?] = [:]
    private let lock = NSLock()

    static func key(kind: DocumentKind, number: String, blob: String) -> String {
        "\(kind.folder)/\(blob)/\(number).yaml"
    }

    init(timeline: Timeline, contents: [String: [UInt8]]) {
        self.contents = contents
        // Every version of every client and of invoic.yaml, each decoded on its own by check's
        // decoder; a client version is known by its blob id, which keeps versions apart.
        let clientBlobs = Set(timeline.clients.values.flatMap { $0.compactMap(\.blob) }).sorted()
        let clients = parallelMap(clientBlobs) { blob in
            BookFileDecoder.decode(contents[blob] ?? [], as: .client(id: blob), path: "clients/\(blob).yaml").client
        }
        self.clients = Dictionary(uniqueKeysWithValues: zip(clientBlobs, clients).compactMap { blob, client in client.map { (blob, $0) } })
        let settingsBlobs = Set(timeline.settings.compactMap(\.blob)).sorted()
        let settings = parallelMap(settingsBlobs) { blob in
            BookFileDecoder.decode(contents[blob] ?? [], as: .settings, path: BookSettings.fileName).settings
        }
        self.settings = Dictionary(uniqueKeysWithValues: zip(settingsBlobs, settings).compactMap { blob, value in value.map { (blob, $0) } })
    }

    /// The document a version holds; nil when it has no file or the file does not decode.
    func document(_ number: String, _ version: Version) -> Document? {
        guard let blob = version.blob else { return nil }
        let key = Self.key(kind: version.kind, number: number, blob: blob)
        if let cached = lock.withLock({ documents[key] }) { return cached }
        decode([key: blob])
        return lock.withLock { documents[key] ?? nil }
    }

    /// Decodes the given versions (key -> blob) in one parallel pass.
    func decode(_ wanted: [String: String]) {
        let keys = wanted.keys.sorted()
        let decoded = parallelMap(keys) { key -> Document? in
            guard let blob = wanted[key], case .document(let kind, let number)? = BookFileDecoder.Kind(path: key) else { return nil }
            return BookFileDecoder.decode(contents[blob] ?? [], as: .document(kind, number: number), path: key).document
        }
        lock.withLock {
            for (key, document) in zip(keys, decoded) where documents[key] == nil { documents[key] = .some(document) }
        }
    }

    /// Whether a version's text could say it was issued: a top-level `sent:` key (invoices) or
    /// `accepted:` (estimates), quoted or not, at the start of a line; or a top level written in
    /// flow style, which this scan does not read. A version without one is not the one that
    /// issued the document, so it need not be decoded to find that one.
    func mayBeFixed(_ version: Version) -> Bool {
        guard let blob = version.blob, let bytes = contents[blob] else { return false }
        let word = Array((version.kind.isBilling ? "sent" : "accepted").utf8)
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        func isQuote(_ byte: UInt8?) -> Bool { byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") }
        func isKey(_ line: ArraySlice<UInt8>) -> Bool {
            var rest = line
            if isQuote(rest.first) { rest = rest.dropFirst() }
            guard rest.starts(with: word) else { return false }
            rest = rest.dropFirst(word.count)
            if isQuote(rest.first) { rest = rest.dropFirst() }
            return rest.drop { $0 == space || $0 == tab }.first == UInt8(ascii: ":")
        }
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var seenContent = false
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: newline) ?? bytes.count
            let line = bytes[start..<end]
            if isKey(line) { return true }
            if !seenContent {
                var body = line.drop { $0 == space || $0 == tab }
                if body.starts(with: Array("---".utf8)) { body = body.dropFirst(3).drop { $0 == space || $0 == tab } }
                if let first = body.first, first != UInt8(ascii: "#"), first != UInt8(ascii: "%"), first != UInt8(ascii: "\r") {
                    seenContent = true
                    if first == UInt8(ascii: "{") || isKey(body) { return true }
                }
            }
            start = end + 1
        }
        return false
    }
}

extension BookHistory {
    /// `document` priced as it was at `commit`: with invoic.yaml and its client as they were then
    /// (falling back to today's when the history has none).
    func priced(_ document: Document, at commit: Int, current: Book?) -> Document {
        let settingsBlob = Timeline.version(timeline.settings, at: commit)?.blob
        let settings = settingsBlob.flatMap { decoded.settings[$0] } ?? current?.settings ?? BookSettings(business: Contact(name: ""))
        let id = document.client.value
        var client: Client?
        if let versions = timeline.clients[id] {
            client = Timeline.version(versions, at: commit)?.blob.flatMap { decoded.clients[$0] }
        } else {
            client = current?.clients[id]
        }
        client?.id = id
        var book = Book(root: "", settings: settings, clients: client.map { [id: $0] } ?? [:], documents: [document], sources: [:])
        _ = book.price()
        return book.documents[0]
    }

    /// Decodes, in one parallel pass, the first version of every number that could be the one that
    /// issued it, and the first version of every life after the first (to tell a restored document
    /// from a new one). The judge and `issuingCommits()` then rarely decode one by one.
    func prefetchFixingCandidates() {
        var wanted: [String: String] = [:]
        for (number, versions) in timeline.documents {
            var lifeStarts = true
            var lives = 0
            var found = false
            for version in versions {
                guard let blob = version.blob else {
                    lifeStarts = true
                    found = false
                    continue
                }
                let key = DecodedHistory.key(kind: version.kind, number: number, blob: blob)
                if lifeStarts {
                    lives += 1
                    if lives > 1 { wanted[key] = blob }
                    lifeStarts = false
                }
                if !found, decoded.mayBeFixed(version) {
                    wanted[key] = blob
                    found = true
                }
            }
        }
        decoded.decode(wanted)
    }
}
