import Foundation
@testable import InvoicBook
import InvoicLedger
import InvoicMoney
import InvoicTestSupport
import Testing

/// The journal's accounts on small books whose figures are worked out by hand from the law's
/// rules in the comments (issue 40, points 9-11), read back by hledger.
@Suite(.serialized) struct JournalAccountsTests {
    static let settings = """
        business: { name: Test GmbH, tax_id: DE123456788, address: { street: Hauptstr. 1, city: Berlin, postal_code: "10115", country: DE } }
        defaults: { currency: EUR, locale: de_DE, tax: 19%, terms: 14 }

        """

    static func supplier(_ id: String, _ vatID: String?) -> Supplier {
        Supplier(id: id, file: "suppliers/\(id).yaml", name: id.capitalized, vatIDs: vatID.map { [$0] } ?? [], electronicAddresses: [], ibans: [],
                 category: nil, account: nil)
    }

    /// A received purchase with one tax group, as `invoic receive` records it.
    static func purchase(_ number: String, from supplier: String, issued: String, currency: String = "EUR", category: String, rate: String?,
                         taxable: String, tax: String, prepaid: String = "0", payments: [(String, String)] = []) -> Purchase {
        let code = Currency.named(currency)!
        func money(_ text: String) -> Money {
            guard case .success(let number) = DecimalNumber.parse(text) else { fatalError(text) }
            return Money(number.minorUnits(in: code)!, code)
        }
        let total = Money(money(taxable).minorUnits + money(tax).minorUnits, code)
        let rateValue: Rate? = rate.flatMap { if case .success(let value) = Rate.parse($0) { value } else { nil } }
        return Purchase(file: "purchases/2026/\(supplier)-\(number).yaml", supplier: supplier, supplierName: supplier.capitalized, number: number,
                        kind: .invoice, issued: Day(issued)!, due: nil, currency: code, net: money(taxable), tax: money(tax), total: total,
                        prepaid: money(prepaid), payable: Money(total.minorUnits - money(prepaid).minorUnits, code),
                        taxes: [.init(category: category, rate: rateValue, taxable: money(taxable), tax: money(tax))],
                        payments: payments.map { .init(date: Day($0.0)!, amount: money($0.1), method: "transfer", reference: nil, line: 1) },
                        source: "purchases/2026/\(supplier)-\(number).xml", sha256: "", findings: [])
    }

    static func book(_ files: [String: String], purchases: [Purchase] = [], suppliers: [Supplier] = []) throws -> Book {
        let test = TestBook(files, settings: settings)
        defer { test.remove() }
        var book = test.checkKeeping().book
        book.received = ReceivedLedger(purchases: purchases, suppliers: Dictionary(uniqueKeysWithValues: suppliers.map { ($0.id, $0) }))
        return book
    }

    typealias Balances = [String: [String: Int64]]

    /// hledger's balances of a journal text (`-e` before that day when given), in minor units.
    static func hledgerBalances(_ text: String, end: String? = nil) throws -> Balances {
        let hledger = try #require(Ledger.tool("hledger"), "hledger is not installed: scripts/install-deps.sh installs it")
        let file = try Ledger.temporaryFile("journal.journal", text)
        let check = try runProcess(hledger, ["-f", file.path, "check", "--strict", "ordereddates", "payees", "uniqueleafnames"])
        #expect(check.status == 0, "hledger check: \(check.stderr)")
        let output = try runProcess(hledger, ["-f", file.path, "bal", "-N", "-O", "csv", "--layout=bare"] + (end.map { ["-e", $0] } ?? []))
        #expect(output.status == 0, "\(output.stderr)")
        var balances: Balances = [:]
        for row in JournalToolTests.csvRows(output.stdout) where row.count == 3 {
            balances[row[0], default: [:]][row[1]] = try #require(JournalToolTests.minor(row[2], row[1]), "\(row)")
        }
        return balances
    }

    // MARK: - 9. Self-assessed VAT on accounts of its own

