import Foundation
import InvoicBook
import InvoicMoney
@testable import InvoicReport
import Testing

/// An invoice file: `extra` lines go after the items.
func invoiceFile(client: String = "acme", issued: String, sent: String? = nil, due: String? = nil,
                 items: String = "  - { description: Design, quantity: 2, price: 100.00 }\n", _ extra: String = "") -> String {
    var text = "client: \(client)\nissued: \(issued)\n"
    if let sent { text += "sent: \(sent)\n" }
    if let due { text += "due: \(due)\n" }
    return text + "items:\n" + items + extra
}

@Suite struct EscapingTests {
    static let evilClient = "name: \"<script>alert(1)</script>\"\n"

    @Test func htmlShowsUserTextAsText() throws {
        let settings = """
            business: { name: "Tom & Jerry <b>Design</b>" }
            defaults: { currency: USD, locale: en_US, terms: 30 }
            pdf_name: "{number} {client}"
            """
        let book = ScratchBook([
            "invoices/INV-0001.yaml": invoiceFile(client: "evil", issued: "2026-03-01", sent: "2026-03-01",
                                                  "project: \"'\\\"><img src=x onerror=alert(2)>\"\ncategory: \"</style><svg onload=alert(3)>\"\n"
                                                    + "payments:\n  - { date: 2026-03-05, amount: 10.00, method: cash }\n"),
        ], settings: settings, clients: ["evil": Self.evilClient])
        let html = try book.report(today: "2026-03-10").html()
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("Tom &amp; Jerry &lt;b&gt;Design&lt;/b&gt;"))
        #expect(html.contains("&#39;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"))
        #expect(html.contains("&lt;/style&gt;&lt;svg onload=alert(3)&gt;"))
        // The only tags are the report's own: no script, no injected element, no handler.
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>"))
        #expect(!html.contains("<svg onload"))
        #expect(html.components(separatedBy: "</style>").count == 2, "only the report's own </style>")
        // The PDF link is percent-encoded and names the file as the build writes it.
        #expect(html.contains("href=\"./INV-0001%20%3Cscript%3Ealert%281%29%3C-script%3E.pdf\""))
        // No network, no script anywhere.
        #expect(!html.contains("http://") || !html.contains("src=\"http"))
        #expect(!html.contains("<link") && !html.contains("@import") && !html.contains("url("))
    }

    @Test func escapedCoversEveryHTMLMetacharacter() {
        #expect(escaped("<a href=\"x\" title='y'>&</a>") == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;")
        #expect(escaped("a\u{0}b\u{7}c") == "a\u{FFFD}b\u{FFFD}c")
        #expect(escaped("Kaffeerösterei 株式会社") == "Kaffeerösterei 株式会社")
    }

    @Test func markdownShowsUserTextAsText() throws {
        let book = ScratchBook(["invoices/INV-0001.yaml": invoiceFile(client: "evil", issued: "2026-03-01", sent: "2026-03-01")],
                               clients: ["evil": "name: \"Evil | *bold* [x](javascript:alert(1)) <script>\"\n"])
        let markdown = try book.report(today: "2026-03-10").markdown()
        #expect(markdown.contains("Evil \\| \\*bold\\* \\[x\\](javascript:alert(1)) \\<script\\>"))
        #expect(!markdown.contains("<script>"))
        #expect(markdownEscaped("# 1. - x") == "\\# 1. - x")
        #expect(markdownEscaped("12. x") == "12\\. x")
        #expect(markdownEscaped("line\nbreak") == "line break")
        #expect(markdownEscaped("- in a cell", lineStart: false) == "- in a cell")
        #expect(markdownEscaped("Tom & Jerry &amp; &#60;") == "Tom & Jerry \\&amp; \\&#60;")
    }

    @Test func csvNeutralisesFormulas() throws {
        for (text, cell) in [("=SUM(A1:A2)", "'=SUM(A1:A2)"), ("+1", "'+1"), ("-2", "'-2"), ("@cmd", "'@cmd"),
                             ("\tx", "'\tx"), ("\rx", "\"'\rx\""), ("plain", "plain"), ("a,b", "\"a,b\""),
                             ("say \"hi\"", "\"say \"\"hi\"\"\""), ("=1,2", "\"'=1,2\""), ("", "")] {
            #expect(csvText(text) == cell, "\(text.debugDescription)")
        }
        let book = ScratchBook([
            "invoices/INV-0001.yaml": invoiceFile(client: "evil", issued: "2026-03-01", sent: "2026-03-01",
                                                  "project: \"+cmd|' /C calc'!A0\"\ncategory: \"@SUM(1+1)\"\n"),
        ], clients: ["evil": "name: \"=HYPERLINK(\\\"http://evil.example\\\",\\\"click\\\")\"\n"])
        let csv = try book.report(today: "2026-03-10").csv()
        let lines = csv.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2].isEmpty)
        #expect(lines[0] == "number,client_id,client,issued,due,currency,total,paid,balance,status,days_past_due,project,category,from_estimate,pdf,issued_in,refund_owed,net,tax,discount,tax_groups,credited,kind,corrects,reminder_level,reminder_charges,refunded,claimed")
        #expect(lines[1] == "INV-0001,evil,\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"click\"\")\",2026-03-01,2026-03-31,USD,"
            + "200.00,0.00,200.00,sent,,'+cmd|' /C calc'!A0,'@SUM(1+1),,INV-0001.pdf,,0.00,200.00,0.00,0.00,Z 0%: 200.00 / 0.00,0.00,invoice,,0,0.00,0.00,200.00")
    }
}

