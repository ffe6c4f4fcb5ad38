import Foundation
import InvoicTestSupport
import Testing

/// `invoic export` and the e-invoices `invoic build` writes for the clients whose `einvoice:` asks.
@Suite struct ExportCommandTests {
    @Test func exportWritesAnyFormatAndChecksItsRulesFirst() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        let ubl = try Invoic.run(["export", "--format", "ubl", "-o", "-", "INV-2026-011"], in: book)
        #expect(ubl.status == 0, "\(ubl.stderr)")
        #expect(ubl.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\""))
        #expect(ubl.stdout.contains("<cbc:TaxExemptionReasonCode>VATEX-EU-AE</cbc:TaxExemptionReasonCode>"))

        let credit = try Invoic.run(["export", "--format", "cii", "-o", "out", "CN-2026-002"], in: book)
        #expect(credit.status == 0, "\(credit.stderr)")
        #expect(credit.stdout == "out/CN-2026-002.cii.xml\n")
        let cii = try String(contentsOf: book.appendingPathComponent("out/CN-2026-002.cii.xml"), encoding: .utf8)
        #expect(cii.contains("<ram:TypeCode>381</ram:TypeCode>"))
        #expect(cii.contains("<ram:IssuerAssignedID>INV-2026-009</ram:IssuerAssignedID>"), "the corrected invoice, BT-25")

        // Nordlicht has no Leitweg-ID nor an electronic address: XRechnung refuses, at the document.
        let refused = try Invoic.run(["export", "--format", "xrechnung", "INV-2026-011"], in: book)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("error[BR-DE-15]: INV-2026-011: XRechnung needs the buyer reference"), "\(refused.stderr)")
        #expect(refused.stderr.contains("error: not written: INV-2026-011"))
        #expect(try Invoic.run(["export", "--format", "ubl", "EST-2026-001"], in: book).status == 2)
        let mistyped = try Invoic.run(["export", "--format", "ubl", "INV-2026-O11"], in: book)
        #expect(mistyped.status == 2)
        #expect(mistyped.stderr.contains("no invoice or credit note INV-2026-O11 in the book in .; did you mean INV-2026-011?"), "\(mistyped.stderr)")
    }

    /// The wholesale book asks for Factur-X: every PDF is PDF/A-3b with its CII embedded, valid as a
    /// receiver's validator reads it, and the same bytes on a second build.
    @Test func facturXPDFsValidateAndAreReproducible() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("wholesale"))
        defer { try? FileManager.default.removeItem(at: book) }
        #expect(try Invoic.run(["build", "--today", "2026-11-21", "--out", "one"], in: book).status == 0)
        #expect(try Invoic.run(["build", "--today", "2026-11-21", "--out", "two"], in: book).status == 0)
        let pdfs = try FileManager.default.contentsOfDirectory(atPath: book.appendingPathComponent("one").path).filter { $0.hasSuffix(".pdf") }.sorted()
        #expect(pdfs.count == 6)
        for pdf in pdfs {
            #expect(FileManager.default.contents(atPath: book.appendingPathComponent("one/\(pdf)").path)
                == FileManager.default.contents(atPath: book.appendingPathComponent("two/\(pdf)").path), "\(pdf) differs between builds")
        }
        let repository = Invoic.examples.deletingLastPathComponent()
        let python = ProcessInfo.processInfo.environment["EINVOICE_PYTHON"] ?? repository.appendingPathComponent(".build/einvoice-venv/bin/python").path
        let validator = repository.deletingLastPathComponent().appendingPathComponent("shared/tools/einvoice-check").path
        let result = try runProcess(URL(fileURLWithPath: python), [validator] + pdfs.map { book.appendingPathComponent("one/\($0)").path })
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").filter { $0.hasSuffix("warnings") && $0.contains("factur-x/en16931: 0 fatal") }.count == 6, "\(result.stdout)")
        let attachments = try runProcess(URL(fileURLWithPath: "/usr/bin/pdfdetach"), ["-list", book.appendingPathComponent("one/F-2026-0001.pdf").path])
        #expect(attachments.stdout.contains("factur-x.xml"))
    }

    /// A buyer that takes XRechnung and Factur-X gets a ZUGFeRD PDF with the XRECHNUNG profile:
    /// `xrechnung.xml` inside, declared so in the XMP; `invoic pdf` makes the same PDF as build.
    @Test func aFacturXPDFForAnXRechnungBuyerCarriesXRechnung() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        let client = book.appendingPathComponent("clients/bremen-kultur.yaml")
        let text = try String(contentsOf: client, encoding: .utf8).replacingOccurrences(of: "einvoice: [xrechnung]", with: "einvoice: [xrechnung, factur-x]")
        try text.write(to: client, atomically: true, encoding: .utf8)
        #expect(try Invoic.run(["pdf", "INV-2026-012", "-o", "one.pdf"], in: book).status == 0)
        #expect(try Invoic.run(["build", "--today", "2026-11-21"], in: book).status == 0)
        let built = try Data(contentsOf: book.appendingPathComponent("build/INV-2026-012.pdf"))
        #expect(try Data(contentsOf: book.appendingPathComponent("one.pdf")) == built)
        let attachments = try runProcess(URL(fileURLWithPath: "/usr/bin/pdfdetach"), ["-list", book.appendingPathComponent("one.pdf").path])
        #expect(attachments.stdout.contains("1: xrechnung.xml"), "\(attachments.stdout)")
        let metadata = String(decoding: built, as: UTF8.self)
        #expect(metadata.contains("<fx:ConformanceLevel>XRECHNUNG</fx:ConformanceLevel>"))
        #expect(metadata.contains("<pdfaid:part>3</pdfaid:part>"))
    }

    /// A changed credit note is not "nothing changed": its PDF and the report are made again.
    @Test func aChangedCreditNoteIsBuiltAgain() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        #expect(try Invoic.run(["build", "--today", "2026-11-21"], in: book).status == 0)
        let note = book.appendingPathComponent("credit-notes/CN-2026-002.yaml")
        try (try String(contentsOf: note, encoding: .utf8) + "# checked again\n").write(to: note, atomically: true, encoding: .utf8)
        let again = try Invoic.run(["build", "--today", "2026-11-21"], in: book)
        #expect(again.stderr.contains("wrote 1 PDF"), "\(again.stderr)")
    }

    @Test func buildWritesTheEInvoicesItsClientsAskFor() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        let run = try Invoic.run(["build", "--today", "2026-11-21"], in: book)
        #expect(run.status == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: book.appendingPathComponent("build").path).filter { $0.hasSuffix(".xml") }.sorted()
        #expect(files == ["INV-2026-012.xrechnung.xml", "INV-2026-013.peppol.xml"])
        let xrechnung = try String(contentsOf: book.appendingPathComponent("build/INV-2026-012.xrechnung.xml"), encoding: .utf8)
        #expect(xrechnung.contains("<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>"))
        #expect(xrechnung.contains("<cbc:BuyerReference>04011000-1234512345-06</cbc:BuyerReference>"))
        // Take the Leitweg-ID away: the book no longer checks, and nothing is built.
        let client = book.appendingPathComponent("clients/bremen-kultur.yaml")
        let text = try String(contentsOf: client, encoding: .utf8).replacingOccurrences(of: "buyer_reference: 04011000-1234512345-06     # the Leitweg-ID (BT-10)\n", with: "")
        try text.write(to: client, atomically: true, encoding: .utf8)
        let broken = try Invoic.run(["build", "--today", "2026-11-21"], in: book)
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("error[BR-DE-15]: INV-2026-012: XRechnung needs the buyer reference"), "\(broken.stderr)")
        #expect(broken.stderr.contains("--> clients/bremen-kultur.yaml:12:11"), "\(broken.stderr)")
    }
}

