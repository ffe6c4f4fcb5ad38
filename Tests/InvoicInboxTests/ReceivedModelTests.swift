import Foundation
import InvoicBook
import InvoicEInvoice
@testable import InvoicInbox
import InvoicMoney
import Testing

/// Received documents become the EN 16931 model the book's documents become on the way out
/// (`InvoiceModel(received:)`): each field of CEN's UBL example 2 (ubl-tc434-example2.xml) read by
/// hand from the XML, and the model written again by the book's own UBL and CII writers and read
/// back with the same figures: one model, both directions.
@Suite struct ReceivedModelTests {
    @Test func cenExample2BecomesTheModel() throws {
        let model = InvoiceModel(received: try readOne("ubl-tc434-example2.xml"))
        #expect(model.number == "TOSL108" && model.typeCode == "380" && model.kind == .invoice)   // BT-1, BT-3
        #expect(model.issued == Day("2013-06-30") && model.currency.code == "NOK")                 // BT-2, BT-5
        #expect(model.seller.name == "Salescompany ltd." && model.seller.vatID == "NO123456789MVA")  // BT-27, BT-31
        #expect(model.seller.address?.street == "Main street 34\nSuite 123" && model.seller.address?.city == "Big city")
        #expect(model.buyer.name == "The Buyercompany")                                            // BT-44
        #expect(model.order == "123" && model.contract == "Contract321")                           // BT-13, BT-12
        #expect(model.paymentMeans?.code == "30" && model.remittance == "0003434323213231")         // BT-81, BT-83
        #expect(model.payeeAccount?.iban == "NO9386011117947" && model.payeeAccount?.bic == "DNBANOKK") // BT-84, BT-86
        // BG-20, BG-21: the promotion discount (reason code 88) and the freight, both at 25 %.
        #expect(model.allowancesCharges.map { "\($0.isCharge) \($0.amount) \($0.reason ?? "") \($0.code ?? "") \($0.tax.map { "\($0.category.rawValue) \($0.rate)" } ?? "")" }
            == ["false 10000 Promotion discount 88 S 25%", "true 10000 Freight  S 25%"])
        // BG-23: 1460.50 at 25 % (365.13), 1.00 at 15 % (0.15), -25.00 exempt (0.00).
        #expect(model.taxGroups.map { "\($0.tax.category.rawValue) \($0.tax.rate) \($0.taxable) \($0.amount)" }
            == ["S 25% 146050 36513", "S 15% 100 15", "E 0% -2500 0"])
        #expect(model.taxGroups.last?.exemptionReason == "Exempt New Means of Transport")         // BT-120
        // BT-131 of the five lines; line 1 as written (BT-129 2, BT-146 1273.00, BT-131 1273.00).
        #expect(model.lines.map(\.net) == [127300, -396, 496, -2500, 18750])
        #expect(model.lines.map(\.name) == ["Laptop computer", "Returned \"Advanced computing\" book", "\"Computing for dummies\" book",
                                            "Returned IBM 5150 desktop", "Network cable"])
        #expect(model.lines[0].quantity == DecimalNumber(integer: 2) && model.lines[0].price.description == "1273.00")
        #expect(model.lines[4].unitCode == "MTR" && model.lines[4].quantity == DecimalNumber(integer: 250))
        // BT-106 1436.50, BT-107 100.00, BT-108 100.00, BT-109 1436.50, BT-110 365.28, BT-112 1801.78, BT-113 1000.00, BT-115 801.78.
        #expect([model.lineTotal, model.allowanceTotal, model.chargeTotal, model.taxExclusive, model.taxTotal, model.taxInclusive, model.prepaid, model.payable]
            == [143650, 10000, 10000, 143650, 36528, 180178, 100000, 80178])
    }

    /// The writers of the book's e-invoices read the received document's model as they read the
    /// book's: written as UBL and as CII and read again, the figures are the example's.
    @Test(arguments: [EInvoiceFormat.ubl, .cii])
    func theWritersReadAReceivedModel(_ format: EInvoiceFormat) throws {
        let original = try readOne("ubl-tc434-example2.xml")
        let xml = try #require(EInvoiceWriter.xml(InvoiceModel(received: original), format: format))
        let again = try #require(try Inbox.read(bytes: Array(xml.utf8), filename: "again.xml").first?.document)
        #expect(again.number == original.number && again.issued == original.issued && again.seller.name == original.seller.name)
        #expect(again.lines.map(\.net) == original.lines.map(\.net))
        #expect(again.taxes.map { "\($0.category) \($0.taxable.plain) \($0.tax.plain)" } == original.taxes.map { "\($0.category) \($0.taxable.plain) \($0.tax.plain)" })
        let figures = { (t: ReceivedDocument.Totals) in [t.lines, t.allowances, t.charges, t.net, t.tax, t.total, t.prepaid].map { $0?.plain ?? "-" } + [t.payable.plain] }
        #expect(figures(again.totals) == figures(original.totals))
        #expect(figures(again.totals) == ["1436.50", "100.00", "100.00", "1436.50", "365.28", "1801.78", "1000.00", "801.78"])
    }
}
