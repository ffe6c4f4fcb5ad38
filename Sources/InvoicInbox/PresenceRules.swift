import InvoicXML

/// EN 16931's rules about what a part of the document must hold (BR-18 to BR-65) that the
/// document model does not keep apart, checked on the XML as CEN's schematron checks them, one row
/// per rule and syntax, in the same table as the syntax rules (all fatal in CEN's artefacts, which
/// SyntaxRuleTests reads back). The presence rules `Findings` checks on the model (BR-01 to
/// BR-16) and those the readers report (BR-24, BR-31, BR-36, BR-41, BR-43, BR-45, BR-46) are not
/// repeated here. Each row cites CEN's context and test.
extension SyntaxRule {
    static func row(_ id: String, _ syntax: Syntax, _ text: String, _ broken: @escaping @Sendable (XElement) -> [XElement]) -> SyntaxRule {
        SyntaxRule(id: id, severity: .fatal, syntax: syntax, text: text, broken: broken)
    }

    /// The text of the first element at `path`, whitespace normalized ("" when there is none), as
    /// `normalize-space(path)` reads it.
    static func normalizedValue(_ element: XElement, _ path: [String]) -> String {
        select(element, path).first.map { normalized($0.text) } ?? ""
    }

    /// `path != ''` over a sequence: true when some element at `path` has text.
    static func someText(_ element: XElement, _ path: [String]) -> Bool {
        select(element, path).contains { !$0.text.isEmpty }
    }

    /// UBL: a `cac:TaxCategory` (or `cac:PartyTaxScheme`) whose scheme is VAT
    /// (`[cac:TaxScheme/normalize-space(upper-case(cbc:ID))='VAT']`).
    static func vat(_ elements: [XElement]) -> [XElement] {
        elements.filter { select($0, ["TaxScheme", "ID"]).contains { normalized($0.text).uppercased() == "VAT" } }
    }

    /// UBL document level allowances (`false`) or charges (`true`): `/ubl:Invoice/cac:AllowanceCharge[cbc:ChargeIndicator = ...]`.
    static func documentAllowanceCharges(_ root: XElement, charge: Bool) -> [XElement] {
        root.children("AllowanceCharge").filter { indicator($0) == charge }
    }

    /// UBL line allowances or charges: `//cac:InvoiceLine/cac:AllowanceCharge[cbc:ChargeIndicator = ...]`.
    static func lineAllowanceCharges(_ root: XElement, charge: Bool) -> [XElement] {
        root.all.filter { $0.name == "InvoiceLine" || $0.name == "CreditNoteLine" }.flatMap { $0.children("AllowanceCharge") }.filter { indicator($0) == charge }
    }

    /// CII allowances or charges under `settlement` (ApplicableHeaderTradeSettlement or
    /// SpecifiedLineTradeSettlement) whose `ram:ChargeIndicator[udt:Indicator='...']` says so.
    static func ciiAllowanceCharges(_ root: XElement, under settlement: String, charge: Bool) -> [XElement] {
        named(root, settlement).flatMap { $0.children("SpecifiedTradeAllowanceCharge") }.filter { allowance in
            allowance.children("ChargeIndicator").contains { $0.children("Indicator").contains { $0.text == (charge ? "true" : "false") } }
        }
    }

    static func ciiLines(_ root: XElement) -> [XElement] { named(root, "IncludedSupplyChainTradeLineItem") }
    static func ublLines(_ root: XElement) -> [XElement] { root.all.filter { $0.name == "InvoiceLine" || $0.name == "CreditNoteLine" } }

