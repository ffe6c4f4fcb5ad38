import Foundation
import InvoicTestSupport
import Testing

/// Issue 40, point 13: a filed VAT return is final (DE: a change is a berichtigte Voranmeldung,
/// § 18 UStG, § 153 AO; AT: a corrected U 30). A book in git, its third quarter locked with
/// `invoic lock 2026-Q3` and committed; then what `check` refuses and what `report vat` says.
@Suite struct PeriodLockEndToEndTests {
    final class Book {
        let folder: URL
        var day = 0
        static let environment = ["GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "NO_COLOR": "1"]

        init(git: Bool = true) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-lock-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("clients"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("invoices"), withIntermediateDirectories: true)
            try write("invoic.yaml", """
                business:
                  name: Muster GmbH
                  address: { street: Hauptstr. 1, city: Berlin, postal_code: "10115", country: DE }
                  tax_id: DE123456788
                defaults:
                  currency: EUR
                  tax: 19%
                  terms: 14
                numbering:
                  invoice: "RE-{seq:3}"

                """)
            try write("clients/kunde.yaml", """
                name: Kunde AG
                address: { street: Ring 2, city: Hamburg, postal_code: "20095", country: DE }

                """)
            // One invoice in the third quarter: 1,000.00 net at 19 % is 190.00 VAT, paid in part
            // (500.00) in September.
            try write("invoices/RE-001.yaml", """
                client: kunde
                issued: 2026-08-10
                sent: 2026-08-10
                items:
                  - { description: Beratung, price: 1000.00 }
                payments:
                  - { date: 2026-09-01, amount: 500.00, method: bank_transfer }

                """)
            if git { try self.git("init", "--quiet", "--initial-branch=main") }
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        func write(_ path: String, _ text: String) throws {
            try text.write(to: folder.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }

        func read(_ path: String) throws -> String { try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8) }

        func append(_ path: String, _ text: String) throws { try write(path, try read(path) + text) }

        func replace(_ path: String, _ old: String, _ new: String) throws {
            let text = try read(path)
            #expect(text.contains(old))
            try write(path, text.replacingOccurrences(of: old, with: new))
        }

        /// The 1-based line of `path` that contains `text`.
        func line(of text: String, in path: String) throws -> Int {
            let lines = try read(path).components(separatedBy: "\n")
            return try #require(lines.firstIndex { $0.contains(text) }) + 1
        }

        @discardableResult
        func git(_ arguments: String...) throws -> Invoic.Output {
            day += 1
            return try runGit(arguments, in: folder, day: day, environment: Self.environment)
        }

        func commit(_ message: String) throws {
            try git("add", "--all")
            try git("commit", "--quiet", "-m", message)
        }

        func invoic(_ arguments: String...) throws -> Invoic.Output {
            try Invoic.run(arguments + ["--today", "2026-11-20"], in: folder, environment: Self.environment)
        }

        /// A book committed, its third quarter locked and the lock committed.
        static func locked() throws -> Book {
            let book = try Book()
            try book.commit("The book")
            let lock = try book.invoic("lock", "2026-Q3")
            #expect(lock.status == 0, "\(lock.stderr)")
            #expect(try book.read("invoic.yaml").contains("\nlocked_until: \"2026-09-30\""))
            try book.commit("Q3 filed")
            return book
        }
    }

    /// The figures of the one sales row of a text VAT return: taxable and VAT of 19 % domestic, as
    /// the book's locale (none: en_US) writes them.
    static func standardRow(_ text: String) -> String? {
        text.components(separatedBy: "\n").first { $0.contains("standard-rated 19%, domestic") }?
            .split(separator: " ").suffix(2).joined(separator: " ")
    }

    @Test func aPaymentDatedInTheLockedQuarterIsRefusedAtItsLineAndOneInTheNextQuarterPasses() throws {
        let book = try Book.locked()
        let clean = try book.invoic("check")
        #expect(clean.status == 0, "\(clean.stderr)")

        // (a) the rest, 690.00, recorded as received on 20 September: inside the filed quarter.
        try book.append("invoices/RE-001.yaml", "  - { date: 2026-09-20, amount: 690.00, method: bank_transfer }\n")
        let line = try book.line(of: "2026-09-20", in: "invoices/RE-001.yaml")
        let refused = try book.invoic("check", "--diagnostics-format", "gnu")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("invoices/RE-001.yaml:\(line):5: error: a payment of 690.00 to invoice RE-001 is dated 2026-09-20, in a locked period, and was not in the book when it was locked [locked-period]"),
                "\(refused.stderr)")

