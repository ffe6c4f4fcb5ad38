import Foundation
import InvoicMoney

// The CSV is the billing table: one header row, then one row per invoice, newest first, then one
// per credit note, newest first, its `kind` column saying which. A credit note's total, net, tax
// and refunds are written negative, so a column's sum is what was billed net of credits.
// A spreadsheet or an accountant's import wants one rectangular table; the totals, ages and
// breakdowns are pivots of it (and are all in index.json).
//
// - RFC 4180 quoting (a cell with `,`, `"`, CR or LF is quoted, `"` doubled); UTF-8 without a
//   byte-order mark; lines end with LF.
// - Amounts are plain decimals with a dot and the currency's decimals (`1234.50`), with the
//   currency code in its own column; dates are `YYYY-MM-DD`.
// - Formula injection: a text cell that begins with `=`, `+`, `-`, `@`, tab or CR is prefixed
//   with `'`, so a spreadsheet shows it as text instead of running it. Only our own amounts,
//   (a credit note's negative ones included) are written unprefixed.

extension IndexReport {
    static let csvColumns = [
        "number", "client_id", "client", "issued", "due", "currency", "total", "paid", "balance",
        "status", "days_past_due", "project", "category", "from_estimate", "pdf", "issued_in", "refund_owed",
        "net", "tax", "discount", "tax_groups", "credited", "kind", "corrects",
        "reminder_level", "reminder_charges", "refunded", "claimed",
    ]

    /// The invoice and credit note table as CSV.
    public func csv() -> String {
        var out = IndexReport.csvColumns.joined(separator: ",") + "\n"
        func groups(_ groups: [TaxLine], _ currency: Currency, sign: Int64) -> String {
            // `S 20%: 1000.00 / 200.00; AE 0%: 500.00 / 0.00`: category, rate, taxable, tax per group.
            csvQuoted(groups.map { group in
                "\(group.rate.category.rawValue) \(group.rate.rate): \(MoneyFormat.plain(sign * group.taxable, currency)) / \(MoneyFormat.plain(sign * group.tax, currency))"
            }.joined(separator: "; "))
        }
        for row in invoices {
            let cells: [String] = [
                csvText(row.number), csvText(row.clientID), csvText(row.clientName),
                row.issued.description, row.due?.description ?? "", row.total.currency.code,
                row.total.plain, row.paid.plain, row.balance.plain, row.status.rawValue,
                row.daysPastDue.map(String.init) ?? "",
                csvText(row.project ?? ""), csvText(row.category ?? ""), csvText(row.fromEstimate ?? ""), csvText(row.pdf),
                csvText(row.issuedIn?.shortHash ?? ""), row.refundOwed.plain,
                row.net.plain, row.tax.plain, row.discount.plain, groups(row.taxGroups, row.total.currency, sign: 1),
                row.credited.plain, "invoice", "",
                String(row.reminderLevel), row.reminderCharges.plain, row.refunded.plain, row.claimed.plain,
            ]
            out += cells.joined(separator: ",") + "\n"
        }
        for row in creditNotes {
            let currency = row.total.currency
            func negative(_ money: Money) -> String { MoneyFormat.plain(-money.minorUnits, currency) }
            let cells: [String] = [
                csvText(row.number), csvText(row.clientID), csvText(row.clientName),
                row.issued.description, "", currency.code,
                negative(row.total), negative(row.refunded), "", row.status.rawValue, "",
                "", "", "", csvText(row.pdf), "", "",
                negative(row.net), negative(row.tax), "", groups(row.taxGroups, currency, sign: -1),
                "", "credit_note", csvText(row.corrects), "", "", "", "",
            ]
            out += cells.joined(separator: ",") + "\n"
        }
        return out
    }
}

/// A user-written text as one CSV cell: neutralised against formulas, then quoted if needed.
func csvText(_ text: String) -> String {
    var cell = text
    if let first = cell.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) {
        cell = "'" + cell
    }
    return csvQuoted(cell)
}

/// RFC 4180: quoted when it holds a comma, a quote, CR or LF; quotes doubled.
func csvQuoted(_ cell: String) -> String {
    let needsQuotes = cell.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
    guard needsQuotes else { return cell }
    return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}
