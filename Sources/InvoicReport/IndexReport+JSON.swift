import InvoicBook
import InvoicMoney

// The JSON shape, for programs and for diffs of two reports:
// - Every amount is an object: `{"currency": "USD", "decimal": "1234.50", "formatted": "$1,234.50",
//   "minor_units": 123450}`. A document's amounts are formatted in its own locale (as its PDF
//   prints them), totals in the book's locale.
// - Keys are sorted; arrays keep the report's order (newest first, alphabetical, by currency code,
//   oldest month first), so the same data always gives the same bytes.
// - Dates are `YYYY-MM-DD` strings; a missing value is `null`, never an absent key.

extension IndexReport {
    /// The whole report as stable JSON.
    public func json() -> String { jsonTree().written() }

    func jsonTree() -> JSONValue {
        let root: [String: JSONValue] = [
            "format": .string("invoic-index-report"),
            "format_version": .int(1),
            "business": .string(business),
            "today": .string(today.description),
            "locale": .string(locale),
            "filters": .object([
                "status": .string(filter.status?.rawValue),
                "client": .string(filter.client),
                "currency": .string(filter.currency?.code),
            ]),
            "dashboard": .array(dashboard.map(jsonDashboard)),
            "invoices": .each(invoices, jsonInvoice),
            "estimates": .each(estimates, jsonEstimate),
            "credit_notes": .each(creditNotes, jsonCreditNote),
            "clients": .each(clients, jsonClient),
            "aged_receivables": .array(agedReceivables.map(jsonAging)),
            "tax": .array(tax.map(jsonTax)),
            "income": .object([
                "by_month": .array(incomeByMonth.map(jsonMonthly)),
                "by_category": .array(incomeByCategory.map { jsonBreakdown($0, key: "category") }),
                "by_project": .array(incomeByProject.map { jsonBreakdown($0, key: "project") }),
            ]),
            "warnings": .each(warnings, jsonWarning),
            "not_yet_issued": .int(Int64(notYetIssued)),
            "overflowed": .bool(overflowed),
            "purchases": .each(purchases, jsonPurchase),
            "payables": .array(payables.map(jsonPayables)),
            "input_tax": .array(inputTax.map(jsonInputTax)),
        ]
        return JSONValue.object(root)
    }

    private func amount(_ minorUnits: Int64, _ currency: Currency, locale: String? = nil) -> JSONValue {
        .object([
            "currency": .string(currency.code),
            "minor_units": .int(minorUnits),
            "decimal": .string(MoneyFormat.plain(minorUnits, currency)),
            "formatted": .string(MoneyFormat.format(minorUnits, currency, locale: locale ?? self.locale)),
        ])
    }

    private func amount(_ money: Money, locale: String? = nil) -> JSONValue {
        amount(money.minorUnits, money.currency, locale: locale)
    }

    private func day(_ day: Day?) -> JSONValue { .string(day?.description) }

    private func jsonDashboard(_ entry: DashboardEntry) -> JSONValue {
        .object([
            "currency": .string(entry.currency.code),
            "outstanding": amount(entry.outstanding),
            "outstanding_count": .int(Int64(entry.outstandingCount)),
            "owed_back": amount(entry.owedBack),
            "overdue": amount(entry.overdue),
            "overdue_count": .int(Int64(entry.overdueCount)),
            "paid_this_month": amount(entry.paidThisMonth),
            "drafts": .int(Int64(entry.drafts)),
        ])
    }

    private func jsonInvoice(_ row: InvoiceRow) -> JSONValue {
        guard case .object(var fields) = jsonInvoiceFields(row) else { return .null }
        // Only an invoice mailed to Italy's SdI has the key: every other book's report stays as it was.
        if let sdi = row.sdi {
            fields["sdi"] = .object(["state": .string(sdi.state), "since": .string(sdi.since), "detail": .string(sdi.detail)])
        }
        // Likewise only an invoice a French platform sent a life-cycle status about.
        if let state = row.lifeCycle {
            fields["life_cycle"] = .object(["code": .int(Int64(state.code)), "name": .string(state.name), "since": .string(state.since), "motif": .string(state.motif)])
        }
        return .object(fields)
    }

