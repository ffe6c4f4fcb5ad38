import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicInbox
import InvoicPeppol

/// `invoic sdi receive` without the command line: the SdI's PEC mails, from a maildir (or the
/// messages an IMAP folder gave), each receipt attached to the record of the file it is about.
///
/// Nothing in a mail is trusted: a message above `maximumMessageBytes` and a receipt above
/// `SDIReceipt.maximumBytes` are not read; a receipt is matched by its file's name (the
/// attachment's, which must agree with the NomeFile inside) to a file the book sent, and by the
/// SdI's id once one is known; one for a file the book never sent is reported and left. Nothing
/// is deleted or moved from the mailbox, and a receipt already attached is not attached again.
public struct SDIReceiver {
    public let root: String
    let now: () -> Date

    public init(root: String, now: @escaping () -> Date = Date.init) {
        self.root = root
        self.now = now
    }

    public static let maximumMessageBytes = 16 * 1024 * 1024
    public static let maximumMessages = 50_000

    public enum Outcome: Sendable, Equatable {
        /// Attached to `number`'s record, which is now in `state`.
        case attached(receipt: String, number: String, state: SDIRecord.State, detail: String)
        /// Already attached.
        case known(receipt: String, number: String)
        /// Not attached, and why (a file the book did not send, names that disagree...).
        case left(receipt: String, source: String, why: String)
        /// A message that could not be read.
        case unreadable(source: String, why: String)
    }

