import InvoicBook
import InvoicDiagnostics
import InvoicMoney

extension IndexReport {
    /// Computes the report of a checked book as of `today`, over the documents `filter` selects.
    /// `diagnostics` are the checks' findings: their warnings are listed in the report.
    /// Documents without figures (only in a book with errors) are left out.
    /// - Parameter issuingCommits: by invoice number, the commit that issued it, for books that
    ///   keep their history in git; empty otherwise.
    public init(book: Book, today: Day, warnings diagnostics: [Diagnostic] = [], filter: Filter = Filter(),
                issuingCommits: [String: IssuingCommit] = [:], peppolStates: [String: PeppolState] = [:], sdiStates: [String: PeppolState] = [:],
                lifeCycleStates: [String: LifeCycleState] = [:]) {
        var builder = ReportBuilder(book: book, today: today, filter: filter, issuingCommits: issuingCommits)
        builder.peppolStates = peppolStates
        builder.sdiStates = sdiStates
        builder.lifeCycleStates = lifeCycleStates
        self = builder.build(warnings: diagnostics)
    }
}

/// One pass over the selected documents, then one small function per section.
struct ReportBuilder {
    let book: Book
    let today: Day
    let filter: Filter
    let issuingCommits: [String: IndexReport.IssuingCommit]
    var peppolStates: [String: IndexReport.PeppolState] = [:]
    var sdiStates: [String: IndexReport.PeppolState] = [:]
    var lifeCycleStates: [String: IndexReport.LifeCycleState] = [:]
    let conversions: [String: String]
    var overflowed = false

    typealias Filter = IndexReport.Filter

    /// A selected document with what every section needs about it, computed once.
    struct Entry {
        var document: Document { reference.document }
        let reference: DocumentReference
        var figures: Figures
        var status: Status
        /// Received (an invoice) or paid back (a credit note) through today.
        var paid: Int64
        /// An invoice's account through today: the one figure of what is owed (Book.account).
        var account: Account?
        /// An invoice's credit notes in effect: their totals, and their refunds through today.
        var credited: Int64 { account?.credited ?? 0 }
        var refunded: Int64 { account?.refunded ?? 0 }
        /// Reminder fees and interest recorded through today.
        var charges: Int64 { account?.charges ?? 0 }
        var currency: Currency { figures.currency }
        /// Neither void nor a draft: money that was asked for, or given back by a credit note.
        var isBilled: Bool { document.kind != .estimate && status != .void && status != .draft }
        /// Owed now.
        var isOpen: Bool { document.kind == .invoice && [.sent, .partial, .overdue].contains(status) }
        /// What the client still owes on an invoice: its account's balance (negative: a refund owed,
        /// on a void invoice too). A credit note's: what it still has to pay back.
        var balance: Int64 {
            switch document.kind {
            case .invoice: account?.balance ?? figures.balance
            case .creditNote: figures.payable - paid
            case .estimate: 0
            }
        }
        /// Money kept from an invoice: received less paid back on its credit notes.
        var netPaid: Int64 { paid - refunded }
        /// What the business owes the client back: money received on an invoice voided since, or
        /// paid beyond what is due after its credit notes, until it is refunded.
        var refundOwed: Int64 { document.kind == .invoice ? max(0, -(account?.balance ?? 0)) : 0 }
        /// The invoice's account in the five figures that add up (Account.Breakdown).
        var breakdown: Account.Breakdown? { account?.breakdown }
        /// What it asked the client to pay net of credit notes and voiding.
        var invoicedAmount: Int64 { breakdown.map { $0.total - $0.credited } ?? 0 }
        /// Money kept from it: received less paid back.
        var keptAmount: Int64 { breakdown.map { $0.paid - $0.refunded } ?? 0 }
    }

    init(book: Book, today: Day, filter: Filter, issuingCommits: [String: IndexReport.IssuingCommit] = [:]) {
        self.book = book
        self.today = today
        self.filter = filter
        self.issuingCommits = issuingCommits
        conversions = book.conversions
    }

