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
    var title: String { "\(business): index as of \(today)" }

    /// Lines under the title: filters, left-out documents, capped totals.
    var preamble: [String] {
        [filterSummary, notYetIssuedSummary, overflowed ? IndexReport.overflowNote : nil].compactMap { $0 }
    }

    var sections: [ReportSection] {
        [dashboardSection, invoiceSection, estimateSection, clientSection, agingSection, incomeSection,
         categorySection, projectSection, taxSection, warningSection]
    }

    private typealias Cell = ReportSection.Cell
    private typealias Table = ReportSection.Table

    private static let none = ReportSection.Block.note("None.")

    private var dashboardSection: ReportSection {
        var table = Table(columns: [("Currency", .left), ("Outstanding", .right), ("Overdue", .right),
                                    ("Paid this month", .right), ("Drafts", .right)])
        for entry in dashboard {
            table.rows.append([
                Cell(entry.currency.code),
                Cell("\(money(entry.outstanding)) (\(entry.outstandingCount))"),
                Cell("\(money(entry.overdue)) (\(entry.overdueCount))"),
                Cell(money(entry.paidThisMonth)),
                Cell(String(entry.drafts)),
            ])
        }
        return ReportSection(title: "Dashboard", blocks: dashboard.isEmpty ? [Self.none] : [.table(table)])
    }

    private var invoiceSection: ReportSection {
        // Books that keep their history get a column with the commit that issued each invoice.
        let withCommits = invoices.contains { $0.issuedIn != nil }
        var table = Table(columns: [("Number", .left), ("Client", .left), ("Issued", .left), ("Due", .left),
                                    ("Total", .right), ("Paid", .right), ("Due amount", .right), ("Status", .left)]
                          + (withCommits ? [("Issued in", .left)] : []))
        for row in invoices {
            let void = row.status == .void
            table.rows.append([
                Cell(row.number, link: urlPath(row.pdf)), Cell(row.clientName), Cell(row.issued.description),
                Cell(row.due?.description ?? "-"), Cell(money(row.total), struck: void),
                Cell(money(row.paid), struck: void), Cell(void ? "-" : money(row.balance)),
                Cell(IndexReport.statusText(row)),
            ] + (withCommits ? [Cell(row.issuedIn.map { "\($0.shortHash) \($0.date)" } ?? "-")] : []))
        }
        return ReportSection(title: "Invoices", blocks: invoices.isEmpty ? [Self.none] : [.table(table)])
    }

    private var estimateSection: ReportSection {
        var table = Table(columns: [("Number", .left), ("Client", .left), ("Issued", .left), ("Valid until", .left),
                                    ("Total", .right), ("Status", .left), ("Invoice", .left)])
        for row in estimates {
            table.rows.append([
                Cell(row.number, link: urlPath(row.pdf)), Cell(row.clientName), Cell(row.issued.description),
                Cell(row.validUntil?.description ?? "-"), Cell(money(row.total)), Cell(row.status.rawValue),
                row.invoice.map { Cell($0, link: row.invoicePDF.map(urlPath)) } ?? Cell("-"),
            ])
        }
        return ReportSection(title: "Estimates", blocks: estimates.isEmpty ? [Self.none] : [.table(table)])
    }

    private var clientSection: ReportSection {
        var table = Table(columns: [("Client", .left), ("Currency", .left), ("Invoiced", .right), ("Paid", .right),
                                    ("Outstanding", .right), ("Documents", .right), ("Last activity", .left)])
        for row in clients {
            func figure(_ value: Int64) -> Cell { Cell(row.currency.map { money(value, $0) } ?? "-") }
            table.rows.append([
                Cell(row.name + (row.archived ? " (archived)" : "")), Cell(row.currency?.code ?? "-"),
                figure(row.invoiced), figure(row.paid), figure(row.outstanding), Cell(String(row.documents)),
                Cell(row.lastActivity?.description ?? "-"),
            ])
        }
        return ReportSection(title: "Clients", blocks: clients.isEmpty ? [Self.none] : [.table(table)])
    }

    private var agingSection: ReportSection {
        var blocks: [ReportSection.Block] = []
        for aging in agedReceivables {
            var table = Table(columns: [("Client", .left)] + AgeBucket.allCases.map { ($0.title, .right) } + [("Total", .right)])
            for row in aging.rows + [aging.total] {
                let strong = row == aging.total
                table.rows.append([Cell(row.clientName, strong: strong)]
                    + (row.buckets + [row.total]).map { Cell(money($0, aging.currency), strong: strong) })
            }
            blocks += [.heading(aging.currency.code), .table(table)]
        }
        if blocks.isEmpty { blocks = [.note("Nothing is owed.")] }
        return ReportSection(title: "Aged receivables (days past due)", blocks: blocks)
    }

    private var taxSection: ReportSection {
        var blocks: [ReportSection.Block] = []
        for summary in tax {
            var table = Table(columns: [("Period", .left), ("Rate", .right), ("Taxable", .right), ("Tax", .right)])
            for period in summary.years + summary.months {
                for (index, line) in period.rates.enumerated() {
                    table.rows.append([Cell(index == 0 ? period.period : ""), Cell(line.rate.description),
                                       Cell(money(line.taxable, summary.currency)), Cell(money(line.tax, summary.currency))])
                }
                if period.rates.count > 1 {
                    table.rows.append([Cell(""), Cell("all", strong: true),
                                       Cell(money(period.taxable, summary.currency), strong: true),
                                       Cell(money(period.tax, summary.currency), strong: true)])
                }
            }
            blocks += [.heading(summary.currency.code), .table(table)]
        }
        if blocks.isEmpty { blocks = [Self.none] }
        return ReportSection(title: "Tax (invoices by issue date)", blocks: blocks)
    }

    private var incomeSection: ReportSection {
        var blocks: [ReportSection.Block] = []
        for income in incomeByMonth {
            var table = Table(columns: [("Month", .left), ("Received", .right)])
            for month in income.months { table.rows.append([Cell(month.month), Cell(money(month.amount, income.currency))]) }
            table.rows.append([Cell("Total", strong: true), Cell(money(income.total, income.currency), strong: true)])
            blocks += [.heading(income.currency.code), .table(table)]
        }
        if blocks.isEmpty { blocks = [.note("No payments yet.")] }
        return ReportSection(title: "Income by month (payment dates)", blocks: blocks)
    }

    private var categorySection: ReportSection {
        breakdownSection("Income by category", incomeByCategory, column: "Category", none: "No category")
    }

    private var projectSection: ReportSection {
        breakdownSection("Income by project", incomeByProject, column: "Project", none: "No project")
    }

    private func breakdownSection(_ title: String, _ breakdowns: [IncomeBreakdown], column: String, none: String) -> ReportSection {
        var blocks: [ReportSection.Block] = []
        for breakdown in breakdowns {
            var table = Table(columns: [(column, .left), ("Received", .right), ("Share", .right)])
            for entry in breakdown.entries {
                table.rows.append([Cell(entry.name ?? none), Cell(money(entry.amount, breakdown.currency)),
                                   Cell(IndexReport.percent(entry.amount, of: breakdown.total))])
            }
            table.rows.append([Cell("Total", strong: true), Cell(money(breakdown.total, breakdown.currency), strong: true),
                               Cell("100%", strong: true)])
            blocks += [.heading(breakdown.currency.code), .table(table)]
        }
        if blocks.isEmpty { blocks = [.note("No payments yet.")] }
        return ReportSection(title: title, blocks: blocks)
    }

    private var warningSection: ReportSection {
        ReportSection(title: "Warnings", blocks: warnings.isEmpty ? [Self.none] : warnings.map { .note($0.text) })
    }

    /// A share as a whole percentage, rounded half up with integers: `37%`.
    static func percent(_ part: Int64, of whole: Int64) -> String {
        guard whole > 0 else { return "-" }
        let value = (Int128(part) * 200 + Int128(whole)) / (Int128(whole) * 2)
        return "\(value)%"
    }
}