    /// The messages of a maildir: `new/` and `cur/`, each a file (Maildir, D. J. Bernstein).
    public static func maildirMessages(_ path: String) throws(SDIError) -> [(source: String, bytes: [UInt8]?)] {
        guard FileManager.default.fileExists(atPath: path + "/cur") || FileManager.default.fileExists(atPath: path + "/new") else {
            throw SDIError("\(path) is no maildir (it has no cur/ and new/)")
        }
        var messages: [(String, [UInt8]?)] = []
        for sub in ["new", "cur"] {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: path + "/" + sub)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
            for name in names {
                guard messages.count < maximumMessages else { break }
                let file = "\(path)/\(sub)/\(name)"
                let size = ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber)?.intValue ?? 0
                let type = (try? FileManager.default.attributesOfItem(atPath: file))?[.type] as? FileAttributeType
                guard type == .typeRegular else { continue }
                messages.append((file, size > maximumMessageBytes ? nil : FileManager.default.contents(atPath: file).map(Array.init)))
            }
        }
        return messages
    }

    /// Attaches the receipts of `messages` to `book`'s records, under the book's lock.
    public func receive(_ messages: [(source: String, bytes: [UInt8]?)], book: Book) throws(SDIError) -> [Outcome] {
        let lock: BookLock
        do { lock = try BookLock(root: root) } catch { throw SDIError("\(error)") }
        defer { withExtendedLifetime(lock) {} }
        let outbox = SDIOutbox(root: root)
        // The files the book sent, by name without extension: the record and the attempt.
        var records: [String: (document: Document, record: SDIRecord)] = [:]
        var sent: [String: (number: String, attempt: Int)] = [:]
        for document in book.documents where document.kind.isBilling {
            guard let record = try? outbox.record(for: document) else { continue }
            records[document.number] = (document, record)
            for (index, attempt) in record.attempts.enumerated() where attempt.state != .failed {
                sent[String(attempt.file.prefix { $0 != "." })] = (document.number, index)
            }
        }
        var outcomes: [Outcome] = []
        var changed: Set<String> = []
        var files: [String: [(name: String, bytes: [UInt8])]] = [:]
        for (source, bytes) in messages {
            guard let bytes else {
                outcomes.append(.unreadable(source: source, why: "larger than \(Self.maximumMessageBytes / (1024 * 1024)) MB, more than a receipt's mail"))
                continue
            }
            let from = Self.sdiAddress(in: bytes)
            for part in MailAttachments.attachments(of: bytes) {
                guard let (stem, kind) = SDIReceipt.attachmentName(part.name) else { continue }
                let receipt: SDIReceipt
                switch SDIReceipt.parse(part.bytes) {
                case .success(let read): receipt = read
                case .failure(let error):
                    outcomes.append(.left(receipt: part.name, source: source, why: error.message))
                    continue
                }
                guard receipt.kind == kind else {
                    outcomes.append(.left(receipt: part.name, source: source, why: "its name says \(kind.rawValue) but it is a \(receipt.kind.element)"))
                    continue
                }
                guard kind != .ec, kind != .se else {
                    outcomes.append(.left(receipt: part.name, source: source, why: "a \(kind.title) is about a buyer's answer, not a file this book sent"))
                    continue
                }
                if let named = receipt.fileName, SDIReceipt.stem(named) != stem {
                    outcomes.append(.left(receipt: part.name, source: source, why: "its name says \(stem) but it is about \(named)"))
                    continue
                }
                guard let (number, index) = sent[stem], let (document, original) = records[number] else {
                    outcomes.append(.left(receipt: part.name, source: source, why: "about \(receipt.fileName ?? stem), which this book did not send (no outbox/*/*/sdi.yaml names it)"))
                    continue
                }
                var record = original
                let attempt = record.attempts[index]
                if attempt.receipts.contains(part.name) {
                    outcomes.append(.known(receipt: part.name, number: number))
                    continue
                }
                if let known = attempt.sdiID, let id = receipt.sdiID, known != id {
                    outcomes.append(.left(receipt: part.name, source: source, why: "the SdI's id \(id) is not \(known), the one of \(attempt.file) in the book's record"))
                    continue
                }
                var state = SDIRecord.State(receipt: receipt)
                var detail = "\(kind.rawValue) \(kind.title)"
                if let at = receipt.at { detail += " \(at)" }
                if !receipt.errors.isEmpty { detail += ": " + receipt.errors.map { "\($0.code) \($0.description)" }.joined(separator: "; ") }
                if let outcome = receipt.outcome, kind == .ne { detail += " (\(outcome))" }
                // A file sent again under its own name after an interrupted send: the SdI refuses
                // the second as a duplicate (00002), which does not undo what it said of the first.
                if kind == .ns, receipt.errors.allSatisfy({ $0.code == "00002" }), ![.recorded, .sent, .rejected, .failed].contains(attempt.state) {
                    state = attempt.state
                    detail += " (a second copy of a file the SdI already had: nothing changes)"
                }
                record.attempts[index].history.append(SDIRecord.Event(
                    at: timestamp(now()), state: state, detail: detail, receipt: part.name, sdiID: receipt.sdiID, from: from, errors: receipt.errors))
                records[number] = (document, record)
                changed.insert(number)
                files[number, default: []].append((part.name, part.bytes))
                outcomes.append(.attached(receipt: part.name, number: number, state: state, detail: detail))
            }
        }
        for number in changed.sorted() {
            guard let (document, record) = records[number] else { continue }
            try outbox.write(record, for: document, files: files[number] ?? [])
        }
        return outcomes
    }

    /// The SdI's own address in a message's From or Reply-To (`sdi01@pec.fatturapa.it`; a PEC
    /// provider's envelope says "Per conto di: sdi01@..." with its own address): only an address
    /// of the SdI's domain is kept as where the next file goes.
    static func sdiAddress(in bytes: [UInt8]) -> String? {
        for header in ["from", "reply-to"] {
            guard let value = MailAttachments.header(header, of: bytes) else { continue }
            let tokens = value.split { " <>\"',;:()".contains($0) }
            for token in tokens {
                let address = token.lowercased()
                let local = address.split(separator: "@").first ?? ""
                if address.hasSuffix("@pec.fatturapa.it"), address.split(separator: "@").count == 2, local.hasPrefix("sdi"),
                   local.count <= 8, local.dropFirst(3).allSatisfy({ $0.isASCII && $0.isNumber }) {
                    return address
                }
            }
        }
        return nil
    }
}
