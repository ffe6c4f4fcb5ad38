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
          - { description: Delivery, price: 30.00 }
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
        #expect(run.stderr.contains("INV-0001 was paid: once the credit note is sent, the client is owed a refund; record it with `invoic refund CN-0001` when you pay it back"), "\(run.stderr)")
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
        // 332.55 invoiced, 100.00 paid: once the 311.13 credit is sent, 78.58 must go back to the client.
        #expect(try Invoic.run(["check", "--today", "2026-03-25"], in: book).status == 0, "a credit note not sent yet changes nothing")
        #expect(try Invoic.run(["send", "CN-0001", "--date", "2026-03-21"], in: book).status == 0)
        let owed = try Invoic.run(["check", "--today", "2026-03-25"], in: book)
        #expect(owed.status == 0, "a refund owed is a warning: \(owed.stderr)")
        #expect(owed.stderr.contains("warning[refund-owed]: the client is owed 78.58 EUR on INV-0001"), "\(owed.stderr)")
        #expect(owed.stderr.contains("invoic refund CN-0001 --amount 78.58"))
        let build = try Invoic.run(["build", "--today", "2026-03-25"], in: book)
        #expect(build.status == 0 && FileManager.default.fileExists(atPath: book.appendingPathComponent("build/CN-0001.pdf").path), "\(build.stderr)")
        #expect(try Invoic.run(["refund", "CN-0001", "--amount", "78.59", "--date", "2026-03-22"], in: book).stderr
            .contains("78.59 is more than the 78.58 the client is owed on CN-0001"))
        let refund = try Invoic.run(["refund", "CN-0001", "--date", "2026-03-22"], in: book)
        #expect(refund.status == 0, "\(refund.stderr)")
        let note = try String(contentsOf: book.appendingPathComponent("credit-notes/CN-0001.yaml"), encoding: .utf8)
        #expect(note.hasSuffix("refunds:\n  - date: 2026-03-22\n    amount: 78.58\n    method: bank_transfer\n"), "\(note)")
        let check = try Invoic.run(["check", "--today", "2026-03-25"], in: book)
        #expect(check.status == 0 && !check.stderr.contains("warning["), "\(check.stderr)")
        let report = try Invoic.run(["report", "--today", "2026-03-25", "--format", "csv"], in: book).stdout
        #expect(report.split(separator: "\n").contains { $0.hasPrefix("INV-0001,") && $0.contains(",0.00,paid,") }, "settled: \(report)")
        // More than the invoice's total stays an error.
        let more = try Invoic.run(["credit", "INV-0001", "--lines", "1,2", "--reason", "Again", "--issued", "2026-03-23"], in: book)
        #expect(more.status != 0 && more.stderr.contains("over-credit"), "\(more.stderr)")

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
        #expect(try refusal(["credit", "INV-0001", "--lines", "5"]).contains("INV-0001 has 4 lines; there is no line 5"))
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
