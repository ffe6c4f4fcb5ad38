import InvoicBook
import InvoicDiagnostics
import InvoicHistory

/// The one place a new document gets its number: `new`, `convert`, `credit`, `recur --apply` and
/// the web app's forms and actions all ask it, inside their edit (so under the book's lock).
///
/// A book with `numbering: { reserve: origin }` shares its series with other clones: the number
/// is then reserved on the remote first (``NumberReservation``), and a number another clone holds
/// is skipped. Without it, the next number of this copy of the book is given, as always.
/// One giver serves one command: numbers it gave are not given again by it (`recur --apply`
/// writes several invoices in one edit).
public final class NumberGiver {
    public let root: String
    /// Numbers given by this giver, by series: the highest sequence of each.
    private var given: [SeriesKey: Int] = [:]
    /// Whether a number was skipped because another clone holds it: this copy of the book then
    /// has a gap until it is synced, which the edit must allow.
    public private(set) var skippedTakenNumbers = false

    /// False for a dry run: it shows the next number of this copy and reserves nothing.
    public let reserving: Bool

    /// `--offline`: a book that reserves its numbers gets a draft number (``Document/draftNumberPrefix``)
    /// instead, reserved nowhere; `send` refuses it (``confirm(_:in:)``).
    public let offline: Bool

    public init(root: String, reserving: Bool = true, offline: Bool = false) {
        self.root = root
        self.reserving = reserving
        self.offline = offline
    }

    /// The next number of `kind` for a document issued on `issued`, reserved on the book's
    /// remote when the book asks for it.
    public func next(for kind: DocumentKind, issued: Day, in book: Book) throws(AuthoringError) -> String {
        let pattern = book.settings.numbering.pattern(for: kind)
        let year = pattern.hasYear ? issued.year : nil
        let key = SeriesKey(kind: kind, year: year)
        let first = max(given[key] ?? 0, book.series()[key]?.last?.sequence ?? 0) + 1
        guard reserving, let remote = book.settings.numbering.reserve?.value else {
            given[key] = first
            return pattern.format(year: year, sequence: first)
        }
        if offline {
            // Unique across clones without asking anyone: 64 random bits.
            return Document.draftNumberPrefix + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        }
        do {
            let reservation = try NumberReservation(root: root, remote: remote)
            let (number, skipped) = try reservation.reserve(
                kind: kind, from: first, format: { pattern.format(year: year, sequence: $0) },
                file: { book.file(forNew: kind, number: $0, issued: issued) })
            if skipped { skippedTakenNumbers = true }
            given[key] = pattern.match(number)?.sequence ?? first
            return number
        } catch {
            throw .refused("\(error)")
        }
    }

    /// Before a document is sent (issued): its number is reserved on the book's remote, or is
    /// reserved now; refused when another clone holds it (a number given by hand, or before the
    /// book reserved its numbers, that another clone gave too).
    public func confirm(_ document: Document, in book: Book) throws(AuthoringError) {
        if document.hasDraftNumber {
            let again = document.kind == .creditNote ? "`invoic credit` the invoice again" : "`invoic new \(document.kind.rawValue) --client … --like \(document.number)`"
            throw .refused("\(document.number) has a draft number, given offline (`--offline`), and cannot be sent: when online, write it again under its reserved number "
                           + "(\(again)) and remove \(document.file); nothing was written")
        }
        guard reserving, let remote = book.settings.numbering.reserve?.value else { return }
        do {
            let reservation = try NumberReservation(root: root, remote: remote)
            guard try reservation.confirm(kind: document.kind, number: document.number, file: document.file) else {
                throw AuthoringError.refused("\(document.number) was reserved on `\(remote)` by another clone just now; this \(document.kind.name) was numbered without a reservation, "
                                             + "so the number may be theirs: run `invoic sync`, and if the other clone's \(document.number) arrives, give this one the next free number (rename its file); nothing was written")
            }
        } catch let error as AuthoringError {
            throw error
        } catch {
            throw .refused("\(error)")
        }
    }

    /// The findings a reserved number may add on purpose: the gap of the numbers other clones
    /// hold and this copy does not have yet (`invoic sync` brings them).
    public func allows(_ diagnostic: Diagnostic) -> Bool {
        skippedTakenNumbers && diagnostic.code == .numberingGap
    }
}
