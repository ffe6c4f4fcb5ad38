import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicEInvoice
import InvoicPeppol
import InvoicXML
import InvoicXMLSchema

/// `invoic ksef send` without the command line: each pending FA(3) invoice into one interactive
/// session, exactly once across crashes and lost answers.
///
/// 1. What earlier runs left is settled first, by asking KSeF, never by sending again: an attempt
///    `recorded` (its answer lost) is looked for among its session's invoices by the file's hash;
///    found, it is `submitted`; not there, it never arrived and is sent again.
/// 2. The new ones: one session, each invoice recorded (with the file) before it is sent.
/// 3. The session is closed and its status polled; then each submitted invoice's status, its KSeF
///    number (CRC-8 checked, the seller's NIP) and its UPO (validated against upo-v4-3.xsd, and
///    naming that number and the file's hash) are kept beside the record.
///
/// The book's lock is held for the whole run, so two senders take turns and the second sees the
/// first's records; the caller writes `ksef:` into the documents after it returns.
public struct KSeFSender {
    public struct Item {
        public var document: Document
        /// The FA(3) file, exactly as `build` writes it and KOD I hashes it.
        public var file: [UInt8]
        /// Issued without KSeF (offline24): sent with `offlineMode: true` (tryby-offline.md).
        public var offline: Bool

        public init(document: Document, file: [UInt8], offline: Bool) {
            self.document = document
            self.file = file
            self.offline = offline
        }
    }

    public enum Outcome: Sendable {
        /// KSeF gave the invoice its number; `upo` is the receipt's path in the book; `warning`
        /// says what to know about the UPO (a schema violation), `earlier` that an earlier run got it.
        case accepted(number: String, ksef: String, upo: String, warning: String?, earlier: Bool)
        /// KSeF has it (or may have it) and has not answered yet: the next run asks again.
        case pending(number: String, why: String)
        case rejected(number: String, reason: String)
    }

    let root: String
    let api: KSeFAPI
    let nip: String
    let now: () -> Date

    public init(root: String, api: KSeFAPI, nip: String, now: @escaping () -> Date = Date.init) {
        self.root = root
        self.api = api
        self.nip = nip
        self.now = now
    }

    private var time: String { timestamp(now()) }

