import InvoicBook
import InvoicDiagnostics
import InvoicMoney
import InvoicYAML

/// The dated facts a command records in a document file: sent, accepted, declined, void and
/// payments. Each adds lines next to where a person would write them and changes nothing else.
public struct DocumentFacts {
    let document: Document
    /// The file's text and top-level mapping, where its top-level keys are set.
    let file: TopLevelKeys
    var text: String { file.text }
    var byteOrderMark: String { file.byteOrderMark }
    /// The invoice's account with everything recorded (what a new payment may settle), or the
    /// account of the invoice a credit note corrects (what a refund may pay back).
    let account: Account?
    /// The locale amounts are typed in: the book's (`defaults.locale`), where a person types
    /// them; en_US, the plain form alone, where a program writes them (`invoic match`).
    let typingLocale: String

    /// - Parameter text: the file's text, as read; `document` is its decoded, priced form.
    /// - Parameter account: `Book.account(of:through: .distantFuture)` of the invoice, or of the
    ///   invoice a credit note corrects.
    /// - Parameter typedIn: the locale of the amounts given to `pay` and `refund` as text.
    public init(document: Document, text: String, account: Account? = nil, typedIn: String = Defaults.fallbackLocale) throws(AuthoringError) {
        // Ranges are counted without a byte-order mark; edits keep it where it was.
        file = try TopLevelKeys(text: text, path: document.file)
        self.document = document
        self.account = account
        typingLocale = typedIn
    }

    public func send(on day: Day) throws(AuthoringError) -> String {
        if let sent = document.sent { throw .refused("\(document.number) was already sent on \(sent.value)") }
        return adding(key: "sent", value: day.description, after: ["due", "valid_until", "issued"])
    }

    /// `sent:` and `sent_via:` together (`invoic peppol send`); a document already marked sent
    /// (by hand or by mail) keeps its day and gets only `sent_via:` when it has none.
    public func send(on day: Day, via: Document.SentVia) throws(AuthoringError) -> String {
        let line = "\(keyIndent)sent_via: \(via.rawValue)"
        if document.sent == nil {
            let anchor = ["due", "valid_until", "issued"].lazy.compactMap { name in pairs.first { $0.key.keyText == name } }.first
            let after = anchor?.value.lastLine ?? lastLine
            return byteOrderMark + text.inserting([TextInsertion.lines(["\(keyIndent)sent: \(day)", line], after: after)])
        }
        if document.sentVia != nil { throw .refused("\(document.number) already records how it was sent") }
        return adding(key: "sent_via", value: via.rawValue, after: ["sent"])
    }

    /// `sdi_progressive: "00007"`, the progressive `invoic sdi send` mails the FatturaPA with:
    /// added after `sent_via:`, `sent:` or `issued:`, or the one written replaced (a file sent
    /// again after the SdI rejected it goes with a new name). Quoted: `00007` is a number to YAML.
    public func sdiProgressive(_ progressive: String) -> String {
        file.setting("sdi_progressive", to: YAMLText.quoted(progressive), after: ["sent_via", "sent", "issued"])
    }

    /// `ksef:` with the number KSeF gave the invoice (`invoic ksef send`), quoted as every id.
    public func ksef(number: String) throws(AuthoringError) -> String {
        if let ksef = document.ksef { throw .refused("\(document.number) already has the KSeF number \(ksef.value)") }
        return adding(key: "ksef", value: YAMLText.quoted(number), after: ["sent_via", "sent", "due", "issued"])
    }

    public func accept(on day: Day) throws(AuthoringError) -> String {
        try requireEstimate("accept")
        if let accepted = document.accepted { throw .refused("\(document.number) was already accepted on \(accepted.value)") }
        if let declined = document.declined { throw .refused("\(document.number) was declined on \(declined.value); write a new estimate") }
        return adding(key: "accepted", value: day.description, after: ["sent", "valid_until", "issued"])
    }

