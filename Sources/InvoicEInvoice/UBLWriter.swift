import InvoicBook
import InvoicMoney

/// UBL 2.1 Invoice or CreditNote (EN 16931, and its XRechnung and Peppol profiles), element by
/// element in the order the UBL schema's sequences require.
enum UBLWriter {
    static let cac = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
    static let cbc = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"

    static func document(_ model: InvoiceModel, profile: EInvoiceProfile) -> XMLElement {
        let isCredit = model.kind == .creditNote
        let root = isCredit ? "CreditNote" : "Invoice"
        let c = model.currency
        func amount(_ minor: Int64) -> (String, [(String, String)]) { (MoneyFormat.plain(minor, c), [("currencyID", c.code)]) }
        var x = XMLBuilder()
        x.text("cbc:CustomizationID", profile.customizationID)
        x.text("cbc:ProfileID", model.businessProcess ?? profile.profileID)
        x.text("cbc:ID", model.number)
        x.text("cbc:IssueDate", model.issued.description)
        if !isCredit { x.text("cbc:DueDate", model.dueDate?.description) }
        x.text(isCredit ? "cbc:CreditNoteTypeCode" : "cbc:InvoiceTypeCode", model.typeCode)
        for note in model.notes { x.text("cbc:Note", note) }
        // UBL's Note has no subject code: the French CIUS writes it first, between hashes.
        for note in model.subjectNotes { x.text("cbc:Note", "#\(note.code)#\(note.text)") }
        x.text("cbc:DocumentCurrencyCode", c.code)
        x.text("cbc:TaxCurrencyCode", model.taxCurrency?.currency.code)
        x.text("cbc:BuyerReference", model.buyerReference)
        if let period = model.period {
            x.element("cac:InvoicePeriod") { p in
                p.text("cbc:StartDate", period.from.description)
                p.text("cbc:EndDate", period.to.description)
            }
        }
        x.element("cac:OrderReference") { $0.text("cbc:ID", model.order) }
        if let preceding = model.preceding {
            x.element("cac:BillingReference") { b in
                b.element("cac:InvoiceDocumentReference") { r in
                    r.text("cbc:ID", preceding.number)
                    r.text("cbc:IssueDate", preceding.issued?.description)
                }
            }
        }
        x.element("cac:ContractDocumentReference") { $0.text("cbc:ID", model.contract) }
        if isCredit {
            // A UBL CreditNote has no ProjectReference: BT-11 is a document reference of type 50.
            if let project = model.projectReference {
                x.element("cac:AdditionalDocumentReference") { r in
                    r.text("cbc:ID", project)
                    r.text("cbc:DocumentTypeCode", "50")
                }
            }
        } else {
            x.element("cac:ProjectReference") { $0.text("cbc:ID", model.projectReference) }
        }
        x.element("cac:AccountingSupplierParty") { $0.append(party(model.seller, creditorID: model.creditorID)) }
        x.element("cac:AccountingCustomerParty") { $0.append(party(model.buyer, creditorID: nil)) }
        if let representative = model.taxRepresentative {
            x.element("cac:TaxRepresentativeParty") { p in
                p.element("cac:PartyName") { $0.text("cbc:Name", representative.name) }
                if let place = representative.address { p.append(address("cac:PostalAddress", place)) }
                p.element("cac:PartyTaxScheme") { s in
                    s.text("cbc:CompanyID", representative.vatID)
                    s.element("cac:TaxScheme") { $0.text("cbc:ID", "VAT") }
                }
            }
        }
        if model.deliveryDate != nil || model.deliverTo != nil {
            x.element("cac:Delivery") { d in
                d.text("cbc:ActualDeliveryDate", model.deliveryDate?.description)
                if let place = model.deliverTo {
                    d.element("cac:DeliveryLocation") { $0.append(address("cac:Address", place.address)) }
                    d.element("cac:DeliveryParty") { p in p.element("cac:PartyName") { $0.text("cbc:Name", place.name) } }
                }
            }
        }
        if let means = model.paymentMeans {
            x.element("cac:PaymentMeans") { p in
                p.text("cbc:PaymentMeansCode", means.code)
                p.text("cbc:PaymentID", model.remittance)
                if let card = model.card {
                    p.element("cac:CardAccount") { a in
                        a.text("cbc:PrimaryAccountNumberID", card)
                        a.text("cbc:NetworkID", "card")
                    }
                }
                if let account = model.payeeAccount {
                    p.element("cac:PayeeFinancialAccount") { a in
                        a.text("cbc:ID", account.iban)
                        a.text("cbc:Name", account.name)
                        a.element("cac:FinancialInstitutionBranch") { $0.text("cbc:ID", account.bic) }
                    }
                }
                if model.mandate != nil || model.debitedAccount != nil {
                    p.element("cac:PaymentMandate") { m in
                        m.text("cbc:ID", model.mandate)
                        m.element("cac:PayerFinancialAccount") { $0.text("cbc:ID", model.debitedAccount) }
                    }
                }
            }
        }
        x.element("cac:PaymentTerms") { $0.text("cbc:Note", model.paymentTerms) }
        for adjustment in model.allowancesCharges { x.append(allowanceCharge(adjustment, c)) }
        x.element("cac:TaxTotal") { t in
            let (total, attributes) = amount(model.taxTotal)
            t.text("cbc:TaxAmount", total, attributes)
            for group in model.taxGroups {
                t.element("cac:TaxSubtotal") { s in
                    let (taxable, a1) = amount(group.taxable)
                    s.text("cbc:TaxableAmount", taxable, a1)
                    let (tax, a2) = amount(group.amount)
                    s.text("cbc:TaxAmount", tax, a2)
                    s.append(taxCategory("cac:TaxCategory", group.tax, reason: group.exemptionReason, code: group.exemptionCode, inBreakdown: true))
                }
            }
        }
        if let second = model.taxCurrency {
            // The VAT total in the tax currency (BT-111): a second TaxTotal without subtotals.
            x.element("cac:TaxTotal") { $0.text("cbc:TaxAmount", MoneyFormat.plain(second.amount, second.currency), [("currencyID", second.currency.code)]) }
        }
        x.element("cac:LegalMonetaryTotal") { m in
            for (name, value, always) in [("LineExtensionAmount", model.lineTotal, true), ("TaxExclusiveAmount", model.taxExclusive, true),
                                          ("TaxInclusiveAmount", model.taxInclusive, true), ("AllowanceTotalAmount", model.allowanceTotal, false),
                                          ("ChargeTotalAmount", model.chargeTotal, false), ("PrepaidAmount", model.prepaid, false),
                                          ("PayableRoundingAmount", model.rounding, false), ("PayableAmount", model.payable, true)]
            where always || value != 0 {
                let (text, attributes) = amount(value)
                m.text("cbc:" + name, text, attributes)
            }
        }
        for line in model.lines { x.append(self.line(line, model: model, credit: isCredit, exemption: profile.isExtended ? model.exemption(of: line) : nil)) }

        let namespace = isCredit ? "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2" : "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
        return XMLElement(root, [("xmlns", namespace), ("xmlns:cac", cac), ("xmlns:cbc", cbc)], x.children)
    }

