import Foundation
import InvoicMoney

// The CSV is the invoice table only: one header row, then one row per invoice, newest first.
// A spreadsheet or an accountant's import wants one rectangular table; the totals, ages and
// breakdowns are pivots of it (and are all in index.json).
//
// - RFC 4180 quoting (a cell with `,`, `"`, CR or LF is quoted, `"` doubled); UTF-8 without a
//   byte-order mark; lines end with LF.
// - Amounts are plain decimals with a dot and the currency's decimals (`1234.50`), with the
//   currency code in its own column; dates are `YYYY-MM-DD`.
// - Formula injection: a text cell that begins with `=`, `+`, `-`, `@`, tab or CR is prefixed
//   with `'`, so a spreadsheet shows it as text instead of running it. Only our own amounts,
//   which are never negative here, are written unprefixed.

extension IndexReport {
    static let csvColumns = [
        "number", "client_id", "client", "issued", "due", "currency", "total", "paid", "balance",
        "status", "days_past_due", "project", "category", "from_estimate", "pdf", "issued_in", "refund_owed",
        "net", "tax", "discount", "tax_groups",
    ]

    /// The invoice table as CSV.
    public func csv() -> String {
        var out = IndexReport.csvColumns.joined(separator: ",") + "\n"
        for row in invoices {
            let cells: [String] = [
                csvText(row.number), csvText(row.clientID), csvText(row.clientName),
                row.issued.description, row.due?.description ?? "", row.total.currency.code,
                row.total.plain, row.paid.plain, row.balance.plain, row.status.rawValue,
                row.daysPastDue.map(String.init) ?? "",
                csvText(row.project ?? ""), csvText(row.category ?? ""), csvText(row.fromEstimate ?? ""), csvText(row.pdf),
                csvText(row.issuedIn?.shortHash ?? ""), row.refundOwed.plain,
                row.net.plain, row.tax.plain, row.discount.plain,
                // `S 20%: 1000.00 / 200.00; AE 0%: 500.00 / 0.00`: category, rate, taxable, tax per group.
                csvQuoted(row.taxGroups.map { group in
                    "\(group.rate.category.rawValue) \(group.rate.rate): \(MoneyFormat.plain(group.taxable, row.total.currency)) / \(MoneyFormat.plain(group.tax, row.total.currency))"
                }.joined(separator: "; ")),
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
