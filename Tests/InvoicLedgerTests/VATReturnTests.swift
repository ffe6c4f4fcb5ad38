import Foundation
import InvoicBook
@testable import InvoicLedger
import InvoicMoney
import InvoicTestSupport
import Testing

/// The VAT return's rules on small books whose figures are worked out by hand in the comments.
@Suite struct VATReturnTests {
    static let settings = """
        business: { name: Test GmbH, tax_id: DE123456788, address: { street: Hauptstr. 1, city: Berlin, postal_code: "10115", country: DE } }
        defaults: { currency: EUR, locale: de_DE, tax: 19%, terms: 14 }

        """

    static let clients = [
        "acme": "name: Acme AG\naddress: { street: Weg 1, city: Köln, postal_code: \"50667\", country: DE }\n",
        "paris": "name: Paris SARL\ntax_id: FR40303265045\ntax: reverse-charge\nexemption: { code: vatex-eu-ae, text: Autoliquidation }\naddress: { street: Rue 1, city: Paris, postal_code: \"75001\", country: FR }\n",
        "wien": "name: Wien GmbH\ntax_id: ATU12345675\ntax: intra-eu\nexemption: { code: vatex-eu-ic, text: Innergemeinschaftliche Lieferung }\naddress: { street: Gasse 1, city: Wien, postal_code: \"1010\", country: AT }\n",
    ]

    /// 100.00 at 19 % (tax 19.00) and 33.33 at 7 % (tax 2.3331 -> 2.33): total 154.66, paid 50.00
    /// in April and 104.66 in May.
    static let twoRates = invoice(client: "acme", issued: "2026-03-01", """
        sent: 2026-03-01
        payments:
          - { date: 2026-04-10, amount: 50.00, method: bank_transfer }
          - { date: 2026-05-02, amount: 104.66, method: bank_transfer }

        """, items: "  - { description: Design, price: 100.00 }\n  - { description: Book, price: 33.33, tax: 7% }\n")