    mutating func build(warnings diagnostics: [Diagnostic]) -> IndexReport {
        var entries: [Entry] = []
        var notYetIssued = 0
        for (index, document) in book.documents.enumerated() {
            guard let figures = document.figures else { continue }
            if let client = filter.client, document.client.value != client { continue }
            if let currency = filter.currency, figures.currency != currency { continue }
            if document.issued.value > today {
                notYetIssued += 1
                continue
            }
            let status = book.status(of: document, today: today, conversions: conversions)
            if let wanted = filter.status, status != wanted { continue }
            let paid = document.kind.isBilling ? book.paidAmount(of: document, through: today) : 0
            var entry = Entry(reference: DocumentReference(book.documents, index), figures: figures, status: status, paid: paid)
            if document.kind == .invoice { entry.account = book.account(of: document, through: today) }
            entries.append(entry)
        }
        let invoices = entries.filter { $0.document.kind == .invoice }
        let creditNotes = entries.filter { $0.document.kind == .creditNote }
        let billed = entries.filter(\.isBilled)

        var report = IndexReport(
            today: today,
            business: book.settings.business.name,
            locale: book.settings.defaults.locale?.value ?? Defaults.fallbackLocale,
            filter: filter,
            dashboard: dashboard(invoices),
            invoices: newestFirst(invoices).map(invoiceRow),
            estimates: newestFirst(entries.filter { $0.document.kind == .estimate }).map(estimateRow),
            creditNotes: newestFirst(creditNotes).map(creditNoteRow),
            clients: clients(entries),
            agedReceivables: aging(invoices),
            tax: taxSummary(billed),
            // Money received is income even on an invoice voided since (until it is refunded);
            // money paid back on a credit note is income taken back.
            incomeByMonth: incomeByMonth(invoices + creditNotes),
            incomeByCategory: incomeByCategory(invoices),
            incomeByProject: incomeByProject(invoices),
            warnings: diagnostics.filter { $0.severity == .warning }.sorted().map(Self.warning),
            notYetIssued: notYetIssued,
            overflowed: false)
        addPurchases(to: &report)
        report.overflowed = overflowed
        return report
    }

    // MARK: Sums

    /// a + b, capped at ±Int64.max (and flagged) rather than trapping on absurd books.
    mutating func add(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard overflow else { return sum }
        overflowed = true
        return b > 0 ? .max : .min + 1
    }

    mutating func sum(_ values: some Sequence<Int64>) -> Int64 {
        var total: Int64 = 0
        for value in values { total = add(total, value) }
        return total
    }