/// Issue 15, point 4: a book's own fonts, in `fonts/`, named by its template.
@Suite struct BookFontTests {
    @Test func aTemplateNamesTheBooksOwnFontAndAChangedFontRebuilds() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("contractor"))
        defer { try? FileManager.default.removeItem(at: book) }
        let fonts = book.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        for face in ["LiberationSerif-Regular.ttf", "LiberationSerif-Bold.ttf"] {
            try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/liberation2/" + face, toPath: fonts.appendingPathComponent(face).path)
        }
        try FileManager.default.createDirectory(at: book.appendingPathComponent("templates"), withIntermediateDirectories: true)
        try Data("extends: classic\nfonts:\n  family: Liberation Serif\n".utf8).write(to: book.appendingPathComponent("templates/serif.yaml"))
        let settings = book.appendingPathComponent("invoic.yaml")
        let text = try String(contentsOf: settings, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("template:") }.joined(separator: "\n")
        try (text + "\ntemplate: serif\n").write(to: settings, atomically: true, encoding: .utf8)

        let first = try Invoic.run(["build", "--today", "2026-11-21"], in: book)
        #expect(first.status == 0, "\(first.stderr)")
        let listed = try runProcess(URL(fileURLWithPath: "/usr/bin/pdffonts"), [book.appendingPathComponent("build/INV-0001.pdf").path])
        #expect(listed.stdout.contains("LiberationSerif"), "\(listed.stdout)")
        // Another face under the same file name: every PDF is made again.
        try FileManager.default.removeItem(at: fonts.appendingPathComponent("LiberationSerif-Regular.ttf"))
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/liberation2/LiberationSerif-Italic.ttf",
                                         toPath: fonts.appendingPathComponent("LiberationSerif-Regular.ttf").path)
        let second = try Invoic.run(["build", "--today", "2026-11-21"], in: book)
        #expect(second.status == 0)
        #expect(second.stderr.contains(", 0 up to date"), "\(second.stderr)")
        // A template naming a family neither invoic nor the book has is a check error.
        try Data("extends: classic\nfonts:\n  family: Garamond Premier\n".utf8).write(to: book.appendingPathComponent("templates/serif.yaml"))
        let check = try Invoic.run(["check", "--today", "2026-11-21"], in: book)
        #expect(check.status == 1)
        #expect(check.stderr.contains("unknown-font"), "\(check.stderr)")
    }
}
