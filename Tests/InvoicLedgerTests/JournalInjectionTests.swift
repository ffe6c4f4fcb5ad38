import Foundation
import InvoicBook
import InvoicLedger
import InvoicMoney
import InvoicTestSupport
import Testing

/// Issue 38, point 5: what a client, a supplier or a received invoice calls itself goes into the
/// journals other programs read. A book whose business name, client name and invoice category,
/// and purchases whose supplier, supplier name, number and file name each carry one attack, is
/// exported and read by the real hledger and Beancount: they must accept it and add up to the
/// figures worked out by hand below, with no transaction, tag or account the book does not have
/// and no file read but the journal (a file the attacks `include` sits beside it and would change
/// the balances if read).
@Suite(.serialized) struct JournalInjectionTests {
    static let attacks: [String] = [
        // The issue's: a transaction of its own after the name, and a directive.
        "Kevin Chen\n2026-01-02 * injected\n    Assets:Injected  1000000 EUR\n    Equity:Injected\n",
        "Evil\ninclude evil.journal\ninclude \"evil.beancount\"\n",
        // hledger ends a line at a lone CR too; other readers at CRLF, NEL, U+2028 and U+2029.
        "Evil\rinclude evil.journal\r2026-01-03 * cr\r    Assets:Injected  7 EUR\r    Equity:Injected",
        "Evil\r\ninclude evil.journal\r\n",
        "Evil\u{85}include evil.journal\u{2028}include evil.journal\u{2029}include evil.journal",
        // Directives and line comments, had a line break got through.
        "x\naccount Assets:Injected\ncommodity 1.000,00 EUR\nP 2026-01-01 EUR 1000 USD\nY 2020\napply account Injected\nalias Assets=Injected\n; c\n# c\n* c\n% c\n| c\n",
        // Inside a line: a comment with tags, the payee|note split, virtual postings, the code's end.
        "Evil ; kind:injected, date:2030-01-01",
        "Evil | note (Assets:Injected) [Assets:Injected]",
        "Evil) 2030-01-01 ; date:2031-01-01",
        "Evil, file:injected, kind:injected",
        "Evil\tAssets:Injected  5 EUR",
        // A `;` or `|` with a combining mark is one Swift Character but still `;` to hledger.
        "Evil;\u{338} kind:injected |\u{338} note",
        // Beancount's string: a quote and a backslash that would end it or escape the closing one.
        "Evil\" \"x\" #injected ^injected\\",
        "Evil\\",
    ]

    /// `text` as a YAML double-quoted scalar, every character but printable ASCII escaped.
    static func yaml(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" {
                out += "\\" + String(scalar)
            } else if (0x20...0x7E).contains(scalar.value) {
                out.unicodeScalars.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        return out + "\""
    }