    /// Entries grouped by currency, in currency-code order.
    func byCurrency(_ entries: [Entry]) -> [(currency: Currency, entries: [Entry])] {
        Dictionary(grouping: entries, by: \.currency).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    func clientName(_ id: String) -> String { book.clients[id]?.contact.name ?? id }

    func newestFirst(_ entries: [Entry]) -> [Entry] {
        entries.sorted { a, b in
            let (x, y) = (a.document, b.document)
            if x.issued.value != y.issued.value { return x.issued.value > y.issued.value }
            if x.number != y.number { return x.number > y.number }
            return x.file > y.file
        }
    }

    // MARK: Sections

    mutating func dashboard(_ invoices: [Entry]) -> [IndexReport.DashboardEntry] {
        byCurrency(invoices).map { currency, entries in
            let open = entries.filter(\.isOpen)
            let overdue = open.filter { $0.status == .overdue }
            var paidThisMonth: Int64 = 0
            for entry in entries where entry.status != .void {
                for (payment, amount) in zip(entry.document.payments, entry.figures.payments)
                where payment.date.value <= today && payment.date.value.monthKey == today.monthKey {
                    paidThisMonth = add(paidThisMonth, amount)
                }
                // Money paid back this month on the invoice's credit notes is not kept.
                for note in book.creditNotes(correcting: entry.document.number) {
                    guard let figures = note.figures else { continue }
                    for (refund, amount) in zip(note.payments, figures.payments)
                    where refund.date.value <= today && refund.date.value.monthKey == today.monthKey {
                        paidThisMonth = add(paidThisMonth, -amount)
                    }
                }
            }
            // What clients owe, net of what is owed back to them (a void invoice's kept payment,
            // an overpayment): the figure statements and the journals' receivables give.
            let owed = entries.filter { $0.status != .draft }
            return IndexReport.DashboardEntry(
                currency: currency,
                outstanding: Money(sum(owed.map(\.balance)), currency), outstandingCount: open.count,
                owedBack: Money(sum(owed.map { max(0, -$0.balance) }), currency),
                overdue: Money(sum(overdue.map(\.balance)), currency), overdueCount: overdue.count,
                paidThisMonth: Money(paidThisMonth, currency),
                drafts: entries.count { $0.status == .draft })
        }
    }

    func invoiceRow(_ entry: Entry) -> IndexReport.InvoiceRow {
        let document = entry.document, currency = entry.currency
        return IndexReport.InvoiceRow(
            number: document.number, clientID: document.client.value, clientName: clientName(document.client.value),
            issued: document.issued.value, due: entry.figures.dueDate, locale: entry.figures.locale,
            total: Money(entry.figures.total, currency), paid: Money(entry.breakdown?.paid ?? entry.paid, currency),
            balance: Money(entry.balance, currency), refundOwed: Money(entry.refundOwed, currency), status: entry.status,
            daysPastDue: entry.status == .overdue ? entry.figures.dueDate.map { $0.days(until: today) } : nil,
            project: document.project, category: document.category, fromEstimate: document.fromEstimate?.value,
            pdf: book.pdfFileName(for: document), issuedIn: issuingCommits[document.number], peppol: peppolStates[document.number],
            net: Money(entry.figures.total - entry.figures.breakdown.tax, currency), tax: Money(entry.figures.breakdown.tax, currency),
            discount: Money(entry.figures.breakdown.discount + entry.figures.breakdown.allowances - entry.figures.breakdown.charges, currency),
            taxGroups: entry.figures.breakdown.groups.map { IndexReport.TaxLine(rate: $0.taxRate, taxable: $0.taxable, tax: $0.tax) },
            credited: Money(entry.breakdown?.credited ?? 0, currency), refunded: Money(entry.refunded, currency),
            claimed: Money(entry.breakdown?.total ?? entry.figures.total, currency),
            reminderLevel: document.reminders.filter { $0.date.value <= today }.map(\.level.value).max() ?? 0,
            reminderCharges: Money(entry.charges, currency), sdi: sdiStates[document.number],
            lifeCycle: lifeCycleStates[document.number])
    }

    func creditNoteRow(_ entry: Entry) -> IndexReport.CreditNoteRow {
        let document = entry.document, currency = entry.currency
        let invoice = document.corrects.flatMap { book.invoice($0.value) }
        return IndexReport.CreditNoteRow(
            number: document.number, clientID: document.client.value, clientName: clientName(document.client.value),
            issued: document.issued.value, locale: entry.figures.locale,
            corrects: document.corrects?.value ?? "", correctsPDF: invoice.map { book.pdfFileName(for: $0) },
            reason: document.reason?.value ?? "",
            total: Money(entry.figures.total, currency), refunded: Money(entry.paid, currency), status: entry.status,
            pdf: book.pdfFileName(for: document),
            net: Money(entry.figures.total - entry.figures.breakdown.tax, currency), tax: Money(entry.figures.breakdown.tax, currency),
            taxGroups: entry.figures.breakdown.groups.map { IndexReport.TaxLine(rate: $0.taxRate, taxable: $0.taxable, tax: $0.tax) })
    }

    func estimateRow(_ entry: Entry) -> IndexReport.EstimateRow {
        let document = entry.document
        let invoice = entry.status == .converted ? conversions[document.number] : nil
        return IndexReport.EstimateRow(
            number: document.number, clientID: document.client.value, clientName: clientName(document.client.value),
            issued: document.issued.value, validUntil: entry.figures.dueDate, locale: entry.figures.locale,
            total: Money(entry.figures.total, entry.currency), status: entry.status,
            invoice: invoice, invoicePDF: invoice.flatMap { book.document($0) }.map { book.pdfFileName(for: $0) },
            project: document.project, pdf: book.pdfFileName(for: document))
    }

    mutating func clients(_ entries: [Entry]) -> [IndexReport.ClientRow] {
        let grouped = Dictionary(grouping: entries) { $0.document.client.value }
        var ids = Set(grouped.keys)
        // Without a status or currency filter every client is listed, even one with no documents yet.
        if filter.status == nil && filter.currency == nil {
            ids.formUnion(book.clients.keys.filter { filter.client == nil || $0 == filter.client })
        }
        var rows: [IndexReport.ClientRow] = []
        for id in ids {
            let client = book.clients[id]
            let archived = client?.archived.map { $0.value <= today } ?? false
            let documents = grouped[id] ?? []
            if documents.isEmpty {
                let currency = client?.currency?.value ?? book.settings.defaults.currency?.value
                rows.append(IndexReport.ClientRow(id: id, name: clientName(id), archived: archived, currency: currency,
                                                  invoiced: 0, paid: 0, outstanding: 0, documents: 0, lastActivity: nil))
                continue
            }
            for (currency, entries) in byCurrency(documents) {
                // Every invoice that was issued, void ones too: a payment kept on a void invoice is
                // owed back, and the statement nets it (invoiced - paid = outstanding).
                let issued = entries.filter { $0.document.kind == .invoice && $0.status != .draft }
                rows.append(IndexReport.ClientRow(
                    id: id, name: clientName(id), archived: archived, currency: currency,
                    invoiced: sum(issued.map(\.invoicedAmount)), paid: sum(issued.map(\.keptAmount)),
                    outstanding: sum(issued.map(\.balance)), documents: entries.count,
                    lastActivity: entries.compactMap(lastActivity).max()))
            }
        }
        return rows.sorted { a, b in
            let (x, y) = (a.name.lowercased(), b.name.lowercased())
            if x != y { return x < y }
            if a.id != b.id { return a.id < b.id }
            return (a.currency?.code ?? "") < (b.currency?.code ?? "")
        }
    }

    func lastActivity(_ entry: Entry) -> Day? {
        let document = entry.document
        var days = [document.issued.value]
        days += [document.sent, document.accepted, document.declined, document.void?.date].compactMap { $0?.value }
        days += document.payments.map(\.date.value)
        return days.filter { $0 <= today }.max()
    }

    mutating func aging(_ invoices: [Entry]) -> [IndexReport.AgingTable] {
        byCurrency(invoices.filter { $0.isOpen && $0.balance > 0 }).map { currency, entries in
            var rows: [IndexReport.AgingRow] = []
            for (id, owed) in Dictionary(grouping: entries, by: \.document.client.value) {
                var buckets = [Int64](repeating: 0, count: IndexReport.AgeBucket.allCases.count)
                for entry in owed {
                    let days = entry.figures.dueDate.map { $0.days(until: today) } ?? 0
                    let bucket = IndexReport.AgeBucket.of(daysPastDue: days).rawValue
                    buckets[bucket] = add(buckets[bucket], entry.balance)
                }
                rows.append(IndexReport.AgingRow(clientID: id, clientName: clientName(id), buckets: buckets, total: sum(buckets)))
            }
            rows.sort { ($0.clientName.lowercased(), $0.clientID) < ($1.clientName.lowercased(), $1.clientID) }
            let totals = IndexReport.AgeBucket.allCases.indices.map { index in sum(rows.map { $0.buckets[index] }) }
            return IndexReport.AgingTable(
                currency: currency, rows: rows,
                total: IndexReport.AgingRow(clientID: "", clientName: "Total", buckets: totals, total: sum(totals)))
        }
    }

    mutating func taxSummary(_ billed: [Entry]) -> [IndexReport.TaxSummary] {
        byCurrency(billed).map { currency, entries in
            func periods(_ key: (Day) -> String) -> [IndexReport.TaxPeriod] {
                var byPeriod: [String: [TaxRate: (taxable: Int64, tax: Int64)]] = [:]
                for entry in entries {
                    let period = key(entry.document.issued.value)
                    // A credit note takes its tax back in the period it is issued.
                    let sign: Int64 = entry.document.kind == .creditNote ? -1 : 1
                    for group in entry.figures.breakdown.groups {
                        let old = byPeriod[period, default: [:]][group.taxRate, default: (0, 0)]
                        byPeriod[period, default: [:]][group.taxRate] = (add(old.taxable, sign * group.taxable), add(old.tax, sign * group.tax))
                    }
                }
                return byPeriod.keys.sorted().map { period in
                    let rates = byPeriod[period]!.sorted { $0.key < $1.key }
                        .map { IndexReport.TaxLine(rate: $0.key, taxable: $0.value.taxable, tax: $0.value.tax) }
                    return IndexReport.TaxPeriod(period: period, rates: rates,
                                                 taxable: sum(rates.map(\.taxable)), tax: sum(rates.map(\.tax)))
                }
            }
            return IndexReport.TaxSummary(currency: currency, years: periods { String($0.year) }, months: periods(\.monthKey))
        }
    }

    mutating func incomeByMonth(_ invoices: [Entry]) -> [IndexReport.MonthlyIncome] {
        byCurrency(invoices).compactMap { currency, entries in
            var byMonth: [String: Int64] = [:]
            var first: Day?
            for entry in entries {
                let sign: Int64 = entry.document.kind == .creditNote ? -1 : 1
                for (payment, amount) in zip(entry.document.payments, entry.figures.payments) where payment.date.value <= today {
                    byMonth[payment.date.value.monthKey] = add(byMonth[payment.date.value.monthKey, default: 0], sign * amount)
                    first = min(first ?? payment.date.value, payment.date.value)
                }
            }
            guard let first else { return nil }
            var months: [IndexReport.MonthAmount] = []
            var (year, month) = (first.year, first.month)
            while (year, month) <= (today.year, today.month) {
                let key = Day(year: year, month: month, day: 1)!.monthKey
                months.append(IndexReport.MonthAmount(month: key, amount: byMonth[key] ?? 0))
                (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
            }
            return IndexReport.MonthlyIncome(currency: currency, months: months, total: sum(months.map(\.amount)))
        }
    }

    mutating func incomeByCategory(_ invoices: [Entry]) -> [IndexReport.IncomeBreakdown] {
        breakdown(invoices) { entry in Attribution.attribute(entry.netPaid, of: entry.document).map { ($0.category, $0.amount) } }
    }

    mutating func incomeByProject(_ invoices: [Entry]) -> [IndexReport.IncomeBreakdown] {
        breakdown(invoices) { entry in [(entry.document.project, entry.netPaid)] }
    }

    mutating func breakdown(_ invoices: [Entry], parts: (Entry) -> [(String?, Int64)]) -> [IndexReport.IncomeBreakdown] {
        byCurrency(invoices.filter { $0.netPaid > 0 }).map { currency, entries in
            var amounts: [String?: Int64] = [:]
            for entry in entries {
                for (name, amount) in parts(entry) { amounts[name] = add(amounts[name, default: 0], amount) }
            }
            let list = amounts.filter { $0.value != 0 }.map { IndexReport.IncomeEntry(name: $0.key, amount: $0.value) }
                .sorted { a, b in
                    if (a.name == nil) != (b.name == nil) { return b.name == nil }
                    if a.amount != b.amount { return a.amount > b.amount }
                    return (a.name ?? "") < (b.name ?? "")
                }
            return IndexReport.IncomeBreakdown(currency: currency, entries: list, total: sum(list.map(\.amount)))
        }
    }

    static func warning(_ diagnostic: Diagnostic) -> IndexReport.ReportWarning {
        IndexReport.ReportWarning(file: diagnostic.file, line: diagnostic.range?.start.line,
                                  column: diagnostic.range?.start.column, code: diagnostic.code.name, message: diagnostic.message)
    }
}
