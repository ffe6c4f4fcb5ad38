import Foundation
import InvoicTestSupport
import Testing

/// `invoic credit` and `invoic new credit-note` through the built binary: the file they write,
/// what they refuse, and the PDF that comes out.
@Suite struct CreditCommandTests {
    static let settings = "business: { name: Test Studio, tax_id: DE136695976 }\ndefaults: { currency: EUR, locale: en_GB, terms: 14, tax: 19% }\n"
    static let invoiceText = """
        client: acme
        issued: 2026-03-01
        sent: 2026-03-02
        tax: 19%
        discount: 10%
        items:
          - description: |
              Logo design,
              two rounds
            quantity: 2
            unit: h
            price: 120.00
            discounts:
              - { reason: Loyalty, percent: 5% }   # as agreed
          - { description: Printing, quantity: 500, price: 12.50, per: 100 }
          - description: Returned proofs
            quantity: -1
            price: 10.00
        payments:
          - { date: 2026-03-10, amount: 100.00, method: card }

        """

    func makeBook() throws -> URL {
        let book = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-credit-\(UUID().uuidString)")
        for (path, text) in ["invoic.yaml": Self.settings, "clients/acme.yaml": "name: Acme Corp\n", "invoices/INV-0001.yaml": Self.invoiceText,
                             "invoices/INV-0002.yaml": "client: acme\nissued: 2026-03-05\nitems:\n  - { description: Draft, price: 10.00 }\n"] {
            let url = book.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return book
    }

    @Test func creditingChosenLinesCopiesThemAsWrittenAndThePDFSaysWhatItCorrects() throws {
        let book = try makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let run = try Invoic.run(["credit", "INV-0001", "--lines", "1,2", "--reason", "Two hours billed twice", "--issued", "2026-03-20"], in: book)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "credit-notes/CN-0001.yaml\n")
        #expect(run.stderr.contains("INV-0001 was paid: when you pay the money back, record it under `refunds:`"))
        let written = try String(contentsOf: book.appendingPathComponent("credit-notes/CN-0001.yaml"), encoding: .utf8)
        #expect(written == """
            # yaml-language-server: $schema=../.invoic/schemas/credit_note.schema.json
            client: acme
            issued: 2026-03-20
            corrects: INV-0001
            reason: Two hours billed twice
            currency: EUR
            locale: en_GB
            tax: 19%
            discount: 10%
            items:
              - description: |
                  Logo design,
                  two rounds
                quantity: 2
                unit: h
                price: 120.00
                discounts:
                  - { reason: Loyalty, percent: 5% }   # as agreed
              - { description: Printing, quantity: 500, price: 12.50, per: 100 }

            """)
        // 300.42 invoiced, 100.00 paid: of the 311.13 credited, 110.71 must go back to the client.
        let owed = try Invoic.run(["check", "--today", "2026-03-25"], in: book)
        #expect(owed.status == 1)
        #expect(owed.stderr.contains("error[over-credit]: credit notes of INV-0001 credit 311.13, but only 200.42 is still owed on it"), "\(owed.stderr)")
        #expect(owed.stderr.contains("the client is owed 110.71 EUR"))
        let handle = try FileHandle(forWritingTo: book.appendingPathComponent("credit-notes/CN-0001.yaml"))
        handle.seekToEndOfFile()
        handle.write(Data("refunds:\n  - { date: 2026-03-22, amount: 110.71, method: bank_transfer }\n".utf8))
        try handle.close()
        let check = try Invoic.run(["check", "--today", "2026-03-25"], in: book)
        #expect(check.status == 0, "\(check.stderr)")

        let pdf = try Invoic.run(["pdf", "CN-0001", "-o", "cn.pdf"], in: book)
        #expect(pdf.status == 0, "\(pdf.stderr)")
        // Words as read, whatever the line breaks of the narrow remark column.
        let text = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-layout", book.appendingPathComponent("cn.pdf").path, "-"]).stdout
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("CREDIT NOTE"))
        #expect(text.contains("Corrects invoice INV-0001 of 1 Mar 2026"))
        #expect(text.contains("Reason: Two hours billed twice"))
        // (228.00 + 62.50) less 10 % = 261.45, with 19 % VAT 49.68: 311.13.
        #expect(text.contains("Total €311.13"))
    }

    /// An invoice written all in flow style has no lines of its own to copy: the credit note
    /// writes the chosen items from what was read, every key kept.
    @Test func anInvoiceInFlowStyleIsCreditedFromItsValues() throws {
        let book = try makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        try Data("""
            {client: acme, issued: 2026-03-03, sent: 2026-03-03, items: [{description: Poster, quantity: 3, price: 40.00, per: 2, discounts: [{reason: "Loyalty, old friend", percent: 5%}]}, {description: Fold, price: 5}]}

            """.utf8).write(to: book.appendingPathComponent("invoices/INV-0003.yaml"))
        let run = try Invoic.run(["credit", "INV-0003", "--lines", "1", "--reason", "Misprint", "--issued", "2026-03-20"], in: book)
        #expect(run.status == 0, "\(run.stderr)")
        let written = try String(contentsOf: book.appendingPathComponent("credit-notes/CN-0001.yaml"), encoding: .utf8)
        #expect(written.hasSuffix("""
            items:
              - description: Poster
                quantity: 3
                price: 40.00
                per: 2
                discounts:
                  - { reason: "Loyalty, old friend", percent: 5% }

            """), "\(written)")
    }

    @Test func refusesWhatACreditNoteCannotCorrect() throws {
        let book = try makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        func refusal(_ arguments: [String]) throws -> String {
            let run = try Invoic.run(arguments, in: book)
            #expect(run.status != 0, "\(arguments) was not refused")
            return run.stderr
        }
        #expect(try refusal(["credit", "INV-0002"]).contains("INV-0002 was never sent; edit the draft instead"))
        #expect(try refusal(["credit", "INV-0001", "--lines", "4"]).contains("INV-0001 has 3 lines; there is no line 4"))
        #expect(try refusal(["credit", "INV-0001", "--lines", "3"]).contains("line 3 of INV-0001 takes something back already"))
        #expect(try refusal(["credit", "INV-0001"]).contains("name the lines to credit with --lines"))
        #expect(try refusal(["credit", "INV-0001", "--lines", "2-1"]).contains("--lines takes line numbers from 1"))
        #expect(try refusal(["credit", "INV-0009"]).contains("no document INV-0009"))
        #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent("credit-notes").path))
    }

    @Test func newCreditNoteStartsOneLineToFillIn() throws {
        let book = try makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let run = try Invoic.run(["new", "credit-note", "--corrects", "INV-0001", "--issued", "2026-03-21"], in: book)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "credit-notes/CN-0001.yaml\n")
        let written = try String(contentsOf: book.appendingPathComponent("credit-notes/CN-0001.yaml"), encoding: .utf8)
        #expect(written.contains("corrects: INV-0001\nreason: \"\"   # why the invoice is credited: printed on the credit note\n"))
        #expect(written.hasSuffix("items:\n  - description: \"\"   # what is credited\n    quantity: 1\n    price: 0\n"))
        let check = try Invoic.run(["check", "--today", "2026-03-25"], in: book)
        #expect(check.status == 1)
        #expect(check.stderr.contains("credit-notes/CN-0001.yaml:5:9"), "the empty reason is what is left to write: \(check.stderr)")
    }
}
