import Foundation
import InvoicTestSupport
import Testing

/// Several people, several machines, one book (issue 42), with real git: a bare repository as
/// the remote, clones of it, the built `invoic` in parallel processes.
@Suite(.serialized) struct TeamsTests {
    /// A scratch folder holding `remote.git` and the clones.
    final class Studio {
        let folder: URL
        static let environment: [String: String] = [
            "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "NO_COLOR": "1",
            "GIT_AUTHOR_NAME": "Ann Example", "GIT_AUTHOR_EMAIL": "ann@example.com",
            "GIT_COMMITTER_NAME": "Ann Example", "GIT_COMMITTER_EMAIL": "ann@example.com",
            "GIT_AUTHOR_DATE": "2026-03-01T10:00:00+01:00", "GIT_COMMITTER_DATE": "2026-03-01T10:00:00+01:00",
        ]

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-teams-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

        @discardableResult
        func git(_ arguments: String..., in name: String) throws -> ProcessOutput {
            let output = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: url(name),
                                        environment: Self.environment, dropping: { $0.hasPrefix("GIT_") })
            #expect(output.status == 0, "git \(arguments.joined(separator: " ")) in \(name): \(output.stderr)")
            return output
        }

        func invoic(_ arguments: String..., in name: String) throws -> ProcessOutput {
            try runProcess(Invoic.binary, arguments, in: url(name), environment: Self.environment, dropping: { $0.hasPrefix("GIT_") })
        }

        func text(_ path: String, in name: String) throws -> String {
            try String(contentsOf: url(name).appendingPathComponent(path), encoding: .utf8)
        }

        func write(_ text: String, to path: String, in name: String) throws {
            try text.write(to: url(name).appendingPathComponent(path), atomically: true, encoding: .utf8)
        }

        /// `remote.git` with a book that reserves its numbers on origin (client `acme`), pushed
        /// from `ann`, and `others` cloned from it; every clone set up with `invoic git setup`.
        static func make(others: [String] = [], pattern: String = "INV-{seq:4}") throws -> Studio {
            let studio = try Studio()
            try FileManager.default.createDirectory(at: studio.url("ann"), withIntermediateDirectories: true)
            try studio.git("init", "--quiet", "--bare", "--initial-branch=main", studio.url("remote.git").path, in: "ann")
            try studio.git("init", "--quiet", "--initial-branch=main", in: "ann")
            #expect(try studio.invoic("init", "--country", "DE", "--name", "Studio", in: "ann").status == 0)
            let settings = try studio.text("invoic.yaml", in: "ann")
            let numbering = "numbering:\n  invoice: \"INV-{seq:4}\""
            #expect(settings.contains(numbering))
            try studio.write(settings.replacingOccurrences(of: numbering, with: "numbering:\n  reserve: origin\n  invoice: \"\(pattern)\""), to: "invoic.yaml", in: "ann")
            #expect(try studio.invoic("new", "client", "acme", "--name", "Acme", in: "ann").status == 0)
            try studio.git("remote", "add", "origin", studio.url("remote.git").path, in: "ann")
            #expect(try studio.invoic("git", "setup", in: "ann").status == 0)
            try studio.git("add", "--all", in: "ann")
            try studio.git("commit", "--quiet", "-m", "The book", in: "ann")
            try studio.git("push", "--quiet", "origin", "main", in: "ann")
            for name in others { try studio.clone(name) }
            return studio
        }

        func clone(_ name: String) throws {
            try git("clone", "--quiet", url("remote.git").path, url(name).path, in: "")
            #expect(try invoic("git", "setup", in: name).status == 0)
        }

