import Foundation
import InvoicBook
import InvoicLedger
import InvoicMoney
import InvoicTestSupport
import Testing

/// The journals of the example books, read by the real tools: hledger (Debian's) and Beancount
/// (bean-check and bean-query, PyPI's, in the test venv). What they add up must be what invoic
/// itself says: the receivables per client from each invoice's account, the turnover and the VAT
/// per rate from the VAT return.
@Suite(.serialized) struct JournalToolTests {
    static let books = ["studio", "wholesale", "musician", "contractor"]

    /// Balances by account and currency, in minor units.
    typealias Balances = [String: [String: Int64]]

    /// What invoic says the balances must be.
    static func expected(_ book: Book) -> Balances {
        var balances: Balances = [:]
        func add(_ account: String, _ currency: Currency, _ amount: Int64) {
            balances[account, default: [:]][currency.code, default: 0] += amount
        }
        var posted: Set<String> = []
        for invoice in book.invoices where LedgerScope.counts(invoice, in: book) {
            guard let account = book.account(of: invoice, through: .distantFuture) else { continue }
            add("Assets:Receivable:" + Journal.component(invoice.client.value), account.currency, account.balance)
            for entry in account.entries where entry.kind == .credit { posted.insert(entry.document ?? "") }
        }
        for note in book.creditNotes where LedgerScope.counts(note, in: book) && !posted.contains(note.number) {
            guard let figures = note.figures else { continue }
            add("Assets:Receivable:" + Journal.component(note.client.value), figures.currency, -figures.payable + figures.paid)
        }
        let always = Period(from: Day("1900-01-01")!, to: .distantFuture, name: "all")
        for section in VATReturn(book: book, period: always, basis: .accrual).sections {
            for row in section.sales {
                add("turnover", section.currency, -row.taxable)
                if row.tax != 0 {
                    add("Liabilities:VAT:Output:" + row.taxRate.rate.description.replacingOccurrences(of: "%", with: "").replacingOccurrences(of: ".", with: "-"),
                        section.currency, -row.tax)
                }
            }
        }
        return balances
    }

    /// The tools' balances, turnover being every income account but fees, interest and rounding.
    static func compare(_ actual: Balances, with expected: Balances, tool: String, book: String) {
        var folded: Balances = [:]
        for (account, amounts) in actual {
            let key: String
            if account.hasPrefix("Income:") {
                guard !["Income:ReminderFees", "Income:Interest", "Income:Rounding"].contains(account) else { continue }
                key = "turnover"
            } else if account.hasPrefix("Assets:Receivable:") || account.hasPrefix("Liabilities:VAT:") {
                key = account
            } else {
                continue
            }
            for (currency, amount) in amounts { folded[key, default: [:]][currency, default: 0] += amount }
        }
        func nonZero(_ balances: Balances) -> Balances {
            balances.mapValues { $0.filter { $0.value != 0 } }.filter { !$0.value.isEmpty }
        }
        #expect(nonZero(folded) == nonZero(expected), "\(tool) on examples/\(book)")
    }

    static func minor(_ text: String, _ code: String) -> Int64? {
        guard let currency = Currency.named(code), case .success(let number) = DecimalNumber.parse(text.trimmingCharacters(in: .whitespaces)) else { return nil }
        return number.minorUnits(in: currency)
    }

