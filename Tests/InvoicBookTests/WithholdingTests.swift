import InvoicBook
import InvoicMoney
import InvoicTestSupport
import Testing

/// Issue 45, point 1: taxes the client withholds (Spain's IRPF). Every figure below is worked out
/// by hand from the law's rule: the withholding is the rate of the taxable base of the lines it
/// applies to (before VAT), and the client pays the total with VAT less the withholding.
@Suite struct WithholdingTests {
    static let spanish = """
        business: { name: Ana García, tax_id: ES12345678Z }
        defaults: { currency: EUR, locale: es_ES, terms: 30, tax: 21%, withholding: [{ kind: IRPF, rate: 15% }] }
        numbering: { invoice: "F-{seq:4}", credit_note: "R-{seq:4}" }
        """

    func priced(_ files: [String: String], settings: String = spanish, clients: [String: String] = ["acme": TestBook.client]) -> CheckedBook {
        TestBook(files, settings: settings, clients: clients).check()
    }

    /// 1,000.00 + 500.00 at 21 %: VAT 315.00, total 1,815.00; IRPF 15 % of 1,500.00 = 225.00;
    /// the client pays 1,815.00 - 225.00 = 1,590.00.
    @Test func theBooksWithholdingComesOffTheTotalWithVAT() throws {
        let checked = priced(["invoices/F-0001.yaml": invoice(items: "  - { description: Consultoría, quantity: 10, price: 100.00 }\n  - { description: Informe, price: 500.00 }\n")])
        #expect(checked.diagnostics.filter { $0.severity == .error }.isEmpty, "\(checked.diagnostics)")
        let figures = try #require(checked.book.invoice("F-0001")?.figures)
        #expect(figures.total == 1815_00)
        #expect(figures.withholdings == [WithheldTax(withholding: Withholding(kind: "IRPF", rate: Rate(milliPercent: 15_000)), base: 1500_00, amount: 225_00)])
        #expect(figures.payable == 1590_00)
        let invoice = try #require(checked.book.invoice("F-0001"))
        #expect(checked.book.account(of: invoice, through: .distantFuture)?.balance == 1590_00)
    }

    /// 333.33 x 15 % = 49.9995, rounded once by the book's rule (half away from zero) to 50.00;
    /// VAT 21 % of 333.33 = 69.9993 -> 70.00; due 333.33 + 70.00 - 50.00 = 353.33.
    @Test func theWithholdingIsRoundedOnceOnItsBase() throws {
        let checked = priced(["invoices/F-0001.yaml": invoice(items: "  - { description: Consultoría, price: 333.33 }\n") + "due_amount: 353.33\n"])
        #expect(checked.diagnostics.filter { $0.severity == .error }.isEmpty, "\(checked.diagnostics)")
        let figures = try #require(checked.book.invoice("F-0001")?.figures)
        #expect(figures.withheld == 50_00 && figures.payable == 353_33)
    }

    /// A disbursement (suplido) is not subject: `withholding: []` on its line leaves it out of the
    /// base. 1,000.00 at 21 % + 80.00 exempt: IRPF 150.00 on 1,000.00; due 1,290.00 - 150.00.
    @Test func aLineMayBeLeftOutOfTheBase() throws {
        let items = "  - { description: Consultoría, price: 1000.00 }\n  - { description: Tasas pagadas por cuenta del cliente, price: 80.00, tax: exempt, withholding: [] }\n"
        let checked = priced(["invoices/F-0001.yaml": invoice(items: items) + "exemption: Suplido, art. 78.Tres.3º LIVA\n"])
        #expect(checked.diagnostics.filter { $0.severity == .error }.isEmpty, "\(checked.diagnostics)")
        let figures = try #require(checked.book.invoice("F-0001")?.figures)
        #expect(figures.total == 1290_00 && figures.withheld == 150_00 && figures.payable == 1140_00)
    }

    /// Only one line subject (the others have none by the book): 7 % of 200.00 = 14.00.
    @Test func onlyTheLinesThatSayItAreSubject() throws {
        let plain = TestBook.settings.replacingOccurrences(of: "terms: 30", with: "terms: 30, tax: 21%")
        let items = "  - { description: Goods, price: 300.00 }\n  - { description: Advice, price: 200.00, withholding: [{ kind: IRPF, rate: 7% }] }\n"
        let checked = priced(["invoices/INV-0001.yaml": invoice(items: items)], settings: plain)
        let figures = try #require(checked.book.invoice("INV-0001")?.figures)
        #expect(figures.total == 605_00 && figures.withheld == 14_00 && figures.payable == 591_00)
    }