    public func send(_ items: [Item]) throws(KSeFError) -> [Outcome] {
        let lock: BookLock
        do { lock = try BookLock(root: root) } catch { throw KSeFError("\(error)") }
        defer { withExtendedLifetime(lock) {} }

        var records: [String: KSeFRecord] = [:]
        var outcomes: [String: Outcome] = [:]
        var toSend: [Item] = []
        var toCollect: [Item] = []

        // 1. What earlier runs left.
        for item in items {
            let number = item.document.number
            var record = try KSeFRecord.read(for: item.document, root: root) ?? KSeFRecord(number: number)
            let sha = KSeFAPI.hash(item.file)
            if var current = record.current {
                switch current.state {
                case .accepted:
                    outcomes[number] = .accepted(number: number, ksef: current.ksefNumber ?? "", upo: upoPath(item.document, current), warning: nil, earlier: true)
                    records[number] = record
                    continue
                case .rejected where current.sha256 == sha:
                    outcomes[number] = .rejected(number: number, reason: (current.history.last?.detail ?? "no reason given") + "; change the invoice and send it again (its new FA(3) file is a new attempt)")
                    continue
                case .recorded:
                    do {
                        let found = try api.sessionInvoices(current.session).first { $0["invoiceHash"].string == current.sha256 }
                        if let found, let reference = try? KSeFAPI.reference(found["referenceNumber"], "") {
                            current.invoiceReference = reference
                            record.attempts[record.attempts.count - 1] = current
                            record.append(.submitted, "found among session \(current.session)'s invoices after an interrupted send; not sent again", at: time)
                            try record.write(for: item.document, root: root)
                            records[number] = record
                            toCollect.append(item)
                            continue
                        }
                        record.append(.rejected, "never reached KSeF: not among session \(current.session)'s invoices; sent again", at: time)
                        try record.write(for: item.document, root: root)
                    } catch {
                        outcomes[number] = .pending(number: number, why: "an earlier send's answer was lost, and KSeF could not be asked about it (\(error.message)); nothing sent again")
                        continue
                    }
                case .submitted:
                    records[number] = record
                    toCollect.append(item)
                    continue
                case .rejected:
                    break
                }
            }
            records[number] = record
            toSend.append(item)
        }

        // 2. The new ones, in one session.
        if !toSend.isEmpty {
            let session: (reference: String, key: KSeFAPI.SessionKey)
            do {
                session = try api.openSession()
            } catch {
                for item in toSend { outcomes[item.document.number] = .pending(number: item.document.number, why: "not sent: \(error.message)") }
                return items.compactMap { outcomes[$0.document.number] }
            }
            for item in toSend {
                let number = item.document.number
                var record = records[number] ?? KSeFRecord(number: number)
                let file = item.document.number.isEmpty ? "invoice.fa3.xml" : DocumentKind.fileStem(forNumber: number) + ".fa3.xml"
                record.attempts.append(KSeFRecord.Attempt(
                    url: api.baseURL, file: file, sha256: KSeFAPI.hash(item.file), offline: item.offline, session: session.reference,
                    invoiceReference: nil, ksefNumber: nil, upo: nil, history: [KSeFRecord.Event(at: time, state: .recorded, detail: nil)]))
                // Recorded, with the file, before KSeF hears of it.
                try record.write(for: item.document, root: root, files: [(file, item.file)])
                do {
                    let reference = try api.sendInvoice(item.file, session: session.reference, key: session.key, offline: item.offline)
                    record.attempts[record.attempts.count - 1].invoiceReference = reference
                    record.append(.submitted, nil, at: time)
                    try record.write(for: item.document, root: root)
                    records[number] = record
                    toCollect.append(item)
                } catch where error.status != nil && error.status != 401 && (error.status ?? 0) < 500 {
                    record.append(.rejected, error.message, at: time)
                    try record.write(for: item.document, root: root)
                    outcomes[number] = .rejected(number: number, reason: error.message)
                } catch {
                    // The outcome is open: the record stays `recorded`, and the next run asks KSeF.
                    records[number] = record
                    outcomes[number] = .pending(number: number, why: "\(error.message); the attempt stays recorded, and the next `invoic ksef send` asks KSeF whether it arrived before sending anything")
                }
            }
            do {
                try api.closeSession(session.reference)
                try waitForSession(session.reference)
            } catch {
                // The invoices' own statuses below still say what became of them.
            }
        }

        // 3. The KSeF numbers and UPOs.
        for item in toCollect {
            let number = item.document.number
            guard var record = records[number], record.current != nil else { continue }
            outcomes[number] = collect(item, &record)
            records[number] = record
        }
        return items.compactMap { outcomes[$0.document.number] }
    }

    /// Polls the closed session until KSeF has processed it (200) or says why not (4xx).
    private func waitForSession(_ session: String) throws(KSeFError) {
        for poll in 1...api.maximumPolls {
            let status = try api.sessionStatus(session)
            if status.code == 200 || status.code >= 400 { return }
            api.wait(poll)
        }
    }

    /// The invoice's status until KSeF has decided, then its number and UPO.
    private func collect(_ item: Item, _ record: inout KSeFRecord) -> Outcome {
        let number = item.document.number
        guard let attempt = record.current, let reference = attempt.invoiceReference else {
            return .pending(number: number, why: "no invoice reference recorded")
        }
        do {
            var polls = 0
            while true {
                let answer = try api.invoiceStatus(session: attempt.session, invoice: reference)
                let status = answer["status"]
                let code = Int(status["code"].string ?? "") ?? 0
                switch code {
                case 200:
                    let ksef = try checkedNumber(answer["ksefNumber"].string)
                    return try accept(item, &record, ksef: ksef, session: attempt.session, detail: nil)
                case 440:
                    // A duplicate: KSeF has this file already (an earlier attempt it took whose
                    // answer was lost): its number and UPO are that attempt's.
                    let extensions = status["extensions"]
                    let ksef = try checkedNumber(extensions["originalKsefNumber"].string)
                    let original = (try? KSeFAPI.reference(extensions["originalSessionReferenceNumber"], "")) ?? attempt.session
                    return try accept(item, &record, ksef: ksef, session: original, detail: "KSeF already had this file (session \(original)); its number is that one's")
                case 100, 150:
                    polls += 1
                    if polls >= api.maximumPolls {
                        return .pending(number: number, why: "KSeF is still processing it; run `invoic ksef send` again later to collect its number")
                    }
                    api.wait(polls)
                default:
                    let details = status["details"].array.compactMap(\.string).joined(separator: "; ")
                    let reason = String("KSeF refused it: \(code) \(status["description"].string ?? "")\(details.isEmpty ? "" : " (\(details))")".prefix(600))
                    record.append(.rejected, reason, at: time)
                    try record.write(for: item.document, root: root)
                    return .rejected(number: number, reason: reason)
                }
            }
        } catch {
            return .pending(number: number, why: "\(error.message); the next `invoic ksef send` asks again")
        }
    }

