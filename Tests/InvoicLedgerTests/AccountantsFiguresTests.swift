import Foundation
import InvoicBook
@testable import InvoicLedger
import InvoicMoney
import InvoicTestSupport
import Testing

/// Issue 40, points 1-8: the hard cases an accountant's recomputation found, each book built by
/// hand and each figure worked out from the law's rule in the comment beside it (never recorded
/// from invoic's output).
@Suite struct AccountantsFiguresTests {
    static let eur = Currency.named("EUR")!
    static func rate(_ text: String) -> Rate { try! Rate.parse(text).get() }

    static func sales(_ figures: VATReturn, _ rate: String, _ category: TaxCategory = .standard) -> (taxable: Int64, tax: Int64)? {
        figures.sections.first?.sales.first { $0.taxRate.category == category && $0.taxRate.rate.description == rate }.map { ($0.taxable, $0.tax) }
    }

    static func box(_ form: String, _ box: String, _ figures: VATReturn) throws -> Int64? {
        let form = try VATForm.named(form).get()
        return try form.boxes.first { $0.box == box }?.figure(in: #require(figures.sections.first))
    }

    // MARK: 1. Cash basis: a settled invoice counts exactly its groups, whatever the order

    /// The book: 962.50 at 19 % (VAT 182.875 -> 182.88) and 320.83 at 7 % (VAT 22.4581 ->
    /// 22.46), total 1488.67; a credit note of 100.00 at 19 % (VAT 19.00) leaves 862.50 / 163.88 and
    /// 320.83 / 22.46, 1369.67, which the client pays.
    static func twoRates(_ facts: String) -> String {
        invoice(client: "acme", issued: "2026-03-01", "sent: 2026-03-01\n" + facts,
                items: "  - { description: Design, price: 962.50 }\n  - { description: Books, price: 320.83, tax: 7% }\n")
    }

    static func credit(sent: String, refunds: String = "") -> String {
        "client: acme\nissued: \(sent)\nsent: \(sent)\ncorrects: INV-0001\nreason: One day less\nitems:\n  - { description: Design, price: 100.00 }\n"
            + (refunds.isEmpty ? "" : "refunds:\n\(refunds)")
    }

    /// What the year must come to once the invoice is settled: the invoice less the credit note.
    static func expectSettled(_ book: Book, _ comment: Comment) {
        let year = VATReturn(book: book, period: Period("2026")!, basis: .cash)
        #expect(sales(year, "19%")! == (86250, 16388), comment)
        #expect(sales(year, "7%")! == (32083, 2246), comment)
    }

    @Test func aCreditNoteBetweenTwoPaymentsLeavesExactlyTheNetGroups() throws {
        let book = try VATReturnTests.book([
            "invoices/INV-0001.yaml": Self.twoRates("payments:\n  - { date: 2026-04-10, amount: 500.00, method: bank_transfer }\n  - { date: 2026-05-02, amount: 869.67, method: bank_transfer }\n"),
            "credit-notes/CN-0001.yaml": Self.credit(sent: "2026-04-20"),
        ])
        // April: 500.00 over the invoice's 962.50 / 182.88 / 320.83 / 22.46 (of 1488.67): exact
        // shares 323.2751, 61.4240, 107.7573, 7.5436; floors 323.27, 61.42, 107.75, 7.54 (499.98);
        // the two cents to the largest remainders (.7573, .7513): 323.28, 61.42, 107.76, 7.54.
        let april = VATReturn(book: book, period: Period("2026-04")!, basis: .cash)
        #expect(Self.sales(april, "19%")! == (32328, 6142))
        #expect(Self.sales(april, "7%")! == (10776, 754))
        // May: 869.67 settles the 1369.67 the credit left: the groups less April's parts,
        // 862.50 - 323.28 = 539.22, 163.88 - 61.42 = 102.46, 320.83 - 107.76 = 213.07, 22.46 - 7.54 = 14.92.
        let may = VATReturn(book: book, period: Period("2026-05")!, basis: .cash)
        #expect(Self.sales(may, "19%")! == (53922, 10246))
        #expect(Self.sales(may, "7%")! == (21307, 1492))
        // The year: 862.50 / 163.88 and 320.83 / 22.46, not the 870.92 / 165.48 and 311.47 / 21.80
        // of splitting the second payment afresh (0.94 VAT too much).
        Self.expectSettled(book, "credit between two payments")
    }

    @Test func anyOrderOfPaymentsCreditsAndRefundsSettlesToTheNetGroups() throws {
        // The credit note first, then two payments of what it left.
        Self.expectSettled(try VATReturnTests.book([
            "invoices/INV-0001.yaml": Self.twoRates("payments:\n  - { date: 2026-04-10, amount: 500.00, method: bank_transfer }\n  - { date: 2026-05-02, amount: 869.67, method: bank_transfer }\n"),
            "credit-notes/CN-0001.yaml": Self.credit(sent: "2026-03-05"),
        ]), "credit first")
        // Paid in full, then credited, then the 119.00 refunded: the refund takes back the
        // credit's 100.00 / 19.00 in May (§ 17 (1) UStG on the cash basis: when the money goes back).
        let refunded = try VATReturnTests.book([
            "invoices/INV-0001.yaml": Self.twoRates("payments:\n  - { date: 2026-03-10, amount: 1488.67, method: bank_transfer }\n"),
            "credit-notes/CN-0001.yaml": Self.credit(sent: "2026-04-20", refunds: "  - { date: 2026-05-05, amount: 119.00, method: bank_transfer }\n"),
        ])
        Self.expectSettled(refunded, "paid, credited, refunded")
        let may = VATReturn(book: refunded, period: Period("2026-05")!, basis: .cash)
        #expect(Self.sales(may, "19%")! == (-10000, -1900))
        #expect(Self.sales(may, "7%") == nil)
        // Credited first, then paid in full anyway (119.00 too much), then the 119.00 refunded:
        // the overpayment was never turnover, so its refund takes nothing back.
        let overpaid = try VATReturnTests.book([
            "invoices/INV-0001.yaml": Self.twoRates("payments:\n  - { date: 2026-03-10, amount: 1488.67, method: bank_transfer }\n"),
            "credit-notes/CN-0001.yaml": Self.credit(sent: "2026-03-05", refunds: "  - { date: 2026-04-02, amount: 119.00, method: bank_transfer }\n"),
        ])
        Self.expectSettled(overpaid, "credited, overpaid, refunded")
        #expect(VATReturn(book: overpaid, period: Period("2026-04")!, basis: .cash).sections.first?.sales.isEmpty == true)
        // March kept 119.00 beyond the claim until April gave it back.
        #expect(VATReturn(book: overpaid, period: Period("2026-03")!, basis: .cash).sections.first?.beyondClaims == 11900)
        #expect(VATReturn(book: overpaid, period: Period("2026-04")!, basis: .cash).sections.first?.beyondClaims == -11900)
        #expect(VATReturn(book: overpaid, period: Period("2026")!, basis: .cash).sections.first?.beyondClaims == 0)
    }

    // MARK: 2. Reminder fees and default interest are not turnover

    /// 200.00 at 19 % (238.00); a reminder adds a fee of 5.00 and interest of 1.28; the client
    /// pays 244.28. Germany: fees and interest are damages (UStAE 1.3 (6)): the turnover is
    /// 200.00 / 38.00, not 244.28 split over the invoice (205.28 / 39.00).
    @Test func reminderFeesAndInterestAreNotTurnover() throws {
        let files = ["invoices/INV-0001.yaml": invoice(client: "acme", issued: "2026-03-01", """
            sent: 2026-03-01
            reminders:
              - { date: 2026-04-20, level: 2, fee: 5.00, interest: 1.28 }
            payments:
              - { date: 2026-05-02, amount: 244.28, method: bank_transfer }

            """)]
        let book = try VATReturnTests.book(files)
        let year = VATReturn(book: book, period: Period("2026")!, basis: .cash)
        #expect(Self.sales(year, "19%")! == (20000, 3800))
        #expect(year.sections.first?.balance == 3800)
        // The 6.28 the client paid beyond the 238.00 is named, not dropped unseen.
        #expect(year.sections.first?.beyondClaims == 628)
        // In the book's language (de_DE) and its way of writing amounts.
        #expect(year.render(.text).contains("Hinweis: 6,28 über die Rechnungsbeträge hinaus erhalten (Mahngebühren, Zinsen, Überzahlungen bis zur Erstattung) sind kein Umsatz\n"))
        // Austria likewise (UStR 2000 on § 1: echter Schadenersatz), by the country table.
        let austrian = try VATReturnTests.book(files, settings: VATReturnTests.settings.replacingOccurrences(of: "country: DE", with: "country: AT"))
        #expect(Self.sales(VATReturn(book: austrian, period: Period("2026")!, basis: .cash), "19%")! == (20000, 3800))
        // Where a country's table says fees are turnover, the money beyond the claim counts,
        // split over the invoice's group: 244.28 x 200/238 = 205.277 -> 205.28, VAT 39.00.
        let taxed = SalesTaxFacts(book: book, basis: .cash, feesAreTurnover: true).facts
        #expect(taxed.reduce(0) { $0 + $1.taxable } == 20528 && taxed.reduce(0) { $0 + $1.tax } == 3900)
        #expect(CountryRules(book: book).feesAreTurnover == false && CountryRules(book: austrian).feesAreTurnover == false)
    }

    // MARK: 3. A refund cannot precede the payment it returns

    @Test func aRefundBeforeThePaymentItReturnsIsRefused() throws {
        func diagnostics(refundOn day: String) -> [String] {
            TestBook([
                "invoices/INV-0001.yaml": invoice(client: "acme", issued: "2026-03-01", "sent: 2026-03-01\npayments:\n  - { date: 2026-03-20, amount: 200.00, method: bank_transfer }\n"),
                "credit-notes/CN-0001.yaml": "client: acme\nissued: 2026-03-10\nsent: 2026-03-10\ncorrects: INV-0001\nreason: Less\nitems:\n  - { description: Design, price: 100.00 }\nrefunds:\n  - { date: \(day), amount: 100.00, method: bank_transfer }\n",
            ]).check().diagnostics.filter { $0.code.name == "refund-before-payment" }.map(\.message)
        }
        // 100.00 refunded on 12 March returns money paid only on 20 March.
        #expect(diagnostics(refundOn: "2026-03-12") == ["the refund of 100.00 on 2026-03-12 returns money INV-0001 was paid only on 2026-03-20 (0.00 paid by 2026-03-12)"])
        #expect(diagnostics(refundOn: "2026-03-20").isEmpty)
        #expect(diagnostics(refundOn: "2026-04-01").isEmpty)
    }

    // MARK: 4, 5. Purchases: self-assessment with the invoice; input VAT by country

    static func purchase(_ number: String, _ issued: String, _ category: TaxCategory, _ rate: String = "0%", selfAssessed: String? = nil,
                         origin: Destination, taxable: Int64, tax: Int64 = 0, credit: Bool = false, importTax: Int64 = 0) -> PurchaseTax {
        var purchase = PurchaseTax(document: number, file: "purchases/2026/\(number).yaml", supplier: "s-\(number)", supplierName: "Supplier \(number)",
                                   issued: Day(issued)!, currency: eur, taxRate: TaxRate(category, Self.rate(rate)),
                                   selfAssessedRate: selfAssessed.map(Self.rate), origin: origin, taxable: taxable, tax: tax)
        purchase.isCredit = credit
        purchase.importTax = importTax
        return purchase
    }

    static func paid(_ number: String, _ date: String, _ amount: Int64) -> PurchasePayment {
        PurchasePayment(document: number, file: "purchases/2026/\(number).yaml", supplier: "s-\(number)", supplierName: "Supplier \(number)",
                        date: Day(date)!, currency: eur, amount: amount)
    }

    static let austria = """
        business: { name: Test GmbH, tax_id: ATU87654324, address: { street: Gasse 2, city: Wien, postal_code: "1010", country: AT } }
        defaults: { currency: EUR, locale: de_AT, tax: 20%, terms: 14 }

        """

    @Test func selfAssessmentFollowsTheInvoiceAndInputVATTheCountrysRule() throws {
        // 1000.00 + 190.00 VAT from a German supplier, invoiced 20 March, paid 5 April.
        // a 2000.00 service from another EU country (§ 13b (1) UStG), invoiced 25 March,
        // paid in halves on 10 April and 1 July; Y-1: the same, invoiced 2 June, never paid.
        let purchases = Purchases(taxes: [
            Self.purchase("R-1", "2026-03-20", .standard, "19%", origin: .domestic, taxable: 100000, tax: 19000),
            Self.purchase("X-1", "2026-03-25", .reverseCharge, selfAssessed: "19%", origin: .eu, taxable: 200000),
            Self.purchase("Y-1", "2026-06-02", .reverseCharge, selfAssessed: "19%", origin: .eu, taxable: 50000),
        ], payments: [Self.paid("R-1", "2026-04-05", 119000), Self.paid("X-1", "2026-04-10", 100000), Self.paid("X-1", "2026-07-01", 100000)])
        let book = try VATReturnTests.book([:])
        // Germany, cash basis (Ist-Versteuerung): the 13b tax arises with the invoice (§ 13b (2)
        // UStG), and so does the deduction of input VAT (§ 15 (1) UStG): Q1 has Kz 46 2000, Kz 47
        // and Kz 67 380.00 (19 %), Kz 66 190.00; Q2 has Y-1's 500 / 95.00, unpaid; Q3 nothing.
        let q1 = VATReturn(book: book, period: Period("2026-Q1")!, basis: .cash, purchases: purchases)
        #expect(try Self.box("de-ustva", "46", q1) == 200000 && Self.box("de-ustva", "47", q1) == 38000 && Self.box("de-ustva", "67", q1) == 38000)
        #expect(try Self.box("de-ustva", "66", q1) == 19000)
        #expect(q1.sections.first?.balance == -19000)
        let q2 = VATReturn(book: book, period: Period("2026-Q2")!, basis: .cash, purchases: purchases)
        #expect(try Self.box("de-ustva", "46", q2) == 50000 && Self.box("de-ustva", "47", q2) == 9500 && Self.box("de-ustva", "66", q2) == 0)
        #expect(VATReturn(book: book, period: Period("2026-Q3")!, basis: .cash, purchases: purchases).sections.first?.purchases.isEmpty == true)

        // Austria, cash basis (Istbesteuerung): self-assessment with the invoice too (§ 19 (2)
        // UStG 1994), but input VAT only when paid (§ 12 (1) Z 1 lit. a): Q1 has KZ 057 / 066
        // 400.00 (20 % of 2000) and no KZ 060; Q2 has R-1's 190.00 (paid 5 April).
        let austrian = try VATReturnTests.book([:], settings: Self.austria)
        let atPurchases = Purchases(taxes: purchases.taxes.map { var tax = $0; tax.selfAssessedRate = tax.selfAssessedRate.map { _ in Self.rate("20%") }; return tax },
                                    payments: purchases.payments)
        let atQ1 = VATReturn(book: austrian, period: Period("2026-Q1")!, basis: .cash, purchases: atPurchases)
        #expect(try Self.box("at-u30", "057", atQ1) == 40000 && Self.box("at-u30", "066", atQ1) == 40000 && Self.box("at-u30", "060", atQ1) == 0)
        let atQ2 = VATReturn(book: austrian, period: Period("2026-Q2")!, basis: .cash, purchases: atPurchases)
        #expect(try Self.box("at-u30", "060", atQ2) == 19000 && Self.box("at-u30", "057", atQ2) == 10000)
        // On accrual both countries take R-1's input VAT in March.
        #expect(try Self.box("at-u30", "060", VATReturn(book: austrian, period: Period("2026-Q1")!, basis: .accrual, purchases: atPurchases)) == 19000)
    }

    @Test func cashBasisInputVATInAustriaSplitsPaymentsExactly() throws {
        // 100.00 + 20.00 at 20 % and 33.33 + 3.33 at 10 %, total 156.66, paid 50.00 in April and
        // 106.66 in July. April: 50.00 x 100.00 / 20.00 / 33.33 / 3.33 over 156.66 = 31.9163,
        // 6.3833, 10.6377, 1.0628; floors 31.91, 6.38, 10.63, 1.06 (49.98), the two cents to the
        // largest remainders (.7687, .6252): 31.92, 6.38, 10.64, 1.06. July: the rest, so the year
        // is the purchase's own groups exactly.
        let purchases = Purchases(taxes: [
            Self.purchase("R-2", "2026-03-30", .standard, "20%", origin: .domestic, taxable: 10000, tax: 2000),
            Self.purchase("R-2", "2026-03-30", .standard, "10%", origin: .domestic, taxable: 3333, tax: 333),
        ], payments: [Self.paid("R-2", "2026-04-10", 5000), Self.paid("R-2", "2026-07-01", 10666)])
        let book = try VATReturnTests.book([:], settings: Self.austria)
        let year = VATReturn(book: book, period: Period("2026")!, basis: .cash, purchases: purchases)
        #expect(year.sections.first?.purchases.map(\.tax).sorted() == [333, 2000])
        #expect(year.sections.first?.purchases.map(\.taxable).sorted() == [3333, 10000])
        let april = VATReturn(book: book, period: Period("2026-04")!, basis: .cash, purchases: purchases)
        #expect(april.sections.first?.purchases.map { [$0.taxable, $0.tax] }.sorted { $0[0] < $1[0] } == [[1064, 106], [3192, 638]])
        #expect(VATReturn(book: book, period: Period("2026-Q1")!, basis: .cash, purchases: purchases).sections.first?.purchases.isEmpty == true)
    }

    // MARK: 7. The Austrian U 30

    @Test func theU30BoxesOfASmallAustrianBusiness() throws {
        let clients = [
            "wien": "name: Wien KG\naddress: { street: Ring 1, city: Wien, postal_code: \"1010\", country: AT }\n",
            "bau": "name: Bau GmbH\ntax_id: ATU12345675\ntax: reverse-charge\nexemption: { code: vatex-eu-ae, text: Übergang der Steuerschuld gemäß § 19 Abs. 1a UStG }\naddress: { street: Weg 3, city: Linz, postal_code: \"4020\", country: AT }\n",
        ]
        let checked = TestBook([
            "invoices/INV-0001.yaml": invoice(client: "wien", issued: "2026-05-04", "sent: 2026-05-04\n", items: "  - { description: Planung, price: 1000.00 }\n"),
            "invoices/INV-0002.yaml": invoice(client: "bau", issued: "2026-05-06", "sent: 2026-05-06\n", items: "  - { description: Montage, price: 3000.00 }\n"),
        ], settings: Self.austria, clients: clients).check()
        #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(checked.diagnostics.map(\.message))")
        let purchases = Purchases(taxes: [
            Self.purchase("P-1", "2026-05-10", .standard, "20%", origin: .domestic, taxable: 50000, tax: 10000),
            Self.purchase("P-2", "2026-05-11", .standard, "20%", origin: .domestic, taxable: -5000, tax: -1000, credit: true),
            Self.purchase("P-3", "2026-05-12", .reverseCharge, selfAssessed: "20%", origin: .eu, taxable: 80000),
            Self.purchase("P-4", "2026-05-13", .reverseCharge, selfAssessed: "20%", origin: .domestic, taxable: 120000),
            Self.purchase("P-5", "2026-05-14", .intraCommunity, selfAssessed: "20%", origin: .eu, taxable: 40000),
            Self.purchase("P-6", "2026-05-15", .zero, origin: .nonEU, taxable: 30000, importTax: 6000),
        ])
        let may = VATReturn(book: checked.book, period: Period("2026-05")!, purchases: purchases)
        func box(_ code: String) throws -> Int64? { try Self.box("at-u30", code, may) }
        // KZ 000: all supplies, the domestic reverse-charge one included: 1000 + 3000 = 4000.00;
        // KZ 021 subtracts the 3000.00 whose tax passes to the recipient; KZ 022: 1000.00 at 20 %.
        #expect(try box("000") == 400000 && box("021") == 300000 && box("022") == 100000)
        // Reverse charge received: from the EU (§ 19 (1) second sentence) KZ 057 / 066 160.00;
        // a domestic construction service (§ 19 (1a)) KZ 048 / 082 240.00, not 057 / 066.
        #expect(try box("057") == 16000 && box("066") == 16000 && box("048") == 24000 && box("082") == 24000)
        // Intra-EU acquisition of 400.00: KZ 070 and KZ 072 the base 400.00 (FinanzOnline computes
        // the 80.00 itself), KZ 065 the 80.00 deducted.
        #expect(try box("070") == 40000 && box("072") == 40000 && box("065") == 8000)
        // Input VAT: KZ 060 the invoices' 100.00; the supplier's credit note -10.00 a § 16
        // correction, KZ 067; import VAT paid to customs 60.00, KZ 061.
        #expect(try box("060") == 10000 && box("067") == -1000 && box("061") == 6000)
        // KZ 095: output 200.00 + 160.00 + 240.00 + 80.00 = 680.00, input 100.00 - 10.00 + 160.00
        // + 240.00 + 80.00 + 60.00 = 630.00: 50.00 to pay. KZ 083 is import VAT, not the balance.
        #expect(try box("095") == 5000)
        let form = try VATForm.named("at-u30").get()
        #expect(!form.boxes.contains { $0.box == "083" && $0.source == .balance })
        let section = try #require(may.sections.first)
        #expect(form.unplaced(in: section).sales.isEmpty && form.unplaced(in: section).purchases.isEmpty)
    }

    // MARK: 8. The German UStVA: Kz 93 and Kz 62 from what a purchase says

    @Test func reducedRateAcquisitionsAndImportVATReachTheirBoxes() throws {
        let record = """
            supplier: buchhandlung
            number: "A-17"
            issued: 2026-05-08
            currency: EUR
            import_vat: 57.00
            tax:
              - { category: K, rate: 0%, taxable: 200.00, tax: 0.00, self_assessed_rate: 7% }
              - { category: K, rate: 0%, taxable: 100.00, tax: 0.00 }
            totals: { net: 300.00, tax: 0.00, total: 300.00, payable: 300.00 }
            source: { file: a-17.xml, sha256: "00" }

            """
        let checked = TestBook([
            "purchases/2026/a-17.yaml": record,
            "suppliers/buchhandlung.yaml": "name: Buchhandlung Graz\nvat_id: ATU12345675\n",
        ], settings: VATReturnTests.settings, clients: VATReturnTests.clients).check()
        #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(checked.diagnostics.map(\.message))")
        let may = VATReturn(book: checked.book, period: Period("2026-05")!, purchases: Purchases(book: checked.book))
        // Books at 7 % (the purchase says so): Kz 93 200 and 14.00 in Kz 61; the rest at the
        // book's 19 %: Kz 89 100, 19.00; import VAT 57.00 in Kz 62 (§ 15 (1) 1 Nr. 2 UStG).
        #expect(try Self.box("de-ustva", "93", may) == 20000 && Self.box("de-ustva", "89", may) == 10000)
        #expect(try Self.box("de-ustva", "61", may) == 1400 + 1900)
        #expect(try Self.box("de-ustva", "62", may) == 5700)
        // Owed 14.00 + 19.00, deducted 14.00 + 19.00 + 57.00: 57.00 to reclaim.
        #expect(try Self.box("de-ustva", "83", may) == -5700)
        // A rate that is none is an error at its line.
        let broken = TestBook([
            "purchases/2026/a-17.yaml": record.replacingOccurrences(of: "self_assessed_rate: 7%", with: "self_assessed_rate: seven"),
            "suppliers/buchhandlung.yaml": "name: Buchhandlung Graz\nvat_id: ATU12345675\n",
        ], settings: VATReturnTests.settings, clients: VATReturnTests.clients).check()
        #expect(broken.diagnostics.contains { $0.severity == .error && $0.message.contains("self_assessed_rate") && $0.file == "purchases/2026/a-17.yaml" })
    }

    /// The two new filter keys of a form table are checked like the others.
    @Test func alsoAndCorrectionAreCheckedInAFormTable() {
        func problem(_ box: String) -> String? {
            let table = "form: x\ntitle: X\ncountry: AT\ncurrency: EUR\nboxes:\n  - \(box)\n"
            guard case .failure(let problem) = VATForm.decode(table, path: "x.yaml") else { return nil }
            return problem.description
        }
        #expect(problem("{ box: \"1\", label: L, from: purchases, amount: tax, correction: maybe }") == "x.yaml:6: `correction:` is true or false")
        #expect(problem("{ box: \"1\", label: L, from: sales, amount: taxable, also: [{ category: [Q] }] }") == "x.yaml:6: `Q` is not a UNCL 5305 category")
        #expect(problem("{ box: \"1\", label: L, from: sales, amount: taxable, also: [{ colour: red }] }") == "x.yaml:6: unknown key `colour`")
        #expect(problem("{ box: \"1\", label: L, from: sales, amount: taxable, also: [{ category: [AE] }] }") == nil)
    }
}