@Suite struct CurrencyTests {
    /// USD and EUR invoices of one client: every total is per currency, never a sum of both.
    @Test func totalsAreNeverMixedAcrossCurrencies() throws {
        let eur = "  - { description: Design, quantity: 1, price: 1000.00 }\n"
        let book = ScratchBook([
            "invoices/INV-0001.yaml": invoiceFile(issued: "2026-03-01", sent: "2026-03-01", due: "2026-03-31",
                                                  "payments:\n  - { date: 2026-03-05, amount: 50.00, method: cash }\n"),
            "invoices/INV-0002.yaml": invoiceFile(issued: "2026-03-02", sent: "2026-03-02", due: "2026-04-30", items: eur,
                                                  "currency: EUR\npayments:\n  - { date: 2026-03-06, amount: 300.00, method: cash }\n"),
            "invoices/INV-0003.yaml": invoiceFile(issued: "2026-03-03", sent: "2026-03-03", due: "2026-03-20", items: eur, "currency: EUR\n"),
        ])
        let report = try book.report(today: "2026-04-10")
        #expect(report.dashboard.map(\.currency.code) == ["EUR", "USD"])
        let eurDash = report.dashboard[0], usdDash = report.dashboard[1]
        #expect(eurDash.outstanding == Money(170_000, Currency.named("EUR")!))
        #expect(eurDash.overdue == Money(100_000, Currency.named("EUR")!))
        #expect(eurDash.paidThisMonth.minorUnits == 0)
        #expect(usdDash.outstanding == Money(15_000, Currency.named("USD")!))
        #expect(usdDash.overdue == Money(15_000, Currency.named("USD")!))
        #expect(report.clients.map { "\($0.currency!.code) \($0.invoiced) \($0.paid) \($0.outstanding) \($0.documents)" }
            == ["EUR 200000 30000 170000 2", "USD 20000 5000 15000 1"])
        #expect(report.agedReceivables.map { "\($0.currency.code) \($0.total.buckets) \($0.total.total)" }
            == ["EUR [70000, 100000, 0, 0, 0] 170000", "USD [0, 15000, 0, 0, 0] 15000"])
        #expect(report.incomeByMonth.map { "\($0.currency.code) \($0.total)" } == ["EUR 30000", "USD 5000"])
        #expect(report.tax.map { "\($0.currency.code) \($0.years.map(\.taxable))" } == ["EUR [200000]", "USD [20000]"])
        // The rendered totals show each currency on its own.
        let text = report.text()
        #expect(text.contains("€1,700.00 (2)") && text.contains("$150.00 (1)"))
        #expect(!text.contains("1,850") && !text.contains("18,650"))
        // The currency filter keeps one currency everywhere.
        let usdOnly = try ScratchBook([
            "invoices/INV-0001.yaml": invoiceFile(issued: "2026-03-01", sent: "2026-03-01"),
            "invoices/INV-0002.yaml": invoiceFile(issued: "2026-03-02", sent: "2026-03-02", items: eur, "currency: EUR\n"),
        ]).report(today: "2026-04-10", filter: IndexReport.Filter(currency: Currency.named("USD")))
        #expect(usdOnly.invoices.map(\.number) == ["INV-0001"])
        #expect(usdOnly.dashboard.map(\.currency.code) == ["USD"])
        #expect(usdOnly.clients.allSatisfy { $0.currency?.code == "USD" })
    }

    /// In every example book, each section's figures of one currency add up from that currency's invoices alone.
    @Test(arguments: ["contractor", "musician", "studio", "wholesale"])
    func exampleTotalsAddUpPerCurrency(_ name: String) throws {
        let report = try loadReport(at: Paths.examples.appendingPathComponent(name).path, today: "2026-11-21")
        // Every invoice row adds up: claimed - credited - paid + refunded = open.
        for row in report.invoices {
            #expect(row.claimed.minorUnits - row.credited.minorUnits - row.paid.minorUnits + row.refunded.minorUnits == row.balance.minorUnits,
                    "\(name) \(row.number)")
        }
        for entry in report.dashboard {
            // What clients owe net of what is owed back: every issued invoice's open figure.
            let issued = report.invoices.filter { $0.total.currency == entry.currency && $0.status != .draft }
            #expect(entry.outstanding.minorUnits == issued.map(\.balance.minorUnits).reduce(0, +))
            #expect(entry.owedBack.minorUnits == issued.map { max(0, -$0.balance.minorUnits) }.reduce(0, +))
            let clients = report.clients.filter { $0.currency == entry.currency }
            #expect(entry.outstanding.minorUnits == clients.map(\.outstanding).reduce(0, +))
            #expect(clients.allSatisfy { $0.invoiced - $0.paid == $0.outstanding }, "exact to the cent")
            let open = report.invoices.filter { $0.total.currency == entry.currency && [.sent, .partial, .overdue].contains($0.status) }
            let aging = report.agedReceivables.first { $0.currency == entry.currency }
            #expect(open.map(\.balance.minorUnits).reduce(0, +) == (aging?.total.total ?? 0))
        }
        for income in report.incomeByMonth {
            let paid = report.invoices.filter { $0.paid.currency == income.currency }.map { $0.paid.minorUnits - $0.refunded.minorUnits }.reduce(0, +)
            #expect(income.total == paid)
            #expect(report.incomeByCategory.first { $0.currency == income.currency }?.total == paid)
            #expect(report.incomeByProject.first { $0.currency == income.currency }?.total == paid)
        }
        #expect(!report.overflowed)
    }

    @Test func musicianBookHasThreeCurrencies() throws {
        let report = try loadReport(at: Paths.examples.appendingPathComponent("musician").path, today: "2026-11-21")
        #expect(report.dashboard.map(\.currency.code) == ["GBP", "JPY", "USD"])
    }
}

