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

    // MARK: issue 38: one booking in two formats

    static let nordlicht = "DE89370400440532013000"

    /// A 100.00 part payment on INV-0003 (250.00 due) as the bank exports it.
    static func part(reference: String, iban: String? = nordlicht, text: String = "Anzahlung INV-0003", account: String = "AT611904300234573201") -> ExportedCredit {
        ExportedCredit(account: account, date: "2026-11-02", amount: "100.00", payer: "MUELLER UND SOEHNE GMBH", payerIBAN: iban, text: text, reference: reference)
    }

    static func read(camt: [ExportedCredit], mt940: [ExportedCredit]) throws -> (camt: [BankTransaction], mt940: [BankTransaction]) {
        (try StatementReader.read(Data(ExportedCredit.camt053(camt).utf8), file: "nov.xml", layout: nil),
         try StatementReader.read(Data(ExportedCredit.mt940(mt940).utf8), file: "nov.sta", layout: nil))
    }

    /// Issue 38, point 11: a part payment exported as camt.053 and as MT940 (two references) is
    /// one transaction, whichever file comes first; a part payment needs this (a full one's twin
    /// finds nothing left due anyway).
    @Test func aPartPaymentExportedInTwoFormatsIsCountedOnce() throws {
        let (camt, mt940) = try Self.read(camt: [Self.part(reference: "CAMT-7731")], mt940: [Self.part(reference: "MT-0042")])
        #expect(camt[0].reference != mt940[0].reference && camt[0].remittance == mt940[0].remittance && camt[0].account == mt940[0].account)
        for (statements, first) in [(camt + mt940, "nov.xml:4"), (mt940 + camt, "nov.sta:5")] {
            let results = Matcher(book: Self.book).match(statements)
            #expect(results.map(\.outcome) == [.matched, .ignored], "\(results.map(\.message))")
            #expect(results[0].allocations.map(\.amount) == [100_00])
            #expect(results[1].message == "the same transaction as at \(first) in another export (same account, day, amount, payer's IBAN and text): counted once")
        }
        // Two equal payments on one day in each export are two, not one and not four.
        let (two, twoMT) = try Self.read(camt: [Self.part(reference: "C-1"), Self.part(reference: "C-2")], mt940: [Self.part(reference: "M-1"), Self.part(reference: "M-2")])
        #expect(Matcher(book: Self.book).match(two + twoMT).map(\.outcome) == [.matched, .matched, .ignored, .ignored])
        // The same money into two accounts of the business is two payments.
        let (own, other) = try Self.read(camt: [Self.part(reference: "C-1")], mt940: [Self.part(reference: "M-1", account: "DE02120300000000202051")])
        #expect(Matcher(book: Self.book).match(own + other).map(\.outcome) == [.matched, .matched])
        // Another payer's IBAN or another text: another payment.
        let (payer, text) = try Self.read(camt: [Self.part(reference: "C-1")], mt940: [Self.part(reference: "M-1", iban: "AT483200000012345864")])
        #expect(Matcher(book: Self.book).match(payer + text).map(\.outcome) == [.matched, .matched])
        let (first, rest) = try Self.read(camt: [Self.part(reference: "C-1")], mt940: [Self.part(reference: "M-1", text: "Rest INV-0003")])
        #expect(Matcher(book: Self.book).match(first + rest).map(\.outcome) == [.matched, .matched])
    }

    /// Unsure (the MT940 export leaves out the payer's IBAN, or names its account by bank code in
    /// a way that cannot be compared): the second is a proposal that says why, never recorded.
    @Test func aTwinThatIsNotSureIsAProposalWithItsReason() throws {
        let (camt, mt940) = try Self.read(camt: [Self.part(reference: "CAMT-7731")], mt940: [Self.part(reference: "MT-0042", iban: nil)])
        let results = Matcher(book: Self.book).match(camt + mt940)
        #expect(results.map(\.outcome) == [.matched, .proposal])
        #expect(results[1].message == "perhaps the same transaction as at nov.xml:4 (same day and amount; one has no payer's IBAN); "
                + "not recorded: if it is another payment, record it with `invoic pay`", "\(results[1].message ?? "")")
        let (_, odd) = try Self.read(camt: [], mt940: [Self.part(reference: "MT-0042", account: "KONTO 234573201")])
        let unsure = Matcher(book: Self.book).match(camt + odd)
        #expect(unsure.map(\.outcome) == [.matched, .proposal] && unsure[1].message?.contains("the statements' accounts cannot be compared") == true)
        // A `:25:` of bank code and account number that are the IBAN's: sure.
        let (_, german) = try Self.read(camt: [], mt940: [Self.part(reference: "MT-0042", account: "19043/00234573201")])
        #expect(Matcher(book: Self.book).match(camt + german).map(\.outcome) == [.matched, .ignored])
    }

    @Test func accountsAreComparedAsIBANsOrBankCodeAndNumber() {
        #expect(Matcher.sameAccount("DE89370400440532013000", "DE89 3704 0044 0532 0130 00") == true)
        #expect(Matcher.sameAccount("DE89370400440532013000", "DE89370400440532013000EUR") == true)
        #expect(Matcher.sameAccount("DE89370400440532013000", "37040044/0532013000") == true)
        #expect(Matcher.sameAccount("37040044/532013000", "DE89370400440532013000") == true)
        #expect(Matcher.sameAccount("DE89370400440532013000", "AT611904300234573201") == false)
        #expect(Matcher.sameAccount("DE89370400440532013000", "37040045/0532013000") == nil, "another bank code: cannot tell")
        #expect(Matcher.sameAccount("DE89370400440532013000", nil) == nil)
    }

    /// Against the book: the camt export was recorded by an earlier run; the MT940 export of the
    /// same payment (another reference) is not recorded again, alone or beside the camt one.
    @Test func aTwinOfAPaymentTheBookHasIsNotRecordedAgain() throws {
        let book = TestBook([
            "invoices/INV-0003.yaml": "client: acme\nissued: 2026-10-03\nsent: 2026-10-03\nitems:\n  - { description: Web, price: 250.00 }\n"
                + "payments:\n  - { date: 2026-11-02, amount: 100.00, method: bank_transfer, reference: CAMT-7731 }\n",
        ], settings: "business: { name: Test Studio }\ndefaults: { currency: EUR, locale: en_GB, terms: 30 }\n").check().book
        let (camt, mt940) = try Self.read(camt: [Self.part(reference: "CAMT-7731")], mt940: [Self.part(reference: "MT-0042")])
        let alone = Matcher(book: book).match(mt940)
        #expect(alone.map(\.outcome) == [.proposal])
        #expect(alone[0].message == "INV-0003 has a payment of 100.00 EUR on 2026-11-02 already (reference CAMT-7731): perhaps this transaction in another export; "
                + "not recorded: if it is another payment, record it with `invoic pay`", "\(alone[0].message ?? "")")
        let both = Matcher(book: book).match(mt940 + camt)
        #expect(both.map(\.outcome) == [.recorded, .recorded], "\(both.map(\.message))")
        #expect(both[0].message == "recorded on INV-0003 as the same transaction at nov.xml:4 (reference CAMT-7731)")
        #expect(Matcher(book: book).match(camt + mt940).map(\.outcome) == [.recorded, .ignored])
        // A second payment of the same amount on another day is a payment.
        var later = mt940[0]
        later.date = Day("2026-11-03")!
        #expect(Matcher(book: book).match([later]).map(\.outcome) == [.matched])
    }
}
