import InvoicBook
import InvoicMoney

/// UN/CEFACT Cross Industry Invoice D16B (EN 16931; Factur-X / ZUGFeRD profile EN 16931, and
/// XRechnung in CII), in the order the CII schema's sequences require.
enum CIIWriter {
    static func document(_ model: InvoiceModel, profile: EInvoiceProfile) -> XMLElement {
        let c = model.currency
        func money(_ minor: Int64) -> String { MoneyFormat.plain(minor, c) }
        func date(_ name: String, _ day: Day?, into builder: inout XMLBuilder) {
            guard let day else { return }
            builder.element(name) { $0.text("udt:DateTimeString", compact(day), [("format", "102")]) }
        }
        var root = XMLBuilder()
        root.element("rsm:ExchangedDocumentContext") { context in
            context.element("ram:BusinessProcessSpecifiedDocumentContextParameter") { $0.text("ram:ID", model.businessProcess ?? profile.profileID) }
            context.element("ram:GuidelineSpecifiedDocumentContextParameter") { $0.text("ram:ID", profile.customizationID) }
        }
        root.element("rsm:ExchangedDocument") { d in
            d.text("ram:ID", model.number)
            d.text("ram:TypeCode", model.typeCode)
            date("ram:IssueDateTime", model.issued, into: &d)
            for note in model.notes { d.element("ram:IncludedNote") { $0.text("ram:Content", note) } }
            for note in model.subjectNotes {
                d.element("ram:IncludedNote") { n in
                    n.text("ram:Content", note.text)
                    n.text("ram:SubjectCode", note.code)
                }
            }
        }
        root.element("rsm:SupplyChainTradeTransaction") { t in
            for line in model.lines { t.append(self.line(line, currency: c, exemption: profile.isExtended ? model.exemption(of: line) : nil)) }
            t.element("ram:ApplicableHeaderTradeAgreement") { a in
                a.text("ram:BuyerReference", model.buyerReference)
                a.append(party("ram:SellerTradeParty", model.seller, creditorID: nil))
                a.append(party("ram:BuyerTradeParty", model.buyer, creditorID: nil))
                if let representative = model.taxRepresentative {
                    a.append(party("ram:SellerTaxRepresentativeTradeParty", representative, creditorID: nil))
                }
                a.element("ram:BuyerOrderReferencedDocument") { $0.text("ram:IssuerAssignedID", model.order) }
                a.element("ram:ContractReferencedDocument") { $0.text("ram:IssuerAssignedID", model.contract) }
                if let project = model.projectReference {
                    a.element("ram:SpecifiedProcuringProject") { p in
                        p.text("ram:ID", project)
                        p.text("ram:Name", "Project reference")
                    }
                }
            }
            t.required("ram:ApplicableHeaderTradeDelivery") { d in
                if let place = model.deliverTo {
                    d.element("ram:ShipToTradeParty") { p in
                        p.text("ram:Name", place.name)
                        p.append(address(place.address))
                    }
                }
                if let delivered = model.deliveryDate {
                    d.element("ram:ActualDeliverySupplyChainEvent") { e in date("ram:OccurrenceDateTime", delivered, into: &e) }
                }
            }
            t.element("ram:ApplicableHeaderTradeSettlement") { s in
                s.text("ram:CreditorReferenceID", model.creditorID)
                s.text("ram:PaymentReference", model.remittance)
                s.text("ram:TaxCurrencyCode", model.taxCurrency?.currency.code)
                s.text("ram:InvoiceCurrencyCode", c.code)
                if let means = model.paymentMeans {
                    s.element("ram:SpecifiedTradeSettlementPaymentMeans") { p in
                        p.text("ram:TypeCode", means.code)
                        if let card = model.card { p.element("ram:ApplicableTradeSettlementFinancialCard") { $0.text("ram:ID", card) } }
                        p.element("ram:PayerPartyDebtorFinancialAccount") { $0.text("ram:IBANID", model.debitedAccount) }
                        if let account = model.payeeAccount {
                            p.element("ram:PayeePartyCreditorFinancialAccount") { a in
                                // CII D16B's order: IBANID, AccountName, ProprietaryID.
                                let iban = Identifiers.looksLikeIBAN(account.iban)
                                if iban { a.text("ram:IBANID", account.iban) }
                                a.text("ram:AccountName", account.name)
                                if !iban { a.text("ram:ProprietaryID", account.iban) }
                            }
                            p.element("ram:PayeeSpecifiedCreditorFinancialInstitution") { $0.text("ram:BICID", account.bic) }
                        }
                    }
                }
                for group in model.taxGroups {
                    s.element("ram:ApplicableTradeTax") { g in
                        g.text("ram:CalculatedAmount", money(group.amount))
                        g.text("ram:TypeCode", "VAT")
                        g.text("ram:ExemptionReason", group.exemptionReason)
                        g.text("ram:BasisAmount", money(group.taxable))
                        g.text("ram:CategoryCode", group.tax.category.rawValue)
                        g.text("ram:ExemptionReasonCode", group.exemptionCode)
                        // The breakdown states a rate for every category, 0 outside the scope of VAT
                        // (XRechnung's BR-DE-14 asks for it; EN 16931 allows it there, not on lines).
                        g.text("ram:RateApplicablePercent", group.tax.rate.percentText)
                    }
                }
                if let period = model.period { s.append(periodElement(period)) }
                for adjustment in model.allowancesCharges { s.append(allowanceCharge(adjustment, c)) }
                if model.paymentTerms != nil || model.dueDate != nil || model.mandate != nil {
                    s.element("ram:SpecifiedTradePaymentTerms") { p in
                        p.text("ram:Description", model.paymentTerms)
                        date("ram:DueDateDateTime", model.kind == .invoice ? model.dueDate : nil, into: &p)
                        p.text("ram:DirectDebitMandateID", model.mandate)
                    }
                }
                s.element("ram:SpecifiedTradeSettlementHeaderMonetarySummation") { m in
                    m.text("ram:LineTotalAmount", money(model.lineTotal))
                    if model.chargeTotal != 0 { m.text("ram:ChargeTotalAmount", money(model.chargeTotal)) }
                    if model.allowanceTotal != 0 { m.text("ram:AllowanceTotalAmount", money(model.allowanceTotal)) }
                    m.text("ram:TaxBasisTotalAmount", money(model.taxExclusive))
                    m.text("ram:TaxTotalAmount", money(model.taxTotal), [("currencyID", c.code)])
                    if let second = model.taxCurrency {
                        m.text("ram:TaxTotalAmount", MoneyFormat.plain(second.amount, second.currency), [("currencyID", second.currency.code)])
                    }
                    if model.rounding != 0 { m.text("ram:RoundingAmount", money(model.rounding)) }
                    m.text("ram:GrandTotalAmount", money(model.taxInclusive))
                    if model.prepaid != 0 { m.text("ram:TotalPrepaidAmount", money(model.prepaid)) }
                    m.text("ram:DuePayableAmount", money(model.payable))
                }
                if let preceding = model.preceding {
                    s.element("ram:InvoiceReferencedDocument") { r in
                        r.text("ram:IssuerAssignedID", preceding.number)
                        if let issued = preceding.issued {
                            r.element("ram:FormattedIssueDateTime") { $0.text("qdt:DateTimeString", compact(issued), [("format", "102")]) }
                        }
                    }
                }
            }
        }
        return XMLElement("rsm:CrossIndustryInvoice", [
            ("xmlns:rsm", "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"),
            ("xmlns:qdt", "urn:un:unece:uncefact:data:standard:QualifiedDataType:100"),
            ("xmlns:ram", "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"),
            ("xmlns:udt", "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"),
        ], root.children)
    }

