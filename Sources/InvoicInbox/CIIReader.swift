import InvoicBook
import InvoicMoney

/// UN/CEFACT CII D16B CrossIndustryInvoice as EN 16931's CII binding maps it: Factur-X / ZUGFeRD
/// of every profile (MINIMUM and BASIC WL carry no lines and may lack parts of the tax breakdown;
/// EXTENDED is read as EN 16931 plus what fits) and XRechnung CII.
struct CII {
    let root: XElement

    func read(_ reading: inout Reading) throws(Refusal) -> ReceivedDocument {
        let exchanged = root.child("ExchangedDocument")
        guard let transaction = root.child("SupplyChainTradeTransaction") else { throw missing("its trade transaction (rsm:SupplyChainTradeTransaction)") }
        guard let number = exchanged?.value("ID") else { throw missing("its number (rsm:ExchangedDocument/ram:ID, BT-1)") }
        guard let issued = day(exchanged?.value("IssueDateTime", "DateTimeString")) else { throw missing("its issue date (ram:IssueDateTime, BT-2)") }
        let agreement = transaction.child("ApplicableHeaderTradeAgreement")
        let delivery = transaction.child("ApplicableHeaderTradeDelivery")
        guard let settlement = transaction.child("ApplicableHeaderTradeSettlement") else { throw missing("its settlement (ram:ApplicableHeaderTradeSettlement)") }
        let currencyCode = settlement.value("InvoiceCurrencyCode") ?? ""
        guard let currency = Currency.named(currencyCode) else {
            throw Refusal("the invoice names no known currency (ram:InvoiceCurrencyCode `\(currencyCode)`)", help: "BT-5 must be an ISO 4217 code such as EUR; ask the supplier for a corrected invoice")
        }
        guard let summation = settlement.child("SpecifiedTradeSettlementHeaderMonetarySummation") else { throw missing("its totals (ram:SpecifiedTradeSettlementHeaderMonetarySummation, BG-22)") }
        guard let payable = reading.money(summation.child("DuePayableAmount"), currency, field: "BT-115") else {
            throw reading.malformed(summation.child("DuePayableAmount"), "the amount due (ram:DuePayableAmount, BT-115)") ?? missing("the amount due (ram:DuePayableAmount, BT-115)")
        }
        let typeCode = exchanged?.value("TypeCode") ?? "380"
        if exchanged?.value("TypeCode") == nil {
            reading.problems.append(Finding(rule: "BR-04", message: "the type code (ram:TypeCode, BT-3) is missing; read as 380"))
        }

        // BT-110 is the TaxTotalAmount in the document currency; one in another currency is BT-111.
        var taxTotal: Money?
        var taxInTaxCurrency: Money?
        for amount in summation.children("TaxTotalAmount") {
            let code = amount.attributes["currencyID"] ?? currency.code
            if code == currency.code { taxTotal = reading.money(amount, currency, field: "BT-110") } else if let other = Currency.named(code) { taxInTaxCurrency = reading.money(amount, other, field: "BT-111") }
        }
        let context = root.child("ExchangedDocumentContext")
        var document = ReceivedDocument(
            syntax: .cii, customization: context?.value("GuidelineSpecifiedDocumentContextParameter", "ID"),
            businessProcess: context?.value("BusinessProcessSpecifiedDocumentContextParameter", "ID"),
            number: number, typeCode: typeCode, kind: EInvoiceReader.creditNoteCodes.contains(typeCode) ? .creditNote : .invoice,
            issued: issued, currency: currency,
            seller: party(agreement?.child("SellerTradeParty")), buyer: party(agreement?.child("BuyerTradeParty")),
            totals: ReceivedDocument.Totals(
                lines: reading.money(summation.child("LineTotalAmount"), currency, field: "BT-106"),
                allowances: reading.money(summation.child("AllowanceTotalAmount"), currency, field: "BT-107"),
                charges: reading.money(summation.child("ChargeTotalAmount"), currency, field: "BT-108"),
                net: reading.money(summation.child("TaxBasisTotalAmount"), currency, field: "BT-109"),
                tax: taxTotal, taxInTaxCurrency: taxInTaxCurrency,
                total: reading.money(summation.child("GrandTotalAmount"), currency, field: "BT-112"),
                prepaid: reading.money(summation.child("TotalPrepaidAmount"), currency, field: "BT-113"),
                rounding: reading.money(summation.child("RoundingAmount"), currency, field: "BT-114"),
                payable: payable),
            payment: ReceivedDocument.Payment())
        document.taxCurrency = settlement.value("TaxCurrencyCode").flatMap(Currency.named)
        document.taxes = settlement.children("ApplicableTradeTax").map { tax in
            ReceivedDocument.TaxGroup(
                category: tax.value("CategoryCode") ?? "", rate: reading.decimal(tax.child("RateApplicablePercent")),
                taxable: reading.money(tax.child("BasisAmount"), currency, field: "BT-116", required: "BR-45", "a VAT group's taxable amount"),
                tax: reading.money(tax.child("CalculatedAmount"), currency, field: "BT-117", required: "BR-46", "a VAT group's tax"),
                exemptionReason: tax.value("ExemptionReason"), exemptionCode: tax.value("ExemptionReasonCode"))
        }
        document.taxPointDate = settlement.children("ApplicableTradeTax").lazy.compactMap { day($0.value("TaxPointDate", "DateString")) }.first
        document.deliveryDate = day(delivery?.value("ActualDeliverySupplyChainEvent", "OccurrenceDateTime", "DateTimeString"))
        document.deliverToCountry = delivery?.value("ShipToTradeParty", "PostalTradeAddress", "CountryID")
        document.periodStart = day(settlement.value("BillingSpecifiedPeriod", "StartDateTime", "DateTimeString"))
        document.periodEnd = day(settlement.value("BillingSpecifiedPeriod", "EndDateTime", "DateTimeString"))
        document.buyerReference = agreement?.value("BuyerReference")
        document.order = agreement?.value("BuyerOrderReferencedDocument", "IssuerAssignedID")
        document.contract = agreement?.value("ContractReferencedDocument", "IssuerAssignedID")
        document.project = agreement?.value("SpecifiedProcuringProject", "ID")
        document.corrects = settlement.children("InvoiceReferencedDocument").compactMap { reference in
            guard let id = reference.value("IssuerAssignedID") else { return nil }
            return (id, day(reference.value("FormattedIssueDateTime", "DateTimeString")))
        }
        if let payee = settlement.child("PayeeTradeParty") { document.payee = party(payee) }
        if let representative = agreement?.child("SellerTaxRepresentativeTradeParty") { document.taxRepresentative = party(representative) }
        document.taxRepresentativeVATID = agreement?.child("SellerTaxRepresentativeTradeParty")?.children("SpecifiedTaxRegistration")
            .first { $0.child("ID")?.attributes["schemeID"]?.uppercased() == "VA" }?.value("ID")
        document.notes = exchanged?.children("IncludedNote").compactMap { $0.value("Content") } ?? []
        document.lines = transaction.children("IncludedSupplyChainTradeLineItem").map { line(in: $0, currency, &reading) }
        document.allowancesCharges = settlement.children("SpecifiedTradeAllowanceCharge").map { allowanceCharge($0, currency, onLine: false, &reading) }
        // EXTENDED's logistics charges (freight, packing) are document charges in EN 16931's terms.
        for charge in settlement.children("SpecifiedLogisticsServiceCharge") {
            document.allowancesCharges.append(ReceivedDocument.AllowanceCharge(
                isCharge: true, amount: reading.money(charge.child("AppliedAmount"), currency, field: "BT-99") ?? Money(0, currency),
                base: nil, percent: nil, reason: charge.value("Description"), reasonCode: nil,
                taxCategory: charge.value("AppliedTradeTax", "CategoryCode"), taxRate: reading.decimal(charge.path("AppliedTradeTax", "RateApplicablePercent"))))
        }

        var payment = ReceivedDocument.Payment()
        let terms = settlement.children("SpecifiedTradePaymentTerms")
        payment.terms = terms.compactMap { $0.value("Description") }.joined(separator: "\n").nonEmpty
        document.due = terms.lazy.compactMap { day($0.value("DueDateDateTime", "DateTimeString")) }.first
        payment.mandate = terms.lazy.compactMap { $0.value("DirectDebitMandateID") }.first
        payment.reference = settlement.value("PaymentReference")
        for means in settlement.children("SpecifiedTradeSettlementPaymentMeans") {
            payment.meansCode = payment.meansCode ?? means.value("TypeCode")
            payment.meansText = payment.meansText ?? means.value("Information")
            if let account = means.child("PayeePartyCreditorFinancialAccount"), let id = account.value("IBANID") ?? account.value("ProprietaryID") {
                payment.accounts.append((id, account.value("AccountName"), means.value("PayeeSpecifiedCreditorFinancialInstitution", "BICID")))
            }
            payment.debitedAccount = payment.debitedAccount ?? means.value("PayerPartyDebtorFinancialAccount", "IBANID")
        }
        document.payment = payment
        document.attachments = (agreement?.children("AdditionalReferencedDocument") ?? []).compactMap { reference in
            guard let id = reference.value("IssuerAssignedID") else { return nil }
            let object = reference.child("AttachmentBinaryObject")
            return ReceivedDocument.Attachment(
                id: id, description: reference.value("Name"),
                filename: object?.attributes["filename"], mimeCode: object?.attributes["mimeCode"],
                data: object.flatMap { base64Bytes($0.text) }, uri: reference.value("URIID"))
        }
        return document
    }

