import Foundation
import InvoicTestSupport
import Testing

/// The history issue's "done when", run as a user runs it: an example book made a git
/// repository, a sent invoice's price changed, a payment added, a story told, a hook installed.
@Suite struct HistoryEndToEndTests {
    /// A git repository in a scratch folder, committed with fixed authors and dates.
    final class Repository {
        let folder: URL
        var day = 0
        static let environment = ["GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "INVOIC": Invoic.binary.path]

        init(_ folder: URL) { self.folder = folder }
        deinit { try? FileManager.default.removeItem(at: folder) }

        /// Each git command one day after the one before.
        @discardableResult
        func git(_ arguments: String...) throws -> Invoic.Output {
            day += 1
            return try runGit(arguments, in: folder, day: day, environment: ["NO_COLOR": "1"].merging(Self.environment) { $1 })
        }

        /// `git add --all && git commit`; the pre-commit hook, if any, runs.
        @discardableResult
        func commit(_ message: String) throws -> Invoic.Output {
            try git("add", "--all")
            return try git("commit", "--quiet", "-m", message)
        }

        func invoic(_ arguments: String...) throws -> Invoic.Output {
            try Invoic.run(arguments, in: folder, environment: Self.environment)
        }

        func edit(_ path: String, _ old: String, _ new: String) throws {
            let url = folder.appendingPathComponent(path)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains(old))
            try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
        }
    }

    @Test func aChangedPriceIsNamedWithItsLineAndCommitAndAPaymentPasses() throws {
        let book = Repository(try Invoic.copy(Invoic.examples.appendingPathComponent("contractor")))
        try book.git("init", "--quiet", "--initial-branch=main")
        try book.commit("The book")
        let issued = try book.git("rev-parse", "--short", "HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try book.invoic("check", "--history", "--today", "2026-11-21").status == 0)

        try book.edit("invoices/INV-0007.yaml", "price: 68.00", "price: 72.00")
        let changed = try book.invoic("check", "--history", "--today", "2026-11-21")
        #expect(changed.status == 1)
        let issuedOn = try book.git("log", "-1", "--format=%ad", "--date=short").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(changed.stderr.hasPrefix("""
            error[issued-invoice-changed]: the price of line 1 of issued invoice INV-0007 changed from 68.00 to 72.00
              --> invoices/INV-0007.yaml:10:12
               |
            10 |     price: 72.00
               |            ^^^^^ issued as 68.00
               = help: put back 68.00 (price of line 1), then correct it with a credit note (`invoic credit INV-0007 --lines N`) and a new invoice for what replaces it (`invoic new invoice --like INV-0007`), or void it (`invoic void INV-0007 --reason ...`)
               = note: INV-0007 was issued in commit \(issued) (\(issuedOn), Ann Example)
               = note: the change is not committed yet
               = note: its total was $626.60 when issued and is $648.60 now

            """), "\(changed.stderr)")
        try book.commit("Raise the rate")
        let committed = try book.invoic("check", "--history", "--diagnostics-format", "gnu", "--today", "2026-11-21")
        #expect(committed.stderr == "invoices/INV-0007.yaml:10:12: error: the price of line 1 of issued invoice INV-0007 changed from 68.00 to 72.00 [issued-invoice-changed]\n")

        try book.git("revert", "--no-edit", "HEAD")
        #expect(try book.invoic("pay", "INV-0007", "--amount", "200.00", "--date", "2026-06-01").status == 0)
        try book.commit("Okafor paid a part")
        let paid = try book.invoic("check", "--history", "--today", "2026-11-21")
        #expect(paid.status == 0, "\(paid.stderr)")
        #expect(paid.stderr.hasPrefix("checked ") && paid.stderr.hasSuffix(": no errors, no warnings\n"), "\(paid.stderr)")
    }

    @Test func logTellsTheStoryFromEstimateToPaymentAndTheHookRefusesAChange() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let book = Repository(folder.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let initialized = try Invoic.run(["init", "studio", "--name", "Acme Studio", "--currency", "EUR", "--locale", "en_IE", "--hooks"],
                                         in: folder, environment: Repository.environment)
        #expect(initialized.status == 0, "\(initialized.stderr)")
        #expect(initialized.stderr.contains("made studio a git repository and installed the pre-commit hook"))
        #expect(try String(contentsOf: book.folder.appendingPathComponent("invoic.yaml"), encoding: .utf8).contains("\nhistory: true"))
        try book.commit("A new book")

        func step(_ message: String, _ arguments: String...) throws {
            let result = try Invoic.run(arguments, in: book.folder, environment: Repository.environment)
            #expect(result.status == 0, "invoic \(arguments.joined(separator: " ")): \(result.stderr)")
            let committed = try book.commit(message)
            #expect(committed.status == 0, "\(message): \(committed.stderr)")
        }
        try step("Meridian", "new", "client", "meridian", "--name", "Meridian Group")
        _ = try book.invoic("new", "estimate", "--client", "meridian", "--issued", "2026-03-02")
        try book.edit("estimates/EST-0001.yaml", "  - description: \"\"   # what you did or supplied\n    quantity: 1\n    price: 0\n",
                      "  - description: Logo design\n    quantity: 10\n    unit: h\n    price: 90.00\n")
        try book.commit("Estimate the logo")
        try book.edit("estimates/EST-0001.yaml", "quantity: 10", "quantity: 12")
        try book.commit("Two more hours")
        try step("Send the estimate", "send", "EST-0001", "--date", "2026-03-03")
        try step("Meridian said yes", "accept", "EST-0001", "--date", "2026-03-05")
        try step("Invoice the logo", "convert", "EST-0001", "--issued", "2026-03-20")
        try step("Send INV-0001", "send", "INV-0001", "--date", "2026-03-20")
        try step("First payment", "pay", "INV-0001", "--amount", "500.00", "--date", "2026-04-01", "--note", "TRX-1")

        // The hook refuses a commit that changes the sent invoice, and says why.
        try book.edit("invoices/INV-0001.yaml", "price: 90.00", "price: 95.00")
        let refused = try book.commit("Charge more")
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("error[issued-invoice-changed]: the price of line 1 of issued invoice INV-0001 changed from 90.00 to 95.00"))
        #expect(refused.stderr.contains("then correct it with a credit note"))
        try book.git("checkout", "HEAD", "--", "invoices/INV-0001.yaml")
        try step("Paid in full", "pay", "INV-0001", "--full", "--date", "2026-04-15", "--method", "card")

        let log = try book.invoic("log", "INV-0001", "--today", "2026-11-21")
        #expect(log.status == 0, "\(log.stderr)")
        // Commit hashes depend on the files `invoic init` writes; the story is compared with them numbered.
        var story = log.stdout
        let hashes = try book.git("log", "--reverse", "--format=%h").stdout.split(separator: "\n")
        for (index, hash) in hashes.enumerated() { story = story.replacingOccurrences(of: String(hash), with: "<commit \(index + 1)>") }
        try expectGolden(story, at: Invoic.fixtures.appendingPathComponent("history/log-INV-0001.txt"))
    }

