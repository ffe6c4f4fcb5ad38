import Foundation
import InvoicTestSupport
import Testing

/// `invoic ereport` as a user runs it (docs/france.md, "E-reporting").
@Suite struct EReportCommandTests {
    static let settings = """
        business:
          name: Atelier Lumen SAS
          address: {street: 4 rue des Arts, city: Paris, postal_code: "75003", country: FR}
          siren: 732 829 320
          tax_id: FR44732829320
        defaults: {currency: EUR, locale: fr_FR, tax: 20%, terms: 30}
        """

    /// One sale to a consumer, 120.00 + 24.00 VAT, paid the same day: both files, with those figures.
    @Test func writesTheTransactionsAndPaymentsOfAPeriod() throws {
        let sale = "client: marie\nissued: 2026-09-04\nsent: 2026-09-04\nitems:\n  - {description: Portrait, quantity: 1, price: 120.00}\n"
            + "payments:\n  - {date: 2026-09-04, amount: 144.00, method: card}\n"
        let book = TestBook(["invoices/INV-0001.yaml": sale], settings: Self.settings, clients: ["marie": "name: Marie Dupont\n"])
        defer { book.remove() }
        let root = URL(fileURLWithPath: book.root)
        let run = try Invoic.run(["ereport", "--period", "2026-09-D1", "--platform", "0042", "--platform-name", "PA Test", "--now", "2026-09-11T06:00:00Z"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("2026-09-D1-transactions.xml (AggregatedCustomerTransactionReport)"), "\(run.stdout)")
        let folder = root.appendingPathComponent("build/ereporting")
        let transactions = try String(contentsOf: folder.appendingPathComponent("2026-09-D1-transactions.xml"), encoding: .utf8)
        #expect(transactions.contains("<TaxExclusiveAmount>120.00</TaxExclusiveAmount>") && transactions.contains("<TaxTotal>24.00</TaxTotal>"))
        #expect(transactions.contains("<DateTimeString>20260911060000</DateTimeString>") && transactions.contains("<EndDate>20260910</EndDate>"))
        let payments = try String(contentsOf: folder.appendingPathComponent("2026-09-D1-payments.xml"), encoding: .utf8)
        #expect(payments.contains("<Amount>144.00</Amount>"))
    }

    /// A period without dates is a usage error that says which periods there are.
    @Test func aPeriodWithoutDatesIsAUsageError() throws {
        let book = TestBook([:], settings: Self.settings)
        defer { book.remove() }
        for period in ["2026", "2026-09-D4", "septembre"] {
            let run = try Invoic.run(["ereport", "--period", period, "--platform", "0042", "--platform-name", "PA"], in: URL(fileURLWithPath: book.root))
            #expect(run.status == 2 && run.stderr.contains("is not an e-reporting period") && run.stderr.contains("2026-09-D1"), "\(period): \(run.stderr)")
        }
    }
}
