import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import InvoicBook
@testable import InvoicPDF
import InvoicTestSupport
import Testing

/// Issue 15, point 3: every PDF is tagged, so a screen reader finds the title as a
/// heading, the items as a table with header cells, the rest as paragraphs, in reading order;
/// the catalog names the language and asks viewers to show the title.
@Suite struct AccessibilityTests {
    /// The wholesale F-2026-0001 with its three lines written eight times: a table over pages.
    static func longInvoice() throws -> (Book, Document) {
        let book = try PDFTest.example("wholesale")
        var document = try #require(book.document("F-2026-0001"))
        document.items = Array(repeating: document.items, count: 8).flatMap { $0 }
        document.figures = book.priced(document)
        return (book, document)
    }

    @Test func everyPDFIsTaggedWithATableAndItsLanguage() throws {
        let (book, document) = try Self.longInvoice()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-a11y-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("x.pdf")
        try Data(try PDFTest.render(document, with: try PDFRenderer(book: book))).write(to: pdf)
        let info = try runProcess(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [pdf.path])
        #expect(info.stdout.contains("Tagged:          yes"), "\(info.stdout)")
        let pages = Int(info.stdout.split(separator: "\n").first { $0.hasPrefix("Pages:") }?.split(separator: " ").last ?? "") ?? 0
        #expect(pages >= 2, "the table goes on over pages")
        let expanded = folder.appendingPathComponent("qdf.pdf")
        _ = try runProcess(URL(fileURLWithPath: "/usr/bin/qpdf"), ["--qdf", "--object-streams=disable", pdf.path, expanded.path])
        let text = String(decoding: try Data(contentsOf: expanded), as: UTF8.self)
        func count(_ type: String) -> Int { text.components(separatedBy: "/S /\(type)\n").count - 1 }
        #expect(count("Table") == 1)
        #expect(count("H1") == 1)
        // One header row (repeated on later pages as an artifact) and a row per line (24).
        #expect(count("TR") == 25 && count("TH") == 4 && count("TD") == 96, "TR \(count("TR")) TH \(count("TH")) TD \(count("TD"))")
        #expect(count("P") > 5)
        #expect(text.contains("/Lang (sv-SE)"))
        #expect(text.contains("/Marked true"))
        #expect(text.contains("/DisplayDocTitle true"))
    }

    /// What a screen reader passes over is page furniture only: each page's footer and, on the
    /// second page, the repeated column headers. The totals after a table that ends on the
    /// second page are paragraphs (the table's tag spans the pages).
    @Test func onlyPageFurnitureIsAnArtifact() throws {
        let (book, document) = try Self.longInvoice()
        let pdf = try PDFTest.render(document, with: try PDFRenderer(book: book))
        let pages = try PDFTest.pageCount(pdf)
        let expanded = try PDFTest.withFile(pdf) { path in
            let out = path + ".qdf"
            defer { try? FileManager.default.removeItem(atPath: out) }
            try PDFTest.run("qpdf", ["--qdf", "--object-streams=disable", path, out])
            return String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
        }
        let artifacts = expanded.components(separatedBy: "/Artifact BMC\n").dropFirst().map { $0.components(separatedBy: "\nEMC")[0] }
        // The glyphs each artifact shows (`[<00120013>-12<0014>]TJ` in the font `/F1 9 Tf`
        // selects), read through that font's ToUnicode map and joined.
        let maps = PDFTest.toUnicodeMaps(expanded)
        let shown = artifacts.map { artifact in
            var font = "", text = ""
            for line in artifact.split(separator: "\n") {
                if line.hasSuffix(" Tf"), let name = line.split(separator: " ").first { font = String(name.dropFirst()) }
                guard line.hasSuffix("TJ") else { continue }
                for hex in line.split(separator: "<").dropFirst().map({ $0.prefix { $0 != ">" } }) {
                    let digits = Array(hex)
                    for start in stride(from: 0, to: digits.count - 3, by: 4) {
                        text += maps[font]?[UInt32(String(digits[start..<start + 4]), radix: 16) ?? 0] ?? "?"
                    }
                }
            }
            return text
        }.filter { !$0.isEmpty }
        // Each page's footer, and before it on every page after the first the repeated header.
        // (Read through the ToUnicode maps, the header has its À, which the old reading of
        // cairo's literal strings skipped.)
        let expected = (1...pages).flatMap { page in (page > 1 ? ["BESKRIVNINGANTALÀ-PRISBELOPP"] : []) + ["F-2026-0001Sida \(page) av \(pages)"] }
        #expect(pages >= 2 && shown == expected, "\(shown)")
    }

