import InvoicBook
import InvoicMoney
import InvoicReport

/// The book as double-entry transactions: every invoice, credit note, payment, refund, reminder
/// fee, interest and void (and purchases, once the book has them), each balanced to the minor
/// unit, in the document's currency. What it posts on an invoice's account is read from
/// `Book.account(of:through:)`, the one account every other output reads, so the receivables the
/// journal adds up are the balances invoic reports.
public struct Journal: Sendable {
    public struct Posting: Sendable, Hashable {
        public var account: String
        public var amount: Int64
        public var currency: Currency
    }

    public struct Transaction: Sendable {
        public enum Kind: String, Sendable {
            case invoice, creditNote = "credit-note", payment, refund, reminderFee = "reminder-fee", interest, void, purchase
            case purchasePayment = "purchase-payment"
        }

        public var date: Day
        public var kind: Kind
        /// The document the transaction is about (a payment's invoice), its file and its party.
        public var document: String
        public var file: String
        public var payee: String
        public var narration: String
        public var postings: [Posting]
    }

    /// `from` in `to` at `rate` on `date`: a foreign-currency document's rate to the book's currency.
    public struct Price: Sendable, Hashable {
        public var date: Day
        public var from: Currency
        public var to: Currency
        public var rate: DecimalNumber
    }

    public var title: String
    public var currency: Currency?
    public var transactions: [Transaction]
    public var prices: [Price]

