import InvoicBook
import InvoicDiagnostics
import InvoicMoney

// One self-contained page: inline CSS, charts as inline SVG, no script, no external resource,
// so it opens from a file on a phone and prints on paper. Every text that comes from the book
// goes through `escaped` (element text and attribute values alike); links are relative
// percent-encoded file names beside the report.

extension IndexReport {
    /// The report as one HTML page.
    public func html() -> String {
        var page = HTMLPage()
        page.line("<!DOCTYPE html>")
        page.line("<html lang=\"\(words.language)\">")
        page.line("<head>")
        page.line("<meta charset=\"utf-8\">")
        page.line("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        page.line("<meta name=\"color-scheme\" content=\"light\">")
        page.line("<meta name=\"generator\" content=\"invoic\">")
        page.line("<title>\(escaped(business)) · \(today)</title>")
        page.line("<style>\n\(IndexReport.stylesheet)</style>")
        page.line("</head>")
        page.line("<body>")
        htmlHeader(&page)
        page.line("<main>")
        for note in preamble { page.line("<p class=\"notice\">\(escaped(note))</p>") }
        htmlDashboard(&page)
        htmlInvoices(&page)
        htmlEstimates(&page)
        htmlCreditNotes(&page)
        htmlPurchases(&page)
        htmlClients(&page)
        htmlAging(&page)
        htmlIncome(&page)
        htmlBreakdowns(&page)
        htmlTax(&page)
        htmlWarnings(&page)
        page.line("</main>")
        page.line("<footer>\(escaped(words.format("footer", ["date": today.description])))</footer>")
        page.line("</body>")
        page.line("</html>")
        return page.text
    }

    private func htmlHeader(_ page: inout HTMLPage) {
        page.line("<header class=\"top\">")
        page.line("<div><p class=\"eyebrow\">\(escaped(words["index"]))</p><h1>\(escaped(business))</h1></div>")
        page.line("<p class=\"asof\">" + escaped(words["as_of"]).replacingOccurrences(of: "{date}", with: "<time datetime=\"\(today)\">\(today)</time>") + "</p>")
        page.line("</header>")
        let links = (["dashboard", "invoices", "estimates"] + (creditNotes.isEmpty ? [] : ["credit_notes"]) + ["clients", "receivables", "income", "tax", "warnings"]).map { ($0, words[$0]) }
        page.line("<nav aria-label=\"\(escaped(words["index"]))\">" + links.map { id, name in
            let count = id == "warnings" && !warnings.isEmpty ? " (\(warnings.count))" : ""
            return "<a href=\"#\(id)\">\(escaped(name))\(count)</a>"
        }.joined(separator: " ") + "</nav>")
    }

    /// A wide table scrolls sideways on a narrow screen; the keyboard must reach it too, so the
    /// scrolling box takes focus and is named by its section's heading (WCAG 2.1.1).
    private func scrollingRegion(_ headingID: String) -> String {
        "<div class=\"scroll\" role=\"group\" tabindex=\"0\" aria-labelledby=\"\(headingID)\">"
    }

    // MARK: Dashboard