        // Staged, as the pre-commit hook checks it: refused too.
        try book.git("add", "--all")
        let staged = try book.invoic("check", "--staged", "--diagnostics-format", "gnu")
        #expect(staged.status == 1)
        #expect(staged.stderr.contains("invoices/RE-001.yaml:\(line):5: error: a payment of 690.00"), "\(staged.stderr)")

        // (b) the same payment on 5 October, in the open fourth quarter, is fine.
        try book.replace("invoices/RE-001.yaml", "2026-09-20", "2026-10-05")
        let open = try book.invoic("check")
        #expect(open.status == 0, "\(open.stderr)")
        try book.commit("Kunde paid the rest")
        #expect(try book.invoic("check").status == 0)
    }

    @Test func anInvoiceIssuedInTheLockedQuarterARemovedPaymentAndAVoidAreRefused() throws {
        let book = try Book.locked()
        // (c) a new invoice dated back into the filed quarter.
        try book.write("invoices/RE-002.yaml", """
            client: kunde
            issued: 2026-09-15
            sent: 2026-09-15
            items:
              - { description: Nachtrag, price: 500.00 }

            """)
        let added = try book.invoic("check", "--diagnostics-format", "gnu")
        #expect(added.status == 1)
        #expect(added.stderr.contains("invoices/RE-002.yaml:2:9: error: invoice RE-002 is issued 2026-09-15, in a locked period, and was not in the book when it was locked [locked-period]"),
                "\(added.stderr)")
        // Issued in the open quarter it is a new invoice like any other.
        try book.replace("invoices/RE-002.yaml", "2026-09-15", "2026-10-15")
        let later = try book.invoic("check")
        #expect(later.status == 0, "\(later.stderr)")

