import InvoicBook

/// A copy of an invoice or credit note that shows where it stands on a given day (paid, void,
/// credited, what is still due): printed on request (`invoic pdf --copy`), marked COPY with its
/// date, never the document itself, whose bytes do not change after it is issued.
public struct DocumentCopy: Sendable {
    public var date: Day
    public var status: Status
    /// What is still owed on the copy's day (negative: owed back to the client).
    public var balance: Int64

    public init(date: Day, status: Status, balance: Int64) {
        self.date = date
        self.status = status
        self.balance = balance
    }

    /// The copy of `document` as of `day`, from the book's account of it.
    public init(of document: Document, in book: Book, on day: Day) {
        let status = book.status(of: document, today: day)
        let balance: Int64
        switch document.kind {
        case .invoice: balance = book.account(of: document, through: day)?.balance ?? 0
        case .creditNote, .estimate: balance = 0
        }
        self.init(date: day, status: status, balance: balance)
    }

    var stamp: (label: String, color: String) {
        switch status {
        case .paid: ("stamp_paid", "paid")
        case .void: ("stamp_void", "void")
        case .credited: ("stamp_credited", "paid")
        default: ("stamp_copy", "estimate")
        }
    }
}
