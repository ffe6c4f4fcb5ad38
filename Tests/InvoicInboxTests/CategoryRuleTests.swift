import Foundation
import InvoicBook
import InvoicEInvoice
@testable import InvoicInbox
import Testing

/// EN 16931's rules per VAT category (`CategoryRules`), stated by hand on CEN's UBL example 1
/// (ubl-tc434-example1.xml: a 6% and a 21% standard-rated group, a seller with a VAT identifier,
/// a buyer without one). Its 21% group and lines (taxable 46.37, tax 9.74) become another
/// category, the tax 0 and the totals to match; the rule ids are those CEN's text gives.
/// (OfficialValidatorComparisonTests compares each rule with CEN's own validator.)
@Suite struct CategoryRuleTests {
    static let group21 = "<cbc:ID>S</cbc:ID>\n                <cbc:Percent>21</cbc:Percent>"
    /// The 21% group and its lines as `code` (at 0% unless `rate` is nil, then without a rate),
    /// with `exemption`, and no tax.
    static func untaxed(_ code: String, rate: String? = "0", exemption: String?) -> [(String, String)] {
        [(group21, "<cbc:ID>\(code)</cbc:ID>" + (rate.map { "\n<cbc:Percent>\($0)</cbc:Percent>" } ?? "")
            + (exemption.map { "\n<cbc:TaxExemptionReason>\($0)</cbc:TaxExemptionReason>" } ?? "")),
         ("<cbc:TaxAmount currencyID=\"EUR\">20.73</cbc:TaxAmount>", "<cbc:TaxAmount currencyID=\"EUR\">10.99</cbc:TaxAmount>"),
         ("<cbc:TaxAmount currencyID=\"EUR\">9.74</cbc:TaxAmount>", "<cbc:TaxAmount currencyID=\"EUR\">0.00</cbc:TaxAmount>"),
         ("<cbc:TaxInclusiveAmount currencyID=\"EUR\">250.33</cbc:TaxInclusiveAmount>", "<cbc:TaxInclusiveAmount currencyID=\"EUR\">240.59</cbc:TaxInclusiveAmount>"),
         ("<cbc:PayableAmount currencyID=\"EUR\">250.33</cbc:PayableAmount>", "<cbc:PayableAmount currencyID=\"EUR\">240.59</cbc:PayableAmount>")]
    }
    static let buyerVAT = ("<cac:PartyLegalEntity>\n                <cbc:RegistrationName>ODIN 59</cbc:RegistrationName>",
                           "<cac:PartyTaxScheme><cbc:CompanyID>NL123456789B01</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>\n<cac:PartyLegalEntity>\n                <cbc:RegistrationName>ODIN 59</cbc:RegistrationName>")
    static let buyerLegalID = ("<cbc:RegistrationName>ODIN 59</cbc:RegistrationName>", "<cbc:RegistrationName>ODIN 59</cbc:RegistrationName><cbc:CompanyID>12345678</cbc:CompanyID>")

    /// An intra-community supply names the buyer's VAT identifier (BR-IC-02), a delivery date or
    /// invoicing period (BR-IC-11) and the country delivered to (BR-IC-12).
    @Test func intraCommunitySupply() throws {
        let supply = Self.untaxed("K", exemption: "Intra-community supply")
        #expect(try ValidatorAgreementTests.rules(supply) == ["BR-IC-02", "BR-IC-11", "BR-IC-12"])
        let complete = supply + [Self.buyerVAT,
            ("<cac:AccountingSupplierParty>", "<cac:InvoicePeriod><cbc:StartDate>2015-01-01</cbc:StartDate></cac:InvoicePeriod>\n<cac:AccountingSupplierParty>"),
            ("</cac:AccountingCustomerParty>", "</cac:AccountingCustomerParty>\n<cac:Delivery><cac:DeliveryLocation><cac:Address><cac:Country><cbc:IdentificationCode>BE</cbc:IdentificationCode></cac:Country></cac:Address></cac:DeliveryLocation></cac:Delivery>")]
        #expect(try ValidatorAgreementTests.rules(complete) == [])
        // The country delivered to (BT-80) is the model's too, as the book's documents have it.
        let model = InvoiceModel(received: try CorpusTests.edited(ValidatorAgreementTests.example, complete))
        #expect(model.deliverTo?.address.country == "BE")
        // Without its exemption reason: BR-IC-10.
        #expect(try ValidatorAgreementTests.rules(Self.untaxed("K", exemption: nil) + complete.suffix(3)) == ["BR-IC-10"])
    }

    /// Reverse charge wants the buyer's VAT identifier or, instead, its legal registration (BT-47).
    @Test func reverseChargeTakesTheBuyersLegalRegistration() throws {
        let reverse = Self.untaxed("AE", exemption: "Reverse charge")
        #expect(try ValidatorAgreementTests.rules(reverse) == ["BR-AE-02"])
        #expect(try ValidatorAgreementTests.rules(reverse + [Self.buyerLegalID]) == [])
    }