    static let presence: [SyntaxRule] = [
        // cac:TaxRepresentativeParty: normalize-space(cac:PartyName/cbc:Name) != ''
        row("BR-18", .ubl, "The Seller tax representative name (BT-62) shall be provided in the Invoice, if the Seller (BG-4) has a Seller tax representative party (BG-11).") { root in
            named(root, "TaxRepresentativeParty").filter { normalizedValue($0, ["PartyName", "Name"]).isEmpty }
        },
        // //ram:SellerTaxRepresentativeTradeParty: normalize-space(ram:Name) != ''
        row("BR-18", .cii, "The Seller tax representative name (BT-62) shall be provided in the Invoice, if the Seller (BG-4) has a Seller tax representative party (BG-11).") { root in
            named(root, "SellerTaxRepresentativeTradeParty").filter { normalizedValue($0, ["Name"]).isEmpty }
        },
        row("BR-19", .ubl, "The Seller tax representative postal address (BG-12) shall be provided in the Invoice, if the Seller (BG-4) has a Seller tax representative party (BG-11).") { root in
            named(root, "TaxRepresentativeParty").filter { $0.child("PostalAddress") == nil }
        },
        row("BR-19", .cii, "The Seller tax representative postal address (BG-12) shall be provided in the Invoice, if the Seller (BG-4) has a Seller tax representative party (BG-11).") { root in
            named(root, "SellerTaxRepresentativeTradeParty").filter { $0.child("PostalTradeAddress") == nil }
        },
        // cac:TaxRepresentativeParty/cac:PostalAddress: normalize-space(cac:Country/cbc:IdentificationCode) != ''
        row("BR-20", .ubl, "The Seller tax representative postal address (BG-12) shall contain a Tax representative country code (BT-69), if the Seller (BG-4) has a Seller tax representative party (BG-11).") { root in
            named(root, "TaxRepresentativeParty").flatMap { $0.children("PostalAddress") }.filter { normalizedValue($0, ["Country", "IdentificationCode"]).isEmpty }
        },
        // //ram:SellerTaxRepresentativeTradeParty: normalize-space(ram:PostalTradeAddress/ram:CountryID) != ''
        row("BR-20", .cii, "The Seller tax representative postal address (BG-12) shall contain a Tax representative country code (BT-69), if the Seller (BG-4) has a Seller tax representative party (BG-11).") { root in
            named(root, "SellerTaxRepresentativeTradeParty").filter { normalizedValue($0, ["PostalTradeAddress", "CountryID"]).isEmpty }
        },
        // cac:InvoiceLine | cac:CreditNoteLine: normalize-space(cbc:ID) != ''
        row("BR-21", .ubl, "Each Invoice line (BG-25) shall have an Invoice line identifier (BT-126).") { root in
            ublLines(root).filter { normalizedValue($0, ["ID"]).isEmpty }
        },
        // //ram:IncludedSupplyChainTradeLineItem: (ram:AssociatedDocumentLineDocument/ram:LineID!='')
        row("BR-21", .cii, "Each Invoice line (BG-25) shall have an Invoice line identifier (BT-126).") { root in
            ciiLines(root).filter { !someText($0, ["AssociatedDocumentLineDocument", "LineID"]) }
        },
        // exists(cbc:InvoicedQuantity) or exists(cbc:CreditedQuantity)
        row("BR-22", .ubl, "Each Invoice line (BG-25) shall have an Invoiced quantity (BT-129).") { root in
            ublLines(root).filter { $0.child("InvoicedQuantity") == nil && $0.child("CreditedQuantity") == nil }
        },
        row("BR-22", .cii, "Each Invoice line (BG-25) shall have an Invoiced quantity (BT-129).") { root in
            ciiLines(root).filter { select($0, ["SpecifiedLineTradeDelivery", "BilledQuantity"]).isEmpty }
        },
        // exists(cbc:InvoicedQuantity/@unitCode) or exists(cbc:CreditedQuantity/@unitCode)
        row("BR-23", .ubl, "An Invoice line (BG-25) shall have an Invoiced quantity unit of measure code (BT-130).") { root in
            ublLines(root).filter { !($0.children("InvoicedQuantity") + $0.children("CreditedQuantity")).contains { $0.attributes["unitCode"] != nil } }
        },
        row("BR-23", .cii, "An Invoice line (BG-25) shall have an Invoiced quantity unit of measure code (BT-130).") { root in
            ciiLines(root).filter { !select($0, ["SpecifiedLineTradeDelivery", "BilledQuantity"]).contains { $0.attributes["unitCode"] != nil } }
        },
        row("BR-25", .ubl, "Each Invoice line (BG-25) shall contain the Item name (BT-153).") { root in
            ublLines(root).filter { normalizedValue($0, ["Item", "Name"]).isEmpty }
        },
        row("BR-25", .cii, "Each Invoice line (BG-25) shall contain the Item name (BT-153).") { root in
            ciiLines(root).filter { !someText($0, ["SpecifiedTradeProduct", "Name"]) }
        },
        row("BR-26", .ubl, "Each Invoice line (BG-25) shall contain the Item net price (BT-146).") { root in
            ublLines(root).filter { select($0, ["Price", "PriceAmount"]).isEmpty }
        },
        row("BR-26", .cii, "Each Invoice line (BG-25) shall contain the Item net price (BT-146).") { root in
            ciiLines(root).filter { select($0, ["SpecifiedLineTradeAgreement", "NetPriceProductTradePrice", "ChargeAmount"]).isEmpty }
        },
        // Document level allowance / charge: exists(cac:TaxCategory[VAT]/cbc:ID);
        // CII: (../ram:CategoryTradeTax[upper-case(ram:TypeCode) = 'VAT']/ram:CategoryCode)
        row("BR-32", .ubl, "Each Document level allowance (BG-20) shall have a Document level allowance VAT category code (BT-95).") { root in
            documentAllowanceCharges(root, charge: false).filter { vat($0.children("TaxCategory")).flatMap { $0.children("ID") }.isEmpty }
        },
        row("BR-32", .cii, "Each Document level allowance (BG-20) shall have a Document level allowance VAT category code (BT-95).") { root in
            ciiAllowanceCharges(root, under: "ApplicableHeaderTradeSettlement", charge: false).filter { !ciiVATCategory($0) }
        },
        row("BR-37", .ubl, "Each Document level charge (BG-21) shall have a Document level charge VAT category code (BT-102).") { root in
            documentAllowanceCharges(root, charge: true).filter { vat($0.children("TaxCategory")).flatMap { $0.children("ID") }.isEmpty }
        },
        row("BR-37", .cii, "Each Document level charge (BG-21) shall have a Document level charge VAT category code (BT-102).") { root in
            ciiAllowanceCharges(root, under: "ApplicableHeaderTradeSettlement", charge: true).filter { !ciiVATCategory($0) }
        },
        // exists(cbc:AllowanceChargeReason) or exists(cbc:AllowanceChargeReasonCode); CII (../ram:Reason) or (../ram:ReasonCode)
        row("BR-33", .ubl, "Each Document level allowance (BG-20) shall have a Document level allowance reason (BT-97) or a Document level allowance reason code (BT-98).") { root in
            documentAllowanceCharges(root, charge: false).filter(ublNoReason)
        },
        row("BR-33", .cii, "Each Document level allowance (BG-20) shall have a Document level allowance reason (BT-97) or a Document level allowance reason code (BT-98).") { root in
            ciiAllowanceCharges(root, under: "ApplicableHeaderTradeSettlement", charge: false).filter(ciiNoReason)
        },
        row("BR-38", .ubl, "Each Document level charge (BG-21) shall have a Document level charge reason (BT-104) or a Document level charge reason code (BT-105).") { root in
            documentAllowanceCharges(root, charge: true).filter(ublNoReason)
        },
        row("BR-38", .cii, "Each Document level charge (BG-21) shall have a Document level charge reason (BT-104) or a Document level charge reason code (BT-105).") { root in
            ciiAllowanceCharges(root, under: "ApplicableHeaderTradeSettlement", charge: true).filter(ciiNoReason)
        },
        row("BR-42", .ubl, "Each Invoice line allowance (BG-27) shall have an Invoice line allowance reason (BT-139) or an Invoice line allowance reason code (BT-140).") { root in
            lineAllowanceCharges(root, charge: false).filter(ublNoReason)
        },
        row("BR-42", .cii, "Each Invoice line allowance (BG-27) shall have an Invoice line allowance reason (BT-139) or an Invoice line allowance reason code (BT-140).") { root in
            ciiAllowanceCharges(root, under: "SpecifiedLineTradeSettlement", charge: false).filter(ciiNoReason)
        },
        row("BR-44", .ubl, "Each Invoice line charge (BG-28) shall have an Invoice line charge reason (BT-144) or an Invoice line charge reason code (BT-145).") { root in
            lineAllowanceCharges(root, charge: true).filter(ublNoReason)
        },
        row("BR-44", .cii, "Each Invoice line charge (BG-28) shall have an Invoice line charge reason (BT-144) or an Invoice line charge reason code (BT-145).") { root in
            ciiAllowanceCharges(root, under: "SpecifiedLineTradeSettlement", charge: true).filter(ciiNoReason)
        },
        // BR-CO-21 to BR-CO-24 test what BR-33, BR-38, BR-42 and BR-44 test, in the same contexts,
        // and CEN's validator reports both ids.
        row("BR-CO-21", .ubl, "Each Document level allowance (BG-20) shall contain a Document level allowance reason (BT-97) or a Document level allowance reason code (BT-98), or both.") { documentAllowanceCharges($0, charge: false).filter(ublNoReason) },
        row("BR-CO-21", .cii, "Each Document level allowance (BG-20) shall contain a Document level allowance reason (BT-97) or a Document level allowance reason code (BT-98), or both.") { ciiAllowanceCharges($0, under: "ApplicableHeaderTradeSettlement", charge: false).filter(ciiNoReason) },
        row("BR-CO-22", .ubl, "Each Document level charge (BG-21) shall contain a Document level charge reason (BT-104) or a Document level charge reason code (BT-105), or both.") { documentAllowanceCharges($0, charge: true).filter(ublNoReason) },
        row("BR-CO-22", .cii, "Each Document level charge (BG-21) shall contain a Document level charge reason (BT-104) or a Document level charge reason code (BT-105), or both.") { ciiAllowanceCharges($0, under: "ApplicableHeaderTradeSettlement", charge: true).filter(ciiNoReason) },
        row("BR-CO-23", .ubl, "Each Invoice line allowance (BG-27) shall contain an Invoice line allowance reason (BT-139) or an Invoice line allowance reason code (BT-140), or both.") { lineAllowanceCharges($0, charge: false).filter(ublNoReason) },
        row("BR-CO-23", .cii, "Each Invoice line allowance (BG-27) shall contain an Invoice line allowance reason (BT-139) or an Invoice line allowance reason code (BT-140), or both.") { ciiAllowanceCharges($0, under: "SpecifiedLineTradeSettlement", charge: false).filter(ciiNoReason) },
        row("BR-CO-24", .ubl, "Each Invoice line charge (BG-28) shall contain an Invoice line charge reason (BT-144) or an Invoice line charge reason code (BT-145), or both.") { lineAllowanceCharges($0, charge: true).filter(ublNoReason) },
        row("BR-CO-24", .cii, "Each Invoice line charge (BG-28) shall contain an Invoice line charge reason (BT-144) or an Invoice line charge reason code (BT-145), or both.") { ciiAllowanceCharges($0, under: "SpecifiedLineTradeSettlement", charge: true).filter(ciiNoReason) },
        // cac:TaxTotal/cac:TaxSubtotal: exists(cac:TaxCategory[VAT]/cbc:ID)
        row("BR-47", .ubl, "Each VAT breakdown (BG-23) shall be defined through a VAT category code (BT-118).") { root in
            taxSubtotals(root).filter { vat($0.children("TaxCategory")).flatMap { $0.children("ID") }.isEmpty }
        },
        // //ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax: (ram:CategoryCode)
        row("BR-47", .cii, "Each VAT breakdown (BG-23) shall be defined through a VAT category code (BT-118).") { root in
            named(root, "ApplicableHeaderTradeSettlement").flatMap { $0.children("ApplicableTradeTax") }.filter { $0.child("CategoryCode") == nil }
        },
        // exists(cac:TaxCategory[VAT]/cbc:Percent) or (cac:TaxCategory[VAT]/normalize-space(cbc:ID)='O')
        row("BR-48", .ubl, "Each VAT breakdown (BG-23) shall have a VAT category rate (BT-119), except if the Invoice is not subject to VAT.") { root in
            taxSubtotals(root).filter { subtotal in
                let categories = vat(subtotal.children("TaxCategory"))
                return categories.flatMap { $0.children("Percent") }.isEmpty && !categories.flatMap { $0.children("ID") }.contains { normalized($0.text) == "O" }
            }
        },
        // (ram:RateApplicablePercent) or (ram:CategoryCode = 'O')
        row("BR-48", .cii, "Each VAT breakdown (BG-23) shall have a VAT category rate (BT-119), except if the Invoice is not subject to VAT.") { root in
            named(root, "ApplicableHeaderTradeSettlement").flatMap { $0.children("ApplicableTradeTax") }
                .filter { $0.child("RateApplicablePercent") == nil && !$0.children("CategoryCode").contains { $0.text == "O" } }
        },
        row("BR-49", .ubl, "A Payment instruction (BG-16) shall specify the Payment means type code (BT-81).") { root in
            named(root, "PaymentMeans").filter { $0.child("PaymentMeansCode") == nil }
        },
        row("BR-49", .cii, "A Payment instruction (BG-16) shall specify the Payment means type code (BT-81).") { root in
            named(root, "SpecifiedTradeSettlementPaymentMeans").filter { $0.child("TypeCode") == nil }
        },
        // cac:PaymentMeans[cbc:PaymentMeansCode='30' or ='58']/cac:PayeeFinancialAccount: normalize-space(cbc:ID) != ''
        row("BR-50", .ubl, "A Payment account identifier (BT-84) shall be present if Credit transfer (BG-17) information is provided in the Invoice.") { root in
            named(root, "PaymentMeans").filter { $0.children("PaymentMeansCode").contains { ["30", "58"].contains($0.text) } }
                .flatMap { $0.children("PayeeFinancialAccount") }.filter { normalizedValue($0, ["ID"]).isEmpty }
        },
        row("BR-50", .cii, "A Payment account identifier (BT-84) shall be present if Credit transfer (BG-16) information is provided in the Invoice.") { root in
            named(root, "SpecifiedTradeSettlementPaymentMeans").filter { $0.children("TypeCode").contains { ["30", "58"].contains($0.text) } }
                .flatMap { $0.children("PayeePartyCreditorFinancialAccount") }
                .filter { normalizedValue($0, ["IBANID"]).isEmpty && normalizedValue($0, ["ProprietaryID"]).isEmpty }
        },
        row("BR-52", .ubl, "Each Additional supporting document (BG-24) shall contain a Supporting document reference (BT-122).") { root in
            named(root, "AdditionalDocumentReference").filter { normalizedValue($0, ["ID"]).isEmpty }
        },
        row("BR-52", .cii, "Each Additional supporting document (BG-24) shall contain a Supporting document reference (BT-122).") { root in
            named(root, "AdditionalReferencedDocument").filter { !someText($0, ["IssuerAssignedID"]) }
        },
        row("BR-54", .ubl, "Each Item attribute (BG-32) shall contain an Item attribute name (BT-160) and an Item attribute value (BT-161).") { root in
            named(root, "AdditionalItemProperty").filter { $0.child("Name") == nil || $0.child("Value") == nil }
        },
        row("BR-54", .cii, "Each Item attribute (BG-32) shall contain an Item attribute name (BT-160) and an Item attribute value (BT-161).") { root in
            named(root, "ApplicableProductCharacteristic").filter { $0.child("Description") == nil || $0.child("Value") == nil }
        },
        row("BR-55", .ubl, "Each Preceding Invoice reference (BG-3) shall contain a Preceding Invoice reference (BT-25).") { root in
            named(root, "BillingReference").filter { select($0, ["InvoiceDocumentReference", "ID"]).isEmpty }
        },
        // /rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:InvoiceReferencedDocument: (ram:IssuerAssignedID!='')
        row("BR-55", .cii, "Each Preceding Invoice reference (BG-3) shall contain a Preceding Invoice reference (BT-25).") { root in
            select(root, ["SupplyChainTradeTransaction", "ApplicableHeaderTradeSettlement", "InvoiceReferencedDocument"]).filter { !someText($0, ["IssuerAssignedID"]) }
        },
        // cac:TaxRepresentativeParty: exists(cac:PartyTaxScheme[VAT]/cbc:CompanyID)
        row("BR-56", .ubl, "Each Seller tax representative party (BG-11) shall have a Seller tax representative VAT identifier (BT-63).") { root in
            named(root, "TaxRepresentativeParty").filter { vat($0.children("PartyTaxScheme")).flatMap { $0.children("CompanyID") }.isEmpty }
        },
        // (ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']!='')
        row("BR-56", .cii, "Each Seller tax representative party (BG-11) shall have a Seller tax representative VAT identifier (BT-63).") { root in
            named(root, "SellerTaxRepresentativeTradeParty").filter { party in
                !select(party, ["SpecifiedTaxRegistration", "ID"]).contains { $0.attributes["schemeID"] == "VA" && !$0.text.isEmpty }
            }
        },
        // cac:AccountingSupplierParty/cac:Party/cbc:EndpointID: exists(@schemeID)
        row("BR-62", .ubl, "The Seller electronic address (BT-34) shall have a Scheme identifier.") { root in
            select(root, ["AccountingSupplierParty", "Party", "EndpointID"]).filter { $0.attributes["schemeID"] == nil }
        },
        // normalize-space(.../ram:SellerTradeParty/ram:URIUniversalCommunication[1]/ram:URIID/@schemeID) != '' or not(...URIUniversalCommunication)
        row("BR-62", .cii, "The Seller electronic address (BT-34) shall have a Scheme identifier.") { root in
            headerAgreements(root).flatMap { $0.children("SellerTradeParty") }.filter(ciiNoEndpointScheme)
        },
        row("BR-63", .ubl, "The Buyer electronic address (BT-49) shall have a Scheme identifier.") { root in
            select(root, ["AccountingCustomerParty", "Party", "EndpointID"]).filter { $0.attributes["schemeID"] == nil }
        },
        row("BR-63", .cii, "The Buyer electronic address (BT-49) shall have a Scheme identifier.") { root in
            headerAgreements(root).flatMap { $0.children("BuyerTradeParty") }.filter(ciiNoEndpointScheme)
        },
        row("BR-64", .ubl, "The Item standard identifier (BT-157) shall have a Scheme identifier.") { root in
            ublLines(root).flatMap { select($0, ["Item", "StandardItemIdentification", "ID"]) }.filter { $0.attributes["schemeID"] == nil }
        },
        // ram:SpecifiedTradeProduct/ram:GlobalID/@schemeID!='' or not(ram:SpecifiedTradeProduct/ram:GlobalID)
        row("BR-64", .cii, "The Item standard identifier (BT-157) shall have a Scheme identifier.") { root in
            ciiLines(root).filter { line in
                let ids = select(line, ["SpecifiedTradeProduct", "GlobalID"])
                return !ids.isEmpty && !ids.contains { !($0.attributes["schemeID"] ?? "").isEmpty }
            }
        },
        row("BR-65", .ubl, "The Item classification identifier (BT-158) shall have a Scheme identifier.") { root in
            ublLines(root).flatMap { select($0, ["Item", "CommodityClassification", "ItemClassificationCode"]) }.filter { $0.attributes["listID"] == nil }
        },
        // (ram:SpecifiedTradeProduct/ram:DesignatedProductClassification/ram:ClassCode/@listID!='') or not(...DesignatedProductClassification)
        row("BR-65", .cii, "The Item classification identifier (BT-158) shall have a Scheme identifier.") { root in
            ciiLines(root).filter { line in
                let classifications = select(line, ["SpecifiedTradeProduct", "DesignatedProductClassification"])
                return !classifications.isEmpty && !classifications.flatMap { $0.children("ClassCode") }.contains { !($0.attributes["listID"] ?? "").isEmpty }
            }
        },
    ]

    static func taxSubtotals(_ root: XElement) -> [XElement] {
        named(root, "TaxTotal").flatMap { $0.children("TaxSubtotal") }
    }

    static func ublNoReason(_ allowance: XElement) -> Bool {
        allowance.child("AllowanceChargeReason") == nil && allowance.child("AllowanceChargeReasonCode") == nil
    }

    static func ciiNoReason(_ allowance: XElement) -> Bool {
        allowance.child("Reason") == nil && allowance.child("ReasonCode") == nil
    }

    static func ciiVATCategory(_ allowance: XElement) -> Bool {
        allowance.children("CategoryTradeTax").contains { tax in
            tax.children("TypeCode").contains { $0.text.uppercased() == "VAT" } && tax.child("CategoryCode") != nil
        }
    }

    static func ciiNoEndpointScheme(_ party: XElement) -> Bool {
        guard let first = party.children("URIUniversalCommunication").first else { return false }
        return normalized(first.children("URIID").first?.attributes["schemeID"] ?? "").isEmpty
    }
}