    static func csvRows(_ text: String) -> [[String]] {
        text.split(whereSeparator: \.isNewline).dropFirst().map { line in
            line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) }
        }
    }

    @Test(arguments: books) func hledgerChecksAndAddsUpTheJournal(_ name: String) throws {
        let hledger = try #require(Ledger.tool("hledger"), "hledger is not installed: scripts/install-deps.sh installs it")
        let book = try Ledger.example(name)
        let output = try Ledger.invoic(["export-journal", "-C", Ledger.examples.appendingPathComponent(name).path, "--format", "hledger"])
        #expect(output.status == 0, "\(output.stderr)")
        let file = try Ledger.temporaryFile("\(name).journal", output.stdout)
        let check = try runProcess(hledger, ["-f", file.path, "check", "--strict", "ordereddates", "payees", "uniqueleafnames"])
        #expect(check.status == 0, "hledger check: \(check.stderr)")
        let balance = try runProcess(hledger, ["-f", file.path, "bal", "-N", "-O", "csv", "--layout=bare"])
        #expect(balance.status == 0, "hledger bal: \(balance.stderr)")
        var actual: Balances = [:]
        for row in Self.csvRows(balance.stdout) where row.count == 3 {
            actual[row[0], default: [:]][row[1]] = try #require(Self.minor(row[2], row[1]), "\(row)")
        }
        // Accounts whose leaf another shares carry their parent (`Liabilities:Advances:Advances-Bergen-Skole`,
        // onlyTheClashingLeavesAreQualified); the figures are compared under the names written.
        let names = Journal(book: book, purchases: Purchases(book: book)).accountNames()
        Self.compare(actual, with: Dictionary(uniqueKeysWithValues: Self.expected(book).map { (names[$0.key] ?? $0.key, $0.value) }), tool: "hledger", book: name)
        // Everything balances: the journal as a whole adds up to zero in each currency.
        let total = try runProcess(hledger, ["-f", file.path, "bal", "-N", "-O", "csv", "--layout=bare", "--depth", "0"])
        for row in Self.csvRows(total.stdout) where row.count == 3 { #expect(Self.minor(row[2], row[1]) == 0, "\(row)") }
    }

    @Test(arguments: books) func beancountChecksAndQueriesTheJournal(_ name: String) throws {
        let check = Ledger.venv.appendingPathComponent("bean-check"), query = Ledger.venv.appendingPathComponent("bean-query")
        try #require(FileManager.default.isExecutableFile(atPath: query.path), "no bean-query: run `make einvoice-check`")
        let book = try Ledger.example(name)
        let output = try Ledger.invoic(["export-journal", "-C", Ledger.examples.appendingPathComponent(name).path, "--format", "beancount"])
        #expect(output.status == 0, "\(output.stderr)")
        let file = try Ledger.temporaryFile("\(name).beancount", output.stdout)
        let checked = try runProcess(check, [file.path])
        #expect(checked.status == 0 && checked.stdout.isEmpty, "bean-check: \(checked.stdout)\(checked.stderr)")
        let sums = try runProcess(query, ["-f", "csv", file.path, "SELECT account, currency, sum(number) AS total GROUP BY account, currency ORDER BY account, currency"])
        #expect(sums.status == 0, "bean-query: \(sums.stderr)")
        var actual: Balances = [:]
        for row in Self.csvRows(sums.stdout) where row.count == 3 {
            actual[row[0], default: [:]][row[1]] = try #require(Self.minor(row[2], row[1]), "\(row)")
        }
        let names = Journal(book: book, purchases: Purchases(book: book)).accountNames()
        Self.compare(actual, with: Dictionary(uniqueKeysWithValues: Self.expected(book).map { (names[$0.key] ?? $0.key, $0.value) }), tool: "bean-query", book: name)
    }

    /// The same book gives the same bytes, and a `--since` export appended to the journal of the
    /// days before gives a journal the tools read to the same balances as the whole export.
    @Test(arguments: ["studio", "wholesale"]) func sinceAppendsCleanly(_ name: String) throws {
        let hledger = try #require(Ledger.tool("hledger"))
        let book = try Ledger.example(name)
        let journal = Journal(book: book)
        for format in Journal.Format.allCases { #expect(journal.render(format) == Journal(book: book).render(format)) }
        let cut = Day("2026-06-01")!
        let before = Period(from: Day("1900-01-01")!, to: cut.adding(days: -1), name: "before")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for format in Journal.Format.allCases {
            let file = folder.appendingPathComponent("book.\(format.rawValue)")
            try journal.render(format, period: before).write(to: file, atomically: true, encoding: .utf8)
            let appended = try Ledger.invoic(["export-journal", "-C", Ledger.examples.appendingPathComponent(name).path, "--format", format.rawValue,
                                              "--since", cut.description, "-o", file.path])
            #expect(appended.status == 0, "\(appended.stderr)")
            // Again with the same --since: the file already has those days, so it is refused, untouched.
            let length = try Data(contentsOf: file).count
            let again = try Ledger.invoic(["export-journal", "-C", Ledger.examples.appendingPathComponent(name).path, "--format", format.rawValue,
                                           "--since", cut.description, "-o", file.path])
            #expect(again.status == 2 && again.stderr.contains("already has transactions"))
            #expect(try Data(contentsOf: file).count == length)
            let whole = folder.appendingPathComponent("whole.\(format.rawValue)")
            try journal.render(format).write(to: whole, atomically: true, encoding: .utf8)
            switch format {
            case .hledger:
                let ordered = try runProcess(hledger, ["-f", file.path, "check", "--strict", "ordereddates", "payees", "uniqueleafnames"])
                #expect(ordered.status == 0, "hledger check: \(ordered.stderr)")
                let split = try runProcess(hledger, ["-f", file.path, "bal", "-N", "-O", "csv", "--layout=bare"])
                let full = try runProcess(hledger, ["-f", whole.path, "bal", "-N", "-O", "csv", "--layout=bare"])
                // hledger lists declared accounts in the order they are declared, and the appended
                // part declares the accounts first used after the cut: compare the rows as a set.
                func rows(_ text: String) -> [Substring] { text.split(separator: "\n").sorted() }
                #expect(split.status == 0 && rows(split.stdout) == rows(full.stdout), "\(split.stderr)")
            case .beancount:
                let check = try runProcess(Ledger.venv.appendingPathComponent("bean-check"), [file.path])
                #expect(check.status == 0 && check.stdout.isEmpty, "bean-check: \(check.stdout)\(check.stderr)")
                let query = "SELECT account, currency, sum(number) AS total GROUP BY account, currency ORDER BY account, currency"
                let split = try runProcess(Ledger.venv.appendingPathComponent("bean-query"), ["-f", "csv", file.path, query])
                let full = try runProcess(Ledger.venv.appendingPathComponent("bean-query"), ["-f", "csv", whole.path, query])
                #expect(split.stdout == full.stdout)
            }
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// A period's journal stands on its own: Beancount finds every account it uses opened.
    @Test func aPeriodsJournalChecks() throws {
        let output = try Ledger.invoic(["export-journal", "-C", Ledger.examples.appendingPathComponent("studio").path, "--format", "beancount",
                                        "--period", "2026-Q4"])
        #expect(output.status == 0, "\(output.stderr)")
        let file = try Ledger.temporaryFile("q4.beancount", output.stdout)
        let checked = try runProcess(Ledger.venv.appendingPathComponent("bean-check"), [file.path])
        #expect(checked.status == 0 && checked.stdout.isEmpty, "bean-check: \(checked.stdout)\(checked.stderr)")
        #expect(!output.stdout.contains("2026-09-10 *"), "a transaction of Q3")
    }

    /// -o never replaces a file invoic did not write.
    @Test func outputKeepsTheUsersFiles() throws {
        let file = try Ledger.temporaryFile("mine.journal", "2026-01-01 opening balances\n    Assets:Bank  100 EUR\n    Equity:Opening\n")
        let output = try Ledger.invoic(["export-journal", "-C", Ledger.examples.appendingPathComponent("studio").path, "--format", "hledger", "-o", file.path])
        #expect(output.status == 2 && output.stderr.contains("was not written by invoic export-journal"))
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("2026-01-01 opening balances"))
    }

    /// Every kind of fact on one small book: a deposit, a payment, a reminder fee and interest, a
    /// void after a part payment, a credit note refunded, a USD invoice with its rate to EUR. Both
    /// tools accept the journal and add up to invoic's own accounts.
    @Test func everyKindOfFactReachesBothTools() throws {
        let hledger = try #require(Ledger.tool("hledger"))
        let test = TestBook([
            "invoices/INV-0001.yaml": invoice(issued: "2026-03-01", """
                sent: 2026-03-01
                due: 2026-03-15
                category: design
                payments:
                  - { date: 2026-02-20, amount: 50.00, method: bank_transfer, deposit: true }
                  - { date: 2026-04-10, amount: 100.00, method: bank_transfer }
                reminders:
                  - { date: 2026-04-01, level: 1, fee: 5.00, interest: 1.23 }

                """),
            "invoices/INV-0002.yaml": invoice(issued: "2026-03-02", """
                sent: 2026-03-02
                payments:
                  - { date: 2026-03-05, amount: 20.00, method: cash }
                void: { date: 2026-03-20, reason: Ordered twice }

                """),
            "invoices/INV-0003.yaml": invoice(issued: "2026-03-03", "sent: 2026-03-03\npayments:\n  - { date: 2026-03-10, amount: 238.00, method: bank_transfer }\n"),
            "credit-notes/CN-0001.yaml": "client: acme\nissued: 2026-03-12\nsent: 2026-03-12\ncorrects: INV-0003\nreason: One hour less\nitems:\n  - { description: Design, price: 100.00 }\nrefunds:\n  - { date: 2026-03-14, amount: 119.00, method: bank_transfer }\n",
            "invoices/INV-0004.yaml": invoice(issued: "2026-03-04", "sent: 2026-03-04\ncurrency: USD\ntax_currency: { code: EUR, rate: 0.9 }\n"),
        ], settings: "business: { name: Test GmbH }\ndefaults: { currency: EUR, locale: de_DE, tax: 19%, terms: 14 }\n")
        defer { test.remove() }
        let checked = test.checkKeeping()
        #expect(checked.diagnostics.filter { $0.severity == .error }.isEmpty, "\(checked.diagnostics.map(\.message))")
        let journal = Journal(book: checked.book)
        let kinds = Set(journal.transactions.map(\.kind.rawValue))
        #expect(kinds == ["invoice", "payment", "reminder-fee", "interest", "void", "credit-note", "refund"])
        #expect(journal.render(.hledger).contains("P 2026-03-04 USD 0.9 EUR"))
        #expect(journal.render(.beancount).contains("2026-03-04 price USD 0.9 EUR"))
        #expect(journal.render(.hledger).contains("Income:Design"))
        let expected = Self.expected(checked.book)
        let ledgerFile = try Ledger.temporaryFile("facts.journal", journal.render(.hledger))
        #expect(try runProcess(hledger, ["-f", ledgerFile.path, "check", "uniqueleafnames"]).status == 0)
        var actual: Balances = [:]
        for row in Self.csvRows(try runProcess(hledger, ["-f", ledgerFile.path, "bal", "-N", "-O", "csv", "--layout=bare"]).stdout) where row.count == 3 {
            actual[row[0], default: [:]][row[1]] = Self.minor(row[2], row[1])
        }
        // Receivables as they are; turnover and VAT with the USD invoice at its stated 0.9, as the
        // return counts it (38.00 USD of VAT -> 34.20 EUR). The deposit opened Liabilities:Advances:Acme,
        // so both of Acme's accounts say which they are.
        #expect(actual["Assets:Receivable:Receivable-Acme"] == expected["Assets:Receivable:Acme"])
        #expect(actual["Liabilities:VAT:Output:19"] == ["EUR": -5700, "USD": -3800])
        #expect(expected["Liabilities:VAT:Output:19"] == ["EUR": -5700 - 3420])
        #expect(actual["Income:Design"] == ["EUR": -20000] && expected["turnover"] == ["EUR": -20000 - 10000 - 18000])
        let beanFile = try Ledger.temporaryFile("facts.beancount", journal.render(.beancount))
        let beanCheck = try runProcess(Ledger.venv.appendingPathComponent("bean-check"), [beanFile.path])
        #expect(beanCheck.status == 0 && beanCheck.stdout.isEmpty, "\(beanCheck.stdout)\(beanCheck.stderr)")
        // The voided invoice: its whole claim of 238.00 is cancelled (with its VAT); the 20.00
        // received stays on the account as a refund owed.
        let void = try #require(journal.transactions.first { $0.kind == .void })
        #expect(void.postings.first?.amount == -23800)
        #expect(actual["Assets:Receivable:Receivable-Acme"]?["EUR"] == 7423)
    }

    /// Every transaction of every example balances to the minor unit in its currency.
    @Test(arguments: books) func everyTransactionBalances(_ name: String) throws {
        for transaction in Journal(book: try Ledger.example(name)).transactions {
            #expect(transaction.postings.reduce(0) { $0 + $1.amount } == 0, "\(transaction.document) \(transaction.kind)")
            #expect(Set(transaction.postings.map(\.currency)).count == 1)
        }
    }
}

/// The VAT returns and EC Sales Lists of the studio (Austria, EUR) and the wholesaler (Sweden,
/// SEK), checked by hand once (docs/accounting.md shows the sums) and kept as golden files.
@Suite struct LedgerGoldenTests {
    static let cases: [(book: String, arguments: [String], file: String)] = [
        ("studio", ["report", "vat", "--period", "2026-Q4", "--form", "at-u30"], "studio-vat-2026-Q4.txt"),
        ("studio", ["report", "vat", "--period", "2026", "--basis", "cash", "--form", "at-u30"], "studio-vat-2026-cash.txt"),
        ("studio", ["report", "vat", "--period", "2026-Q4", "--form", "de-ustva", "--format", "csv"], "studio-vat-2026-Q4-ustva.csv"),
        ("studio", ["report", "ec-sales", "--period", "2026-Q4"], "studio-ec-sales-2026-Q4.csv"),
        ("studio", ["report", "ec-sales", "--period", "2026-Q4", "--format", "json"], "studio-ec-sales-2026-Q4.json"),
        ("wholesale", ["report", "vat", "--period", "2026"], "wholesale-vat-2026.txt"),
        ("wholesale", ["report", "vat", "--period", "2026", "--format", "json"], "wholesale-vat-2026.json"),
        // Cash basis with amounts due rounded to whole kronor: the öre rounding is no turnover, so
        // the paid invoices come to their accrual figures (the unpaid export is missing).
        ("wholesale", ["report", "vat", "--period", "2026", "--basis", "cash"], "wholesale-vat-2026-cash.txt"),
        ("wholesale", ["report", "ec-sales", "--period", "2026-Q2"], "wholesale-ec-sales-2026-Q2.csv"),
        ("studio", ["export-journal", "--format", "hledger", "--period", "2026-Q4"], "studio-2026-Q4.journal"),
        ("wholesale", ["export-journal", "--format", "beancount"], "wholesale.beancount"),
    ]

    @Test(arguments: cases.indices) func matchesTheGoldenFile(_ index: Int) throws {
        let entry = Self.cases[index]
        let output = try Ledger.invoic(entry.arguments + ["-C", Ledger.examples.appendingPathComponent(entry.book).path])
        #expect(output.status == 0, "\(output.stderr)")
        try expectGolden(output.stdout, at: Ledger.fixtures.appendingPathComponent(entry.file))
    }

    @Test func theHTMLReturnIsAPage() throws {
        let output = try Ledger.invoic(["report", "vat", "--period", "2026", "--format", "html", "--form", "at-u30", "-C", Ledger.examples.appendingPathComponent("studio").path])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("<!DOCTYPE html>") && output.stdout.contains("<th scope=\"row\">022</th>"))
        // axe-core (WCAG 2.2 A/AA and best practices) in headless Chromium, as the index report is audited.
        let page = try Ledger.temporaryFile("vat.html", output.stdout)
        let audit = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", Ledger.repository.appendingPathComponent("scripts/a11y-audit.py").path, page.path])
        #expect(audit.status == 0, "\(audit.stdout)\(audit.stderr)")
    }

    @Test func usageErrorsExitTwo() throws {
        let studio = Ledger.examples.appendingPathComponent("studio").path
        for arguments in [["report", "vat", "--period", "2026-Q5"], ["report", "vat", "--period", "2026", "--form", "fr-ca3"],
                          ["report", "ec-sales", "--period", "2026", "--format", "xml"], ["export-journal", "--format", "ledger"]] {
            let output = try Ledger.invoic(arguments + ["-C", studio])
            #expect(output.status == 2, "\(arguments)")
        }
    }
}
