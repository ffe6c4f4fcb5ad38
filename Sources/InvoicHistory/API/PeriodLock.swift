import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicYAML

/// `locked_until:` in invoic.yaml: the VAT returns up to that day are filed. A filed return is final;
/// a change to it is a correction filed as such (DE: berichtigte Voranmeldung, § 18 UStG, § 153 AO;
/// AT: a corrected U 30), never a silent edit. So the dated facts on or before the day (documents
/// issued, payments and refunds, voids) must stay as they were in the commit that set the lock,
/// and that commit's book is the one the returns were filed with.
public struct PeriodLock: Sendable {
    /// The last locked day.
    public let until: Day
    /// The commit that set `locked_until:` to `until`.
    public let commit: CommitInfo
    /// The book as it was in that commit, checked as `invoic check` checks it.
    public let book: Book

    public static let rules: [Rule] = [PeriodIsLocked.rule, PeriodIsLocked.uncheckedRule]

    /// Why the lock cannot be checked: said as a warning, and then nothing is compared.
    public enum Unchecked: Error, Sendable, CustomStringConvertible {
        /// Not a git repository, or git failed.
        case history(HistoryError)
        /// No commit sets `locked_until:` to this day (yet): the new lock is in the working tree only.
        case notCommitted(Day)
        /// The locking commit's book could not be read back.
        case unreadable(String)

        public var description: String {
            switch self {
            case .history(let error): "the period lock cannot be checked: \(error)"
            case .notCommitted(let day): "`locked_until: \(day)` is not committed yet: the periods it adds are compared with nothing until it is"
            case .unreadable(let why): "the book of the locking commit cannot be read: \(why)"
            }
        }
    }

    /// The committed lock of the book whose history this is: the `locked_until:` of invoic.yaml at
    /// HEAD, set in the latest commit that changed the key, and the book of that commit; nil when
    /// HEAD's invoic.yaml has no lock.
    public static func committed(in history: BookHistory) -> Result<PeriodLock, Unchecked>? {
        let timeline = history.timeline
        var previous: Day?
        var locking: Int?
        for version in timeline.settings {
            let value = version.blob.flatMap { history.decoded.settings[$0] }?.lockedUntil?.value
            if value != previous { locking = value == nil ? nil : version.commit }
            previous = value
        }
        guard let until = previous, let locking else { return nil }
        let commit = timeline.commits[locking]
        do {
            let repository = try Repository.open(history.root)
            let blobs = try repository.tree(at: commit.hash)
            let contents = try repository.contents(of: blobs.values)
            let book = try load(blobs.compactMapValues { contents[$0] })
            return .success(PeriodLock(until: until, commit: commit, book: book))
        } catch let error as HistoryError {
            return .failure(.history(error))
        } catch {
            return .failure(.unreadable("\(error)"))
        }
    }

    /// The lock's findings about the book now (its `locked_until:` as `written`): the committed lock
    /// holds until a commit moves it; moving it back or removing it is an error, moving it forward is
    /// a warning until committed.
    public static func judge(_ current: Book, written: Located<Day>?, history: BookHistory, files: Set<String>? = nil) -> [Diagnostic] {
        guard let committed = committed(in: history) else {
            return written.map { [diagnostic(.notCommitted($0.value), settings: current.settings)] } ?? []
        }
        let lock: PeriodLock
        switch committed {
        case .success(let found): lock = found
        case .failure(let reason): return [diagnostic(reason, settings: current.settings)]
        }
        var diagnostics = lock.judge(current, files: files)
        if let written, written.value > lock.until {
            diagnostics.append(diagnostic(.notCommitted(written.value), settings: current.settings))
        } else if written?.value != lock.until {
            diagnostics.append(.error(PeriodIsLocked.rule.code,
                written.map { "`locked_until:` moved back from \(lock.until) to \($0.value)" } ?? "`locked_until: \(lock.until)` was removed",
                file: BookSettings.fileName, range: written?.range,
                help: "a filed period stays filed: put back `locked_until: \(lock.until)`; a filed return is corrected by filing a correction",
                notes: ["the periods up to \(lock.until) were locked in commit \(lock.commit.citation)"]))
        }
        return diagnostics
    }