    public func decline(on day: Day) throws(AuthoringError) -> String {
        try requireEstimate("decline")
        if let declined = document.declined { throw .refused("\(document.number) was already declined on \(declined.value)") }
        if let accepted = document.accepted { throw .refused("\(document.number) was accepted on \(accepted.value); it cannot also be declined") }
        return adding(key: "declined", value: day.description, after: ["sent", "valid_until", "issued"])
    }

    public func void(on day: Day, reason: String) throws(AuthoringError) -> String {
        try requireInvoice("void")
        if let void = document.void { throw .refused("\(document.number) was already voided on \(void.date.value)") }
        let indent = keyIndent
        let lines = ["\(indent)void:", "\(indent)  date: \(day)", "\(indent)  reason: \(YAMLText.scalar(reason))"]
        return byteOrderMark + text.inserting([TextInsertion.lines(lines, after: lastLine)])
    }

    public enum Amount: Sendable {
        case exactly(String)
        case full
    }

    /// One payment to record: what `invoic pay` and each transaction `invoic match` matched bring.
    public struct Receipt: Sendable {
        public var amount: Amount
        public var day: Day
        public var method: PaymentMethod
        public var note: String?
        public var reference: String?

        public init(_ amount: Amount, on day: Day, method: PaymentMethod, note: String? = nil, reference: String? = nil) {
            self.amount = amount
            self.day = day
            self.method = method
            self.note = note
            self.reference = reference
        }
    }

    /// Appends a payment. Refuses an amount above what is due, on a void invoice, and one with
    /// more decimals than the currency has.
    public func pay(_ amount: Amount, on day: Day, method: PaymentMethod, note: String?, reference: String? = nil) throws(AuthoringError) -> String {
        try pay([Receipt(amount, on: day, method: method, note: note, reference: reference)])
    }

    /// Appends payments, in one edit of the text: each is refused as ``pay(_:on:method:note:reference:)``
    /// refuses one, against what the ones before it left due.
    public func pay(_ receipts: [Receipt]) throws(AuthoringError) -> String {
        try requireInvoice("record a payment on")
        if document.void != nil { throw .refused("\(document.number) is void; record the payment on the invoice that replaces it") }
        guard let figures = document.figures else { throw .refused("\(document.number) has errors; fix them first (`invoic check`)") }
        let currency = figures.currency
        var balance = account?.balance ?? figures.balance
        var entries: [[(String, Value)]] = []
        entries.reserveCapacity(receipts.count)
        for receipt in receipts {
            let minor: Int64
            switch receipt.amount {
            case .full:
                guard balance > 0 else { throw .refused("nothing is due on \(document.number)") }
                minor = balance
            case .exactly(let text):
                minor = try Self.minorUnits(text, in: currency, locale: typingLocale,
                                            notPositive: "a payment is more than 0, not \(text); to take a payment back, delete its entry from \(document.file)")
            }
            guard minor <= balance else {
                throw .refused("\(MoneyFormat.plain(minor, currency)) is more than the \(MoneyFormat.plain(balance, currency)) due on \(document.number)"
                    + ((account?.credited ?? 0) != 0 ? " after its credit notes" : ""))
            }
            balance -= minor
            var fields: [(String, Value)] = [("date", .written(receipt.day.description)), ("amount", .written(MoneyFormat.plain(minor, currency))),
                                             ("method", .text(receipt.method.rawValue))]
            if let note = receipt.note { fields.append(("note", .text(note))) }
            if let reference = receipt.reference { fields.append(("reference", .text(reference))) }
            entries.append(fields)
        }
        return appending(entries, toListAt: "payments")
    }

