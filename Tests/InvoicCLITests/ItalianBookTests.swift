import Foundation
import InvoicTestSupport
import Testing

/// Issue 44 from the command line: `init --country IT` starts a FatturaPA book, and `build` and
/// `export` write each invoice under the name the SdI requires.
@Suite struct ItalianBookTests {
    @Test func initForItalyWritesFatturaPAUnderTheSdIsFileName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-it-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let started = try Invoic.run(["init", "studio", "--country", "IT", "--name", "Studio Bianchi"], in: folder)
        #expect(started.status == 0, "\(started.stderr)")
        #expect(started.stderr.hasPrefix("started a book in studio (IT: EUR, tax 22%, it_IT)"), "\(started.stderr)")
        let book = folder.appendingPathComponent("studio")
        let settingsURL = book.appendingPathComponent("invoic.yaml")
        var settings = try String(contentsOf: settingsURL, encoding: .utf8)
        #expect(settings.contains("einvoice: [fatturapa]\nfatturapa:\n  regime: RF01"), "\(settings)")
        #expect(try Invoic.run(["check"], in: book).status == 0, "a fresh Italian book checks clean")

        // The business's details, as the comments of invoic.yaml ask for them.
        settings = settings.replacingOccurrences(of: "  name: Studio Bianchi\n", with: """
              name: Studio Bianchi
              address: { street: Via Roma 1, city: Bologna, region: BO, postal_code: "40121", country: IT }
              tax_id: IT03456789019

            """)
        try settings.write(to: settingsURL, atomically: true, encoding: .utf8)
        try """
            name: Osteria del Portico S.r.l.
            address: { street: Via Zamboni 12, city: Bologna, region: BO, postal_code: "40126", country: IT }
            tax_id: IT12345678903
            fatturapa: { recipient: M5UXCR1 }

            """.write(to: book.appendingPathComponent("clients/osteria.yaml"), atomically: true, encoding: .utf8)
        try "client: osteria\nissued: 2026-03-10\nitems:\n  - { description: Consulenza, quantity: 2, price: 150.00 }\n"
            .write(to: book.appendingPathComponent("invoices/INV-0001.yaml"), atomically: true, encoding: .utf8)
        let built = try Invoic.run(["build", "--quiet"], in: book)
        #expect(built.status == 0, "\(built.stderr)")
        // 2 × 150.00 = 300.00, VAT 22 % 66.00, total 366.00.
        let xml = try String(contentsOf: book.appendingPathComponent("build/IT03456789019_00001.xml"), encoding: .utf8)
        #expect(xml.contains("<ProgressivoInvio>00001</ProgressivoInvio>"))
        #expect(xml.contains("<ImponibileImporto>300.00</ImponibileImporto>\n        <Imposta>66.00</Imposta>"))
        #expect(xml.contains("<ImportoTotaleDocumento>366.00</ImportoTotaleDocumento>"))

        // The PDF is the courtesy copy, and says so.
        let text = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), [book.appendingPathComponent("build/INV-0001.pdf").path, "-"]).stdout
        #expect(text.replacingOccurrences(of: "\n", with: " ").contains("Copia di cortesia: il documento valido ai fini fiscali è la fattura elettronica"), "\(text)")

        let exported = try Invoic.run(["export", "--format", "fatturapa", "-o", "-", "INV-0001"], in: book)
        #expect(exported.status == 0)
        #expect(exported.stdout == xml, "export writes what build wrote")
    }

    /// What invoic writes, invoic receives with the same figures: the consultant's 2026/001
    /// (1200.00 + INPS 48.00 = 1248.00, VAT 274.56, total 1522.56, ritenuta 20 % 249.60, due
    /// 1272.96) exported and received by a client's book, with no rule broken.
    @Test func aWrittenFatturaPAIsReceivedWithItsFigures() throws {
        let consultant = Invoic.examples.appendingPathComponent("consulente-it")
        let exported = try Invoic.run(["export", "-C", consultant.path, "--format", "fatturapa", "-o", "-", "2026/001"])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.contains("<ImportoRitenuta>249.60</ImportoRitenuta>") && exported.stdout.contains("<ImportoPagamento>1272.96</ImportoPagamento>"))
        let client = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-it-client-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: client) }
        try FileManager.default.createDirectory(at: client, withIntermediateDirectories: true)
        try "business: { name: Fonderia Lombarda }\ndefaults: { currency: EUR, locale: it_IT }\n"
            .write(to: client.appendingPathComponent("invoic.yaml"), atomically: true, encoding: .utf8)
        let file = client.appendingPathComponent("IT07654321095_00001.xml")
        try exported.stdout.write(to: file, atomically: true, encoding: .utf8)
        let received = try Invoic.run(["receive", file.path], in: client)
        #expect(received.status == 0, "\(received.stderr)")
        let record = try String(contentsOf: client.appendingPathComponent("purchases/2026/luca-verdi-2026-001.yaml"), encoding: .utf8)
        #expect(record.contains("  net: 1248.00\n  tax: 274.56\n  total: 1522.56\n  payable: 1272.96\n"), "\(record)")
        #expect(!record.contains("findings:"), "\(record)")
        #expect(try Invoic.run(["check"], in: client).status == 0)
    }
}
