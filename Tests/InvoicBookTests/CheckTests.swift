import InvoicMoney
import InvoicTestSupport
import Testing
@testable import InvoicBook

@Suite struct PricingStageTests {
    @Test func defaultsResolveDocumentThenClientThenBook() throws {
        let result = TestBook([
            "invoices/INV-0001.yaml": invoice(),
            "invoices/INV-0002.yaml": invoice(client: "euro", issued: "2026-03-02"),
            "invoices/INV-0003.yaml": invoice(client: "euro", issued: "2026-03-03", "currency: GBP\nlocale: en_GB\ntax: 10%\ndue: 2026-03-05\n"),
        ], clients: ["acme": TestBook.client, "euro": "name: Euro GmbH\ncurrency: EUR\nlocale: de_DE\ntax: 19%\nterms: 14\n"]).check()
        #expect(result.diagnostics.isEmpty)
        let figures = result.book.documents.map { $0.figures! }
        #expect(figures.map(\.currency.code) == ["USD", "EUR", "GBP"])
        #expect(figures.map(\.locale) == ["en_US", "de_DE", "en_GB"])
        #expect(figures.map(\.total) == [20000, 23800, 22000])
        #expect(figures.map { $0.dueDate?.description } == ["2026-03-31", "2026-03-16", "2026-03-05"])
    }

    @Test func statedFiguresAreCheckedWithTheComputation() {
        let findings = TestBook(["invoices/INV-0001.yaml": invoice("subtotal: 200.00\ntotal: 210.00\n")]).findings()
        #expect(findings == ["invoices/INV-0001.yaml:6:8 stated-figure-mismatch"])
    }

    @Test func amountRulesFollowTheCurrency() {
        let findings = TestBook([
            "invoices/INV-0001.yaml": invoice(items: "  - { description: A, quantity: 0, price: 1.00 }\n  - { description: B, price: -1 }\n  - { description: C, price: 0.00000000001 }\n  - { description: D, quantity: 1.0000001, price: 1 }\n"),
            "invoices/INV-0002.yaml": invoice(issued: "2026-03-02", "payments:\n  - { date: 2026-03-03, amount: 1.005, method: card }\n"),
            // A price carries up to 8 more decimals than its currency (USD 10, JPY 8); a JPY payment none.
            "invoices/INV-0003.yaml": invoice(issued: "2026-03-03", "currency: JPY\npayments:\n  - { date: 2026-03-04, amount: 10.5, method: card }\n",
                                              items: "  - { description: Gig, price: 1000.5 }\n"),
        ]).findings()
        #expect(findings == [
            "invoices/INV-0001.yaml:4:33 invalid-quantity",
            "invoices/INV-0001.yaml:5:30 negative-amount",
            "invoices/INV-0001.yaml:6:30 too-many-decimals",
            "invoices/INV-0001.yaml:7:33 too-many-decimals",
            "invoices/INV-0002.yaml:6:33 too-many-decimals",
            "invoices/INV-0003.yaml:7:33 too-many-decimals",
        ])
    }

    /// A description of nothing but spaces (a no-break space, an ideographic space, a tab) is empty.
    @Test func blankDescriptionsAreEmptyWhateverTheSpace() {
        let findings = TestBook(["invoices/INV-0001.yaml": invoice(
            items: "  - { description: \"\u{00A0}\u{3000}\t \", price: 1 }\n  - { description: \" a \", price: 1 }\n")]).findings()
        #expect(findings == ["invoices/INV-0001.yaml:4:20 missing-key"])
        #expect("".isBlank && " \u{00A0}\n\u{2028}".isBlank && !" x ".isBlank)
    }

    @Test func hugeQuantityIsReportedNotTrapped() {
        let findings = TestBook(["invoices/INV-0001.yaml": invoice(items: "  - { description: A, quantity: 99999999999999999999, price: 99999999 }\n")]).findings()
        // The caret goes to the operand that is too large: here the quantity.
        #expect(findings == ["invoices/INV-0001.yaml:4:33 amount-overflow"])
    }
}

@Suite struct StatusTests {
    func statuses(_ files: [String: String], today: String) -> [String: Status] {
        let result = TestBook(files).check()
        let day = Day(today)!
        return Dictionary(uniqueKeysWithValues: result.book.documents.map { ($0.number, result.book.status(of: $0, today: day)) })
    }

