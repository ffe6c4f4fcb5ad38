import Foundation
import InvoicTestSupport
import Testing

/// `invoic receive`, `view` and `pay` on a purchase, run as a user runs them; and every e-invoice
/// invoic writes for the example books received back with the book's own figures.
@Suite struct ReceiveCommandTests {
    static let received = Invoic.fixtures.appendingPathComponent("received")

    static func emptyBook() throws -> URL {
        let book = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-receive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
        try Data("business:\n  name: Käufer GmbH\n  address: { street: Markt 1, city: Köln, postal_code: \"50667\", country: DE }\n".utf8)
            .write(to: book.appendingPathComponent("invoic.yaml"))
        return book
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func files(below folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var result: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if !path.hasPrefix(".invoic") { result.append(path) }
        }
        return result.sorted()
    }

    @Test func receiveRecogniseRefuseAndPay() throws {
        let book = try Self.emptyBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let pdf = Self.received.appendingPathComponent("zugferd-pdf_zf_en16931_1.pdf").path
        let first = try Invoic.run(["receive", pdf, "--today", "2026-11-26"], in: book)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "received zugferd-pdf_zf_en16931_1.pdf: 471102 from lieferant-gmbh (new supplier: suppliers/lieferant-gmbh.yaml) -> purchases/2018/lieferant-gmbh-471102.yaml\n")
        #expect(try Data(contentsOf: book.appendingPathComponent("purchases/2018/lieferant-gmbh-471102.pdf")) == Data(contentsOf: URL(fileURLWithPath: pdf)))

        let again = try Invoic.run(["receive", Self.received.appendingPathComponent("zugferd-pdf_zf_xrechnung_1.pdf").path], in: book)
        #expect(again.status == 0)
        #expect(again.stdout.contains("already received zugferd-pdf_zf_xrechnung_1.pdf: 471102 from lieferant-gmbh"))

