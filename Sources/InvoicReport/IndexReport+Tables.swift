import InvoicBook
import InvoicMoney

/// The report laid out as titled sections of notes and tables, the shape the text and Markdown
/// renderers share; each renderer only decides how a heading, a cell and a link look.
struct ReportSection {
    var title: String
    var blocks: [Block]

    enum Block {
        case note(String)
        case table(Table)
        /// A sub-heading, e.g. the currency of the tables below it.
        case heading(String)
    }

    struct Table {
        var columns: [(title: String, alignment: TextTable.Alignment)]
        var rows: [[Cell]] = []
    }

    struct Cell {
        var text: String
        /// A relative link (already percent-encoded), for Markdown.
        var link: String?
        /// Struck through (a void invoice's amounts), for Markdown.
        var struck = false
        /// Set in bold (a total row), for Markdown.
        var strong = false

        init(_ text: String, link: String? = nil, struck: Bool = false, strong: Bool = false) {
            self.text = text
            self.link = link
            self.struck = struck
            self.strong = strong
        }
    }
}

extension IndexReport {
    var title: String { words.format("title", ["business": business, "date": today.description]) }

    /// Lines under the title: filters, left-out documents, capped totals.
    var preamble: [String] {
        [filterSummary, notYetIssuedSummary, overflowed ? overflowNote : nil].compactMap { $0 }
    }

    var sections: [ReportSection] {
        [dashboardSection, invoiceSection, estimateSection] + (creditNotes.isEmpty ? [] : [creditNoteSection]) + (purchases.isEmpty ? [] : [purchaseSection, inputTaxSection]) + [clientSection, agingSection, incomeSection,
         categorySection, projectSection, taxSection, warningSection]
    }

    private typealias Cell = ReportSection.Cell
    private typealias Table = ReportSection.Table

    private var none: ReportSection.Block { .note(words["none"]) }

    private var dashboardSection: ReportSection {
        var table = Table(columns: [(words["currency"], .left), (words["outstanding"], .right), (words["overdue"], .right),
                                    (words["paid_this_month"], .right), (words["drafts"], .right)])
        for entry in dashboard {
            table.rows.append([
                Cell(entry.currency.code),
                Cell("\(money(entry.outstanding)) (\(entry.outstandingCount))"
                     + (entry.owedBack.minorUnits > 0 ? ", " + words.format("refund_owed", ["amount": money(entry.owedBack)]) : "")),
                Cell("\(money(entry.overdue)) (\(entry.overdueCount))"),
                Cell(money(entry.paidThisMonth)),
                Cell(String(entry.drafts)),
            ])
        }
        return ReportSection(title: words["dashboard"], blocks: dashboard.isEmpty ? [none] : [.table(table)])
    }

    private var invoiceSection: ReportSection {
        // Books that keep their history get a column with the commit that issued each invoice.
        let withCommits = invoices.contains { $0.issuedIn != nil }
        var table = Table(columns: [(words["number"], .left), (words["client"], .left), (words["issued"], .left), (words["due"], .left),
                                    (words["total"], .right), (words["credited"], .right), (words["paid"], .right),
                                    (words["refunded"], .right), (words["due_amount"], .right), (words["status"], .left)]
                          + (withCommits ? [(words["issued_in"], .left)] : []))
        for row in invoices {
            let void = row.status == .void
            // The account in five figures that add up: claimed - credited - paid + refunded = open.
            table.rows.append([
                Cell(row.number, link: urlPath(row.pdf)), Cell(row.clientName), Cell(row.issued.description),
                Cell(row.due?.description ?? "-"), Cell(money(row.claimed), struck: void), Cell(money(row.credited)),
                Cell(money(row.paid)), Cell(money(row.refunded)), Cell(money(row.balance)),
                Cell(statusText(row)),
            ] + (withCommits ? [Cell(row.issuedIn.map { "\($0.shortHash) \($0.date)" } ?? "-")] : []))
        }
        return ReportSection(title: words["invoices"], blocks: invoices.isEmpty ? [none] : [.table(table)])
    }

