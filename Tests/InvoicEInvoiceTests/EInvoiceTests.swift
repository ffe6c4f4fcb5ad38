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

    static var books: [URL] {
        let examples = ["studio", "wholesale"].map { repository.appendingPathComponent("examples/\($0)") }
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

    @Test func everyDocumentValidatesInEverySyntaxWithTheBooksFigures() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-einvoice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for bookURL in Self.books {
            let checked = try BookChecker.check(at: bookURL.path)
            #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(bookURL.lastPathComponent) has errors")
            for document in checked.book.documents where document.kind.isBilling {
                var configured = checked.book.einvoiceFormats(for: document).filter { $0 != .facturX }
                if configured.contains(.xrechnung) { configured.append(.xrechnungCII) }
                for format in Set([EInvoiceFormat.ubl, .cii] + configured).sorted() {
                    #expect(checked.book.einvoiceProblems(of: document, as: [format]).isEmpty,
                            "\(bookURL.lastPathComponent) \(document.number) \(format): \(checked.book.einvoiceProblems(of: document, as: [format]).map(\.message))")
                    let xml = try #require(EInvoiceWriter.xml(document, in: checked.book, format: format))
                    #expect(xml == EInvoiceWriter.xml(document, in: checked.book, format: format), "byte for byte the same twice")
                    let figures = try #require(document.figures)
                    let payable = MoneyFormat.plain(figures.payable, figures.currency)
                    let tax = MoneyFormat.plain(figures.breakdown.tax, figures.currency)
                    if EInvoiceProfile(format).syntax == .ubl {
                        #expect(xml.contains("<cbc:PayableAmount currencyID=\"\(figures.currency.code)\">\(payable)</cbc:PayableAmount>"))
                        #expect(xml.contains("<cbc:TaxAmount currencyID=\"\(figures.currency.code)\">\(tax)</cbc:TaxAmount>"))
                    } else {
                        #expect(xml.contains("<ram:DuePayableAmount>\(payable)</ram:DuePayableAmount>"))
                        #expect(xml.contains("<ram:TaxTotalAmount currencyID=\"\(figures.currency.code)\">\(tax)</ram:TaxTotalAmount>"))
                    }
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
                }
            }
        }
        #expect(files.count > 60)
        let result = try runProcess(Self.python, [Self.validator.path] + files)
        let summaries = result.stdout.split(separator: "\n").filter { $0.contains(" fatal, ") }
        #expect(summaries.count == files.count, "\(result.stdout)\(result.stderr)")
        let failing = summaries.filter { !$0.contains(": 0 fatal,") }
        #expect(failing.isEmpty, "\(result.stdout)")
        #expect(result.status == 0, "\(result.stderr)")
    }
}