@Suite struct AgingTests {
    @Test func bucketEdges() {
        let cases: [(Int, IndexReport.AgeBucket)] = [
            (-5, .current), (0, .current), (1, .days1to30), (30, .days1to30), (31, .days31to60), (60, .days31to60),
            (61, .days61to90), (90, .days61to90), (91, .over90), (4000, .over90),
        ]
        for (days, bucket) in cases { #expect(IndexReport.AgeBucket.of(daysPastDue: days) == bucket, "\(days) days") }
    }

    /// Invoices due exactly 0, 1, 30, 31, 60, 61, 90 and 91 days before today land in their buckets.
    @Test func invoicesAtTheEdgesOfEachBucket() throws {
        let today = Day("2026-12-31")!
        let ages = [0, 1, 30, 31, 60, 61, 90, 91]
        var files: [String: String] = [:]
        for (index, age) in ages.enumerated() {
            let due = today.adding(days: -age)
            let items = "  - { description: Work, price: \(index + 1)00.00 }\n"
            files["invoices/INV-000\(index + 1).yaml"] = invoiceFile(issued: "2026-01-0\(index + 1)", sent: "2026-01-0\(index + 1)",
                                                                     due: due.description, items: items)
        }
        let report = try ScratchBook(files).report(today: today.description)
        let total = try #require(report.agedReceivables.first).total
        // current: 100 (age 0); 1-30: 200 + 300; 31-60: 400 + 500; 61-90: 600 + 700; over 90: 800.
        #expect(total.buckets == [10_000, 50_000, 90_000, 130_000, 80_000])
        #expect(total.total == 360_000)
        #expect(report.invoices.first { $0.number == "INV-0001" }?.status == .sent)
        #expect(report.invoices.first { $0.number == "INV-0002" }?.daysPastDue == 1)
    }
}

@Suite struct AttributionTests {
    @Test func splitAddsUpExactly() {
        #expect(Attribution.split(100, weights: [1, 1, 1]) == [34, 33, 33])
        #expect(Attribution.split(1, weights: [1, 1]) == [1, 0])
        #expect(Attribution.split(0, weights: [5, 7]) == [0, 0])
        #expect(Attribution.split(500, weights: [0, 0]) == [500, 0])
        #expect(Attribution.split(1000, weights: [1, 2, 7]) == [100, 200, 700])
        #expect(Attribution.split(10, weights: [3, 3, 3, 1]) == [3, 3, 3, 1])
        #expect(Attribution.split(Int64.max, weights: [Int64.max, Int64.max]) == [Int64.max / 2 + 1, Int64.max / 2])
        // A deterministic pseudo-random sweep: the parts always sum to the amount and stay within one unit of the exact share.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: UInt64) -> Int64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int64((seed >> 33) % bound)
        }
        for _ in 0..<2000 {
            let weights = (0..<(1 + next(6))).map { _ in next(1_000_000) }
            let amount = next(10_000_000)
            let parts = Attribution.split(amount, weights: weights)
            #expect(parts.reduce(0, +) == amount)
            let sum = weights.reduce(0, +)
            guard sum > 0 else { continue }
            for (part, weight) in zip(parts, weights) {
                let exact = Double(amount) * Double(weight) / Double(sum)
                #expect(abs(Double(part) - exact) < 1.0001)
            }
        }
    }