    @Test func invoiceStatusesFollowTheDatedFacts() {
        let files = [
            "invoices/INV-0001.yaml": invoice(),
            "invoices/INV-0002.yaml": invoice("sent: 2026-03-02\n"),
            "invoices/INV-0003.yaml": invoice("sent: 2026-03-02\npayments:\n  - { date: 2026-03-10, amount: 50.00, method: cash }\n"),
            "invoices/INV-0004.yaml": invoice("sent: 2026-03-02\npayments:\n  - { date: 2026-03-10, amount: 200.00, method: card }\n"),
            "invoices/INV-0005.yaml": invoice("sent: 2026-03-02\nvoid: { date: 2026-03-05, reason: twice }\n"),
        ]
        let early = statuses(files, today: "2026-03-20")
        #expect(early == ["INV-0001": .draft, "INV-0002": .sent, "INV-0003": .partial, "INV-0004": .paid, "INV-0005": .void])
        let late = statuses(files, today: "2026-04-01")
        #expect(late["INV-0002"] == .overdue)
        #expect(late["INV-0003"] == .overdue)
        #expect(late["INV-0004"] == .paid)
        // Facts dated after "today" have not happened yet.
        let before = statuses(files, today: "2026-03-04")
        #expect(before["INV-0003"] == .sent)
        #expect(before["INV-0005"] == .sent)
    }

    @Test func estimateStatusesFollowTheDatedFacts() {
        let files = [
            "estimates/EST-0001.yaml": invoice(),
            "estimates/EST-0002.yaml": invoice("sent: 2026-03-01\n"),
            "estimates/EST-0003.yaml": invoice("accepted: 2026-03-03\n"),
            "estimates/EST-0004.yaml": invoice("declined: 2026-03-03\n"),
            "estimates/EST-0005.yaml": invoice("accepted: 2026-03-02\n"),
            "invoices/INV-0001.yaml": invoice(issued: "2026-03-04", "from_estimate: EST-0005\n"),
        ]
        let march = statuses(files, today: "2026-03-10")
        #expect(march["EST-0001"] == .draft)
        #expect(march["EST-0002"] == .sent)
        #expect(march["EST-0003"] == .accepted)
        #expect(march["EST-0004"] == .declined)
        #expect(march["EST-0005"] == .converted)
        #expect(statuses(files, today: "2026-04-01")["EST-0002"] == .expired)
    }
}

@Suite struct NumberingTests {
    @Test func gapsDuplicatesAndOrderAreFound() {
        let findings = TestBook([
            "invoices/INV-0001.yaml": invoice(issued: "2026-03-05"),
            "invoices/INV-0002.yaml": invoice(issued: "2026-03-01"),
            "invoices/INV-0005.yaml": invoice(issued: "2026-03-06"),
            "invoices/old/INV-0005.yaml": invoice(issued: "2026-03-06"),
            "invoices/INV-7.yaml": invoice(issued: "2026-03-07"),
        ]).findings()
        #expect(findings == [
            "invoices/INV-0002.yaml:2:9 numbering-order",
            "invoices/INV-0005.yaml:0:0 numbering-gap",
            "invoices/INV-7.yaml:0:0 numbering-pattern",
            "invoices/old/INV-0005.yaml:0:0 duplicate-number",
        ])
    }

    @Test func yearlySeriesRestartAndCarryTheIssueYear() {
        let settings = TestBook.settings + "\nnumbering: { invoice: \"INV-{year}-{seq:3}\", gaps: warning }\n"
        let result = TestBook([
            "invoices/INV-2025-007.yaml": invoice(issued: "2025-12-01"),
            "invoices/INV-2026-001.yaml": invoice(issued: "2026-01-02"),
            "invoices/INV-2026-003.yaml": invoice(issued: "2026-01-03"),
            "invoices/INV-2027-002.yaml": invoice(issued: "2026-12-30"),
        ], settings: settings).check()
        let findings = result.diagnostics.map { "\($0.file!) \($0.code) \($0.severity)" }
        #expect(findings == [
            "invoices/INV-2026-003.yaml numbering-gap warning",
            "invoices/INV-2027-002.yaml numbering-gap warning",
            "invoices/INV-2027-002.yaml numbering-year error",
        ])
        #expect(result.book.nextNumber(for: .invoice, issued: Day("2026-05-01")!) == "INV-2026-004")
        #expect(result.book.nextNumber(for: .invoice, issued: Day("2028-05-01")!) == "INV-2028-001")
    }

    @Test func anUnreadableFileStillHoldsItsNumber() {
        let findings = TestBook([
            "invoices/INV-0001.yaml": invoice(),
            "invoices/INV-0002.yaml": "client: [unclosed\n",
            "invoices/INV-0003.yaml": invoice(issued: "2026-03-02"),
        ]).findings()
        #expect(findings == ["invoices/INV-0002.yaml:2:1 yaml-syntax"])
    }
}