    /// Writes the files into a folder of their own and checks the book there: the same loader and
    /// checks as today's book (purchases and templates included), nothing of the working tree.
    private static func load(_ files: [String: [UInt8]]) throws -> Book {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("invoic-lock-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: folder) }
        for (path, bytes) in files {
            let url = folder.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        var book = try BookChecker.check(at: folder.path).book
        book.root = ""
        return book
    }

    /// The lock's findings about the book as it is now: every dated fact on or before `until`
    /// that differs from the locking commit's book is an error at its place.
    /// - Parameter files: when given (the staged paths), only documents whose file is in it count.
    public func judge(_ current: Book, files: Set<String>? = nil) -> [Diagnostic] {
        PeriodIsLocked(lock: self, current: current, files: files).run()
    }

    /// The warning when the lock cannot be checked.
    public static func diagnostic(_ reason: Unchecked, settings: BookSettings) -> Diagnostic {
        .warning(PeriodIsLocked.uncheckedRule.code, reason.description, file: BookSettings.fileName, range: settings.lockedUntil?.range,
                 help: "commit invoic.yaml with `locked_until:` in the book's git repository; until then invoic cannot tell what was filed")
    }
}

/// Compares the locked periods of today's book with the book of the locking commit.
struct PeriodIsLocked {
    static let rule = Rule(.lockedPeriod,
        summary: "a document, payment, refund or void dated in a locked (filed) VAT period was added, removed or changed",
        explanation: """
            `locked_until:` in invoic.yaml says the VAT returns up to that day are filed. A filed return is final:
            a change to it is a correction (in Germany a berichtigte Voranmeldung, § 18 UStG and § 153 AO; in
            Austria a corrected U 30), never a silent edit of the book. So every document issued, payment or
            refund received and void dated on or before that day must be as it was in the commit that set the
            lock; `git log -S locked_until -- invoic.yaml` shows that commit.

            Put the locked fact back as it was and record the change in an open period: a credit note dated
            today, a payment or refund on the day it happened. If the return really is corrected, file the
            correction and move `locked_until:` only forward.
            """,
        example: """
            # invoic.yaml, committed: locked_until: 2026-09-30
            # invoices/INV-0007.yaml, after the lock:
            payments:
              - { date: 2026-09-12, amount: 100.00 }   # dated in the filed quarter
            """)

    static let uncheckedRule = Rule(.lockedPeriodUnchecked,
        summary: "the period lock cannot be checked: no git history, or the lock is not committed",
        explanation: """
            The lock compares the book with the commit that set `locked_until:`. Without git (the book is not
            in a repository, git is missing) or before that commit exists, there is nothing to compare with,
            so nothing is refused: commit invoic.yaml to make the lock hold.
            """,
        example: """
            # invoic.yaml, not committed yet
            locked_until: 2026-09-30
            """)

    let lock: PeriodLock
    let current: Book
    let files: Set<String>?

    private struct Key: Hashable { var kind: DocumentKind, number: String }

    func run() -> [Diagnostic] {
        let until = lock.until
        var diagnostics: [Diagnostic] = []
        let past = Dictionary(lock.book.documents.filter(\.kind.isBilling).map { (Key(kind: $0.kind, number: $0.number), $0) }) { first, _ in first }
        let documents = current.documents.filter { $0.kind.isBilling && files?.contains($0.file) ?? true }
        let now = Dictionary(documents.map { (Key(kind: $0.kind, number: $0.number), $0) }) { first, _ in first }
        let help = "a filed VAT return is corrected, not rewritten: put it back as it was and record the change in an open period (after \(until)), e.g. a credit note or a refund dated today"
        let notes = ["the periods up to \(until) were locked in commit \(lock.commit.citation)"]
        func error(_ message: String, _ document: Document, _ range: SourceRange?) -> Diagnostic {
            .error(PeriodIsLocked.rule.code, message, file: document.file, range: range ?? document.numberKey?.range ?? document.issued.range,
                   label: "locked until \(until)", help: help, notes: notes)
        }
        for key in Set(past.keys).union(now.keys).sorted(by: { ($0.number, $0.kind.folder) < ($1.number, $1.kind.folder) }) {
            let before = past[key], after = now[key]
            let name = "\(key.kind.name) \(key.number)"
            // The document itself: issued in the locked periods then, or now.
            let lockedBefore = before.map { $0.issued.value <= until } ?? false
            let lockedAfter = after.map { $0.issued.value <= until } ?? false
            switch (before, after) {
            case (let before?, nil) where lockedBefore:
                diagnostics.append(.error(PeriodIsLocked.rule.code, "\(name), issued \(before.issued.value) in a locked period, was removed",
                                          file: before.file, label: nil, help: help, notes: notes))
            case (nil, let after?) where lockedAfter:
                diagnostics.append(error("\(name) is issued \(after.issued.value), in a locked period, and was not in the book when it was locked", after, after.issued.range))
            case (let before?, let after?) where lockedBefore || lockedAfter:
                if lockedBefore != lockedAfter || before.issued.value != after.issued.value {
                    diagnostics.append(error("the issue date of \(name) moved from \(before.issued.value) to \(after.issued.value) across the lock of \(until)", after, after.issued.range))
                } else if after.isComplete {
                    // As the history judge compares: printed figures when both can be computed,
                    // else what the files say; a file with errors of its own waits until they are fixed.
                    let resolved = before.figures != nil && after.figures != nil
                    let changed = Snapshot(before, resolved: resolved).differences(to: Snapshot(after, resolved: resolved)).map(\.label)
                    let totals = (before.figures?.total, after.figures?.total)
                    if !changed.isEmpty || (resolved && totals.0 != totals.1) {
                        let what = changed.isEmpty ? "its total" : changed.prefix(3).joined(separator: ", ") + (changed.count > 3 ? ", …" : "")
                        diagnostics.append(error("\(name), issued \(after.issued.value) in a locked period, was changed (\(what))", after, after.issued.range))
                    }
                }
            default: break
            }
            // Payments and refunds dated in the locked periods, whatever the document's date.
            let paidBefore = (before?.payments ?? []).filter { $0.date.value <= until }
            var unmatched = paidBefore
            for payment in (after?.payments ?? []) where payment.date.value <= until {
                if let index = unmatched.firstIndex(where: { Self.same($0, payment) }) {
                    unmatched.remove(at: index)
                } else if let after {
                    // A credit note's payments are refunds (`invoic refund`).
                    let what = key.kind == .creditNote ? "a refund" : "a payment"
                    diagnostics.append(error("\(what) of \(payment.amount.value) to \(name) is dated \(payment.date.value), in a locked period, and was not in the book when it was locked", after, payment.range))
                }
            }
            for removed in unmatched {
                let document = after ?? before!
                let what = key.kind == .creditNote ? "refund" : "payment"
                diagnostics.append(error("the \(what) of \(removed.amount.value) dated \(removed.date.value) to \(name), in a locked period, was removed or changed", document, nil))
            }
            // Voids.
            let voidBefore = before?.void.flatMap { $0.date.value <= until ? $0.date.value : nil }
            let voidAfter = after?.void.flatMap { $0.date.value <= until ? $0.date.value : nil }
            if voidBefore != voidAfter, let document = after ?? before {
                let message = voidAfter.map { "\(name) is voided \($0), in a locked period, and was not when it was locked" }
                    ?? "the void of \(name) dated \(voidBefore!), in a locked period, was removed or moved"
                diagnostics.append(error(message, document, after?.void?.range))
            }
        }
        return diagnostics
    }

    /// Two payments are the same fact when their day and amount are (`500` and `500.00` alike).
    private static func same(_ a: Payment, _ b: Payment) -> Bool {
        a.date.value == b.date.value && a.amount.value.normalized == b.amount.value.normalized
    }
}

extension DiagnosticCode {
    public static let lockedPeriod = DiagnosticCode("locked-period")
    public static let lockedPeriodUnchecked = DiagnosticCode("locked-period-unchecked")
}