    /// Lines of two categories at two tax rates, a fixed discount and a part payment.
    @Test func categoriesOfAnInvoiceAddUpToWhatWasPaid() throws {
        let items = """
              - { description: Show, price: 333.33, category: Concert }
              - { description: Travel, price: 100.00, category: Travel, tax: 0% }
              - { description: Rehearsal, price: 66.67, category: Concert }
              - { description: Misc, price: 10.01 }

            """
        let book = ScratchBook([
            "invoices/INV-0001.yaml": invoiceFile(issued: "2026-03-01", sent: "2026-03-01", items: items,
                                                  "category: Other\ntax: 7.7%\ndiscount: 33.33\npayments:\n"
                                                    + "  - { date: 2026-03-05, amount: 100.01, method: cash }\n"
                                                    + "  - { date: 2026-03-09, amount: 77.77, method: cash }\n"),
        ])
        let result = try BookChecker.check(at: book.root)
        defer { try? FileManager.default.removeItem(atPath: book.root) }
        let document = try #require(result.book.invoices.first)
        let figures = try #require(document.figures)
        // By hand: groups 0% (net 100.00) and 7.7% (net 410.01); the 33.33 discount splits 6.54 / 26.79 (largest
        // remainder); taxable 93.46 and 383.22, tax 29.51 (383.22 x 7.7% = 29.50794); total 506.19.
        #expect(figures.total == 50_619)
        // The 7.7% gross 412.73 over lines 333.33, 66.67, 10.01 gives 335.54, 67.11, 10.08 (the one missing cent goes to
        // the largest remainder, Misc); Concert = 335.54 + 67.11 = 402.65, Travel = 93.46, Other = 10.08.
        let shares = Attribution.categoryShares(of: document)
        #expect(shares.map(\.category) == ["Concert", "Travel", "Other"])
        #expect(shares.map(\.amount) == [40_265, 9_346, 1_008])
        // 177.78 received over 402.65 / 93.46 / 10.08: 141.4159 / 32.8243 / 3.5402, floors 141.41 / 32.82 / 3.54, and the
        // missing cent to Concert (largest remainder).
        let received = Attribution.attribute(17_778, of: document)
        #expect(received.map(\.amount) == [14_142, 3_282, 354])

        let report = IndexReport(book: result.book, today: Day("2026-03-31")!)
        let byCategory = try #require(report.incomeByCategory.first)
        #expect(byCategory.total == 17_778)
        #expect(byCategory.entries.map { "\($0.name ?? "-") \($0.amount)" } == ["Concert 14142", "Travel 3282", "Other 354"])
        // Before the second payment only 100.01 had come in.
        let earlier = IndexReport(book: result.book, today: Day("2026-03-08")!)
        #expect(earlier.incomeByCategory.first?.entries.map(\.amount).reduce(0, +) == 10_001)
    }

