import Foundation
import InvoicTestSupport
import Testing

/// Issue 46, point 1: `init --country FR` writes the French mentions (docs/france.md) where a
/// French business fills them in, and the book checks once they are.
@Suite struct FrenchInitTests {
    @Test func initCountryFRWritesTheFrenchMentions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-fr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let initialized = try Invoic.run(["init", "book", "--country", "FR"], in: folder)
        #expect(initialized.status == 0, "\(initialized.stderr)")
        let settingsURL = folder.appendingPathComponent("book/invoic.yaml")
        var settings = try String(contentsOf: settingsURL, encoding: .utf8)
        for line in ["  # siren: \"your 9-digit SIREN\"", "  # billing_mode: S1", "  # vat_on_debits: true",
                     "  # electronic_address: \"0225:<your SIREN>\"", "TVA non applicable, art. 293 B du CGI", "locale: fr_FR"] {
            #expect(settings.contains(line), "\(line) missing:\n\(settings)")
        }
        // Filled in: a French address and a SIREN with a wrong check digit, then the right one.
        settings = settings.replacingOccurrences(of: "  # siren: \"your 9-digit SIREN\"", with: "  siren: \"732829321\"\n  address: { city: Lyon, country: FR }")
            .replacingOccurrences(of: "  # billing_mode: S1", with: "  billing_mode: S1")
        try settings.write(to: settingsURL, atomically: true, encoding: .utf8)
        let wrong = try Invoic.run(["check", "-C", "book"], in: folder)
        #expect(wrong.status != 0 && wrong.stderr.contains("invalid-siren"), "\(wrong.stderr)")
        try settings.replacingOccurrences(of: "732829321", with: "732829320").write(to: settingsURL, atomically: true, encoding: .utf8)
        let checked = try Invoic.run(["check", "-C", "book"], in: folder)
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(settings.contains("einvoice: [factur-x]") && settings.contains("may set 10%, 5.5% or 2.1%") && settings.contains("PMT, PMD and AAB"), "\(settings)")
        let other = try Invoic.run(["init", "de", "--country", "DE"], in: folder)
        #expect(other.status == 0)
        #expect(!(try String(contentsOf: folder.appendingPathComponent("de/invoic.yaml"), encoding: .utf8)).contains("siren"))
    }

    /// Point 2 of the brief, end to end: the book `init --country FR` writes, its placeholders
    /// filled as its comments say (SIREN, SIRET, the 0225 address, the billing mode, a French
    /// address and VAT number), a French client and invoices at the four French rates and a credit
    /// note, checks clean, builds, and every export passes the official BR-FR schematron and
    /// einvoice-check; with `einvoice_profile: extended-ctc-fr` uncommented, the EXTENDED-CTC-FR
    /// schematron too, and each PDF is a Factur-X EXTENDED.
    @Test func aFilledFrenchBookBuildsExportsThePlatformAccepts() throws {
        try #require(FrenchRules.available, "../shared/standards/fr-ctc is absent")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-fr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Invoic.run(["init", "book", "--country", "FR", "--name", "Lumière Conseil SASU"], in: folder).status == 0)
        let book = folder.appendingPathComponent("book")
        let settingsURL = book.appendingPathComponent("invoic.yaml")
        var settings = try String(contentsOf: settingsURL, encoding: .utf8)
        #expect(try Invoic.run(["check"], in: book).status == 0, "a fresh French book checks clean")
        for (placeholder, value) in [("  # siren: \"your 9-digit SIREN\"", "  siren: \"732829320\""),
                                     ("  # siret: \"your 14-digit SIRET\"", "  siret: \"73282932000074\""),
                                     ("  # electronic_address: \"0225:<your SIREN>\"", "  electronic_address: \"0225:732829320\""),
                                     ("  # billing_mode: S1", "  billing_mode: S1"),
                                     ("  # tax_id: your VAT number or tax id (checked when it has an EU prefix)", "  tax_id: FR44732829320"),
                                     ("  # address:\n  #   street: your street and number\n  #   city: your city\n  #   postal_code: \"your postal code\"\n  #   country: FR",
                                      "  address:\n    street: 12 rue de la République\n    city: Lyon\n    postal_code: \"69002\"\n    country: FR"),
                                     ("einvoice: [factur-x]             # or [ubl, cii, factur-x]", "einvoice: [ubl, cii, factur-x]")] {
            #expect(settings.contains(placeholder), "\(placeholder) is not in invoic.yaml:\n\(settings)")
            settings = settings.replacingOccurrences(of: placeholder, with: value)
        }
        try settings.write(to: settingsURL, atomically: true, encoding: .utf8)
        try "name: Rhône Logistique SAS\naddress: { street: 45 quai Rambaud, city: Lyon, postal_code: \"69002\", country: FR }\ntax_id: FR11123456782\nsiren: \"123456782\"\nelectronic_address: \"0225:123456782\"\n"
            .write(to: book.appendingPathComponent("clients/rhone.yaml"), atomically: true, encoding: .utf8)
        // One line at each French rate: 1000.00 × 20 % = 200.00, 100.00 × 10 % = 10.00,
        // 100.00 × 5.5 % = 5.50, 100.00 × 2.1 % = 2.10; total 1300.00 + 217.60 = 1517.60.
        try """
            client: rhone
            issued: 2026-09-15
            items:
              - { description: Conseil, quantity: 1, price: 1000.00 }
              - { description: Repas de travail, quantity: 1, price: 100.00, tax: 10% }
              - { description: Ouvrages, quantity: 1, price: 100.00, tax: 5.5% }
              - { description: Presse, quantity: 1, price: 100.00, tax: 2.1% }
            total: 1517.60

            """.write(to: book.appendingPathComponent("invoices/INV-0001.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: book.appendingPathComponent("credit-notes"), withIntermediateDirectories: true)
        try "client: rhone\nissued: 2026-09-20\ncorrects: INV-0001\nreason: Ouvrages non livrés\nitems:\n  - { description: Ouvrages, quantity: 1, price: 100.00, tax: 5.5% }\n"
            .write(to: book.appendingPathComponent("credit-notes/CN-0001.yaml"), atomically: true, encoding: .utf8)
        let checked = try Invoic.run(["check"], in: book)
        #expect(checked.status == 0, "\(checked.stderr)")

        for extended in [false, true] {
            if extended {
                try settings.replacingOccurrences(of: "# einvoice_profile: extended-ctc-fr", with: "einvoice_profile: extended-ctc-fr")
                    .write(to: settingsURL, atomically: true, encoding: .utf8)
            }
            let built = try Invoic.run(["build", "--quiet"], in: book)
            #expect(built.status == 0, "\(built.stderr)")
            let out = book.appendingPathComponent("build")
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
            let ubl = names.filter { $0.hasSuffix(".ubl.xml") }.sorted().map { out.appendingPathComponent($0).path }
            let cii = names.filter { $0.hasSuffix(".cii.xml") }.sorted().map { out.appendingPathComponent($0).path }
            let pdfs = ["INV-0001.pdf", "CN-0001.pdf"].map { out.appendingPathComponent($0).path }
            #expect(ubl.count == 2 && cii.count == 2, "\(names)")
            // The XML inside each Factur-X, for the schematron.
            var embedded: [String] = []
            for pdf in pdfs {
                let xml = folder.appendingPathComponent(((pdf as NSString).lastPathComponent as NSString).deletingPathExtension + "-\(extended).factur-x.xml").path
                let saved = try runProcess(URL(fileURLWithPath: "/usr/bin/pdfdetach"), ["-save", "1", "-o", xml, pdf])
                #expect(saved.status == 0, "\(saved.stderr)")
                embedded.append(xml)
            }
            var rules: [(FrenchRules.Rules, [String])] = [(.brFRUBL, ubl), (.brFRCII, cii + embedded)]
            if extended { rules += [(.extendedUBL, ubl), (.extendedCII, cii + embedded)] }
            for (schema, files) in rules {
                let result = try FrenchRules.schematron(schema, files)
                #expect(result.status == 0 && FrenchRules.fatal(result).isEmpty, "\(schema): \(result.stdout)\(result.stderr)")
            }
            let validated = try FrenchRules.einvoiceCheck(ubl + cii + pdfs)
            #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
            let level = extended ? "factur-x/extended: 0 fatal" : "factur-x/en16931: 0 fatal"
            #expect(validated.stdout.components(separatedBy: level).count - 1 == (extended ? 2 : 4), "\(validated.stdout)")
            let invoice = try String(contentsOfFile: ubl.first { $0.hasSuffix("INV-0001.ubl.xml") } ?? "", encoding: .utf8)
            #expect(invoice.contains("<cbc:CustomizationID>urn:cen.eu:en16931:2017\(extended ? "#conformant#urn.cpro.gouv.fr:1p0:extended-ctc-fr" : "")</cbc:CustomizationID>"))
            #expect(invoice.contains("<cbc:TaxInclusiveAmount currencyID=\"EUR\">1517.60</cbc:TaxInclusiveAmount>"))
        }
    }

    /// Point 6 of the issue: `make` builds examples/micro and examples/conseil with the others
    /// (the Makefile's EXAMPLES glob, as of its TODAY): each builds without an error, its PDFs and
    /// its e-invoices.
    @Test func makeBuildsTheFrenchExamples() throws {
        let makefile = try String(contentsOf: Invoic.examples.deletingLastPathComponent().appendingPathComponent("Makefile"), encoding: .utf8)
        #expect(makefile.contains("EXAMPLES := $(wildcard examples/*/invoic.yaml)"))
        let today = try #require(makefile.firstMatch(of: /TODAY +\?= (\d{4}-\d\d-\d\d)/)?.1).description
        for (name, outputs) in [("micro", ["CM-2027-001.pdf", "CM-2027-001.ubl.xml", "CM-2027-001.cii.xml"]),
                                ("conseil", ["F2026-001.pdf", "F2026-002.pdf", "F2026-002.ubl.xml"])] {
            let book = try Invoic.copy(Invoic.examples.appendingPathComponent(name))
            defer { try? FileManager.default.removeItem(at: book) }
            let built = try Invoic.run(["build", "-C", book.path, "--today", today])
            #expect(built.status == 0 && !built.stderr.contains("error"), "\(name): \(built.stderr)")
            for output in outputs {
                #expect(FileManager.default.fileExists(atPath: book.appendingPathComponent("build/\(output)").path), "\(name): no \(output)")
            }
        }
    }
}
