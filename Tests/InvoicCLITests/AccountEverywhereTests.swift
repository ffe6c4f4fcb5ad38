import Foundation
import InvoicTestSupport
import Testing

/// Issue 25: what a client owes on an invoice is one figure, and every output that says so shows
/// the same one: the report, the calendar, a statement, a reminder, the text of a mail and
/// `invoic serve`. The studio's INV-2026-008 (1,497.60, 700.00 paid) is walked through the rest of
/// its payment, a credit note that leaves a refund owed, and the refund; its PDF never changes.
@Suite(.serialized) struct AccountEverywhereTests {
    static let invoice = "INV-2026-008"

    /// What each output says is owed on the invoice on `today`, as plain decimals ("797.60");
    /// nil where an output shows nothing for it (the calendar and reminders list only open ones).
    struct Figures: Equatable, CustomStringConvertible {
        var report, statement: String
        var calendar, reminder, mail: String?
        var serve: Bool
        var description: String { "report \(report), statement \(statement), calendar \(calendar ?? "-"), reminder \(reminder ?? "-"), mail \(mail ?? "-"), serve \(serve)" }
    }

    func figures(_ book: URL, today: String) throws -> Figures {
        let report = try Invoic.run(["report", "--today", today, "--format", "json"], in: book)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let row = try #require((json["invoices"] as? [[String: Any]])?.first { $0["number"] as? String == Self.invoice })
        let balance = try #require((row["balance"] as? [String: Any])?["decimal"] as? String)

        let statementRun = try Invoic.run(["statement", "danube-festival", "--today", today, "--format", "json"], in: book)
        let statementJSON = try #require(try JSONSerialization.jsonObject(with: Data(statementRun.stdout.utf8)) as? [String: Any])
        let accounts = (statementJSON["statements"] as? [[String: Any]])?.flatMap { ($0["invoices"] as? [[String: Any]]) ?? [] } ?? []
        let statement = accounts.first { $0["invoice"] as? String == Self.invoice }?["balance"] as? String ?? "0.00"

        #expect(try Invoic.run(["build", "--today", today, "--quiet"], in: book).status == 0)
        let calendar = try String(contentsOf: book.appendingPathComponent("build/calendar.ics"), encoding: .utf8)
        let event = calendar.components(separatedBy: "BEGIN:VEVENT").first { $0.contains("SUMMARY:\(Self.invoice) due") }
        let calendarAmount = event.flatMap { $0.components(separatedBy: "\r\n").first { $0.hasPrefix("SUMMARY:") } }
            .map { String($0.split(separator: "€").last ?? "").replacingOccurrences(of: ",", with: "") }

        let remind = try Invoic.run(["remind", "--today", today, "--json", "-o", book.appendingPathComponent("build/r").path], in: book)
        let reminders = (try? JSONSerialization.jsonObject(with: Data(remind.stdout.utf8)) as? [String: [[String: Any]]])?["reminders"] ?? []
        let reminder = reminders.first { $0["invoice"] as? String == Self.invoice }?["due"] as? String

        // Quoted-printable, its soft line breaks undone: "€797.60" is "=E2=82=AC797.60".
        let mail = try Invoic.run(["mail", Self.invoice, "-o", "-", "--today", today], in: book).stdout
            .replacingOccurrences(of: "=\r\n", with: "").replacingOccurrences(of: "=\n", with: "")
        // "Of this, €X is still due", or past the due date "... please pay €X now."
        let mailAmount = (mail.range(of: " is still due") ?? mail.range(of: " now.")).map { range -> String in
            String(mail[..<range.lowerBound].split(separator: "C").last ?? "")
        }

        let page = try served(book, today: today, path: "/documents/\(Self.invoice)")
        let shown = "€" + Self.grouped(balance.hasPrefix("-") ? String(balance.dropFirst()) : balance)
        let serve = page.contains(shown) && page.contains(balance.hasPrefix("-") ? "Refund owed" : "Amount due")

        return Figures(report: balance, statement: statement, calendar: calendarAmount, reminder: reminder, mail: mailAmount, serve: serve)
    }