    private var estimateSection: ReportSection {
        var table = Table(columns: [(words["number"], .left), (words["client"], .left), (words["issued"], .left), (words["valid_until"], .left),
                                    (words["total"], .right), (words["status"], .left), (words["invoice"], .left)])
        for row in estimates {
            table.rows.append([
                Cell(row.number, link: urlPath(row.pdf)), Cell(row.clientName), Cell(row.issued.description),
                Cell(row.validUntil?.description ?? "-"), Cell(money(row.total)), Cell(status(row.status)),
                row.invoice.map { Cell($0, link: row.invoicePDF.map(urlPath)) } ?? Cell("-"),
            ])
        }
        return ReportSection(title: words["estimates"], blocks: estimates.isEmpty ? [none] : [.table(table)])
    }

    /// Received purchases and what the book owes (text and Markdown; the HTML has its own table).
    private var purchaseSection: ReportSection {
        var table = Table(columns: [(words["number"], .left), (words["supplier"], .left), (words["issued"], .left), (words["due"], .left),
                                    (words["total"], .right), (words["outstanding"], .right), (words["status"], .left), (words["findings"], .left)])
        for row in purchases {
            table.rows.append([
                Cell(row.number, link: urlPath(row.source)), Cell(row.supplierName), Cell(row.issued.description), Cell(row.due?.description ?? ""),
                Cell((row.type == "credit-note" ? "-" : "") + money(row.total)), Cell(money(row.balance)), Cell(words["status_" + row.status]), Cell(row.findingsText { words[$0] }),
            ])
        }
        var payableTable = Table(columns: [(words["currency"], .left), (words["payables"], .right), (words["overdue"], .right)])
        for entry in payables { payableTable.rows.append([Cell(entry.currency.code), Cell(money(entry.outstanding)), Cell(money(entry.overdue))]) }
        return ReportSection(title: words["purchases"], blocks: [.table(table), .heading(words["payables"]), .table(payableTable)])
    }

    /// The purchases' input VAT by quarter and rate, as the suppliers stated it.
    private var inputTaxSection: ReportSection {
        var blocks: [ReportSection.Block] = []
        for summary in inputTax {
            var table = Table(columns: [("", .left), ("", .left), (words["input_vat"], .right)])
            for quarter in summary.quarters {
                for line in quarter.rates {
                    table.rows.append([Cell(quarter.period), Cell("\(line.rate.category.rawValue) \(line.rate.rate)"), Cell(money(line.tax, summary.currency))])
                }
            }
            if inputTax.count > 1 { blocks.append(.heading(summary.currency.code)) }
            blocks.append(.table(table))
        }
        return ReportSection(title: words["input_vat"], blocks: blocks.isEmpty ? [none] : blocks)
    }

    private var creditNoteSection: ReportSection {
        var table = Table(columns: [(words["number"], .left), (words["client"], .left), (words["issued"], .left), (words["corrects"], .left),
                                    (words["credited"], .right), (words["refunded"], .right), (words["status"], .left)])
        for row in creditNotes {
            table.rows.append([
                Cell(row.number, link: urlPath(row.pdf)), Cell(row.clientName), Cell(row.issued.description),
                Cell(row.corrects, link: row.correctsPDF.map(urlPath)), Cell(money(row.total)), Cell(money(row.refunded)),
                Cell(status(row.status)),
            ])
        }
        return ReportSection(title: words["credit_notes"], blocks: [.table(table)])
    }

    private var clientSection: ReportSection {
        var table = Table(columns: [(words["client"], .left), (words["currency"], .left), (words["invoiced"], .right), (words["paid"], .right),
                                    (words["outstanding"], .right), (words["documents"], .right), (words["last_activity"], .left)])
        for row in clients {
            func figure(_ value: Int64) -> Cell { Cell(row.currency.map { money(value, $0) } ?? "-") }
            table.rows.append([
                Cell(row.name + (row.archived ? " (\(words["archived"]))" : "")), Cell(row.currency?.code ?? "-"),
                figure(row.invoiced), figure(row.paid), figure(row.outstanding), Cell(String(row.documents)),
                Cell(row.lastActivity?.description ?? "-"),
            ])
        }
        return ReportSection(title: words["clients"], blocks: clients.isEmpty ? [none] : [.table(table)])
    }

