import Foundation
import InvoicBook
import InvoicMoney

/// A statement of account as a ledger (issue 37): date, document, text, debit, credit and the
/// running balance, from the opening balance of the period to the balance on its last day; then
/// that balance under the table, where an invoice has its totals. No quantity or price columns:
/// a statement supplies nothing, it states an account.
extension Composer {
    private var ledgerGutter: Double { 10 }

    /// The amount of a cell without the currency's sign (the balance column's header names the
    /// currency): six columns leave the text too little room with `1.600,96 €` in three of them.
    private func ledgerNumber(_ minorUnits: Int64) -> String {
        MoneyFormat.number(DecimalNumber(significand: Int128(minorUnits), scale: text.currency.exponent) ?? DecimalNumber(integer: 0),
                           locale: text.locale)
    }

    /// The text of a row: what the fact is, in the document's language.
    private func ledgerText(_ kind: StatementLedger.Kind) -> String {
        switch kind {
        case .invoice: labels["invoice"]
        case .payment: labels["ledger_payment"]
        case .credit: labels["credit_note"]
        case .refund: labels["ledger_refund"]
        case .reminderFee: labels["reminder_fee"]
        case .interest: labels["ledger_interest"]
        case .void: labels["ledger_void"]
        }
    }

    /// The header row and one block per row: the opening balance first, then each fact.
    mutating func ledgerTable(_ ledger: StatementLedger) -> (header: FlowBlock, rows: [FlowBlock]) {
        // Cells as strings: date, document, text, debit, credit, balance.
        var cells: [[String]] = [[text.numericDate(ledger.from), "", labels["ledger_opening"], "", "", ledgerNumber(ledger.opening)]]
        for row in ledger.rows {
            cells.append([text.numericDate(row.date), row.document, ledgerText(row.kind),
                          row.debit != 0 ? ledgerNumber(row.debit) : "", row.credit != 0 ? ledgerNumber(row.credit) : "",
                          ledgerNumber(row.balance)])
        }
        let heads = [labels["ledger_date"], labels["ledger_document"], labels["description"], labels["ledger_debit"],
                     labels["ledger_credit"], labels["ledger_balance"] + " (" + text.currency.code + ")"]
        let styles: [Template.Style] = [.rate, .rate, .description, .rate, .rate, .amount]
        // Every column but the text as wide as its widest cell or header; the text takes the rest.
        var widths = [Double](repeating: 0, count: 6)
        for column in [0, 1, 3, 4, 5] {
            let head = block(heads[column], .tableHeader).width + trailingTracking(.tableHeader)
            widths[column] = cells.map { block($0[column], styles[column]).width }.reduce(head, max) + 1
        }
        widths[2] = max(60, contentWidth - widths.reduce(0, +) - 5 * ledgerGutter)
        var xs = [left]
        for column in 1..<6 { xs.append(xs[column - 1] + widths[column - 1] + ledgerGutter) }
        let alignments: [TextAlignment] = [.left, .left, .left, .right, .right, .right]

        var headerTexts: [DrawOp] = []
        var headerHeight = 0.0
        for column in 0..<6 {
            let width = widths[column] + (alignments[column] == .right ? trailingTracking(.tableHeader) : 0)
            let head = block(heads[column], .tableHeader, width: width, alignment: alignments[column])
            headerTexts.append(.text(head, x: xs[column], y: 0))
            headerHeight = max(headerHeight, head.height)
        }
        var ops: [DrawOp] = [.beginTag("Table"), .beginTag("TR")] + headerTexts.flatMap { [.beginTag("TH"), $0, .endTag("TH")] } + [.endTag("TR")]
        var headerBottom = headerHeight + 10
        let rule = template.table.headerRule
        if rule > 0 {
            ops.append(.line(x1: left, y1: headerBottom + rule / 2, x2: right, y2: headerBottom + rule / 2, width: rule, color: color("strong") ?? .black))
            headerBottom += rule
        }
        let header = FlowBlock(height: headerBottom, ops: ops, spaceBefore: 28, keepWithNext: true)

        var rows: [FlowBlock] = []
        let pad = template.table.rowPadding
        for (index, row) in cells.enumerated() {
            let shaped = (0..<6).map { column in block(row[column], styles[column], width: widths[column], alignment: alignments[column]) }
            // Every cell on the text's first baseline.
            let baseline = shaped.map(\.baseline).max() ?? 0
            var rowOps: [DrawOp] = [.beginTag("TR")]
            var height = 0.0
            for (column, cell) in shaped.enumerated() {
                let y = pad + baseline - cell.baseline
                rowOps += [.beginTag("TD"), .text(cell, x: xs[column], y: y), .endTag("TD")]
                height = max(height, y - pad + cell.height)
            }
            rowOps.append(.endTag("TR"))
            var rowHeight = pad + height + pad
            let isLast = index == cells.count - 1
            if isLast {
                rowOps.append(.endTag("Table"))
            } else if template.table.rowRule > 0 {
                let width = template.table.rowRule
                rowOps.append(.line(x1: left, y1: rowHeight + width / 2, x2: right, y2: rowHeight + width / 2, width: width, color: color("rule") ?? .black))
                rowHeight += width
            }
            rows.append(FlowBlock(height: rowHeight, ops: rowOps, isTableRow: true))
        }
        return (header, rows)
    }

    /// Under the ledger, where an invoice has its totals: the balance on the statement's day, as
    /// what the client owes, what it is owed back, or (nothing open) the balance alone.
    mutating func ledgerBalance(_ ledger: StatementLedger) -> FlowBlock {
        let width = template.totals.width
        let x = right - width
        let key = ledger.closing > 0 ? "statement_balance_due" : ledger.closing < 0 ? "statement_balance_owed" : "ledger_balance"
        let value = block(text.money(abs(ledger.closing)), .totalValue)
        let label = block(labels[key], .totalLabel, width: max(40, width - value.width - 16))
        let baseline = max(label.baseline, value.baseline)
        let ops: [DrawOp] = [
            .line(x1: x, y1: 0.5, x2: right, y2: 0.5, width: 1, color: color("rule") ?? .black),
            .text(label, x: x, y: 12 + baseline - label.baseline),
            .text(value, x: right - value.width - value.offset + trailingTracking(.totalValue), y: 12 + baseline - value.baseline),
        ]
        let height = 12 + max(baseline - label.baseline + label.height, baseline - value.baseline + value.height)
        return FlowBlock(height: height, ops: ops, spaceBefore: 12)
    }
}