    private func htmlDashboard(_ page: inout HTMLPage) {
        page.line("<section id=\"dashboard\" aria-labelledby=\"dashboard-title\">")
        page.line("<h2 id=\"dashboard-title\">\(escaped(words["dashboard"]))</h2>")
        if dashboard.isEmpty { page.line("<p class=\"empty\">\(escaped(words["no_invoices_yet"]))</p>") }
        for entry in dashboard {
            if dashboard.count > 1 { page.line("<h3 class=\"currency\">\(entry.currency.code)</h3>") }
            page.line("<div class=\"cards\">")
            let owedBack = entry.owedBack.minorUnits > 0 ? " · " + words.format("refund_owed", ["amount": money(entry.owedBack)]) : ""
            card(&page, words["outstanding"], money(entry.outstanding), words.count("open_invoices", entry.outstandingCount) + owedBack, tone: nil)
            card(&page, words["overdue"], money(entry.overdue), words.count("invoices_count", entry.overdueCount),
                 tone: entry.overdueCount > 0 ? "alert" : nil)
            card(&page, words["paid_this_month"], money(entry.paidThisMonth), words.longMonth(today.monthKey),
                 tone: entry.paidThisMonth.minorUnits > 0 ? "good" : nil)
            card(&page, words["drafts"], String(entry.drafts), words["not_sent_yet"], tone: nil)
            if let payable = payables.first(where: { $0.currency == entry.currency }) {
                card(&page, words["payables"], money(payable.outstanding), words.count("open_purchases", payable.outstandingCount), tone: payable.overdueCount > 0 ? "alert" : nil)
            }
            page.line("</div>")
        }
        // Payables in a currency nothing was invoiced in (a book that only receives, so far).
        for payable in payables where !dashboard.contains(where: { $0.currency == payable.currency }) {
            page.line("<h3 class=\"currency\">\(payable.currency.code)</h3>")
            page.line("<div class=\"cards\">")
            card(&page, words["payables"], money(payable.outstanding), words.count("open_purchases", payable.outstandingCount), tone: payable.overdueCount > 0 ? "alert" : nil)
            page.line("</div>")
        }
        page.line("</section>")
    }

    private func card(_ page: inout HTMLPage, _ label: String, _ value: String, _ detail: String, tone: String?) {
        let toneClass = tone.map { " \($0)" } ?? ""
        page.line("<div class=\"card\(toneClass)\"><span class=\"label\">\(escaped(label))</span>"
            + "<span class=\"value\">\(escaped(value))</span><span class=\"detail\">\(escaped(detail))</span></div>")
    }

    // MARK: Documents

