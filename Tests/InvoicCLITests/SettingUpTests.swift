import Foundation
import InvoicTestSupport
import Testing

/// Setting up a German book as a new user does (issue 37, "Setting up"): the usual client
/// fields on the command line, lines on `new invoice`, BCP 47 locales, one refusal of an unknown
/// client, and duplicate numbers reported on the copy that came later.
@Suite struct SettingUpTests {
    /// A new, empty German book made by `invoic init`.
    func germanBook(locale: String = "de-DE") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-setup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let initialised = try Invoic.run(["init", "--country", "DE", "--locale", locale], in: folder)
        #expect(initialised.status == 0, "\(initialised.stderr)")
        return folder
    }

    func text(_ book: URL, _ path: String) throws -> String {
        try String(contentsOf: book.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func initTakesABCP47LocaleAndWritesContactAndElectronicAddressPlaceholders() throws {
        let book = try germanBook(locale: "de-DE")
        defer { try? FileManager.default.removeItem(at: book) }
        let settings = try text(book, "invoic.yaml")
        #expect(settings.contains("locale: de_DE"), "de-DE is taken as de_DE")
        #expect(settings.contains("# contact:") && settings.contains("#   phone:"))
        #expect(settings.contains("# electronic_address:"))
        #expect(try Invoic.run(["check"], in: book).status == 0)
    }

    @Test func newClientTakesTheUsualFieldsAndDoesNotWarnAboutItself() throws {
        let book = try germanBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let made = try Invoic.run(["new", "client", "schmidt", "--name", "Schmidt GmbH", "--vat-id", "DE136695976",
                                   "--address", "Hauptstraße 5, 10115 Berlin", "--country", "de", "--email", "rechnung@schmidt.example",
                                   "--electronic-address", "0204:04011000-1234512345-06", "--locale", "de-AT"], in: book)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(!made.stderr.contains("unused-client"), "a client made a moment ago is not yet unused: \(made.stderr)")
        let client = try text(book, "clients/schmidt.yaml")
        for line in ["name: Schmidt GmbH", "street: Hauptstraße 5", "city: Berlin", "postal_code: \"10115\"", "country: DE",
                     "email: rechnung@schmidt.example", "locale: de_AT", "# phone:", "# buyer_reference:"] {
            #expect(client.contains(line), "\(line) in\n\(client)")
        }
        #expect(client.contains("tax_id:") && client.contains("DE136695976"))
        #expect(client.contains("electronic_address:") && client.contains("0204:04011000-1234512345-06"))
        // The file reads back as written: the address, VAT number and electronic address check.
        let check = try Invoic.run(["check"], in: book)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.contains("unused-client"), "check itself still says so")

        let bare = try Invoic.run(["new", "client", "meier", "--name", "Meier"], in: book)
        #expect(bare.status == 0, "\(bare.stderr)")
        let placeholders = try text(book, "clients/meier.yaml")
        for line in ["# email:", "# address:", "# tax_id:", "# electronic_address:"] { #expect(placeholders.contains(line), "\(line)") }

        let wrong = try Invoic.run(["new", "client", "x", "--name", "X", "--address", "somewhere"], in: book)
        #expect(wrong.status == 64 || wrong.status == 2 || wrong.status == 1, "refused")
        #expect(wrong.stderr.contains("--address takes"), "\(wrong.stderr)")
        #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent("clients/x.yaml").path))
    }

    @Test func newInvoiceWritesTheLinesGivenAndTheyPriceAsTyped() throws {
        let book = try germanBook()
        defer { try? FileManager.default.removeItem(at: book) }
        _ = try Invoic.run(["new", "client", "schmidt", "--name", "Schmidt GmbH"], in: book)
        let made = try Invoic.run(["new", "invoice", "--client", "schmidt", "--issued", "2026-11-27",
                                   "--line", "Beratung;6;h;95.00", "--line", "Reisekosten;1;120.50"], in: book)
        #expect(made.status == 0, "\(made.stderr)")
        let invoice = try text(book, "invoices/INV-0001.yaml")
        #expect(invoice.contains("  - description: Beratung\n    quantity: 6\n    unit: h\n    price: 95.00\n"), "\(invoice)")
        #expect(invoice.contains("  - description: Reisekosten\n    quantity: 1\n    price: 120.50\n"), "\(invoice)")
        // 6 × 95.00 + 120.50 = 690.50 net; 19 % of it is 131.195, 131.20; 821.70 in all.
        let report = try Invoic.run(["report", "--format", "csv", "--today", "2026-11-27"], in: book)
        #expect(report.stdout.contains("INV-0001,schmidt,Schmidt GmbH,2026-11-27,2026-12-27,EUR,821.70,"), "\(report.stdout)")

        let bad = try Invoic.run(["new", "invoice", "--client", "schmidt", "--line", "Beratung;sechs;h;95.00"], in: book)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("the quantity of --line"), "\(bad.stderr)")
    }

    /// Every command that names a client refuses an unknown one in the same words, with status 2.
    @Test func anUnknownClientIsRefusedAlikeByEveryCommand() throws {
        let book = try germanBook()
        defer { try? FileManager.default.removeItem(at: book) }
        _ = try Invoic.run(["new", "client", "schmidt", "--name", "Schmidt GmbH"], in: book)
        for arguments in [["new", "invoice", "--client", "schmitt"], ["new", "estimate", "--client", "schmitt"],
                          ["statement", "schmitt"], ["report", "--client", "schmitt"]] {
            let run = try Invoic.run(arguments, in: book)
            #expect(run.status == 2, "\(arguments): \(run.status)")
            #expect(run.stderr.contains("error: no client `schmitt` in this book (no file clients/schmitt.yaml); did you mean `schmidt`?"),
                    "\(arguments): \(run.stderr)")
        }
    }

    /// Two documents with one number: the one issued (then sent) later is reported, and a sent
    /// copy is never to be renumbered.
    @Test func aDuplicateNumberIsReportedOnTheLaterCopy() throws {
        let book = try germanBook()
        defer { try? FileManager.default.removeItem(at: book) }
        _ = try Invoic.run(["new", "client", "schmidt", "--name", "Schmidt GmbH"], in: book)
        let invoice = { (issued: String, sent: String?) in
            "client: schmidt\nissued: \(issued)\n" + (sent.map { "sent: \($0)\n" } ?? "")
                + "items:\n  - { description: Beratung, quantity: 1, price: 100.00 }\n"
        }
        let folder = book.appendingPathComponent("invoices")
        // The earlier one sits in a folder that sorts after the later one's.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("z"), withIntermediateDirectories: true)
        try invoice("2026-11-02", "2026-11-02").write(to: folder.appendingPathComponent("INV-0001.yaml"), atomically: true, encoding: .utf8)
        try invoice("2026-11-01", "2026-11-01").write(to: folder.appendingPathComponent("z/INV-0001.yaml"), atomically: true, encoding: .utf8)
        let check = try Invoic.run(["check", "--diagnostics-format", "gnu"], in: book)
        #expect(check.status == 1)
        let lines = check.stderr.split(separator: "\n").filter { $0.contains("duplicate-number") || $0.contains("used twice") }
        #expect(lines.count == 1, "\(check.stderr)")
        #expect(lines.first?.hasPrefix("invoices/INV-0001.yaml") == true, "the copy issued later is reported: \(check.stderr)")
        let human = try Invoic.run(["check"], in: book)
        #expect(human.stderr.contains("do not renumber it"), "\(human.stderr)")
        #expect(!human.stderr.contains("give this document the next free number"), "\(human.stderr)")
        // A draft issued later is the one to renumber.
        try invoice("2026-11-03", nil).write(to: folder.appendingPathComponent("INV-0001.yaml"), atomically: true, encoding: .utf8)
        let draft = try Invoic.run(["check"], in: book)
        #expect(draft.stderr.contains("give this document the next free number"), "\(draft.stderr)")
    }
}