@Suite struct DecodingTests {
    @Test func unknownKeysSuggestTheClosestKnownOne() {
        let result = TestBook(["invoices/INV-0001.yaml": invoice(items: "  - { descripton: Design, price: 1 }\n") + "valid_until: 2026-04-01\n"]).check()
        // The misspelt `description` is not also reported as missing: the suggestion says it all.
        #expect(result.diagnostics.map(\.code.name) == ["unknown-key", "unknown-key"])
        #expect(result.diagnostics[0].help == "did you mean `description`?")
        #expect(result.diagnostics[1].help == "`valid_until` belongs in an estimate, not an invoice")
    }

    @Test func everyProblemInOneFileIsReportedInOneRun() {
        let findings = TestBook(["invoices/INV-0001.yaml": """
            client: acme
            issued: 2026-02-30
            tax: 20
            currency: usd
            items:
              - { description: A, price: "1,50" }
            """]).findings()
        #expect(findings == [
            "invoices/INV-0001.yaml:2:9 invalid-date",
            "invoices/INV-0001.yaml:3:6 invalid-rate",
            "invoices/INV-0001.yaml:4:11 unknown-currency",
            "invoices/INV-0001.yaml:6:30 invalid-number",
        ])
    }
}

@Suite struct LocaleTests {
    @Test func everydayLocaleNamesAreAcceptedAndTyposAreNot() {
        for locale in ["en_US", "de_DE", "zh_CN", "zh_TW", "zh_Hans_CN", "az_AZ", "ur_PK", "ja_JP"] {
            #expect(LocaleCatalog.isKnown(locale), "\(locale)")
        }
        for locale in ["de_DEE", "de-DE", "xx_YY", "en_", "english"] {
            #expect(!LocaleCatalog.isKnown(locale), "\(locale)")
        }
    }
}

@Suite struct PaymentTests {
    /// Any method is allowed; only a near-miss of a known one is flagged, as a warning.
    @Test func anyPaymentMethodWithKnownOnesSuggested() {
        let findings = TestBook(["invoices/INV-0001.yaml": invoice(
            "payments:\n  - { date: 2026-03-02, amount: 1.00, method: PayPal }\n  - { date: 2026-03-02, amount: 1.00, method: Bank transfer }\n  - { date: 2026-03-02, amount: 1.00, method: chek }\n  - { date: 2026-03-02, amount: 1.00, method: SEPA direct debit }\n")]).findings()
        #expect(findings == ["invoices/INV-0001.yaml:7:47 unknown-payment-method", "invoices/INV-0001.yaml:8:47 unknown-payment-method"])
        #expect(PaymentMethod.suggestion(for: "Bank transfer") == .bankTransfer)
        #expect(PaymentMethod.suggestion(for: "bank_transfer") == nil)
        #expect(PaymentMethod.suggestion(for: "Venmo") == nil)
    }

    /// A deposit is money received before the invoice is issued; any other payment is not.
    @Test func onlyADepositMayPrecedeTheIssueDate() {
        let findings = TestBook(["invoices/INV-0001.yaml": invoice(
            "payments:\n  - { date: 2026-02-20, amount: 50.00, method: bank_transfer, deposit: true }\n  - { date: 2026-02-21, amount: 50.00, method: bank_transfer }\n")]).findings()
        #expect(findings == ["invoices/INV-0001.yaml:7:13 date-before-issue"])
    }
}

