import Foundation
import InvoicTestSupport
import Testing

/// What a new user runs into in the first hour: each a defect once, kept fixed here.
@Suite struct FirstContactTests {
    func contractor() throws -> URL { try Invoic.copy(Invoic.examples.appendingPathComponent("contractor")) }

    /// Writing commands take --today like the reading ones; it is the default of every date they write.
    @Test func writingCommandsTakeToday() throws {
        let book = try contractor()
        defer { try? FileManager.default.removeItem(at: book) }
        let sent = try Invoic.run(["send", "INV-0012", "--today", "2026-12-01", "--dry-run"], in: book)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains("+sent: 2026-12-01"), "\(sent.stdout)")
        let new = try Invoic.run(["new", "invoice", "--client", "chen", "--today", "2026-12-01"], in: book)
        #expect(new.status == 0, "\(new.stderr)")
        let path = new.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try String(contentsOfFile: path.hasPrefix("/") ? path : book.appendingPathComponent(path).path, encoding: .utf8).contains("issued: 2026-12-01"))
    }

    /// `pay --amount 0` and `--amount 0,5` say what is wrong, not "write a plain decimal".
    @Test func paymentAmountsAreExplained() throws {
        let book = try contractor()
        defer { try? FileManager.default.removeItem(at: book) }
        let zero = try Invoic.run(["pay", "INV-0012", "--amount", "0", "--dry-run"], in: book)
        #expect(zero.status == 1)
        #expect(zero.stderr.contains("a payment is more than 0"), "\(zero.stderr)")
        let comma = try Invoic.run(["pay", "INV-0012", "--amount", "0,5", "--dry-run"], in: book)
        // An en_US book writes 1,234.50: `0,5` is refused with the locale's own example.
        #expect(comma.status != 0 && comma.stderr.contains("`0,5` is not an amount as en_US writes it"), "\(comma.stderr)")
        let paypal = try Invoic.run(["pay", "INV-0012", "--amount", "1.00", "--method", "PayPal", "--dry-run", "--today", "2026-12-01"], in: book)
        #expect(paypal.status == 0, "\(paypal.stderr)")
        #expect(paypal.stdout.contains("method: PayPal"), "\(paypal.stdout)")
    }

    /// A rate written `10 %`, `8,875%` or as a list gets help that fits the mistake.
    @Test func rateMistakesGetFittingHelp() throws {
        let book = try contractor()
        defer { try? FileManager.default.removeItem(at: book) }
        let file = book.appendingPathComponent("invoices/INV-0002.yaml")
        let original = try String(contentsOf: file, encoding: .utf8)
        for (written, help) in [("10 %", "write `10%`, without a space"), ("8,875%", "write decimals with a point: `8.875%`"),
                                ("[7%, 1.875%]", "a line has one tax rate")] {
            try original.replacingOccurrences(of: "    tax: 0%\n", with: "    tax: \(written)\n").write(to: file, atomically: true, encoding: .utf8)
            let check = try Invoic.run(["check"], in: book)
            #expect(check.status == 1)
            #expect(check.stderr.contains(help), "\(written): \(check.stderr)")
        }
    }
}

extension FirstContactTests {
    /// Accepting an expired estimate is recorded, with a warning that its prices may not hold.
    @Test func acceptingAnExpiredEstimateWarns() throws {
        let book = try contractor()
        defer { try? FileManager.default.removeItem(at: book) }
        let accepted = try Invoic.run(["accept", "EST-0003", "--today", "2026-06-01"], in: book)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stderr.contains("warning[accepted-after-expiry]: estimate is accepted on 2026-06-01, after it expired on 2026-04-15"), "\(accepted.stderr)")
        #expect(try String(contentsOf: book.appendingPathComponent("estimates/EST-0003.yaml"), encoding: .utf8).contains("accepted: 2026-06-01"))
    }
}