        /// Runs one shell script per clone at the same moment, each in its clone, and waits for all.
        func together(_ scripts: [String: String]) throws -> [String: (status: Int32, errors: String)] {
            var running: [(String, Process, Pipe)] = []
            var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
            environment.merge(Self.environment) { $1 }
            environment["INVOIC"] = Invoic.binary.path
            for (name, script) in scripts.sorted(by: { $0.key < $1.key }) {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", script]
                process.currentDirectoryURL = url(name)
                process.environment = environment
                let errors = Pipe()
                process.standardError = errors
                process.standardOutput = FileHandle.nullDevice
                try process.run()
                running.append((name, process, errors))
            }
            var results: [String: (Int32, String)] = [:]
            for (name, process, errors) in running {
                let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                results[name] = (process.terminationStatus, text)
            }
            return results
        }
    }

    /// Three clones issue, send, pay their own invoice and pay one shared invoice, then sync, all
    /// at the same moment, 30 rounds: every number is used once and reserved, every payment is in
    /// main, and a fresh clone passes `check --history`.
    @Test func threeClonesIssueAndPayAtTheSameMomentForThirtyRounds() throws {
        let clones = ["ann", "bob", "cat"]
        let studio = try Studio.make(others: ["bob", "cat"])
        // The invoice everybody pays a little of: on every clone before the rounds start.
        let first = try studio.invoic("new", "invoice", "--client", "acme", "--issued", "2026-03-01", "--line", "Retainer;1;10000.00", in: "ann")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try studio.invoic("send", "INV-0001", "--date", "2026-03-01", in: "ann").status == 0)
        #expect(try studio.invoic("sync", "--today", "2026-03-05", in: "ann").status == 0)
        for name in ["bob", "cat"] { #expect(try studio.invoic("sync", "--today", "2026-03-05", in: name).status == 0) }

        let rounds = 30
        var failures: [String] = []
        for round in 1...rounds {
            var scripts: [String: String] = [:]
            for name in clones {
                scripts[name] = """
                    set -e
                    path=$("$INVOIC" new invoice --client acme --issued 2026-03-01 --line "Work of \(name) in round \(round);1;100.00")
                    number=$(basename "$path" .yaml)
                    "$INVOIC" send "$number" --date 2026-03-02
                    "$INVOIC" pay "$number" --full --date 2026-03-03 --reference "$number"
                    "$INVOIC" pay INV-0001 --amount 1 --date 2026-03-04 --reference "R-\(name)-\(round)"
                    "$INVOIC" sync --message "\(name), round \(round)" --today 2026-03-05
                    """
            }
            for (name, result) in try studio.together(scripts) where result.status != 0 {
                // A sync that stopped (its push refused three times over) is retried next round;
                // anything else is a failure.
                if !result.errors.contains("moved on five times") { failures.append("round \(round), \(name): \(result.errors)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // Two passes: the last clone's push reaches the first on the second.
        for _ in 0..<2 {
            for name in clones { #expect(try studio.invoic("sync", "--today", "2026-03-05", in: name).status == 0) }
        }

        try studio.clone("dan")
        let synced = try studio.invoic("sync", "--today", "2026-03-05", in: "dan")
        #expect(synced.status == 0, "\(synced.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: studio.url("dan/invoices").path).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(files == (1...(1 + rounds * clones.count)).map { String(format: "INV-%04d.yaml", $0) })
        let reservations = try studio.git("for-each-ref", "--format=%(refname)", "refs/invoic/numbers/", in: "remote.git").stdout
        #expect(reservations == files.map { "refs/invoic/numbers/invoice/\($0.dropLast(5))\n" }.joined())
        let shared = try studio.text("invoices/INV-0001.yaml", in: "dan")
        for name in clones {
            for round in 1...rounds {
                #expect(shared.components(separatedBy: "reference: R-\(name)-\(round)\n").count == 2, "the payment of \(name) in round \(round)")
            }
        }
        #expect(shared.components(separatedBy: "  - date: 2026-03-04").count == 1 + rounds * clones.count)
        for file in files.dropFirst() {
            let number = String(file.dropLast(5))
            #expect(try studio.text("invoices/\(file)", in: "dan").contains("reference: \(number)\n"), "\(number) is paid")
        }
        let check = try studio.invoic("check", "--history", "--today", "2026-03-05", in: "dan")
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// The race itself: two clones at the same last number both reserve; one gets the next, and
    /// its book has a gap until the other's invoice arrives, which does not stop its sync.
    @Test func twoClonesAtTheSameNumberGetTwoNumbers() throws {
        let studio = try Studio.make(others: ["bob"])
        #expect(try studio.invoic("new", "invoice", "--client", "acme", "--issued", "2026-03-01", "--line", "A;1;10.00", in: "ann").status == 0)
        #expect(try studio.invoic("send", "INV-0001", "--date", "2026-03-02", in: "ann").status == 0)
        #expect(try studio.invoic("sync", "--today", "2026-03-05", in: "ann").status == 0)
        #expect(try studio.invoic("sync", "--today", "2026-03-05", in: "bob").status == 0)
        let ann = try studio.invoic("new", "invoice", "--client", "acme", "--issued", "2026-03-01", "--line", "B;1;10.00", in: "ann")
        let bob = try studio.invoic("new", "invoice", "--client", "acme", "--issued", "2026-03-01", "--line", "C;1;10.00", in: "bob")
        #expect(ann.stdout.hasSuffix("invoices/INV-0002.yaml\n"))
        #expect(bob.stdout.hasSuffix("invoices/INV-0003.yaml\n"), "\(bob.stderr)")
        let message = try studio.git("log", "-1", "--format=%s", "refs/invoic/numbers/invoice/INV-0003", in: "remote.git").stdout
        #expect(message == "invoic: reserve invoice INV-0003 (invoices/INV-0003.yaml)\n")
        #expect(try studio.invoic("send", "INV-0003", "--date", "2026-03-02", in: "bob").status == 0)
        let early = try studio.invoic("sync", "--today", "2026-03-05", in: "bob")
        #expect(early.status == 0, "\(early.stderr)")
        #expect(early.stderr.contains("note: INV-0002 is reserved on `origin` but not in the book yet"))
        #expect(try studio.invoic("sync", "--today", "2026-03-05", in: "ann").status == 0)
        #expect(try studio.invoic("check", "--history", "--today", "2026-03-05", in: "ann").status == 0)
        // Without the reservations (a plain clone that never fetched them), the same check fails.
        try studio.git("update-ref", "-d", "refs/invoic/numbers/invoice/INV-0003", in: "ann")
        let unreserved = try studio.invoic("check", "--history", "--today", "2026-03-05", in: "ann")
        #expect(unreserved.status == 1)
        #expect(unreserved.stderr.contains("invoice INV-0003 was issued without a reservation"))
    }

    /// A document numbered by hand and sent, never reserved: `check --history` says so.
    @Test func anIssuedNumberWithoutReservationIsAnErrorOfCheckHistory() throws {
        let studio = try Studio.make()
        #expect(try studio.invoic("new", "invoice", "--client", "acme", "--issued", "2026-03-01", "--line", "A;1;10.00", in: "ann").status == 0)
        let text = try studio.text("invoices/INV-0001.yaml", in: "ann")
        try studio.write(text + "sent: 2026-03-02\n", to: "invoices/INV-0002.yaml", in: "ann")
        try studio.git("add", "--all", in: "ann")
        try studio.git("commit", "--quiet", "-m", "by hand", in: "ann")
        let check = try studio.invoic("check", "--history", "--today", "2026-03-05", in: "ann")
        #expect(check.status == 1)
        #expect(check.stderr.contains("error[number-not-reserved]: invoice INV-0002 was issued without a reservation of its number on `origin`"))
        #expect(!check.stderr.contains("INV-0001 was issued"))
    }

    /// `send` issues: a number given without a reservation (by hand, or before the book asked
    /// for them) is reserved then, and refused when another clone holds it.
    @Test func sendReservesTheNumberOrRefusesOneAnotherCloneHolds() throws {
        let studio = try Studio.make(others: ["bob"])
        #expect(try studio.invoic("new", "invoice", "--client", "acme", "--issued", "2026-03-01", "--line", "A;1;10.00", in: "ann").status == 0)
        let text = try studio.text("invoices/INV-0001.yaml", in: "ann")
        // By hand, in two clones: bob's INV-0002 is sent first and reserved then; ann's is refused.
        try studio.write(text, to: "invoices/INV-0002.yaml", in: "ann")
        try studio.write(text, to: "invoices/INV-0001.yaml", in: "bob")
        try studio.write(text, to: "invoices/INV-0002.yaml", in: "bob")
        #expect(try studio.invoic("send", "INV-0002", "--date", "2026-03-02", in: "bob").status == 0)
        #expect(try studio.git("rev-parse", "--verify", "--quiet", "refs/invoic/numbers/invoice/INV-0002", in: "remote.git").status == 0)
        let refused = try studio.invoic("send", "INV-0002", "--date", "2026-03-02", in: "ann")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("error: INV-0002 was reserved on `origin` by another clone just now"))
        #expect(!(try studio.text("invoices/INV-0002.yaml", in: "ann")).contains("sent:"))
        // Its own reserved INV-0001 is sent as usual.
        #expect(try studio.invoic("send", "INV-0001", "--date", "2026-03-02", in: "ann").status == 0)
    }

    /// `serve --sync`: a payment recorded through the web app's HTTP API (the form's token
    /// scraped from the page, as a browser posts it) ends with the change pushed to the remote.
    @Test func serveSyncPushesWhatTheWebAppWrites() throws {
        let studio = try Studio.make()
        #expect(try studio.invoic("new", "invoice", "--client", "acme", "--issued", "2026-03-01", "--line", "A;1;300.00", in: "ann").status == 0)
        #expect(try studio.invoic("send", "INV-0001", "--date", "2026-03-02", in: "ann").status == 0)
        #expect(try studio.invoic("sync", "-m", "INV-0001", "--today", "2026-03-05", in: "ann").status == 0)
        let before = try studio.git("rev-parse", "main", in: "remote.git").stdout
        let port = 18000 + Int.random(in: 0..<7000)
        let server = Process()
        server.executableURL = Invoic.binary
        server.arguments = ["serve", "-C", studio.url("ann").path, "--port", String(port), "--today", "2026-03-05", "--sync"]
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
        environment.merge(Studio.environment) { $1 }
        environment["LOG_LEVEL"] = "error"
        server.environment = environment
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }
        var line = Data()
        while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        let url = "http://127.0.0.1:\(port)/"
        let page = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["curl", "-s", url + "documents/INV-0001"]).stdout
        let token = try #require(page.firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)?.1, "no form token on the page: \(String(decoding: line, as: UTF8.self))")
        let posted = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code} %{redirect_url}",
                                                                          "--data", "csrf=\(token)&amount=120.00&date=2026-03-05", url + "documents/INV-0001/pay"]).stdout
        #expect(posted.hasPrefix("303 "), "\(posted)")
        #expect(!posted.contains("not%20synced") && !posted.contains("not+synced"), "\(posted)")
        // The remote's main moved, and carries the payment.
        let after = try studio.git("rev-parse", "main", in: "remote.git").stdout
        #expect(after != before)
        let pushed = try studio.git("diff", before.trimmingCharacters(in: .whitespacesAndNewlines), "main", in: "remote.git").stdout
        #expect(pushed.contains("120.00") && pushed.contains("2026-03-05"), "\(pushed)")
        #expect(try studio.git("status", "--porcelain", in: "ann").stdout.isEmpty)
    }

    /// A server whose pre-receive hook refuses every push: nothing is written, git's words are shown.
    @Test func aRemoteThatRefusesPushesRefusesTheNumber() throws {
        let studio = try Studio.make()
        let hook = studio.url("remote.git/hooks/pre-receive")
        try "#!/bin/sh\necho 'this server takes no pushes today' >&2\nexit 1\n".write(to: hook, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
        let refused = try studio.invoic("new", "invoice", "--client", "acme", "--issued", "2026-03-01", "--line", "A;1;10.00", in: "ann")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("error: `origin` refused the reservation of INV-0001"))
        #expect(refused.stderr.contains("this server takes no pushes today"))
        #expect(!FileManager.default.fileExists(atPath: studio.url("ann/invoices/INV-0001.yaml").path))
        // Sync says the same and pushes nothing.
        try studio.write("# a change\n", to: "NOTES.md", in: "ann")
        let sync = try studio.invoic("sync", "--today", "2026-03-05", in: "ann")
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("`origin` refused the push"))
        #expect(try studio.git("rev-parse", "main", in: "remote.git").stdout != (try studio.git("rev-parse", "HEAD", in: "ann").stdout))
    }

    /// An unreachable remote: the command refuses to give a number and writes nothing.
    @Test func anUnreachableRemoteRefusesTheNumber() throws {
        let studio = try Studio.make()
        try studio.git("remote", "set-url", "origin", studio.url("gone.git").path, in: "ann")
        let refused = try studio.invoic("new", "invoice", "--client", "acme", "--issued", "2026-03-01", "--line", "A;1;10.00", in: "ann")
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("error: the remote `origin` cannot be reached to reserve the number (git said: fatal: '\(studio.url("gone.git").path)' does not appear to be a git repository"))
        #expect(!FileManager.default.fileExists(atPath: studio.url("ann/invoices/INV-0001.yaml").path))
        let sync = try studio.invoic("sync", "--today", "2026-03-05", in: "ann")
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("error: cannot fetch from `origin`"))
    }

    /// `--offline` with the remote unreachable: the invoice is written under a draft number
    /// (`DRAFT-…`, unique per clone) that `check` accepts while unsent and `send` refuses; once
    /// online, `new --like` writes it again under its reserved number.
    @Test func offlineWritesADraftNumberThatCannotBeSent() throws {
        let studio = try Studio.make()
        try studio.git("remote", "set-url", "origin", studio.url("gone.git").path, in: "ann")
        let written = try studio.invoic("new", "invoice", "--offline", "--client", "acme", "--issued", "2026-03-01", "--line", "Design;2;100.00", in: "ann")
        #expect(written.status == 0, "\(written.stderr)")
        let draft = String(try #require(written.stdout.firstMatch(of: /invoices\/(DRAFT-[0-9a-f]+)\.yaml/)?.1, "\(written.stdout)"))
        let second = try studio.invoic("new", "invoice", "--offline", "--client", "acme", "--issued", "2026-03-01", "--line", "Other;1;10.00", in: "ann")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(!second.stdout.contains(draft))
        #expect(!FileManager.default.fileExists(atPath: studio.url("ann/invoices/INV-0001.yaml").path))
        let check = try studio.invoic("check", "--today", "2026-03-05", in: "ann")
        #expect(check.status == 0, "\(check.stderr)")
        // send refuses it, offline or not, and writes nothing.
        let refused = try studio.invoic("send", draft, "--date", "2026-03-02", in: "ann")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("error: \(draft) has a draft number, given offline (`--offline`), and cannot be sent"), "\(refused.stderr)")
        let text = try studio.text("invoices/\(draft).yaml", in: "ann")
        #expect(!text.contains("sent:"))
        // Sent by hand, a draft number is an error of check.
        try studio.write(text + "sent: 2026-03-02\n", to: "invoices/\(draft).yaml", in: "ann")
        let sentByHand = try studio.invoic("check", "--today", "2026-03-05", in: "ann")
        #expect(sentByHand.status == 1)
        #expect(sentByHand.stderr.contains("error[numbering-pattern]: invoice number `\(draft)` does not fit the pattern `INV-{seq:4}`"), "\(sentByHand.stderr)")
        try studio.write(text, to: "invoices/\(draft).yaml", in: "ann")
        // Online again: written under its reserved number, which send then accepts.
        try studio.git("remote", "set-url", "origin", studio.url("remote.git").path, in: "ann")
        let final = try studio.invoic("new", "invoice", "--client", "acme", "--like", draft, "--issued", "2026-03-01", in: "ann")
        #expect(final.status == 0, "\(final.stderr)")
        #expect(final.stdout.contains("invoices/INV-0001.yaml"))
        #expect(try studio.git("rev-parse", "--verify", "--quiet", "refs/invoic/numbers/invoice/INV-0001", in: "remote.git").status == 0)
        #expect(try studio.invoic("send", "INV-0001", "--date", "2026-03-02", in: "ann").status == 0)
    }

    /// Hand-made divergent histories through git and the registered driver: both sides pay, one
    /// side credits while the other pays, both edit a draft.
    @Test func divergentHistoriesMergeByMeaning() throws {
        let studio = try Studio.make(others: ["bob"])
        #expect(try studio.invoic("new", "invoice", "--client", "acme", "--issued", "2026-03-01", "--line", "Design;2;100.00", in: "ann").status == 0)
        #expect(try studio.invoic("new", "invoice", "--client", "acme", "--issued", "2026-03-01", "--line", "Draft;1;50.00", in: "ann").status == 0)
        #expect(try studio.invoic("send", "INV-0001", "--date", "2026-03-02", in: "ann").status == 0)
        #expect(try studio.invoic("sync", "--today", "2026-03-05", in: "ann").status == 0)
        #expect(try studio.invoic("sync", "--today", "2026-03-05", in: "bob").status == 0)
        let issued = try studio.text("invoices/INV-0001.yaml", in: "ann")
        let draft = try studio.text("invoices/INV-0002.yaml", in: "ann")

        // ann pays 100 and credits the invoice; bob pays 20 and the same 100 (the bank's statement).
        #expect(try studio.invoic("pay", "INV-0001", "--amount", "100", "--date", "2026-03-10", "--reference", "TRX-1", in: "ann").status == 0)
        #expect(try studio.invoic("credit", "INV-0001", "--lines", "1", "--reason", "Half the design", "--issued", "2026-03-12", in: "ann").status == 0)
        #expect(try studio.invoic("pay", "INV-0001", "--amount", "20", "--date", "2026-03-11", "--reference", "TRX-2", in: "bob").status == 0)
        #expect(try studio.invoic("pay", "INV-0001", "--amount", "100", "--date", "2026-03-10", "--reference", "TRX-1", in: "bob").status == 0)
        // Both edit the draft: ann its due date, bob its notes, and both its price.
        try studio.write(draft.replacingOccurrences(of: "due: 2026-03-31", with: "due: 2026-04-15").replacingOccurrences(of: "price: 50.00", with: "price: 55.00"),
                         to: "invoices/INV-0002.yaml", in: "ann")
        try studio.write(draft + "notes: Thank you.\n", to: "invoices/INV-0002.yaml", in: "bob")
        try studio.write((try studio.text("invoices/INV-0002.yaml", in: "bob")).replacingOccurrences(of: "price: 50.00", with: "price: 60.00"),
                         to: "invoices/INV-0002.yaml", in: "bob")
        #expect(try studio.invoic("sync", "--today", "2026-03-15", in: "ann").status == 0)
        let stopped = try studio.invoic("sync", "--today", "2026-03-15", in: "bob")
        #expect(stopped.status == 1)
        #expect(stopped.stderr.contains("invoices/INV-0002.yaml:"))
        #expect(stopped.stderr.contains("conflict: both sides changed `items` of draft INV-0002; keep one between the markers"))
        #expect(stopped.stderr.contains("merging origin/main left conflicts in invoices/INV-0002.yaml; nothing was pushed"))

        // The issued invoice: bob's lines as they were, then ann's payment, then bob's new one;
        // TRX-1, recorded on both sides, once.
        let payments = """
            payments:
              - date: 2026-03-11
                amount: 20.00
                method: bank_transfer
                reference: TRX-2
              - date: 2026-03-10
                amount: 100.00
                method: bank_transfer
                reference: TRX-1

            """
        #expect(try studio.text("invoices/INV-0001.yaml", in: "bob") == issued + payments)
        #expect(FileManager.default.fileExists(atPath: studio.url("bob/credit-notes/CN-0001.yaml").path))
        // The draft: the due date from ann, the notes from bob, the price between the markers.
        let items = { (price: String) in "items:\n  - description: Draft\n    quantity: 1\n    price: \(price)\n" }
        let expected = draft.replacingOccurrences(of: "due: 2026-03-31", with: "due: 2026-04-15")
            .replacingOccurrences(of: items("50.00"), with: "<<<<<<< ours\n" + items("60.00") + "=======\n" + items("55.00") + ">>>>>>> theirs\n")
            + "notes: Thank you.\n"
        #expect(try studio.text("invoices/INV-0002.yaml", in: "bob") == expected)
    }

    /// A Peppol send from one clone is never sent again from another after a pull: the outbox
    /// record, merged like a payment, decides. One fake access point for both clones.
    @Test func aDocumentSentFromOneCloneIsNotSentAgainFromAnother() throws {
        let server = try PeppolCommandTests.FakeProvider()
        defer { server.stop() }
        try server.configure(["send_state": "TRANSIT"])
        let studio = try Studio()
        let ann = studio.url("ann")
        try FileManager.default.copyItem(at: Invoic.examples.appendingPathComponent("studio"), to: ann)
        try? FileManager.default.removeItem(at: ann.appendingPathComponent("build"))
        let settings = try studio.text("invoic.yaml", in: "ann")
        try studio.write(settings + "\npeppol:\n  provider: e-invoice.be\n  url: \(server.url)\n", to: "invoic.yaml", in: "ann")
        try studio.git("init", "--quiet", "--bare", "--initial-branch=main", studio.url("remote.git").path, in: "ann")
        try studio.git("init", "--quiet", "--initial-branch=main", in: "ann")
        try studio.git("remote", "add", "origin", studio.url("remote.git").path, in: "ann")
        #expect(try studio.invoic("sync", "-m", "The studio's book", "--today", "2026-11-21", in: "ann").status == 0)
        try studio.clone("bob")

        let environment = ["INVOIC_PEPPOL_TOKEN": "test-key", "NETRC": "/nonexistent"]
        let sent = try runProcess(Invoic.binary, ["peppol", "send", PeppolCommandTests.number], in: ann,
                                  environment: Studio.environment.merging(environment) { $1 }, dropping: { $0.hasPrefix("GIT_") })
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(try server.count("POST", matching: "/send") == 1)
        // Meanwhile bob records a payment of the same invoice; both sync.
        #expect(try studio.invoic("pay", PeppolCommandTests.number, "--amount", "100", "--date", "2026-11-21", "--reference", "TRX-9", in: "bob").status == 0)
        #expect(try studio.invoic("sync", "--today", "2026-11-21", in: "ann").status == 0)
        let pulled = try studio.invoic("sync", "--today", "2026-11-21", in: "bob")
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(try studio.text(PeppolCommandTests.record, in: "bob") == (try studio.text(PeppolCommandTests.record, in: "ann")))
        let invoice = try studio.text("invoices/2026/INV-2026-013.yaml", in: "bob")
        #expect(invoice.contains("sent_via: peppol") && invoice.contains("reference: TRX-9"))

        let again = try runProcess(Invoic.binary, ["peppol", "send", PeppolCommandTests.number], in: studio.url("bob"),
                                   environment: Studio.environment.merging(environment) { $1 }, dropping: { $0.hasPrefix("GIT_") })
        #expect(again.status == 1)
        #expect(again.stderr.contains("was already handed to e-invoice.be"), "\(again.stderr)")
        #expect(try server.count("POST", matching: "/send") == 1)
    }
}
