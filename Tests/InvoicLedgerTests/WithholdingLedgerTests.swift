import Foundation
import InvoicBook
import InvoicLedger
import InvoicTestSupport
import Testing

/// Issue 45, point 1: a withheld tax in the journal and the VAT return. A Spanish professional
/// invoices 2,000.00 + 21 % VAT (420.00) = 2,420.00; the client withholds IRPF 15 % of 2,000.00 =
/// 300.00 and pays 2,120.00. The 300.00 is a claim on the tax office (credited against the
/// professional's income tax), never turnover, and the VAT owed is the whole 420.00.
@Suite(.serialized) struct WithholdingLedgerTests {
    static let settings = """
        business: { name: Ana García, tax_id: ES12345678Z, address: { street: Calle Mayor 1, city: Madrid, postal_code: "28013", country: ES } }
        defaults: { currency: EUR, locale: es_ES, tax: 21%, terms: 30, withholding: [{ kind: IRPF, rate: 15% }] }
        numbering: { invoice: "F-{seq:4}", credit_note: "R-{seq:4}" }

        """
    static let client = "name: Acme SL\naddress: { street: Gran Vía 2, city: Madrid, postal_code: \"28013\", country: ES }\n"
    static let sent = invoice(issued: "2026-03-02", "sent: 2026-03-02\n", items: "  - { description: Consultoría, price: 2000.00 }\n")

    static func book(_ files: [String: String], extra: String = "") throws -> Book {
        let checked = TestBook(files, settings: settings + extra, clients: ["acme": client]).check()
        #expect(checked.diagnostics.filter { $0.severity == .error }.isEmpty, "\(checked.diagnostics)")
        return checked.book
    }

    @Test func theWithheldTaxIsAClaimOnTheTaxOfficeAndThePaymentClearsTheRest() throws {
        let book = try Self.book(["invoices/F-0001.yaml": Self.sent + "payments:\n  - { date: 2026-03-20, amount: 2120.00, method: bank_transfer }\n"])
        let text = Journal(book: book).render(.hledger)
        let issued = try JournalAccountsTests.hledgerBalances(text, end: "2026-03-03")
        #expect(issued["Assets:Receivable:Acme"] == ["EUR": 2120_00], "\(issued)")
        #expect(issued["Assets:Withholding:IRPF"] == ["EUR": 300_00])
        #expect(issued["Income:Sales"] == ["EUR": -2000_00])
        #expect(issued["Liabilities:VAT:Output:21"] == ["EUR": -420_00])
        let paid = try JournalAccountsTests.hledgerBalances(text)
        #expect(paid["Assets:Receivable:Acme"] == nil && paid["Assets:Bank"] == ["EUR": 2120_00] && paid["Assets:Withholding:IRPF"] == ["EUR": 300_00])
    }

    /// A full credit note (a rectificativa) takes the withholding back with the turnover and the VAT.
    @Test func aCreditNoteTakesTheWithholdingBack() throws {
        let book = try Self.book([
            "invoices/F-0001.yaml": Self.sent,
            "credit-notes/R-0001.yaml": "client: acme\nissued: 2026-03-10\nsent: 2026-03-10\ncorrects: F-0001\nreason: Anulada\nitems:\n  - { description: Consultoría, price: 2000.00 }\n",
        ])
        let balances = try JournalAccountsTests.hledgerBalances(Journal(book: book).render(.hledger))
        #expect(balances["Assets:Receivable:Acme"] == nil && balances["Assets:Withholding:IRPF"] == nil && balances["Income:Sales"] == nil, "\(balances)")
    }

    /// Voiding an unpaid invoice cancels the 2,120.00 claimed, the 300.00 withheld and so the
    /// whole 2,000.00 + 420.00.
    @Test func voidingCancelsTheWithholdingToo() throws {
        let book = try Self.book(["invoices/F-0001.yaml": Self.sent + "void: { date: 2026-03-05, reason: error }\n"])
        let balances = try JournalAccountsTests.hledgerBalances(Journal(book: book).render(.hledger))
        #expect(balances.isEmpty, "\(balances)")
    }

    /// The VAT return counts the VAT on the whole base, withholding or not: accrual 2,000.00 / 420.00;
    /// on cash, the client's 2,120.00 with the 300.00 it paid the tax office settles the whole supply.
    @Test func theVATReturnIgnoresTheWithholdingOnEitherBasis() throws {
        let book = try Self.book(["invoices/F-0001.yaml": Self.sent + "payments:\n  - { date: 2026-04-20, amount: 2120.00, method: bank_transfer }\n"])
        let accrual = VATReturn(book: book, period: Period("2026-03")!)
        #expect(VATReturnTests.row(accrual, "21%")?.taxable == 2000_00 && VATReturnTests.row(accrual, "21%")?.tax == 420_00)
        let cash = VATReturn(book: book, period: Period("2026-04")!, basis: .cash)
        #expect(VATReturnTests.row(cash, "21%")?.taxable == 2000_00 && VATReturnTests.row(cash, "21%")?.tax == 420_00)
        // Half paid (1,060.00 of 2,120.00): half the supply, 1,000.00 and 210.00.
        let half = try Self.book(["invoices/F-0001.yaml": Self.sent + "payments:\n  - { date: 2026-04-20, amount: 1060.00, method: bank_transfer }\n"])
        let halfCash = VATReturn(book: half, period: Period("2026-04")!, basis: .cash)
        #expect(VATReturnTests.row(halfCash, "21%")?.taxable == 1000_00 && VATReturnTests.row(halfCash, "21%")?.tax == 210_00)
    }
}