    private func jsonInvoiceFields(_ row: InvoiceRow) -> JSONValue {
        .object([
            "number": .string(row.number),
            "client": .string(row.clientID),
            "client_name": .string(row.clientName),
            "issued": day(row.issued),
            "due": day(row.due),
            "locale": .string(row.locale),
            "total": amount(row.total, locale: row.locale),
            "paid": amount(row.paid, locale: row.locale),
            "balance": amount(row.balance, locale: row.locale),
            "refund_owed": amount(row.refundOwed, locale: row.locale),
            "net": amount(row.net, locale: row.locale),
            "tax": amount(row.tax, locale: row.locale),
            "discount": amount(row.discount, locale: row.locale),
            "credited": amount(row.credited, locale: row.locale),
            "refunded": amount(row.refunded, locale: row.locale),
            "claimed": amount(row.claimed, locale: row.locale),
            "reminder_level": .int(Int64(row.reminderLevel)),
            "reminder_charges": amount(row.reminderCharges, locale: row.locale),
            "tax_groups": taxGroups(row.taxGroups, row.total.currency, locale: row.locale),
            "status": .string(row.status.rawValue),
            "days_past_due": row.daysPastDue.map { .int(Int64($0)) } ?? .null,
            "project": .string(row.project),
            "category": .string(row.category),
            "from_estimate": .string(row.fromEstimate),
            "pdf": .string(row.pdf),
            "peppol": row.peppol.map { peppol in
                .object(["state": .string(peppol.state), "since": .string(peppol.since), "provider": .string(peppol.provider), "detail": .string(peppol.detail)])
            } ?? .null,
            "issued_in": row.issuedIn.map { commit in
                .object(["commit": .string(commit.shortHash), "author": .string(commit.author), "date": .string(commit.date)])
            } ?? .null,
        ])
    }

    private func taxGroups(_ groups: [TaxLine], _ currency: Currency, locale: String) -> JSONValue {
        .array(groups.map { group in
            .object([
                "category": .string(group.rate.category.rawValue),
                "rate": .string(group.rate.rate.description),
                "taxable": amount(Money(group.taxable, currency), locale: locale),
                "tax": amount(Money(group.tax, currency), locale: locale),
            ])
        })
    }

    private func jsonCreditNote(_ row: CreditNoteRow) -> JSONValue {
        .object([
            "number": .string(row.number),
            "client": .string(row.clientID),
            "client_name": .string(row.clientName),
            "issued": day(row.issued),
            "locale": .string(row.locale),
            "corrects": .string(row.corrects),
            "reason": .string(row.reason),
            "total": amount(row.total, locale: row.locale),
            "refunded": amount(row.refunded, locale: row.locale),
            "net": amount(row.net, locale: row.locale),
            "tax": amount(row.tax, locale: row.locale),
            "tax_groups": taxGroups(row.taxGroups, row.total.currency, locale: row.locale),
            "status": .string(row.status.rawValue),
            "pdf": .string(row.pdf),
        ])
    }

    private func jsonEstimate(_ row: EstimateRow) -> JSONValue {
        .object([
            "number": .string(row.number),
            "client": .string(row.clientID),
            "client_name": .string(row.clientName),
            "issued": day(row.issued),
            "valid_until": day(row.validUntil),
            "locale": .string(row.locale),
            "total": amount(row.total, locale: row.locale),
            "status": .string(row.status.rawValue),
            "invoice": .string(row.invoice),
            "project": .string(row.project),
            "pdf": .string(row.pdf),
        ])
    }

    private func jsonClient(_ row: ClientRow) -> JSONValue {
        func figure(_ value: Int64) -> JSONValue { row.currency.map { amount(value, $0) } ?? .null }
        return .object([
            "id": .string(row.id),
            "name": .string(row.name),
            "archived": .bool(row.archived),
            "currency": .string(row.currency?.code),
            "invoiced": figure(row.invoiced),
            "paid": figure(row.paid),
            "outstanding": figure(row.outstanding),
            "documents": .int(Int64(row.documents)),
            "last_activity": day(row.lastActivity),
        ])
    }

