import Foundation
import InvoicTestSupport
import Testing

/// `invoic recur` through the built binary: what it writes, in which order and numbers, and that
/// a second run writes nothing; `check` warns until it ran.
@Suite struct RecurCommandTests {
    func makeBook() throws -> URL {
        let book = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-recur-\(UUID().uuidString)")
        let files = [
            "invoic.yaml": "business: { name: Test Studio }\ndefaults: { currency: EUR, locale: en_GB, terms: 14, tax: 20% }\nnumbering: { invoice: \"INV-{year}-{seq:3}\" }\n",
            "clients/seidl.yaml": "name: Buchhandlung Seidl\nlocale: de_AT\n",
            "recurring/hosting.yaml": """
                # Website hosting and care
                client: seidl
                every: month              # day | week | month | quarter | year, or "2 weeks"
                on: 31
                start: 2026-10-31
                until: 2027-10-31
                period: true
                items:
                  - { description: Website hosting and care, price: 45.00 }
                notes: |
                  Danke!

                """,
            "recurring/backup.yaml": "client: seidl\nevery: 2 months\nstart: 2026-11-15\ntax: 10%\nitems:\n  - { description: Offsite backup, price: 12.00 }\n",
        ]
        for (path, text) in files {
            let url = book.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return book
    }

    @Test func writesEveryOccurrenceThatFellDueOnceInDateOrder() throws {
        let book = try makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let before = try Invoic.run(["check", "--today", "2027-01-20"], in: book)
        #expect(before.status == 0 && before.stderr.contains("warning[recurring-not-written]: 3 invoices of `hosting` fell due and are not written (2026-10-31, 2026-11-30, 2026-12-31)"), "\(before.stderr)")
        #expect(before.stderr.contains("2 invoices of `backup` fell due and are not written (2026-11-15, 2027-01-15)"))

        let dryRun = try Invoic.run(["recur", "--today", "2027-01-20", "--dry-run", "--json"], in: book)
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dryRun.stdout.utf8)) as? [String: [[String: String]]])
        #expect(json["invoices"]?.map { "\($0["number"]!) \($0["date"]!) \($0["recurring"]!)" } == [
            "INV-2026-001 2026-10-31 hosting", "INV-2026-002 2026-11-15 backup", "INV-2026-003 2026-11-30 hosting",
            "INV-2026-004 2026-12-31 hosting", "INV-2027-001 2027-01-15 backup",
        ])
        #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent("invoices").path))

        let run = try Invoic.run(["recur", "--apply", "--today", "2027-01-20"], in: book)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 5)
        let february = try String(contentsOf: book.appendingPathComponent("invoices/INV-2026-003.yaml"), encoding: .utf8)
        #expect(february == """
            # yaml-language-server: $schema=../.invoic/schemas/invoice.schema.json
            # written by `invoic recur` from recurring/hosting.yaml
            client: seidl
            issued: 2026-11-30
            due: 2026-12-14
            recurring: hosting
            occurrence: 2026-11-30
            period: { from: 2026-11-30, to: 2026-12-30 }
            currency: EUR
            locale: de_AT
            tax: 20%
            items:
              - { description: Website hosting and care, price: 45.00 }
            notes: |
              Danke!

            """)
        let backup = try String(contentsOf: book.appendingPathComponent("invoices/INV-2027-001.yaml"), encoding: .utf8)
        #expect(backup.contains("issued: 2027-01-15\n") && backup.contains("tax: 10%\n") && !backup.contains("tax: 20%") && !backup.contains("period:"))

        let check = try Invoic.run(["check", "--today", "2027-01-20"], in: book)
        #expect(check.status == 0 && check.stderr.hasSuffix(": no errors, no warnings\n"), "\(check.stderr)")
        let again = try Invoic.run(["recur", "--apply", "--today", "2027-01-20"], in: book)
        #expect(again.status == 0 && again.stdout.isEmpty && again.stderr == "nothing to write: every occurrence up to 2027-01-20 is written\n")
        let next = try Invoic.run(["recur", "--apply", "--today", "2027-02-01"], in: book)
        #expect(next.stdout.hasSuffix("invoices/INV-2027-002.yaml\n"), "January 31st")
        let pdf = try Invoic.run(["build", "--today", "2027-02-01"], in: book)
        #expect(pdf.status == 0, "\(pdf.stderr)")
    }

    @Test func aBrokenScheduleWritesNothing() throws {
        let book = try makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        try Data("client: seidl\nevery: month\nstart: 2026-11-01\nitems:\n  - { description: X, price: 1.5.0 }\n".utf8)
            .write(to: book.appendingPathComponent("recurring/backup.yaml"))
        let run = try Invoic.run(["recur", "--apply", "--today", "2027-01-20"], in: book)
        #expect(run.status == 1 && run.stderr.contains("--> recurring/backup.yaml:5:"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent("invoices").path))
    }

    /// After a run, an edit of `start:` or `on:` that would write into the written periods (or
    /// before the last written invoice) is a `check` error at that line, and `recur` writes nothing.
    @Test func editsThatOverlapWhatIsWrittenAreErrors() throws {
        let book = try makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        #expect(try Invoic.run(["recur", "--apply", "--today", "2027-01-20"], in: book).status == 0)
        let hosting = book.appendingPathComponent("recurring/hosting.yaml"), backup = book.appendingPathComponent("recurring/backup.yaml")
        let original = (try String(contentsOf: hosting, encoding: .utf8), try String(contentsOf: backup, encoding: .utf8))

        try Data(original.0.replacingOccurrences(of: "on: 31", with: "on: 1").utf8).write(to: hosting)
        let moved = try Invoic.run(["check", "--today", "2027-01-20", "--diagnostics-format", "gnu"], in: book)
        #expect(moved.status == 1 && moved.stderr.contains("recurring/hosting.yaml:4:5: error: `hosting` now falls due on 2026-11-01, inside the period INV-2026-001 was written for (2026-10-31 to 2026-11-29) [recurring-overlap]"), "\(moved.stderr)")
        let refused = try Invoic.run(["recur", "--apply", "--today", "2027-03-20"], in: book)
        #expect(refused.status == 1 && refused.stderr.contains("[recurring-overlap]") && refused.stdout.isEmpty, "\(refused.stderr)")
        try Data(original.0.utf8).write(to: hosting)

        try Data(original.1.replacingOccurrences(of: "start: 2026-11-15", with: "start: 2026-12-01").utf8).write(to: backup)
        let started = try Invoic.run(["check", "--today", "2027-01-20", "--diagnostics-format", "gnu"], in: book)
        #expect(started.status == 1 && started.stderr.contains("recurring/backup.yaml:3:8: error: `backup` now falls due on 2026-12-01, inside the period INV-2026-002 was written for (2026-11-15 to 2027-01-14) [recurring-overlap]"), "\(started.stderr)")
        let help = try Invoic.run(["check", "--today", "2027-01-20"], in: book)
        #expect(help.stderr.contains("start the schedule after 2027-03-14 (`start: 2027-03-15`)"), "the next day the written invoices leave free: \(help.stderr)")
        // Done as the help says, the schedule goes on from there.
        try Data(original.1.replacingOccurrences(of: "start: 2026-11-15", with: "start: 2027-03-15").utf8).write(to: backup)
        let fixed = try Invoic.run(["check", "--today", "2027-01-20"], in: book)
        #expect(fixed.status == 0 && !fixed.stderr.contains("error[") && !fixed.stderr.contains("warning["), "\(fixed.stderr)")
        let next = try Invoic.run(["recur", "--today", "2027-03-20", "--dry-run", "--json"], in: book)
        #expect(next.status == 0 && next.stdout.contains("\"date\" : \"2027-03-15\"") && !next.stdout.contains("2027-03-01"), "\(next.stdout)\(next.stderr)")
    }

    /// One run writes at most 120 invoices: a day far ahead or an open-ended daily schedule is
    /// refused, nothing written, until `--limit` says how many.
    @Test func aRunWritesAtMostItsLimit() throws {
        let book = try makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        try Data("client: seidl\nevery: day\nstart: 2026-11-01\nitems:\n  - { description: Parking, price: 5.00 }\n".utf8)
            .write(to: book.appendingPathComponent("recurring/backup.yaml"))
        let far = try Invoic.run(["recur", "--apply", "--today", "9999-12-31"], in: book)
        #expect(far.status == 1 && far.stderr.contains("invoices fell due from 2026-10-31") && far.stderr.contains("more than the 120 one run writes"), "\(far.stderr)")
        #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent("invoices").path))
        let year = try Invoic.run(["recur", "--apply", "--today", "2027-02-28"], in: book)
        #expect(year.status == 1 && year.stderr.contains("125 invoices fell due") && year.stderr.contains("`--limit 125`"), "\(year.stderr)")
        let told = try Invoic.run(["recur", "--apply", "--today", "2027-02-28", "--limit", "125"], in: book)
        #expect(told.status == 0 && told.stdout.split(separator: "\n").count == 125, "\(told.stderr)")
        #expect(try Invoic.run(["recur", "--apply", "--today", "2027-02-28"], in: book).stderr == "nothing to write: every occurrence up to 2027-02-28 is written\n")
    }
}
