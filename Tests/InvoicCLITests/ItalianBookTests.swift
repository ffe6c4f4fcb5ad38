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

    /// Split payment (scissione dei pagamenti, art. 17-ter DPR 633/1972): the public client pays the
    /// VAT to the State, so the supplier asks for the total less the VAT, on the page as in the
    /// FatturaPA. F-1: 1,000.00 + 22 % = 1,220.00, 220.00 to the State, 1,000.00 due. F-2 adds the
    /// ritenuta, 20 % of 1,000.00 = 200.00: 1,220.00 - 220.00 - 200.00 = 800.00 due. F-3 is in
    /// English: its courtesy copy says so in English.
    @Test func splitPaymentIsTakenOffTheAmountDueOnThePage() throws {
        let book = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-it-split-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: book) }
        for folder in ["clients", "invoices"] {
            try FileManager.default.createDirectory(at: book.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let files = [
            "invoic.yaml": """
                business:
                  name: Studio Test
                  address: { street: Via Roma 1, city: Milano, region: MI, postal_code: "20121", country: IT }
                  tax_id: IT12345678903
                  tax_number: RSSMRA80A01H501U
                payment: { account: IT60 X054 2811 1010 0000 0123 456 }
                defaults: { currency: EUR, locale: it_IT, tax: 22%, terms: 30 }
                numbering: { invoice: "F-{seq}", credit_note: "NC-{seq}" }
                einvoice: [fatturapa]
                fatturapa: { regime: RF01 }

                """,
            "clients/comune.yaml": """
                name: Comune di Torino
                address: { street: Piazza Palazzo di Città 1, city: Torino, region: TO, postal_code: "10122", country: IT }
                tax_id: IT03456789019
                fatturapa: { recipient: ABC1234 }
                tax: { category: B, rate: 22% }

                """,
            "invoices/F-1.yaml": "number: F-1\nclient: comune\nissued: 2026-03-02\nitems:\n  - { description: Manutenzione, price: 1000.00 }\n",
            "invoices/F-2.yaml": "number: F-2\nclient: comune\nissued: 2026-03-03\nsent: 2026-03-03\nwithholding: [{ kind: RT01, rate: 20% }]\nitems:\n  - { description: Consulenza, price: 1000.00 }\n",
            "invoices/F-3.yaml": "number: F-3\nclient: comune\nissued: 2026-03-04\nlocale: en_GB\nitems:\n  - { description: Maintenance, price: 1000.00 }\n",
        ]
        for (path, text) in files { try text.write(to: book.appendingPathComponent(path), atomically: true, encoding: .utf8) }
        let built = try Invoic.run(["build", "--quiet"], in: book)
        #expect(built.status == 0, "\(built.stderr)")
        func page(_ number: String) throws -> String {
            try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-layout", book.appendingPathComponent("build/\(number).pdf").path, "-"]).stdout
        }
        func row(_ text: String, _ label: String) -> String? {
            text.components(separatedBy: "\n").first { $0.contains(label) }?.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        let first = try page("F-1")
        // The label wraps in the totals' column: its first line carries the amount.
        #expect(row(first, "IVA da versare a cura del")?.hasSuffix("-220,00 €") == true, "\(first)")
        #expect(first.contains("committente (scissione dei") && first.contains("pagamenti)"), "\(first)")
        #expect(row(first, "Totale")?.hasSuffix(" 1220,00 €") == true, "\(first)")
        #expect(row(first, "Da pagare")?.hasSuffix(" 1000,00 €") == true, "\(first)")
        let second = try page("F-2")
        #expect(row(second, "Ritenuta RT01")?.hasSuffix("-200,00 €") == true, "\(second)")
        #expect(row(second, "IVA da versare a cura del")?.hasSuffix("-220,00 €") == true, "\(second)")
        #expect(row(second, "Da pagare")?.hasSuffix(" 800,00 €") == true, "\(second)")
        let english = try page("F-3").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(english.contains("VAT paid by the client to -€220.00 the State (split payment, scissione dei pagamenti) Amount due €1,000.00"), "\(english)")
        #expect(english.contains("Courtesy copy: the document valid for tax purposes is the electronic invoice"), "\(english)")
        #expect(!english.contains("Copia di cortesia"), "\(english)")

        // The FatturaPA keeps its figures: the total with VAT, and the payment without it.
        let xml = try Invoic.run(["export", "--format", "fatturapa", "-o", "-", "F-2"], in: book)
        #expect(xml.stdout.contains("<ImportoTotaleDocumento>1220.00</ImportoTotaleDocumento>"), "\(xml.stdout)")
        #expect(xml.stdout.contains("<ImportoPagamento>800.00</ImportoPagamento>"), "\(xml.stdout)")

        // The journal (of the sent F-2): the receivable is the 800.00 due, 200.00 withheld, and the
        // 220.00 of VAT the client pays the State is cleared, so no output VAT is owed.
        let journal = try Invoic.run(["export-journal", "--format", "hledger"], in: book)
        #expect(journal.status == 0, "\(journal.stderr)")
        let posted = journal.stdout.components(separatedBy: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(posted.contains("Assets:Receivable:Comune 800.00 EUR") && posted.contains("Assets:Withholding:RT01 200.00 EUR")
                && posted.contains("Income:Sales -1000.00 EUR"), "\(journal.stdout)")
        #expect(!journal.stdout.contains("VAT"), "\(journal.stdout)")
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
