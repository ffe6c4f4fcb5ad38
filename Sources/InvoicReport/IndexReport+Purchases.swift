import InvoicBook
import InvoicMoney

/// The other half of the business in the report (issue 29): the suppliers' invoices and credit
/// notes the book received, what the book owes (payables, beside the receivables), and the input
/// VAT of the purchases by month and quarter, as the supplier stated it. A credit note counts
/// negative, as the book's own do. Purchases issued after `today` are left out; a report filtered
/// by client or status lists none (they are no client's, and their statuses are their own).
/// A purchase the user rejected (`invoic purchase reject`) is listed, `rejected`, with its
/// reason, and counts in neither the payables nor the input VAT.
extension IndexReport {
    public struct PurchaseRow: Sendable, Hashable {
        public var number: String
        public var supplierID: String
        public var supplierName: String
        /// `invoice` or `credit-note`.
        public var type: String
        public var issued: Day
        public var due: Day?
        public var total: Money
        public var tax: Money
        public var payable: Money
        public var paid: Money
        public var balance: Money
        /// open, partial, paid, overdue; rejected when the user rejected it.
        public var status: String
        /// The original, relative to the book.
        public var source: String
        /// The EN 16931 rules the document breaks, by id.
        public var findings: [String]
        /// It breaks fatal rules and the user has not decided yet (`check` warns).
        public var awaitsDecision = false
        /// The user's decision on a document that breaks fatal rules.
        public var decision: Purchase.Decision? = nil
    }

    public struct PayablesEntry: Sendable, Hashable {
        public var currency: Currency
        /// Unpaid balance of purchase invoices less what credit notes still owe back.
        public var outstanding: Money
        public var outstandingCount: Int
        public var overdue: Money
        public var overdueCount: Int
    }

    public struct InputTaxSummary: Sendable, Hashable {
        public var currency: Currency
        public var months: [TaxPeriod]
        /// `2026-Q1` ...
        public var quarters: [TaxPeriod]
    }
}

extension IndexReport.PurchaseRow {
    /// The findings column of every listing (report, web app): the rules broken, then what awaits
    /// or was decided (`status_accepted`/`status_rejected` and the reason, with its day), in `words`.
    public func findingsText(_ words: (String) -> String) -> String {
        var parts = findings.isEmpty ? [] : [findings.joined(separator: ", ")]
        if let decision {
            parts.append("\(words("status_" + decision.verdict.rawValue)) \(decision.date): \(decision.reason)")
        } else if awaitsDecision {
            parts.append(words("purchase_to_decide"))
        }
        return parts.joined(separator: " · ")
    }
}

extension ReportBuilder {
    mutating func addPurchases(to report: inout IndexReport) {
        guard filter.client == nil, filter.status == nil else { return }
        let purchases = book.purchases.filter { $0.issued <= today && (filter.currency == nil || $0.currency == filter.currency) }
        report.purchases = purchases.sorted { ($0.issued, $0.number) > ($1.issued, $1.number) }.map { purchase in
            IndexReport.PurchaseRow(
                number: purchase.number, supplierID: purchase.supplier, supplierName: book.suppliers[purchase.supplier]?.name ?? purchase.supplierName,
                type: purchase.kind.rawValue, issued: purchase.issued, due: purchase.due, total: purchase.total, tax: purchase.tax,
                payable: purchase.payable, paid: purchase.paid(through: today), balance: purchase.balance(through: today),
                status: purchase.isRejected ? "rejected" : purchase.status(on: today).rawValue, source: purchase.source, findings: purchase.findings,
                awaitsDecision: purchase.awaitsDecision, decision: purchase.decision)
        }
        // What the book owes and may deduct: a rejected document is neither (a corrected one is asked for).
        let byCurrency = Dictionary(grouping: purchases.filter { !$0.isRejected }, by: \.currency)
        report.payables = byCurrency.keys.sorted().map { currency in
            var outstanding: Int64 = 0, overdue: Int64 = 0, count = 0, overdueCount = 0
            for purchase in byCurrency[currency]! {
                let balance = purchase.balance(through: today).minorUnits
                guard balance > 0 else { continue }
                outstanding = add(outstanding, purchase.sign * balance)
                if purchase.kind == .invoice { count += 1 }
                if purchase.status(on: today) == .overdue, purchase.kind == .invoice {
                    overdue = add(overdue, balance)
                    overdueCount += 1
                }
            }
            return IndexReport.PayablesEntry(currency: currency, outstanding: Money(outstanding, currency), outstandingCount: count,
                                             overdue: Money(overdue, currency), overdueCount: overdueCount)
        }
        report.inputTax = byCurrency.keys.sorted().map { currency in
            func periods(_ key: (Day) -> String) -> [IndexReport.TaxPeriod] {
                var byPeriod: [String: [TaxRate: (taxable: Int64, tax: Int64)]] = [:]
                for purchase in byCurrency[currency]! {
                    let period = key(purchase.issued)
                    for group in purchase.taxes {
                        let rate = TaxRate(TaxCategory(rawValue: group.category) ?? .standard, group.rate ?? .zero)
                        let old = byPeriod[period, default: [:]][rate, default: (0, 0)]
                        byPeriod[period, default: [:]][rate] = (add(old.taxable, purchase.sign * group.taxable.minorUnits), add(old.tax, purchase.sign * group.tax.minorUnits))
                    }
                }
                return byPeriod.keys.sorted().map { period in
                    let rates = byPeriod[period]!.sorted { $0.key < $1.key }.map { IndexReport.TaxLine(rate: $0.key, taxable: $0.value.taxable, tax: $0.value.tax) }
                    return IndexReport.TaxPeriod(period: period, rates: rates, taxable: sum(rates.map(\.taxable)), tax: sum(rates.map(\.tax)))
                }
            }
            return IndexReport.InputTaxSummary(currency: currency, months: periods(\.monthKey), quarters: periods { "\($0.year)-Q\(($0.month - 1) / 3 + 1)" })
        }
    }
}
