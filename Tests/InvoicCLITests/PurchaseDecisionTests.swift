import Foundation
import InvoicTestSupport
import Testing

/// A received document that breaks a fatal rule is kept and marked until the user decides:
/// `check` warns, the report lists it as awaiting a decision; `invoic purchase accept|reject`
/// writes the verdict, the reason and the day on the record; a rejected one leaves the input VAT,
/// the payables and the journal. Run with the built binary, as a user runs it.
@Suite struct PurchaseDecisionTests {
    /// CEN's UBL example 1 with its total with VAT (BT-112) and amount due (BT-115) one euro
    /// higher: 251.33 where BT-109 + BT-110 is 229.60 + 20.73 = 250.33, so it breaks BR-CO-15
    /// (and BR-CO-16 still holds). A scratch file the caller removes.
    static func invoiceBreakingBRCO15() throws -> URL {
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).xml")
        var xml = try String(contentsOf: Invoic.fixtures.appendingPathComponent("received/ubl-tc434-example1.xml"), encoding: .utf8)
        for element in ["TaxInclusiveAmount", "PayableAmount"] {
            let written = "<cbc:\(element) currencyID=\"EUR\">250.33</cbc:\(element)>"
            #expect(xml.contains(written))
            xml = xml.replacingOccurrences(of: written, with: "<cbc:\(element) currencyID=\"EUR\">251.33</cbc:\(element)>")
        }
        try xml.write(to: broken, atomically: true, encoding: .utf8)
        return broken
    }

    static let number = "12115118"
    static let record = "purchases/2015/de-koksmaat-12115118.yaml"

    func report(_ book: URL) throws -> (purchase: [String: Any], json: [String: Any]) {
        let run = try Invoic.run(["report", "--format", "json", "--today", "2026-11-27"], in: book)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try ReceiveCommandTests.json(run.stdout)
        return (try #require((json["purchases"] as? [[String: Any]])?.first), json)
    }

    func decimal(_ value: Any?) -> String? { (value as? [String: Any])?["decimal"] as? String }

    @Test func aBrokenDocumentIsKeptMarkedAndDecided() throws {
        let book = try ReceiveCommandTests.emptyBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let broken = try Self.invoiceBreakingBRCO15()
        defer { try? FileManager.default.removeItem(at: broken) }

        let received = try Invoic.run(["receive", broken.path, "--today", "2026-11-27"], in: book)
        #expect(received.status == 0, "\(received.stderr)")
        #expect(received.stdout.contains("finding BR-CO-15"), "\(received.stdout)")
        let original = try String(contentsOf: book.appendingPathComponent(Self.record), encoding: .utf8)
        #expect(original.contains("- rule: BR-CO-15"), "kept, with the rule on the record")
        #expect(original.contains("# The rules the document breaks. It is kept (it is the supplier's invoice)"), "and the record says what it awaits")

        // Until a decision: check warns (exit 0: a warning), the report marks it, the web app's
        // words say so; its amount is owed and its VAT deductible as stated.
        let check = try Invoic.run(["check"], in: book)
        #expect(check.status == 0)
        #expect(check.stderr.contains("warning[purchase-undecided]: purchase 12115118 of de-koksmaat breaks fatal rules (BR-CO-15)"), "\(check.stderr)")
        #expect(check.stderr.contains("--> \(Self.record)"))
        var (purchase, json) = try report(book)
        #expect(purchase["awaits_decision"] as? Bool == true && purchase["decision"] is NSNull)
        #expect(purchase["findings"] as? [String] == ["BR-CO-15"])
        #expect(decimal((json["payables"] as? [[String: Any]])?.first?["outstanding"]) == "251.33")
        let html = try Invoic.run(["report", "--format", "html", "--today", "2026-11-27"], in: book).stdout
        #expect(html.contains("BR-CO-15 · breaks rules: accept or reject it"), "the HTML report marks it")

        // A decision needs its reason, and a purchase the book has.
        let noReason = try Invoic.run(["purchase", "reject", Self.number, "--reason", "  "], in: book)
        #expect(noReason.status == 1 && noReason.stderr.contains("error: a decision needs its reason"), "\(noReason.stderr)")
        let unknown = try Invoic.run(["purchase", "accept", "NOPE-1", "--reason", "x"], in: book)
        #expect(unknown.status == 1 && unknown.stderr.contains("no purchase numbered NOPE-1"), "\(unknown.stderr)")
        #expect(try String(contentsOf: book.appendingPathComponent(Self.record), encoding: .utf8) == original, "a refusal writes nothing")

        // Rejected: the verdict, the reason (quoted by the book's writer) and the day on the record.
        let reason = "asked De Koksmaat for a corrected invoice: BT-112 is 250.33 # not 251.33"
        let reject = try Invoic.run(["purchase", "reject", Self.number, "--reason", reason, "--today", "2026-11-27"], in: book)
        #expect(reject.status == 0, "\(reject.stderr)")
        #expect(reject.stdout.contains("rejected purchase 12115118 of de-koksmaat on 2026-11-27: kept and listed, but out of the input VAT and the payables"), "\(reject.stdout)")
        let rejected = try String(contentsOf: book.appendingPathComponent(Self.record), encoding: .utf8)
        #expect(rejected.contains("decision:\n  status: rejected\n  reason: \"\(reason)\"\n  date: 2026-11-27\n"), "\(rejected)")
        #expect(rejected.hasSuffix("payments: []\n"), "`payments:` stays the record's last key")
        let quiet = try Invoic.run(["check"], in: book)
        #expect(quiet.status == 0 && !quiet.stderr.contains("purchase-undecided") && quiet.stderr.contains("no warnings"), "\(quiet.stderr)")
        (purchase, json) = try report(book)
        #expect(purchase["status"] as? String == "rejected" && purchase["awaits_decision"] as? Bool == false)
        let decision = try #require(purchase["decision"] as? [String: Any])
        #expect(decision["status"] as? String == "rejected" && decision["reason"] as? String == reason && decision["date"] as? String == "2026-11-27")
        #expect((json["payables"] as? [Any])?.isEmpty == true, "not owed")
        #expect((json["input_tax"] as? [Any])?.isEmpty == true, "not deductible")
        let vat = try ReceiveCommandTests.json(Invoic.run(["report", "--format", "json", "vat", "--period", "2015"], in: book).stdout)
        #expect((vat["sections"] as? [Any])?.isEmpty == true, "no input VAT in the return: \(vat)")
        let journal = try Invoic.run(["export-journal", "--format", "hledger"], in: book)
        #expect(!journal.stdout.contains("Liabilities:Payable"), "\(journal.stdout)")

        // Accepted after all (a second decision replaces the first): counted as any purchase,
        // 20.73 of input VAT at 21 % and 251.33 owed as stated, and check stays quiet.
        let accept = try Invoic.run(["purchase", "accept", Self.number, "--reason", "the supplier confirmed 251.33", "--date", "2026-11-28"], in: book)
        #expect(accept.status == 0, "\(accept.stderr)")
        let accepted = try String(contentsOf: book.appendingPathComponent(Self.record), encoding: .utf8)
        #expect(accepted.components(separatedBy: "\ndecision:\n").count == 2 && accepted.contains("  status: accepted\n  reason: the supplier confirmed 251.33\n  date: 2026-11-28\n"))
        #expect(!accepted.contains(reason))
        let stillQuiet = try Invoic.run(["check"], in: book)
        #expect(stillQuiet.status == 0 && stillQuiet.stderr.contains("no warnings"), "\(stillQuiet.stderr)")
        (purchase, json) = try report(book)
        #expect(purchase["status"] as? String == "overdue" && (purchase["decision"] as? [String: Any])?["status"] as? String == "accepted")
        #expect(decimal((json["payables"] as? [[String: Any]])?.first?["outstanding"]) == "251.33")
        let section = try #require((try ReceiveCommandTests.json(Invoic.run(["report", "--format", "json", "vat", "--period", "2015"], in: book).stdout)["sections"] as? [[String: Any]])?.first)
        #expect(section["input_tax"] as? String == "20.73", "\(section)")
    }

    /// Rejected, the same bytes again are the rejected document (a duplicate), but the corrected
    /// one the supplier sends with the same number is a new purchase beside it, owed as stated
    /// (CEN's example 1 as published: 250.33), and the rejected one stays out.
    @Test func theCorrectedDocumentIsReceivedBesideTheRejectedOne() throws {
        let book = try ReceiveCommandTests.emptyBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let broken = try Self.invoiceBreakingBRCO15()
        defer { try? FileManager.default.removeItem(at: broken) }
        #expect(try Invoic.run(["receive", broken.path], in: book).status == 0)
        #expect(try Invoic.run(["purchase", "reject", Self.number, "--reason", "asked for a corrected one"], in: book).status == 0)
        let again = try Invoic.run(["receive", broken.path], in: book)
        #expect(again.status == 0 && again.stdout.contains("already received"), "\(again.stdout)")
        let corrected = try Invoic.run(["receive", Invoic.fixtures.appendingPathComponent("received/ubl-tc434-example1.xml").path], in: book)
        #expect(corrected.status == 0 && corrected.stdout.contains("-> purchases/2015/de-koksmaat-12115118-2.yaml"), "\(corrected.stdout)")
        let check = try Invoic.run(["check"], in: book)
        #expect(check.status == 0 && check.stderr.contains("no warnings"), "\(check.stderr)")
        let (_, json) = try report(book)
        #expect((json["purchases"] as? [[String: Any]])?.map { $0["status"] as? String ?? "" }.sorted() == ["overdue", "rejected"])
        #expect(decimal((json["payables"] as? [[String: Any]])?.first?["outstanding"]) == "250.33")
        let pay = try Invoic.run(["pay", Self.number, "--full", "--date", "2026-11-27"], in: book)
        #expect(pay.status == 0 && pay.stdout.contains("recorded 250.33 EUR") && pay.stdout.contains("de-koksmaat-12115118-2.yaml"), "the corrected one is paid: \(pay.stdout)\(pay.stderr)")
    }

    /// A decision written by hand that the book cannot take is an error at its place, with the
    /// way to write it.
    @Test func aDecisionWithoutItsReasonIsAnErrorAtItsLine() throws {
        let book = try ReceiveCommandTests.emptyBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let broken = try Self.invoiceBreakingBRCO15()
        defer { try? FileManager.default.removeItem(at: broken) }
        #expect(try Invoic.run(["receive", broken.path], in: book).status == 0)
        let record = book.appendingPathComponent(Self.record)
        let text = try String(contentsOf: record, encoding: .utf8)
        try text.replacingOccurrences(of: "\npayments: []", with: "\ndecision: {status: rejected, date: 2026-11-27}\npayments: []")
            .write(to: record, atomically: true, encoding: .utf8)
        let line = text.components(separatedBy: "\n").firstIndex { $0.hasPrefix("payments:") }! + 1
        let check = try Invoic.run(["check", "--diagnostics-format", "gnu"], in: book)
        #expect(check.status == 1)
        #expect(check.stderr.contains("\(Self.record):\(line):"), "\(check.stderr)")
        #expect(check.stderr.contains("`decision:` needs a `reason:`"), "\(check.stderr)")
    }
}