        let before = Self.files(below: book)
        for hostile in ["zugferd-pdf_plain.pdf", "pdf-with-other-attachment.pdf"] {
            let refused = try Invoic.run(["receive", Self.received.appendingPathComponent(hostile).path], in: book)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("error: no e-invoice"), "\(refused.stderr)")
        }
        let xxe = book.appendingPathComponent("../xxe-\(UUID().uuidString).xml")
        try Data("<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><Invoice>&e;</Invoice>".utf8).write(to: xxe)
        defer { try? FileManager.default.removeItem(at: xxe) }
        let refused = try Invoic.run(["receive", xxe.path], in: book)
        #expect(refused.status == 1 && refused.stderr.contains("DOCTYPE"))
        #expect(Self.files(below: book) == before, "a refused file writes nothing")

        #expect(try Invoic.run(["check"], in: book).status == 0)
        let pay = try Invoic.run(["pay", "471102", "--amount", "29.87", "--date", "2026-11-20"], in: book)
        #expect(pay.status == 0, "\(pay.stderr)")
        #expect(pay.stdout.contains("recorded 29.87 EUR paid on 2026-11-20 for purchase 471102 of lieferant-gmbh (500.00 left to pay)"))
        #expect(try Invoic.run(["pay", "471102", "--amount", "600"], in: book).status == 1)
        let report = try Self.json(Invoic.run(["report", "--format", "json", "--today", "2026-11-26"], in: book).stdout)
        let purchase = try #require((report["purchases"] as? [[String: Any]])?.first)
        #expect(purchase["number"] as? String == "471102")
        #expect(purchase["status"] as? String == "overdue" || purchase["status"] as? String == "partial")
        #expect((purchase["balance"] as? [String: Any])?["decimal"] as? String == "500.00")
        #expect((purchase["tax"] as? [String: Any])?["decimal"] as? String == "56.87")
        #expect(purchase["source"] as? String == "purchases/2018/lieferant-gmbh-471102.pdf")
        let inputTax = try #require((report["input_tax"] as? [[String: Any]])?.first)
        let quarter = try #require((inputTax["by_quarter"] as? [[String: Any]])?.first)
        #expect(quarter["period"] as? String == "2018-Q1")
        #expect((quarter["tax"] as? [String: Any])?["decimal"] as? String == "56.87")
        #expect(try Invoic.run(["check"], in: book).status == 0, "a payment is the record's only key the user writes")

        // The original edited: check finds it.
        let original = book.appendingPathComponent("purchases/2018/lieferant-gmbh-471102.pdf")
        var bytes = try Data(contentsOf: original)
        bytes.append(0x0A)
        try bytes.write(to: original)
        let check = try Invoic.run(["check"], in: book)
        #expect(check.status == 1)
        #expect(check.stderr.contains("[purchase-source]"))
    }

    @Test func viewShowsAnyEInvoice() throws {
        let text = try Invoic.run(["view", Self.received.appendingPathComponent("ubl-tc434-example2.xml").path, "--locale", "de_DE"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("Rechnung TOSL108\n"), "the words in the reader's language")
        #expect(text.stdout.contains("Offener Betrag"))
        #expect(text.stdout.contains("801,78"), "amounts in the reader's locale")
        #expect(text.stdout.contains("Befunde (Regeln der EN 16931)\n  Keine"))
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("view-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: out) }
        let broken = try Invoic.creditNoteBreakingBR01()
        defer { try? FileManager.default.removeItem(at: broken) }
        let html = try Invoic.run(["view", broken.path, "-o", out.path])
        #expect(html.status == 0, "\(html.stderr)")
        let page = try String(contentsOf: out, encoding: .utf8)
        #expect(page.contains("<h1>Credit note 018304 / 28865</h1>"))
        #expect(page.contains("<b>BR-01</b>"))
        #expect(!page.contains("BR-CO-25"), "CEN's rules do not ask a UBL credit note for a due date")
        let plain = try Invoic.run(["view", Self.received.appendingPathComponent("zugferd-pdf_plain.pdf").path])
        #expect(plain.status == 1 && plain.stderr.contains("no e-invoice"))
    }

    /// Every book whose documents can be e-invoices (the contractor's and the musician's lack the
    /// seller ids EN 16931 asks for; xrechnung-03.05a states a cent the book does not compute).
    static let exportingBooks = ["examples/studio", "examples/wholesale"]
        + ["en16931-example1", "en16931-example2", "en16931-example3", "en16931-example4", "en16931-example5", "en16931-example7",
           "en16931-example8", "en16931-example9", "peppol-se-credit", "peppol-se-discounts", "peppol-se-elnat"].map { "Tests/Fixtures/official/\($0)" }

    /// Every invoice and credit note of those books, exported as UBL, CII and Factur-X, received
    /// back: the same tax and total to the cent, no rule broken, and the second and third format of
    /// a document recognised as the same document.
    @Test(arguments: exportingBooks)
    func everyExportedEInvoiceIsReceivedWithTheBooksFigures(_ example: String) throws {
        let source = Invoic.repository.appendingPathComponent(example)
        let today = "2026-11-21"
        let report = try Self.json(Invoic.run(["report", "--format", "json", "--today", today], in: source).stdout)
        var expected: [String: (tax: String, total: String)] = [:]
        for row in (report["invoices"] as? [[String: Any]] ?? []) where row["status"] as? String != "draft" {
            expected[row["number"] as! String] = (((row["tax"] as? [String: Any])?["decimal"] as? String) ?? "", ((row["total"] as? [String: Any])?["decimal"] as? String) ?? "")
        }
        for row in (report["credit_notes"] as? [[String: Any]] ?? []) where row["status"] as? String != "draft" {
            expected[row["number"] as! String] = (((row["tax"] as? [String: Any])?["decimal"] as? String) ?? "", ((row["total"] as? [String: Any])?["decimal"] as? String) ?? "")
        }
        #expect(!expected.isEmpty)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-roundtrip-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let book = try Self.emptyBook()
        defer { try? FileManager.default.removeItem(at: book) }
        for (index, format) in ["ubl", "cii", "factur-x"].enumerated() {
            let folder = out.appendingPathComponent(format)
            let export = try Invoic.run(["export", "-C", source.path, "--format", format, "-o", folder.path] + expected.keys.sorted())
            #expect(export.status == 0, "\(format): \(export.stderr)")
            let receive = try Invoic.run(["receive", folder.path, "--today", today], in: book)
            #expect(receive.status == 0, "\(format): \(receive.stderr)")
            #expect(!receive.stdout.contains("finding"), "\(format): invoic's own e-invoices break no rule:\n\(receive.stdout)")
            let lines = receive.stdout.split(separator: "\n").filter { !$0.hasPrefix("  ") }
            #expect(lines.count == expected.count)
            #expect(lines.allSatisfy { $0.hasPrefix(index == 0 ? "received " : "already received ") }, "\(format):\n\(receive.stdout)")
        }
        let received = try Self.json(Invoic.run(["report", "--format", "json", "--today", today], in: book).stdout)
        let purchases = received["purchases"] as? [[String: Any]] ?? []
        #expect(purchases.count == expected.count)
        for purchase in purchases {
            let number = purchase["number"] as? String ?? ""
            let figures = try #require(expected[number], "\(number) was not exported")
            #expect((purchase["tax"] as? [String: Any])?["decimal"] as? String == figures.tax, "\(example) \(number) tax")
            #expect((purchase["total"] as? [String: Any])?["decimal"] as? String == figures.total, "\(example) \(number) total")
            #expect((purchase["findings"] as? [Any])?.isEmpty == true)
        }
        #expect(try Invoic.run(["check"], in: book).status == 0)
    }

    /// An outgoing transfer to the supplier's IBAN for the open amount pays the purchase;
    /// `--apply` records it once, with the bank's reference.
    @Test func matchRecordsDebitsOnPurchases() throws {
        let book = try Self.emptyBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let received = try Invoic.run(["receive", Self.received.appendingPathComponent("zugferd-pdf_zf_xrechnung_1.pdf").path, "--today", "2026-11-26"], in: book)
        #expect(received.status == 0, "\(received.stderr)")
        let statement = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>
              <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
              <Ntry><Amt Ccy="EUR">529.87</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
                <BookgDt><Dt>2026-11-25</Dt></BookgDt><AcctSvcrRef>OUT-1</AcctSvcrRef>
                <NtryDtls><TxDtls><Amt Ccy="EUR">529.87</Amt><CdtDbtInd>DBIT</CdtDbtInd>
                  <RltdPties><Cdtr><Pty><Nm>Lieferant GmbH</Nm></Pty></Cdtr><CdtrAcct><Id><IBAN>DE02 1203 0000 0000 2020 51</IBAN></Id></CdtrAcct></RltdPties>
                  <RmtInf><Ustrd>Zahlung</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
            </Stmt></BkToCstmrStmt></Document>
            """
        try Data(statement.utf8).write(to: book.appendingPathComponent("out.xml"))
        let proposal = try Invoic.run(["match", "out.xml"], in: book)
        #expect(proposal.status == 0, "\(proposal.stderr)")
        #expect(proposal.stdout.contains("\npurchases paid:\n  2026-11-25  -529.87 EUR  matched (iban)  471102 Lieferant GmbH\n"), "\(proposal.stdout)")
        // The same in JSON, for programs.
        let proposed = try Self.json(Invoic.run(["match", "--json", "out.xml"], in: book).stdout)
        let paying = try #require((proposed["purchases"] as? [[String: Any]])?.first)
        #expect(paying["number"] as? String == "471102" && paying["outcome"] as? String == "matched" && paying["basis"] as? String == "iban")
        #expect(paying["amount"] as? String == "529.87" && paying["record"] as? String == "purchases/2018/lieferant-gmbh-471102.yaml", "\(paying)")
        let apply = try Invoic.run(["match", "out.xml", "--apply"], in: book)
        #expect(apply.stderr.contains("recorded 529.87 EUR paid on 2026-11-25 for purchase 471102"), "\(apply.stderr)")
        let again = try Invoic.run(["match", "out.xml", "--apply"], in: book)
        #expect(again.stdout.contains("recorded (reference)  471102"), "\(again.stdout)")
        let record = try String(contentsOf: book.appendingPathComponent("purchases/2018/lieferant-gmbh-471102.yaml"), encoding: .utf8)
        #expect(record.hasSuffix("payments:\n  - {date: 2026-11-25, amount: 529.87, reference: OUT-1}\n"))
        let report = try Self.json(Invoic.run(["report", "--format", "json", "--today", "2026-11-26"], in: book).stdout)
        #expect((report["purchases"] as? [[String: Any]])?.first?["status"] as? String == "paid")
    }

    /// Issue 30 meets issue 29: a received invoice is input VAT in the VAT return and a purchase
    /// in the journal, which hledger itself checks; paying it clears the payable.
    @Test func aReceivedInvoiceIsInputVATAndAPurchaseInTheJournal() throws {
        let book = try Self.emptyBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let xml = Self.received.appendingPathComponent("xrechnung-01.01a-INVOICE_ubl.xml").path
        #expect(try Invoic.run(["receive", xml], in: book).status == 0)
        let vat = try Invoic.run(["report", "--format", "json", "vat", "--period", "2016"], in: book)
        #expect(vat.status == 0, "\(vat.stderr)")
        let section = try #require((try Self.json(vat.stdout)["sections"] as? [[String: Any]])?.first)
        // The example's tax breakdown: 314.86 at 7 % with 22.04 VAT (BT-116, BT-117), all reclaimed.
        #expect(section["input_tax"] as? String == "22.04" && section["balance"] as? String == "-22.04", "\(section)")
        let number = "123456XX"
        #expect(try Invoic.run(["pay", number, "--amount", "336.90", "--date", "2016-04-20"], in: book).status == 0)
        let journal = try Invoic.run(["export-journal", "--format", "hledger"], in: book)
        #expect(journal.stdout.contains("Assets:VAT:Input:7                         22.04 EUR"), "\(journal.stdout)")
        let file = book.appendingPathComponent("book.journal")
        try Data(journal.stdout.utf8).write(to: file)
        #expect(try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["hledger", "-f", file.path, "check"]).status == 0)
        let payable = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["hledger", "-f", file.path, "bal", "Liabilities:Payable", "--flat", "-N"])
        // hledger hides an account whose balance is zero: nothing is owed to the supplier any more.
        #expect(payable.status == 0 && payable.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(payable.stdout)")
    }
}