    static func book(_ files: [String: String], settings: String = VATReturnTests.settings) throws -> Book {
        let checked = TestBook(files, settings: settings, clients: clients).check()
        let errors = checked.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.message))")
        return checked.book
    }

    static func row(_ figures: VATReturn, _ rate: String, _ category: TaxCategory = .standard) -> VATReturn.Sales? {
        figures.sections.first?.sales.first { $0.taxRate.category == category && $0.taxRate.rate.description == rate }
    }

    @Test func periodsAreYearsQuartersAndMonths() throws {
        let quarter = try #require(Period("2026-Q4"))
        #expect(quarter.from.description == "2026-10-01" && quarter.to.description == "2026-12-31")
        let february = try #require(Period("2028-02"))
        #expect(february.to.description == "2028-02-29")
        #expect(Period("2026")?.to.description == "2026-12-31")
        for wrong in ["2026-Q5", "2026-13", "26", "2026-1", "2026-11-01", "Q4"] { #expect(Period(wrong) == nil, "\(wrong)") }
    }

    @Test func apportioningSumsToTheAmountByLargestRemainder() {
        // 50.00 over 100.00 / 19.00 / 33.33 / 2.33 (of 154.66): floors 32.32, 6.14, 10.77, 0.75
        // (49.98); the two cents go to the largest remainders, .89 and .52.
        #expect(Apportion.split(5000, over: [10000, 1900, 3333, 233]) == [3233, 614, 1078, 75])
        #expect(Apportion.split(-5000, over: [10000, 1900, 3333, 233]) == [-3233, -614, -1078, -75])
        #expect(Apportion.split(7, over: [0, 0]) == [7, 0])
        #expect(Apportion.split(1, over: [1, 1, 1]) == [1, 0, 0])
    }

    /// Two payments of one day keep their identity (their index in `payments:`): 50.00 then
    /// 104.66 on 10 April on the two-rate invoice (its groups by rate, 7 % first). The first is the
    /// split of 50.00 above (10.78 + 0.75 at 7 %, 32.33 + 6.14 at 19 %), the second what is left
    /// of each group: 33.33 - 10.78 = 22.55 + 2.33 - 0.75 = 1.58, and 100.00 - 32.33 = 67.67 +
    /// 19.00 - 6.14 = 12.86. The return's facts carry the same index; the day's total is the invoice's.
    @Test func twoPaymentsOfOneDayAreTwoPayments() throws {
        let invoice = Self.twoRates.replacingOccurrences(of: "2026-05-02", with: "2026-04-10")
        let book = try Self.book(["invoices/INV-0001.yaml": invoice])
        let payments = CashPayment.all(on: try #require(book.document("INV-0001")), in: book)
        #expect(payments.map(\.payment) == [0, 1])
        #expect(payments.map { $0.shares.map { [$0.taxable, $0.tax] } } == [[[1078, 75], [3233, 614]], [[2255, 158], [6767, 1286]]])
        let facts = SalesTaxFacts(book: book, basis: .cash).facts.filter { $0.fact == .payment }
        #expect(facts.map { [$0.payment ?? -1, Int($0.taxable), Int($0.tax)] } == [[0, 1078, 75], [0, 3233, 614], [1, 2255, 158], [1, 6767, 1286]])
        let april = VATReturn(book: book, period: Period("2026-04")!, basis: .cash)
        #expect(Self.row(april, "19%")?.taxable == 10000 && Self.row(april, "19%")?.tax == 1900)
        #expect(Self.row(april, "7%")?.taxable == 3333 && Self.row(april, "7%")?.tax == 233)
    }

    @Test func accrualCountsTheInvoiceOnItsDate() throws {
        let book = try Self.book(["invoices/INV-0001.yaml": Self.twoRates])
        let march = VATReturn(book: book, period: Period("2026-03")!)
        #expect(Self.row(march, "19%")?.taxable == 10000 && Self.row(march, "19%")?.tax == 1900)
        #expect(Self.row(march, "7%")?.taxable == 3333 && Self.row(march, "7%")?.tax == 233)
        #expect(march.sections.first?.balance == 2133)
        #expect(VATReturn(book: book, period: Period("2026-04")!).sections.first?.sales.isEmpty == true)
    }

    @Test func cashSplitsEachPaymentOverTheTaxGroupsExactly() throws {
        let book = try Self.book(["invoices/INV-0001.yaml": Self.twoRates])
        let april = VATReturn(book: book, period: Period("2026-04")!, basis: .cash)
        // The 50.00 of April, as apportioned above.
        #expect(Self.row(april, "19%")?.taxable == 3233 && Self.row(april, "19%")?.tax == 614)
        #expect(Self.row(april, "7%")?.taxable == 1078 && Self.row(april, "7%")?.tax == 75)
        let may = VATReturn(book: book, period: Period("2026-05")!, basis: .cash)
        let mayParts = (may.sections.first?.sales ?? []).reduce(0) { $0 + $1.taxable + $1.tax }
        #expect(mayParts == 10466)
        // Paid in full, the year on cash basis comes to the invoice's own figures.
        let year = VATReturn(book: book, period: Period("2026")!, basis: .cash)
        #expect(Self.row(year, "19%")?.taxable == 10000 && Self.row(year, "19%")?.tax == 1900)
        #expect(Self.row(year, "7%")?.taxable == 3333 && Self.row(year, "7%")?.tax == 233)
        #expect(VATReturn(book: book, period: Period("2026-03")!, basis: .cash).sections.first?.sales.isEmpty == true)
    }

    @Test func theBooksBasisIsTheDefault() throws {
        let book = try Self.book(["invoices/INV-0001.yaml": Self.twoRates], settings: Self.settings + "vat_basis: cash\n")
        #expect(VATReturn(book: book, period: Period("2026-03")!).basis == .cash)
        #expect(VATReturn(book: book, period: Period("2026-03")!).sections.first?.sales.isEmpty == true)
    }

    /// A credit note counts on accrual when it takes effect (sent), on cash when the money goes back.
    @Test func creditNotesFallWhereEachBasisPutsThem() throws {
        let book = try Self.book([
            "invoices/INV-0001.yaml": invoice(client: "acme", issued: "2026-03-01", "sent: 2026-03-01\npayments:\n  - { date: 2026-03-10, amount: 238.00, method: bank_transfer }\n"),
            "credit-notes/CN-0001.yaml": """
                client: acme
                issued: 2026-04-20
                sent: 2026-04-20
                corrects: INV-0001
                reason: One hour too many
                items:
                  - { description: Design, price: 100.00 }
                refunds:
                  - { date: 2026-05-05, amount: 119.00, method: bank_transfer }

                """,
        ])
        let accrualApril = VATReturn(book: book, period: Period("2026-04")!, basis: .accrual)
        #expect(Self.row(accrualApril, "19%")?.taxable == -10000 && Self.row(accrualApril, "19%")?.tax == -1900)
        #expect(VATReturn(book: book, period: Period("2026-04")!, basis: .cash).sections.first?.sales.isEmpty == true)
        let cashMay = VATReturn(book: book, period: Period("2026-05")!, basis: .cash)
        #expect(Self.row(cashMay, "19%")?.taxable == -10000 && Self.row(cashMay, "19%")?.tax == -1900)
        #expect(cashMay.sections.first?.balance == -1900)
    }

    @Test func intraEUSuppliesAreListedByVATNumberWithCreditNotesNetted() throws {
        let book = try Self.book([
            "invoices/INV-0001.yaml": invoice(client: "paris", issued: "2026-10-05", "sent: 2026-10-05\n"),
            "invoices/INV-0002.yaml": invoice(client: "wien", issued: "2026-11-05", "sent: 2026-11-05\ndelivered: 2026-11-04\n", items: "  - { description: Paper, quantity: 10, price: 50.00 }\n"),
            "invoices/INV-0003.yaml": invoice(client: "paris", issued: "2026-12-01", "sent: 2026-12-01\n"),
            "credit-notes/CN-0001.yaml": "client: wien\nissued: 2026-11-20\nsent: 2026-11-20\ndelivered: 2026-11-04\ncorrects: INV-0002\nreason: Damaged\nitems:\n  - { description: Paper, quantity: 2, price: 50.00 }\n",
        ])
        let list = ECSalesList(book: book, period: Period("2026-Q4")!)
        #expect(list.lines.map(\.vatID) == ["ATU12345675", "FR40303265045"])
        #expect(list.lines[0].goods == 40000 && list.lines[0].services == 0)
        #expect(list.lines[1].goods == 0 && list.lines[1].services == 40000)
        #expect(list.renderCSV(.bzst) == "Länderkennzeichen und USt-IdNr.,Betrag (EUR),Art der Leistung\r\nATU12345675,400,L\r\nFR40303265045,400,S\r\n")
        let figures = VATReturn(book: book, period: Period("2026-Q4")!)
        let form = try VATForm.named("de-ustva").get()
        let section = try #require(figures.sections.first)
        #expect(form.boxes.first { $0.box == "41" }?.figure(in: section) == 40000)
        #expect(form.boxes.first { $0.box == "21" }?.figure(in: section) == 40000)
        #expect(form.boxes.first { $0.box == "83" }?.figure(in: section) == 0)
    }

    /// A USD invoice stating its rate to EUR (tax_currency) counts in EUR; its VAT adds up to the
    /// EUR VAT total it states (BT-111).
    @Test func foreignCurrencyDocumentsCountInTheTaxCurrency() throws {
        let book = try Self.book([
            "invoices/INV-0001.yaml": invoice(client: "acme", issued: "2026-03-01", "sent: 2026-03-01\ncurrency: USD\ntax_currency: { code: EUR, rate: 0.9 }\n"),
            "invoices/INV-0002.yaml": invoice(client: "acme", issued: "2026-03-02", "sent: 2026-03-02\ncurrency: GBP\n"),
        ])
        let figures = VATReturn(book: book, period: Period("2026-03")!)
        #expect(figures.sections.map(\.currency.code) == ["EUR", "GBP"])
        // 200.00 USD x 0.9 = 180.00 EUR; VAT 38.00 USD -> 34.20 EUR.
        #expect(Self.row(figures, "19%")?.taxable == 18000 && Self.row(figures, "19%")?.tax == 3420)
        #expect(figures.unconverted.map(\.document) == ["INV-0002"])
    }

    @Test func draftsAreNotCounted() throws {
        let book = try Self.book(["invoices/INV-0001.yaml": invoice(client: "acme", issued: "2026-03-01")])
        #expect(VATReturn(book: book, period: Period("2026")!).sections.first?.sales.isEmpty == true)
    }

    /// The input seam: purchases given to the return land in its purchase rows, on the forms'
    /// input VAT boxes and in the balance.
    @Test func purchasesReduceTheBalance() throws {
        let book = try Self.book(["invoices/INV-0001.yaml": Self.twoRates])
        let eur = Currency.named("EUR")!
        let purchases = Purchases(taxes: [
            PurchaseTax(document: "R-77", file: "purchases/R-77.yaml", supplier: "office", supplierName: "Office Ltd", issued: Day("2026-03-03")!,
                        currency: eur, taxRate: TaxRate(.standard, try Rate.parse("19%").get()), origin: .domestic, taxable: 5000, tax: 950),
            PurchaseTax(document: "X-1", file: "purchases/X-1.yaml", supplier: "cloud", supplierName: "Cloud Ltd", issued: Day("2026-03-04")!,
                        currency: eur, taxRate: TaxRate(.reverseCharge), selfAssessedRate: try Rate.parse("19%").get(), origin: .eu, taxable: 1000, tax: 0),
        ])
        let figures = VATReturn(book: book, period: Period("2026-03")!, purchases: purchases)
        let section = try #require(figures.sections.first)
        // Output 21.33 + 1.90 (reverse charge owed) - input 9.50 - 1.90 (deducted again) = 11.83.
        #expect(section.outputTax == 2323 && section.inputTax == 1140 && section.balance == 1183)
        let form = try VATForm.named("de-ustva").get()
        #expect(form.boxes.first { $0.box == "66" }?.figure(in: section) == 950)
        #expect(form.boxes.first { $0.box == "46" }?.figure(in: section) == 1000)
        #expect(form.boxes.first { $0.box == "47" }?.figure(in: section) == 190)
        #expect(form.boxes.first { $0.box == "67" }?.figure(in: section) == 190)
        #expect(form.unplaced(in: section).purchases.isEmpty)
        // The purchase rows in the book's words and amounts (de_DE): 50.00 + 9.50 VAT charged; 10.00
        // on reverse charge, 1.90 owed and deducted.
        let text = figures.render(.text)
        let lines = text.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("  steuerpflichtig 19%, Inland ") && $0.hasSuffix(" 50,00   9,50") })
        #expect(lines.contains { $0.hasPrefix("  Steuerschuldnerschaft des Leistungsempfängers (AE) zu 19%, übrige EU-Länder ") && $0.hasSuffix(" 10,00   1,90") })
        #expect(!text.contains("S 19%") && !text.contains("reverse charge") && !text.contains("domestic"))
        // And in the journal: balanced, with the payable per supplier.
        let journal = Journal(book: book, purchases: purchases)
        let purchase = try #require(journal.transactions.first { $0.kind == .purchase && $0.document == "X-1" })
        #expect(purchase.postings.reduce(0) { $0 + $1.amount } == 0)
        #expect(purchase.postings.contains { $0.account == "Liabilities:Payable:Cloud" && $0.amount == -1000 })
        #expect(purchase.narration == "Eingangsrechnung X-1", "in the book's language (de_DE), issue 37")
    }

    /// A supplier's credit note and the money it pays back are narrated as what they are, not as
    /// a purchase and a payment.
    @Test func aSuppliersCreditNoteIsNarratedAsOne() throws {
        let book = try Self.book(["invoices/INV-0001.yaml": Self.twoRates])
        let eur = Currency.named("EUR")!
        var credit = PurchaseTax(document: "G-5", file: "purchases/2026/office-g-5.yaml", supplier: "office", supplierName: "Office Ltd",
                                 issued: Day("2026-03-05")!, currency: eur, taxRate: TaxRate(.standard, try Rate.parse("19%").get()),
                                 origin: .domestic, taxable: -1000, tax: -190)
        credit.isCredit = true
        var refund = PurchasePayment(document: "G-5", file: "purchases/2026/office-g-5.yaml", supplier: "office", supplierName: "Office Ltd",
                                     date: Day("2026-03-09")!, currency: eur, amount: -1190)
        refund.isRefund = true
        let journal = Journal(book: book, purchases: Purchases(taxes: [credit], payments: [refund]))
        let note = try #require(journal.transactions.first { $0.kind == .purchase && $0.document == "G-5" })
        #expect(note.narration == "Gutschrift des Lieferanten G-5")
        #expect(note.postings.contains { $0.account == "Liabilities:Payable:Office" && $0.amount == 1190 })
        let back = try #require(journal.transactions.first { $0.kind == .purchasePayment && $0.document == "G-5" })
        #expect(back.narration == "Erstattung zu G-5")
    }

    /// The return a person reads speaks the book's language and writes amounts its way (issue 37):
    /// March holds 100.00 + 1,234.56 at 19 % (19.00 + 234.5664 -> 234.57 = 253.57, each invoice
    /// rounded) and 33.33 at 7 % (2.33): output VAT 255.90, to pay.
    @Test func theReturnSpeaksTheBooksLanguage() throws {
        let big = invoice(client: "acme", issued: "2026-03-02", "sent: 2026-03-02\n", items: "  - { description: Design, price: 1234.56 }\n")
        let files = ["invoices/INV-0001.yaml": Self.twoRates, "invoices/INV-0002.yaml": big]
        let english = ["VAT return", "Sales", "Purchases", "Output VAT", "Input VAT", "To pay", "To reclaim", "standard-rated", "domestic",
                       "none recorded", "accrual", "cash basis", "taxable", "Taxable", "Row", "Meaning", "1,334.56", "1334.56", "255.90"]
        let german = VATReturn(book: try Self.book(files), period: Period("2026-03")!)
        let text = german.render(.text), html = german.render(.html)
        #expect(text.hasPrefix("Umsatzsteuer 2026-03 (01.03.2026 bis 31.03.2026), Soll-Versteuerung: Test GmbH (DE123456788)\n"))
        for line in ["Umsätze", "  steuerpflichtig 19%, Inland", "1.334,56", "253,57", "  steuerpflichtig 7%, Inland", "Eingangsrechnungen",
                     "  keine erfasst", "Umsatzsteuer", "Vorsteuer", "Zahllast", "255,90"] {
            #expect(text.contains(line), "\(line)")
        }
        #expect(html.contains("<html lang=\"de\">") && html.contains("<caption>Umsätze und Eingangsrechnungen</caption>")
                && html.contains("<td class=\"n\">1.334,56</td>") && html.contains("USt-IdNr. DE123456788"))
        #expect(VATReturn(book: try Self.book(files), period: Period("2026-03")!, basis: .cash).render(.text).contains("Ist-Versteuerung"))
        let french = VATReturn(book: try Self.book(files, settings: Self.settings.replacingOccurrences(of: "de_DE", with: "fr_FR")), period: Period("2026-03")!)
        let frenchText = french.render(.text), frenchHTML = french.render(.html)
        #expect(frenchText.hasPrefix("Déclaration de TVA 2026-03 (du 01/03/2026 au 31/03/2026), régime des débits: Test GmbH"))
        for line in ["Ventes", "imposable 19%, national", "1\u{202F}334,56", "253,57", "TVA collectée", "TVA déductible", "À payer", "255,90"] {
            #expect(frenchText.contains(line), "\(line)")
        }
        for word in english {
            #expect(!text.contains(word) && !html.contains(word), "de: \(word)")
            #expect(!frenchText.contains(word) && !frenchHTML.contains(word), "fr: \(word)")
        }
        // The CSV and JSON are read by programs: plain amounts, English keys.
        #expect(german.render(.csv).contains(",1334.56,253.57,"))
    }
}

