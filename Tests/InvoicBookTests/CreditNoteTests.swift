import InvoicBook
import InvoicTestSupport
import Testing

/// Credit notes (EN 16931 type 381): their own series, what they take off their invoice, and the
/// rules that keep them honest.
@Suite struct CreditNoteTests {
    let sentInvoice = invoice(issued: "2026-03-01", "sent: 2026-03-01\n", items: "  - { description: Design, quantity: 4, price: 100.00 }\n")

    func creditNote(_ extra: String = "", corrects: String = "INV-0001", issued: String = "2026-03-10", quantity: String = "1") -> String {
        "client: acme\nissued: \(issued)\ncorrects: \(corrects)\nreason: Billed twice\n"
            + "items:\n  - { description: Design, quantity: \(quantity), price: 100.00 }\n" + extra
    }

    @Test func aSentCreditNoteLowersTheBalanceAndAFullOneCreditsTheInvoice() throws {
        let book = TestBook([
            "invoices/INV-0001.yaml": sentInvoice,
            "credit-notes/CN-0001.yaml": creditNote("sent: 2026-03-10\n", quantity: "1"),
            "credit-notes/CN-0002.yaml": creditNote("sent: 2026-03-20\n", issued: "2026-03-20", quantity: "3"),
        ]).check()
        #expect(book.diagnostics.isEmpty, "\(book.diagnostics)")
        let invoice = try #require(book.book.invoice("INV-0001"))
        #expect(book.book.account(of: invoice, through: Day("2026-03-15")!)?.credited == 100_00)
        #expect(book.book.status(of: invoice, today: Day("2026-03-15")!) == .sent)
        #expect(book.book.status(of: invoice, today: Day("2026-03-20")!) == .credited)
        let note = try #require(book.book.document("CN-0002"))
        #expect(note.kind == .creditNote && note.figures?.total == 300_00)
        #expect(book.book.status(of: note, today: Day("2026-03-19")!) == .draft)
    }

    @Test func anUnsentCreditNoteDoesNotCountYet() throws {
        let book = TestBook([
            "invoices/INV-0001.yaml": sentInvoice,
            "credit-notes/CN-0001.yaml": creditNote(quantity: "4"),
        ]).check()
        let invoice = try #require(book.book.invoice("INV-0001"))
        #expect(book.book.status(of: invoice, today: Day("2026-04-01")!) == .overdue)
    }

