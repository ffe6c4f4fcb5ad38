import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicMail
import InvoicPeppol

/// `invoic sdi send` without the command line: one FatturaPA file mailed by PEC to the SdI,
/// recorded in the outbox before the mail leaves (Peppol's pattern, PeppolSender), so a crash, a
/// kill or a lost answer never sends it twice.
///
/// The SdI answers only by mail, later, and cannot be asked whether it got a file; an attempt
/// recorded but never confirmed by the SMTP server (invoic stopped in between) is therefore not
/// sent again on its own: `sdi receive` settles it when a receipt arrives, or `--resend REASON`
/// sends the same file under the same name, which the SdI takes at most once (00002, file
/// duplicato), so no invoice is ever issued twice.
public struct SDISender {
    public let root: String
    /// How the message leaves: the book's SMTP server or sendmail (tests put a crash in between).
    let deliver: (MailMessage) throws -> Void
    let now: () -> Date

    public init(root: String, deliver: @escaping (MailMessage) throws -> Void, now: @escaping () -> Date = Date.init) {
        self.root = root
        self.deliver = deliver
        self.now = now
    }

    /// What sending `document` now takes: refused (with what to do) when it is with the SdI or
    /// may be, else whether `progressive`, the one it has, must give way to a new one because a
    /// file that may have reached the SdI went with it (rejected, or sent again on purpose).
    /// An attempt whose outcome is unknown goes again under its own name.
    public static func decide(_ record: SDIRecord?, number: String, progressive: String?, resend reason: String?) throws(SDIError) -> Bool {
        if let current = record?.current {
            switch current.state {
            case .failed, .rejected:
                break
            case .recorded:
                guard reason != nil else {
                    throw SDIError("\(number): the mail of \(current.file) recorded at \(current.since ?? "?") has no answer from the SMTP server, so whether it left is unknown. `invoic sdi receive` reads the SdI's receipt if it did; if none comes, `invoic sdi send \(number) --resend REASON` sends the same file again (the SdI takes one name once)")
                }
                return false
            case .sent, .delivered, .undelivered, .expired, .attested, .accepted, .refused:
                guard reason != nil else {
                    throw SDIError("\(number) was already mailed to the SdI as \(current.file) (\(current.state.rawValue) since \(current.since ?? "?")); `invoic sdi send \(number) --resend REASON` sends it again under a new name")
                }
            }
        }
        return progressive.map { used(record, $0) } ?? false
    }

    /// Whether an attempt that may have reached the SdI went with `progressive`.
    static func used(_ record: SDIRecord?, _ progressive: String) -> Bool {
        record?.attempts.contains { $0.progressive == progressive && $0.state != .failed } ?? false
    }

    public enum Outcome: Sendable {
        case sent(SDIRecord.Attempt)
        /// The SMTP server refused it: recorded as failed, nothing left.
        case failed(SDIRecord.Attempt, reason: String)
    }

    /// Mails `file` (the FatturaPA `build` writes for `document`, under the progressive the
    /// document now has) in `message`; records first, under the book's lock.
    public func send(_ document: Document, progressive: String, file: (name: String, bytes: [UInt8]), message: MailMessage,
                     resend reason: String?) throws(SDIError) -> Outcome {
        let lock: BookLock
        do { lock = try BookLock(root: root) } catch { throw SDIError("\(error)") }
        defer { withExtendedLifetime(lock) {} }
        let outbox = SDIOutbox(root: root)
        var record = try outbox.record(for: document) ?? SDIRecord(number: document.number)
        // Asked again under the lock: another sender may have gone first.
        if try Self.decide(record, number: document.number, progressive: progressive, resend: reason) {
            throw SDIError("\(document.number): the progressive \(progressive) went to the SdI before; its file needs a new one (`invoic sdi send` gives it)")
        }
        let sha = SHA256.hex(file.bytes)
        let stored = record.attempts.contains { $0.file == file.name && $0.sha256 != sha }
            ? String(file.name.dropLast(4)) + ".\(record.attempts.count + 1).xml" : file.name
        record.attempts.append(SDIRecord.Attempt(
            progressive: progressive, file: stored, sha256: sha, to: message.to.map(\.address).joined(separator: ", "),
            messageID: message.messageID, resendReason: record.attempts.isEmpty ? nil : reason,
            history: [SDIRecord.Event(at: timestamp(now()), state: .recorded)]))
        // Recorded, with the bytes, before the mail leaves.
        try outbox.write(record, for: document, files: [(stored, file.bytes)])
        do {
            try deliver(message)
        } catch let error as MailError {
            append(&record, .failed, error.message)
            try outbox.write(record, for: document)
            return .failed(record.attempts[record.attempts.count - 1], reason: error.message)
        } catch {
            // Not the server's refusal: whether it left is unknown, the record stays `recorded`.
            throw SDIError("\(error)")
        }
        append(&record, .sent, "taken by the SMTP server for \(message.to.map(\.address).joined(separator: ", "))")
        try outbox.write(record, for: document)
        return .sent(record.attempts[record.attempts.count - 1])
    }

    private func append(_ record: inout SDIRecord, _ state: SDIRecord.State, _ detail: String?) {
        record.attempts[record.attempts.count - 1].history.append(SDIRecord.Event(at: timestamp(now()), state: state, detail: detail))
    }

    /// The message to the SdI: the file attached under its own name, nothing else the SdI reads
    /// (Specifiche 1.9 4.2: one file per PEC message, the attachment's name the file's).
    public static func message(file: (name: String, bytes: [UInt8]), from: MailAddress, to: String, number: String, date: Date) -> MailMessage {
        let domain = from.address.split(separator: "@").last.map(String.init) ?? "invoic"
        return MailMessage(from: from, to: [MailAddress(name: nil, address: to)], subject: file.name,
                           body: "FatturaPA \(file.name) (\(number)).\n",
                           attachments: [MailAttachment(fileName: file.name, mediaType: "application/xml", bytes: file.bytes)], date: date,
                           messageID: "\(String(file.name.dropLast(4))).\(Int(date.timeIntervalSince1970)).\(UInt32.random(in: 0...UInt32.max))@\(domain)")
    }
}