    /// `20260301`: CII's date format 102.
    static func compact(_ day: Day) -> String { day.description.replacingOccurrences(of: "-", with: "") }

    static func party(_ name: String, _ party: InvoiceModel.Party, creditorID: String?) -> XMLElement {
        var p = XMLBuilder()
        if let identifier = party.identifier { p.text("ram:GlobalID", identifier.id, [("schemeID", identifier.scheme)]) }
        p.text("ram:Name", party.name)
        if let legal = party.legalID {
            p.element("ram:SpecifiedLegalOrganization") { $0.text("ram:ID", legal.id, legal.scheme.map { [("schemeID", $0)] } ?? []) }
        }
        if let contact = party.contact {
            p.element("ram:DefinedTradeContact") { c in
                c.text("ram:PersonName", contact.name)
                c.element("ram:TelephoneUniversalCommunication") { $0.text("ram:CompleteNumber", contact.phone) }
                c.element("ram:EmailURIUniversalCommunication") { $0.text("ram:URIID", contact.email) }
            }
        }
        if let address = party.address { p.append(self.address(address)) }
        if let endpoint = party.endpoint {
            p.element("ram:URIUniversalCommunication") { $0.text("ram:URIID", endpoint.id, [("schemeID", endpoint.scheme)]) }
        }
        if let vat = party.vatID { p.element("ram:SpecifiedTaxRegistration") { $0.text("ram:ID", vat, [("schemeID", "VA")]) } }
        if let number = party.taxNumber { p.element("ram:SpecifiedTaxRegistration") { $0.text("ram:ID", number, [("schemeID", "FC")]) } }
        return XMLElement(name, [], p.children)
    }