/// The forms are data files compiled in; each decodes, and the compiled copy is the file.
@Suite struct VATFormTests {
    static let generated = Ledger.repository.appendingPathComponent("Sources/InvoicLedger/BuiltInVATForms.swift")

    static func generate() throws -> String {
        let folder = Ledger.repository.appendingPathComponent("templates/vat-forms")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        var out = """
            // Generated from templates/vat-forms/*.yaml by the test `embeddedFormsMatchTheFiles`: do not edit.
            // After changing a form, run `RECORD=1 swift test --filter VATFormTests` to rewrite this file;
            // the test fails whenever it and templates/vat-forms/ differ, so the two never drift.

            enum BuiltInVATForms {
                /// Form name -> the YAML text of templates/vat-forms/NAME.yaml.
                static let sources: [String: String] = [

            """
        for file in names {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            out += "        \"\(file.dropLast(5))\": #\"\"\"\n\(text)\n\"\"\"#,\n"
        }
        out += "    ]\n}\n"
        return out
    }

    @Test func embeddedFormsMatchTheFiles() throws {
        try expectGolden(try Self.generate(), at: Self.generated)
    }

    @Test func everyFormDecodes() throws {
        #expect(VATForm.names == ["at-u30", "de-ustva"])
        for name in VATForm.names {
            let form = try VATForm.named(name).get()
            #expect(form.name == name)
            #expect(form.boxes.filter { $0.source == .balance }.count == 1)
        }
    }