    /// Issue 25, point 4: crediting a paid invoice is allowed; the client is owed a refund, which
    /// `check` warns about until it is recorded; crediting more than the invoice's total is an error.
    @Test func aPaidInvoiceMayBeCreditedAndTheRefundIsOwedUntilRecorded() throws {
        let paid = sentInvoice + "payments:\n  - { date: 2026-03-05, amount: 400.00, method: card }\n"
        let unrefunded = TestBook(["invoices/INV-0001.yaml": paid, "credit-notes/CN-0001.yaml": creditNote("sent: 2026-03-10\n")]).check()
        #expect(unrefunded.diagnostics.map { "\($0.severity) \($0.code) \($0.message)" }
            == ["warning refund-owed the client is owed 100.00 USD on INV-0001: its payments exceed what is due after its credit notes"])
        let invoice = try #require(unrefunded.book.invoice("INV-0001"))
        let note = try #require(unrefunded.book.document("CN-0001"))
        let owing = try #require(unrefunded.book.account(of: invoice, through: Day("2026-03-31")!))
        #expect(owing.balance == -100_00 && owing.refundOwed(by: note) == 100_00)
        let tooMuch = TestBook(["invoices/INV-0001.yaml": paid, "credit-notes/CN-0001.yaml": creditNote("sent: 2026-03-10\n", quantity: "5")]).findings()
        #expect(tooMuch.contains("credit-notes/CN-0001.yaml:6:3 over-credit"), "\(tooMuch)")
        let refunded = TestBook(["invoices/INV-0001.yaml": paid, "credit-notes/CN-0001.yaml": creditNote(
            "sent: 2026-03-10\nrefunds:\n  - { date: 2026-03-12, amount: 100.00, method: bank_transfer }\n")]).check()
        #expect(refunded.diagnostics.isEmpty, "\(refunded.diagnostics)")
        let settled = refunded.book.invoice("INV-0001")!
        // 400 paid, 100 paid back, 100 credited: nothing owed, nothing owed back.
        #expect(refunded.book.status(of: settled, today: Day("2026-03-31")!) == .paid)
        #expect(refunded.book.account(of: settled, through: .distantFuture)?.balance == 0)
    }

    @Test func aCreditNoteNamesAnInvoiceOfItsClientAndCurrencyAndComesAfterIt() {
        #expect(TestBook(["invoices/INV-0001.yaml": sentInvoice, "credit-notes/CN-0001.yaml": creditNote(corrects: "INV-0002")]).findings()
            == ["credit-notes/CN-0001.yaml:3:11 unknown-corrected-invoice"])
        #expect(TestBook(["invoices/INV-0001.yaml": sentInvoice, "credit-notes/CN-0001.yaml": creditNote(issued: "2026-02-27")]).findings()
            == ["credit-notes/CN-0001.yaml:2:9 credit-note-mismatch"])
        #expect(TestBook(["invoices/INV-0001.yaml": sentInvoice, "credit-notes/CN-0001.yaml": creditNote("currency: EUR\n")]).findings()
            == ["credit-notes/CN-0001.yaml:7:11 credit-note-mismatch"])
        let voided = sentInvoice + "void: { date: 2026-03-02, reason: Wrong client }\n"
        #expect(TestBook(["invoices/INV-0001.yaml": voided, "credit-notes/CN-0001.yaml": creditNote()]).findings()
            == ["credit-notes/CN-0001.yaml:3:11 unknown-corrected-invoice"])
    }

    @Test func aCreditNoteSaysWhyAndCreditsNoLineOfNothing() {
        let noReason = creditNote().replacingOccurrences(of: "reason: Billed twice\n", with: "")
        #expect(TestBook(["invoices/INV-0001.yaml": sentInvoice, "credit-notes/CN-0001.yaml": noReason]).findings()
            == ["credit-notes/CN-0001.yaml:1:1 missing-key"])
        // A negative line gives back less (the official Swedish credit note has one); its total stays positive here.
        let mixed = creditNote(quantity: "2").replacingOccurrences(of: "items:\n", with: "items:\n  - { description: Kept, quantity: -1, price: 50.00 }\n")
        #expect(TestBook(["invoices/INV-0001.yaml": sentInvoice, "credit-notes/CN-0001.yaml": mixed]).findings().isEmpty)
        #expect(TestBook(["invoices/INV-0001.yaml": sentInvoice, "credit-notes/CN-0001.yaml": creditNote(quantity: "0")]).findings()
            == ["credit-notes/CN-0001.yaml:6:38 invalid-quantity"])
    }

    @Test func creditNotesRunInTheirOwnSeries() {
        let findings = TestBook([
            "invoices/INV-0001.yaml": sentInvoice,
            "credit-notes/CN-0001.yaml": creditNote(),
            "credit-notes/CN-0003.yaml": creditNote(issued: "2026-03-11"),
        ]).findings()
        #expect(!findings.isEmpty && findings.allSatisfy { $0.hasPrefix("credit-notes/CN-0003.yaml") && $0.hasSuffix("numbering-gap") },
                "\(findings)")
        #expect(TestBook(["invoices/INV-0001.yaml": sentInvoice, "credit-notes/CN-0001.yaml": creditNote(),
                          "credit-notes/INV-0002.yaml": creditNote()]).findings().contains { $0.contains("INV-0002") && $0.hasSuffix("numbering-pattern") })
    }

    @Test func refundsPayBackNoMoreThanTheCredit() {
        let findings = TestBook(["invoices/INV-0001.yaml": sentInvoice, "credit-notes/CN-0001.yaml": creditNote(
            "refunds:\n  - { date: 2026-03-12, amount: 150.00, method: bank_transfer }\n")]).findings()
        #expect(findings == ["credit-notes/CN-0001.yaml:8:33 over-refund"])
    }
}