    /// Records a reminder sent on an invoice: its date, level, and the fee and interest it asked
    /// for (left out when none), under `reminders:`.
    public func remind(_ reminder: Reminder) throws(AuthoringError) -> String {
        try requireInvoice("record a reminder on")
        var fields: [(String, Value)] = [("date", .written(reminder.date.description)), ("level", .written(String(reminder.level)))]
        if reminder.fee != 0 { fields.append(("fee", .written(MoneyFormat.plain(reminder.fee, reminder.currency)))) }
        if reminder.interest != 0 { fields.append(("interest", .written(MoneyFormat.plain(reminder.interest, reminder.currency)))) }
        return appending([fields], toListAt: "reminders")
    }

    /// What a refund on this credit note may pay back at most: what the client is owed on the
    /// invoice it corrects (the account's negative balance), and never more than the credit note
    /// still credits. Without an account (no invoice found), what the credit note credits.
    public var refundOwed: Int64 {
        guard let figures = document.figures else { return 0 }
        let unrefunded = figures.payable - figures.paid
        return account?.refundOwed(by: document) ?? unrefunded
    }

    /// `invoic refund`: a refund of `amount`, or of all the client is owed (`.full`).
    public func refund(_ amount: Amount, on day: Day, method: PaymentMethod, reference: String?) throws(AuthoringError) -> String {
        guard document.kind == .creditNote else { throw .refused("\(document.number) is not a credit note; only a credit note has refunds") }
        guard let figures = document.figures else { throw .refused("\(document.number) has errors; fix them first (`invoic check`)") }
        switch amount {
        case .full:
            guard refundOwed > 0 else {
                throw .refused("nothing is owed back on \(document.number): the client's payments do not exceed what is still due after the credit")
            }
            return try refund(refundOwed, on: day, method: method, reference: reference)
        case .exactly(let text):
            let minor = try Self.minorUnits(text, in: figures.currency, locale: typingLocale, notPositive: "a refund is more than 0, not \(text)")
            return try refund(minor, on: day, method: method, reference: reference)
        }
    }

    /// An amount a person typed, in minor units of `currency`: a decimal above 0 with no more
    /// decimals than the currency has; `notPositive` says why 0 or less is refused.
    /// An amount typed on the command line or in a form, read in the document's locale
    /// (`500,00` and `1.000,00` in de_DE, or plain `500.00`): `TypedAmount`, the one reader.
    static func minorUnits(_ text: String, in currency: Currency, locale: String, notPositive: String) throws(AuthoringError) -> Int64 {
        switch TypedAmount.minorUnits(text, locale: locale, currency: currency) {
        case .success(let minor):
            guard minor > 0 else { throw .refused(notPositive) }
            return minor
        case .failure(let problem):
            throw .refused(TypedAmount.explain(problem, typed: text, locale: locale, currency: currency))
        }
    }

    /// Appends a refund to a credit note: money paid back to the client. Refuses more than the
    /// client is owed on the invoice, or than the credit note credits.
    public func refund(_ minor: Int64, on day: Day, method: PaymentMethod, reference: String?) throws(AuthoringError) -> String {
        try refund([(minor, day, method, reference)])
    }

    /// Appends refunds, in one edit of the text, each refused as ``refund(_:on:method:reference:)``
    /// refuses one, against what the ones before it left owed.
    public func refund(_ refunds: [(minor: Int64, day: Day, method: PaymentMethod, reference: String?)]) throws(AuthoringError) -> String {
        guard document.kind == .creditNote else { throw .refused("\(document.number) is not a credit note; only a credit note has refunds") }
        guard let figures = document.figures else { throw .refused("\(document.number) has errors; fix them first (`invoic check`)") }
        var owed = refundOwed
        var entries: [[(String, Value)]] = []
        for refund in refunds {
            guard refund.minor > 0, refund.minor <= owed else {
                throw .refused("\(MoneyFormat.plain(refund.minor, figures.currency)) is more than the \(MoneyFormat.plain(max(0, owed), figures.currency)) the client is owed on \(document.number)")
            }
            owed -= refund.minor
            var fields: [(String, Value)] = [("date", .written(refund.day.description)), ("amount", .written(MoneyFormat.plain(refund.minor, figures.currency))),
                                             ("method", .text(refund.method.rawValue))]
            if let reference = refund.reference { fields.append(("reference", .text(reference))) }
            entries.append(fields)
        }
        return appending(entries, toListAt: "refunds")
    }