    static func address(_ address: Address) -> XMLElement {
        var a = XMLBuilder()
        let street = (address.street ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        a.text("ram:PostcodeCode", address.postalCode)
        a.text("ram:LineOne", street.first)
        a.text("ram:LineTwo", street.count > 1 ? street[1] : nil)
        a.text("ram:LineThree", street.count > 2 ? street[2...].joined(separator: ", ") : nil)
        a.text("ram:CityName", address.city)
        a.text("ram:CountryID", address.country?.uppercased())
        a.text("ram:CountrySubDivisionName", address.region)
        return XMLElement("ram:PostalTradeAddress", [], a.children)
    }

    static func periodElement(_ period: DayRange) -> XMLElement {
        var p = XMLBuilder()
        p.element("ram:StartDateTime") { $0.text("udt:DateTimeString", compact(period.from), [("format", "102")]) }
        p.element("ram:EndDateTime") { $0.text("udt:DateTimeString", compact(period.to), [("format", "102")]) }
        return XMLElement("ram:BillingSpecifiedPeriod", [], p.children)
    }

    static func allowanceCharge(_ adjustment: InvoiceModel.AllowanceCharge, _ c: Currency) -> XMLElement {
        var a = XMLBuilder()
        a.element("ram:ChargeIndicator") { $0.text("udt:Indicator", adjustment.isCharge ? "true" : "false") }
        a.text("ram:CalculationPercent", adjustment.percent?.percentText)
        if let base = adjustment.base { a.text("ram:BasisAmount", MoneyFormat.plain(base, c)) }
        a.text("ram:ActualAmount", MoneyFormat.plain(adjustment.amount, c))
        a.text("ram:ReasonCode", adjustment.code)
        a.text("ram:Reason", adjustment.reason ?? (adjustment.code == nil ? (adjustment.isCharge ? "Charge" : "Allowance") : nil))
        if let tax = adjustment.tax {
            a.element("ram:CategoryTradeTax") { t in
                t.text("ram:TypeCode", "VAT")
                t.text("ram:CategoryCode", tax.category.rawValue)
                if tax.category != .outsideScope { t.text("ram:RateApplicablePercent", tax.rate.percentText) }
            }
        }
        return XMLElement("ram:SpecifiedTradeAllowanceCharge", [], a.children)
    }

    /// - Parameter exemption: EXTENDED's line-level exemption reason (BT-X-591, BT-X-592), the
    ///   breakdown's, which the EXTENDED-CTC-FR rule BR-FXEXT-E-08rev matches lines by.
    static func line(_ line: InvoiceModel.Line, currency c: Currency, exemption: InvoiceModel.TaxGroup? = nil) -> XMLElement {
        var l = XMLBuilder()
        l.element("ram:AssociatedDocumentLineDocument") { d in
            d.text("ram:LineID", line.id)
            if let note = line.note { d.element("ram:IncludedNote") { $0.text("ram:Content", note) } }
        }
        l.element("ram:SpecifiedTradeProduct") { p in
            p.text("ram:SellerAssignedID", line.sellerItemID)
            p.text("ram:Name", line.name)
            p.text("ram:Description", line.description)
        }
        l.element("ram:SpecifiedLineTradeAgreement") { a in
            if let gross = line.grossPrice {
                a.element("ram:GrossPriceProductTradePrice") { g in
                    g.text("ram:ChargeAmount", gross.description)
                    if let base = line.baseQuantity { g.text("ram:BasisQuantity", base.description, [("unitCode", line.unitCode)]) }
                    g.element("ram:AppliedTradeAllowanceCharge") { d in
                        d.element("ram:ChargeIndicator") { $0.text("udt:Indicator", "false") }
                        d.text("ram:ActualAmount", gross.subtracting(line.price).description)
                    }
                }
            }
            a.element("ram:NetPriceProductTradePrice") { n in
                n.text("ram:ChargeAmount", line.price.description)
                if let base = line.baseQuantity { n.text("ram:BasisQuantity", base.description, [("unitCode", line.unitCode)]) }
            }
        }
        l.element("ram:SpecifiedLineTradeDelivery") { $0.text("ram:BilledQuantity", line.quantity.description, [("unitCode", line.unitCode)]) }
        l.element("ram:SpecifiedLineTradeSettlement") { s in
            s.element("ram:ApplicableTradeTax") { t in
                t.text("ram:TypeCode", "VAT")
                t.text("ram:ExemptionReason", exemption?.exemptionReason)
                t.text("ram:CategoryCode", line.tax.category.rawValue)
                t.text("ram:ExemptionReasonCode", exemption?.exemptionCode)
                if line.tax.category != .outsideScope { t.text("ram:RateApplicablePercent", line.tax.rate.percentText) }
            }
            if let period = line.period { s.append(periodElement(period)) }
            for adjustment in line.allowancesCharges { s.append(allowanceCharge(adjustment, c)) }
            s.element("ram:SpecifiedTradeSettlementLineMonetarySummation") { $0.text("ram:LineTotalAmount", MoneyFormat.plain(line.net, c)) }
        }
        return XMLElement("ram:IncludedSupplyChainTradeLineItem", [], l.children)
    }
}
