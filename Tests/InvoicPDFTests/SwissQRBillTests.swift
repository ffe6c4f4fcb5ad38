import Foundation
import InvoicBook
import InvoicPDF
import InvoicTestSupport
import Testing

/// The Swiss QR-bill (SIX Implementation Guidelines 2.3): its references, and its payload read
/// back from the rendered page with zxing-cpp, byte for byte.
@Suite struct SwissQRBillTests {
    @Test func referencesFollowTheGuidelinesAndISO11649() {
        // The guidelines' own example QR reference, 21 00000 00003 13947 14300 09017.
        #expect(SwissQRBill.mod10Recursive("21000000000313947143000901") == 7)
        #expect(SwissQRBill.qrReference(for: "INV-0042") == "000000000000000000000000420")
        #expect(SwissQRBill.qrReference(for: "EST-A") == nil)
        // ISO 11649's example: RF18 5390 0754 7034.
        #expect(SwissQRBill.creditorReference(for: "5390 0754 7034") == "RF18539007547034")
        #expect(SwissQRBill.isQRIBAN("CH44 3199 9123 0008 8901 2"))
        #expect(!SwissQRBill.isQRIBAN("CH93 0076 2011 6238 5295 7"))
    }

    static let settings = """
        business:
          name: Atelier Bergmann GmbH
          address: { street: Bahnhofstrasse 7, city: Zürich, postal_code: "8001", country: CH }
        payment: { beneficiary: Atelier Bergmann GmbH, account: CH44 3199 9123 0008 8901 2 }
        defaults: { currency: CHF, locale: de_CH, terms: 30, tax: 8.1% }
        """

    @Test func theBillCarriesItsPaymentPartAndReceiptAtTheFootOfTheLastPage() throws {
        let book = TestBook(["invoices/INV-0042.yaml": invoice(client: "pia", "sent: 2026-03-01\nnotes: Danke für den Auftrag.\n",
                                                                items: "  - { description: Logo, quantity: 12, unit: h, price: 150.00 }\n")],
                            settings: Self.settings,
                            clients: ["pia": "name: Pia Rutschmann\naddress: { street: Marktgasse 28, city: Rorschach, postal_code: \"9400\", country: CH }\n"])
        defer { book.remove() }
        let checked = book.checkKeeping()
        #expect(!checked.diagnostics.hasErrors, "\(checked.diagnostics.map(\.message))")
        let folder = URL(fileURLWithPath: book.root)
        let pdf = folder.appendingPathComponent("x.pdf")
        try Data(try PDFTest.render(try #require(checked.book.document("INV-0042")), with: try PDFRenderer(book: checked.book))).write(to: pdf)
        let text = try PDFTest.text(Array(try Data(contentsOf: pdf)))
        for words in ["Zahlteil", "Empfangsschein", "Konto / Zahlbar an", "Annahmestelle", "Vor der Einzahlung abzutrennen",
                      "00 00000 00000 00000 00000 00420", "1 945.80"] {
            #expect(text.contains(words), "\(words)")
        }
        let info = try runProcess(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [pdf.path])
        #expect(info.stdout.contains("Pages:           1"))
        // The code is a figure that says what it is; the cut lines and corner marks are artifacts.
        let conformance = try PDFTest.conformance([pdf.path])
        #expect(conformance.status == 0, "\(conformance.stdout)\(conformance.stderr)")
        _ = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftoppm"), ["-gray", "-r", "200", pdf.path, folder.appendingPathComponent("page").path])
        let read = try runProcess(PDFTest.repository.appendingPathComponent("scripts/read-qr.py"), [folder.appendingPathComponent("page-1.pgm").path])
        let expected = ["SPC", "0200", "1", "CH4431999123000889012", "S", "Atelier Bergmann GmbH", "Bahnhofstrasse 7", "", "8001", "Zürich", "CH",
                        "", "", "", "", "", "", "", "1945.80", "CHF", "S", "Pia Rutschmann", "Marktgasse 28", "", "9400", "Rorschach", "CH",
                        "QRR", "000000000000000000000000420", "INV-0042", "EPD"].joined(separator: "\n")
        #expect(read.stdout.split(separator: "\n").map(String.init) == [Data(expected.utf8).map { String(format: "%02x", $0) }.joined()],
                "\(read.stdout) \(read.stderr)")
    }

    @Test func anOrdinaryIBANTakesACreditorReferenceAndSwissNeedsASwissIBAN() throws {
        let settings = Self.settings.replacingOccurrences(of: "CH44 3199 9123 0008 8901 2", with: "CH93 0076 2011 6238 5295 7")
        let book = TestBook(["invoices/INV-0042.yaml": invoice()], settings: settings)
        let checked = book.check()
        let document = try #require(checked.book.document("INV-0042"))
        let bill = try #require(SwissQRBill.bill(book: checked.book, document: document, amount: 100_00))
        // RF97INV0042: moved to the end and read as digits, it leaves 1 modulo 97 (checked by hand).
        #expect(bill.reference == .creditor("RF97INV0042"), "\(bill.reference)")
        #expect(bill.debtor == nil, "a client without a postal address leaves the payer's box empty")
        let german = Self.settings.replacingOccurrences(of: "CH44 3199 9123 0008 8901 2", with: "DE89 3704 0044 0532 0130 00")
            .replacingOccurrences(of: "account: DE89", with: "qr: swiss, account: DE89")
        #expect(TestBook(["invoices/INV-0042.yaml": invoice()], settings: german).findings().contains { $0.hasSuffix("payment-code-unavailable") })
    }
}
