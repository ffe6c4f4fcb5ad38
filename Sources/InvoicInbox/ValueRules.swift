import InvoicXML

/// EN 16931's rules on values the model does not keep apart (BR-17, BR-27 to BR-30, BR-53,
/// BR-57), checked on the XML as CEN's schematron checks them (UBL: CEN's UBL artefact; CII: the
/// Factur-X EN 16931 schematron, which carries CEN's CII rules), one row per rule and syntax. Each
/// row cites CEN's context and test; XPath's general comparisons (`=`, `>=` over sequences) hold
/// when some pair of items does, and are false when either side is empty.
extension SyntaxRule {
    /// `X >= 0` for an untyped value: XPath casts it to a double; text that is no number is NaN,
    /// whose comparison is false. A sign check, not money: no amount is computed from it.
    static func atLeastZero(_ text: String) -> Bool {
        let trimmed = normalized(text)
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
              let value = Double(trimmed) else { return false }
        return value >= 0
    }

    /// Some pair of the two sequences' string values is equal (`A = B` on untyped nodes).
    static func someEqual(_ a: [XElement], _ b: [XElement]) -> Bool {
        let values = Set(b.map(\.text))
        return a.contains { values.contains($0.text) }
    }

    /// `end >= start` over two sequences of dates (strings compared, as XPath compares untyped
    /// values; UBL's `xs:date(...)` and CII's format 102 digits order as their text does).
    static func someNotBefore(_ ends: [XElement], _ starts: [XElement]) -> Bool {
        ends.contains { end in starts.contains { normalized(end.text) >= normalized($0.text) } }
    }