    static func party(_ party: InvoiceModel.Party, creditorID: String?) -> XMLElement {
        var p = XMLBuilder()
        if let endpoint = party.endpoint { p.text("cbc:EndpointID", endpoint.id, [("schemeID", endpoint.scheme)]) }
        // The SEPA creditor id (BT-90) is a party identification of the seller.
        if let creditorID { p.element("cac:PartyIdentification") { $0.text("cbc:ID", creditorID, [("schemeID", "SEPA")]) } }
        if let identifier = party.identifier { p.element("cac:PartyIdentification") { $0.text("cbc:ID", identifier.id, [("schemeID", identifier.scheme)]) } }
        p.element("cac:PartyName") { $0.text("cbc:Name", party.name) }
        if let address = party.address { p.append(self.address("cac:PostalAddress", address)) }
        if let vat = party.vatID {
            p.element("cac:PartyTaxScheme") { s in
                s.text("cbc:CompanyID", vat)
                s.element("cac:TaxScheme") { $0.text("cbc:ID", "VAT") }
            }
        }
        if let number = party.taxNumber {
            p.element("cac:PartyTaxScheme") { s in
                s.text("cbc:CompanyID", number)
                s.element("cac:TaxScheme") { $0.text("cbc:ID", "FC") }
            }
        }
        p.element("cac:PartyLegalEntity") { l in
            l.text("cbc:RegistrationName", party.name)
            if let legal = party.legalID { l.text("cbc:CompanyID", legal.id, legal.scheme.map { [("schemeID", $0)] } ?? []) }
        }
        if let contact = party.contact {
            p.element("cac:Contact") { c in
                c.text("cbc:Name", contact.name)
                c.text("cbc:Telephone", contact.phone)
                c.text("cbc:ElectronicMail", contact.email)
            }
        }
        return XMLElement("cac:Party", [], p.children)
    }