    @Test func aBrokenTableIsReportedAtItsLine() {
        let broken = "form: x\ntitle: X\ncountry: DE\ncurrency: EUR\nboxes:\n  - { box: \"1\", label: L, from: sales, amount: taxable, category: [Q] }\n"
        guard case .failure(let problem) = VATForm.decode(broken, path: "x.yaml") else { Issue.record("decoded"); return }
        #expect(problem.description == "x.yaml:6: `Q` is not a UNCL 5305 category")
    }
}

@Suite struct LedgerSettingsTests {
    @Test func accountNamesFollowBeancountsGrammar() {
        #expect(LedgerAccounts.problem(with: "Assets:Debtors:EU", roots: ["Assets"]) == nil)
        #expect(LedgerAccounts.problem(with: "Assets:2026", roots: ["Assets"]) == nil)
        #expect(LedgerAccounts.problem(with: "assets:bank", roots: ["Assets"]) == "its type is written `Assets`")
        #expect(LedgerAccounts.problem(with: "Income:Sales", roots: ["Assets"]) == "it must start with `Assets:`")
        #expect(LedgerAccounts.problem(with: "Assets:bank", roots: ["Assets"]) == "its component `bank` must start with a capital letter or a digit")
        #expect(LedgerAccounts.problem(with: "Assets:Bank account", roots: ["Assets"]) == "its component `Bank account` has ` `; use letters, digits and `-` only")
        #expect(LedgerAccounts.problem(with: "Assets::Bank", roots: ["Assets"]) == "it has an empty component (`::` or a `:` at an end)")
    }