    static let values: [SyntaxRule] = [
        // cac:PayeeParty: exists(cac:PartyName/cbc:Name) and not(cac:PartyName/cbc:Name = ../cac:AccountingSupplierParty/cac:Party/cac:PartyName/cbc:Name)
        // and not(cac:PartyIdentification/cbc:ID = ../cac:AccountingSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID)
        row("BR-17", .ubl, "The Payee name (BT-59) shall be provided in the Invoice, if the Payee (BG-10) is different from the Seller (BG-4)") { root in
            let seller = select(root, ["AccountingSupplierParty", "Party"])
            return root.children("PayeeParty").filter { payee in
                let names = select(payee, ["PartyName", "Name"])
                return names.isEmpty || someEqual(names, seller.flatMap { select($0, ["PartyName", "Name"]) })
                    || someEqual(select(payee, ["PartyIdentification", "ID"]), seller.flatMap { select($0, ["PartyIdentification", "ID"]) })
            }
        },
        // //ram:PayeeTradeParty: (ram:Name) and not(ram:Name = ../ram:SellerTradeParty/ram:Name) and not(ram:ID = ../ram:SellerTradeParty/ram:ID)
        // and not(ram:SpecifiedLegalOrganization/ram:ID = ../ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID)
        // (`..` is the payee's parent, the settlement, where CII has no seller: as CEN's artefact reads it)
        row("BR-17", .cii, "The Payee name (BT-59) shall be provided in the Invoice, if the Payee (BG-10) is different from the Seller (BG-4)") { root in
            root.all.flatMap { parent in
                let sellers = parent.children("SellerTradeParty")
                return parent.children("PayeeTradeParty").filter { payee in
                    payee.children("Name").isEmpty
                        || someEqual(payee.children("Name"), sellers.flatMap { $0.children("Name") })
                        || someEqual(payee.children("ID"), sellers.flatMap { $0.children("ID") })
                        || someEqual(select(payee, ["SpecifiedLegalOrganization", "ID"]), sellers.flatMap { select($0, ["SpecifiedLegalOrganization", "ID"]) })
                }
            }
        },
        // cac:InvoiceLine | cac:CreditNoteLine: (cac:Price/cbc:PriceAmount) >= 0
        row("BR-27", .ubl, "The Item net price (BT-146) shall NOT be negative.") { root in
            ublLines(root).filter { !select($0, ["Price", "PriceAmount"]).contains { atLeastZero($0.text) } }
        },
        // //ram:IncludedSupplyChainTradeLineItem: (ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount) >= 0
        row("BR-27", .cii, "The Item net price (BT-146) shall NOT be negative.") { root in
            ciiLines(root).filter { !select($0, ["SpecifiedLineTradeAgreement", "NetPriceProductTradePrice", "ChargeAmount"]).contains { atLeastZero($0.text) } }
        },
        // cac:InvoiceLine | cac:CreditNoteLine: (cac:Price/cac:AllowanceCharge/cbc:BaseAmount) >= 0 or not(exists(...))
        row("BR-28", .ubl, "The Item gross price (BT-148) shall NOT be negative.") { root in
            ublLines(root).filter { line in
                let gross = select(line, ["Price", "AllowanceCharge", "BaseAmount"])
                return !gross.isEmpty && !gross.contains { atLeastZero($0.text) }
            }
        },
        // //ram:IncludedSupplyChainTradeLineItem: (.../ram:GrossPriceProductTradePrice/ram:ChargeAmount >= 0) or not(...)
        row("BR-28", .cii, "The Item gross price (BT-148) shall NOT be negative.") { root in
            ciiLines(root).filter { line in
                let gross = select(line, ["SpecifiedLineTradeAgreement", "GrossPriceProductTradePrice", "ChargeAmount"])
                return !gross.isEmpty && !gross.contains { atLeastZero($0.text) }
            }
        },
        // cac:InvoicePeriod (but a line's, which the BR-30 template of the same pattern takes first):
        // (exists(cbc:EndDate) and exists(cbc:StartDate) and xs:date(cbc:EndDate) >= xs:date(cbc:StartDate)) or not(exists(cbc:StartDate)) or not(exists(cbc:EndDate))
        row("BR-29", .ubl, "If both Invoicing period start date (BT-73) and Invoicing period end date (BT-74) are given then the Invoicing period end date (BT-74) shall be later or equal to the Invoicing period start date (BT-73).") { root in
            root.all.filter { $0.name != "InvoiceLine" && $0.name != "CreditNoteLine" }.flatMap { $0.children("InvoicePeriod") }.filter(ublPeriodBackwards)
        },
        row("BR-30", .ubl, "If both Invoice line period start date (BT-134) and Invoice line period end date (BT-135) are given then the Invoice line period end date (BT-135) shall be later or equal to the Invoice line period start date (BT-134).") { root in
            ublLines(root).flatMap { $0.children("InvoicePeriod") }.filter(ublPeriodBackwards)
        },
        // //ram:ApplicableHeaderTradeSettlement/ram:BillingSpecifiedPeriod: (ram:EndDateTime/udt:DateTimeString[@format = '102'])
        // >= (ram:StartDateTime/udt:DateTimeString[@format = '102']) or not (ram:EndDateTime) or not (ram:StartDateTime)
        row("BR-29", .cii, "If both Invoicing period start date (BT-73) and Invoicing period end date (BT-74) are given then the Invoicing period end date (BT-74) shall be later or equal to the Invoicing period start date (BT-73).") { root in
            named(root, "ApplicableHeaderTradeSettlement").flatMap { $0.children("BillingSpecifiedPeriod") }.filter(ciiPeriodBackwards)
        },
        row("BR-30", .cii, "If both Invoice line period start date (BT-134) and Invoice line period end date (BT-135) are given then the Invoice line period end date (BT-135) shall be later or equal to the Invoice line period start date (BT-134).") { root in
            named(root, "SpecifiedLineTradeSettlement").flatMap { $0.children("BillingSpecifiedPeriod") }.filter(ciiPeriodBackwards)
        },
        // /ubl:Invoice | /cn:CreditNote: every $taxcurrency in cbc:TaxCurrencyCode satisfies exists(//cac:TaxTotal/cbc:TaxAmount[@currencyID=$taxcurrency])
        row("BR-53", .ubl, "If the VAT accounting currency code (BT-6) is present, then the Invoice total VAT amount in accounting currency (BT-111) shall be provided.") { root in
            let currencies = Set(named(root, "TaxTotal").flatMap { $0.children("TaxAmount") }.compactMap { $0.attributes["currencyID"] })
            return root.children("TaxCurrencyCode").filter { !currencies.contains($0.text) }
        },
        // //ram:SpecifiedTradeSettlementHeaderMonetarySummation: not(TC) or (TC and (ram:TaxTotalAmount/@currencyID = TC)
        // and not(TC = IC)), TC and IC the header settlement's TaxCurrencyCode and InvoiceCurrencyCode
        row("BR-53", .cii, "If the VAT accounting currency code (BT-6) is present, then the Invoice total VAT amount in accounting currency (BT-111) shall be provided.") { root in
            let settlements = select(root, ["SupplyChainTradeTransaction", "ApplicableHeaderTradeSettlement"])
            let taxCurrency = settlements.flatMap { $0.children("TaxCurrencyCode") }.map(\.text)
            let invoiceCurrency = Set(settlements.flatMap { $0.children("InvoiceCurrencyCode") }.map(\.text))
            guard !taxCurrency.isEmpty else { return [] }
            return named(root, "SpecifiedTradeSettlementHeaderMonetarySummation").filter { summation in
                let totals = summation.children("TaxTotalAmount").compactMap { $0.attributes["currencyID"] }
                return !totals.contains { taxCurrency.contains($0) } || taxCurrency.contains { invoiceCurrency.contains($0) }
            }
        },
        // cac:Delivery/cac:DeliveryLocation/cac:Address: exists(cac:Country/cbc:IdentificationCode)
        row("BR-57", .ubl, "Each Deliver to address (BG-15) shall contain a Deliver to country code (BT-80).") { root in
            named(root, "Delivery").flatMap { select($0, ["DeliveryLocation", "Address"]) }.filter { select($0, ["Country", "IdentificationCode"]).isEmpty }
        },
        // /rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery:
        // (ram:ShipToTradeParty/ram:PostalTradeAddress and ram:ShipToTradeParty/ram:PostalTradeAddress/ram:CountryID != '') or not (ram:ShipToTradeParty/ram:PostalTradeAddress)
        row("BR-57", .cii, "Each Deliver to address (BG-15) shall contain a Deliver to country code (BT-80).") { root in
            select(root, ["SupplyChainTradeTransaction", "ApplicableHeaderTradeDelivery"]).filter { delivery in
                let addresses = select(delivery, ["ShipToTradeParty", "PostalTradeAddress"])
                return !addresses.isEmpty && !addresses.flatMap { $0.children("CountryID") }.contains { !$0.text.isEmpty }
            }
        },
    ]

    static func ublPeriodBackwards(_ period: XElement) -> Bool {
        let ends = period.children("EndDate"), starts = period.children("StartDate")
        return !ends.isEmpty && !starts.isEmpty && !someNotBefore(ends, starts)
    }

    static func ciiPeriodBackwards(_ period: XElement) -> Bool {
        guard period.child("EndDateTime") != nil, period.child("StartDateTime") != nil else { return false }
        let dates = { (name: String) in select(period, [name, "DateTimeString"]).filter { $0.attributes["format"] == "102" } }
        return !someNotBefore(dates("EndDateTime"), dates("StartDateTime"))
    }
}