    /// A German business: a sale of 4,295.84 at 19 % (VAT 4,295.84 x 19 % = 816.2096 -> 816.21,
    /// § 12 (1) UStG); a service bought from a French business, 3,300.00, reverse charge (§ 13b (1)
    /// UStG: the buyer owes 3,300.00 x 19 % = 627.00, Kz 46/47, and deducts it, Kz 67, § 15 (1) Nr. 4);
    /// goods acquired from an Austrian business, 1,000.00 (§ 1a UStG: 190.00 owed, Kz 89, deducted,
    /// Kz 61, § 15 (1) Nr. 3); software from a US business, 500.00 USD, reverse charge (§ 13b (2) Nr. 1:
    /// Kz 84/85, 95.00 USD, in the return's USD section as it states no rate); office supplies from a
    /// German shop, 200.00 + 38.00 VAT (Kz 66).
    static let mixed: [String: String] = [
        "invoices/INV-0001.yaml": invoice(issued: "2026-03-02", "sent: 2026-03-02\n", items: "  - { description: Design, price: 4295.84 }\n"),
    ]
    static let mixedPurchases = [
        purchase("FR-1", from: "paris-cloud", issued: "2026-03-03", category: "AE", rate: "0%", taxable: "3300.00", tax: "0.00"),
        purchase("AT-1", from: "wien-parts", issued: "2026-03-04", category: "K", rate: "0%", taxable: "1000.00", tax: "0.00"),
        purchase("US-1", from: "us-soft", issued: "2026-03-05", currency: "USD", category: "AE", rate: "0%", taxable: "500.00", tax: "0.00"),
        purchase("DE-1", from: "papier", issued: "2026-03-06", category: "S", rate: "19%", taxable: "200.00", tax: "38.00"),
    ]
    static let mixedSuppliers = [supplier("paris-cloud", "FR40303265045"), supplier("wien-parts", "ATU12345675"), supplier("us-soft", "US123456789"),
                                 supplier("papier", "DE811128135")]

    @Test func selfAssessedVATHasAccountsOfItsOwn() throws {
        let book = try Self.book(Self.mixed, purchases: Self.mixedPurchases, suppliers: Self.mixedSuppliers)
        let purchases = Purchases(book: book)
        let balances = try Self.hledgerBalances(Journal(book: book, purchases: purchases).render(.hledger))
        // The output VAT of sales is the sales' alone, in euros only. Seven accounts end in `19`:
        // each gets the ancestors that tell it apart (`hledger check uniqueleafnames`).
        #expect(balances["Liabilities:VAT:Output:Output-19"] == ["EUR": -81621])
        #expect(balances["Liabilities:VAT:SelfAssessed:ReverseCharge:EU:EU-19"] == ["EUR": -62700])
        #expect(balances["Liabilities:VAT:SelfAssessed:Acquisition:SelfAssessed-Acquisition-19"] == ["EUR": -19000])
        #expect(balances["Liabilities:VAT:SelfAssessed:ReverseCharge:Non-EU:Non-EU-19"] == ["USD": -9500])
        #expect(balances["Assets:VAT:Input:ReverseCharge:ReverseCharge-19"] == ["EUR": 62700, "USD": 9500])
        #expect(balances["Assets:VAT:Input:Acquisition:Input-Acquisition-19"] == ["EUR": 19000])
        #expect(balances["Assets:VAT:Input:Input-19"] == ["EUR": 3800])

        // Box by box with the return (de-ustva): each box is one account's balance.
        let form = try VATForm.named("de-ustva").get()
        let figures = VATReturn(book: book, period: Period("2026")!, purchases: purchases)
        let euro = try #require(figures.sections.first { $0.currency.code == "EUR" })
        let dollar = try #require(figures.sections.first { $0.currency.code == "USD" })
        func box(_ name: String, _ section: VATReturn.Section) -> Int64? { form.boxes.first { $0.box == name }?.figure(in: section) }
        #expect(box("47", euro) == 62700 && box("47", euro) == -balances["Liabilities:VAT:SelfAssessed:ReverseCharge:EU:EU-19"]!["EUR"]!)
        #expect(box("67", euro) == 62700 && box("67", euro) == balances["Assets:VAT:Input:ReverseCharge:ReverseCharge-19"]!["EUR"])
        #expect(box("61", euro) == 19000 && box("61", euro) == balances["Assets:VAT:Input:Acquisition:Input-Acquisition-19"]!["EUR"])
        #expect(box("66", euro) == 3800 && box("66", euro) == balances["Assets:VAT:Input:Input-19"]!["EUR"])
        #expect(box("85", dollar) == 9500 && box("85", dollar) == -balances["Liabilities:VAT:SelfAssessed:ReverseCharge:Non-EU:Non-EU-19"]!["USD"]!)
        // Kz 83: 816.21 + 627.00 + 190.00 - 627.00 - 190.00 - 38.00 = 778.21, what the VAT accounts
        // leave together (liabilities negative, so their sum negated).
        let vat = balances.filter { $0.key.hasPrefix("Liabilities:VAT:") || $0.key.hasPrefix("Assets:VAT:") }.reduce(Int64(0)) { $0 + ($1.value["EUR"] ?? 0) }
        #expect(box("83", euro) == 77821 && -vat == 77821)
    }