    static func address(_ name: String, _ address: Address) -> XMLElement {
        var a = XMLBuilder()
        let street = (address.street ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        a.text("cbc:StreetName", street.first)
        a.text("cbc:AdditionalStreetName", street.count > 1 ? street[1] : nil)
        a.text("cbc:CityName", address.city)
        a.text("cbc:PostalZone", address.postalCode)
        a.text("cbc:CountrySubentity", address.region)
        if street.count > 2 { a.element("cac:AddressLine") { $0.text("cbc:Line", street[2...].joined(separator: ", ")) } }
        a.element("cac:Country") { $0.text("cbc:IdentificationCode", address.country?.uppercased()) }
        return XMLElement(name, [], a.children)
    }

    /// - Parameter inBreakdown: the VAT breakdown (BG-23) states a rate for every category, 0 outside
    ///   the scope of VAT (XRechnung's BR-DE-14); a line, allowance or charge outside it states none (BR-O-05..07).
    static func taxCategory(_ name: String, _ tax: TaxRate, reason: String? = nil, code: String? = nil, inBreakdown: Bool = false) -> XMLElement {
        var t = XMLBuilder()
        t.text("cbc:ID", tax.category.rawValue)
        if tax.category != .outsideScope || inBreakdown { t.text("cbc:Percent", tax.rate.percentText) }
        t.text("cbc:TaxExemptionReasonCode", code)
        t.text("cbc:TaxExemptionReason", reason)
        t.element("cac:TaxScheme") { $0.text("cbc:ID", "VAT") }
        return XMLElement(name, [], t.children)
    }

    static func allowanceCharge(_ adjustment: InvoiceModel.AllowanceCharge, _ c: Currency) -> XMLElement {
        var a = XMLBuilder()
        a.text("cbc:ChargeIndicator", adjustment.isCharge ? "true" : "false")
        a.text("cbc:AllowanceChargeReasonCode", adjustment.code)
        a.text("cbc:AllowanceChargeReason", adjustment.reason ?? (adjustment.code == nil ? (adjustment.isCharge ? "Charge" : "Allowance") : nil))
        a.text("cbc:MultiplierFactorNumeric", adjustment.percent?.percentText)
        a.text("cbc:Amount", MoneyFormat.plain(adjustment.amount, c), [("currencyID", c.code)])
        if let base = adjustment.base { a.text("cbc:BaseAmount", MoneyFormat.plain(base, c), [("currencyID", c.code)]) }
        if let tax = adjustment.tax { a.append(taxCategory("cac:TaxCategory", tax)) }
        return XMLElement("cac:AllowanceCharge", [], a.children)
    }

    /// - Parameter exemption: EXTENDED-CTC-FR's line-level exemption reason, the breakdown's
    ///   (BR-FREXT-E-08rev matches lines by it); EN 16931 keeps it to the breakdown.
    static func line(_ line: InvoiceModel.Line, model: InvoiceModel, credit: Bool, exemption: InvoiceModel.TaxGroup? = nil) -> XMLElement {
        let c = model.currency
        var l = XMLBuilder()
        l.text("cbc:ID", line.id)
        l.text("cbc:Note", line.note)
        l.text(credit ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity", line.quantity.description, [("unitCode", line.unitCode)])
        l.text("cbc:LineExtensionAmount", MoneyFormat.plain(line.net, c), [("currencyID", c.code)])
        if let period = line.period {
            l.element("cac:InvoicePeriod") { p in
                p.text("cbc:StartDate", period.from.description)
                p.text("cbc:EndDate", period.to.description)
            }
        }
        for adjustment in line.allowancesCharges { l.append(allowanceCharge(adjustment, c)) }
        l.element("cac:Item") { i in
            i.text("cbc:Description", line.description)
            i.text("cbc:Name", line.name)
            i.element("cac:SellersItemIdentification") { $0.text("cbc:ID", line.sellerItemID) }
            i.append(taxCategory("cac:ClassifiedTaxCategory", line.tax, reason: exemption?.exemptionReason, code: exemption?.exemptionCode))
        }
        l.element("cac:Price") { p in
            p.text("cbc:PriceAmount", line.price.description, [("currencyID", c.code)])
            if let base = line.baseQuantity { p.text("cbc:BaseQuantity", base.description, [("unitCode", line.unitCode)]) }
            if let gross = line.grossPrice {
                p.element("cac:AllowanceCharge") { a in
                    a.text("cbc:ChargeIndicator", "false")
                    a.text("cbc:Amount", gross.subtracting(line.price).description, [("currencyID", c.code)])
                    a.text("cbc:BaseAmount", gross.description, [("currencyID", c.code)])
                }
            }
        }
        return XMLElement(credit ? "cac:CreditNoteLine" : "cac:InvoiceLine", [], l.children)
    }
}