    /// Every invoice of the example books: the category shares add up to the total, and paid in full each
    /// category receives exactly its share.
    @Test(arguments: ["contractor", "musician", "studio", "wholesale"])
    func exampleInvoicesAttributeExactly(_ name: String) throws {
        let result = try BookChecker.check(at: Paths.examples.appendingPathComponent(name).path)
        for document in result.book.invoices {
            let figures = try #require(document.figures)
            let shares = Attribution.categoryShares(of: document)
            #expect(shares.map(\.amount).reduce(0, +) == figures.total, "\(document.number)")
            #expect(Attribution.attribute(figures.total, of: document).map(\.amount) == shares.map(\.amount))
        }
    }

    /// The musician's INV-0005: show fees and rehearsals are Concert, per diem, travel days and cartage are Travel.
    @Test func musicianTourInvoiceSplitsByLineCategory() throws {
        let result = try BookChecker.check(at: Paths.examples.appendingPathComponent("musician").path)
        let tour = try #require(result.book.document("INV-0005"))
        let shares = Attribution.categoryShares(of: tour)
        // Concert: 3 x 200 + 12 x 350 = 4800.00; Travel: 14 x 45 + 3 x 150 + 186.40 = 1266.40; no tax, no discount.
        #expect(shares.map(\.category) == ["Concert", "Travel"])
        #expect(shares.map(\.amount) == [480_000, 126_640])
    }
}

@Suite struct ContentTests {
    @Test func documentsIssuedAfterTodayAreLeftOutAndCounted() throws {
        let report = try loadReport(at: Paths.examples.appendingPathComponent("contractor").path, today: "2026-06-30")
        #expect(!report.invoices.contains { $0.issued > Day("2026-06-30")! })
        #expect(report.notYetIssued == 7)  // INV-0009 to INV-0012, EST-0005 to EST-0007
    }