/// Negative lines on invoices, price base quantities, and a warning for a negative invoice.
@Suite struct ReturnsAndBaseQuantityTests {
    @Test func anInvoiceMayTakeSomethingBackAnEstimateMayNot() {
        let items = "  - { description: Chairs, quantity: 10, price: 120.00 }\n  - { description: Returned chairs, quantity: -2, price: 120.00 }\n"
        let book = TestBook(["invoices/INV-0001.yaml": invoice(items: items)])
        let result = book.check()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.book.documents.first?.figures?.total == 96_000)
        let estimate = TestBook(["estimates/EST-0001.yaml": invoice(items: items)])
        #expect(estimate.findings() == ["estimates/EST-0001.yaml:5:47 invalid-quantity"])
        let zero = TestBook(["invoices/INV-0001.yaml": invoice(items: "  - { description: A, quantity: 0, price: 1 }\n")])
        #expect(zero.findings() == ["invoices/INV-0001.yaml:4:33 invalid-quantity"])
    }

    @Test func aNegativeInvoiceIsAWarning() {
        let book = TestBook(["invoices/INV-0001.yaml": invoice(items: "  - { description: Returned chairs, quantity: -2, price: 120.00 }\n")])
        #expect(book.findings() == ["invoices/INV-0001.yaml:4:3 negative-total"])
    }

    @Test func aPricePerABaseQuantityIsPricedAndChecked() {
        let items = "  - { description: Paper, quantity: 2500, price: 12.50, per: 1000, amount: 31.25 }\n"
        let book = TestBook(["invoices/INV-0001.yaml": invoice(items: items)])
        let result = book.check()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.book.documents.first?.figures?.breakdown.subtotal == 3_125)
        let wrong = TestBook(["invoices/INV-0001.yaml": invoice(items: "  - { description: Paper, quantity: 2500, price: 12.50, per: 0 }\n")])
        #expect(wrong.findings() == ["invoices/INV-0001.yaml:4:62 invalid-quantity"])
    }
}

/// Line discounts and charges (EN 16931 BG-27, BG-28): the line net is quantity x price / per,
/// less the discounts, plus the charges, each rounded once.
@Suite struct LineAdjustmentTests {
    static let paper = """
          - description: Printing paper
            quantity: 2500
            price: 12.50
            per: 1000
            discounts:
              - { reason: Loyalty, percent: 20% }
              - { reason: Damaged box, amount: 2.00, code: "95" }
            charges:
              - { reason: Insurance, amount: 1.50 }
            amount: 24.50

        """

    @Test func theDesignExampleNetsToTheCent() {
        let result = TestBook(["invoices/INV-0001.yaml": invoice(items: Self.paper)]).check()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.book.documents.first?.figures?.lines.map(\.amount) == [2_450])
        let wrong = TestBook(["invoices/INV-0001.yaml": invoice(items: Self.paper.replacingOccurrences(of: "amount: 24.50", with: "amount: 24.51"))])
        #expect(wrong.findings() == ["invoices/INV-0001.yaml:13:13 stated-figure-mismatch"])
    }

    @Test func aPercentTakesItsBaseAndItsSign() {
        let items = """
              - description: Returned cable
                quantity: -2
                price: 9.95
                discounts: [{ reason: Restocking, percent: 10%, amount: -1.99 }]
                amount: -17.91

            """
        let result = TestBook(["invoices/INV-0001.yaml": invoice(items: items + "  - { description: Cable, quantity: 10, price: 9.95 }\n")]).check()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.book.documents.first?.figures?.lines.map(\.amount) == [-1_791, 9_950])
        let based = "  - { description: A, quantity: 1, price: 100, discounts: [{ percent: 5%, base: 40.00 }], amount: 98.00 }\n"
        #expect(TestBook(["invoices/INV-0001.yaml": invoice(items: based)]).findings() == [])
        let empty = "  - { description: A, price: 100, charges: [{ reason: Freight }] }\n"
        #expect(TestBook(["invoices/INV-0001.yaml": invoice(items: empty)]).findings() == ["invoices/INV-0001.yaml:4:45 missing-key"])
    }
}

/// What is left to pay (EN 16931 BT-115): the total, less what was prepaid, rounded to the step
/// the document, its client or the book sets (BT-114).
@Suite struct PayableTests {
    func figures(_ extra: String, settings: String = TestBook.settings, items: String = "  - { description: A, price: 100.03 }\n") -> Figures? {
        TestBook(["invoices/INV-0001.yaml": invoice(extra, items: items)], settings: settings).check().book.documents.first?.figures
    }

    @Test func swissCashRoundingAndSwedishKronor() {
        #expect(figures("payable_rounding: 0.05\n")?.roundingAmount == 2)     // 100.03 -> 100.05
        #expect(figures("payable_rounding: 0.05\n")?.payable == 10_005)
        #expect(figures("payable_rounding: 0.05\n", items: "  - { description: A, price: 100.02 }\n")?.roundingAmount == -2)
        let swedish = "business: { name: Papier AB }\ndefaults: { currency: SEK, locale: sv_SE, terms: 30, payable_rounding: 1 }"
        #expect(figures("", settings: swedish, items: "  - { description: A, price: 1234.56 }\n")?.roundingAmount == 44)
        #expect(figures("", settings: swedish, items: "  - { description: A, price: 1234.49 }\n")?.payable == 123_400)
        // The document's own step wins over the book's.
        #expect(figures("payable_rounding: 0.01\n", settings: swedish, items: "  - { description: A, price: 1234.56 }\n")?.roundingAmount == 0)
    }