    private func checkedNumber(_ number: String?) throws(KSeFError) -> String {
        guard let number, KSeF.isValidNumber(number) else {
            throw KSeFError("KSeF answered a KSeF number that is not one (its shape or CRC-8 fails: \(String((number ?? "none").prefix(60))))")
        }
        guard number.hasPrefix(nip) else { throw KSeFError("KSeF answered the KSeF number \(number), which is not of this seller's NIP \(nip)") }
        return number
    }

    private func accept(_ item: Item, _ record: inout KSeFRecord, ksef: String, session: String, detail: String?) throws(KSeFError) -> Outcome {
        let upo = try api.invoiceUPO(session: session, ksefNumber: ksef)
        let warning = try Self.checkUPO(upo, ksefNumber: ksef, sha256: record.current?.sha256 ?? "")
        let name = DocumentKind.fileStem(forNumber: item.document.number) + ".upo.xml"
        record.attempts[record.attempts.count - 1].ksefNumber = ksef
        record.attempts[record.attempts.count - 1].upo = name
        record.append(.accepted, [detail, warning].compactMap { $0 }.joined(separator: "; ").nilIfEmpty, at: time)
        try record.write(for: item.document, root: root, files: [(name, upo)])
        return .accepted(number: item.document.number, ksef: ksef, upo: upoPath(item.document, record.current!), warning: warning, earlier: false)
    }

    private func upoPath(_ document: Document, _ attempt: KSeFRecord.Attempt) -> String {
        BookLoader.join(Outbox.folder(for: document), attempt.upo ?? "")
    }

    /// The UPO names this invoice (its KSeF number and the SHA-256 of the file sent) or it is
    /// refused; a violation of upo-v4-3.xsd is returned as a warning: the Ministry's own test
    /// environment writes a `NazwaPodmiotuPrzyjmujacego` the schema's fixed value does not allow.
    public static func checkUPO(_ bytes: [UInt8], ksefNumber: String, sha256: String) throws(KSeFError) -> String? {
        let root: XElement
        do { root = try ExpatReader.parse(bytes, maximumDepth: 32, maximumElements: 10_000) } catch {
            throw KSeFError("KSeF's UPO is not XML: \(error.expatMessage)")
        }
        guard root.name == "Potwierdzenie" else { throw KSeFError("KSeF's UPO is no UPO: its root is <\(root.name.prefix(40))>, not <Potwierdzenie>") }
        let documents = root.children("Dokument")
        guard documents.contains(where: { $0.value("NumerKSeFDokumentu") == ksefNumber && $0.value("SkrotDokumentu") == sha256 }) else {
            throw KSeFError("KSeF's UPO does not confirm this invoice: no <Dokument> with the KSeF number \(ksefNumber) and the file's SHA-256 \(sha256)")
        }
        guard let path = SchemaFolder.file("pl-ksef/upo-v4-3.xsd") else {
            return "upo-v4-3.xsd was not found (resources/schemas), so the UPO was not validated against it"
        }
        do {
            let violations = try XMLSchema(path: path).validate(bytes)
            guard let first = violations.first else { return nil }
            return "the UPO does not validate against upo-v4-3.xsd (\(violations.count) violation\(violations.count == 1 ? "" : "s"), the first \(first))"
        } catch {
            return "upo-v4-3.xsd could not be loaded (\(error)), so the UPO was not validated"
        }
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
