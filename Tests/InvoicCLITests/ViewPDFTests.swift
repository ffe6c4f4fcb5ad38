import Foundation
import InvoicTestSupport
import Testing

/// `invoic view --format pdf`: a supplier's e-invoice as a PDF in invoic's look and the reader's
/// language, with the supplier's figures, an EPC code for the amount due (read back by zxing-cpp),
/// the facts page and the findings on a page of their own; PDF/UA-1 and `qpdf --check` clean.
@Suite struct ViewPDFTests {
    static let received = Invoic.fixtures.appendingPathComponent("received")

    struct Viewed {
        var folder: URL
        var pdf: URL
        var pages: [String]
    }

    /// The view of `file` in `locale`, its text page by page.
    func view(_ file: String, locale: String) throws -> Viewed {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-view-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pdf = folder.appendingPathComponent("view.pdf")
        let path = file.hasPrefix("/") ? file : Self.received.appendingPathComponent(file).path
        let run = try Invoic.run(["view", path, "-o", pdf.path, "--locale", locale])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let text = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-layout", pdf.path, "-"]).stdout
        return Viewed(folder: folder, pdf: pdf, pages: text.components(separatedBy: "\u{0C}").filter { !$0.isEmpty })
    }

    /// The payloads of the QR codes on the first page.
    func codes(_ viewed: Viewed) throws -> [String] {
        let prefix = viewed.folder.appendingPathComponent("page").path
        _ = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftoppm"), ["-gray", "-r", "200", "-f", "1", "-l", "1", viewed.pdf.path, prefix])
        let page = try #require(try FileManager.default.contentsOfDirectory(atPath: viewed.folder.path).first { $0.hasSuffix(".pgm") })
        let read = try runProcess(Invoic.repository.appendingPathComponent("scripts/read-qr.py"), [viewed.folder.appendingPathComponent(page).path])
        return read.stdout.split(separator: "\n").map { hex in
            String(decoding: stride(from: 0, to: hex.count, by: 2).map { offset in
                UInt8(hex[hex.index(hex.startIndex, offsetBy: offset)..<hex.index(hex.startIndex, offsetBy: offset + 2)], radix: 16)!
            }, as: UTF8.self)
        }
    }

    /// The KoSIT XRechnung example in German: its lines, the supplier's figures, the payment terms,
    /// the code for 336.90 to the seller's IBAN, the facts page and an empty findings page.
    @Test func anXRechnungReadsAsAGermanInvoice() throws {
        let viewed = try view("xrechnung-01.01a-INVOICE_ubl.xml", locale: "de_DE")
        defer { try? FileManager.default.removeItem(at: viewed.folder) }
        #expect(viewed.pages.count == 3)
        let first = try #require(viewed.pages.first)
        for expected in ["RECHNUNG", "123456XX", "[Seller name]", "[Buyer name]", "RECHNUNGSDATUM", "4. Apr. 2016", "04011000-12345-03",
                         "Zeitschrift [...]", "288,79 €", "Porto + Versandkosten", "26,07 €", "Zwischensumme", "314,86 €", "USt. 7 %", "22,04 €",
                         "336,90 €", "DE79000000001234567890", "Zahlungsbedingungen: Zahlbar sofort ohne Abzug.",
                         "Es gelten unsere Allgem. Geschäftsbedingungen"] {
            #expect(first.contains(expected), "page 1 lacks \(expected)")
        }
        #expect(!first.contains("#ADU#"), "the note's subject code is not text for the reader")
        #expect(first.replacingOccurrences(of: "\n", with: " ").contains("erstellt von"), "the view says it is one")
        #expect(viewed.pages[1].contains("ZU DIESER E-RECHNUNG") && viewed.pages[1].contains("EM:seller@email.de"))
        #expect(viewed.pages[1].contains("314,86 €") && viewed.pages[1].contains("USt. 7 % (S)"), "the VAT breakdown as written")
        #expect(viewed.pages[2].contains("BEFUNDE (REGELN DER EN 16931)") && viewed.pages[2].contains("Keine"))
        #expect(try codes(viewed) == ["BCD\n002\n1\nSCT\n\n[Seller name]\nDE79000000001234567890\nEUR336.90\n\n\n123456XX"])
    }

    /// A credit note that breaks a rule: titled as one, no code (it asks for no payment), and the
    /// rule by its id on the findings page.
    @Test func aCreditNoteWithFindingsListsThemOnTheirOwnPage() throws {
        let broken = try Invoic.creditNoteBreakingBR01()
        defer { try? FileManager.default.removeItem(at: broken) }
        let viewed = try view(broken.path, locale: "en_GB")
        defer { try? FileManager.default.removeItem(at: viewed.folder) }
        let first = try #require(viewed.pages.first)
        #expect(first.contains("CREDIT NOTE") && first.contains("018304 / 28865"))
        #expect(first.contains("100.11"))
        #expect(first.replacingOccurrences(of: "\n", with: " ").contains("EN 16931 rules broken: 1"), "page one says it breaks a rule")
        let last = try #require(viewed.pages.last)
        #expect(last.contains("FINDINGS (EN 16931 RULES)") && last.contains("BR-01"))
        #expect(try codes(viewed).isEmpty)
    }