    @Test func aPrepaidInvoiceIsPaidWhenTheRestIsPaid() {
        let extra = "prepaid: 300.00\nsent: 2026-03-02\ndue_amount: 700.00\npayments:\n  - { date: 2026-03-20, amount: 700.00, method: bank_transfer }\n"
        let book = TestBook(["invoices/INV-0001.yaml": invoice(extra, items: "  - { description: A, price: 1000.00 }\n")])
        let result = book.check()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let document = result.book.documents[0]
        #expect(document.figures?.balance == 0)
        #expect(result.book.status(of: document, today: Day("2026-04-01")!) == .paid)
        let wrong = TestBook(["invoices/INV-0001.yaml": invoice("prepaid: 300.00\ndue_amount: 1000.00\n", items: "  - { description: A, price: 1000.00 }\n")])
        #expect(wrong.findings() == ["invoices/INV-0001.yaml:6:13 stated-figure-mismatch"])
    }
}

/// Document allowances and charges (EN 16931 BG-20, BG-21), each in the tax group it names.
@Suite struct DocumentAdjustmentTests {
    static let items = "  - { description: A, price: 4000.00, tax: 25% }\n  - { description: B, price: 1000.00, tax: 12% }\n"

    @Test func allowancesAndChargesLandInTheirGroups() throws {
        let extra = """
            allowances:
              - { reason: Early client, code: "95", amount: 100.00, tax: 25% }
              - { reason: Volume, percent: 2.5%, base: 4000.00, tax: 25% }
              - { reason: Loyalty, percent: 10%, tax: 12% }
            charges:
              - { reason: Freight, code: FC, amount: 100.00, tax: 25% }
            allowance_total: 300.00
            charge_total: 100.00
            total: 5883.00

            """
        let result = TestBook(["invoices/INV-0001.yaml": invoice(extra, items: Self.items)]).check()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let figures = try #require(result.book.documents.first?.figures)
        // 25 %: 4000 - 100 - 100 + 100 = 3900 -> tax 975; 12 %: 1000 - 100 = 900 -> tax 108.
        #expect(figures.breakdown.groups.map(\.taxable) == [90_000, 390_000])
        #expect(figures.breakdown.groups.map(\.tax) == [10_800, 97_500])
        #expect(figures.breakdown.allowances == 30_000 && figures.breakdown.charges == 10_000)
        #expect(figures.total == 588_300)
        #expect(figures.allowances == [10_000, 10_000, 10_000] && figures.charges == [10_000])
    }

    @Test func aWrongStatedTotalIsNamed() {
        let extra = "allowances:\n  - { reason: Early client, amount: 100.00, tax: 25% }\nallowance_total: 90.00\n"
        #expect(TestBook(["invoices/INV-0001.yaml": invoice(extra, items: Self.items)]).findings() == ["invoices/INV-0001.yaml:8:18 stated-figure-mismatch"])
    }
}

extension LineAdjustmentTests {
    /// A list price is the gross price before its discount (BT-148): never below the price charged.
    @Test func aListPriceIsAtLeastThePrice() {
        let ok = "  - { description: Cable, quantity: 2, price: 9.95, list_price: 12.00 }\n"
        #expect(TestBook(["invoices/INV-0001.yaml": invoice(items: ok)]).findings() == [])
        let below = "  - { description: Cable, quantity: 2, price: 9.95, list_price: 9.9 }\n"
        #expect(TestBook(["invoices/INV-0001.yaml": invoice(items: below)]).findings() == ["invoices/INV-0001.yaml:4:65 negative-amount"])
    }
}

@Suite struct WarningsKeepFigures {
    /// A warning while reading (an unknown unit code, a payment method close to a known one) is
    /// no reason to drop the document's figures: stated figures are still checked against them.
    @Test func aDocumentWithAWarningIsStillPricedAndChecked() throws {
        let checked = TestBook(["invoices/INV-0001.yaml": invoice(
            "total: 201.00\npayments:\n  - { date: 2026-03-05, amount: 10.00, method: chek }\n",
            items: "  - { description: Power, quantity: 2, price: 100.00, unit_code: KW }\n")]).check()
        #expect(checked.book.document("INV-0001")?.figures?.total == 200_00)
        #expect(checked.diagnostics.map(\.code.name).sorted() == ["stated-figure-mismatch", "unknown-payment-method", "unknown-unit-code"])
    }
}
