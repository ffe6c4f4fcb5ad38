import InvoicXML

/// KoSIT's XRechnung 3.0 rules (schematron v2.5.0, `XRechnung-UBL-validation.sch` and
/// `XRechnung-CII-validation.sch`) about what an XRechnung must carry that EN 16931 leaves
/// optional: payment instructions, the buyer reference (Leitweg-ID), the seller's contact with
/// name, telephone and e-mail, the seller's city and post code. Applied only to documents whose
/// BT-24 claims XRechnung (`urn:xeinkauf.de:kosit:xrechnung`); all fatal in KoSIT's artefact.
/// With them the buyer's and the delivery address (BR-DE-8 to 11), the tax group's rate (BR-DE-14),
/// unique attachment names (BR-DE-22), the payment means a code asks for and forbids (BR-DE-23 to
/// 25, a and b), and the direct debit's creditor and debtor ids (BR-DE-30, 31). Not checked:
/// KoSIT's rules flagged `warning` or `information` (BR-DE-17, 19 to 21, 26 to 28, TMP), the Skonto
/// syntax of the payment terms (BR-DE-18), BR-DE-16 (a tax id for the categories that need one,
/// which `Findings`'s BR-S/AE/... rules ask too) and the extension's and CVD's rules (BR-DEX-*,
/// BR-DE-CVD-*, but BR-DEX-09, which `Findings` checks).
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
        // .../cac:AccountingCustomerParty/cac:Party/cac:PostalAddress: cbc:CityName, cbc:PostalZone; CII BuyerTradeParty/ram:PostalTradeAddress
        kosit("BR-DE-8", .ubl, "The buyer's city (BT-52) shall be given.") { root in
            select(root, ["AccountingCustomerParty", "Party", "PostalAddress"]).filter { blank($0, ["CityName"]) }
        },
        kosit("BR-DE-8", .cii, "The buyer's city (BT-52) shall be given.") { root in
            headerAgreements(root).flatMap { select($0, ["BuyerTradeParty", "PostalTradeAddress"]) }.filter { blank($0, ["CityName"]) }
        },
        kosit("BR-DE-9", .ubl, "The buyer's post code (BT-53) shall be given.") { root in
            select(root, ["AccountingCustomerParty", "Party", "PostalAddress"]).filter { blank($0, ["PostalZone"]) }
        },
        kosit("BR-DE-9", .cii, "The buyer's post code (BT-53) shall be given.") { root in
            headerAgreements(root).flatMap { select($0, ["BuyerTradeParty", "PostalTradeAddress"]) }.filter { blank($0, ["PostcodeCode"]) }
        },
        // /ubl:Invoice/cac:Delivery/cac:DeliveryLocation/cac:Address; CII .../ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:PostalTradeAddress
        kosit("BR-DE-10", .ubl, "The deliver-to city (BT-77) shall be given when the deliver-to address (BG-15) is.") { root in
            select(root, ["Delivery", "DeliveryLocation", "Address"]).filter { blank($0, ["CityName"]) }
        },
        kosit("BR-DE-10", .cii, "The deliver-to city (BT-77) shall be given when the deliver-to address (BG-15) is.") { root in
            shipTo(root).filter { blank($0, ["CityName"]) }
        },
        kosit("BR-DE-11", .ubl, "The deliver-to post code (BT-78) shall be given when the deliver-to address (BG-15) is.") { root in
            select(root, ["Delivery", "DeliveryLocation", "Address"]).filter { blank($0, ["PostalZone"]) }
        },
        kosit("BR-DE-11", .cii, "The deliver-to post code (BT-78) shall be given when the deliver-to address (BG-15) is.") { root in
            shipTo(root).filter { blank($0, ["PostcodeCode"]) }
        },
        // /ubl:Invoice/cac:TaxTotal/cac:TaxSubtotal: cac:TaxCategory/cbc:Percent; CII .../ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax: ram:RateApplicablePercent
        kosit("BR-DE-14", .ubl, "The VAT category rate (BT-119) shall be given.") { root in
            select(root, ["TaxTotal", "TaxSubtotal"]).filter { blank($0, ["TaxCategory", "Percent"]) }
        },
        kosit("BR-DE-14", .cii, "The VAT category rate (BT-119) shall be given.") { root in
            settlement(root).flatMap { $0.children("ApplicableTradeTax") }.filter { blank($0, ["RateApplicablePercent"]) }
        },
        // count(ADR) = count(ADR[not(.../@filename = preceding-sibling::ADR/.../@filename)]): no file name twice
        kosit("BR-DE-22", .ubl, "The filename attribute of every attached document (BT-125) shall be unique.") { root in
            repeatedFilenames(root.children("AdditionalDocumentReference").map { select($0, ["Attachment", "EmbeddedDocumentBinaryObject"]) })
        },
        kosit("BR-DE-22", .cii, "The filename attribute of every attached document (BT-125) shall be unique.") { root in
            // //ram:AdditionalReferencedDocument, its preceding siblings: per parent.
            root.all.flatMap { parent in repeatedFilenames(parent.children("AdditionalReferencedDocument").map { $0.children("AttachmentBinaryObject") }) }
        },
        // /ubl:Invoice/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = ('30','58')]: cac:PayeeFinancialAccount;
        // not(cac:CardAccount) and not(cac:PaymentMandate). CII: SpecifiedTradeSettlementPaymentMeans[ram:TypeCode ...]
        kosit("BR-DE-23-a", .ubl, "A credit transfer (BT-81 30 or 58) shall give the credit transfer (BG-17).") { root in
            ublMeans(root, ["30", "58"]).filter { $0.child("PayeeFinancialAccount") == nil }
        },
        kosit("BR-DE-23-a", .cii, "A credit transfer (BT-81 30 or 58) shall give the credit transfer (BG-17).") { root in
            ciiMeans(root, ["30", "58"]).filter { $0.child("PayeePartyCreditorFinancialAccount") == nil }
        },
        kosit("BR-DE-23-b", .ubl, "A credit transfer (BT-81 30 or 58) shall not give a payment card (BG-18) or a direct debit (BG-19).") { root in
            ublMeans(root, ["30", "58"]).filter { $0.child("CardAccount") != nil || $0.child("PaymentMandate") != nil }
        },
        kosit("BR-DE-23-b", .cii, "A credit transfer (BT-81 30 or 58) shall not give a payment card (BG-18) or a direct debit (BG-19).") { root in
            ciiMeans(root, ["30", "58"]).filter { $0.child("ApplicableTradeSettlementFinancialCard") != nil || ciiDirectDebit(root, $0) }
        },
        kosit("BR-DE-24-a", .ubl, "A card payment (BT-81 48, 54 or 55) shall give the payment card (BG-18).") { root in
            ublMeans(root, ["48", "54", "55"]).filter { $0.child("CardAccount") == nil }
        },
        kosit("BR-DE-24-a", .cii, "A card payment (BT-81 48, 54 or 55) shall give the payment card (BG-18).") { root in
            ciiMeans(root, ["48", "54", "55"]).filter { $0.child("ApplicableTradeSettlementFinancialCard") == nil }
        },
        kosit("BR-DE-24-b", .ubl, "A card payment (BT-81 48, 54 or 55) shall not give a credit transfer (BG-17) or a direct debit (BG-19).") { root in
            ublMeans(root, ["48", "54", "55"]).filter { $0.child("PayeeFinancialAccount") != nil || $0.child("PaymentMandate") != nil }
        },
        kosit("BR-DE-24-b", .cii, "A card payment (BT-81 48, 54 or 55) shall not give a credit transfer (BG-17) or a direct debit (BG-19).") { root in
            ciiMeans(root, ["48", "54", "55"]).filter { $0.child("PayeePartyCreditorFinancialAccount") != nil || ciiDirectDebit(root, $0) }
        },
        kosit("BR-DE-25-a", .ubl, "A direct debit (BT-81 59) shall give the direct debit (BG-19).") { root in
            ublMeans(root, ["59"]).filter { $0.child("PaymentMandate") == nil }
        },
        kosit("BR-DE-25-a", .cii, "A direct debit (BT-81 59) shall give the direct debit (BG-19).") { root in
            ciiMeans(root, ["59"]).filter { !ciiDirectDebit(root, $0) }
        },
        kosit("BR-DE-25-b", .ubl, "A direct debit (BT-81 59) shall not give a credit transfer (BG-17) or a payment card (BG-18).") { root in
            ublMeans(root, ["59"]).filter { $0.child("PayeeFinancialAccount") != nil || $0.child("CardAccount") != nil }
        },
        kosit("BR-DE-25-b", .cii, "A direct debit (BT-81 59) shall not give a credit transfer (BG-17) or a payment card (BG-18).") { root in
            ciiMeans(root, ["59"]).filter { means in
                ["PayeePartyCreditorFinancialAccount", "PayeeSpecifiedCreditorFinancialInstitution", "PayerSpecifiedDebtorFinancialInstitution",
                 "ApplicableTradeSettlementFinancialCard"].contains { means.child($0) != nil }
            }
        },
        // /ubl:Invoice: not(cac:PaymentMeans/cac:PaymentMandate) or a seller's or payee's PartyIdentification/ID[@schemeID='SEPA'];
        // CII: (($BT-89 or $BT-91) and $BT-90) or not(exists(($BT-89, $BT-90, $BT-91)))
        kosit("BR-DE-30", .ubl, "A direct debit (BG-19) shall give the bank assigned creditor identifier (BT-90).") { root in
            guard !select(root, ["PaymentMeans", "PaymentMandate"]).isEmpty else { return [] }
            let sepa = (select(root, ["AccountingSupplierParty", "Party", "PartyIdentification", "ID"]) + select(root, ["PayeeParty", "PartyIdentification", "ID"]))
                .contains { $0.attributes["schemeID"] == "SEPA" }
            return sepa ? [] : [root]
        },
        kosit("BR-DE-30", .cii, "A direct debit (BG-19) shall give the bank assigned creditor identifier (BT-90).") { root in
            let (mandate, creditor, debtor) = ciiDirectDebitParts(root)
            return mandate || creditor || debtor ? ((mandate || debtor) && creditor ? [] : [root]) : []
        },
        kosit("BR-DE-31", .ubl, "A direct debit (BG-19) shall give the debited account identifier (BT-91).") { root in
            guard !select(root, ["PaymentMeans", "PaymentMandate"]).isEmpty else { return [] }
            return select(root, ["PaymentMeans", "PaymentMandate", "PayerFinancialAccount", "ID"]).isEmpty ? [root] : []
        },
        kosit("BR-DE-31", .cii, "A direct debit (BG-19) shall give the debited account identifier (BT-91).") { root in
            let (mandate, creditor, debtor) = ciiDirectDebitParts(root)
            return mandate || creditor || debtor ? ((mandate || creditor) && debtor ? [] : [root]) : []
        },
    ]

    static func settlement(_ root: XElement) -> [XElement] {
        root.children("SupplyChainTradeTransaction").flatMap { $0.children("ApplicableHeaderTradeSettlement") }
    }

    static func shipTo(_ root: XElement) -> [XElement] {
        select(root, ["SupplyChainTradeTransaction", "ApplicableHeaderTradeDelivery", "ShipToTradeParty", "PostalTradeAddress"])
    }

    /// `/*/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = codes]`.
    static func ublMeans(_ root: XElement, _ codes: Set<String>) -> [XElement] {
        root.children("PaymentMeans").filter { codes.contains(normalizedValue($0, ["PaymentMeansCode"])) }
    }

    static func ciiMeans(_ root: XElement, _ codes: Set<String>) -> [XElement] {
        settlement(root).flatMap { $0.children("SpecifiedTradeSettlementPaymentMeans") }.filter { codes.contains(normalizedValue($0, ["TypeCode"])) }
    }

    /// BT-89 (the mandate), BT-90 (the creditor id), BT-91 (the debited IBAN) in CII, as KoSIT's lets read them.
    static func ciiDirectDebitParts(_ root: XElement) -> (Bool, Bool, Bool) {
        let settlements = settlement(root)
        return (settlements.contains { !select($0, ["SpecifiedTradePaymentTerms", "DirectDebitMandateID"]).isEmpty },
                settlements.contains { $0.child("CreditorReferenceID") != nil },
                settlements.contains { !select($0, ["SpecifiedTradeSettlementPaymentMeans", "PayerPartyDebtorFinancialAccount", "IBANID"]).isEmpty })
    }

    /// A direct debit for one CII payment means: the document's mandate or creditor id, or the means' debited IBAN.
    static func ciiDirectDebit(_ root: XElement, _ means: XElement) -> Bool {
        let (mandate, creditor, _) = ciiDirectDebitParts(root)
        return mandate || creditor || !select(means, ["PayerPartyDebtorFinancialAccount", "IBANID"]).isEmpty
    }

    /// The attachments (each reference's binary objects) whose file name an earlier reference's has.
    static func repeatedFilenames(_ references: [[XElement]]) -> [XElement] {
        var seen: Set<String> = []
        var repeated: [XElement] = []
        for objects in references {
            let names = objects.compactMap { $0.attributes["filename"] }
            if let object = objects.first, names.contains(where: seen.contains) { repeated.append(object) }
            seen.formUnion(names)
        }
        return repeated
    }
}