    /// `hledger check uniqueleafnames` (issue 37, point 13): no two accounts end in one name. Only
    /// the accounts whose leaf another shares get their parent in front of it (then the next
    /// ancestor, where the parent does not tell them apart); every other account keeps its name,
    /// in every export of the book, a period's included.
    @Test func onlyTheClashingLeavesAreQualified() throws {
        let book = try Self.book(Self.mixed, purchases: Self.mixedPurchases, suppliers: Self.mixedSuppliers)
        let journal = Journal(book: book, purchases: Purchases(book: book))
        let names = journal.accountNames()
        let renamed = names.filter { $0.key != $0.value }
        #expect(renamed == [
            "Liabilities:VAT:Output:19": "Liabilities:VAT:Output:Output-19",
            "Assets:VAT:Input:19": "Assets:VAT:Input:Input-19",
            "Assets:VAT:Input:ReverseCharge:19": "Assets:VAT:Input:ReverseCharge:ReverseCharge-19",
            "Liabilities:VAT:SelfAssessed:ReverseCharge:EU:19": "Liabilities:VAT:SelfAssessed:ReverseCharge:EU:EU-19",
            "Liabilities:VAT:SelfAssessed:ReverseCharge:Non-EU:19": "Liabilities:VAT:SelfAssessed:ReverseCharge:Non-EU:Non-EU-19",
            // `Acquisition-19` would be both again: one more ancestor each.
            "Assets:VAT:Input:Acquisition:19": "Assets:VAT:Input:Acquisition:Input-Acquisition-19",
            "Liabilities:VAT:SelfAssessed:Acquisition:19": "Liabilities:VAT:SelfAssessed:Acquisition:SelfAssessed-Acquisition-19",
        ])
        for kept in ["Income:Sales", "Expenses:Purchases", "Assets:Receivable:Acme", "Liabilities:Payable:Papier", "Liabilities:Payable:Paris-Cloud"] {
            #expect(names[kept] == kept)
        }
        // A quarter's journal names them alike, and hledger finds every leaf unique.
        let quarter = journal.render(.hledger, period: Period("2026-Q1")!)
        #expect(quarter.contains("    Assets:VAT:Input:Input-19 ") && !quarter.contains("Assets:VAT:Input:19 "))
        _ = try Self.hledgerBalances(quarter)
        let file = try Ledger.temporaryFile("leaves.beancount", journal.render(.beancount))
        let checked = try runProcess(Ledger.venv.appendingPathComponent("bean-check"), [file.path])
        #expect(checked.status == 0 && checked.stdout.isEmpty, "bean-check: \(checked.stdout)\(checked.stderr)")
    }

    // MARK: - 10. Advances and opening balances

    /// 1,000.00 + 19 % = 1,190.00, of which 300.00 came as a deposit on 20 February, before the
    /// invoice of 10 March: until then it is an advance received (a liability, nothing is owed
    /// yet); the invoice uses it, so the advance is cleared and the client owes 890.00.
    @Test func aDepositIsAnAdvanceUntilTheInvoiceUsesIt() throws {
        let book = try Self.book(["invoices/INV-0001.yaml": invoice(issued: "2026-03-10", """
            sent: 2026-03-10
            payments:
              - { date: 2026-02-20, amount: 300.00, method: bank_transfer, deposit: true }

            """, items: "  - { description: Design, price: 1000.00 }\n")])
        let text = Journal(book: book).render(.hledger)
        // The client's receivable and advances would both end in `Acme`: both say which they are.
        let before = try Self.hledgerBalances(text, end: "2026-03-01")
        #expect(before["Liabilities:Advances:Advances-Acme"] == ["EUR": -30000] && before["Assets:Receivable:Receivable-Acme"] == nil)
        let after = try Self.hledgerBalances(text)
        #expect(after["Liabilities:Advances:Advances-Acme"] == nil, "the advance is cleared")
        #expect(after["Assets:Receivable:Receivable-Acme"] == ["EUR": 89000])
        #expect(after["Assets:Bank"] == ["EUR": 30000] && after["Liabilities:VAT:Output:19"] == ["EUR": -19000])
        // A March journal opens with the advance, narrated in the book's language (de_DE).
        let march = Journal(book: book).render(.hledger, period: Period("2026-03")!)
        #expect(march.contains("2026-03-01 * (opening) Test GmbH | Eröffnungssalden in EUR zum 2026-03-01\n"))
        #expect(!march.contains("Opening balances"))
        #expect(try Self.hledgerBalances(march, end: "2026-03-02")["Liabilities:Advances:Advances-Acme"] == ["EUR": -30000])
    }

    /// The studio's INV-2026-007 of 10 September (3 days at 650.00 + 14 h at 85.00 = 3,140.00,
    /// reverse charge, no VAT) is paid on 8 October. A Q4 journal opens with the 3,140.00 owed on
    /// 30 September, so the payment clears it (with the credit note of 340.00 and its refund, the
    /// client owes nothing at the end), and every account ends the quarter where the whole book's
    /// journal has it on 31 December.
    @Test func aPeriodsJournalOpensWithTheBalancesBeforeIt() throws {
        let book = try Ledger.example("studio")
        let journal = Journal(book: book)
        let quarter = journal.render(.hledger, period: Period("2026-Q4")!)
        #expect(quarter.contains("2026-10-01 * (opening)"))
        let opening = try Self.hledgerBalances(quarter, end: "2026-10-02")
        #expect(opening["Assets:Receivable:Thornbury-Webb"] == ["EUR": 314000])
        let closing = try Self.hledgerBalances(quarter)
        #expect(closing["Assets:Receivable:Thornbury-Webb"] == nil)
        let whole = try Self.hledgerBalances(journal.render(.hledger))
        for (account, amounts) in whole where account.hasPrefix("Assets:") || account.hasPrefix("Liabilities:") {
            #expect(closing[account] == amounts, "\(account)")
        }
        // A journal that starts with the book has nothing to open.
        #expect(!journal.render(.hledger, period: Period("2026")!).contains("(opening)"))
        // Beancount reads the period's journal with its opening too.
        let file = try Ledger.temporaryFile("q4.beancount", journal.render(.beancount, period: Period("2026-Q4")!))
        let checked = try runProcess(Ledger.venv.appendingPathComponent("bean-check"), [file.path])
        #expect(checked.status == 0 && checked.stdout.isEmpty, "bean-check: \(checked.stdout)\(checked.stderr)")
    }

    // MARK: - 11. Received invoices with amounts already paid

    /// A Norwegian supplier's invoice of 1,441.42 + 25 % (360.355 -> 360.36) = 1,801.78 NOK, of
    /// which 1,000.00 NOK were paid before it (BT-113): the amount due is 801.78 NOK (BT-115 =
    /// BT-112 - BT-113), what the app shows as payable; the 1,000.00 clear the prepayment made.
    @Test func aPurchasesPrepaidAmountClearsThePrepayment() throws {
        let norway = Self.purchase("NO-7", from: "oslo", issued: "2026-04-01", currency: "NOK", category: "S", rate: "25%", taxable: "1441.42", tax: "360.36",
                                   prepaid: "1000.00")
        let book = try Self.book([:], purchases: [norway], suppliers: [Self.supplier("oslo", "NO923609016MVA")])
        #expect(book.purchases[0].payable.minorUnits == 80178)
        let balances = try Self.hledgerBalances(Journal(book: book, purchases: Purchases(book: book)).render(.hledger))
        #expect(balances["Liabilities:Payable:Payable-Oslo"] == ["NOK": -80178])
        #expect(balances["Assets:Prepayments:Prepayments-Oslo"] == ["NOK": -100000])
        #expect(balances["Expenses:Purchases"] == ["NOK": 144142] && balances["Assets:VAT:Input:25"] == ["NOK": 36036])
        // Paid in full, nothing is left owed.
        var paid = norway
        paid.payments = [.init(date: Day("2026-04-20")!, amount: Money(80178, Currency.named("NOK")!), method: nil, reference: nil, line: 1)]
        let settled = try Self.book([:], purchases: [paid], suppliers: [Self.supplier("oslo", "NO923609016MVA")])
        #expect(try Self.hledgerBalances(Journal(book: settled, purchases: Purchases(book: settled)).render(.hledger))["Liabilities:Payable:Payable-Oslo"] == nil)
    }

    // MARK: - 14. Foreign-currency receivables

    /// 1,000.00 USD + 19 % = 1,190.00 USD, stated at 0.90 EUR per USD on the invoice: the claim is
    /// 1,071.00 EUR. Paid in full on 10 April, when a dollar bought 0.92 EUR: 1,094.80 EUR reach the
    /// bank, the receivable is cleared at the 1,071.00 it was booked at, and 23.80 EUR are a realised
    /// exchange gain (§ 256a HGB, § 252 (1) Nr. 4 HGB); at 0.88, 1,047.20 EUR and a loss of 23.80.
    @Test(arguments: [("0.92", 109480, -2380), ("0.88", 104720, 2380)]) func aPaymentAtAnotherRateBooksTheExchangeDifference(_ rate: String, _ bank: Int64, _ exchange: Int64) throws {
        let book = try Self.book(["invoices/INV-0001.yaml": invoice(issued: "2026-03-04", """
            sent: 2026-03-04
            currency: USD
            tax_currency: { code: EUR, rate: 0.9 }
            payments:
              - { date: 2026-04-10, amount: 1190.00, method: bank_transfer, rate: \(rate) }

            """, items: "  - { description: Design, price: 1000.00 }\n")])
        let journal = Journal(book: book)
        let balances = try Self.hledgerBalances(journal.render(.hledger))
        #expect(balances["Assets:Receivable:Acme"] == nil, "the 1,190.00 USD are cleared")
        #expect(balances["Assets:Bank"] == ["EUR": bank])
        #expect(balances["Income:Exchange-Differences"] == ["EUR": exchange])
        // In euros at the invoice's rate the sale was 900.00 + 171.00; the journal keeps it in dollars.
        #expect(balances["Liabilities:VAT:Output:19"] == ["USD": -19000])
        let file = try Ledger.temporaryFile("fx.beancount", journal.render(.beancount))
        let checked = try runProcess(Ledger.venv.appendingPathComponent("bean-check"), [file.path])
        #expect(checked.status == 0 && checked.stdout.isEmpty, "bean-check: \(checked.stdout)\(checked.stderr)")
    }

    /// A rate of 0 or less is refused at its line.
    @Test func aRateIsPositive() throws {
        let test = TestBook(["invoices/INV-0001.yaml": invoice(issued: "2026-03-04", """
            sent: 2026-03-04
            currency: USD
            tax_currency: { code: EUR, rate: 0.9 }
            payments:
              - { date: 2026-04-10, amount: 1.00, method: bank_transfer, rate: 0 }

            """)], settings: Self.settings)
        defer { test.remove() }
        let errors = test.check().diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.message) == ["an exchange rate is more than 0, not 0"])
        #expect(errors.first?.range?.start.line == 9)
    }
}