    /// Not subject to VAT: no rate, no VAT identifier (the seller has one: BR-O-02), and nothing
    /// else on the invoice (the 6% group and its lines: BR-O-11, BR-O-12).
    @Test func notSubjectToVATStandsAlone() throws {
        #expect(try ValidatorAgreementTests.rules(Self.untaxed("O", rate: nil, exemption: "Not subject to VAT")) == ["BR-O-02", "BR-O-11", "BR-O-12"])
        // With a rate of 0 its four lines break BR-O-05 too, each.
        #expect(try ValidatorAgreementTests.rules(Self.untaxed("O", exemption: "Not subject to VAT")) == ["BR-O-02"] + Array(repeating: "BR-O-05", count: 4) + ["BR-O-11", "BR-O-12"])
    }

    /// An untaxed group's taxable amount is the exact sum of its lines in CEN's UBL test (a cent
    /// off breaks BR-Z-08); a taxed one may be a unit off (BR-S-08, ValidatorAgreementTests).
    @Test func zeroRatedTaxableAmountIsExact() throws {
        let zero = Self.untaxed("Z", exemption: nil)
        #expect(try ValidatorAgreementTests.rules(zero) == [])
        #expect(try ValidatorAgreementTests.rules(zero + [("<cbc:TaxableAmount currencyID=\"EUR\">46.37</cbc:TaxableAmount>", "<cbc:TaxableAmount currencyID=\"EUR\">46.38</cbc:TaxableAmount>")]) == ["BR-Z-08"])
        // Zero rated gives no exemption reason (BR-Z-10) and a zero rate (BR-Z-05 per line).
        #expect(try ValidatorAgreementTests.rules(Self.untaxed("Z", exemption: "Zero")) == ["BR-Z-10"])
    }

    /// The seller's tax representative (BG-11, BT-63) stands for the seller's VAT identifier
    /// (BR-S-02), and it is a part of the EN 16931 model both ways: read from a received UBL, it is
    /// written again by the UBL and CII writers and read back the same.
    @Test func theTaxRepresentativeIsInTheModel() throws {
        let text = String(decoding: try fixture(ValidatorAgreementTests.example), as: UTF8.self)
        let scheme = try #require(text.firstRange(of: #/<cac:PartyTaxScheme>[\s\S]*?</cac:PartyTaxScheme>/#))
        let representative = ("</cac:AccountingCustomerParty>", """
            </cac:AccountingCustomerParty>
            <cac:TaxRepresentativeParty>
                <cac:PartyName><cbc:Name>Fiscal Rep BV</cbc:Name></cac:PartyName>
                <cac:PostalAddress><cbc:CityName>Utrecht</cbc:CityName><cac:Country><cbc:IdentificationCode>NL</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
                <cac:PartyTaxScheme><cbc:CompanyID>NL123456789B01</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
            </cac:TaxRepresentativeParty>
            """)
        let received = try CorpusTests.edited(ValidatorAgreementTests.example, [(String(text[scheme]), ""), representative])
        #expect(Findings.check(received).map(\.rule) == [])
        let model = InvoiceModel(received: received)
        #expect(model.taxRepresentative?.name == "Fiscal Rep BV")
        #expect(model.taxRepresentative?.vatID == "NL123456789B01")
        for format in [EInvoiceFormat.ubl, .cii] {
            let xml = try #require(EInvoiceWriter.xml(model, format: format))
            let back = try EInvoiceReader.read(Array(xml.utf8))
            #expect(back.taxRepresentativeVATID == "NL123456789B01", "\(format)")
            #expect(back.taxRepresentative?.name == "Fiscal Rep BV", "\(format)")
            #expect(back.taxRepresentative?.address.country == "NL", "\(format)")
            #expect(!Findings.check(back).contains { $0.rule == "XSD" || $0.rule == "BR-S-02" }, "\(format): \(Findings.check(back))")
        }
    }

    /// IGIC (L) and IPSI (M) are BR-AF and BR-AG, taxed per rate like S; a rate below zero breaks 05.
    @Test func igicAndIpsiAreAFAndAG() throws {
        #expect(try ValidatorAgreementTests.rules([(Self.group21, "<cbc:ID>L</cbc:ID>\n                <cbc:Percent>21</cbc:Percent>")]) == [])
        let negative = try ValidatorAgreementTests.rules([(Self.group21, "<cbc:ID>M</cbc:ID>\n                <cbc:Percent>-21</cbc:Percent>")])
        #expect(negative.contains("BR-AG-05") && !negative.contains { $0.hasPrefix("BR-IP") })
    }
}