    /// Factur-X MINIMUM has no lines and states no prepaid amount: the view says it has no lines,
    /// prints the supplier's net, VAT and total, and names the amount due that its figures do not
    /// give, with no code to pay it.
    @Test func aMinimumProfileShowsItsTotalsAndSaysWhatItLacks() throws {
        let viewed = try view("zugferd-pdf_fx_minimum_1.pdf", locale: "fr_FR")
        defer { try? FileManager.default.removeItem(at: viewed.folder) }
        let first = try #require(viewed.pages.first).replacingOccurrences(of: "\n", with: " ")
        #expect(first.contains("FACTURE") && first.contains("F20220027"))
        #expect(first.contains("ne comporte aucune ligne (profil MINIMUM)"))
        for amount in ["100,00", "10,00", "110,00"] { #expect(first.contains(amount), "lacks \(amount)") }
        #expect(first.contains("Le fournisseur demande 100,00"), "\(first)")
        #expect(try codes(viewed).isEmpty, "an amount due the document contradicts gets no code")
    }

    /// Every received fixture views as a conforming PDF in several languages; a Japanese view has
    /// its words from the CJK fonts.
    @Test(arguments: ["ubl-tc434-example1.xml", "ubl-tc434-example2.xml", "CII_example1.xml", "CII_example5.xml", "xrechnung-02.01a-INVOICE_ubl.xml",
                      "xrechnung-01.01a-INVOICE_uncefact.xml", "zugferd-pdf_zf_en16931_1.pdf", "zugferd-pdf_zf_extended_1.pdf",
                      "zugferd-xml_basic_1.xml", "zugferd-pdf_zf_xrechnung_1.pdf"])
    func everyFixtureViewsAsAConformingPDF(_ file: String) throws {
        for locale in ["en_US", "ja_JP"] {
            let viewed = try view(file, locale: locale)
            defer { try? FileManager.default.removeItem(at: viewed.folder) }
            #expect(viewed.pages.count >= 3)
            #expect(try runProcess(URL(fileURLWithPath: "/usr/bin/qpdf"), ["--check", viewed.pdf.path]).status == 0)
            let python = Invoic.repository.appendingPathComponent(".build/einvoice-venv/bin/python")
            let conformance = try runProcess(python, [Invoic.repository.appendingPathComponent("scripts/pdf-conformance.py").path, viewed.pdf.path])
            #expect(conformance.status == 0, "\(conformance.stdout)\(conformance.stderr)")
            let last = try #require(viewed.pages.last)
            #expect(last.contains(locale == "ja_JP" ? "指摘事項" : "FINDINGS"), "\(last)")
        }
    }

    /// XRechnung's extension collects payments for third parties (BT-DEX-002) on top of the
    /// total: the view prints them and asks for the sum, with a code for it, and says no conflict.
    @Test func thirdPartyPaymentsArePartOfTheAmountDue() throws {
        let viewed = try view("xrechnung-extension-05.01a-INVOICE_ubl.xml", locale: "de_DE")
        defer { try? FileManager.default.removeItem(at: viewed.folder) }
        let first = try #require(viewed.pages.first)
        #expect(first.contains("Zahlungen an Dritte") && first.contains("29,96 €") && first.contains("366,86 €"), "\(first)")
        #expect(!first.replacingOccurrences(of: "\n", with: " ").contains("Der Lieferant fordert"), "the figures agree")
        #expect(try codes(viewed).first?.contains("EUR366.86") == true)
    }

    /// Text in a script the Latin fonts lack, only in the payment terms, still finds its font.
    @Test func japaneseTermsAloneBringTheirFont() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-view-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let xml = try String(contentsOf: Self.received.appendingPathComponent("xrechnung-01.01a-INVOICE_ubl.xml"), encoding: .utf8)
            .replacingOccurrences(of: "Zahlbar sofort ohne Abzug.", with: "三十日以内にお支払いください")
        let source = folder.appendingPathComponent("terms.xml"), pdf = folder.appendingPathComponent("terms.pdf")
        try Data(xml.utf8).write(to: source)
        let run = try Invoic.run(["view", source.path, "-o", pdf.path])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let text = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdf.path, "-"]).stdout
        #expect(text.contains("三十日以内にお支払いください"), "\(text)")
    }

    /// CEN's UBL example 2 (ubl-tc434-example2.xml) viewed inside a book, as the receiving book's
    /// document: the book's own labels (`labels:`) and paper (`paper: Letter`, where en_GB alone
    /// would give A4), and the supplier's figures read by hand from the XML to the cent: the seller
    /// (BT-27), every line's name and net (BT-153, BT-131), the document allowance and charge
    /// (BT-92, BT-99), the tax per rate (BT-117), BT-106, BT-110, BT-112, BT-113 and BT-115.
    @Test func aViewInABookTakesItsLabelsAndPaperAndTheSuppliersFigures() throws {
        let book = try ReceiveCommandTests.emptyBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let settings = book.appendingPathComponent("invoic.yaml")
        try Data((try String(contentsOf: settings, encoding: .utf8) + "paper: Letter\nlabels:\n  en: {bill_to: Sold to, total: Grand total}\n").utf8).write(to: settings)
        let pdf = book.appendingPathComponent("view.pdf")
        let run = try Invoic.run(["view", Self.received.appendingPathComponent("ubl-tc434-example2.xml").path, "-o", pdf.path, "--locale", "en_GB"], in: book)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let text = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-layout", pdf.path, "-"]).stdout
        let pages = text.components(separatedBy: "\u{0C}")
        let invoice = pages.prefix(2).joined().replacingOccurrences(of: "\n", with: " ")
        func squeezed(_ text: String) -> String { text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        let flat = squeezed(invoice)
        for expected in ["Salescompany ltd.", "INVOICE", "TOSL108", "SOLD TO", "The Buyercompany",
                         "Laptop computer 2 NOK 1,273.00 NOK 1,273.00", "-NOK 3.96", "NOK 4.96", "-NOK 25.00", "Network cable 250 m NOK 0.75 NOK 187.50",
                         "Subtotal NOK 1,436.50", "-NOK 100.00", "NOK 100.00", "VAT 25% NOK 365.13", "VAT 15% NOK 0.15", "Total tax NOK 365.28",
                         "Grand total NOK 1,801.78", "NOK 1,000.00", "NOK 801.78"] {
            #expect(flat.contains(expected), "the view lacks \(expected)")
        }
        #expect(!flat.contains("BILL TO"), "the book's label replaces the template's")
        let info = try runProcess(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [pdf.path]).stdout
        #expect(info.contains("612 x 792 pts (letter)"), "\(info)")
        // The text view speaks the book's words too.
        let textView = try Invoic.run(["view", Self.received.appendingPathComponent("ubl-tc434-example2.xml").path, "--locale", "en_GB"], in: book)
        #expect(textView.status == 0 && textView.stdout.contains("Sold to") && !textView.stdout.contains("Bill to"), "\(textView.stdout)")
    }

    /// A stored purchase views from its original in the book, as it was received.
    @Test func aStoredPurchaseViewsAsAPDF() throws {
        let book = try ReceiveCommandTests.emptyBook()
        defer { try? FileManager.default.removeItem(at: book) }
        #expect(try Invoic.run(["receive", Self.received.appendingPathComponent("ubl-tc434-example1.xml").path], in: book).status == 0)
        let run = try Invoic.run(["view", "purchases/2015/de-koksmaat-12115118.xml", "-o", "view.pdf"], in: book)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let text = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-layout", book.appendingPathComponent("view.pdf").path, "-"]).stdout
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // BT-27, BT-1, BT-109, BT-112 of CEN's UBL example 1.
        for expected in ["De Koksmaat", "12115118", "229.60", "250.33"] { #expect(flat.contains(expected), "lacks \(expected): \(flat)") }
        // By its number, the same: the original the book keeps.
        let byNumber = try Invoic.run(["view", "12115118", "-o", "by-number.pdf"], in: book)
        #expect(byNumber.status == 0 && byNumber.stderr.isEmpty, "\(byNumber.stderr)")
        let again = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-layout", book.appendingPathComponent("by-number.pdf").path, "-"]).stdout
        #expect(again == text)
        #expect(text.contains("de-koksmaat-12115118.xml"), "the view names the original")
    }

    /// A text only the appendix prints (here the file's name, in Japanese) brings its font too.
    @Test func aJapaneseFileNameAloneBringsItsFont() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-view-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("請求書.xml"), pdf = folder.appendingPathComponent("view.pdf")
        try FileManager.default.copyItem(at: Self.received.appendingPathComponent("xrechnung-01.01a-INVOICE_ubl.xml"), to: source)
        let run = try Invoic.run(["view", source.path, "-o", pdf.path])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let text = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdf.path, "-"]).stdout
        #expect(text.contains("請求書.xml"), "\(text)")
    }

    @Test func aPDFNeedsAFileToGoTo() throws {
        let run = try Invoic.run(["view", Self.received.appendingPathComponent("ubl-tc434-example1.xml").path, "--format", "pdf"])
        // The test's standard output is a pipe, not a terminal: the PDF goes there.
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("%PDF-"))
    }
}
