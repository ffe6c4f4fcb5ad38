import InvoicXML

/// EN 16931's conditions that the document model does not keep apart, checked on the XML as CEN's
/// artefacts check them (UBL: CEN's UBL schematron; CII: the Factur-X EN 16931 schematron, which
/// carries CEN's CII rules), one row per rule and syntax, each citing CEN's context and test:
/// BR-CO-03 (a tax point date or its code, not both), BR-CO-04 (each line's VAT category),
/// BR-CO-09 (a VAT id starts with a country prefix), BR-CO-18 (a VAT breakdown), BR-CO-19 and 20
/// (a period has a start or an end), BR-B-01 and 02 (Italy's split payment), and BR-51 (flagged
/// `warning` by CEN's UBL artefact, fatal by the Factur-X one: a card number shows at most its last
/// ten digits), BR-CL-17 and BR-CL-18 (UBL's tax category codes, a group's or allowance's and a line's). BR-CO-05 to 08 are not rows: CEN's test is
/// `true()`, so they never fire.
extension SyntaxRule {
    static let conditions: [SyntaxRule] = [
        // /ubl:Invoice: not(cbc:TaxPointDate and cac:InvoicePeriod/cbc:DescriptionCode)
        row("BR-CO-03", .ubl, "Value added tax point date (BT-7) and Value added tax point date code (BT-8) are mutually exclusive.") { root in
            root.child("TaxPointDate") != nil && !select(root, ["InvoicePeriod", "DescriptionCode"]).isEmpty ? [root] : []
        },
        // //ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax: not(ram:TaxPointDate and ram:DueDateTypeCode)
        row("BR-CO-03", .cii, "Value added tax point date (BT-7) and Value added tax point date code (BT-8) are mutually exclusive.") { root in
            named(root, "ApplicableHeaderTradeSettlement").flatMap { $0.children("ApplicableTradeTax") }
                .filter { $0.child("TaxPointDate") != nil && $0.child("DueDateTypeCode") != nil }
        },
        // cac:InvoiceLine | cac:CreditNoteLine: cac:Item/cac:ClassifiedTaxCategory[cac:TaxScheme/(normalize-space(upper-case(cbc:ID))='VAT')]/cbc:ID
        row("BR-CO-04", .ubl, "Each Invoice line (BG-25) shall be categorized with an Invoiced item VAT category code (BT-151).") { root in
            lines(root).filter { vat(select($0, ["Item", "ClassifiedTaxCategory"])).flatMap { $0.children("ID") }.isEmpty }
        },
        // //ram:IncludedSupplyChainTradeLineItem: ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax[upper-case(ram:TypeCode) = 'VAT']/ram:CategoryCode
        row("BR-CO-04", .cii, "Each Invoice line (BG-25) shall be categorized with an Invoiced item VAT category code (BT-151).") { root in
            named(root, "IncludedSupplyChainTradeLineItem").filter { item in
                !select(item, ["SpecifiedLineTradeSettlement", "ApplicableTradeTax"])
                    .contains { tax in tax.children("TypeCode").contains { $0.text.uppercased() == "VAT" } && tax.child("CategoryCode") != nil }
            }
        },
        // //cac:PartyTaxScheme[cac:TaxScheme/normalize-space(upper-case(cbc:ID))='VAT']:
        // contains(' 1A AD ... ', substring(cbc:CompanyID, 1, 2)) (a containment in the list's text)
        row("BR-CO-09", .ubl, "The Seller VAT identifier (BT-31), the Seller tax representative VAT identifier (BT-63) and the Buyer VAT identifier (BT-48) shall have a prefix in accordance with ISO code ISO 3166-1 alpha-2 by which the country of issue may be identified. Nevertheless, Greece may use the prefix 'EL'.") { root in
            let list = " " + (CodeLists.written["BR-CO-09"] ?? "") + " "
            return vat(named(root, "PartyTaxScheme")).filter { scheme in
                // XPath's contains(list, '') is true: a scheme without its id is UBL-SR-53's.
                let prefix = String((scheme.child("CompanyID")?.text ?? "").prefix(2))
                return !prefix.isEmpty && !list.contains(prefix)
            }
        },
        // //ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']: contains(' 1A AD ... ', concat(' ', substring(., 1, 2), ' '))
        row("BR-CO-09", .cii, "The Seller VAT identifier (BT-31), the Seller tax representative VAT identifier (BT-63) and the Buyer VAT identifier (BT-48) shall have a prefix in accordance with ISO code ISO 3166-1 alpha-2 by which the country of issue may be identified. Nevertheless, Greece may use the prefix 'EL'.") { root in
            let codes = CodeLists.lists["BR-CO-09 cii"] ?? []
            return named(root, "SpecifiedTaxRegistration").flatMap { $0.children("ID") }
                .filter { $0.attributes["schemeID"] == "VA" && !codes.contains(String($0.text.prefix(2))) }
        },
        // /ubl:Invoice: exists(cac:TaxTotal/cac:TaxSubtotal)
        row("BR-CO-18", .ubl, "An Invoice shall at least have one VAT breakdown group (BG-23).") { root in
            select(root, ["TaxTotal", "TaxSubtotal"]).isEmpty ? [root] : []
        },
        // //rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement: ram:ApplicableTradeTax
        row("BR-CO-18", .cii, "An Invoice shall at least have one VAT breakdown group (BG-23).") { root in
            named(root, "SupplyChainTradeTransaction").flatMap { $0.children("ApplicableHeaderTradeSettlement") }.filter { $0.child("ApplicableTradeTax") == nil }
        },
        // cac:InvoicePeriod (the document's: a line's is BR-CO-20's, whose template takes it first):
        // exists(cbc:StartDate) or exists(cbc:EndDate) or exists(cbc:DescriptionCode)
        row("BR-CO-19", .ubl, "If Invoicing period (BG-14) is used, the Invoicing period start date (BT-73) or the Invoicing period end date (BT-74) shall be filled, or both.") { root in
            root.children("InvoicePeriod").filter { period in ["StartDate", "EndDate", "DescriptionCode"].allSatisfy { period.child($0) == nil } }
        },
        // //ram:ApplicableHeaderTradeSettlement/ram:BillingSpecifiedPeriod: (ram:StartDateTime) or (ram:EndDateTime)
        row("BR-CO-19", .cii, "If Invoicing period (BG-14) is used, the Invoicing period start date (BT-73) or the Invoicing period end date (BT-74) shall be filled, or both.") { root in
            periodsWithoutDates(named(root, "ApplicableHeaderTradeSettlement").flatMap { $0.children("BillingSpecifiedPeriod") })
        },
        // cac:InvoiceLine/cac:InvoicePeriod | cac:CreditNoteLine/cac:InvoicePeriod: exists(cbc:StartDate) or exists(cbc:EndDate)
        row("BR-CO-20", .ubl, "If Invoice line period (BG-26) is used, the Invoice line period start date (BT-134) or the Invoice line period end date (BT-135) shall be filled, or both.") { root in
            lines(root).flatMap { $0.children("InvoicePeriod") }.filter { $0.child("StartDate") == nil && $0.child("EndDate") == nil }
        },
        // //ram:SpecifiedLineTradeSettlement/ram:BillingSpecifiedPeriod
        row("BR-CO-20", .cii, "If Invoice line period (BG-26) is used, the Invoice line period start date (BT-134) or the Invoice line period end date (BT-135) shall be filled, or both.") { root in
            periodsWithoutDates(named(root, "SpecifiedLineTradeSettlement").flatMap { $0.children("BillingSpecifiedPeriod") })
        },
        // /ubl:Invoice: (not(//cbc:IdentificationCode != 'IT') and B somewhere) or not(B somewhere)
        row("BR-B-01", .ubl, "An Invoice where the VAT category code (BT-151, BT-95 or BT-102) is 'Split payment' shall be a domestic Italian invoice.") { root in
            let split = named(root, "TaxCategory").flatMap { $0.children("ID") }.contains { $0.text == "B" }
                || named(root, "ClassifiedTaxCategory").flatMap { $0.children("ID") }.contains { $0.text == "B" }
            return split && named(root, "IdentificationCode").contains { $0.text != "IT" } ? [root] : []
        },
        // /rsm:CrossIndustryInvoice: (not(//ram:CountryID != 'IT') and //ram:CategoryCode = 'B') or not(//ram:CategoryCode = 'B')
        row("BR-B-01", .cii, "An Invoice where the VAT category code (BT-151, BT-95 or BT-102) is 'Split payment' shall be a domestic Italian invoice.") { root in
            named(root, "CategoryCode").contains { $0.text == "B" } && named(root, "CountryID").contains { $0.text != "IT" } ? [root] : []
        },
        // /ubl:Invoice: (B in the breakdown, the document allowances or any line, and no S there) or no B there
        row("BR-B-02", .ubl, "An Invoice that contains an item, an allowance, or a charge at document level, where the VAT category code (BT-151, BT-95 or BT-102) is 'Split payment' shall not contain an invoice line (BG-25), a document level allowance (BG-20) or a document level charge (BG-21) where the VAT category code (BT-151, BT-95 or BT-102) is 'Standard rated'.") { root in
            let codes = (select(root, ["TaxTotal", "TaxSubtotal", "TaxCategory", "ID"]) + select(root, ["AllowanceCharge", "TaxCategory", "ID"])
                + named(root, "ClassifiedTaxCategory").flatMap { $0.children("ID") }).map(\.text)
            return codes.contains("B") && codes.contains("S") ? [root] : []
        },
        // /rsm:CrossIndustryInvoice: (//ram:CategoryCode = 'B' and not(//ram:CategoryCode = 'S')) or not(//ram:CategoryCode = 'B')
        row("BR-B-02", .cii, "An Invoice that contains an item, an allowance, or a charge at document level, where the VAT category code (BT-151, BT-95 or BT-102) is 'Split payment' shall not contain an invoice line (BG-25), a document level allowance (BG-20) or a document level charge (BG-21) where the VAT category code (BT-151, BT-95 or BT-102) is 'Standard rated'.") { root in
            let codes = named(root, "CategoryCode").map(\.text)
            return codes.contains("B") && codes.contains("S") ? [root] : []
        },
        // cac:TaxCategory/cbc:ID (a tax group's, an allowance's or a charge's): ' AE L M E S Z G O K B '.
        row("BR-CL-17", .ubl, "Invoice tax categories MUST be coded using UNCL5305 code list") { root in
            named(root, "TaxCategory").flatMap { $0.children("ID") }.filter { !CategoryRules.codeList.contains(normalized($0.text)) }
        },
        // cac:ClassifiedTaxCategory/cbc:ID (a line's): the same list. (CII has neither: the Factur-X
        // schematron checks its category codes as FX-SCH-A-000587 and 000619, FacturXRule's rows.)
        row("BR-CL-18", .ubl, "Invoice tax categories MUST be coded using UNCL5305 code list") { root in
            named(root, "ClassifiedTaxCategory").flatMap { $0.children("ID") }.filter { !CategoryRules.codeList.contains(normalized($0.text)) }
        },
        // cac:PaymentMeans/cac:CardAccount/cbc:PrimaryAccountNumberID: string-length(normalize-space(.)) <= 10 (warning)
        SyntaxRule(id: "BR-51", severity: .warning, syntax: .ubl, text: "In accordance with card payments security standards an invoice should never include a full card primary account number (BT-87). At the moment PCI Security Standards Council has defined that the first 6 digits and last 4 digits are the maximum number of digits to be shown.") { root in
            select(root, ["PaymentMeans", "CardAccount", "PrimaryAccountNumberID"]).filter { normalized($0.text).count > 10 }
        },
        // //ram:ApplicableTradeSettlementFinancialCard: string-length(normalize-space(ram:ID)) <= 10 (fatal there)
        row("BR-51", .cii, "In accordance with card payments security standards an invoice should never include a full card primary account number (BT-87). At the moment PCI Security Standards Council has defined that the first 6 digits and last 4 digits are the maximum number of digits to be shown.") { root in
            named(root, "ApplicableTradeSettlementFinancialCard").filter { normalizedValue($0, ["ID"]).count > 10 }
        },
    ]

    static func periodsWithoutDates(_ periods: [XElement]) -> [XElement] {
        periods.filter { $0.child("StartDateTime") == nil && $0.child("EndDateTime") == nil }
    }
}