    @Test func statusFilterSelectsDocuments() throws {
        let report = try loadReport(at: Paths.examples.appendingPathComponent("contractor").path, today: "2026-11-21",
                                    filter: IndexReport.Filter(status: .paid))
        #expect(!report.invoices.isEmpty && report.invoices.allSatisfy { $0.status == .paid })
        #expect(report.estimates.isEmpty)
        #expect(report.dashboard.allSatisfy { $0.outstanding.minorUnits == 0 })
    }

    @Test func clientFilterSelectsOneClient() throws {
        let report = try loadReport(at: Paths.examples.appendingPathComponent("contractor").path, today: "2026-11-21",
                                    filter: IndexReport.Filter(client: "chen"))
        #expect(report.invoices.allSatisfy { $0.clientID == "chen" })
        #expect(report.clients.map(\.id) == ["chen"])
    }

    @Test func voidInvoicesCountInNoTotal() throws {
        let report = try loadReport(at: Paths.examples.appendingPathComponent("contractor").path, today: "2026-11-21")
        let void = try #require(report.invoices.first { $0.number == "INV-0003" })
        #expect(void.status == .void && void.balance.minorUnits == 0)
        let chen = try #require(report.clients.first { $0.id == "chen" })
        let billed = report.invoices.filter { $0.clientID == "chen" && $0.status != .void }
        #expect(chen.invoiced == billed.map(\.total.minorUnits).reduce(0, +))
        #expect(chen.documents == 5)  // INV-0003 (void), INV-0004, INV-0009, EST-0003, EST-0005
    }

    @Test func archivedClientIsMarked() throws {
        let report = try loadReport(at: Paths.examples.appendingPathComponent("studio").path, today: "2026-11-21")
        #expect(report.clients.first { $0.id == "seidl" }?.archived == true)
        #expect(report.clients.filter(\.archived).count == 1)
        let before = try loadReport(at: Paths.examples.appendingPathComponent("studio").path, today: "2026-06-29")
        #expect(before.clients.first { $0.id == "seidl" }?.archived == false)
    }

    @Test func percentAndNiceStep() {
        #expect(IndexReport.percent(1, of: 3) == "33%")
        #expect(IndexReport.percent(1, of: 2) == "50%")
        #expect(IndexReport.percent(2, of: 3) == "67%")
        #expect(IndexReport.niceStep(for: 3934) == 1000)
        #expect(IndexReport.niceStep(for: 4800) == 1000)
        #expect(IndexReport.niceStep(for: 5200) == 2000)
        #expect(IndexReport.niceStep(for: 120_000) == 25000)
        #expect(IndexReport.niceStep(for: 7) == 2)
    }
}

@Suite struct VoidAfterPaymentTests {
    /// Money received before a void stays income, and the invoice shows it as owed back.
    @Test func receivedMoneyStaysIncomeAndShowsAsARefundOwed() throws {
        let book = ScratchBook([
            "invoices/INV-0001.yaml": invoiceFile(issued: "2026-03-01", sent: "2026-03-01",
                                                  "payments:\n  - { date: 2026-03-05, amount: 40.00, method: card }\nvoid: { date: 2026-03-20, reason: Issued twice }\n"),
        ])
        let report = try book.report(today: "2026-03-31")
        #expect(report.incomeByMonth.first?.total == 4000)
        let row = try #require(report.invoices.first)
        #expect(row.refundOwed.minorUnits == 4000)
        // One figure: the account's open balance is what is owed back, and the row adds up
        // (issue 37: the index said the client owed nothing, or the void invoice's total).
        #expect(row.balance.minorUnits == -4000)
        #expect(row.claimed.minorUnits - row.credited.minorUnits - row.paid.minorUnits + row.refunded.minorUnits == row.balance.minorUnits)
        #expect(report.clients.first?.outstanding == -4000, "the statement's balance")
        #expect(report.dashboard.first?.owedBack.minorUnits == 4000)
        #expect(report.text().contains("void, refund owed $40.00"))
        #expect(report.html().contains("refund owed $40.00"))
        #expect(report.csv().contains(",40.00,"))
    }
}
