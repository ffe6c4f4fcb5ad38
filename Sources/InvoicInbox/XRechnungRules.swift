import InvoicXML

/// KoSIT's XRechnung 3.0 rules (schematron v2.5.0, `XRechnung-UBL-validation.sch` and
/// `XRechnung-CII-validation.sch`) about what an XRechnung must carry that EN 16931 leaves
/// optional: payment instructions, the buyer reference (Leitweg-ID), the seller's contact with
/// name, telephone and e-mail, the seller's city and post code. Applied only to documents whose
/// BT-24 claims XRechnung (`urn:xeinkauf.de:kosit:xrechnung`); all fatal in KoSIT's artefact.
/// KoSIT's other BR-DE rules (code lists, Skonto syntax, the extension's) are not checked.
extension SyntaxRule {
    static let xrechnungClaim = "xeinkauf.de:kosit:xrechnung"

    static func kosit(_ id: String, _ syntax: Syntax, _ text: String, _ broken: @escaping @Sendable (XElement) -> [XElement]) -> SyntaxRule {
        SyntaxRule(id: id, severity: .fatal, syntax: syntax, text: text, broken: broken, claim: xrechnungClaim)
    }

    /// `path[boolean(normalize-space(.))]` is empty.
    static func blank(_ element: XElement, _ path: [String]) -> Bool {
        !select(element, path).contains { !normalized($0.text).isEmpty }
    }

    static func ciiSeller(_ root: XElement) -> [XElement] {
        headerAgreements(root).flatMap { $0.children("SellerTradeParty") }
    }

    static let xrechnung: [SyntaxRule] = [
        // /ubl:Invoice: cac:PaymentMeans; CII: rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementPaymentMeans
        kosit("BR-DE-1", .ubl, "An invoice shall contain PAYMENT INSTRUCTIONS (BG-16).") { root in root.child("PaymentMeans") == nil ? [root] : [] },
        kosit("BR-DE-1", .cii, "An invoice shall contain PAYMENT INSTRUCTIONS (BG-16).") { root in
            select(root, ["SupplyChainTradeTransaction", "ApplicableHeaderTradeSettlement", "SpecifiedTradeSettlementPaymentMeans"]).isEmpty ? [root] : []
        },
        // cbc:BuyerReference[boolean(normalize-space(.))]; CII: .../ram:ApplicableHeaderTradeAgreement/ram:BuyerReference[...]
        kosit("BR-DE-15", .ubl, "The buyer reference (BT-10, the Leitweg-ID) shall be given.") { root in blank(root, ["BuyerReference"]) ? [root] : [] },
        kosit("BR-DE-15", .cii, "The buyer reference (BT-10, the Leitweg-ID) shall be given.") { root in
            blank(root, ["SupplyChainTradeTransaction", "ApplicableHeaderTradeAgreement", "BuyerReference"]) ? [root] : []
        },
        // /ubl:Invoice/cac:AccountingSupplierParty: cac:Party/cac:Contact; CII SellerTradeParty: ram:DefinedTradeContact
        kosit("BR-DE-2", .ubl, "The group SELLER CONTACT (BG-6) shall be given.") { root in
            root.children("AccountingSupplierParty").filter { select($0, ["Party", "Contact"]).isEmpty }
        },
        kosit("BR-DE-2", .cii, "The group SELLER CONTACT (BG-6) shall be given.") { root in
            ciiSeller(root).filter { $0.child("DefinedTradeContact") == nil }
        },
        // .../cac:Party/cac:PostalAddress: cbc:CityName / cbc:PostalZone; CII PostalTradeAddress: ram:CityName / ram:PostcodeCode
        kosit("BR-DE-3", .ubl, "The seller's city (BT-37) shall be given.") { root in
            select(root, ["AccountingSupplierParty", "Party", "PostalAddress"]).filter { blank($0, ["CityName"]) }
        },
        kosit("BR-DE-3", .cii, "The seller's city (BT-37) shall be given.") { root in
            ciiSeller(root).flatMap { $0.children("PostalTradeAddress") }.filter { blank($0, ["CityName"]) }
        },
        kosit("BR-DE-4", .ubl, "The seller's post code (BT-38) shall be given.") { root in
            select(root, ["AccountingSupplierParty", "Party", "PostalAddress"]).filter { blank($0, ["PostalZone"]) }
        },
        kosit("BR-DE-4", .cii, "The seller's post code (BT-38) shall be given.") { root in
            ciiSeller(root).flatMap { $0.children("PostalTradeAddress") }.filter { blank($0, ["PostcodeCode"]) }
        },
        // .../cac:Party/cac:Contact: cbc:Name, cbc:Telephone, cbc:ElectronicMail; CII DefinedTradeContact:
        // (ram:PersonName, ram:DepartmentName), ram:TelephoneUniversalCommunication/ram:CompleteNumber, ram:EmailURIUniversalCommunication/ram:URIID
        kosit("BR-DE-5", .ubl, "The seller contact point (BT-41) shall be given.") { root in
            select(root, ["AccountingSupplierParty", "Party", "Contact"]).filter { blank($0, ["Name"]) }
        },
        kosit("BR-DE-5", .cii, "The seller contact point (BT-41) shall be given.") { root in
            ciiSeller(root).flatMap { $0.children("DefinedTradeContact") }.filter { blank($0, ["PersonName"]) && blank($0, ["DepartmentName"]) }
        },
        kosit("BR-DE-6", .ubl, "The seller contact telephone number (BT-42) shall be given.") { root in
            select(root, ["AccountingSupplierParty", "Party", "Contact"]).filter { blank($0, ["Telephone"]) }
        },
        kosit("BR-DE-6", .cii, "The seller contact telephone number (BT-42) shall be given.") { root in
            ciiSeller(root).flatMap { $0.children("DefinedTradeContact") }.filter { blank($0, ["TelephoneUniversalCommunication", "CompleteNumber"]) }
        },
        kosit("BR-DE-7", .ubl, "The seller contact email address (BT-43) shall be given.") { root in
            select(root, ["AccountingSupplierParty", "Party", "Contact"]).filter { blank($0, ["ElectronicMail"]) }
        },
        kosit("BR-DE-7", .cii, "The seller contact email address (BT-43) shall be given.") { root in
            ciiSeller(root).flatMap { $0.children("DefinedTradeContact") }.filter { blank($0, ["EmailURIUniversalCommunication", "URIID"]) }
        },
    ]
}