    @Test func theBlockRenamesAccounts() throws {
        let checked = TestBook(["invoices/INV-0001.yaml": invoice("sent: 2026-03-01\n")],
                               settings: TestBook.settings + "\nledger:\n  receivable: Assets:Debtors\n  sales: Income:Design\n").check()
        #expect(checked.diagnostics.filter { $0.severity == .error }.isEmpty)
        let journal = Journal(book: checked.book).render(.hledger)
        #expect(journal.contains("Assets:Debtors:Acme") && journal.contains("Income:Design"))
        #expect(!journal.contains("Assets:Receivable"))
    }

    @Test func unknownKeysAndBadNamesAreErrors() {
        let findings = TestBook([:], settings: TestBook.settings + "\nvat_basis: cashflow\nledger:\n  recievable: Assets:Debtors\n  bank: Bank\n").findings()
        #expect(findings == ["clients/acme.yaml:0:0 unused-client", "invoic.yaml:3:12 wrong-type", "invoic.yaml:5:3 unknown-key", "invoic.yaml:6:9 invalid-account-name"])
    }

    @Test func componentsAreCapitalised() {
        #expect(Journal.component("thornbury-webb") == "Thornbury-Webb")
        #expect(Journal.component("print work") == "Print-Work")
        #expect(Journal.component("2026_q4") == "2026-Q4")
        #expect(Journal.component("über") == "Über")
    }
}
