import Foundation
@testable import InvoicBank
import InvoicBook
import InvoicMoney
import InvoicTestSupport
import Testing

/// How transactions find their invoices: structured references, numbers in mangled text, the
/// payer with the amount; and what is never recorded: overpayments, foreign currencies, paid or
/// void invoices, amounts that fit several invoices, money out that refunds nothing.
@Suite struct MatcherTests {
    static let book: Book = {
        let book = TestBook([
            "invoices/INV-0001.yaml": "client: acme\nissued: 2026-10-01\nsent: 2026-10-01\nitems:\n  - { description: Design, price: 100.00 }\n",
            "invoices/INV-0002.yaml": "client: acme\nissued: 2026-10-02\nsent: 2026-10-02\nitems:\n  - { description: Print, price: 250.00 }\n",
            "invoices/INV-0003.yaml": "client: mueller\nissued: 2026-10-03\nsent: 2026-10-03\nitems:\n  - { description: Web, price: 250.00 }\n",
            "invoices/INV-0004.yaml": "client: swiss\nissued: 2026-10-04\nsent: 2026-10-04\nitems:\n  - { description: Fonts, price: 80.00 }\n",
            "invoices/INV-0005.yaml": "client: acme\nissued: 2026-10-05\nsent: 2026-10-05\nitems:\n  - { description: Logo, price: 60.00 }\npayments:\n  - { date: 2026-10-20, amount: 60.00, method: bank_transfer, reference: BANK-OLD }\n",
            "invoices/INV-0006.yaml": "client: mueller\nissued: 2026-10-06\nsent: 2026-10-06\nitems:\n  - { description: Hosting, price: 250.00 }\n",
            "invoices/INV-0007.yaml": "client: acme\nissued: 2026-10-07\nsent: 2026-10-07\nitems:\n  - { description: Sticker, price: 40.00 }\npayments:\n  - { date: 2026-10-08, amount: 40.00, method: card }\n",
            "credit-notes/CN-0002.yaml": "client: acme\nissued: 2026-10-11\nsent: 2026-10-11\ncorrects: INV-0007\nreason: Misprint\nitems:\n  - { description: Sticker, price: 40.00 }\n",
            "credit-notes/CN-0001.yaml": "client: acme\nissued: 2026-10-10\nsent: 2026-10-10\ncorrects: INV-0002\nreason: Misprint\nitems:\n  - { description: Print, price: 50.00 }\n",
        ], settings: "business: { name: Test Studio }\ndefaults: { currency: EUR, locale: en_GB, terms: 30 }\n",
           clients: ["acme": "name: Acme Corp\niban: DE02120300000000202051\n", "mueller": "name: Müller & Söhne GmbH\n",
                     "swiss": "name: Bergli AG\ncurrency: CHF\n"])
        let checked = book.check()
        precondition(!checked.diagnostics.contains { $0.severity == .error }, "\(checked.diagnostics.map(\.message))")
        return checked.book
    }()

    static func credit(_ amount: Int64, _ text: String, currency: String = "EUR", payer: String? = nil, iban: String? = nil,
                       structured: String? = nil, reference: String? = nil, direction: BankTransaction.Direction = .credit) -> BankTransaction {
        var transaction = BankTransaction(file: "s", line: 1, date: Day("2026-11-02")!, amount: amount, currency: Currency.named(currency)!,
                                          direction: direction, reference: reference ?? UUID().uuidString, remittance: text)
        transaction.counterparty = payer
        transaction.counterpartyIBAN = iban
        transaction.structuredReference = structured
        return transaction
    }

    func one(_ transaction: BankTransaction) -> MatchResult { Matcher(book: Self.book).match([transaction])[0] }

    func summary(_ result: MatchResult) -> String {
        ([result.outcome.rawValue] + (result.basis.map { [$0.rawValue] } ?? []) + result.allocations.map { "\($0.number)=\($0.amount)" }).joined(separator: " ")
    }

    @Test func numbersAreFoundAsTheBankMangledThem() {
        for text in ["INV-0001", "inv-0001", "Invoice INV 0001 thanks", "INV0001", "re: inv/0001.", "Rechnung: INV-0001Danke"] {
            #expect(summary(one(Self.credit(100_00, text))) == "matched number INV-0001=10000", "\(text)")
        }
        #expect(one(Self.credit(100_00, "INV-00012")).outcome == .unmatched, "not part of a longer number")
        #expect(one(Self.credit(100_00, "XINV-0001")).outcome == .unmatched, "nor of a longer word")
    }

    @Test func structuredReferencesComeFirst() {
        let rf = SwissQRBill.creditorReference(for: "INV-0003")!
        #expect(summary(one(Self.credit(250_00, "INV-0001", structured: rf))) == "matched reference INV-0003=25000", "the reference wins over the text")
        #expect(summary(one(Self.credit(250_00, "RF ref " + rf.enumerated().map { $0.offset % 4 == 0 && $0.offset > 0 ? " \($0.element)" : "\($0.element)" }.joined()))) == "matched reference INV-0003=25000", "an RF reference printed in groups of four")
    }