    private func missing(_ what: String) -> Refusal {
        Refusal("the CII invoice lacks \(what)", help: "it is not a complete EN 16931 invoice; ask the supplier to send it again")
    }

    private func party(_ element: XElement?) -> ReceivedDocument.Party {
        guard let element else { return ReceivedDocument.Party(name: "") }
        var party = ReceivedDocument.Party(name: element.value("Name") ?? "")
        let legal = element.child("SpecifiedLegalOrganization")
        party.legalID = legal?.value("ID")
        party.tradingName = legal?.value("TradingBusinessName")
        party.identifiers = element.children("ID").map(\.text) + element.children("GlobalID").map { id in
            id.attributes["schemeID"].map { "\($0):\(id.text)" } ?? id.text
        }
        for registration in element.children("SpecifiedTaxRegistration") {
            guard let id = registration.child("ID") else { continue }
            if id.attributes["schemeID"]?.uppercased() == "FC" { party.taxNumber = id.text } else { party.vatID = id.text }
        }
        if let uri = element.path("URIUniversalCommunication", "URIID"), !uri.text.isEmpty {
            party.electronicAddress = uri.attributes["schemeID"].map { "\($0):\(uri.text)" } ?? uri.text
        }
        if let address = element.child("PostalTradeAddress") {
            party.address.isPresent = true
            party.address.lines = ["LineOne", "LineTwo", "LineThree"].compactMap { address.value($0) }
            party.address.city = address.value("CityName")
            party.address.postalCode = address.value("PostcodeCode")
            party.address.region = address.value("CountrySubDivisionName")
            party.address.country = address.value("CountryID")
        }
        let contact = element.child("DefinedTradeContact")
        party.contactName = contact?.value("PersonName")
        party.contactPhone = contact?.value("TelephoneUniversalCommunication", "CompleteNumber")
        party.contactEmail = contact?.value("EmailURIUniversalCommunication", "URIID")
        return party
    }

