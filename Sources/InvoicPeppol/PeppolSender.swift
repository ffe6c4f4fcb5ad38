import Foundation
import InvoicAuthoring
import InvoicBook

/// `invoic peppol send` without the command line (serve's "Send over Peppol" calls it too): one
/// document to the provider, recorded in the outbox before any call, so that a crash, a kill or a
/// lost answer never sends twice.
///
/// The book's lock is held from reading the record to writing the answer, so two senders of the
/// same invoice take turns and the second sees the first's record. An attempt recorded but not
/// confirmed (invoic stopped between recording and the answer) is resolved by asking the provider,
/// never by sending again: e-invoice.be's draft says whether it was transmitted; a provider that
/// cannot be asked leaves the decision to the user (`--resend REASON`).
public struct PeppolSender: ProviderClient {
    let connection: ProviderConnection

    public init(root: String, settings: ProviderSettings, now: @escaping () -> Date = Date.init) {
        connection = ProviderConnection(root: root, settings: settings, now: now)
    }

    public enum Outcome: Sendable {
        /// Transmitted now (or handed over, in transit).
        case sent(OutboxRecord.Attempt)
        /// An interrupted attempt turned out to have reached the provider: recorded, not sent again.
        case resolved(OutboxRecord.Attempt)
    }

    /// Sends `submission` (its key is replaced by the attempt's) for `document`. Every error
    /// leaves with the provider's words cleaned (`ProviderSettings.clean`).
    public func send(_ document: Document, _ submission: Submission, resend reason: String?) throws(PeppolError) -> Outcome {
        do {
            return try sendUnclean(document, submission, resend: reason)
        } catch {
            throw settings.cleaned(error)
        }
    }

    private func sendUnclean(_ document: Document, _ submission: Submission, resend reason: String?) throws(PeppolError) -> Outcome {
        let lock: BookLock
        do { lock = try BookLock(root: root) } catch { throw PeppolError("\(error)") }
        defer { withExtendedLifetime(lock) {} }
        let outbox = Outbox(root: root)
        var setAside: String?
        var record: OutboxRecord
        do {
            record = try outbox.record(for: document) ?? OutboxRecord(number: document.number)
        } catch {
            // invoic cannot tell from the record what was sent: it may be in transit, so only
            // --resend sends, and the unreadable record is kept beside the new one.
            let path = BookLoader.join(Outbox.folder(for: document), Outbox.recordName)
            guard reason != nil else {
                throw PeppolError("\(document.number): its outbox record \(path) cannot be read (\(error.message)), so whether it was sent is unknown and it may be in transit; ask \(settings.provider.rawValue), then `invoic peppol send \(document.number) --resend REASON` keeps that record beside a new one and sends it again")
            }
            setAside = try outbox.setAside(for: document)
            record = OutboxRecord(number: document.number)
        }
        let sha = SHA256.hex(submission.bytes)
        var existingID: String?
        var continuing = false

        if let current = record.current {
            if current.state.isUnresolved {
                switch try provider.resolve(key: current.key, providerID: current.providerID, requested: current.state == .requested) {
                case .known(let id, let status):
                    record.attempts[record.attempts.count - 1].providerID = try ProviderID.checked(id, from: settings.provider.rawValue)
                    append(&record, status.state, status.detail ?? "found by asking \(settings.provider.rawValue) after an interrupted send")
                    try outbox.write(record, for: document)
                    return .resolved(record.attempts[record.attempts.count - 1])
                case .notTransmitted(let id):
                    if current.sha256 == sha {
                        existingID = try id.map { id throws(PeppolError) in try ProviderID.checked(id, from: settings.provider.rawValue) }
                        continuing = true
                    } else {
                        append(&record, .refused, "never transmitted; replaced by a later attempt with other bytes")
                    }
                case .unknown(let why):
                    guard reason != nil else {
                        throw PeppolError("\(document.number): an attempt recorded at \(current.since ?? "?") has no answer, and \(why). If it is not there, `invoic peppol send \(document.number) --resend REASON` sends it again")
                    }
                }
            } else if current.state.isConfirmed, reason == nil {
                let what = current.state == .failed ? "its transmission failed (\(current.history.last?.detail ?? "no reason given"))" : "it was sent at \(current.history.first { $0.state.isConfirmed }?.at ?? current.since ?? "?") (\(current.state.rawValue))"
                throw PeppolError("\(document.number) was already handed to \(current.provider): \(what); `invoic peppol send \(document.number) --resend REASON` sends it again")
            }
        }

        var submission = submission
        if continuing, let current = record.current {
            submission.key = current.key
        } else {
            let key = UUID().uuidString.lowercased()
            submission.key = key
            let file = record.attempts.contains { $0.file == submission.fileName && $0.sha256 != sha }
                ? submission.fileName.replacingOccurrences(of: ".xml", with: ".\(record.attempts.count + 1).xml")
                : submission.fileName
            record.attempts.append(OutboxRecord.Attempt(
                key: key, provider: settings.provider.rawValue, url: settings.url, sender: submission.sender.description,
                receiver: submission.receiver.description, documentType: submission.documentType, process: submission.process,
                file: file, sha256: sha, providerID: nil, resendReason: record.attempts.isEmpty && setAside == nil ? nil : reason,
                history: [OutboxRecord.Event(at: timestamp(now()), state: .recorded, detail: setAside.map { "the unreadable record before it is kept as \($0)" })]))
            // Recorded, with the bytes, before the provider hears of it.
            try outbox.write(record, for: document, bytes: (file, submission.bytes))
        }

        do {
            let answer = try provider.send(submission, existingID: existingID, created: { id in
                let id = try ProviderID.checked(id, from: settings.provider.rawValue)
                guard record.attempts[record.attempts.count - 1].providerID != id else { return }
                record.attempts[record.attempts.count - 1].providerID = id
                try outbox.write(record, for: document)
            }, transmitting: {
                // Written before the call that transmits: a rerun after a kill or a lost answer
                // finds this and asks the provider for transmissions instead of sending again.
                append(&record, .requested, "send requested")
                try outbox.write(record, for: document)
            })
            record.attempts[record.attempts.count - 1].providerID = try ProviderID.checked(answer.id, from: settings.provider.rawValue)
            append(&record, answer.status.state, answer.status.detail)
            try outbox.write(record, for: document)
            return .sent(record.attempts[record.attempts.count - 1])
        } catch let error as PeppolError where error.isRefusal && record.attempts[record.attempts.count - 1].providerID == nil {
            append(&record, .refused, error.message)
            try outbox.write(record, for: document)
            throw error
        } catch let error as PeppolError {
            // The outcome is open: the record stays unresolved, and the next send asks first.
            throw PeppolError(error.message + "; the attempt stays recorded, and `invoic peppol send \(document.number)` asks \(settings.provider.rawValue) what became of it before sending anything")
        } catch {
            throw PeppolError("\(error)")
        }
    }

