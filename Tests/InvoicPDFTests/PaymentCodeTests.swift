import Foundation
import InvoicBook
import InvoicPDF
import InvoicTestSupport
import Testing

/// The EPC069-12 payment code ("GiroCode") on invoices in EUR paid to an IBAN, read back from the
/// rendered page with zxing-cpp and compared byte for byte.
@Suite struct PaymentCodeTests {
    static let settings = """
        business: { name: "Müller & Söhne Grafik GmbH", address: { city: Wien, country: AT } }
        payment: { beneficiary: "Müller & Söhne Grafik GmbH", account: AT77 2011 1828 1763 4501, bic: GIBAATWWXXX }
        defaults: { currency: EUR, locale: de_AT, terms: 30, tax: 20% }
        """

    /// The payloads of the QR codes on the first page of `document`'s PDF.
    /// With `copyOn`, those of the copy that shows the document on that day.
    func codes(_ files: [String: String], settings: String = settings, number: String = "INV-0001", copyOn: String? = nil) throws -> [Data] {
        let book = TestBook(files, settings: settings)
        defer { book.remove() }
        let checked = book.checkKeeping()
        #expect(!checked.diagnostics.hasErrors, "\(checked.diagnostics.map(\.message))")
        let document = try #require(checked.book.document(number))
        let copy = try copyOn.map { DocumentCopy(of: document, in: checked.book, on: try #require(Day($0))) }
        let pdf = try PDFTest.render(document, with: try PDFRenderer(book: checked.book), copy: copy)
        let folder = URL(fileURLWithPath: book.root)
        try Data(pdf).write(to: folder.appendingPathComponent("x.pdf"))
        _ = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftoppm"), ["-gray", "-r", "200", "-f", "1", "-l", "1",
                                                                      folder.appendingPathComponent("x.pdf").path, folder.appendingPathComponent("page").path])
        let page = try FileManager.default.contentsOfDirectory(atPath: book.root).first { $0.hasPrefix("page") && $0.hasSuffix(".pgm") }
        let read = try runProcess(PDFTest.repository.appendingPathComponent("scripts/read-qr.py"), [folder.appendingPathComponent(try #require(page)).path])
        #expect(read.status == 0, "\(read.stderr)")
        return read.stdout.split(separator: "\n").map { hex in
            Data(stride(from: 0, to: hex.count, by: 2).map { offset in
                UInt8(hex[hex.index(hex.startIndex, offsetBy: offset)..<hex.index(hex.startIndex, offsetBy: offset + 2)], radix: 16)!
            })
        }
    }

    /// The PDF of INV-0001 as issued, written as `text`.
    func issuedPDF(_ text: String) throws -> [UInt8] {
        let book = TestBook(["invoices/INV-0001.yaml": text], settings: Self.settings)
        defer { book.remove() }
        let checked = book.checkKeeping()
        return try PDFTest.render(try #require(checked.book.document("INV-0001")), with: try PDFRenderer(book: checked.book))
    }

    @Test func anInvoiceInEuroToAnIBANCarriesItsSEPATransfer() throws {
        let found = try codes(["invoices/INV-0001.yaml": invoice(items: "  - { description: Plakat, quantity: 3, price: 333.33 }\n")
            + "payments:\n  - { date: 2026-03-01, amount: 200.00, method: card }\n"])
        #expect(found.count == 1)
        // 999.99 + 20 % = 1199.99, less 200.00 paid on the issue day: 999.99 due. UTF-8, as written.
        let expected = "BCD\n002\n1\nSCT\nGIBAATWWXXX\nMüller & Söhne Grafik GmbH\nAT772011182817634501\nEUR999.99\n\n\nINV-0001"
        #expect(found.first == Data(expected.utf8), "\(found.map { String(decoding: $0, as: UTF8.self) })")
    }

    @Test func noCodeWithoutSomethingToPayInEuroToAnIBAN() throws {
        let paid = invoice() + "payments:\n  - { date: 2026-03-01, amount: 240.00, method: card }\n"
        #expect(try codes(["invoices/INV-0001.yaml": paid]).isEmpty, "nothing is due")
        #expect(try codes(["invoices/INV-0001.yaml": invoice("currency: USD\n")]).isEmpty, "EPC is for euros")
        #expect(try codes(["invoices/INV-0001.yaml": invoice()], settings: Self.settings.replacingOccurrences(of: "bic: GIBAATWWXXX }", with: "bic: GIBAATWWXXX, qr: none }")).isEmpty)
        #expect(try codes(["estimates/EST-0001.yaml": invoice()], number: "EST-0001").isEmpty, "an estimate asks for no payment")
    }

    /// The code is part of the document as issued: a payment recorded later changes neither the
    /// amount it asks for nor a byte of the PDF.
    @Test func aLaterPaymentChangesNeitherTheCodeNorThePDF() throws {
        let unpaid = invoice(items: "  - { description: Plakat, quantity: 3, price: 333.33 }\n")
        let paid = unpaid + "payments:\n  - { date: 2026-03-05, amount: 200.00, method: card }\n"
        let expected = "BCD\n002\n1\nSCT\nGIBAATWWXXX\nMüller & Söhne Grafik GmbH\nAT772011182817634501\nEUR1199.99\n\n\nINV-0001"
        #expect(try codes(["invoices/INV-0001.yaml": paid]).first == Data(expected.utf8))
        #expect(try issuedPDF(unpaid) == issuedPDF(paid), "the PDF as issued does not change when a payment is recorded")
    }

    /// Voiding is recorded after issue: the document as issued keeps its code and every byte
    /// (issue 37: the code used to vanish from the issued PDF when the invoice was voided).
    @Test func voidingChangesNeitherTheCodeNorThePDFAsIssued() throws {
        let issued = invoice(items: "  - { description: Plakat, quantity: 3, price: 333.33 }\n")
        let voided = issued + "void: { date: 2026-03-20, reason: Issued twice }\n"
        let expected = "BCD\n002\n1\nSCT\nGIBAATWWXXX\nMüller & Söhne Grafik GmbH\nAT772011182817634501\nEUR1199.99\n\n\nINV-0001"
        #expect(try codes(["invoices/INV-0001.yaml": voided]).first == Data(expected.utf8))
        #expect(try issuedPDF(issued) == issuedPDF(voided), "the PDF as issued does not change when the invoice is voided")
    }

    /// A copy shows the document on its day, and its code asks for what is owed that day: never
    /// the amount as issued once part of it is paid, and nothing at all once it is settled or void.
    @Test func aCopyAsksForWhatIsOwedOnItsDayAndASettledOneForNothing() throws {
        // 999.99 + 20 % = 1199.99; 200.00 paid on 5 March leaves 999.99, 1199.99 leaves nothing.
        let unpaid = invoice(items: "  - { description: Plakat, quantity: 3, price: 333.33 }\n")
        let part = unpaid + "payments:\n  - { date: 2026-03-05, amount: 200.00, method: card }\n"
        let paid = unpaid + "payments:\n  - { date: 2026-03-05, amount: 1199.99, method: card }\n"
        let voided = unpaid + "void: { date: 2026-03-20, reason: Issued twice }\n"
        func payload(_ amount: String) -> Data {
            Data("BCD\n002\n1\nSCT\nGIBAATWWXXX\nMüller & Söhne Grafik GmbH\nAT772011182817634501\nEUR\(amount)\n\n\nINV-0001".utf8)
        }
        #expect(try codes(["invoices/INV-0001.yaml": part], copyOn: "2026-03-10") == [payload("999.99")])
        #expect(try codes(["invoices/INV-0001.yaml": part], copyOn: "2026-03-02") == [payload("1199.99")], "before the payment, all of it")
        #expect(try codes(["invoices/INV-0001.yaml": paid], copyOn: "2026-03-10").isEmpty, "a copy stamped PAID asks for nothing")
        #expect(try codes(["invoices/INV-0001.yaml": voided], copyOn: "2026-03-25").isEmpty, "a copy of a void invoice asks for nothing")
    }
}
