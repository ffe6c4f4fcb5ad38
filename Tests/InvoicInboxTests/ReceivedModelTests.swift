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

    /// The model keeps what a received document wrote, not only what the renderer needs: CEN's UBL
    /// example 1 with line 1 in a category EN 16931 does not know (`XX`) at 6.125 % and a net of
    /// 19.9049, the 21 % group as category O without a rate, a seller named only by its trading
    /// name and a buyer with a trading name beside its legal one. `tax` stays the renderer's
    /// reading (standard, 0 %, thousandths); `stated`, `exactNet` and the names are the file's.
    @Test func theModelKeepsWhatWasWritten() throws {
        let model = InvoiceModel(received: try CorpusTests.edited(ValidatorAgreementTests.example, [
            (">19.90</cbc:LineExtensionAmount>\n        <cac:Item>\n            <cbc:Name>PATAT", ">19.9049</cbc:LineExtensionAmount>\n        <cac:Item>\n            <cbc:Name>PATAT"),
            ("<cbc:ID>166022</cbc:ID>\n            </cac:SellersItemIdentification>\n            <cac:ClassifiedTaxCategory>\n                <cbc:ID>S</cbc:ID>\n                <cbc:Percent>6</cbc:Percent>",
             "<cbc:ID>166022</cbc:ID>\n            </cac:SellersItemIdentification>\n            <cac:ClassifiedTaxCategory>\n                <cbc:ID>XX</cbc:ID>\n                <cbc:Percent>6.125</cbc:Percent>"),
            (CategoryRuleTests.group21, "<cbc:ID>O</cbc:ID>"),
            ("<cac:AccountingSupplierParty>\n        <cac:Party>\n", "<cac:AccountingSupplierParty>\n        <cac:Party>\n<cac:PartyName><cbc:Name>Koksmaat</cbc:Name></cac:PartyName>\n"),
            ("<cbc:RegistrationName>De Koksmaat</cbc:RegistrationName>", ""),
            ("<cbc:ID>10202</cbc:ID>\n            </cac:PartyIdentification>", "<cbc:ID>10202</cbc:ID>\n            </cac:PartyIdentification>\n<cac:PartyName><cbc:Name>Odin</cbc:Name></cac:PartyName>"),
        ]))
        let line = try #require(model.lines.first)
        #expect(line.stated == InvoiceModel.StatedTax(category: .other("XX"), rate: DecimalNumber(significand: 6125, scale: 3)))
        #expect(line.tax.category == .standard && line.tax.rate == Rate(milliPercent: 6125))
        #expect(line.exactNet == DecimalNumber(significand: 199049, scale: 4) && line.net == 1990)
        // Line 2 as written: 9.85, category S at 6.
        #expect(model.lines[1].exactNet == DecimalNumber(significand: 985, scale: 2) && model.lines[1].net == 985 && model.lines[1].stated == InvoiceModel.StatedTax(category: .known(.standard), rate: DecimalNumber(integer: 6)))
        let outside = try #require(model.taxGroups.last)
        #expect(outside.stated == InvoiceModel.StatedTax(category: .known(.outsideScope), rate: nil))
        #expect(outside.tax.rate == .zero && outside.taxable == 4637)
        #expect(model.seller.name == "Koksmaat" && model.seller.nameIsTradingName)                 // BT-28 only: BR-06
        #expect(model.buyer.name == "ODIN 59" && model.buyer.tradingName == "Odin" && !model.buyer.nameIsTradingName)
    }

    /// Factur-X EXTENDED's sub-invoice lines keep their subtype and parent in the model (Mustang's
    /// example: GROUP lines 01 and 02, DETAIL lines 0101 and 0102 under 01), and a period with
    /// only its start (what BR-IC-11 accepts) is kept though `period` needs both ends.
    @Test func subInvoiceLinesAndAHalfPeriodAreKept() throws {
        let model = InvoiceModel(received: try readOne("mustang-extended-subinvoicelines.xml"))
        #expect(model.lines.filter { $0.subtype == "GROUP" }.map(\.id) == ["01", "02"])
        #expect(model.lines.filter { $0.subtype == "GROUP" }.allSatisfy { !$0.countsInTotals })
        #expect(model.lines.filter { $0.parentID == "01" }.map(\.id) == ["0101", "0102"])
        let started = InvoiceModel(received: try CorpusTests.edited(ValidatorAgreementTests.example, [
            ("<cac:AccountingSupplierParty>", "<cac:InvoicePeriod><cbc:StartDate>2015-01-01</cbc:StartDate></cac:InvoicePeriod>\n<cac:AccountingSupplierParty>")]))
        #expect(started.period == nil)
        #expect(started.statedPeriod?.start == Day("2015-01-01") && started.statedPeriod?.end == nil)
        #expect(InvoiceModel(received: try readOne(ValidatorAgreementTests.example)).statedPeriod == nil)
    }

    /// The model keeps the absences the rules turn on (issue 39, point 1), beside the figure the
    /// renderer shows: CEN's UBL example 1 without its BT-106 (229.60) and with line 1 (2 EA,
    /// 19.90) without its net price (BT-146).
    @Test func theModelKeepsTheAbsencesTheRulesNeed() throws {
        let price = "<cac:Price>\n            <cbc:PriceAmount currencyID=\"EUR\">9.95</cbc:PriceAmount>\n        </cac:Price>"
        let line1 = "<cbc:ID>166022</cbc:ID>\n            </cac:SellersItemIdentification>\n            <cac:ClassifiedTaxCategory>\n                <cbc:ID>S</cbc:ID>\n                <cbc:Percent>6</cbc:Percent>\n                <cac:TaxScheme>\n                    <cbc:ID>VAT</cbc:ID>\n                </cac:TaxScheme>\n            </cac:ClassifiedTaxCategory>\n       </cac:Item>\n        "
        let document = try CorpusTests.edited(ValidatorAgreementTests.example, [
            ("<cbc:LineExtensionAmount currencyID=\"EUR\">229.60</cbc:LineExtensionAmount>", ""),
            (line1 + price, line1),
        ])
        let received = ReceivedInvoice(document)
        let model = received.model
        // The file writes BT-109, 110, 112 and 115 only: the others are absent, BT-106 now too.
        #expect(model.absent == [.lineTotal, .allowanceTotal, .chargeTotal, .prepaid, .rounding])
        #expect(model.stated(.lineTotal) == nil && model.lineTotal == 22960)    // the lines' sum, shown
        #expect(model.stated(.taxExclusive) == 22960 && model.stated(.taxInclusive) == 25033)
        #expect(Findings.check(received).map(\.rule).contains("BR-12"))
        let first = try #require(model.lines.first)
        #expect(first.written?.price == nil && first.written?.quantity == DecimalNumber(integer: 2) && first.written?.unit == "EA")
        #expect(first.quantity == DecimalNumber(integer: 1) && first.price == DecimalNumber(significand: 1990, scale: 2))   // what the PDF shows
        #expect(model.lines[1].written?.price == DecimalNumber(significand: 985, scale: 2))
        #expect(model.seller.writtenAddressLines != nil)
    }
}