    @Test func aBookInAFolderOfARepositoryIsGuardedByTheHookToo() throws {
        let repository = Repository(FileManager.default.temporaryDirectory.appendingPathComponent("invoic-repo-\(UUID().uuidString)"))
        try FileManager.default.createDirectory(at: repository.folder.appendingPathComponent("books"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Invoic.examples.appendingPathComponent("contractor"),
                                         to: repository.folder.appendingPathComponent("books/acme"))
        try repository.git("init", "--quiet", "--initial-branch=main")
        let installed = try repository.invoic("init", "books/acme", "--hooks")
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stderr == "installed the pre-commit hook \(repository.folder.path)/.git/hooks/pre-commit\n")
        #expect(try String(contentsOf: repository.folder.appendingPathComponent(".git/hooks/pre-commit"), encoding: .utf8)
            .contains("check --history --staged -C 'books/acme' || exit 1"))
        #expect(try repository.commit("The book").status == 0)

        try repository.edit("books/acme/invoices/INV-0007.yaml", "price: 68.00", "price: 70.00")
        let refused = try repository.git("commit", "--quiet", "--all", "-m", "Raise the rate")
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--> books/acme/invoices/INV-0007.yaml:10:12"), "\(refused.stderr)")
        #expect(try repository.git("status", "--porcelain").stdout == " M books/acme/invoices/INV-0007.yaml\n", "nothing was committed")
    }

    @Test func aBookOutsideGitWarnsWithTheSettingAndFailsWithTheFlag() throws {
        let book = Repository(try Invoic.copy(Invoic.examples.appendingPathComponent("musician")))
        let asked = try book.invoic("check", "--history", "--today", "2026-11-21")
        #expect(asked.status == 1)
        #expect(asked.stderr.hasPrefix("error[history-unavailable]: this book is not in a git repository, so its history cannot be checked\n"))
        try book.edit("invoic.yaml", "\nnumbering:", "\nhistory: true\nnumbering:")
        let configured = try book.invoic("check", "--today", "2026-11-21")
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(configured.stderr.hasPrefix("warning[history-unavailable]: this book is not in a git repository"))
        let log = try book.invoic("log", "INV-0001")
        #expect(log.status == 2)
        #expect(log.stderr.contains("is not in a git repository"))
    }
}

extension HistoryEndToEndTests {
    /// In a git book, build and pdf judge the history as check does and refuse an issued invoice
    /// that was changed, with the same diagnostic; --no-history skips the judging.
    @Test func buildAndPDFRefuseWhatTheHistoryRejects() throws {
        let book = Repository(try Invoic.copy(Invoic.examples.appendingPathComponent("contractor")))
        try book.git("init", "--quiet", "--initial-branch=main")
        try book.commit("The book")
        #expect(try book.invoic("build", "--quiet", "--today", "2026-11-21").status == 0)

        try book.edit("invoices/INV-0007.yaml", "price: 68.00", "price: 72.00")
        try book.commit("A better price")
        let check = try book.invoic("check", "--today", "2026-11-21")
        #expect(check.status == 1, "a book with its own repository is judged without --history")
        let message = "error[issued-invoice-changed]: the price of line 1 of issued invoice INV-0007 changed from 68.00 to 72.00"
        #expect(check.stderr.contains(message), "\(check.stderr)")

        let build = try book.invoic("build", "--today", "2026-11-21")
        #expect(build.status == 1)
        #expect(build.stderr.contains(message), "\(build.stderr)")
        #expect(build.stderr.contains("nothing was built"))
        let pdf = try book.invoic("pdf", "INV-0007", "-o", "out")
        #expect(pdf.status == 1)
        #expect(pdf.stderr.contains(message), "\(pdf.stderr)")
        #expect(!FileManager.default.fileExists(atPath: book.folder.appendingPathComponent("out/INV-0007.pdf").path))

        #expect(try book.invoic("check", "--no-history", "--today", "2026-11-21").status == 0)
        let unjudged = try book.invoic("build", "--no-history", "--quiet", "--today", "2026-11-21")
        #expect(unjudged.status == 0, "\(unjudged.stderr)")
        #expect(try book.invoic("pdf", "INV-0007", "-o", "out", "--no-history").status == 0)
    }
}
