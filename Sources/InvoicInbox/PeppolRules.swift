import InvoicXML

/// Peppol BIS Billing 3.0's own rules (PEPPOL-EN16931-*, `PEPPOL-EN16931-UBL.sch` and
/// `PEPPOL-EN16931-CII.sch` of OpenPEPPOL/peppol-bis-invoice-3 v3.0.19), for documents whose BT-24
/// claims Peppol BIS 3 (`urn:fdc:peppol.eu:2017:poacc:billing:3.0`); all fatal in the artefact.
/// The code lists (CL001 to CL008) are CodeLists.swift, generated from the rules' source by
/// scripts/en16931-code-lists.py. Each row cites the rule's context and test. R120 (the line net
/// is quantity times price plus charges less allowances, within 0.02) is computed exactly, without
/// the division (both sides times the base quantity). Not here: R040 (the allowance from base and
/// percentage), R046 (the price from gross and discount), R055 (the signs of the two tax totals),
/// the rules of PEPPOL-EN16931-CII.sch but R001, R003, R010, R020 and CL008 (invoic's Peppol
/// documents are UBL), and the national rules of the same artefact (DK-, NO-, SE-, IT-, GR-, IS-,
/// NL-R-*).
extension SyntaxRule {
    static let peppolClaim = "urn:fdc:peppol.eu:2017:poacc:billing:3.0"

    static func peppol(_ id: String, _ syntax: Syntax, _ text: String, _ broken: @escaping @Sendable (XElement) -> [XElement]) -> SyntaxRule {
        SyntaxRule(id: id, severity: .fatal, syntax: syntax, text: text, broken: broken, claim: peppolClaim)
    }

    /// A Peppol code-list row: every element `elements` finds has a `value` in the list of `id`.
    static func peppolList(_ id: String, _ syntax: Syntax, _ text: String, elements: @escaping @Sendable (XElement) -> [XElement],
                           value: @escaping @Sendable (XElement) -> String) -> SyntaxRule {
        let codes = CodeLists.lists[id] ?? []
        return peppol(id, syntax, text) { root in elements(root).filter { !codes.contains(value($0)) } }
    }

