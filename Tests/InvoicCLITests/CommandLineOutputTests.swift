import Foundation
import InvoicTestSupport
import Testing

/// Issue 27, the command line and its outputs: through the built binary, as a user runs it.
@Suite struct CommandLineAndOutputTests {
    func studio() throws -> URL { try Invoic.copy(Invoic.examples.appendingPathComponent("studio")) }

    func read(_ book: URL, _ path: String) throws -> String {
        try String(contentsOf: book.appendingPathComponent(path), encoding: .utf8)
    }

    // MARK: 6. serve

    /// A port in use is the first and only line, and says which; nothing claims to be serving.
    @Test func servingOnAPortInUseSaysSoFirst() throws {
        let book = try studio()
        defer { try? FileManager.default.removeItem(at: book) }
        // A listener of our own on a free port, held while invoic serve tries it.
        let socket = listeningSocket()
        defer { close(socket.descriptor) }
        let served = try Invoic.run(["serve", "--port", String(socket.port), "--today", "2026-11-21"], in: book)
        #expect(served.status == 1)
        #expect(!served.stdout.contains("serving"), "\(served.stdout)")
        #expect(served.stderr == "error: port \(socket.port) on 127.0.0.1 is already in use (another invoic serve?); choose another with --port\n",
                "\(served.stderr)")
    }

    /// `make` builds invoic-serve beside invoic: the README's first command is enough for `serve`.
    @Test func makeBuildsTheWebServerToo() throws {
        let makefile = try String(contentsOf: Invoic.repository.appendingPathComponent("Makefile"), encoding: .utf8)
        let release = try #require(makefile.components(separatedBy: "\nrelease:").dropFirst().first?.components(separatedBy: "\n\n").first)
        #expect(release.contains("--product invoic\n") && release.contains("--product invoic-serve"), "\(release)")
    }

    // MARK: 7. the book's layout

    /// The studio keeps its invoices and estimates in year folders, its credit notes flat: new
    /// files go where their kind lives, with the schema line one folder deeper.
    @Test func newDocumentsGoWhereTheBookKeepsThem() throws {
        let book = try studio()
        defer { try? FileManager.default.removeItem(at: book) }
        let invoice = try Invoic.run(["new", "invoice", "--client", "nordlicht", "--today", "2026-11-21"], in: book)
        #expect(invoice.status == 0, "\(invoice.stderr)")
        #expect(invoice.stdout == "invoices/2026/INV-2026-014.yaml\n")
        #expect(try read(book, "invoices/2026/INV-2026-014.yaml").hasPrefix("# yaml-language-server: $schema=../../.invoic/schemas/invoice.schema.json\n"))
        let estimate = try Invoic.run(["new", "estimate", "--client", "nordlicht", "--today", "2027-01-04"], in: book)
        #expect(estimate.stdout == "estimates/2027/EST-2027-001.yaml\n", "a new year, a new folder: \(estimate.stderr)")

        let converted = try Invoic.run(["convert", "EST-2026-004", "--accept", "--today", "2026-11-22"], in: book)
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(converted.stdout == "invoices/2026/INV-2026-015.yaml\n")
        #expect(try read(book, "invoices/2026/INV-2026-015.yaml").hasPrefix("# yaml-language-server: $schema=../../.invoic/schemas/invoice.schema.json\n"))

        let credit = try Invoic.run(["credit", "INV-2026-002", "--reason", "Returned", "--today", "2026-11-22"], in: book)
        #expect(credit.stdout == "credit-notes/CN-2026-003.yaml\n", "\(credit.stderr)")
        #expect(try read(book, "credit-notes/CN-2026-003.yaml").hasPrefix("# yaml-language-server: $schema=../.invoic/schemas/credit_note.schema.json\n"))
    }

    // MARK: 8. init for a country

    @Test func initFitsTheCountryOfTheLocale() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-init-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        let german = try Invoic.run(["init", "de", "--locale", "de_DE"], in: folder)
        #expect(german.status == 0, "\(german.stderr)")
        #expect(german.stderr.hasPrefix("started a book in de (DE: EUR, tax 19%, de_DE)\n"), "\(german.stderr)")
        let settings = try read(folder, "de/invoic.yaml")
        #expect(settings.contains("  currency: EUR\n") && settings.contains("  locale: de_DE\n") && settings.contains("  tax: 19%   "), "\(settings)")
        #expect(settings.contains("#   country: DE\n"))

        let austrian = try Invoic.run(["init", "at", "--country", "at"], in: folder)
        #expect(austrian.status == 0, "\(austrian.stderr)")
        let at = try read(folder, "at/invoic.yaml")
        #expect(at.contains("  currency: EUR\n") && at.contains("  locale: de_AT\n") && at.contains("  tax: 20%"))

        let swiss = try Invoic.run(["init", "ch", "--country", "CH", "--locale", "fr_CH"], in: folder)
        #expect(try read(folder, "ch/invoic.yaml").contains("  currency: CHF\n  locale: fr_CH\n  tax: 8.1%"), "\(swiss.stderr)")

        // A country invoic has no row for: it asks rather than guess.
        let unknown = try Invoic.run(["init", "in", "--locale", "hi_IN"], in: folder)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("invoic has no defaults for the country IN: pass its currency and standard tax rate, e.g. --currency EUR --tax 20%"), "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("in/invoic.yaml").path))
        let asked = try Invoic.run(["init", "in", "--locale", "hi_IN", "--currency", "INR", "--tax", "18%"], in: folder)
        let india = try read(folder, "in/invoic.yaml")
        #expect(asked.status == 0 && india.contains("  currency: INR\n  locale: hi_IN\n  tax: 18%"), "\(asked.stderr)")

        // Without a country the book is American, and init says so.
        let plain = try Invoic.run(["init", "us"], in: folder)
        #expect(plain.stderr.contains("note: set up for the United States (USD, en_US, no VAT: set your sales tax as `tax:` in invoic.yaml)"), "\(plain.stderr)")
        #expect(try Invoic.run(["check", "-C", "de"], in: folder).status == 0)
    }

    // MARK: 9. remind without reminders

    @Test func remindWithoutLevelsSaysHowToSetThemUp() throws {
        let book = try studio()
        defer { try? FileManager.default.removeItem(at: book) }
        let settings = book.appendingPathComponent("invoic.yaml")
        let text = try String(contentsOf: settings, encoding: .utf8)
        let start = try #require(text.range(of: "\nreminders:"))
        let end = text.range(of: "\n\n", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
        try (String(text[..<start.lowerBound]) + String(text[end...]) + "\n").write(to: settings, atomically: true, encoding: .utf8)
        #expect(!(try String(contentsOf: settings, encoding: .utf8)).contains("\nreminders:"))

        let remind = try Invoic.run(["remind", "--today", "2027-01-16"], in: book)
        #expect(remind.status == 0)
        #expect(remind.stderr.hasPrefix("reminders are not set up: INV-2026-009 is 51 days overdue (and 4 other invoices)"), "\(remind.stderr)")
        #expect(remind.stderr.contains("\nreminders:\n  levels:") && !remind.stderr.contains("no invoice reached"))
        #expect(remind.stdout.isEmpty)
    }

    // MARK: 10. check, mail, export, the propose-then-apply flag, pay, log, calendar

    @Test func checkEndsWithASummaryLine() throws {
        let book = try studio()
        defer { try? FileManager.default.removeItem(at: book) }
        let check = try Invoic.run(["check", "--today", "2026-11-21"], in: book)
        #expect(check.status == 0)
        #expect(check.stderr == "checked 20 documents (13 invoices, 5 estimates, 2 credit notes), 8 clients: no errors, no warnings\n")
        #expect(check.stdout.isEmpty)
        let json = try Invoic.run(["check", "--diagnostics-format", "json", "--today", "2026-11-21"], in: book)
        #expect(json.stdout == "[]\n" || json.stdout == "[\n]\n" || json.stdout.hasPrefix("["), "\(json.stdout)")
        #expect(json.stderr.isEmpty, "JSON asked: nothing but the JSON")
    }

    @Test func mailDryRunPrintsTheMessage() throws {
        let book = try studio()
        defer { try? FileManager.default.removeItem(at: book) }
        let dry = try Invoic.run(["mail", "INV-2026-009", "--dry-run", "--today", "2026-11-21"], in: book)
        #expect(dry.status == 0, "\(dry.stderr)")
        let lines = dry.stdout.components(separatedBy: "\n")
        #expect(lines.first?.hasPrefix("would send INV-2026-009 to Kaffeerösterei Aumüller GmbH <office@aumueller-kaffee.at>") == true, "\(dry.stdout)")
        #expect(lines.contains("To: Kaffeerösterei Aumüller GmbH <office@aumueller-kaffee.at>"))
        #expect(lines.contains("Subject: Rechnung INV-2026-009 von Studio Brenner"), "\(dry.stdout)")
        #expect(lines.contains { $0.hasPrefix("attached: INV-2026-009.pdf (application/pdf, ") && $0.hasSuffix(" KB)") }, "\(dry.stdout)")
        #expect(dry.stdout.count < 5_000, "the text, not the attachments' bytes")
    }

    @Test func exportWritesAFacturXPDF() throws {
        let book = try studio()
        defer { try? FileManager.default.removeItem(at: book) }
        let export = try Invoic.run(["export", "--format", "factur-x", "-o", "out", "INV-2026-011"], in: book)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout == "out/INV-2026-011.pdf\n")
        let pdf = book.appendingPathComponent("out/INV-2026-011.pdf").path
        #expect(FileManager.default.contents(atPath: pdf)?.prefix(5) == Data("%PDF-".utf8))
        let attachments = try runProcess(URL(fileURLWithPath: "/usr/bin/pdfdetach"), ["-list", pdf])
        #expect(attachments.stdout.contains("factur-x.xml"), "\(attachments.stdout)")
        let named = try Invoic.run(["export", "--format", "factur-x", "-o", "one.pdf", "INV-2026-011"], in: book)
        #expect(named.status == 0 && named.stdout == "one.pdf\n", "\(named.stderr)")
    }

    /// match, remind and recur list what they would write; --apply writes it. The old spellings
    /// (remind --record, recur without --apply... writing) are covered where they still apply.
    @Test func applyIsTheOneFlagThatWritesAProposal() throws {
        let book = try studio()
        defer { try? FileManager.default.removeItem(at: book) }
        try FileManager.default.createDirectory(at: book.appendingPathComponent("recurring"), withIntermediateDirectories: true)
        try Data("client: nordlicht\nevery: month\nstart: 2026-11-21\ntax: 19%\nitems:\n  - { description: Hosting, price: 45.00 }\n".utf8)
            .write(to: book.appendingPathComponent("recurring/hosting.yaml"))
        let proposal = try Invoic.run(["recur", "--today", "2026-11-21"], in: book)
        #expect(proposal.status == 0, "\(proposal.stderr)")
        #expect(proposal.stdout == "invoices/2026/INV-2026-014.yaml\n")
        #expect(proposal.stderr == "not written: run `invoic recur --apply` to write this invoice\n")
        #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent("invoices/2026/INV-2026-014.yaml").path))
        let applied = try Invoic.run(["recur", "--apply", "--today", "2026-11-21"], in: book)
        #expect(applied.status == 0 && applied.stdout == "invoices/2026/INV-2026-014.yaml\n", "\(applied.stderr)")
        #expect(FileManager.default.fileExists(atPath: book.appendingPathComponent("invoices/2026/INV-2026-014.yaml").path))

        let listed = try Invoic.run(["remind", "--today", "2026-12-20"], in: book)
        let unreminded = try read(book, "invoices/2026/INV-2026-009.yaml")
        #expect(listed.status == 0 && !unreminded.contains("reminders:"))
        let recorded = try Invoic.run(["remind", "--apply", "--today", "2026-12-20"], in: book)
        #expect(recorded.status == 0 && recorded.stderr.hasSuffix("recorded 5 reminders\n"), "\(recorded.stderr)")
        #expect(try read(book, "invoices/2026/INV-2026-009.yaml").contains("reminders:"))
        // The old name still works, hidden from the help.
        #expect(try Invoic.run(["remind", "--record", "--today", "2026-12-21", "--dry-run"], in: book).status == 0)
        for command in ["match", "remind", "recur"] {
            let help = try Invoic.run([command, "--help"])
            #expect(help.stdout.contains("--apply"), "\(command) --help")
            #expect(!help.stdout.contains("--record"), "\(command) --help")
        }
    }

    @Test func payTakesAMethodAsPeopleWriteIt() throws {
        let book = try studio()
        defer { try? FileManager.default.removeItem(at: book) }
        let paid = try Invoic.run(["pay", "INV-2026-011", "--amount", "100", "--method", "Bank transfer", "--today", "2026-11-21", "--dry-run"], in: book)
        #expect(paid.status == 0, "\(paid.stderr)")
        #expect(paid.stdout.contains("+    method: bank_transfer\n"), "\(paid.stdout)")
        let cash = try Invoic.run(["pay", "INV-2026-011", "--amount", "100", "--method", "CASH", "--today", "2026-11-21", "--dry-run"], in: book)
        #expect(cash.stdout.contains("+    method: cash\n"), "\(cash.stdout)")
        let other = try Invoic.run(["pay", "INV-2026-011", "--amount", "100", "--method", "PayPal", "--today", "2026-11-21", "--dry-run"], in: book)
        #expect(other.stdout.contains("+    method: PayPal\n"), "\(other.stdout)")
    }

    @Test func logNamesACreditNoteInWords() throws {
        let book = try studio()
        defer { try? FileManager.default.removeItem(at: book) }
        func git(_ arguments: String...) throws {
            let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", book.path] + arguments,
                                        environment: ["GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "T",
                                                      "GIT_COMMITTER_EMAIL": "t@example.com", "GIT_AUTHOR_DATE": "2026-11-21T10:00:00Z",
                                                      "GIT_COMMITTER_DATE": "2026-11-21T10:00:00Z"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        try git("init", "--quiet", "--initial-branch=main")
        try git("add", ".")
        try git("commit", "--quiet", "-m", "the book")
        let log = try Invoic.run(["log", "CN-2026-002", "--today", "2026-11-21"], in: book)
        #expect(log.status == 0, "\(log.stderr)")
        #expect(log.stdout.hasPrefix("CN-2026-002 · credit note to "), "\(log.stdout)")
        #expect(!log.stdout.contains("credit_note"))
    }
}

/// A TCP socket listening on 127.0.0.1 on a port the system chose.
func listeningSocket() -> (descriptor: Int32, port: Int) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
    _ = listen(descriptor, 1)
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
    return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
}