    /// The document's own rate over the client's over the book's, and `[]` for none.
    @Test func theDocumentOverTheClientOverTheBook() throws {
        let client = "name: Acme\nwithholding: [{ kind: IRPF, rate: 19% }]\n"
        let checked = priced([
            "invoices/F-0001.yaml": invoice(items: "  - { description: Alquiler, price: 1000.00 }\n"),
            "invoices/F-0002.yaml": invoice(items: "  - { description: Consultoría, price: 1000.00 }\n") + "withholding: [{ kind: IRPF, rate: 7% }]\n",
            "invoices/F-0003.yaml": invoice(items: "  - { description: Venta, price: 1000.00 }\n") + "withholding: []\n",
        ], clients: ["acme": client])
        #expect(checked.book.invoice("F-0001")?.figures?.withheld == 190_00)
        #expect(checked.book.invoice("F-0002")?.figures?.withheld == 70_00)
        #expect(checked.book.invoice("F-0003")?.figures?.withheld == 0)
        #expect(checked.book.invoice("F-0003")?.figures?.payable == 1210_00)
    }

    /// On every line, a document discount lowers the base: 10 % off 1,000.00 = 900.00, IRPF 135.00,
    /// VAT 189.00, total 1,089.00, due 954.00.
    @Test func aDocumentDiscountLowersTheBaseWhenEveryLineIsSubject() throws {
        let checked = priced(["invoices/F-0001.yaml": invoice(items: "  - { description: Consultoría, price: 1000.00 }\n") + "discount: 10%\n"])
        let figures = try #require(checked.book.invoice("F-0001")?.figures)
        #expect(figures.total == 1089_00 && figures.withheld == 135_00 && figures.payable == 954_00)
    }

    @Test func aDocumentDiscountWithSomeLinesSubjectIsRefusedAtTheLine() {
        let items = "  - { description: Consultoría, price: 1000.00 }\n  - { description: Suplido, price: 80.00, withholding: [] }\n"
        let findings = TestBook(["invoices/F-0001.yaml": invoice(items: items) + "discount: 10%\n"], settings: Self.spanish).findings()
        #expect(findings.contains("invoices/F-0001.yaml:5:56 withholding-base-unclear"), "\(findings)")
    }

    @Test func aWithholdingThatMakesNoSenseIsAnErrorAtItsValue() {
        let findings = TestBook([
            "invoices/F-0001.yaml": invoice() + "withholding: [{ kind: IRPF, rate: 15% }, { kind: IRPF, rate: 7% }]\n",
            "invoices/F-0002.yaml": invoice() + "withholding: [{ kind: IRPF, rate: 0% }]\n",
            "invoices/F-0003.yaml": invoice() + "withholding: [{ kind: irpf 15, rate: 15% }]\n",
            "invoices/F-0004.yaml": invoice() + "withholding: [{ kind: IRPF }]\n",
        ], settings: Self.spanish).findings()
        #expect(findings.contains("invoices/F-0001.yaml:5:50 invalid-withholding"), "\(findings)")
        #expect(findings.contains("invoices/F-0002.yaml:5:35 invalid-withholding"), "\(findings)")
        #expect(findings.contains("invoices/F-0003.yaml:5:23 invalid-withholding"), "\(findings)")
        #expect(findings.contains { $0.hasPrefix("invoices/F-0004.yaml:5:") && $0.hasSuffix("missing-key") }, "\(findings)")
    }

    /// A stated amount due is checked against total - withholding; the wrong one says how.
    @Test func aStatedAmountDueIsTheTotalLessTheWithholding() throws {
        let checked = priced(["invoices/F-0001.yaml": invoice(items: "  - { description: Consultoría, price: 1000.00 }\n") + "due_amount: 1210.00\n"])
        let mismatch = try #require(checked.diagnostics.first { $0.code == .statedFigureMismatch })
        #expect(mismatch.help?.contains("IRPF 15% of 1000.00 150.00") == true, "\(mismatch.help ?? "")")
        #expect(mismatch.help?.contains("due 1060.00") == true)
    }

    /// Paid what it asks (1,060.00), the invoice is paid; a full credit note (its own IRPF 150.00)
    /// takes off 1,060.00 and leaves nothing owed.
    @Test func paymentsAndCreditNotesSettleTheAmountAfterWithholding() throws {
        let sent = invoice(items: "  - { description: Consultoría, price: 1000.00 }\n") + "sent: 2026-03-01\n"
        let paid = priced(["invoices/F-0001.yaml": sent + "payments:\n  - { date: 2026-03-20, amount: 1060.00, method: bank_transfer }\n"])
        #expect(paid.diagnostics.filter { $0.severity == .error }.isEmpty, "\(paid.diagnostics)")
        let invoice = try #require(paid.book.invoice("F-0001"))
        #expect(paid.book.status(of: invoice, today: Day("2026-04-01")!) == .paid)

        let credited = priced([
            "invoices/F-0001.yaml": sent,
            "credit-notes/R-0001.yaml": "client: acme\nissued: 2026-03-10\nsent: 2026-03-10\ncorrects: F-0001\nreason: Anulada\nitems:\n  - { description: Consultoría, price: 1000.00 }\n",
        ])
        #expect(credited.diagnostics.filter { $0.severity == .error }.isEmpty, "\(credited.diagnostics)")
        let note = try #require(credited.book.document("R-0001")?.figures)
        #expect(note.withheld == 150_00 && note.payable == 1060_00)
        let account = try #require(credited.book.invoice("F-0001").flatMap { credited.book.account(of: $0, through: .distantFuture) })
        #expect(account.credited == 1060_00 && account.balance == 0)
    }
}