    public init(book: Book, purchases: Purchases = .none) {
        let accounts = book.settings.ledger ?? LedgerAccounts()
        title = book.settings.business.name
        currency = book.settings.defaults.currency?.value
        var transactions: [Transaction] = [], prices: [Price] = []
        var posted: Set<String> = []  // credit notes posted through their invoice's account
        // Narrations in the book's language (issue 37): a person reads them in hledger and Beancount.
        let words = ReportWords.of(book.settings.defaults.locale?.value ?? Defaults.fallbackLocale)
        func said(_ key: String, _ number: String, note: String = "") -> String { words.format(key, ["number": number, "note": note]) }

        for document in book.documents where document.kind == .invoice && LedgerScope.counts(document, in: book) {
            guard let figures = document.figures, let account = book.account(of: document, through: .distantFuture) else { continue }
            let client = book.clients[document.client.value]
            let payee = client?.contact.name ?? document.client.value
            let receivable = accounts["receivable"] + ":" + Self.component(document.client.value)
            let currency = figures.currency
            func transaction(_ kind: Transaction.Kind, _ date: Day, _ narration: String, _ postings: [(String, Int64)],
                             about: Document? = nil) -> Transaction {
                Transaction(date: date, kind: kind, document: (about ?? document).number, file: (about ?? document).file, payee: payee,
                            narration: narration, postings: Self.merged(postings, currency: currency))
            }
            // The invoice as issued: what the client owes, the turnover by category, the VAT by rate.
            var postings: [(String, Int64)] = [(receivable, account.payable)]
            if account.prepaidByKey != 0 { postings.append((accounts["advances"] + ":" + Self.component(document.client.value), account.prepaidByKey)) }
            postings += Self.turnover(of: document, figures: figures, accounts: accounts, sign: -1)
            if figures.roundingAmount != 0 { postings.append((accounts["rounding"], -figures.roundingAmount)) }
            transactions.append(transaction(.invoice, document.issued.value, said("journal_invoice", document.number), postings))
            if let target = document.taxCurrency?.value, target.currency == self.currency, target.currency != currency {
                prices.append(Price(date: document.issued.value, from: currency, to: target.currency, rate: target.rate))
            }
            // Deposits received on or before the issue day are part of the document's prepaid.
            for (payment, amount) in zip(document.payments, figures.payments) where payment.date.value <= document.issued.value && amount != 0 {
                transactions.append(transaction(.payment, payment.date.value, said("journal_payment", document.number),
                                                [(accounts["bank"], amount), (receivable, -amount)]))
            }
            for entry in account.entries {
                switch entry.kind {
                case .payment:
                    transactions.append(transaction(.payment, entry.date, said("journal_payment", document.number),
                                                    [(accounts["bank"], -entry.amount), (receivable, entry.amount)]))
                case .credit:
                    guard let number = entry.document, let note = book.document(number), let noteFigures = note.figures else { continue }
                    posted.insert(number)
                    var postings: [(String, Int64)] = [(receivable, entry.amount)]
                    if noteFigures.prepaid != 0 { postings.append((accounts["advances"] + ":" + Self.component(document.client.value), -noteFigures.prepaid)) }
                    postings += Self.turnover(of: note, figures: noteFigures, accounts: accounts, sign: 1)
                    if noteFigures.roundingAmount != 0 { postings.append((accounts["rounding"], noteFigures.roundingAmount)) }
                    transactions.append(transaction(.creditNote, entry.date, said("journal_credit_on", document.number, note: number), postings, about: note))
                case .refund:
                    let note = entry.document.flatMap { book.document($0) }
                    transactions.append(transaction(.refund, entry.date, said("journal_refund", entry.document ?? document.number),
                                                    [(receivable, entry.amount), (accounts["bank"], -entry.amount)], about: note))
                case .reminderFee:
                    transactions.append(transaction(.reminderFee, entry.date, said("journal_fee", document.number),
                                                    [(receivable, entry.amount), (accounts["fees"], -entry.amount)]))
                case .interest:
                    transactions.append(transaction(.interest, entry.date, said("journal_interest", document.number),
                                                    [(receivable, entry.amount), (accounts["interest"], -entry.amount)]))
                case .void:
                    // What voiding cancels comes off the turnover and the VAT in proportion, exactly.
                    let parts = Self.turnover(of: document, figures: figures, accounts: accounts, sign: 1)
                    let split = Apportion.split(-entry.amount, over: parts.map { $0.1 })
                    transactions.append(transaction(.void, entry.date, said("journal_void", document.number),
                                                    [(receivable, entry.amount)] + zip(parts, split).map { ($0.0.0, $0.1) }))
                }
            }
        }
        // Credit notes no invoice's account took (no `corrects:`, or another currency): on their own.
        for note in book.documents where note.kind == .creditNote && LedgerScope.counts(note, in: book) && !posted.contains(note.number) {
            guard let figures = note.figures, let effective = book.effectiveDate(of: note) else { continue }
            let payee = book.clients[note.client.value]?.contact.name ?? note.client.value
            let receivable = accounts["receivable"] + ":" + Self.component(note.client.value)
            var postings: [(String, Int64)] = [(receivable, -figures.payable)]
            if figures.prepaid != 0 { postings.append((accounts["advances"] + ":" + Self.component(note.client.value), -figures.prepaid)) }
            postings += Self.turnover(of: note, figures: figures, accounts: accounts, sign: 1)
            if figures.roundingAmount != 0 { postings.append((accounts["rounding"], figures.roundingAmount)) }
            func make(_ kind: Transaction.Kind, _ date: Day, _ narration: String, _ postings: [(String, Int64)]) -> Transaction {
                Transaction(date: date, kind: kind, document: note.number, file: note.file, payee: payee, narration: narration,
                            postings: Self.merged(postings, currency: figures.currency))
            }
            transactions.append(make(.creditNote, effective, said("journal_credit", note.number), postings))
            for (refund, amount) in zip(note.payments, figures.payments) where amount != 0 {
                transactions.append(make(.refund, refund.date.value, said("journal_refund", note.number), [(receivable, amount), (accounts["bank"], -amount)]))
            }
        }
        transactions += Self.purchaseTransactions(purchases, accounts: accounts, words: words)
        // By date; a day's transactions in the order above (book order, then each account's own).
        self.transactions = transactions.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        var seen: Set<String> = []
        self.prices = prices.filter { seen.insert("\($0.date) \($0.from.code)").inserted }.sorted { ($0.date, $0.from.code) < ($1.date, $1.from.code) }
    }

    /// A document's turnover and VAT as postings, `sign` -1 for an invoice (credits), +1 for a
    /// credit note or a void. Turnover by category: a group whose lines have several categories is
    /// split over them in proportion to their amounts, exactly.
    static func turnover(of document: Document, figures: Figures, accounts: LedgerAccounts, sign: Int64) -> [(String, Int64)] {
        var postings: [(String, Int64)] = []
        for group in figures.breakdown.groups {
            var byCategory: [(String, Int64)] = []
            if figures.lines.count == document.items.count {
                for (line, item) in zip(figures.lines, document.items) where line.tax == group.taxRate {
                    let account = incomeAccount(item.category ?? document.category, accounts: accounts)
                    if let index = byCategory.firstIndex(where: { $0.0 == account }) { byCategory[index].1 += line.amount } else { byCategory.append((account, line.amount)) }
                }
            }
            if byCategory.count <= 1 || byCategory.contains(where: { $0.1 < 0 }) {
                postings.append((byCategory.first?.0 ?? incomeAccount(document.category, accounts: accounts), sign * group.taxable))
            } else {
                let parts = Apportion.split(group.taxable, over: byCategory.map(\.1))
                postings += zip(byCategory, parts).map { ($0.0.0, sign * $0.1) }
            }
            if group.tax != 0 { postings.append((accounts["output_vat"] + ":" + rateComponent(group.rate), sign * group.tax)) }
        }
        return postings
    }