    /// The book and purchases carrying `attack`, and the balances they must give, by hand:
    /// 2 x 100.00 at 19% (200.00 + 38.00 VAT) of which 100.00 is paid; a purchase of 50.00 + 9.50
    /// VAT, paid. The book's reader refuses a CR, a NEL or a C1 control in a value
    /// (`invalid-utf8`); a received document's values, a template's or a future reader's may
    /// still hold one, so such an attack is put into the checked book's model instead.
    static func hostile(_ attack: String) throws -> (Journal, [String: Int64]) {
        func book(_ value: String) -> CheckedBook {
            TestBook([
                "invoices/INV-0001.yaml": invoice(issued: "2026-03-01", """
                    sent: 2026-03-01
                    category: \(yaml(value))
                    payments:
                      - { date: 2026-03-10, amount: 100.00, method: bank_transfer }

                    """),
            ], settings: "business:\n  name: \(yaml(value))\ndefaults: { currency: EUR, locale: de_DE, tax: 19%, terms: 14 }\n",
               clients: ["acme": "name: \(yaml(value))\n"]).check()
        }
        var checked = book(attack)
        let errors = checked.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            #expect(errors.allSatisfy { $0.code.description == "invalid-utf8" }, "\(errors.map(\.message))")
            checked = book("Placeholder")
            #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(checked.diagnostics.map(\.message))")
            var settings = checked.book.settings, clients = checked.book.clients, documents = checked.book.documents
            settings.business.name = attack
            clients["acme"]?.contact.name = attack
            let index = try #require(documents.firstIndex { $0.number == "INV-0001" })
            documents[index].category = attack
            checked.book = Book(root: checked.book.root, settings: settings, clients: clients, documents: documents, sources: checked.book.sources)
        }
        let book = checked.book
        // The book holds the attack as it is: nothing before the journal took it out.
        #expect(book.settings.business.name == attack && book.clients["acme"]?.contact.name == attack)
        #expect(book.invoices.first?.category == attack)
        let eur = Currency.named("EUR")!, file = "purchases/\(attack).yaml"
        var purchase = PurchaseTax(document: attack, file: file, supplier: attack, supplierName: attack, issued: Day("2026-03-03")!, currency: eur,
                                   taxRate: TaxRate(.standard, try Rate.parse("19%").get()), origin: .domestic, taxable: 5000, tax: 950)
        purchase.category = attack
        let payment = PurchasePayment(document: attack, file: file, supplier: attack, supplierName: attack, date: Day("2026-03-12")!,
                                      currency: eur, amount: 5950)
        let journal = Journal(book: book, purchases: Purchases(taxes: [purchase], payments: [payment]))
        let part = Journal.component(attack)
        // The category and the rate are leaves of two accounts each: both say which (uniqueleafnames).
        let expected: [String: Int64] = [
            "Assets:Receivable:Acme": 23800 - 10000, "Income:Income-\(part)": -20000, "Liabilities:VAT:Output:Output-19": -3800,
            "Assets:Bank": 10000 - 5950, "Expenses:Expenses-\(part)": 5000, "Assets:VAT:Input:Input-19": 950,
        ]
        return (journal, expected)
    }

    /// The journal in a folder of its own beside the files the attacks include, which would each
    /// add 1,000,000.00 EUR to Assets:Injected.
    static func folder(with name: String, _ text: String) throws -> URL {
        let file = try Ledger.temporaryFile(name, text)
        let folder = file.deletingLastPathComponent()
        try "2026-01-05 * included\n    Assets:Injected  1000000 EUR\n    Equity:Injected\n"
            .write(to: folder.appendingPathComponent("evil.journal"), atomically: true, encoding: .utf8)
        try "2026-01-01 open Assets:Injected\n2026-01-01 open Equity:Injected\n2026-01-05 * \"included\"\n  Assets:Injected  1000000 EUR\n  Equity:Injected\n"
            .write(to: folder.appendingPathComponent("evil.beancount"), atomically: true, encoding: .utf8)
        return file
    }

    @Test(arguments: attacks.indices) func hledgerReadsOnlyTheBook(_ index: Int) throws {
        let hledger = try #require(Ledger.tool("hledger"), "hledger is not installed: scripts/install-deps.sh installs it")
        let (journal, expected) = try Self.hostile(Self.attacks[index])
        let text = journal.render(.hledger)
        let file = try Self.folder(with: "book.journal", text)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        // Every line is one invoic wrote: a comment, a transaction's date, an indented tag line
        // or posting, or empty. No value ended a line.
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // A line is a comment, a posting, a transaction's date, or one of the declarations
            // `hledger check --strict` needs, whose names went through the same escaping.
            let ok = line.isEmpty || line.hasPrefix("; ") || line.hasPrefix("    ")
                || ["commodity ", "account ", "payee "].contains { line.hasPrefix($0) } || line.prefix(10).allSatisfy { $0.isNumber || $0 == "-" } && line.count > 10
            #expect(ok, "line \(line.debugDescription)")
            #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" })
        }
        let check = try runProcess(hledger, ["-f", file.path, "check", "--strict", "ordereddates", "payees", "uniqueleafnames"])
        #expect(check.status == 0, "hledger check: \(check.stderr)")
        let files = try runProcess(hledger, ["-f", file.path, "files"])
        #expect(files.stdout.split(separator: "\n") == [Substring(file.path)], "hledger read \(files.stdout)")
        let balance = try runProcess(hledger, ["-f", file.path, "bal", "-N", "-O", "csv", "--layout=bare"])
        #expect(balance.status == 0, "hledger bal: \(balance.stderr)")
        var actual: [String: Int64] = [:]
        for row in JournalToolTests.csvRows(balance.stdout) where row.count == 3 {
            #expect(row[1] == "EUR", "\(row)")
            actual[row[0]] = try #require(JournalToolTests.minor(row[2], row[1]), "\(row)")
        }
        #expect(actual == expected)
        // Four transactions (invoice, payment, purchase, its payment), with invoic's tags only.
        let printed = try runProcess(hledger, ["-f", file.path, "print"])
        #expect(printed.stdout.split(separator: "\n").filter { $0.first?.isNumber == true }.count == 4, "\(printed.stdout)")
        let tags = try runProcess(hledger, ["-f", file.path, "tags"])
        #expect(Set(tags.stdout.split(separator: "\n")) == ["document", "file", "kind"], "\(tags.stdout)")
        // The name is still there, on its one line, for the accountant to see.
        let payees = try runProcess(hledger, ["-f", file.path, "payees"])
        let words = Self.attacks[index].split { !$0.isLetter }.prefix(2).joined(separator: " ")
        #expect(payees.stdout.split(separator: "\n").contains { $0.split { !$0.isLetter }.prefix(2).joined(separator: " ") == words },
                "\(payees.stdout)")
    }

    @Test(arguments: attacks.indices) func beancountReadsOnlyTheBook(_ index: Int) throws {
        let check = Ledger.venv.appendingPathComponent("bean-check"), query = Ledger.venv.appendingPathComponent("bean-query")
        try #require(FileManager.default.isExecutableFile(atPath: query.path), "no bean-query: run `make einvoice-check`")
        let (journal, expected) = try Self.hostile(Self.attacks[index])
        let file = try Self.folder(with: "book.beancount", journal.render(.beancount))
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let checked = try runProcess(check, [file.path])
        #expect(checked.status == 0 && checked.stdout.isEmpty, "bean-check: \(checked.stdout)\(checked.stderr)")
        let sums = try runProcess(query, ["-f", "csv", file.path, "SELECT account, currency, sum(number) AS total GROUP BY account, currency ORDER BY account, currency"])
        #expect(sums.status == 0, "bean-query: \(sums.stderr)")
        var actual: [String: Int64] = [:]
        for row in JournalToolTests.csvRows(sums.stdout) where row.count == 3 {
            let amount = try #require(JournalToolTests.minor(row[2], row[1]), "\(row)")
            if amount != 0 { actual[row[0]] = amount }
        }
        #expect(actual == expected)
    }
}