    /// `$profile`: the NN of `urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0` in the ProfileID, else nil ('Unknown').
    static func peppolProfile(_ root: XElement) -> String? {
        guard let profile = root.child("ProfileID").map({ normalized($0.text) }),
              let match = profile.firstMatch(of: #/urn:fdc:peppol.eu:2017:poacc:billing:([0-9]{2}):1.0/#) else { return nil }
        return String(match.1)
    }

    /// `$supplierCountryIsDE and $customerCountryIsDE`: both parties' address countries are DE.
    static func bothGerman(_ root: XElement) -> Bool {
        ["AccountingSupplierParty", "AccountingCustomerParty"].allSatisfy { party in
            select(root, [party, "Party", "PostalAddress", "Country", "IdentificationCode"]).first.map { normalized($0.text).uppercased() } == "DE"
        }
    }

    /// xs:date's lexical form of ten characters (`YYYY-MM-DD`) naming a real day.
    static func isDate(_ text: String) -> Bool {
        guard text.count == 10, let match = text.wholeMatch(of: #/([0-9]{4})-([0-9]{2})-([0-9]{2})/#),
              let year = Int(match.1), let month = Int(match.2), let day = Int(match.3), (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }

    /// Document and line allowances and charges (`/*/cac:AllowanceCharge | /*/cac:InvoiceLine/cac:AllowanceCharge`).
    static func allowanceCharges(_ root: XElement) -> [XElement] {
        root.children("AllowanceCharge") + lines(root).flatMap { $0.children("AllowanceCharge") }
    }

    static let peppolRules: [SyntaxRule] = [
        // ubl-creditnote:CreditNote | ubl-invoice:Invoice: cbc:ProfileID
        peppol("PEPPOL-EN16931-R001", .ubl, "Business process MUST be provided.") { root in root.child("ProfileID") == nil ? [root] : [] },
        peppol("PEPPOL-EN16931-R007", .ubl, "Business process MUST be in the format 'urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0' where NN indicates the process number.") { root in
            peppolProfile(root) == nil ? [root] : []
        },
        // count(cbc:Note) <= 1 or ($supplierCountryIsDE and $customerCountryIsDE)
        peppol("PEPPOL-EN16931-R002", .ubl, "No more than one note is allowed on document level, unless both the buyer and seller are German organizations.") { root in
            root.children("Note").count > 1 && !bothGerman(root) ? [root] : []
        },
        // cbc:BuyerReference or cac:OrderReference/cbc:ID
        peppol("PEPPOL-EN16931-R003", .ubl, "A buyer reference or purchase order reference MUST be provided.") { root in
            root.child("BuyerReference") == nil && select(root, ["OrderReference", "ID"]).isEmpty ? [root] : []
        },
        peppol("PEPPOL-EN16931-R004", .ubl, "Specification identifier MUST have the value 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0'.") { root in
            normalizedValue(root, ["CustomizationID"]).hasPrefix("urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0") ? [] : [root]
        },
        // count(cac:TaxTotal[cac:TaxSubtotal]) = 1
        peppol("PEPPOL-EN16931-R053", .ubl, "Only one tax total with tax subtotals MUST be provided.") { root in
            root.children("TaxTotal").filter { $0.child("TaxSubtotal") != nil }.count == 1 ? [] : [root]
        },
        // count(cac:TaxTotal[not(cac:TaxSubtotal)]) = (if (cbc:TaxCurrencyCode) then 1 else 0)
        peppol("PEPPOL-EN16931-R054", .ubl, "Only one tax total without tax subtotals MUST be provided when tax currency code is provided.") { root in
            root.children("TaxTotal").filter { $0.child("TaxSubtotal") == nil }.count == (root.child("TaxCurrencyCode") == nil ? 0 : 1) ? [] : [root]
        },
        // cbc:TaxCurrencyCode: not(normalize-space(text()) = normalize-space(../cbc:DocumentCurrencyCode/text()))
        peppol("PEPPOL-EN16931-R005", .ubl, "VAT accounting currency code MUST be different from invoice currency code when provided.") { root in
            root.children("TaxCurrencyCode").filter { normalized($0.text) == normalizedValue(root, ["DocumentCurrencyCode"]) }
        },
        // cac:AccountingCustomerParty/cac:Party: cbc:EndpointID; cac:AccountingSupplierParty/cac:Party likewise
        peppol("PEPPOL-EN16931-R010", .ubl, "Buyer electronic address MUST be provided") { root in
            named(root, "AccountingCustomerParty").flatMap { $0.children("Party") }.filter { $0.child("EndpointID") == nil }
        },
        peppol("PEPPOL-EN16931-R020", .ubl, "Seller electronic address MUST be provided") { root in
            named(root, "AccountingSupplierParty").flatMap { $0.children("Party") }.filter { $0.child("EndpointID") == nil }
        },
        // /*/cac:AllowanceCharge[cbc:MultiplierFactorNumeric and not(cbc:BaseAmount)] (and the lines'): false()
        peppol("PEPPOL-EN16931-R041", .ubl, "Allowance/charge base amount MUST be provided when allowance/charge percentage is provided.") { root in
            allowanceCharges(root).filter { $0.child("MultiplierFactorNumeric") != nil && $0.child("BaseAmount") == nil }
        },
        peppol("PEPPOL-EN16931-R042", .ubl, "Allowance/charge percentage MUST be provided when allowance/charge base amount is provided.") { root in
            allowanceCharges(root).filter { $0.child("MultiplierFactorNumeric") == nil && $0.child("BaseAmount") != nil }
        },
        // normalize-space(cbc:ChargeIndicator/text()) = 'true' or ... = 'false', on the allowances and
        // charges R041's and R042's rules (earlier in the same pattern, so they take the node) leave.
        peppol("PEPPOL-EN16931-R043", .ubl, "Allowance/charge ChargeIndicator value MUST equal 'true' or 'false'") { root in
            allowanceCharges(root).filter {
                ($0.child("MultiplierFactorNumeric") == nil) == ($0.child("BaseAmount") == nil) && !["true", "false"].contains(normalizedValue($0, ["ChargeIndicator"]))
            }
        },
        // cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = 49 or 59]: cac:PaymentMandate/cbc:ID
        peppol("PEPPOL-EN16931-R061", .ubl, "Mandate reference MUST be provided for direct debit.") { root in
            named(root, "PaymentMeans").filter { ["49", "59"].contains(normalizedValue($0, ["PaymentMeansCode"])) && select($0, ["PaymentMandate", "ID"]).isEmpty }
        },
        // the amounts (BT-111 aside): @currencyID = /*/cbc:DocumentCurrencyCode
        peppol("PEPPOL-EN16931-R051", .ubl, "All currencyID attributes must have the same value as the invoice currency code (BT-5), except for the invoice total VAT amount in accounting currency (BT-111).") { root in
            let currency = root.children("DocumentCurrencyCode").map(\.text)
            var amounts = root.all.filter { amountNames.contains($0.name) && $0.name != "TaxAmount" }
            amounts += root.all.filter { $0.name == "TaxTotal" && $0.child("TaxSubtotal") != nil }.flatMap { $0.children("TaxAmount") }
            amounts += named(root, "TaxSubtotal").flatMap { $0.children("TaxAmount") }
            return amounts.filter { amount in !currency.contains { $0 == amount.attributes["currencyID"] } }
        },
        // /*[cac:InvoicePeriod/cbc:StartDate]/cac:InvoiceLine/cac:InvoicePeriod/cbc:StartDate: >= the document's
        peppol("PEPPOL-EN16931-R110", .ubl, "Start date of line period MUST be within invoice period.") { root in
            guard let start = select(root, ["InvoicePeriod", "StartDate"]).first?.text, isDate(start) else { return [] }
            return lines(root).flatMap { select($0, ["InvoicePeriod", "StartDate"]) }.filter { isDate($0.text) && $0.text < start }
        },
        peppol("PEPPOL-EN16931-R111", .ubl, "End date of line period MUST be within invoice period.") { root in
            guard let end = select(root, ["InvoicePeriod", "EndDate"]).first?.text, isDate(end) else { return [] }
            return lines(root).flatMap { select($0, ["InvoicePeriod", "EndDate"]) }.filter { isDate($0.text) && $0.text > end }
        },
        // cac:InvoiceLine | cac:CreditNoteLine: u:slack($lineExtensionAmount, ($quantity * ($priceAmount div $baseQuantity))
        // + $chargesTotal - $allowancesTotal, 0.02), each absent value read as the artefact's lets read it
        peppol("PEPPOL-EN16931-R120", .ubl, "Invoice line net amount MUST equal (Invoiced quantity * (Item net price/item price base quantity) + Sum of invoice line charge amount - sum of invoice line allowance amount") { root in
            lines(root).filter { lineNetIsOff($0, creditNote: root.name == "CreditNote") == true }
        },
        // cac:InvoiceLine | cac:CreditNoteLine: count(cac:DocumentReference) <= 1;
        // not(cac:DocumentReference) or cac:DocumentReference/cbc:DocumentTypeCode='130'
        peppol("PEPPOL-EN16931-R100", .ubl, "Only one invoiced object is allowed pr line") { root in
            lines(root).filter { $0.children("DocumentReference").count > 1 }
        },
        peppol("PEPPOL-EN16931-R101", .ubl, "Element Document reference can only be used for Invoice line object") { root in
            lines(root).filter { line in
                !line.children("DocumentReference").isEmpty && !line.children("DocumentReference").contains { hasValue($0, "DocumentTypeCode", "130") }
            }
        },
        // not(cac:Price/cbc:BaseQuantity) or xs:decimal(cac:Price/cbc:BaseQuantity) > 0
        peppol("PEPPOL-EN16931-R121", .ubl, "Base quantity MUST be a positive number above zero.") { root in
            lines(root).filter { line in
                select(line, ["Price", "BaseQuantity"]).contains { quantity in
                    let text = normalized(quantity.text)
                    return text.hasPrefix("-") || !text.contains(where: { ("1"..."9").contains($0) }) || text.wholeMatch(of: #/[+]?[0-9]*\.?[0-9]*/#) == nil
                }
            }
        },
        // cac:Price/cac:AllowanceCharge: normalize-space(cbc:ChargeIndicator) = 'false'
        peppol("PEPPOL-EN16931-R044", .ubl, "Charge on price level is NOT allowed. Only value 'false' allowed.") { root in
            named(root, "Price").flatMap { $0.children("AllowanceCharge") }.filter { normalizedValue($0, ["ChargeIndicator"]) != "false" }
        },
        // cac:Price/cbc:BaseQuantity[@unitCode]: not($hasQuantity) or @unitCode = $quantity/@unitCode
        peppol("PEPPOL-EN16931-R130", .ubl, "Unit code of price base quantity MUST be same as invoiced quantity.") { root in
            lines(root).flatMap { line -> [XElement] in
                let quantities = line.children("InvoicedQuantity") + line.children("CreditedQuantity")
                guard !quantities.isEmpty else { return [] }
                return select(line, ["Price", "BaseQuantity"]).filter { base in
                    base.attributes["unitCode"] != nil && !quantities.contains { $0.attributes["unitCode"] == base.attributes["unitCode"] }
                }
            }
        },
        // ubl-creditnote:CreditNote: count(cac:AdditionalDocumentReference[cbc:DocumentTypeCode='50']) <= 1
        peppol("PEPPOL-EN16931-R080", .ubl, "Only one project reference is allowed on document level") { root in
            root.name == "CreditNote" && root.children("AdditionalDocumentReference").filter { hasValue($0, "DocumentTypeCode", "50") }.count > 1 ? [root] : []
        },
        // //*[not(*) and not(normalize-space())]: false()
        peppol("PEPPOL-EN16931-R008", .ubl, "Document MUST not contain empty elements.") { root in
            root.all.filter { $0.elements.isEmpty && normalized($0.text).isEmpty }
        },
        // cbc:InvoiceTypeCode: $profile != '01' or in the profile's list; 326 and 384 only between German parties
        peppol("PEPPOL-EN16931-P0100", .ubl, "Invoice type code MUST be set according to the profile.") { root in
            guard peppolProfile(root) == "01" else { return [] }
            let codes: Set = ["71", "80", "82", "84", "102", "218", "219", "326", "331", "380", "382", "383", "384", "386", "388", "393", "395",
                              "553", "575", "623", "780", "817", "870", "875", "876", "877"]
            return named(root, "InvoiceTypeCode").filter { !codes.contains(normalized($0.text)) }
        },
        peppol("PEPPOL-EN16931-P0101", .ubl, "Credit note type code MUST be set according to the profile.") { root in
            guard peppolProfile(root) == "01" else { return [] }
            return named(root, "CreditNoteTypeCode").filter { !["381", "396", "81", "83", "532"].contains(normalized($0.text)) }
        },
        peppol("PEPPOL-EN16931-P0112", .ubl, "Invoice type code 326 or 384 are only allowed when both buyer and seller are German organizations") { root in
            named(root, "InvoiceTypeCode").filter { ["326", "384"].contains(normalized($0.text)) && !bothGerman(root) }
        },
        // cac:TaxCategory[upper-case(cbc:TaxExemptionReasonCode)='VATEX-EU-X']: normalize-space(cbc:ID) = the category
        exemption("PEPPOL-EN16931-P0104", "VATEX-EU-G", "G"), exemption("PEPPOL-EN16931-P0105", "VATEX-EU-O", "O"),
        exemption("PEPPOL-EN16931-P0106", "VATEX-EU-IC", "K"), exemption("PEPPOL-EN16931-P0107", "VATEX-EU-AE", "AE"),
        exemption("PEPPOL-EN16931-P0108", "VATEX-EU-D", "E"), exemption("PEPPOL-EN16931-P0109", "VATEX-EU-F", "E"),
        exemption("PEPPOL-EN16931-P0110", "VATEX-EU-I", "E"), exemption("PEPPOL-EN16931-P0111", "VATEX-EU-J", "E"),
        // cbc:IssueDate | cbc:DueDate | cbc:TaxPointDate | cbc:StartDate | cbc:EndDate | cbc:ActualDeliveryDate
        peppol("PEPPOL-EN16931-F001", .ubl, "A date MUST be formatted YYYY-MM-DD.") { root in
            root.all.filter { ["IssueDate", "DueDate", "TaxPointDate", "StartDate", "EndDate", "ActualDeliveryDate"].contains($0.name) && !isDate($0.text) }
        },
        // The restricted code lists.
        peppolList("PEPPOL-EN16931-CL001", .ubl, "Mime code must be according to subset of IANA code list.",
                   elements: { root in named(root, "EmbeddedDocumentBinaryObject").filter { $0.attributes["mimeCode"] != nil } },
                   value: { $0.attributes["mimeCode"] ?? "" }),
        // cac:AllowanceCharge[cbc:ChargeIndicator = 'false']/cbc:AllowanceChargeReasonCode (the text, not a boolean)
        peppolList("PEPPOL-EN16931-CL002", .ubl, "Reason code MUST be according to subset of UNCL 5189 D.16B.",
                   elements: { root in named(root, "AllowanceCharge").filter { hasValue($0, "ChargeIndicator", "false") }.flatMap { $0.children("AllowanceChargeReasonCode") } },
                   value: { normalized($0.text) }),
        peppolList("PEPPOL-EN16931-CL003", .ubl, "Reason code MUST be according to UNCL 7161 D.16B.",
                   elements: { root in named(root, "AllowanceCharge").filter { hasValue($0, "ChargeIndicator", "true") }.flatMap { $0.children("AllowanceChargeReasonCode") } },
                   value: { normalized($0.text) }),
        peppolList("PEPPOL-EN16931-CL006", .ubl, "Invoice period description code must be according to UNCL 2005 D.16B.",
                   elements: { root in named(root, "InvoicePeriod").flatMap { $0.children("DescriptionCode") } }, value: { normalized($0.text) }),
        peppolList("PEPPOL-EN16931-CL007", .ubl, "Currency code must be according to ISO 4217:2005",
                   elements: { root in root.all.filter { amountNames.contains($0.name) } }, value: { $0.attributes["currencyID"] ?? "" }),
        // cbc:EndpointID[@schemeID]: the Electronic Address Scheme list, compared as written
        peppolList("PEPPOL-EN16931-CL008", .ubl, "Electronic address identifier scheme must be from the codelist \"Electronic Address Identifier Scheme\"",
                   elements: { root in named(root, "EndpointID").filter { $0.attributes["schemeID"] != nil } }, value: { $0.attributes["schemeID"] ?? "" }),

        // CII (PEPPOL-EN16931-CII.sch): the electronic addresses, the references, the process.
        // rsm:ExchangedDocumentContext: ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID
        peppol("PEPPOL-EN16931-R001", .cii, "Business process MUST be provided.") { root in
            root.children("ExchangedDocumentContext").filter { select($0, ["BusinessProcessSpecifiedDocumentContextParameter", "ID"]).isEmpty }
        },
        // ram:ApplicableHeaderTradeAgreement: ram:BuyerReference or ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID
        peppol("PEPPOL-EN16931-R003", .cii, "A buyer reference or purchase order reference MUST be provided.") { root in
            named(root, "ApplicableHeaderTradeAgreement").filter { $0.child("BuyerReference") == nil && select($0, ["BuyerOrderReferencedDocument", "IssuerAssignedID"]).isEmpty }
        },
        // ram:BuyerTradeParty / ram:SellerTradeParty: ram:URIUniversalCommunication/ram:URIID
        peppol("PEPPOL-EN16931-R010", .cii, "Buyer electronic address MUST be provided") { root in
            named(root, "BuyerTradeParty").filter { select($0, ["URIUniversalCommunication", "URIID"]).isEmpty }
        },
        peppol("PEPPOL-EN16931-R020", .cii, "Seller electronic address MUST be provided") { root in
            named(root, "SellerTradeParty").filter { select($0, ["URIUniversalCommunication", "URIID"]).isEmpty }
        },
        // ram:BuyerTradeParty/ram:URIUniversalCommunication/ram:URIID | ram:SellerTradeParty/...: @schemeID in EAS
        peppolList("PEPPOL-EN16931-CL008", .cii, "Electronic address identifier scheme must be from the codelist \"Electronic Address Identifier Scheme\"",
                   elements: { root in
                       (named(root, "BuyerTradeParty") + named(root, "SellerTradeParty")).flatMap { select($0, ["URIUniversalCommunication", "URIID"]) }
                   }, value: { $0.attributes["schemeID"] ?? "" }),
    ]

    /// An exact decimal: significand / 10^scale.
    typealias Exact = (value: Int128, scale: Int)

    static func exact(_ element: XElement?) -> Exact? {
        guard let element, case .success(let number) = Reading.parse(normalized(element.text)) else { return nil }
        return (number.significand, number.scale)
    }

    /// `a` and `b` at their common scale; nil on overflow.
    static func aligned(_ a: Exact, _ b: Exact) -> (Int128, Int128, Int)? {
        let scale = max(a.scale, b.scale)
        guard let x = raised(a, to: scale), let y = raised(b, to: scale) else { return nil }
        return (x, y, scale)
    }

    static func raised(_ a: Exact, to scale: Int) -> Int128? {
        var value = a.value
        for _ in a.scale..<scale {
            let (next, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = next
        }
        return value
    }

    static func sum(_ a: Exact, _ b: Exact, negating: Bool = false) -> Exact? {
        guard let (x, y, scale) = aligned(a, b) else { return nil }
        let (total, overflow) = x.addingReportingOverflow(negating ? -y : y)
        return overflow ? nil : (total, scale)
    }

    static func product(_ a: Exact, _ b: Exact) -> Exact? {
        let (value, overflow) = a.value.multipliedReportingOverflow(by: b.value)
        return overflow ? nil : (value, a.scale + b.scale)
    }

    /// XPath's `round(x * 100) div 100`: to the cent, halves toward positive infinity.
    static func roundedToCents(_ a: Exact) -> Exact? {
        guard a.scale > 2 else { return a }
        var divisor: Int128 = 1
        for _ in 2..<a.scale { divisor *= 10 }
        let (shifted, overflow) = a.value.addingReportingOverflow(divisor / 2)
        guard !overflow else { return nil }
        var quotient = shifted / divisor
        if shifted % divisor != 0, shifted < 0 { quotient -= 1 }
        return (quotient, 2)
    }

    /// R120 on one line: true when the net is off by more than 0.02, nil when a value is no number
    /// (the artefact stops there) or the sums outgrow 128 bits.
    static func lineNetIsOff(_ line: XElement, creditNote: Bool) -> Bool? {
        let one: Exact = (1, 0), zero: Exact = (0, 0)
        func value(_ element: XElement?, absent: Exact) -> Exact? { element == nil ? absent : exact(element) }
        guard let net = value(line.child("LineExtensionAmount"), absent: zero),
              let quantity = value(line.child(creditNote ? "CreditedQuantity" : "InvoicedQuantity"), absent: one),
              let price = value(select(line, ["Price", "PriceAmount"]).first, absent: zero),
              var base = value(select(line, ["Price", "BaseQuantity"]).first, absent: one) else { return nil }
        if base.value == 0 { base = one }
        func total(charge: String) -> Exact? {
            let amounts = line.children("AllowanceCharge").filter { normalizedValue($0, ["ChargeIndicator"]) == charge }.map { $0.child("Amount") }
            var running: Exact = zero
            for amount in amounts {
                guard let next = exact(amount).flatMap({ sum(running, $0) }) else { return nil }
                running = next
            }
            return roundedToCents(running)
        }
        // |net + allowances - charges - quantity * price / base| <= 0.02, times |base|.
        guard let allowances = total(charge: "false"), let charges = total(charge: "true"),
              let difference = sum(net, allowances).flatMap({ sum($0, charges, negating: true) }),
              let left = product(difference, base), let right = product(quantity, price),
              let gap = sum(left, right, negating: true),
              let slack = product((2, 2), (base.value < 0 ? -base.value : base.value, base.scale)),
              let (difference, limit, _) = aligned(gap, slack) else { return nil }
        return difference > limit || difference < -limit
    }

    static func exemption(_ id: String, _ reason: String, _ category: String) -> SyntaxRule {
        peppol(id, .ubl, "Tax Category \(category) MUST be used when exemption reason code is \(reason)") { root in
            named(root, "TaxCategory").filter { tax in
                tax.children("TaxExemptionReasonCode").contains { $0.text.uppercased() == reason } && normalizedValue(tax, ["ID"]) != category
            }
        }
    }
}
