import Foundation
import InvoicTestSupport
import Testing

/// `invoic remind` through the built binary on a copy of the studio example: the PDFs in the
/// invoice's language with the exact fee and interest, the payment code for the new amount, and
/// --record that moves the next reminder up a level.
@Suite struct RemindCommandTests {
    static let policy = """

        reminders:
          levels:
            - { after: 7 }
            - { after: 21, fee: 5.00 }
            - { after: 35, fee: 10.00 }
          interest: 12.27%          # base rate + 9 points

        """

    func makeBook() throws -> URL {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        // The example's own levels give way to the test's.
        let settings = book.appendingPathComponent("invoic.yaml")
        let text = try String(contentsOf: settings, encoding: .utf8)
        let own = text.range(of: "\nreminders:").map { text[..<$0.lowerBound] } ?? Substring(text)
        try (String(own) + Self.policy).write(to: settings, atomically: true, encoding: .utf8)
        return book
    }

    /// Issue 25, point 5: the first reminder is level 1 however late the invoice is; the next
    /// level comes only once the one before was recorded and its interval passed; the letter calls
    /// a credit note a credit note, and asks for the account's balance plus its own charges.
    @Test func remindersClimbOneLevelAtATimeAndTellTheAccountAsItIs() throws {
        let book = try makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let run = try Invoic.run(["remind", "--today", "2026-12-20", "--json"], in: book)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: [[String: Any]]])
        let reminders = try #require(json["reminders"])
        #expect(reminders.map { "\($0["invoice"]!) \($0["level"]!) \($0["interest"]!) \($0["total"]!)" } == [
            "INV-2026-008 1 5.36 802.96", "INV-2026-009 1 8.06 1007.06", "INV-2026-011 1 12.86 2562.86",
            "INV-2026-012 1 14.07 2804.07", "INV-2026-013 1 9.08 1809.08",
        ])
        let pdf = book.appendingPathComponent("build/reminders/INV-2026-009-1.pdf")
        let text = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-layout", pdf.path, "-"]).stdout
        for expected in ["ZAHLUNGSERINNERUNG", "Rechnung INV-2026-009 vom 12.", "1.276,50 €", "Gutschrift CN-2026-002 vom", "277,50 €",
                         "Verzugszinsen 12,27 % p. a. für", "8,06 €", "1.007,06 €", "Vielleicht ist sie Ihnen entgangen"] {
            #expect(text.contains(expected), "\(expected) in\n\(text)")
        }
        for unexpected in ["Trotz unserer Erinnerung", "bezahlt", "MAHNUNG", "Mahngebühr"] {
            #expect(!text.contains(unexpected), "\(unexpected) in\n\(text)")
        }
        #expect(!text.contains("USt. 0") && !text.contains("20 %"), "no tax on a reminder")
        // The payment code asks for the new amount, with the invoice's number to match it by.
        let folder = book.appendingPathComponent("qr")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftoppm"), ["-gray", "-r", "200", "-f", "1", "-l", "1", pdf.path, folder.appendingPathComponent("page").path])
        let page = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".pgm") })
        let read = try runProcess(Invoic.repository.appendingPathComponent("scripts/read-qr.py"), [folder.appendingPathComponent(page).path])
        let payload = String(decoding: Data(stride(from: 0, to: read.stdout.count - 1, by: 2).compactMap { offset in
            UInt8(read.stdout[read.stdout.index(read.stdout.startIndex, offsetBy: offset)..<read.stdout.index(read.stdout.startIndex, offsetBy: offset + 2)], radix: 16)
        }), as: UTF8.self)
        #expect(payload.hasSuffix("\nEUR1007.06\n\n\nINV-2026-009"), "\(payload)")

        let record = try Invoic.run(["remind", "--today", "2026-12-20", "--record"], in: book)
        #expect(record.status == 0 && record.stderr.contains("recorded 5 reminders"), "\(record.stderr)")
        let invoice = try String(contentsOf: book.appendingPathComponent("invoices/2026/INV-2026-009.yaml"), encoding: .utf8)
        #expect(invoice.hasSuffix("reminders:\n  - date: 2026-12-20\n    level: 1\n    interest: 8.06\n"), "\(invoice)")
        #expect(try Invoic.run(["check"], in: book).status == 0)
        let again = try Invoic.run(["remind", "--today", "2026-12-20"], in: book)
        #expect(again.stdout.isEmpty && again.stderr.contains("no invoice reached a new reminder level on 2026-12-20"), "\(again.stderr)")
        // Not before the 14 days between the first and second level have passed since the first.
        let early = try Invoic.run(["remind", "--today", "2027-01-02", "--json"], in: book)
        let none = try #require(try JSONSerialization.jsonObject(with: Data(early.stdout.utf8)) as? [String: [[String: Any]]])
        #expect(none["reminders"]?.contains { $0["invoice"] as? String == "INV-2026-009" } == false, "\(early.stdout)")
        let later = try Invoic.run(["remind", "--today", "2027-01-10", "--json"], in: book)
        let next = try #require(try JSONSerialization.jsonObject(with: Data(later.stdout.utf8)) as? [String: [[String: Any]]])
        #expect(next["reminders"]?.first { $0["invoice"] as? String == "INV-2026-009" }.map { "\($0["level"]!) \($0["earlier_fees"]!) \($0["fee"]!) \($0["interest"]!)" }
            == "2 8.06 5.00 7.05")
        let second = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-layout", book.appendingPathComponent("build/reminders/INV-2026-009-2.pdf").path, "-"]).stdout
        for expected in ["2. MAHNUNG", "Trotz unserer Erinnerung", "Zinsen früherer Mahnungen", "Mahngebühr"] {
            #expect(second.contains(expected), "\(expected) in\n\(second)")
        }
        let csv = try Invoic.run(["report", "--today", "2027-01-10", "--format", "csv"], in: book).stdout
        #expect(csv.split(separator: "\n").contains { $0.hasPrefix("INV-2026-009,") && $0.hasSuffix(",1,8.06,0.00,1284.56") }, "\(csv)")
        // reminder level 1 and its charges 8.06; nothing refunded; claimed 1276.50 + 8.06 = 1284.56
    }
}