    // MARK: where text goes

    /// A value to write: one invoic spells itself (a date, an amount, a level: plain YAML as it
    /// stands), or text a person gave, which goes through ``YAMLText/scalar(_:in:)`` for the
    /// place it lands in (a block entry or a flow one).
    enum Value {
        case written(String)
        case text(String)

        func yaml(in context: YAMLText.Context) -> String {
            switch self {
            case .written(let value): return value
            case .text(let text): return YAMLText.scalar(text, in: context)
            }
        }
    }

    private func requireInvoice(_ verb: String) throws(AuthoringError) {
        if document.kind != .invoice { throw .refused("\(document.number) is \(document.kind == .estimate ? "an estimate" : "a credit note"); only an invoice can \(verb == "void" ? "be voided" : "have payments")") }
    }

    private func requireEstimate(_ verb: String) throws(AuthoringError) {
        if document.kind != .estimate { throw .refused("\(document.number) is \(document.kind == .invoice ? "an invoice" : "a credit note"); only an estimate can be \(verb == "accept" ? "accepted" : "declined")") }
    }

    private var pairs: [YAMLPair] { file.pairs }
    private var keyIndent: String { file.keyIndent }
    private var lastLine: Int { file.lastLine }

    /// `key: value` after the first of `after` present, or at the end (`TopLevelKeys`; the
    /// callers refuse a key the document already has).
    private func adding(key: String, value: String, after candidates: [String]) -> String {
        file.setting(key, to: value, after: candidates)
    }

    /// New entries at the end of the list under `key`, in the style its entries already have;
    /// a new list at the end of the file when there is none. All of them in one insertion, so
    /// recording many (a bank statement's) costs one pass over the text, not one each.
    private func appending(_ entries: [[(String, Value)]], toListAt key: String) -> String {
        guard !entries.isEmpty else { return byteOrderMark + text }
        func blockLines(_ indent: String) -> [String] {
            entries.flatMap { fields in
                fields.enumerated().map { index, field in "\(indent)\(index == 0 ? "- " : "  ")\(field.0): \(field.1.yaml(in: .block))" }
            }
        }
        func flowEntry(_ fields: [(String, Value)]) -> String {
            "{ " + fields.map { "\($0.0): \($0.1.yaml(in: .flow))" }.joined(separator: ", ") + " }"
        }
        guard let pair = pairs.first(where: { $0.key.keyText == key }), let items = pair.value.sequence, !(pair.value.scalar?.isNull ?? false) else {
            let indent = keyIndent
            return byteOrderMark + text.inserting([TextInsertion.lines(["\(indent)\(key):"] + blockLines(indent + "  "), after: lastLine)])
        }
        if pair.value.isFlow {
            // `payments: [ ... ]`: right after the last entry, or just inside an empty `[]`.
            let end = pair.value.range.end
            let location = items.last?.range.end ?? SourceLocation(line: end.line, column: end.column - 1)
            let added = entries.map(flowEntry).joined(separator: ", ")
            return byteOrderMark + text.inserting([TextInsertion(location: location, text: (items.isEmpty ? "" : ", ") + added)])
        }
        let last = items[items.count - 1]
        let dashColumn = max(1, last.range.start.column - 2)
        let indent = String(repeating: " ", count: dashColumn - 1)
        let lines: [String]
        if last.isFlow || last.mapping == nil {
            lines = entries.map { "\(indent)- \(flowEntry($0))" }
        } else {
            lines = blockLines(indent)
        }
        return byteOrderMark + text.inserting([TextInsertion.lines(lines, after: pair.value.lastLine)])
    }
}
