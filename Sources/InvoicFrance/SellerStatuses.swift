import InvoicBook
import InvoicLedger
import InvoicMoney

/// The statuses the seller must set itself. One for now: "encaissée" (212). A French seller of
/// services pays their VAT when paid (CGI art. 269-2-c) unless it opted for VAT on debits
/// (`vat_on_debits:`); from the reform on it tells the administration, through its platform, of
/// every payment received on such an invoice, with the amount and its VAT rate (XP Z12-012,
/// BR-FR-CDV-14). `invoic cdar` writes them; the platform command sends them and keeps what it
/// sent with `LifeCycle.keep`, after which a status is no longer pending.
public enum SellerStatuses {
    /// A status to send: its file name and its exact bytes.
    public struct Pending: Sendable {
        public var number: String
        public var status: LifeCycleStatus
        /// MDT-4, the message's id: `<number>_212_<payment day>_<payment's position>`.
        public var id: String
        /// `<number>-212-<payment's position>.xml`, a file name (`/` in a number written `_`).
        public var fileName: String
        public var bytes: [UInt8]
        /// The payment's position in the invoice's `payments:`, from 1.
        public var position: Int
    }

    /// Whether the status goes to the platform as a CDAR: it is about an e-invoice, to a client
    /// with a SIREN. A consumer's payment is e-reported (Flux 10) instead.
    public static func isAboutEInvoice(_ status: Pending, in book: Book) -> Bool {
        book.document(status.number).flatMap { book.clients[$0.client.value]?.contact.siren } != nil
    }

    /// Whether the book's services bear VAT when paid: a French book (with a SIREN) whose
    /// cadre de facturation is services (S1 ..., the default) and which did not opt for VAT on debits.
    public static func vatDueOnReceipt(_ settings: BookSettings) -> Bool {
        settings.isFrench && settings.business.siren != nil && !settings.vatOnDebits
            && (settings.billingMode?.value ?? "S1").hasPrefix("S")
    }

    /// Every "encaissée" the book's payments call for, sent or not, for a priced book.
    public static func all(book: Book) -> [Pending] {
        guard vatDueOnReceipt(book.settings) else { return [] }
        var pending: [Pending] = []
        for document in book.documents where document.kind == .invoice && document.void == nil {
            guard let figures = document.figures, figures.breakdown.tax > 0 else { continue }
            // The payment as the cash-basis return and Flux 10 count it (InvoicLedger's
            // `CashPayment`): one split of the money over the rates, credit notes and `prepaid:`
            // included, so the 212 never declares other figures than the return for the same cash.
            for cash in CashPayment.all(on: document, in: book).sorted(by: { $0.payment < $1.payment })
            where cash.payment < figures.payments.count && figures.payments[cash.payment] > 0 {
                let amounts = perRate(cash.shares, currency: figures.currency)
                // Money beyond what the invoice claims (an overpayment, a reminder fee) counts
                // for no supply: a payment made only of it has nothing to declare.
                guard !amounts.isEmpty else { continue }
                let position = cash.payment + 1
                let day = cash.date
                let id = "\(document.number)_212_\(CDARWriter.compactDay(day))_\(position)"
                let bytes = CDARWriter.cashed(document: document, book: book, id: id, day: day, amounts: amounts)
                pending.append(Pending(number: document.number, status: .cashed, id: id,
                                       fileName: "\(DocumentKind.fileStem(forNumber: document.number))-212-\(position).xml", bytes: bytes, position: position))
            }
        }
        return pending
    }

    /// The "encaissée" statuses not yet kept in the outbox (by their id): what the seller still
    /// has to send, with the bytes to send.
    public static func pending(book: Book, root: String) -> [Pending] {
        all(book: book).filter { status in
            guard let document = book.document(status.number) else { return false }
            return !LifeCycle.kept(for: document, root: root).statuses.contains { $0.message.id == status.id }
        }
    }

    /// The MEN amounts of a 212: what the payment settles at each VAT rate, VAT included, in the
    /// order of the invoice's groups (two groups of one rate, e.g. exempt and zero-rated at 0 %,
    /// make one amount); a rate the payment settles nothing at is left out.
    static func perRate(_ shares: [CashPayment.Share], currency: Currency) -> [(money: Money, rate: Rate)] {
        var amounts: [(money: Money, rate: Rate)] = []
        for share in shares {
            let amount = share.taxable + share.tax
            if let index = amounts.firstIndex(where: { $0.rate == share.taxRate.rate }) {
                amounts[index].money.minorUnits += amount
            } else {
                amounts.append((Money(amount, currency), share.taxRate.rate))
            }
        }
        return amounts.filter { $0.money.minorUnits != 0 }
    }
}