    /// Asks the provider about `document`'s current attempt and appends what changed.
    public func refreshStatus(of document: Document) throws(PeppolError) -> (OutboxRecord.Attempt, changed: Bool)? {
        do {
            return try refreshStatusUnclean(of: document)
        } catch {
            throw settings.cleaned(error)
        }
    }

    private func refreshStatusUnclean(of document: Document) throws(PeppolError) -> (OutboxRecord.Attempt, changed: Bool)? {
        let lock: BookLock
        do { lock = try BookLock(root: root) } catch { throw PeppolError("\(error)") }
        defer { withExtendedLifetime(lock) {} }
        let outbox = Outbox(root: root)
        guard var record = try outbox.record(for: document), let current = record.current else { return nil }
        if current.state.isFinal && current.state != .failed { return (current, false) }
        let status: ProviderStatus
        if current.state.isUnresolved {
            switch try provider.resolve(key: current.key, providerID: current.providerID, requested: current.state == .requested) {
            case .known(let id, let known):
                record.attempts[record.attempts.count - 1].providerID = try ProviderID.checked(id, from: settings.provider.rawValue)
                status = known
            case .notTransmitted, .unknown:
                return (current, false)
            }
        } else {
            guard let id = current.providerID else { return (current, false) }
            status = try provider.status(id: id)
        }
        let last = current.history.last
        guard last?.state != status.state || (status.detail != nil && last?.detail != status.detail) else { return (current, false) }
        append(&record, status.state, status.detail)
        try outbox.write(record, for: document)
        return (record.attempts[record.attempts.count - 1], true)
    }

    /// A new state of the current attempt; its detail, often the provider's words, cleaned.
    private func append(_ record: inout OutboxRecord, _ state: TransmissionState, _ detail: String?) {
        record.attempts[record.attempts.count - 1].history.append(OutboxRecord.Event(at: timestamp(now()), state: state, detail: detail.map(settings.clean)))
    }
}