        // The September payment taken out of the filed quarter.
        try book.replace("invoices/RE-001.yaml", "  - { date: 2026-09-01, amount: 500.00, method: bank_transfer }\n", "  []\n")
        try book.replace("invoices/RE-001.yaml", "payments:\n  []", "payments: []")
        let removed = try book.invoic("check", "--diagnostics-format", "gnu")
        #expect(removed.status == 1)
        #expect(removed.stderr.contains("error: the payment of 500.00 dated 2026-09-01 to invoice RE-001, in a locked period, was removed or changed [locked-period]"),
                "\(removed.stderr)")

        // The payment back; then the invoice voided on a day of the filed quarter.
        try book.replace("invoices/RE-001.yaml", "payments: []", "payments:\n  - { date: 2026-09-01, amount: 500.00, method: bank_transfer }")
        #expect(try book.invoic("check").status == 0)
        try book.append("invoices/RE-001.yaml", "void: { date: 2026-09-25, reason: wrong client }\n")
        let voidLine = try book.line(of: "void:", in: "invoices/RE-001.yaml")
        let voided = try book.invoic("check", "--diagnostics-format", "gnu")
        #expect(voided.status == 1)
        #expect(voided.stderr.contains("invoices/RE-001.yaml:\(voidLine):7: error: invoice RE-001 is voided 2026-09-25, in a locked period, and was not when it was locked [locked-period]"),
                "\(voided.stderr)")
    }

    @Test func reportVATOfTheLockedQuarterPrintsTheFiledFiguresEvenAfterARefusedChange() throws {
        let book = try Book.locked()
        // 1,000.00 net at 19 % = 190.00 VAT, by invoice date (accrual, the default).
        let filed = try book.invoic("report", "vat", "--period", "2026-Q3")
        #expect(filed.status == 0, "\(filed.stderr)")
        #expect(filed.stdout.hasPrefix("filed (locked until 2026-09-30 in commit "), "\(filed.stdout)")
        #expect(Self.standardRow(filed.stdout) == "1,000.00 190.00", "\(filed.stdout)")
        #expect(!filed.stdout.contains("other figures"))

        // A second invoice of 500.00 slipped into September (check refuses it): the filed return
        // still says 1,000.00 / 190.00, and the report says the book now differs (1,500.00 / 285.00).
        try book.write("invoices/RE-002.yaml", """
            client: kunde
            issued: 2026-09-15
            sent: 2026-09-15
            items:
              - { description: Nachtrag, price: 500.00 }

            """)
        #expect(try book.invoic("check").status == 1)
        let after = try book.invoic("report", "vat", "--period", "2026-Q3")
        #expect(after.status == 0, "\(after.stderr)")
        #expect(Self.standardRow(after.stdout) == "1,000.00 190.00", "\(after.stdout)")
        #expect(after.stdout.contains("note: the book now gives other figures for 2026-Q3"), "\(after.stdout)")
        // The fourth quarter is open: today's figures, no "filed".
        let open = try book.invoic("report", "vat", "--period", "2026-Q4")
        #expect(!open.stdout.contains("filed"), "\(open.stdout)")
        // Machine formats keep the status off standard output.
        let json = try book.invoic("report", "vat", "--period", "2026-Q3", "--format", "json")
        #expect(json.stdout.hasPrefix("{"), "\(json.stdout)")
        #expect(json.stderr.contains("filed (locked until 2026-09-30"), "\(json.stderr)")
    }

    @Test func theLockOnlyMovesForwardAndKeepsItsLine() throws {
        let book = try Book.locked()
        let back = try book.invoic("lock", "2026-Q2")
        #expect(back.status == 1)
        #expect(back.stderr.contains("the book is locked until 2026-09-30; a lock never moves back to 2026-06-30"), "\(back.stderr)")
        let future = try book.invoic("lock", "2026-Q4")
        #expect(future.status == 1)
        #expect(future.stderr.contains("2026-12-31 is after today (2026-11-20)"), "\(future.stderr)")
        let before = try book.read("invoic.yaml")
        #expect(try book.invoic("lock", "2026-10").status == 0)
        let after = try book.read("invoic.yaml")
        #expect(after == before.replacingOccurrences(of: "locked_until: \"2026-09-30\"", with: "locked_until: \"2026-10-31\""))
        #expect(try book.invoic("lock", "nonsense").status == 2)

        // Moved forward by hand and not committed: the committed lock (September) still holds.
        try book.append("invoices/RE-001.yaml", "  - { date: 2026-09-20, amount: 690.00, method: bank_transfer }\n")
        let forward = try book.invoic("check", "--diagnostics-format", "gnu")
        #expect(forward.status == 1)
        #expect(forward.stderr.contains("is dated 2026-09-20, in a locked period"), "\(forward.stderr)")
        #expect(forward.stderr.contains("warning: `locked_until: 2026-10-31` is not committed yet"), "\(forward.stderr)")
        // Moved back or removed by hand: refused, and the September payment is still refused.
        try book.write("invoic.yaml", before.replacingOccurrences(of: "\"2026-09-30\"", with: "\"2026-06-30\""))
        let moved = try book.invoic("check", "--diagnostics-format", "gnu")
        #expect(moved.status == 1)
        #expect(moved.stderr.contains("invoic.yaml:11:15: error: `locked_until:` moved back from 2026-09-30 to 2026-06-30 [locked-period]"), "\(moved.stderr)")
        #expect(moved.stderr.contains("is dated 2026-09-20, in a locked period"), "\(moved.stderr)")
        try book.write("invoic.yaml", before.components(separatedBy: "\n").filter { !$0.hasPrefix("locked_until") }.joined(separator: "\n"))
        let removed = try book.invoic("check", "--diagnostics-format", "gnu")
        #expect(removed.status == 1)
        #expect(removed.stderr.contains("error: `locked_until: 2026-09-30` was removed [locked-period]"), "\(removed.stderr)")
        #expect(removed.stderr.contains("is dated 2026-09-20, in a locked period"), "\(removed.stderr)")
    }

    @Test func withoutGitOrBeforeTheLockIsCommittedCheckWarnsThatItCannotCompare() throws {
        let uncommitted = try Book()
        try uncommitted.commit("The book")
        try uncommitted.append("invoic.yaml", "locked_until: 2026-09-30\n")
        let warned = try uncommitted.invoic("check", "--diagnostics-format", "gnu")
        #expect(warned.status == 0, "\(warned.stderr)")
        #expect(warned.stderr.contains("invoic.yaml:11:15: warning: `locked_until: 2026-09-30` is not committed yet: the periods it adds are compared with nothing until it is [locked-period-unchecked]"),
                "\(warned.stderr)")

        let loose = try Book(git: false)
        try loose.append("invoic.yaml", "locked_until: 2026-09-30\n")
        let alone = try loose.invoic("check", "--diagnostics-format", "gnu")
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(alone.stderr.contains("warning: the period lock cannot be checked:"), "\(alone.stderr)")
        #expect(alone.stderr.contains("[locked-period-unchecked]"), "\(alone.stderr)")
    }
}