extension FirstContactTests {
    /// init in a folder that has files: says what it wrote and what it kept, overwrites nothing,
    /// and takes every locale that check takes (zh_CN).
    @Test func initInANonEmptyFolderOverwritesNothingAndSaysSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-init-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "all:\n\techo mine\n".write(to: folder.appendingPathComponent("Makefile"), atomically: true, encoding: .utf8)
        try "*.tmp\n".write(to: folder.appendingPathComponent(".gitignore"), atomically: true, encoding: .utf8)
        let output = try Invoic.run(["init", folder.path, "--locale", "zh_CN", "--currency", "CNY"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("wrote: invoic.yaml"), "\(output.stderr)")
        #expect(output.stderr.contains("kept as they were (already there, not overwritten): Makefile, .gitignore"), "\(output.stderr)")
        #expect(try String(contentsOf: folder.appendingPathComponent("Makefile"), encoding: .utf8) == "all:\n\techo mine\n")
        #expect(try String(contentsOf: folder.appendingPathComponent(".gitignore"), encoding: .utf8) == "*.tmp\n")
        #expect(try Invoic.run(["check", "-C", folder.path]).status == 0)
    }
}

extension FirstContactTests {
    /// convert takes the estimate's lines and notes over as written: a block scalar stays one,
    /// comments, quoting and key order stay.
    @Test func convertKeepsTheEstimatesYAMLStyle() throws {
        let book = try contractor()
        defer { try? FileManager.default.removeItem(at: book) }
        let written = """
            client: chen
            issued: 2026-11-21
            tax: 8.25%   # Austin rate
            items:
              # labour first
              - description: 'Deck repair'
                quantity: 3     # hours
                unit: h
                price: 80.00
              - { price: 15.00, description: Screws }

            notes: |
              Thank you!
              Payment within 30 days.

            # end

            """
        try written.write(to: book.appendingPathComponent("estimates/EST-0008.yaml"), atomically: true, encoding: .utf8)
        let converted = try Invoic.run(["convert", "EST-0008", "--accept", "--today", "2026-11-22"], in: book)
        #expect(converted.status == 0, "\(converted.stderr)")
        let path = converted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let invoice = try String(contentsOfFile: path.hasPrefix("/") ? path : book.appendingPathComponent(path).path, encoding: .utf8)
        #expect(invoice.contains("""
            tax: 8.25%   # Austin rate
            items:
              # labour first
              - description: 'Deck repair'
                quantity: 3     # hours
                unit: h
                price: 80.00
              - { price: 15.00, description: Screws }
            notes: |
              Thank you!
              Payment within 30 days.

            """), "\(invoice)")
        #expect(try Invoic.run(["check"], in: book).status == 0)
    }
}

extension FirstContactTests {
    /// A JPY invoice paid 5e18 once passed check and crashed the HTML report and build: figures
    /// beyond what invoic prints are a check error, and nothing downstream traps.
    @Test func figuresBeyondWhatInvoicPrintsAreACheckError() throws {
        let book = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-overflow-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: book) }
        for (path, text) in [
            ("invoic.yaml", "business: { name: X }\ndefaults: { currency: JPY, locale: ja_JP, terms: 30 }\n"),
            ("clients/c.yaml", "name: C\n"),
            ("invoices/INV-0001.yaml", "client: c\nissued: 2026-03-01\nitems:\n  - { description: A, price: 9000000000000000000 }\npayments:\n  - { date: 2026-03-02, amount: 5000000000000000000, method: cash }\n"),
        ] {
            let url = book.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let check = try Invoic.run(["check", "--diagnostics-format", "gnu"], in: book)
        #expect(check.status == 1)
        #expect(check.stderr.contains("invoices/INV-0001.yaml:4:3: error: the figures of INV-0001 reach"), "\(check.stderr)")
        #expect(check.stderr.contains("[amount-overflow]"))
        for format in ["html", "json", "csv", "md", "text"] {
            let report = try Invoic.run(["report", "--format", format, "--today", "2026-04-01"], in: book)
            #expect(report.status == 0 || report.status == 1, "\(format): \(report.stderr)")
        }
        #expect(try Invoic.run(["build", "--today", "2026-04-01"], in: book).status == 1)
    }
}

extension FirstContactTests {
    /// Run from a sub-folder of a book, every kind of command finds the book above, as git does,
    /// and prints paths that open from where the user is.
    @Test func commandsRunFromASubFolderFindTheBook() throws {
        let book = try contractor()
        defer { try? FileManager.default.removeItem(at: book) }
        let invoices = book.appendingPathComponent("invoices")
        let check = try Invoic.run(["check", "--today", "2026-06-01"], in: invoices)
        #expect(check.status == 0, "\(check.stderr)")
        let report = try Invoic.run(["report", "--format", "json", "--today", "2026-06-01"], in: invoices)
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("\"number\": \"INV-0001\""))
        let rendered = try Invoic.run(["pdf", "INV-0012.yaml"], in: invoices)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(FileManager.default.fileExists(atPath: invoices.appendingPathComponent("INV-0012.pdf").path))
        let sent = try Invoic.run(["send", "INV-0012", "--today", "2026-12-01", "--dry-run"], in: invoices)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains("+sent: 2026-12-01"))

        // A diagnostic names the file as it opens from the sub-folder.
        let file = invoices.appendingPathComponent("INV-0002.yaml")
        try (try String(contentsOf: file, encoding: .utf8) + "bogus: 1\n").write(to: file, atomically: true, encoding: .utf8)
        let deeper = invoices.appendingPathComponent("drafts/old")
        try FileManager.default.createDirectory(at: deeper, withIntermediateDirectories: true)
        let failing = try Invoic.run(["check", "--diagnostics-format", "gnu"], in: deeper)
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("../../../invoices/INV-0002.yaml:"), "\(failing.stderr)")

        // Outside any book the message is the old one.
        let outside = try Invoic.run(["check"], in: FileManager.default.temporaryDirectory)
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("this is not an invoic book"), "\(outside.stderr)")
    }
}

extension FirstContactTests {
    /// The README's example check output is what check prints for the mistakes it describes.
    @Test func theReadmeShowsWhatCheckPrints() throws {
        let readme = try String(contentsOf: Invoic.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = try #require(readme.range(of: "<!-- check-output -->\n```\n"))
        let block = readme[marker.upperBound...]
        let shown = String(block[..<(try #require(block.range(of: "```\n"))).lowerBound])

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("examples"), withIntermediateDirectories: true)
        let book = folder.appendingPathComponent("examples/contractor")
        try FileManager.default.moveItem(at: try contractor(), to: book)
        for (file, from, to) in [("invoices/INV-0004.yaml", "client: chen\n", "client: chenn\n"),
                                 ("invoices/INV-0006.yaml", "total: 3934.70 ", "total: 3934.07 ")] {
            let url = book.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains(from), "\(file) no longer has \(from)")
            try text.replacingOccurrences(of: from, with: to).write(to: url, atomically: true, encoding: .utf8)
        }
        let check = try Invoic.run(["check", "-C", "examples/contractor"], in: folder)
        #expect(check.status == 1)
        #expect(check.stderr == shown, "README.md shows:\n\(shown)\ncheck prints:\n\(check.stderr)")
    }
}

extension FirstContactTests {
    /// `invoic build` first, then make: the depfile is written on every path, so make keeps
    /// seeing the book's files and rebuilds when one is edited.
    @Test func makeKeepsRebuildingAfterABuildRanFirst() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-make-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Invoic.run(["init", folder.path, "--name", "Make Studio", "--currency", "EUR", "--locale", "de_DE"]).status == 0)
        #expect(try Invoic.run(["new", "client", "acme", "--name", "Acme"], in: folder).status == 0)
        let new = try Invoic.run(["new", "invoice", "--client", "acme", "--today", "2026-11-02"], in: folder)
        #expect(new.status == 0, "\(new.stderr)")
        let invoice = folder.appendingPathComponent("invoices/INV-0001.yaml")
        let draft = try String(contentsOf: invoice, encoding: .utf8)
        let lines = "items:\n  - { description: Design, quantity: 2, price: 100.00 }\n"
        let text = draft.contains("items:") ? String(draft[..<draft.range(of: "items:")!.lowerBound]) + lines : draft + lines
        try text.write(to: invoice, atomically: true, encoding: .utf8)

        func make() throws -> Invoic.Output {
            try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["make", "--no-print-directory", "INVOIC=\(Invoic.binary.path)"], in: folder)
        }
        let build = try Invoic.run(["build", "--quiet"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        let first = try make()
        #expect(first.status == 0, "\(first.stderr)")
        let depfile = folder.appendingPathComponent("build/invoic.d")
        #expect(FileManager.default.fileExists(atPath: depfile.path), "the no-op build wrote no depfile")
        #expect(try String(contentsOf: depfile, encoding: .utf8).contains("invoices/INV-0001.yaml"))

        let pdf = folder.appendingPathComponent("build/INV-0001.pdf")
        let before = try Data(contentsOf: pdf)
        // make compares modification times: the edit must be newer than the stamp.
        Thread.sleep(forTimeInterval: 1.1)
        try text.replacingOccurrences(of: "price: 100.00", with: "price: 120.00").write(to: invoice, atomically: true, encoding: .utf8)
        let second = try make()
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("build --depfile"), "make did not run invoic: \(second.stdout)")
        #expect(try Data(contentsOf: pdf) != before, "the edited invoice's PDF was not rebuilt")
    }
}

extension FirstContactTests {
    /// A numbering pattern with `/` works everywhere: new writes invoices/FAC_2026_001.yaml with
    /// `number: FAC/2026/001`, check, pdf, build and the history all know it by its number.
    @Test func numbersWithSlashesWorkEverywhere() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-slash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Invoic.run(["init", folder.path, "--name", "Estudio", "--currency", "EUR", "--locale", "es_ES"]).status == 0)
        let settings = folder.appendingPathComponent("invoic.yaml")
        let text = try String(contentsOf: settings, encoding: .utf8)
        try text.replacingOccurrences(of: #"invoice: "INV-{seq:4}""#, with: #"invoice: "FAC/{year}/{seq:3}""#)
            .write(to: settings, atomically: true, encoding: .utf8)
        #expect(try Invoic.run(["new", "client", "acme", "--name", "Acme"], in: folder).status == 0)

        let new = try Invoic.run(["new", "invoice", "--client", "acme", "--today", "2026-11-02"], in: folder)
        #expect(new.status == 0, "\(new.stderr)")
        #expect(new.stdout == "invoices/FAC_2026_001.yaml\n")
        let file = folder.appendingPathComponent("invoices/FAC_2026_001.yaml")
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written.contains("number: FAC/2026/001\n"), "\(written)")
        try written.replacingOccurrences(of: "description: \"\"", with: "description: Diseño")
            .replacingOccurrences(of: "price: 0", with: "price: 100").write(to: file, atomically: true, encoding: .utf8)
        let check = try Invoic.run(["check", "--today", "2026-11-02"], in: folder)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(try Invoic.run(["new", "invoice", "--client", "acme", "--today", "2026-11-03", "--dry-run"], in: folder).stdout
            .contains("+number: FAC/2026/002"))

        let pdf = try Invoic.run(["pdf", "FAC/2026/001", "-o", "out"], in: folder)
        #expect(pdf.status == 0, "\(pdf.stderr)")
        #expect(pdf.stdout == "out/FAC-2026-001.pdf\n")
        let build = try Invoic.run(["build", "--quiet", "--today", "2026-11-02"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        let index = try String(contentsOf: folder.appendingPathComponent("build/index.json"), encoding: .utf8)
        #expect(index.contains("\"number\" : \"FAC/2026/001\"") || index.contains("\"number\": \"FAC/2026/001\""), "\(index.prefix(400))")

        // A file named after the number without saying it: the help says how to write it.
        try written.replacingOccurrences(of: "number: FAC/2026/001\n", with: "")
            .write(to: folder.appendingPathComponent("invoices/FAC_2026_002.yaml"), atomically: true, encoding: .utf8)
        let unnamed = try Invoic.run(["check", "--today", "2026-11-02"], in: folder)
        #expect(unnamed.status == 1)
        #expect(unnamed.stderr.contains("invoices/FAC_2026_001.yaml with `number: FAC/2026/001`"), "\(unnamed.stderr)")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("invoices/FAC_2026_002.yaml"))

        // The history knows the invoice by its number: a changed price of the sent invoice is
        // named once, as a change, never as a deletion.
        func git(_ arguments: String...) throws { _ = try runGit(arguments, in: folder, day: 1) }
        try git("init", "--quiet", "--initial-branch=main")
        #expect(try Invoic.run(["send", "FAC/2026/001", "--today", "2026-11-02"], in: folder).status == 0)
        try git("add", "--all")
        try git("commit", "--quiet", "-m", "Sent")
        let sent = try String(contentsOf: file, encoding: .utf8)
        try sent.replacingOccurrences(of: "price: 100", with: "price: 120").write(to: file, atomically: true, encoding: .utf8)
        let judged = try Invoic.run(["check", "--today", "2026-11-02", "--diagnostics-format", "gnu"], in: folder)
        #expect(judged.status == 1)
        #expect(judged.stderr.contains("[issued-invoice-changed]"), "\(judged.stderr)")
        #expect(judged.stderr.contains("issued invoice FAC/2026/001"), "\(judged.stderr)")
        #expect(!judged.stderr.contains("deleted"), "\(judged.stderr)")
    }
}
