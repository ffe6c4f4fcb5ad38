import Foundation
import InvoicBook
import InvoicEInvoice
import InvoicMoney
import InvoicTestSupport
import Testing

/// Every e-invoice invoic writes, for every invoice and credit note of the example books and the
/// official-example books, validated as a receiver would: XML Schema and the official CEN EN 16931
/// schematron, through ../shared/tools/einvoice-check; and its amounts are the book's.
@Suite struct EInvoiceTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let validator = repository.deletingLastPathComponent().appendingPathComponent("shared/tools/einvoice-check")
    /// The venv `make test` makes (scripts/einvoice-venv.sh), or EINVOICE_PYTHON.
    static let python = ProcessInfo.processInfo.environment["EINVOICE_PYTHON"].map(URL.init(fileURLWithPath:))
        ?? repository.appendingPathComponent(".build/einvoice-venv/bin/python")

    /// The example books (two of them paid to accounts that are no IBAN, two French) and the official-example books.
    static var books: [URL] {
        let examples = ["contractor", "musician", "studio", "wholesale", "conseil", "micro"].map { repository.appendingPathComponent("examples/\($0)") }
        let official = repository.appendingPathComponent("Tests/Fixtures/official")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: official.path)) ?? []).sorted()
            .filter { $0 != "xrechnung-03.05a" && FileManager.default.fileExists(atPath: official.appendingPathComponent("\($0)/invoic.yaml").path) }
        return examples + names.map { official.appendingPathComponent($0) }
    }

    @Test func theXMLWriterEscapesAndLeavesOutWhatXMLCannotCarry() {
        let element = XMLElement("a", [("x", "1 \"2\" <3>\n")], [.element(XMLElement("b", text: "Smith & Sons <Ltd>\r\u{07}")), .text("é")])
        #expect(element.document() == """
            <?xml version="1.0" encoding="UTF-8"?>
            <a x="1 &quot;2&quot; &lt;3&gt;&#10;">
              <b>Smith &amp; Sons &lt;Ltd&gt;&#13;</b>
              é
            </a>

            """)
    }

    /// A receiver's validator reads the XML Schema first (KoSIT refuses a schema-invalid file
    /// before any rule), so every format of every document is checked against it, whether or not
    /// the book has what the format's rules ask (those the book check reports before export);
    /// and the rules, for every document the book check lets through.
    @Test func everyDocumentValidatesInEverySyntaxWithTheBooksFigures() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-einvoice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        var ruled: Set<String> = []
        var nonIBAN = 0
        for bookURL in Self.books {
            let checked = try BookChecker.check(at: bookURL.path)
            #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(bookURL.lastPathComponent) has errors")
            let isExample = bookURL.deletingLastPathComponent().lastPathComponent == "examples"
            for document in checked.book.documents where document.kind.isBilling {
                var configured = checked.book.einvoiceFormats(for: document)
                if configured.contains(.xrechnung) { configured.append(.xrechnungCII) }
                let required: Set<EInvoiceFormat> = ["contractor", "musician"].contains(bookURL.lastPathComponent)
                    ? Set(configured) : Set([.ubl, .cii] + configured)
                // FA(3) and FatturaPA are no EN 16931 syntaxes: FA3Tests and FatturaPATests validate
                // them against the authorities' schemas.
                for format in EInvoiceFormat.allCases where ![.fa3, .fatturapa].contains(EInvoiceProfile(format).syntax) {
                    let problems = checked.book.einvoiceProblems(of: document, as: [format])
                    #expect(problems.isEmpty || !required.contains(format),
                            "\(bookURL.lastPathComponent) \(document.number) \(format): \(problems.map(\.message))")
                    // The official-example books are checked in the formats they were written for.
                    guard isExample || required.contains(format) else { continue }
                    let xml = try #require(EInvoiceWriter.xml(document, in: checked.book, format: format))
                    #expect(xml == EInvoiceWriter.xml(document, in: checked.book, format: format), "byte for byte the same twice")
                    let figures = try #require(document.figures)
                    // BT-115 leaves a withheld tax out (EN 16931 has none): the total with VAT less BT-113.
                    let payable = MoneyFormat.plain(figures.payable + figures.withheld, figures.currency)
                    let tax = MoneyFormat.plain(figures.breakdown.tax, figures.currency)
                    if EInvoiceProfile(format).syntax == .ubl {
                        #expect(xml.contains("<cbc:PayableAmount currencyID=\"\(figures.currency.code)\">\(payable)</cbc:PayableAmount>"))
                        #expect(xml.contains("<cbc:TaxAmount currencyID=\"\(figures.currency.code)\">\(tax)</cbc:TaxAmount>"))
                    } else {
                        #expect(xml.contains("<ram:DuePayableAmount>\(payable)</ram:DuePayableAmount>"))
                        #expect(xml.contains("<ram:TaxTotalAmount currencyID=\"\(figures.currency.code)\">\(tax)</ram:TaxTotalAmount>"))
                    }
                    if xml.contains("<ram:ProprietaryID>") { nonIBAN += 1 }
                    let file = folder.appendingPathComponent("\(bookURL.lastPathComponent)-\(DocumentKind.fileStem(forNumber: document.number)).\(format.rawValue).xml")
                    // The validator runs the CEN rules on CII through Factur-X's schematron, whose
                    // own rule FX-SCH-A-000556 admits only Factur-X's specification ids: XRechnung's
                    // CII is checked under the EN 16931 id, which is what its CEN rules are.
                    let validated = format == .xrechnungCII
                        ? xml.replacingOccurrences(of: "<ram:ID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</ram:ID>",
                                                   with: "<ram:ID>urn:cen.eu:en16931:2017</ram:ID>") : xml
                    #expect(validated != xml || format != .xrechnungCII)
                    try Data(validated.utf8).write(to: file)
                    files.append(file.path)
                    if problems.isEmpty { ruled.insert(file.path) }
                }
            }
        }
        #expect(files.count > 200)
        // The contractor's and the musician's accounts are no IBANs: their CII carries BT-84 as
        // ProprietaryID, which D16B puts after AccountName.
        #expect(nonIBAN > 20)
        let result = try runProcess(Self.python, [Self.validator.path] + files)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let summaries = lines.filter { $0.contains(" fatal, ") }
        #expect(summaries.count == files.count, "\(result.stdout)\(result.stderr)")
        let schema = lines.filter { $0.contains(": error XSD:") }
        #expect(schema.isEmpty, "not valid against the XML Schema:\n\(schema.joined(separator: "\n"))")
        let failing = summaries.filter { line in !line.contains(": 0 fatal,") && ruled.contains { line.hasPrefix($0 + ":") } }
        #expect(failing.isEmpty, "\(lines.filter { line in ruled.contains { line.hasPrefix($0 + ":") } && !line.contains(" 0 fatal, ") }.joined(separator: "\n"))")
    }

    /// BT-84 that is no IBAN is free text: kept as written (its spaces are part of it), in D16B's
    /// order (IBANID, AccountName, ProprietaryID); an IBAN loses its print spaces.
    @Test func anAccountThatIsNoIBANKeepsItsSpacesAndComesAfterItsName() throws {
        let contractor = try BookChecker.check(at: Self.repository.appendingPathComponent("examples/contractor").path).book
        let document = try #require(contractor.documents.first { $0.kind == .invoice && $0.figures?.paymentMeans?.isTransfer == true })
        let cii = try #require(EInvoiceWriter.xml(document, in: contractor, format: .cii))
        let name = try #require(cii.range(of: "<ram:AccountName>"))
        let account = try #require(cii.range(of: "<ram:ProprietaryID>Checking 4120038716, routing 114000093</ram:ProprietaryID>"), "\(cii)")
        #expect(name.lowerBound < account.lowerBound)
        #expect(!cii.contains("<ram:IBANID>"))
        let ubl = try #require(EInvoiceWriter.xml(document, in: contractor, format: .ubl))
        #expect(ubl.contains("<cbc:ID>Checking 4120038716, routing 114000093</cbc:ID>"))
        let studio = try BookChecker.check(at: Self.repository.appendingPathComponent("examples/studio").path).book
        let invoice = try #require(studio.documents.first { $0.kind == .invoice && $0.figures?.paymentMeans?.isTransfer == true })
        #expect(try #require(EInvoiceWriter.xml(invoice, in: studio, format: .cii)).contains("<ram:IBANID>AT772011182817634501</ram:IBANID>"))
    }

    /// The absences a received document's model keeps (issue 39, point 1) are nothing in the
    /// book's direction: every billing document of every book states each total, and its lines,
    /// allowances and parties carry no "as written" copy, so the writers, which never read
    /// them, write what they wrote before.
    @Test func theBooksModelsKeepNoAbsences() throws {
        var models = 0
        for bookURL in Self.books {
            let book = try BookChecker.check(at: bookURL.path).book
            for document in book.documents where document.kind.isBilling {
                let model = try #require(InvoiceModel(book: book, document: document), "\(bookURL.lastPathComponent) \(document.number)")
                let name = "\(bookURL.lastPathComponent) \(document.number)"
                models += 1
                #expect(model.absent.isEmpty, "\(name)")
                #expect(model.thirdPartyPaid == nil && model.withheld == nil && model.taxPointDate == nil, "\(name)")
                #expect(model.statedTaxCurrency == nil && model.paymentMeansText == nil && model.statedPeriod == nil, "\(name)")
                #expect(model.lines.allSatisfy { $0.written == nil && $0.stated == nil && $0.allowancesCharges.allSatisfy { $0.statedPercent == nil } }, "\(name)")
                #expect(model.allowancesCharges.allSatisfy { $0.statedPercent == nil && $0.stated == nil }, "\(name)")
                for party in [model.seller, model.buyer] {
                    #expect(party.writtenAddressLines == nil && party.writtenIdentifiers.isEmpty, "\(name)")
                }
            }
        }
        // The six example books alone have dozens of invoices and credit notes.
        #expect(models > 40, "\(models) documents")
    }
}