    private func line(in element: XElement, _ currency: Currency, _ reading: inout Reading) -> ReceivedDocument.Line {
        let product = element.child("SpecifiedTradeProduct")
        let agreement = element.child("SpecifiedLineTradeAgreement")
        let quantity = element.path("SpecifiedLineTradeDelivery", "BilledQuantity")
        let settlement = element.child("SpecifiedLineTradeSettlement")
        let net = agreement?.child("NetPriceProductTradePrice")
        var line = ReceivedDocument.Line(
            id: element.value("AssociatedDocumentLineDocument", "LineID") ?? "",
            note: element.child("AssociatedDocumentLineDocument")?.children("IncludedNote").compactMap { $0.value("Content") }.joined(separator: "\n").nonEmpty,
            name: product?.value("Name") ?? "", description: product?.value("Description"), sellerItemID: product?.value("SellerAssignedID"),
            quantity: reading.decimal(quantity), unit: quantity?.attributes["unitCode"],
            netPrice: reading.decimal(net?.child("ChargeAmount")),
            grossPrice: reading.decimal(agreement?.path("GrossPriceProductTradePrice", "ChargeAmount")),
            baseQuantity: reading.decimal(net?.child("BasisQuantity")),
            net: reading.money(settlement?.path("SpecifiedTradeSettlementLineMonetarySummation", "LineTotalAmount"), currency, field: "BT-131",
                               required: "BR-24", "line \(element.value("AssociatedDocumentLineDocument", "LineID") ?? "?")'s net amount"),
            taxCategory: settlement?.value("ApplicableTradeTax", "CategoryCode"),
            taxRate: reading.decimal(settlement?.path("ApplicableTradeTax", "RateApplicablePercent")))
        line.allowancesCharges = (settlement?.children("SpecifiedTradeAllowanceCharge") ?? []).map { allowanceCharge($0, currency, onLine: true, &reading) }
        line.exactNet = reading.exact(settlement?.path("SpecifiedTradeSettlementLineMonetarySummation", "LineTotalAmount"))
        line.periodStart = day(settlement?.value("BillingSpecifiedPeriod", "StartDateTime", "DateTimeString"))
        line.periodEnd = day(settlement?.value("BillingSpecifiedPeriod", "EndDateTime", "DateTimeString"))
        line.status = element.value("AssociatedDocumentLineDocument", "LineStatusReasonCode")
        line.parentID = element.value("AssociatedDocumentLineDocument", "ParentLineID")
        return line
    }

    private func allowanceCharge(_ element: XElement, _ currency: Currency, onLine: Bool, _ reading: inout Reading) -> ReceivedDocument.AllowanceCharge {
        let isCharge = element.value("ChargeIndicator", "Indicator")?.lowercased() == "true"
        let rule = AllowanceChargeRule(isCharge: isCharge, onLine: onLine)
        return ReceivedDocument.AllowanceCharge(
            isCharge: isCharge,
            amount: reading.money(element.child("ActualAmount"), currency, field: rule.field, required: rule.rule, rule.what),
            base: reading.money(element.child("BasisAmount"), currency, field: "BT-93/BT-100"),
            percent: reading.decimal(element.child("CalculationPercent")),
            reason: element.value("Reason"), reasonCode: element.value("ReasonCode"),
            taxCategory: element.value("CategoryTradeTax", "CategoryCode"), taxRate: reading.decimal(element.path("CategoryTradeTax", "RateApplicablePercent")))
    }
}