    private var agingSection: ReportSection {
        var blocks: [ReportSection.Block] = []
        for aging in agedReceivables {
            var table = Table(columns: [(words["client"], .left)] + AgeBucket.allCases.map { (ageTitle($0), .right) } + [(words["total"], .right)])
            for row in aging.rows + [aging.total] {
                let strong = row == aging.total
                table.rows.append([Cell(strong ? words["total"] : row.clientName, strong: strong)]
                    + (row.buckets + [row.total]).map { Cell(money($0, aging.currency), strong: strong) })
            }
            blocks += [.heading(aging.currency.code), .table(table)]
        }
        if blocks.isEmpty { blocks = [.note(words["nothing_owed"])] }
        return ReportSection(title: "\(words["aged_receivables"]) (\(words["days_past_due"]))", blocks: blocks)
    }

    private var taxSection: ReportSection {
        var blocks: [ReportSection.Block] = []
        for summary in tax {
            var table = Table(columns: [(words["period"], .left), (words["rate"], .right), (words["taxable"], .right), (words["tax"], .right)])
            for period in summary.years + summary.months {
                for (index, line) in period.rates.enumerated() {
                    table.rows.append([Cell(index == 0 ? period.period : ""), Cell(line.rate.description),
                                       Cell(money(line.taxable, summary.currency)), Cell(money(line.tax, summary.currency))])
                }
                if period.rates.count > 1 {
                    table.rows.append([Cell(""), Cell(words["all"], strong: true),
                                       Cell(money(period.taxable, summary.currency), strong: true),
                                       Cell(money(period.tax, summary.currency), strong: true)])
                }
            }
            blocks += [.heading(summary.currency.code), .table(table)]
        }
        if blocks.isEmpty { blocks = [none] }
        return ReportSection(title: "\(words["tax"]) (\(words["tax_hint"]))", blocks: blocks)
    }

    private var incomeSection: ReportSection {
        var blocks: [ReportSection.Block] = []
        for income in incomeByMonth {
            var table = Table(columns: [(words["month"], .left), (words["received"], .right)])
            for month in income.months { table.rows.append([Cell(month.month), Cell(money(month.amount, income.currency))]) }
            table.rows.append([Cell(words["total"], strong: true), Cell(money(income.total, income.currency), strong: true)])
            blocks += [.heading(income.currency.code), .table(table)]
        }
        if blocks.isEmpty { blocks = [.note(words["no_payments"])] }
        return ReportSection(title: "\(words["income_by_month"]) (\(words["by_payment_date"]))", blocks: blocks)
    }

    private var categorySection: ReportSection {
        breakdownSection(words["income_by_category"], incomeByCategory, column: words["category"], none: words["no_category"])
    }

    private var projectSection: ReportSection {
        breakdownSection(words["income_by_project"], incomeByProject, column: words["project"], none: words["no_project"])
    }

    private func breakdownSection(_ title: String, _ breakdowns: [IncomeBreakdown], column: String, none: String) -> ReportSection {
        var blocks: [ReportSection.Block] = []
        for breakdown in breakdowns {
            var table = Table(columns: [(column, .left), (words["received"], .right), (words["share"], .right)])
            for entry in breakdown.entries {
                table.rows.append([Cell(entry.name ?? none), Cell(money(entry.amount, breakdown.currency)),
                                   Cell(IndexReport.percent(entry.amount, of: breakdown.total))])
            }
            table.rows.append([Cell(words["total"], strong: true), Cell(money(breakdown.total, breakdown.currency), strong: true),
                               Cell("100%", strong: true)])
            blocks += [.heading(breakdown.currency.code), .table(table)]
        }
        if blocks.isEmpty { blocks = [.note(words["no_payments"])] }
        return ReportSection(title: title, blocks: blocks)
    }

    private var warningSection: ReportSection {
        ReportSection(title: words["warnings"], blocks: warnings.isEmpty ? [none] : warnings.map { .note($0.text) })
    }

    /// A share as a whole percentage, rounded half up with integers: `37%`.
    static func percent(_ part: Int64, of whole: Int64) -> String {
        guard whole > 0 else { return "-" }
        let value = (Int128(part) * 200 + Int128(whole)) / (Int128(whole) * 2)
        return "\(value)%"
    }
}