    private func htmlInvoices(_ page: inout HTMLPage) {
        page.line("<section id=\"invoices\" aria-labelledby=\"invoices-title\">")
        page.line("<h2 id=\"invoices-title\">\(escaped(words["invoices"])) <span class=\"hint\">\(escaped(words["newest_first"]))</span></h2>")
        guard !invoices.isEmpty else {
            page.line("<p class=\"empty\">\(escaped(words["no_invoices"]))</p></section>")
            return
        }
        page.line("\(scrollingRegion("invoices-title"))<table class=\"docs invoices\">")
        page.line("<thead><tr>" + headers([("number", false), ("client", false), ("issued", false), ("due", false), ("total", true),
                                          ("credited", true), ("paid", true), ("refunded", true), ("due_amount", true),
                                          ("status", false)]) + "</tr></thead>")
        page.line("<tbody>")
        for row in invoices {
            let void = row.status == .void
            var partPaid = row.status == .overdue && row.paid.minorUnits > 0 ? " · " + words["part_paid"] : ""
            if row.reminderLevel > 0 && row.daysPastDue != nil { partPaid += " · " + words.format("reminded", ["n": String(row.reminderLevel)]) }
            let late = row.daysPastDue.map { "<span class=\"late\">\(escaped(words.count("days", $0) + partPaid))</span>" } ?? ""
            page.line("<tr\(void ? " class=\"void\"" : "")>"
                + "<td class=\"doc\"><a href=\"\(escaped(urlPath(row.pdf)))\">\(escaped(row.number))</a>"
                + (row.issuedIn.map { "<span class=\"commit\" title=\"issued in \(escaped($0.shortHash)) by \(escaped($0.author)) on \($0.date)\">\(escaped($0.shortHash))</span>" } ?? "")
                + "</td><td class=\"client\">\(escaped(row.clientName))</td>"
                + "<td class=\"date issued\">\(row.issued)</td><td class=\"date due\">\(lead("due"))\(row.due?.description ?? "–")</td>"
                // The account in five figures that add up: claimed - credited - paid + refunded = open.
                + amountCell(row.claimed.minorUnits, row.claimed.currency, muteZero: false, role: "total", lead: "total")
                + amountCell(row.credited.minorUnits, row.credited.currency, role: "credited", lead: "credited")
                + amountCell(row.paid.minorUnits, row.paid.currency, role: "paid", lead: "paid")
                + amountCell(row.refunded.minorUnits, row.refunded.currency, role: "refunded", lead: "refunded")
                + amountCell(row.balance.minorUnits, row.balance.currency, role: "balance", lead: "due_amount")
                + "<td class=\"status\">\(pill(row.status))\(late)\(refund(row))\(peppol(row))\(sdi(row))\(lifeCycle(row))</td></tr>")
        }
        page.line("</tbody></table></div>")
        page.line("</section>")
    }

    /// A cell's column head in front of its value, shown only where the table is laid out as
    /// cards without its heads (a phone): in the markup, so in the report's language.
    private func lead(_ key: String) -> String {
        "<span class=\"lead\">\(escaped(words[key])) </span>"
    }

    /// Column heads in the report's language: (key, numeric).
    private func headers(_ columns: [(String, Bool)]) -> String {
        columns.map { key, numeric in "<th scope=\"col\"\(numeric ? " class=\"num\"" : "")>\(escaped(words[key]))</th>" }.joined()
    }

    /// Money received on an invoice voided since: owed back to the client.
    /// "Peppol: delivered" beside the status, with the provider, the time and the reason in its title.
    private func sdi(_ row: InvoiceRow) -> String {
        guard let sdi = row.sdi else { return "" }
        let title = sdi.since + (sdi.detail.map { ": \($0)" } ?? "")
        return "<span class=\"sdi \(escaped(sdi.state))\" title=\"\(escaped(title))\">SdI: \(escaped(words.sdiState(sdi.state)))</span>"
    }

    /// "207 En litige" beside the status, its day and motif in its title.
    private func lifeCycle(_ row: InvoiceRow) -> String {
        guard let state = row.lifeCycle else { return "" }
        let title = state.since + (state.motif.map { ": \($0)" } ?? "")
        return "<span class=\"cdar s\(state.code)\" title=\"\(escaped(title))\">\(state.code) \(escaped(state.name))</span>"
    }

    private func peppol(_ row: InvoiceRow) -> String {
        guard let peppol = row.peppol else { return "" }
        let title = "\(peppol.provider), \(peppol.since)" + (peppol.detail.map { ": \($0)" } ?? "")
        return "<span class=\"peppol \(escaped(peppol.state))\" title=\"\(escaped(title))\">Peppol: \(escaped(words.peppolState(peppol.state)))</span>"
    }

    private func refund(_ row: InvoiceRow) -> String {
        guard row.refundOwed.minorUnits > 0 else { return "" }
        return "<span class=\"late\">\(escaped(words.format("refund_owed", ["amount": row.refundOwed.formatted(row.locale)])))</span>"
    }

    private func htmlEstimates(_ page: inout HTMLPage) {
        page.line("<section id=\"estimates\" aria-labelledby=\"estimates-title\">")
        page.line("<h2 id=\"estimates-title\">\(escaped(words["estimates"])) <span class=\"hint\">\(escaped(words["newest_first"]))</span></h2>")
        guard !estimates.isEmpty else {
            page.line("<p class=\"empty\">\(escaped(words["no_estimates"]))</p></section>")
            return
        }
        page.line("\(scrollingRegion("estimates-title"))<table class=\"docs estimates\">")
        page.line("<thead><tr>" + headers([("number", false), ("client", false), ("issued", false), ("valid_until", false),
                                          ("total", true), ("status", false), ("invoice", false)]) + "</tr></thead>")
        page.line("<tbody>")
        for row in estimates {
            let invoice = row.invoice.map { number in
                row.invoicePDF.map { "<a href=\"\(escaped(urlPath($0)))\">\(escaped(number))</a>" } ?? escaped(number)
            } ?? "<span class=\"zero\">–</span>"
            page.line("<tr><td class=\"doc\"><a href=\"\(escaped(urlPath(row.pdf)))\">\(escaped(row.number))</a></td>"
                + "<td class=\"client\">\(escaped(row.clientName))</td><td class=\"date issued\">\(row.issued)</td>"
                + "<td class=\"date due\">\(lead("valid_until"))\(row.validUntil?.description ?? "–")</td>"
                + amountCell(row.total.minorUnits, row.total.currency, muteZero: false, role: "total")
                + "<td class=\"status\">\(pill(row.status))</td><td class=\"doc invoice\">\(invoice)</td></tr>")
        }
        page.line("</tbody></table></div>")
        page.line("</section>")
    }

    private func htmlCreditNotes(_ page: inout HTMLPage) {
        guard !creditNotes.isEmpty else { return }
        page.line("<section id=\"credit_notes\" aria-labelledby=\"credit_notes-title\">")
        page.line("<h2 id=\"credit_notes-title\">\(escaped(words["credit_notes"])) <span class=\"hint\">\(escaped(words["newest_first"]))</span></h2>")
        page.line("\(scrollingRegion("credit_notes-title"))<table class=\"docs credit-notes\">")
        page.line("<thead><tr>" + headers([("number", false), ("client", false), ("issued", false), ("corrects", false),
                                          ("credited", true), ("refunded", true), ("status", false)]) + "</tr></thead>")
        page.line("<tbody>")
        for row in creditNotes {
            let invoice = row.correctsPDF.map { "<a href=\"\(escaped(urlPath($0)))\">\(escaped(row.corrects))</a>" } ?? escaped(row.corrects)
            page.line("<tr><td class=\"doc\"><a href=\"\(escaped(urlPath(row.pdf)))\">\(escaped(row.number))</a></td>"
                + "<td class=\"client\">\(escaped(row.clientName))</td><td class=\"date issued\">\(row.issued)</td>"
                + "<td class=\"doc invoice\" title=\"\(escaped(row.reason))\">\(lead("corrects"))\(invoice)</td>"
                + amountCell(row.total.minorUnits, row.total.currency, muteZero: false, role: "total")
                + amountCell(row.refunded.minorUnits, row.refunded.currency, role: "paid")
                + "<td class=\"status\">\(pill(row.status))</td></tr>")
        }
        page.line("</tbody></table></div>")
        page.line("</section>")
    }

    /// The suppliers' documents received, shown when there are any.
    private func htmlPurchases(_ page: inout HTMLPage) {
        guard !purchases.isEmpty else { return }
        page.line("<section id=\"purchases\" aria-labelledby=\"purchases-title\">")
        page.line("<h2 id=\"purchases-title\">\(escaped(words["purchases"])) <span class=\"hint\">\(escaped(words["newest_first"]))</span></h2>")
        page.line("\(scrollingRegion("purchases-title"))<table class=\"docs purchases\">")
        page.line("<thead><tr>" + headers([("number", false), ("supplier", false), ("issued", false), ("due", false),
                                          ("total", true), ("outstanding", true), ("status", false), ("findings", false)]) + "</tr></thead>")
        page.line("<tbody>")
        for row in purchases {
            page.line("<tr><td class=\"doc\"><a href=\"\(escaped(urlPath(row.source)))\">\(escaped(row.number))</a></td>"
                + "<td class=\"client\">\(escaped(row.supplierName))</td><td class=\"date issued\">\(row.issued)</td>"
                + "<td class=\"date due\">\(row.due?.description ?? "")</td>"
                + amountCell(row.total.minorUnits, row.total.currency, muteZero: false, role: "total")
                + amountCell(row.balance.minorUnits, row.balance.currency, role: "balance")
                + "<td class=\"status\"><span class=\"pill \(row.status)\">\(escaped(words["status_" + row.status]))</span></td>"
                + "<td\(row.awaitsDecision ? " class=\"alert\"" : "")>\(escaped(row.findingsText { words[$0] }))</td></tr>")
        }
        page.line("</tbody></table></div>")
        page.line("</section>")
    }

    private func pill(_ status: Status) -> String {
        "<span class=\"pill \(status.rawValue)\">\(escaped(self.status(status)))</span>"
    }

    /// A right-aligned amount; a zero is shown quietly.
    private func amountCell(_ minorUnits: Int64, _ currency: Currency, muteZero: Bool = true, strong: Bool = false,
                            role: String? = nil, lead key: String? = nil) -> String {
        // A total is a data cell set in bold; only the cell naming its row is a header.
        let zero = muteZero && minorUnits == 0 ? " zero" : ""
        let role = (role.map { " " + $0 } ?? "") + (strong ? " strong" : "")
        return "<td class=\"num\(zero)\(role)\">\(key.map(lead) ?? "")\(escaped(money(minorUnits, currency)))</td>"
    }

    // MARK: Clients and receivables

    private func htmlClients(_ page: inout HTMLPage) {
        page.line("<section id=\"clients\" aria-labelledby=\"clients-title\">")
        page.line("<h2 id=\"clients-title\">\(escaped(words["clients"]))</h2>")
        guard !clients.isEmpty else {
            page.line("<p class=\"empty\">\(escaped(words["no_clients"]))</p></section>")
            return
        }
        page.line("\(scrollingRegion("clients-title"))<table class=\"docs clients\">")
        page.line("<thead><tr>" + headers([("client", false), ("currency", false), ("invoiced", true), ("paid", true),
                                          ("outstanding", true), ("documents", true), ("last_activity", false)]) + "</tr></thead>")
        page.line("<tbody>")
        for row in clients {
            let archived = row.archived ? " <span class=\"tag\">\(escaped(words["archived"]))</span>" : ""
            var cells = "<td class=\"client\">\(escaped(row.name))\(archived)</td><td class=\"currency\">\(row.currency?.code ?? "–")</td>"
            if let currency = row.currency {
                cells += amountCell(row.invoiced, currency, role: "invoiced", lead: "invoiced") + amountCell(row.paid, currency, role: "paid", lead: "paid")
                    + amountCell(row.outstanding, currency, role: "outstanding")
            } else {
                cells += ["invoiced", "paid", "outstanding"].map { "<td class=\"num zero \($0)\">–</td>" }.joined()
            }
            cells += "<td class=\"num count\">\(row.documents)<span class=\"unit\"> \(escaped(words.count("documents_unit", row.documents)))</span></td>"
                + "<td class=\"date activity\">\(lead("last_activity"))\(row.lastActivity?.description ?? "–")</td>"
            page.line("<tr\(row.archived ? " class=\"archived\"" : "")>\(cells)</tr>")
        }
        page.line("</tbody></table></div>")
        page.line("</section>")
    }

    private func htmlAging(_ page: inout HTMLPage) {
        page.line("<section id=\"receivables\" aria-labelledby=\"receivables-title\">")
        page.line("<h2 id=\"receivables-title\">\(escaped(words["aged_receivables"])) <span class=\"hint\">\(escaped(words["days_past_due"]))</span></h2>")
        if agedReceivables.isEmpty { page.line("<p class=\"empty\">\(escaped(words["nothing_owed"]))</p>") }
        for table in agedReceivables {
            if agedReceivables.count > 1 { page.line("<h3 class=\"currency\">\(table.currency.code)</h3>") }
            page.line("\(scrollingRegion("receivables-title"))<table class=\"aging\">")
            page.line("<thead><tr><th scope=\"col\">\(escaped(words["client"]))</th>"
                + AgeBucket.allCases.map { "<th scope=\"col\" class=\"num age\($0.rawValue)\">\(escaped(ageTitle($0)))</th>" }.joined()
                + "<th scope=\"col\" class=\"num\">\(escaped(words["total"]))</th></tr></thead>")
            page.line("<tbody>")
            for row in table.rows {
                page.line("<tr><td>\(escaped(row.clientName))</td>"
                    + row.buckets.map { amountCell($0, table.currency) }.joined() + amountCell(row.total, table.currency) + "</tr>")
            }
            page.line("</tbody>")
            page.line("<tfoot><tr><th scope=\"row\">\(escaped(words["total"]))</th>" + table.total.buckets.map { amountCell($0, table.currency, strong: true) }.joined()
                + amountCell(table.total.total, table.currency, strong: true) + "</tr></tfoot>")
            page.line("</table></div>")
        }
        page.line("</section>")
    }

    // MARK: Income

    private func htmlIncome(_ page: inout HTMLPage) {
        page.line("<section id=\"income\" aria-labelledby=\"income-title\">")
        page.line("<h2 id=\"income-title\">\(escaped(words["income_by_month"])) <span class=\"hint\">\(escaped(words["by_payment_date"]))</span></h2>")
        if incomeByMonth.isEmpty { page.line("<p class=\"empty\">\(escaped(words["no_payments"]))</p>") }
        for income in incomeByMonth {
            let shown = Array(income.months.suffix(12))
            let caption = words[income.months.count > shown.count ? "last_12_months" : "since_first_payment"]
            page.line("<h3 class=\"currency\">\(income.currency.code) <span class=\"hint\">\(escaped(caption)) · "
                + "\(escaped(words.format("total_caption", ["amount": money(income.total, income.currency)])))</span></h3>")
            page.line(barChart(shown, currency: income.currency, size: .wide))
            page.line(barChart(shown, currency: income.currency, size: .narrow))
            page.line("<details><summary>\(escaped(words["months_as_table"]))</summary>\(scrollingRegion("income-title"))<table class=\"compact\">")
            page.line("<thead><tr>" + headers([("month", false), ("received", true)]) + "</tr></thead><tbody>")
            for month in income.months.reversed() {
                page.line("<tr><td>\(words.longMonth(month.month))</td>\(amountCell(month.amount, income.currency))</tr>")
            }
            page.line("</tbody></table></div></details>")
        }
        page.line("</section>")
    }

    /// Vertical bars, one per month, on a scale rounded up to a readable step; integer geometry.
    private enum ChartSize: String { case wide, narrow }

    /// The wide chart is shown on a desktop and on paper, the narrow one on a phone, where the
    /// wide one's labels would shrink out of reading size.
    private func barChart(_ months: [MonthAmount], currency: Currency, size: ChartSize) -> String {
        let (width, height, left) = size == .wide ? (960, 250, 64) : (360, 210, 52)
        let right = 6, top = 16, bottom = 38
        let plotHeight = height - top - bottom
        let unit = currency.minorUnitsPerMajorUnit
        let largest = months.map(\.amount).max() ?? 0
        let largestMajor = largest / unit + (largest % unit == 0 ? 0 : 1)
        let step = IndexReport.niceStep(for: largestMajor)
        // Ceiling divisions written so that no sum can overflow, however large the month.
        let gridLines = largestMajor <= 0 ? 1 : Int((largestMajor - 1) / step + 1)
        let scaleMax = Int128(step) * Int128(gridLines) * Int128(unit)
        let slot = (width - left - right) / max(1, months.count)
        let barWidth = min(size == .wide ? 64 : 30, max(4, slot * 3 / 5))
        var svg = "<svg class=\"chart \(size.rawValue)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" "
            + "aria-label=\"\(escaped(words.format("chart_label", ["currency": currency.code])))\">"
        for line in 0...gridLines {
            let y = top + plotHeight - line * plotHeight / gridLines
            let value = Int64(clamping: Int128(step) * Int128(line))
            svg += "<line class=\"grid\" x1=\"\(left)\" y1=\"\(y)\" x2=\"\(width - right)\" y2=\"\(y)\"/>"
            svg += "<text class=\"axis\" x=\"\(left - 8)\" y=\"\(y + 4)\" text-anchor=\"end\">"
                + escaped(MoneyFormat.number(DecimalNumber(integer: value), locale: locale)) + "</text>"
        }
        for (index, month) in months.enumerated() {
            let x = left + index * slot + (slot - barWidth) / 2
            let barHeight = Int(Int128(month.amount) * Int128(plotHeight) / scaleMax)
            let y = top + plotHeight - barHeight
            let label = "\(words.longMonth(month.month)): \(money(month.amount, currency))"
            svg += "<g><title>\(escaped(label))</title>"
            if month.amount > 0 {
                svg += "<rect class=\"bar\(month.month == today.monthKey ? " now" : "")\" x=\"\(x)\" y=\"\(y)\" "
                    + "width=\"\(barWidth)\" height=\"\(max(1, barHeight))\" rx=\"3\"/>"
            }
            svg += "</g>"
            let center = x + barWidth / 2
            let monthName = words.shortMonth(month.month)
            svg += "<text class=\"axis\" x=\"\(center)\" y=\"\(height - bottom + 16)\" text-anchor=\"middle\">\(monthName)</text>"
            if index == 0 || month.month.hasSuffix("-01") {
                svg += "<text class=\"axis year\" x=\"\(center)\" y=\"\(height - bottom + 30)\" text-anchor=\"middle\">"
                    + "\(month.month.prefix(4))</text>"
            }
        }
        return svg + "</svg>"
    }

    /// The smallest step of 1, 2, 2.5 or 5 times a power of ten that reaches `maximum` in at most 5 steps.
    static func niceStep(for maximum: Int64) -> Int64 {
        guard maximum > 0 else { return 1 }
        var power: Int64 = 1
        while power <= Int64.max / 100 {
            for step in [power, 2 * power, power >= 10 ? 25 * power / 10 : 2 * power, 5 * power]
            where (maximum - 1) / step + 1 <= 5 {
                return step
            }
            power *= 10
        }
        return maximum
    }

    private func htmlBreakdowns(_ page: inout HTMLPage) {
        page.line("<section id=\"breakdowns\" class=\"pair\">")
        breakdownList(&page, words["income_by_category"], incomeByCategory, none: words["no_category"])
        breakdownList(&page, words["income_by_project"], incomeByProject, none: words["no_project"])
        page.line("</section>")
    }

    private func breakdownList(_ page: inout HTMLPage, _ title: String, _ breakdowns: [IncomeBreakdown], none: String) {
        page.line("<div>")
        page.line("<h2>\(escaped(title))</h2>")
        if breakdowns.isEmpty { page.line("<p class=\"empty\">\(escaped(words["no_payments"]))</p>") }
        for breakdown in breakdowns {
            if breakdowns.count > 1 { page.line("<h3 class=\"currency\">\(breakdown.currency.code)</h3>") }
            let largest = breakdown.entries.map(\.amount).max() ?? 0
            page.line("<ul class=\"shares\">")
            for entry in breakdown.entries {
                let width = largest > 0 ? Int(Int128(entry.amount) * 100 / Int128(largest)) : 0
                let name = entry.name.map(escaped) ?? "<em>\(escaped(none))</em>"
                page.line("<li><span class=\"name\">\(name)</span>"
                    + "<span class=\"amount\">\(escaped(money(entry.amount, breakdown.currency)))</span>"
                    + "<span class=\"share\">\(IndexReport.percent(entry.amount, of: breakdown.total))</span>"
                    + "<span class=\"track\"><span class=\"fill\" style=\"width:\(max(1, width))%\"></span></span></li>")
            }
            page.line("</ul>")
        }
        page.line("</div>")
    }

    // MARK: Tax and warnings

    /// One row per period, a column pair (taxable, tax) per rate: rates are few, periods many.
    private func htmlTax(_ page: inout HTMLPage) {
        page.line("<section id=\"tax\" aria-labelledby=\"tax-title\">")
        page.line("<h2 id=\"tax-title\">\(escaped(words["tax"])) <span class=\"hint\">\(escaped(words["tax_hint"]))</span></h2>")
        if tax.isEmpty { page.line("<p class=\"empty\">\(escaped(words["no_invoices_issued"]))</p>") }
        for summary in tax {
            if tax.count > 1 { page.line("<h3 class=\"currency\">\(summary.currency.code)</h3>") }
            let rates = Set((summary.years + summary.months).flatMap { $0.rates.map(\.rate) }).sorted()
            let taxed = rates.filter { !$0.isZero }
            page.line("\(scrollingRegion("tax-title"))<table class=\"tax\">")
            var header = "<thead><tr><th scope=\"col\">\(escaped(words["period"]))</th>"
            for rate in rates {
                header += "<th scope=\"col\" class=\"num\">\(escaped(words.format("taxable_at", ["rate": rate.description])))</th>"
                if !rate.isZero { header += "<th scope=\"col\" class=\"num\">\(escaped(words.format("tax_at", ["rate": rate.description])))</th>" }
            }
            if taxed.count > 1 { header += "<th scope=\"col\" class=\"num\">\(escaped(words["tax"]))</th>" }
            page.line(header + "</tr></thead>")
            func row(_ period: TaxPeriod, year: Bool) -> String {
                var cells = year ? "<th scope=\"row\">\(period.period)</th>" : "<td>\(words.longMonth(period.period))</td>"
                for rate in rates {
                    let line = period.rates.first { $0.rate == rate }
                    cells += amountCell(line?.taxable ?? 0, summary.currency, strong: year)
                    if !rate.isZero { cells += amountCell(line?.tax ?? 0, summary.currency, strong: year) }
                }
                if taxed.count > 1 { cells += amountCell(period.tax, summary.currency, strong: year) }
                return "<tr\(year ? " class=\"year\"" : "")>\(cells)</tr>"
            }
            for year in summary.years {
                page.line("<tbody>")
                for month in summary.months where month.period.hasPrefix(year.period + "-") { page.line(row(month, year: false)) }
                page.line(row(year, year: true))
                page.line("</tbody>")
            }
            page.line("</table></div>")
        }
        page.line("</section>")
    }

    private func htmlWarnings(_ page: inout HTMLPage) {
        page.line("<section id=\"warnings\" aria-labelledby=\"warnings-title\">")
        page.line("<h2 id=\"warnings-title\">\(escaped(words["warnings"]))</h2>")
        if warnings.isEmpty {
            page.line("<p class=\"empty\">\(escaped(words["no_warnings"]))</p>")
        } else {
            page.line("<ul class=\"warnings\">")
            for warning in warnings {
                var place = warning.file ?? "invoic"
                if warning.file != nil, let line = warning.line, let column = warning.column { place += ":\(line):\(column)" }
                page.line("<li><code>\(escaped(place))</code> \(escaped(warning.message)) "
                    + "<span class=\"code\">\(escaped(warning.code))</span></li>")
            }
            page.line("</ul>")
        }
        page.line("</section>")
    }
}

/// Lines of HTML joined with newlines.
struct HTMLPage {
    var text = ""
    mutating func line(_ line: String) { text += line + "\n" }
}

/// Text safe in HTML element content and in quoted attribute values: MarkupText's HTML rule
/// (InvoicDiagnostics), under the name the report's pages, the web app and the VAT return use.
public func escaped(_ text: String) -> String { MarkupText.html(text) }