    /// The XMP packet is XML: markup characters escaped, and the C0 controls XML cannot carry
    /// (a title may hold one, from YAML's "\a") left out rather than making the packet unreadable.
    @Test func theXMPPacketIsWellFormedWhateverTheTitle() throws {
        #expect(PDFMetadata.xmlEscape("A&B <x>\u{7}\ttab") == "A&amp;B &lt;x&gt;\ttab")
        let packet = PDFMetadata.xmp(.init(title: "Rechnung <1> & \u{1B}", author: "Ä", subject: "s", language: "de-AT", date: (2026, 3, 1)))
        let parser = XMLParser(data: Data(packet.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(packet.contains("<xmp:CreateDate>2026-03-01T00:00:00Z</xmp:CreateDate>"))
    }

    /// The logo is a figure whose alternative text is the business's name; the payment code is a
    /// figure that says what it pays, in the document's language.
    @Test func figuresHaveAlternativeText() throws {
        let book = try PDFTest.example("studio")
        let pdf = try PDFTest.render(try #require(book.document("INV-2026-011")), with: try PDFRenderer(book: book))
        let text = String(decoding: pdf, as: UTF8.self)
        // Each /Alt is UTF-16BE in hexadecimal, after its byte-order mark.
        let figures = text.components(separatedBy: "/S /Figure\n   /Alt <FEFF").dropFirst().map { hex -> String in
            let digits = Array(hex.prefix { $0 != ">" })
            let units = stride(from: 0, to: digits.count - 3, by: 4).compactMap { UInt16(String(digits[$0..<$0 + 4]), radix: 16) }
            return String(decoding: units, as: UTF16.self)
        }
        #expect(figures == ["Studio Brenner", "Mit der Banking-App bezahlen: EPC QR code, Studio Brenner e.U., 2.550,00\u{A0}€, INV-2026-011"])
    }

    /// The header cells say they head their columns (so every data cell's header is known), and
    /// CID fonts write out their glyph map: two things PDF/UA asks for that cairo leaves out.
    @Test func headerCellsHaveAScopeAndCIDFontsAGlyphMap() throws {
        let book = try PDFTest.example("studio")
        let pdf = try PDFTest.render(try #require(book.document("INV-2026-002")), with: try PDFRenderer(book: book))
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.components(separatedBy: "/S /TH\n   /A << /O /Table /Scope /Column >>").count - 1 == 4)
        let cidFonts = text.components(separatedBy: "/Subtype /CIDFontType2\n").count - 1
        #expect(cidFonts > 0 && text.components(separatedBy: "/CIDToGIDMap /Identity").count - 1 == cidFonts)
        #expect(text.contains("<pdfuaid:part>1</pdfuaid:part>"))
        #expect(text.contains("<rdf:li xml:lang=\"x-default\">Rechnung INV-2026-002</rdf:li>"), "the XMP title")
    }

    /// Every PDF of every example book, as `invoic build` writes it, is PDF/UA-1 by an
    /// independent validator that passes the veraPDF test corpus (page, from PyPI; `make test`
    /// installs it, scripts/pdf-conformance.py runs it); the Factur-X PDFs are PDF/A-3b as well.
    @Test func everyExamplePDFIsPDFUA1() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-pdfua-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var pdfs: [String] = [], facturX: [String] = []
        for name in PDFTest.exampleBooks + ["wholesale"] {
            let out = folder.appendingPathComponent(name)
            let build = try runProcess(PDFTest.invoic, ["build", "-C", PDFTest.examples.appendingPathComponent(name).path, "--today", "2026-11-21", "--out", out.path])
            #expect(build.status == 0, "\(name): \(build.stderr)")
            for file in try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() where file.hasSuffix(".pdf") {
                let path = out.appendingPathComponent(file).path
                pdfs.append(path)
                if String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self).contains("factur-x.xml") { facturX.append(path) }
            }
        }
        #expect(pdfs.count > 50 && facturX.count >= 5, "\(pdfs.count) PDFs, \(facturX.count) Factur-X")
        // And a book no test was written for: bench/books/generate.py's 150 documents, 1-30 lines
        // each (tables over two and three pages), paid, part paid, void, estimates.
        let generated = folder.appendingPathComponent("generated")
        try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", PDFTest.repository.appendingPathComponent("bench/books/generate.py").path, generated.path, "150"])
        let build = try runProcess(PDFTest.invoic, ["build", "-C", generated.path, "--today", "2026-11-21", "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")
        let generatedPDFs = try FileManager.default.contentsOfDirectory(atPath: generated.appendingPathComponent("build").path).filter { $0.hasSuffix(".pdf") }
        #expect(generatedPDFs.count == 150)
        pdfs += generatedPDFs.sorted().map { generated.appendingPathComponent("build/\($0)").path }
        let universal = try PDFTest.conformance(pdfs)
        #expect(universal.status == 0, "\(universal.stdout)\(universal.stderr)")
        let archival = try PDFTest.conformance(facturX, archival: true)
        #expect(archival.status == 0, "\(archival.stdout)\(archival.stderr)")
    }
}

/// E-mail and web addresses written anywhere a paragraph is (contact details, payment
/// instructions, notes) are links: a tagged Link annotation over the address alone.
@Suite struct LinkTests {
    @Test func addressesInTextAreFoundWithoutTheirPunctuation() {
        let found = Composer.links(in: "Zelle: billing@ridgeline.com. Or (https://pay.example/x?a=1), www.studio.at; not@home, nor @x.y")
        #expect(found.map(\.text) == ["billing@ridgeline.com", "https://pay.example/x?a=1", "www.studio.at"])
        #expect(found.map(\.uri) == ["mailto:billing@ridgeline.com", "https://pay.example/x?a=1", "https://www.studio.at"])
        // The URI is ASCII, and holds nothing that would end cairo's quoted attribute.
        #expect(Composer.mailto("jörg'o@bücher.de") == "mailto:j%C3%B6rg%27o@b%C3%BCcher.de")
        #expect(Composer.mailto("no address") == nil && Composer.mailto("x@localhost") == nil)
    }

    @Test func theLinkIsAnAnnotationWithItsAddressAsContents() throws {
        let book = try PDFTest.example("contractor")
        let pdf = try PDFTest.render(try #require(book.document("INV-0001")), with: try PDFRenderer(book: book))
        let text = String(decoding: pdf, as: UTF8.self)
        let hex = ([0xFE, 0xFF] + "billing@ridgelinecarpentry.com".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
            .map { String(format: "%02X", $0) }.joined()
        #expect(text.contains("/Subtype /Link\n   /Contents <\(hex)>\n   /F 4\n"))
        #expect(text.contains("/URI (mailto:billing@ridgelinecarpentry.com)"), "the full stop after it is not part of it")
        #expect(text.contains("/Tabs /S\n"))
        #expect(text.components(separatedBy: "/S /Link\n").count - 1 == 3, "the business's, the client's and the one in the payment instructions")
    }
}