    /// The page `invoic serve --today` shows at `path`: the built binary on a free port.
    func served(_ book: URL, today: String, path: String) throws -> String {
        let port = 20000 + Int.random(in: 0..<5000)
        let server = Process()
        server.executableURL = Invoic.binary
        server.arguments = ["serve", "-C", book.path, "--port", String(port), "--today", today]
        server.environment = ProcessInfo.processInfo.environment.merging(["LOG_LEVEL": "error"]) { $1 }
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            kill(server.processIdentifier, SIGTERM)
            server.waitUntilExit()
        }
        var line = Data()
        while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        // The line is printed as the server starts listening: try again while it is not yet.
        for _ in 0..<50 {
            let page = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["curl", "-s", "http://127.0.0.1:\(port)\(path)"]).stdout
            if !page.isEmpty { return page }
            usleep(100_000)
        }
        return ""
    }

    /// 1497.60 as en_GB writes it: 1,497.60.
    static func grouped(_ plain: String) -> String {
        let parts = plain.split(separator: ".")
        var whole = String(parts[0])
        var out = ""
        while whole.count > 3 {
            out = "," + whole.suffix(3) + out
            whole = String(whole.dropLast(3))
        }
        return whole + out + "." + parts[1]
    }

    @Test func oneInvoiceShowsOneBalanceEverywhereThroughPaymentsCreditAndRefund() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        let pdf = try Invoic.run(["pdf", Self.invoice, "-o", "before.pdf"], in: book)
        #expect(pdf.status == 0, "\(pdf.stderr)")

        // 1,497.60 invoiced, 700.00 paid, overdue since 30 Nov.
        let partial = try figures(book, today: "2026-12-10")
        #expect(partial == Figures(report: "797.60", statement: "797.60", calendar: "797.60", reminder: "797.60", mail: "797.60", serve: true), "\(partial)")

        // The client pays the rest: nothing is owed.
        let paid = try Invoic.run(["pay", Self.invoice, "--amount", "797.60", "--date", "2026-12-11"], in: book)
        #expect(paid.status == 0, "\(paid.stderr)")
        let settled = try figures(book, today: "2026-12-11")
        #expect(settled == Figures(report: "0.00", statement: "0.00", calendar: nil, reminder: nil, mail: nil, serve: true), "\(settled)")

        // A credit note for the banners (4 h x 78.00 + 20 % = 374.40), sent: that is owed back.
        #expect(try Invoic.run(["credit", Self.invoice, "--lines", "2", "--reason", "Banners not used", "--issued", "2026-12-12"], in: book).status == 0)
        let sent = try Invoic.run(["send", "CN-2026-003", "--date", "2026-12-12"], in: book)
        #expect(sent.status == 0, "\(sent.stderr)")
        let owed = try figures(book, today: "2026-12-12")
        #expect(owed == Figures(report: "-374.40", statement: "-374.40", calendar: nil, reminder: nil, mail: nil, serve: true), "\(owed)")
        let warning = try Invoic.run(["check", "--today", "2026-12-12"], in: book)
        #expect(warning.status == 0 && warning.stderr.contains("warning[refund-owed]: the client is owed 374.40 EUR on INV-2026-008"), "\(warning.stderr)")

        // The refund settles both.
        let refund = try Invoic.run(["refund", "CN-2026-003", "--date", "2026-12-13"], in: book)
        #expect(refund.status == 0, "\(refund.stderr)")
        let refunded = try figures(book, today: "2026-12-13")
        #expect(refunded == Figures(report: "0.00", statement: "0.00", calendar: nil, reminder: nil, mail: nil, serve: true), "\(refunded)")
        let clean = try Invoic.run(["check", "--today", "2026-12-13"], in: book)
        #expect(clean.status == 0 && !clean.stderr.contains("warning["), "\(clean.stderr)")

        // The invoice as issued: the same bytes after a payment, a credit note and a refund.
        #expect(try Invoic.run(["pdf", Self.invoice, "-o", "after.pdf"], in: book).status == 0)
        #expect(try Data(contentsOf: book.appendingPathComponent("before.pdf")) == Data(contentsOf: book.appendingPathComponent("after.pdf")))
    }
}
