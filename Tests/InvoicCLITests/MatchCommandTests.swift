import Foundation
import InvoicTestSupport
import Testing

/// `invoic match` through the built binary on a copy of the studio example: the table, JSON, the
/// payments --apply writes (and the second run that writes nothing), and broken statements.
@Suite struct MatchCommandTests {
    static let bank = Invoic.fixtures.appendingPathComponent("bank")
    static let layout = """

        bank:
          columns: { date: Buchungstag, counterparty: Auftraggeber/Empfänger, iban: IBAN, remittance: Verwendungszweck, amount: Betrag, currency: Währung }
          delimiter: ";"
          decimal: comma
          date_format: DD.MM.YYYY
          skip: 4
          encoding: windows-1252

        """

    @Test func listingChangesNothingAndApplyingRecordsOnce() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        let camt = Self.bank.appendingPathComponent("studio-2026-11.camt053.xml").path
        let before = try String(contentsOf: book.appendingPathComponent("invoices/2026/INV-2026-011.yaml"), encoding: .utf8)

        let list = try Invoic.run(["match", "--today", "2026-11-25", camt], in: book)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("2026-11-23   2550.00 EUR  matched (number)     INV-2026-011  NORDLICHT AGENTUR GMBH · Rechnung inv 2026/011 vom 21.11."))
        #expect(list.stdout.contains("1000.00 EUR is 1.00 EUR more than the 999.00 EUR due on INV-2026-009"))
        #expect(list.stdout.hasSuffix("4 matched, 1 proposal, 4 ignored; --apply records the 4 matched\n"))
        #expect(try String(contentsOf: book.appendingPathComponent("invoices/2026/INV-2026-011.yaml"), encoding: .utf8) == before)

        let dryRun = try Invoic.run(["match", "--today", "2026-11-25", "--apply", "--dry-run", camt], in: book)
        #expect(dryRun.status == 0 && dryRun.stdout.contains("+  - date: 2026-11-24\n+    amount: 1800.00\n+    method: bank_transfer\n+    reference: \"20261124-0007-A\""), "\(dryRun.stdout)")
        #expect(try String(contentsOf: book.appendingPathComponent("invoices/2026/INV-2026-011.yaml"), encoding: .utf8) == before)

        let apply = try Invoic.run(["match", "--today", "2026-11-25", "--apply", camt], in: book)
        #expect(apply.status == 0, "\(apply.stderr)")
        #expect(apply.stderr.contains("recorded 4 payments in 4 files"))
        let after = try String(contentsOf: book.appendingPathComponent("invoices/2026/INV-2026-011.yaml"), encoding: .utf8)
        #expect(after == before + "payments:\n  - date: 2026-11-23\n    amount: 2550.00\n    method: bank_transfer\n    reference: \"20261123-0001\"\n")
        let check = try Invoic.run(["check"], in: book)
        #expect(check.status == 0 && check.stderr.hasSuffix(": no errors, no warnings\n"), "\(check.stderr)")

        let again = try Invoic.run(["match", "--today", "2026-11-25", "--apply", camt], in: book)
        #expect(again.stdout.hasSuffix("1 proposal, 4 recorded, 4 ignored\n") && again.stderr == "nothing to record\n", "\(again.stdout)\(again.stderr)")
        #expect(try String(contentsOf: book.appendingPathComponent("invoices/2026/INV-2026-011.yaml"), encoding: .utf8) == after)

        let report = try Invoic.run(["report", "--today", "2026-11-25", "--format", "csv"], in: book)
        #expect(report.stdout.contains("INV-2026-011") && report.stdout.split(separator: "\n").contains { $0.hasPrefix("INV-2026-011,") && $0.contains(",paid,") }, "\(report.stdout)")
    }

    @Test func mt940AndCSVStatementsTogetherAsJSON() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        let settings = book.appendingPathComponent("invoic.yaml")
        try (String(contentsOf: settings, encoding: .utf8) + Self.layout).write(to: settings, atomically: true, encoding: .utf8)
        let run = try Invoic.run(["match", "--json", Self.bank.appendingPathComponent("studio-2026-11.mt940").path,
                                  Self.bank.appendingPathComponent("studio-2026-11.csv").path], in: book)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let entries = try #require(json["transactions"] as? [[String: Any]])
        #expect(entries.count == 9)
        let outcomes = entries.map { "\($0["outcome"]!) \(($0["allocations"] as? [[String: Any]])?.map { "\($0["number"]!)=\($0["amount"]!) \($0["kind"]!)" } ?? [])" }
        #expect(outcomes == [
            "matched [\"INV-2026-011=2550.00 payment\"]", "matched [\"INV-2026-013=1800.00 payment\"]", "ignored []", "ignored []",
            // INV-2026-009 was never paid: its credit note lowered what is owed, nothing is owed back.
            "proposal [\"CN-2026-002=0.00 refund\"]",
            // The same payment in the CSV export: the twin finds nothing left due.
            "proposal [\"INV-2026-011=0.00 payment\"]", "matched [\"INV-2026-009=500.00 payment\"]", "matched [\"INV-2026-008=797.60 payment\"]", "ignored []",
        ], "\(outcomes)")
        #expect(entries[0]["reference"] as? String == "20261123-0001" && entries[0]["basis"] as? String == "number" && entries[0]["counterparty"] as? String == "NORDLICHT AGENTUR GMBH")
        #expect(entries[7]["basis"] as? String == "counterparty")

        let apply = try Invoic.run(["match", "--apply", Self.bank.appendingPathComponent("studio-2026-11.mt940").path], in: book)
        #expect(apply.status == 0, "\(apply.stderr)")
        let creditNote = try String(contentsOf: book.appendingPathComponent("credit-notes/CN-2026-002.yaml"), encoding: .utf8)
        #expect(!creditNote.contains("refunds:"), "no refund is owed on CN-2026-002: \(creditNote)")
        #expect(try Invoic.run(["check"], in: book).status == 0)
    }

    @Test func unreadableStatementsAndBrokenBooksStopBeforeAnything() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        let broken = book.appendingPathComponent("broken.xml")
        try Data("<Document>\n  <BkToCstmrStmt>\n    <Stmt><Ntry></Stmt>\n".utf8).write(to: broken)
        let xml = try Invoic.run(["match", "--apply", "broken.xml"], in: book)
        #expect(xml.status == 1 && xml.stdout.isEmpty)
        #expect(xml.stderr.hasPrefix("broken.xml:3:19: error: the statement is not well-formed XML: an end tag does not match its start tag\n"), "\(xml.stderr)")
        let csv = try Invoic.run(["match", Self.bank.appendingPathComponent("studio-2026-11.csv").path], in: book)
        #expect(csv.status == 1 && csv.stderr.contains("this looks like a CSV statement, and invoic.yaml has no `bank:` layout for it"))
        let settings = book.appendingPathComponent("invoic.yaml")
        try (String(contentsOf: settings, encoding: .utf8) + "\nbank:\n  columns: { date: Datum }\n  date_format: TT.MM.JJJJ\n").write(to: settings, atomically: true, encoding: .utf8)
        let layout = try Invoic.run(["match", Self.bank.appendingPathComponent("studio-2026-11.csv").path], in: book)
        #expect(layout.status == 1 && layout.stderr.contains("a CSV layout needs the `date` column and either `amount` or `credit` and `debit`")
                && layout.stderr.contains("`TT.MM.JJJJ` is not a date format"), "\(layout.stderr)")
    }
}
