import Foundation
import InvoicBook
import InvoicEInvoice
import InvoicTestSupport
import Testing

/// Issue 45, point 1: EN 16931 has no withheld tax. BR-CO-16 makes the amount due (BT-115) the
/// total (BT-112) less the paid amount (BT-113) plus rounding, and BT-113 is money paid in advance,
/// which IRPF is not: so every export states BT-115 = the total with VAT, and one note says what is
/// withheld and what the client transfers. The files pass the CEN schematron and the XML Schema.
@Suite struct WithholdingEInvoiceTests {
    @Test func theExportsKeepTheTotalDueAndStateTheWithholdingInANote() throws {
        let settings = """
            business: { name: Ana García, tax_id: ES12345678Z, address: { street: Calle Mayor 1, city: Madrid, postal_code: "28013", country: ES } }
            defaults: { currency: EUR, locale: es_ES, tax: 21%, terms: 30, withholding: [{ kind: IRPF, rate: 15% }] }
            payment: { account: ES91 2100 0418 4502 0005 1332 }
            """
        let client = "name: Acme SL\ntax_id: ESB58378431\naddress: { street: Gran Vía 2, city: Madrid, postal_code: \"28013\", country: ES }\n"
        let book = TestBook(["invoices/INV-0001.yaml": invoice(items: "  - { description: Consultoría, price: 1000.00 }\n") + "notes: Gracias\n"],
                            settings: settings, clients: ["acme": client])
        let checked = book.check()
        #expect(checked.diagnostics.filter { $0.severity == .error }.isEmpty, "\(checked.diagnostics)")
        let document = try #require(checked.book.invoice("INV-0001"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-withholding-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let statement = "Gracias\nIRPF 15% withheld on 1000.00 EUR: 150.00 EUR; to be paid: 1060.00 EUR"
        var files: [String] = []
        for format in [EInvoiceFormat.ubl, .cii, .peppol] {
            let xml = try #require(EInvoiceWriter.xml(document, in: checked.book, format: format))
            if format == .cii {
                #expect(xml.contains("<ram:DuePayableAmount>1210.00</ram:DuePayableAmount>"), "\(xml)")
                #expect(xml.contains("<ram:Content>\(statement)</ram:Content>"), "\(xml)")
            } else {
                #expect(xml.contains("<cbc:PayableAmount currencyID=\"EUR\">1210.00</cbc:PayableAmount>"), "\(xml)")
                #expect(xml.contains("<cbc:Note>\(statement)</cbc:Note>"), "\(xml)")
                #expect(!xml.contains("PrepaidAmount"))
            }
            let file = folder.appendingPathComponent("withholding.\(format.rawValue).xml")
            try Data(xml.utf8).write(to: file)
            files.append(file.path)
        }
        let result = try runProcess(EInvoiceTests.python, [EInvoiceTests.validator.path] + files)
        let summaries = result.stdout.split(separator: "\n").filter { $0.contains(" fatal, ") }
        #expect(summaries.count == files.count && summaries.allSatisfy { $0.contains(": 0 fatal,") }, "\(result.stdout)\(result.stderr)")
    }
}
