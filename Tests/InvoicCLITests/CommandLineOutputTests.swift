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
