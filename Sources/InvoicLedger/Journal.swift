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
        /// The tax group a turnover, expense or VAT posting belongs to, nil for the others.
        public var tax: TaxKey? = nil
        /// What the amount cost in another currency, in total (positive): a foreign-currency
        /// receivable cleared at the invoice's rate (`@@` in both formats).
        public var cost: Int64? = nil
        public var costCurrency: Currency? = nil
    }

    /// A tax group as the DATEV export books it: a sale's or a purchase's category and rate, where
    /// the other party is, and the rate the business self-assesses (reverse charge, acquisitions).
    public struct TaxKey: Sendable, Hashable {
        public var purchase: Bool
        public var taxRate: TaxRate
        public var place: Destination
        public var selfAssessedRate: Rate?
    }

    /// An account, an amount and its tax group, before they are merged into postings.
    typealias Line = (account: String, amount: Int64, tax: TaxKey?)

    public struct Transaction: Sendable {
        public enum Kind: String, Sendable {
            case invoice, creditNote = "credit-note", payment, refund, reminderFee = "reminder-fee", interest, void, purchase
            case purchasePayment = "purchase-payment"
            case opening
        }

        public var date: Day
        public var kind: Kind
        /// The document the transaction is about (a payment's invoice), its file and its party.
        public var document: String
        public var file: String
        public var payee: String
        public var narration: String
        /// One posting per account, as the journals show them.
        public var postings: [Posting]
        /// The same amounts kept apart by tax group (merged by account and group): what a format
        /// that books each group gross under a tax key (DATEV) reads.
        public var parts: [Posting] = []
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
    /// The other side of the opening balances (`ledger: opening`).
    public var openingAccount: String
    /// The book's words, for the narrations made after the book is read (opening balances).
    let words: ReportWords

    public init(book: Book, purchases: Purchases = .none) {
        let accounts = book.settings.ledger ?? LedgerAccounts()
        openingAccount = accounts["opening"]
        let home = book.settings.business.address?.country
        title = book.settings.business.name
        currency = book.settings.defaults.currency?.value
        var transactions: [Transaction] = [], prices: [Price] = []
        var posted: Set<String> = []  // credit notes posted through their invoice's account
        // Narrations in the book's language (issue 37): a person reads them in hledger and Beancount.
        let words = ReportWords.of(book.settings.defaults.locale?.value ?? Defaults.fallbackLocale)
        self.words = words
        func said(_ key: String, _ number: String, note: String = "") -> String { words.format(key, ["number": number, "note": note]) }

        for document in book.documents where document.kind == .invoice && LedgerScope.counts(document, in: book) {
            guard let figures = document.figures, let account = book.account(of: document, through: .distantFuture) else { continue }
            let client = book.clients[document.client.value]
            let payee = client?.contact.name ?? document.client.value
            let place = Destination.of(country: client?.contact.address?.country, home: home)
            let receivable = accounts["receivable"] + ":" + Self.component(document.client.value)
            let currency = figures.currency
            func transaction(_ kind: Transaction.Kind, _ date: Day, _ narration: String, _ postings: [Line],
                             about: Document? = nil) -> Transaction {
                Transaction(date: date, kind: kind, document: (about ?? document).number, file: (about ?? document).file, payee: payee,
                            narration: narration, postings: Self.merged(postings, currency: currency),
                            parts: Self.merged(postings, currency: currency, byTax: true))
            }
            // The invoice as issued: what the client owes, the turnover by category, the VAT by rate.
            // Everything paid before it (BT-113: `prepaid:` and the deposits) is cleared from the
            // client's advances; the receivable is the amount due the invoice asks for.
            let advances = accounts["advances"] + ":" + Self.component(document.client.value)
            var postings: [Line] = [(receivable, account.asIssued.due, nil)]
            if account.asIssued.prepaid != 0 { postings.append((advances, account.asIssued.prepaid, nil)) }
            postings += Self.withheld(figures.withholdings.map { ($0.kind, $0.amount) }, accounts: accounts, sign: 1)
            postings += Self.turnover(of: document, figures: figures, accounts: accounts, sign: -1, place: place)
            // Split payment (art. 17-ter DPR 633/1972): the client pays that VAT to the State, so the
            // receivable leaves it out and the output VAT it would have owed is cleared.
            for group in figures.breakdown.groups where group.category == .splitPayment && group.tax != 0 {
                postings.append((accounts["output_vat"] + ":" + Self.rateComponent(group.rate), group.tax,
                                 TaxKey(purchase: false, taxRate: group.taxRate, place: place, selfAssessedRate: nil)))
            }
            if figures.roundingAmount != 0 { postings.append((accounts["rounding"], -figures.roundingAmount, nil)) }
            transactions.append(transaction(.invoice, document.issued.value, said("journal_invoice", document.number), postings))
            if let target = document.taxCurrency?.value, target.currency == self.currency, target.currency != currency {
                prices.append(Price(date: document.issued.value, from: currency, to: target.currency, rate: target.rate))
            }
            // Deposits received on or before the issue day are advances until the invoice uses them
            // (a liability: nothing is owed yet), then part of the document's prepaid.
            for (payment, amount) in zip(document.payments, figures.payments) where payment.date.value <= document.issued.value && amount != 0 {
                transactions.append(transaction(.payment, payment.date.value, said("journal_advance", document.number),
                                                [(accounts["bank"], amount, nil), (advances, -amount, nil)]))
            }
            // Payments that state the day's rate to the book's currency, on a document that states
            // its own: the money is booked at the day's rate, the receivable cleared at the invoice's,
            // and the difference is an exchange gain or loss (§ 256a HGB: realised on payment).
            var rated: [(day: Day, amount: Int64, rate: DecimalNumber)] = []
            let invoiceRate = document.taxCurrency?.value
            if let invoiceRate, invoiceRate.currency == self.currency, invoiceRate.currency != currency {
                for (payment, amount) in zip(document.payments, figures.payments) where payment.date.value > document.issued.value {
                    if let rate = payment.rate?.value { rated.append((payment.date.value, amount, rate)) }
                }
            }
            for entry in account.entries {
                switch entry.kind {
                case .payment where rated.contains { $0.day == entry.date && $0.amount == -entry.amount }:
                    guard let invoiceRate, let index = rated.firstIndex(where: { $0.day == entry.date && $0.amount == -entry.amount }) else { continue }
                    let paid = rated.remove(at: index)
                    let target = invoiceRate.currency
                    let atInvoice = TaxConversion.convert(paid.amount, from: currency, at: invoiceRate, rounding: .halfAwayFromZero)
                    let atPayment = TaxConversion.convert(paid.amount, from: currency, at: TaxCurrency(currency: target, rate: paid.rate), rounding: .halfAwayFromZero)
                    let postings = [Posting(account: accounts["bank"], amount: atPayment, currency: target),
                                    Posting(account: receivable, amount: -paid.amount, currency: currency, cost: atInvoice, costCurrency: target),
                                    Posting(account: accounts["exchange"], amount: atInvoice - atPayment, currency: target)].filter { $0.amount != 0 }
                    transactions.append(Transaction(date: entry.date, kind: .payment, document: document.number, file: document.file, payee: payee,
                                                    narration: said("journal_payment", document.number) + " (\(paid.rate) \(target.code)/\(currency.code))", postings: postings))
                case .payment:
                    transactions.append(transaction(.payment, entry.date, said("journal_payment", document.number),
                                                    [(accounts["bank"], -entry.amount, nil), (receivable, entry.amount, nil)]))
                case .credit:
                    guard let number = entry.document, let note = book.document(number), let noteFigures = note.figures else { continue }
                    posted.insert(number)
                    var postings: [Line] = [(receivable, entry.amount, nil)]
                    if noteFigures.prepaid != 0 { postings.append((accounts["advances"] + ":" + Self.component(document.client.value), -noteFigures.prepaid, nil)) }
                    postings += Self.withheld(noteFigures.withholdings.map { ($0.kind, $0.amount) }, accounts: accounts, sign: -1)
                    postings += Self.turnover(of: note, figures: noteFigures, accounts: accounts, sign: 1, place: place)
                    if noteFigures.roundingAmount != 0 { postings.append((accounts["rounding"], noteFigures.roundingAmount, nil)) }
                    transactions.append(transaction(.creditNote, entry.date, said("journal_credit_on", document.number, note: number), postings, about: note))
                case .refund:
                    let note = entry.document.flatMap { book.document($0) }
                    transactions.append(transaction(.refund, entry.date, said("journal_refund", entry.document ?? document.number),
                                                    [(receivable, entry.amount, nil), (accounts["bank"], -entry.amount, nil)], about: note))
                case .reminderFee:
                    transactions.append(transaction(.reminderFee, entry.date, said("journal_fee", document.number),
                                                    [(receivable, entry.amount, nil), (accounts["fees"], -entry.amount, nil)]))
                case .interest:
                    transactions.append(transaction(.interest, entry.date, said("journal_interest", document.number),
                                                    [(receivable, entry.amount, nil), (accounts["interest"], -entry.amount, nil)]))
                case .void:
                    // What voiding cancels comes off the turnover and the VAT in proportion, exactly.
                    // With a withholding, the claim cancelled is the amount due after it: the same
                    // share of the withheld tax is cancelled too, and the turnover by the sum.
                    let parts = Self.turnover(of: document, figures: figures, accounts: accounts, sign: 1, place: place)
                    let due = account.asIssued.due, withheld = account.asIssued.withheld
                    let gross = withheld != 0 && due > 0
                        ? Int64(clamping: RoundingRule.halfAwayFromZero.divide(Int128(-entry.amount) * Int128(due + withheld), by: Int128(due)))
                        : -entry.amount
                    let back = Apportion.split(gross + entry.amount, over: figures.withholdings.map(\.amount))
                    let split = Apportion.split(gross, over: parts.map { $0.1 })
                    transactions.append(transaction(.void, entry.date, said("journal_void", document.number),
                                                    [(receivable, entry.amount, nil)] + zip(parts, split).map { ($0.0.0, $0.1, $0.0.2) }
                                                        + Self.withheld(zip(figures.withholdings, back).map { ($0.0.kind, $0.1) }, accounts: accounts, sign: -1)))
                }
            }
        }
        // Credit notes no invoice's account took (no `corrects:`, or another currency): on their own.
        for note in book.documents where note.kind == .creditNote && LedgerScope.counts(note, in: book) && !posted.contains(note.number) {
            guard let figures = note.figures, let effective = book.effectiveDate(of: note) else { continue }
            let payee = book.clients[note.client.value]?.contact.name ?? note.client.value
            let place = Destination.of(country: book.clients[note.client.value]?.contact.address?.country, home: home)
            let receivable = accounts["receivable"] + ":" + Self.component(note.client.value)
            var postings: [Line] = [(receivable, -figures.payable, nil)]
            if figures.prepaid != 0 { postings.append((accounts["advances"] + ":" + Self.component(note.client.value), -figures.prepaid, nil)) }
            postings += Self.withheld(figures.withholdings.map { ($0.kind, $0.amount) }, accounts: accounts, sign: -1)
            postings += Self.turnover(of: note, figures: figures, accounts: accounts, sign: 1, place: place)
            if figures.roundingAmount != 0 { postings.append((accounts["rounding"], figures.roundingAmount, nil)) }
            func make(_ kind: Transaction.Kind, _ date: Day, _ narration: String, _ postings: [Line]) -> Transaction {
                Transaction(date: date, kind: kind, document: note.number, file: note.file, payee: payee, narration: narration,
                            postings: Self.merged(postings, currency: figures.currency),
                            parts: Self.merged(postings, currency: figures.currency, byTax: true))
            }
            transactions.append(make(.creditNote, effective, said("journal_credit", note.number), postings))
            for (refund, amount) in zip(note.payments, figures.payments) where amount != 0 {
                transactions.append(make(.refund, refund.date.value, said("journal_refund", note.number), [(receivable, amount, nil), (accounts["bank"], -amount, nil)]))
            }
        }
        transactions += Self.purchaseTransactions(purchases, accounts: accounts, words: words)
        // By date; a day's transactions in the order above (book order, then each account's own).
        self.transactions = transactions.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        var seen: Set<String> = []
        self.prices = prices.filter { seen.insert("\($0.date) \($0.from.code)").inserted }.sorted { ($0.date, $0.from.code) < ($1.date, $1.from.code) }
    }

    /// What the balance-sheet accounts (Assets, Liabilities) hold before `day`, as one transaction
    /// on `day` per currency against the `opening` account, or nil when nothing happened before:
    /// a period's journal then starts where the book stood (a receivable of the quarter before is
    /// there when it is paid). Income and expenses of earlier periods are not carried: they are
    /// the opening equity.
    public func openingBalances(on day: Day) -> [Transaction] {
        var balances: [Currency: [String: Int64]] = [:]
        for transaction in transactions where transaction.date < day {
            for posting in transaction.postings where posting.account.hasPrefix("Assets:") || posting.account.hasPrefix("Liabilities:") {
                balances[posting.currency, default: [:]][posting.account, default: 0] += posting.amount
            }
        }
        // One transaction per currency, so each balances on its own in both tools.
        return balances.keys.sorted { $0.code < $1.code }.compactMap { currency in
            let held = balances[currency]!.filter { $0.value != 0 }.sorted { $0.key < $1.key }
            guard !held.isEmpty else { return nil }
            let postings = held.map { Posting(account: $0.key, amount: $0.value, currency: currency) }
                + [Posting(account: openingAccount, amount: -held.reduce(0) { $0 + $1.value }, currency: currency)].filter { $0.amount != 0 }
            return Transaction(date: day, kind: .opening, document: "opening", file: "invoic.yaml", payee: title,
                               narration: words.format("journal_opening", ["currency": currency.code, "date": day.description]), postings: postings)
        }
    }

    /// A document's turnover and VAT as postings, `sign` -1 for an invoice (credits), +1 for a
    /// credit note or a void. Turnover by category: a group whose lines have several categories is
    /// split over them in proportion to their amounts, exactly.
    static func turnover(of document: Document, figures: Figures, accounts: LedgerAccounts, sign: Int64, place: Destination) -> [Line] {
        var postings: [Line] = []
        for group in figures.breakdown.groups {
            let key = TaxKey(purchase: false, taxRate: group.taxRate, place: place, selfAssessedRate: nil)
            var byCategory: [(String, Int64)] = []
            if figures.lines.count == document.items.count {
                for (line, item) in zip(figures.lines, document.items) where line.tax == group.taxRate {
                    let account = incomeAccount(item.category ?? document.category, accounts: accounts)
                    if let index = byCategory.firstIndex(where: { $0.0 == account }) { byCategory[index].1 += line.amount } else { byCategory.append((account, line.amount)) }
                }
            }
            if byCategory.count <= 1 || byCategory.contains(where: { $0.1 < 0 }) {
                postings.append((byCategory.first?.0 ?? incomeAccount(document.category, accounts: accounts), sign * group.taxable, key))
            } else {
                let parts = Apportion.split(group.taxable, over: byCategory.map(\.1))
                postings += zip(byCategory, parts).map { ($0.0.0, sign * $0.1, key) }
            }
            if group.tax != 0 { postings.append((accounts["output_vat"] + ":" + rateComponent(group.rate), sign * group.tax, key)) }
        }
        return postings
    }

    /// The taxes a client withheld, each a claim on the tax office until the seller's income tax
    /// return settles it (`Assets:Withholding:IRPF`): `sign` 1 for an invoice, -1 for a credit
    /// note or a void.
    static func withheld(_ amounts: [(kind: String, amount: Int64)], accounts: LedgerAccounts, sign: Int64) -> [Line] {
        amounts.map { (accounts["withholding"] + ":" + component($0.kind), sign * $0.amount, nil) }
    }

    /// One posting per account, in the order of first use, none of zero: a document whose two
    /// tax groups both go to Income:Sales posts it once.
    static func merged(_ postings: [Line], currency: Currency, byTax: Bool = false) -> [Posting] {
        var result: [Posting] = []
        for (account, amount, tax) in postings {
            let key = byTax ? tax : nil
            if let index = result.firstIndex(where: { $0.account == account && $0.tax == key }) { result[index].amount += amount } else {
                result.append(Posting(account: account, amount: amount, currency: currency, tax: key))
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
            var postings: [Line] = []
            for tax in taxes {
                let key = TaxKey(purchase: true, taxRate: tax.taxRate, place: tax.origin, selfAssessedRate: tax.selfAssessedRate)
                let expense = tax.category.map { accounts["expenses"] + ":" + component($0) } ?? accounts["purchases"]
                postings.append((expense, tax.taxable, key))
                if tax.tax != 0 { postings.append((accounts["input_vat"] + ":" + rateComponent(tax.taxRate.rate), tax.tax, key)) }
                postings.append((payable, -(tax.taxable + tax.tax), nil))
                // Self-assessed VAT on accounts of its own, apart from the VAT charged on sales, so each
                // reconciles with its box: owed (Kz 47 / 85 / 89-93, U 30 057 / 072) by kind, origin and
                // rate, deducted (Kz 67 / 61, U 30 066 / 065) by kind and rate.
                if let selfRate = tax.selfAssessedRate, let owed = RoundingRule.halfAwayFromZero.apply(selfRate, to: tax.taxable), owed != 0 {
                    let kind = tax.taxRate.category == .intraCommunity ? "Acquisition" : "ReverseCharge"
                    let origin = kind == "Acquisition" ? "" : originComponent(tax.origin) + ":"
                    postings.append((accounts["input_vat"] + ":" + kind + ":" + rateComponent(selfRate), owed, key))
                    postings.append((accounts["self_assessed_vat"] + ":" + kind + ":" + origin + rateComponent(selfRate), -owed, key))
                }
            }
            // Paid before the invoice (BT-113): it clears the prepayment made, so the payable is the
            // amount due the supplier asks for; its rounding (BT-114) goes with the book's.
            if let settled = purchases.settlements[Purchases.settlementKey(supplier: first.supplier, document: first.document)] {
                if settled.prepaid != 0 {
                    postings.append((payable, settled.prepaid, nil))
                    postings.append((accounts["prepayments"] + ":" + component(first.supplier), -settled.prepaid, nil))
                }
                if settled.rounding != 0 {
                    postings.append((payable, -settled.rounding, nil))
                    postings.append((accounts["rounding"], settled.rounding, nil))
                }
            }
            transactions.append(Transaction(date: first.issued, kind: .purchase, document: first.document, file: first.file, payee: first.supplierName,
                                            narration: words.format(first.isCredit ? "journal_supplier_credit" : "journal_purchase", ["number": first.document]),
                                            postings: merged(postings, currency: first.currency), parts: merged(postings, currency: first.currency, byTax: true)))
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

    /// Where a supplier is, as a component: `Domestic`, `EU`, `Non-EU`.
    static func originComponent(_ origin: Destination) -> String {
        switch origin {
        case .domestic: "Domestic"
        case .eu: "EU"
        case .nonEU: "Non-EU"
        }
    }

    /// A rate as a component: `20%` -> `20`, `8.25%` -> `8-25`.
    static func rateComponent(_ rate: Rate) -> String {
        rate.description.replacingOccurrences(of: "%", with: "").replacingOccurrences(of: ".", with: "-")
    }
}
