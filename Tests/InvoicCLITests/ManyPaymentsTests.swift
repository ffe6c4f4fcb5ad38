import Foundation
import InvoicBook
import InvoicTestSupport
import Testing

/// An invoice paid in thousands of parts, recorded from one bank statement: every payment is
/// written once, in date order, with its reference, and the book checks clean. (Recording them
/// used to parse and rewrite the growing file once per payment: 2,000 took 162 s.)
@Suite struct ManyPaymentsTests {
    @Test func aStatementOfFiveThousandPaymentsIsRecordedWhole() throws {
        let count = 5_000
        let book = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-many-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: book) }
        let files = [
            "invoic.yaml": """
                business: { name: Test Studio }
                defaults: { currency: EUR, locale: en_US, terms: 30 }
                bank:
                  columns: { date: Date, amount: Amount, remittance: Text, counterparty: Name, reference: Ref }
                  currency: EUR

                """,
            "clients/acme.yaml": "name: Acme Corp\n",
            "invoices/INV-0001.yaml": "client: acme\nissued: 2026-01-01\nsent: 2026-01-01\nitems:\n  - { description: Retainer, quantity: 1, price: \(count).00 }\n",
            "statement.csv": "Date,Amount,Text,Name,Ref\n" + (0..<count).map { index in
                String(format: "2026-02-%02d,1.00,Invoice INV-0001 part %d,Acme Corp,R%d\n", 28 - index % 28, index, index)
            }.joined(),
        ]
        for (path, text) in files {
            let url = book.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let apply = try Invoic.run(["match", "--today", "2026-03-01", "--apply", "statement.csv"], in: book)
        #expect(apply.status == 0 && apply.stderr.contains("recorded \(count) payments in 1 file"), "\(apply.stderr.suffix(500))")

        let checked = try BookChecker.check(at: book.path)
        #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(checked.diagnostics.prefix(3).map(\.message))")
        let invoice = try #require(checked.book.document("INV-0001"))
        #expect(invoice.payments.count == count)
        #expect(Set(invoice.payments.compactMap(\.reference)) == Set((0..<count).map { "R\($0)" }))
        #expect(zip(invoice.payments, invoice.payments.dropFirst()).allSatisfy { $0.date.value <= $1.date.value }, "in date order")
        #expect(invoice.figures?.paid == Int64(count) * 100 && invoice.figures?.balance == 0)
        #expect(checked.book.status(of: invoice, today: Day("2026-03-01")!) == .paid)

        let again = try Invoic.run(["match", "--today", "2026-03-01", "--apply", "statement.csv"], in: book)
        #expect(again.status == 0 && again.stderr.contains("nothing to record"), "\(again.stderr.suffix(300))")
    }
}