    private func jsonAging(_ table: AgingTable) -> JSONValue {
        func row(_ row: AgingRow, client: Bool) -> JSONValue {
            var members: [String: JSONValue] = ["total": amount(row.total, table.currency)]
            for bucket in AgeBucket.allCases { members[bucket.key] = amount(row.buckets[bucket.rawValue], table.currency) }
            if client {
                members["client"] = .string(row.clientID)
                members["client_name"] = .string(row.clientName)
            }
            return .object(members)
        }
        return .object([
            "currency": .string(table.currency.code),
            "clients": .array(table.rows.map { row($0, client: true) }),
            "total": row(table.total, client: false),
        ])
    }

    private func jsonTax(_ summary: TaxSummary) -> JSONValue {
        func period(_ period: TaxPeriod) -> JSONValue {
            .object([
                "period": .string(period.period),
                "rates": .array(period.rates.map { line in
                    .object([
                        "rate": .string(line.rate.rate.description),
                        // The VAT category (UNCL 5305): S, Z, E, AE, K, G, O, ...
                        "category": .string(line.rate.category.rawValue),
                        "taxable": amount(line.taxable, summary.currency),
                        "tax": amount(line.tax, summary.currency),
                    ])
                }),
                "taxable": amount(period.taxable, summary.currency),
                "tax": amount(period.tax, summary.currency),
            ])
        }
        return .object([
            "currency": .string(summary.currency.code),
            "by_year": .array(summary.years.map(period)),
            "by_month": .array(summary.months.map(period)),
        ])
    }

    // Received purchases (issue 29): money as every other entry writes it.
    private func jsonPurchase(_ row: PurchaseRow) -> JSONValue {
        .object([
            "number": .string(row.number),
            "supplier": .string(row.supplierID),
            "supplier_name": .string(row.supplierName),
            "type": .string(row.type),
            "issued": day(row.issued),
            "due": day(row.due),
            "currency": .string(row.total.currency.code),
            "total": amount(row.total),
            "tax": amount(row.tax),
            "payable": amount(row.payable),
            "paid": amount(row.paid),
            "balance": amount(row.balance),
            "status": .string(row.status),
            "source": .string(row.source),
            "findings": .array(row.findings.map { .string($0) }),
            "awaits_decision": .bool(row.awaitsDecision),
            "decision": row.decision.map { decision in
                .object(["status": .string(decision.verdict.rawValue), "reason": .string(decision.reason), "date": day(decision.date)])
            } ?? .null,
        ])
    }

    private func jsonPayables(_ entry: PayablesEntry) -> JSONValue {
        .object([
            "currency": .string(entry.currency.code),
            "outstanding": amount(entry.outstanding),
            "outstanding_count": .int(Int64(entry.outstandingCount)),
            "overdue": amount(entry.overdue),
            "overdue_count": .int(Int64(entry.overdueCount)),
        ])
    }

    private func jsonInputTax(_ summary: InputTaxSummary) -> JSONValue {
        let asTax = TaxSummary(currency: summary.currency, years: summary.quarters, months: summary.months)
        guard case .object(var object) = jsonTax(asTax) else { return .null }
        object["by_quarter"] = object.removeValue(forKey: "by_year")
        return .object(object)
    }

    private func jsonMonthly(_ income: MonthlyIncome) -> JSONValue {
        .object([
            "currency": .string(income.currency.code),
            "months": .array(income.months.map { .object(["month": .string($0.month), "amount": amount($0.amount, income.currency)]) }),
            "total": amount(income.total, income.currency),
        ])
    }

    private func jsonBreakdown(_ breakdown: IncomeBreakdown, key: String) -> JSONValue {
        .object([
            "currency": .string(breakdown.currency.code),
            "entries": .array(breakdown.entries.map { .object([key: .string($0.name), "amount": amount($0.amount, breakdown.currency)]) }),
            "total": amount(breakdown.total, breakdown.currency),
        ])
    }

    private func jsonWarning(_ warning: ReportWarning) -> JSONValue {
        .object([
            "file": .string(warning.file),
            "line": warning.line.map { .int(Int64($0)) } ?? .null,
            "column": warning.column.map { .int(Int64($0)) } ?? .null,
            "code": .string(warning.code),
            "message": .string(warning.message),
        ])
    }
}
