import InvoicBook
import InvoicMoney
import InvoicReport
import Testing

/// Credit notes in every report: off the balance, off what was invoiced, off the tax of their
/// month, their refunds off the income of theirs.
@Suite struct CreditNoteReportTests {
    /// INV-0001: 2 x 100.00 + 10 % tax = 220.00, paid in full on 03-10. CN-0001 credits one of the
    /// two (110.00) on 04-02 and pays it back on 04-05.
    let files = [
        "invoic.yaml": "business: { name: Test Studio }\ndefaults: { currency: USD, locale: en_US, terms: 30, tax: 10% }\n",
        "invoices/INV-0001.yaml": invoiceFile(issued: "2026-03-01", sent: "2026-03-01", "payments:\n  - { date: 2026-03-10, amount: 220.00, method: card }\n"),
        "invoices/INV-0002.yaml": invoiceFile(issued: "2026-03-15", sent: "2026-03-15"),
        "credit-notes/CN-0001.yaml": """
            client: acme
            issued: 2026-04-02
            sent: 2026-04-02
            corrects: INV-0001
            reason: One design billed twice
            items:
              - { description: Design, quantity: 1, price: 100.00 }
            refunds:
              - { date: 2026-04-05, amount: 110.00, method: bank_transfer }
            """,
        "credit-notes/CN-0002.yaml": """
            client: acme
            issued: 2026-04-03
            sent: 2026-04-03
            corrects: INV-0002
            reason: Not delivered
            items:
              - { description: Design, quantity: 2, price: 100.00 }
            """,
    ]

    @Test func creditNotesComeOffEveryTotal() throws {
        let report = try ScratchBook(files).report(today: "2026-04-30")
        let usd = Currency.named("USD")!
        #expect(report.creditNotes.map(\.number) == ["CN-0002", "CN-0001"])
        #expect(report.creditNotes.map(\.refunded.minorUnits) == [0, 110_00])
        let invoices = Dictionary(uniqueKeysWithValues: report.invoices.map { ($0.number, $0) })
        #expect(invoices["INV-0001"]?.status == .paid)
        // One breakdown that adds up: 220.00 claimed - 110.00 credited - 220.00 paid + 110.00 refunded = 0.
        #expect(invoices["INV-0001"]?.paid.minorUnits == 220_00, "220.00 received")
        #expect(invoices["INV-0001"]?.refunded.minorUnits == 110_00, "110.00 paid back")
        #expect(invoices["INV-0001"]?.credited.minorUnits == 110_00)
        #expect(invoices["INV-0001"]?.balance.minorUnits == 0)
        #expect(invoices["INV-0002"]?.status == .credited)
        #expect(invoices["INV-0002"]?.balance.minorUnits == 0)
        #expect(report.dashboard.first?.outstanding == Money(0, usd))
        let client = try #require(report.clients.first)
        #expect(client.invoiced == 110_00, "440.00 invoiced less 330.00 credited")
        #expect(client.paid == 110_00)
        let april = try #require(report.tax.first?.months.first { $0.period == "2026-04" })
        #expect(april.taxable == -300_00 && april.tax == -30_00)
        let income = try #require(report.incomeByMonth.first)
        #expect(income.months.map(\.amount) == [220_00, -110_00])
        #expect(income.total == 110_00)
        let csv = report.csv().split(separator: "\n")
        #expect(csv.contains { $0.hasPrefix("CN-0001,acme,Acme Corp,2026-04-02,,USD,-110.00,-110.00,,sent,") && $0.hasSuffix(",,credit_note,INV-0001,,,,") })
    }

    @Test func theTextReportListsThemInTheBooksLanguage() throws {
        var german = files
        german["invoic.yaml"] = "business: { name: Test Studio }\ndefaults: { currency: EUR, locale: de_DE, terms: 30, tax: 10% }\n"
        let text = try ScratchBook(german).report(today: "2026-04-30").text()
        #expect(text.contains("Rechnungskorrekturen\n--------------------"))
        #expect(text.contains("gutgeschrieben"), "INV-0002 is credited in full")
    }
}