    @Test func partPaymentsOverpaymentsAndCreditNotes() {
        #expect(summary(one(Self.credit(40_00, "INV-0001"))) == "matched number INV-0001=4000")
        #expect(one(Self.credit(40_00, "INV-0001")).message == "part payment: 40.00 EUR of 100.00 EUR")
        let over = one(Self.credit(100_01, "INV-0001"))
        #expect(over.outcome == .proposal && over.message?.hasPrefix("100.01 EUR is 0.01 EUR more than the 100.00 EUR due on INV-0001") == true)
        #expect(summary(one(Self.credit(200_00, "INV-0002"))) == "matched number INV-0002=20000", "the credit note took 50.00 off")
        #expect(one(Self.credit(250_00, "INV-0002")).outcome == .proposal)
        let paid = one(Self.credit(60_00, "INV-0005"))
        #expect(paid.outcome == .proposal && paid.message?.hasPrefix("INV-0005 is paid") == true)
    }

    @Test func oneTransactionPaysSeveralInvoicesWhenTheSumFits() {
        #expect(summary(one(Self.credit(350_00, "INV-0001 + INV-0003"))) == "matched number INV-0001=10000 INV-0003=25000")
        #expect(one(Self.credit(300_00, "INV-0001, INV-0003")).outcome == .ambiguous, "less than both: which one?")
        #expect(one(Self.credit(400_00, "INV-0001, INV-0003")).outcome == .proposal, "more than both")
        #expect(summary(one(Self.credit(100_00, "INV-0001 and INV-0005"))) == "matched number INV-0001=10000", "the paid one set aside")
    }

    @Test func theCurrencyMustAgree() {
        let result = one(Self.credit(80_00, "INV-0004", currency: "EUR"))
        #expect(result.outcome == .proposal && result.message?.contains("INV-0004 is in CHF and the credit in EUR") == true)
        #expect(summary(one(Self.credit(80_00, "INV-0004", currency: "CHF"))) == "matched number INV-0004=8000")
        #expect(one(Self.credit(100_00, "INV-0001", currency: "USD")).outcome == .proposal)
    }

    @Test func thePayerAndTheAmountWhenExactlyOneInvoiceFits() {
        #expect(summary(one(Self.credit(100_00, "November", iban: "DE02 1203 0000 0000 2020 51"))) == "matched counterparty INV-0001=10000", "by IBAN")
        #expect(summary(one(Self.credit(200_00, "thanks", payer: "ACME CORP."))) == "matched counterparty INV-0002=20000", "by name")
        let two = one(Self.credit(250_00, "Rechnung", payer: "MUELLER UND SOEHNE"))
        #expect(two.outcome == .ambiguous && two.allocations.map(\.number) == ["INV-0003", "INV-0006"], "two invoices of that amount")
        let stranger = one(Self.credit(100_00, "November", payer: "Someone Else"))
        #expect(stranger.outcome == .unmatched && stranger.message?.contains("INV-0001 (Acme Corp) has this amount due, from another payer") == true)
    }

    @Test func runsNeverRecordTwiceAndAllocateInDateOrder() {
        let recorded = one(Self.credit(60_00, "INV-0005", reference: "BANK-OLD"))
        #expect(recorded.outcome == .recorded && recorded.message == "recorded on INV-0005")
        let results = Matcher(book: Self.book).match([Self.credit(60_00, "INV-0001"), Self.credit(60_00, "INV-0001")])
        #expect(results.map(\.outcome) == [.matched, .proposal], "the second would pay 20.00 more than is left")
    }

    @Test func moneyOutRefundsCreditNotesOrIsIgnored() {
        // A refund is owed on CN-0002 (its invoice was paid); CN-0001 lowered what was still owed.
        #expect(summary(one(Self.credit(40_00, "Refund CN-0002", direction: .debit))) == "matched number CN-0002=4000")
        #expect(one(Self.credit(50_00, "Refund CN-0001", direction: .debit)).outcome != .matched, "nothing is owed back on CN-0001")
        #expect(one(Self.credit(50_00, "Rent", direction: .debit)).outcome == .ignored)
        #expect(one(Self.credit(100_00, "INV-0001", direction: .debit)).outcome == .ignored, "money out is never an invoice's payment")
    }

    @Test func reversalsCancelTheirCredit() {
        var reversal = Self.credit(100_00, "INV-0001", reference: "X1", direction: .debit)
        reversal.isReversal = true
        let results = Matcher(book: Self.book).match([Self.credit(100_00, "INV-0001", reference: "X1"), reversal])
        #expect(results.map(\.outcome) == [.ignored, .ignored])
        var late = Self.credit(60_00, "INV-0005", reference: "BANK-OLD-R", direction: .debit)
        late.isReversal = true
        #expect(Matcher(book: Self.book).match([late])[0].outcome == .proposal, "its credit is in an earlier statement")
    }
}