    /// One posting per account, in the order of first use, none of zero: a document whose two
    /// tax groups both go to Income:Sales posts it once.
    static func merged(_ postings: [(String, Int64)], currency: Currency) -> [Posting] {
        var result: [Posting] = []
        for (account, amount) in postings {
            if let index = result.firstIndex(where: { $0.account == account }) { result[index].amount += amount } else {
                result.append(Posting(account: account, amount: amount, currency: currency))
            }
        }
        return result.filter { $0.amount != 0 }
    }

    static func incomeAccount(_ category: String?, accounts: LedgerAccounts) -> String {
        category.map { accounts["income"] + ":" + component($0) } ?? accounts["sales"]
    }

    static func purchaseTransactions(_ purchases: Purchases, accounts: LedgerAccounts, words: ReportWords) -> [Transaction] {
        var transactions: [Transaction] = []
        var order: [String] = [], groups: [String: [PurchaseTax]] = [:]
        for tax in purchases.taxes {
            let key = tax.supplier + "\u{0}" + tax.document
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(tax)
        }
        for key in order {
            let taxes = groups[key]!, first = taxes[0]
            let payable = accounts["payable"] + ":" + component(first.supplier)
            var postings: [Posting] = []
            for tax in taxes {
                let expense = tax.category.map { accounts["expenses"] + ":" + component($0) } ?? accounts["purchases"]
                postings.append(Posting(account: expense, amount: tax.taxable, currency: tax.currency))
                let rate = tax.selfAssessedRate ?? tax.taxRate.rate
                if tax.tax != 0 { postings.append(Posting(account: accounts["input_vat"] + ":" + rateComponent(rate), amount: tax.tax, currency: tax.currency)) }
                postings.append(Posting(account: payable, amount: -(tax.taxable + tax.tax), currency: tax.currency))
                if let selfRate = tax.selfAssessedRate, let owed = RoundingRule.halfAwayFromZero.apply(selfRate, to: tax.taxable), owed != 0 {
                    postings.append(Posting(account: accounts["input_vat"] + ":" + rateComponent(selfRate), amount: owed, currency: tax.currency))
                    postings.append(Posting(account: accounts["output_vat"] + ":" + rateComponent(selfRate), amount: -owed, currency: tax.currency))
                }
            }
            transactions.append(Transaction(date: first.issued, kind: .purchase, document: first.document, file: first.file, payee: first.supplierName,
                                            narration: words.format(first.isCredit ? "journal_supplier_credit" : "journal_purchase", ["number": first.document]), postings: postings))
        }
        for payment in purchases.payments where payment.amount != 0 {
            transactions.append(Transaction(date: payment.date, kind: .purchasePayment, document: payment.document, file: payment.file,
                                            payee: payment.supplierName, narration: words.format(payment.isRefund ? "journal_refund" : "journal_purchase_payment", ["number": payment.document]),
                                            postings: [Posting(account: accounts["payable"] + ":" + component(payment.supplier), amount: payment.amount, currency: payment.currency),
                                                       Posting(account: accounts["bank"], amount: -payment.amount, currency: payment.currency)]))
        }
        return transactions
    }

    /// An id or category as an account component both formats read: `thornbury-webb` ->
    /// `Thornbury-Webb`, `print work` -> `Print-Work` (letters, digits and `-`, capital first).
    public static func component(_ text: String) -> String {
        let words = text.split { !($0.isLetter || $0.isNumber) }
        let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: "-")
        guard let first = joined.unicodeScalars.first, first.properties.isUppercase || ("0"..."9").contains(first) else { return "X" + joined }
        return joined
    }

    /// A rate as a component: `20%` -> `20`, `8.25%` -> `8-25`.
    static func rateComponent(_ rate: Rate) -> String {
        rate.description.replacingOccurrences(of: "%", with: "").replacingOccurrences(of: ".", with: "-")
    }
}
