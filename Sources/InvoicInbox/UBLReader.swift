import InvoicBook
import InvoicMoney

/// UBL 2.1 Invoice and CreditNote, as EN 16931's UBL binding maps them (and XRechnung's and
/// Peppol BIS's, which are the same elements).
struct UBL {
    let root: XElement
    let isCreditNote: Bool

    func read(_ reading: inout Reading) throws(Refusal) -> ReceivedDocument {
        guard let number = root.value("ID") else { throw missing("its number (cbc:ID, BT-1)") }
        guard let issued = day(root.value("IssueDate")) else { throw missing("its issue date (cbc:IssueDate, BT-2)") }
        let currencyCode = root.value("DocumentCurrencyCode") ?? ""
        guard let currency = Currency.named(currencyCode) else {
            throw Refusal("the invoice names no known currency (cbc:DocumentCurrencyCode `\(currencyCode)`)", help: "BT-5 must be an ISO 4217 code such as EUR; ask the supplier for a corrected invoice")
        }
        guard let totals = root.child("LegalMonetaryTotal") else { throw missing("its totals (cac:LegalMonetaryTotal, BG-22)") }
        let typeCodeElement = isCreditNote ? "CreditNoteTypeCode" : "InvoiceTypeCode"
        let typeCode = root.value(typeCodeElement) ?? (isCreditNote ? "381" : "380")
        if root.value(typeCodeElement) == nil {
            reading.problems.append(Finding(rule: "BR-04", message: "the type code (cbc:\(typeCodeElement), BT-3) is missing; read as \(typeCode) from the root element"))
        }

        var taxTotal: Money?
        var taxInTaxCurrency: Money?
        let taxCurrency = root.value("TaxCurrencyCode").flatMap(Currency.named)
        var groups: [ReceivedDocument.TaxGroup] = []
        for total in root.children("TaxTotal") {
            let amount = total.child("TaxAmount")
            if let code = amount?.attributes["currencyID"], code != currency.code, let other = Currency.named(code) {
                taxInTaxCurrency = reading.money(amount, other, field: "BT-111")
                continue
            }
            taxTotal = reading.money(amount, currency, field: "BT-110")
            for subtotal in total.children("TaxSubtotal") {
                let category = subtotal.child("TaxCategory")
                groups.append(ReceivedDocument.TaxGroup(
                    category: category?.value("ID") ?? "",
                    rate: reading.decimal(category?.child("Percent")),
                    taxable: reading.money(subtotal.child("TaxableAmount"), currency, field: "BT-116", required: "BR-45", "a VAT group's taxable amount"),
                    tax: reading.money(subtotal.child("TaxAmount"), currency, field: "BT-117", required: "BR-46", "a VAT group's tax"),
                    exemptionReason: category?.value("TaxExemptionReason"),
                    exemptionCode: category?.value("TaxExemptionReasonCode")))
            }
        }
        guard let payable = reading.money(totals.child("PayableAmount"), currency, field: "BT-115") else {
            throw reading.malformed(totals.child("PayableAmount"), "the amount due (cbc:PayableAmount, BT-115)") ?? missing("the amount due (cbc:PayableAmount, BT-115)")
        }

        var document = ReceivedDocument(
            syntax: .ubl, customization: root.value("CustomizationID"), businessProcess: root.value("ProfileID"),
            number: number, typeCode: typeCode,
            kind: isCreditNote || EInvoiceReader.creditNoteCodes.contains(typeCode) ? .creditNote : .invoice,
            issued: issued, currency: currency,
            seller: party(root.path("AccountingSupplierParty", "Party")),
            buyer: party(root.path("AccountingCustomerParty", "Party")),
            totals: ReceivedDocument.Totals(
                lines: reading.money(totals.child("LineExtensionAmount"), currency, field: "BT-106"),
                allowances: reading.money(totals.child("AllowanceTotalAmount"), currency, field: "BT-107"),
                charges: reading.money(totals.child("ChargeTotalAmount"), currency, field: "BT-108"),
                net: reading.money(totals.child("TaxExclusiveAmount"), currency, field: "BT-109"),
                tax: taxTotal, taxInTaxCurrency: taxInTaxCurrency,
                total: reading.money(totals.child("TaxInclusiveAmount"), currency, field: "BT-112"),
                prepaid: reading.money(totals.child("PrepaidAmount"), currency, field: "BT-113"),
                rounding: reading.money(totals.child("PayableRoundingAmount"), currency, field: "BT-114"),
                payable: payable),
            payment: ReceivedDocument.Payment())
        document.taxes = groups
        let thirdParty = root.children("PrepaidPayment").compactMap { reading.money($0.child("PaidAmount"), currency, field: "BT-DEX-002") }
        if !thirdParty.isEmpty { document.totals.thirdPartyPaid = Money(thirdParty.reduce(Int64(0)) { $0 &+ $1.minorUnits }, currency) }
        document.taxCurrency = taxCurrency
        document.due = day(root.value("DueDate")) ?? day(root.children("PaymentMeans").lazy.compactMap { $0.value("PaymentDueDate") }.first)
        document.taxPointDate = day(root.value("TaxPointDate"))
        document.deliveryDate = day(root.value("Delivery", "ActualDeliveryDate"))
        document.deliverToCountry = root.value("Delivery", "DeliveryLocation", "Address", "Country", "IdentificationCode")
        document.periodStart = day(root.value("InvoicePeriod", "StartDate"))
        document.periodEnd = day(root.value("InvoicePeriod", "EndDate"))
        document.buyerReference = root.value("BuyerReference")
        document.order = root.value("OrderReference", "ID")
        document.contract = root.value("ContractDocumentReference", "ID")
        document.project = root.value("ProjectReference", "ID")
        document.corrects = root.children("BillingReference").compactMap { reference in
            guard let invoice = reference.child("InvoiceDocumentReference"), let id = invoice.value("ID") else { return nil }
            return (id, day(invoice.value("IssueDate")))
        }
        if let payee = root.child("PayeeParty") { document.payee = party(payee) }
        if let representative = root.child("TaxRepresentativeParty") { document.taxRepresentative = party(representative) }
        document.taxRepresentativeVATID = root.child("TaxRepresentativeParty")?.children("PartyTaxScheme")
            .first { $0.value("TaxScheme", "ID")?.uppercased() == "VAT" }?.value("CompanyID")
        document.notes = root.children("Note").map(\.text).filter { !$0.isEmpty }
        document.lines = root.children(isCreditNote ? "CreditNoteLine" : "InvoiceLine").map { line(in: $0, currency, &reading) }
        document.allowancesCharges = root.children("AllowanceCharge").map { allowanceCharge($0, currency, onLine: false, &reading) }

        var payment = ReceivedDocument.Payment()
        payment.terms = root.children("PaymentTerms").compactMap { $0.value("Note") }.joined(separator: "\n").nonEmpty
        for means in root.children("PaymentMeans") {
            payment.meansCode = payment.meansCode ?? means.value("PaymentMeansCode")
            payment.meansText = payment.meansText ?? means.child("PaymentMeansCode")?.attributes["name"]
            payment.reference = payment.reference ?? means.value("PaymentID")
            if let account = means.child("PayeeFinancialAccount"), let id = account.value("ID") {
                payment.accounts.append((id, account.value("Name"), account.value("FinancialInstitutionBranch", "ID")))
            }
            payment.mandate = payment.mandate ?? means.value("PaymentMandate", "ID")
            payment.debitedAccount = payment.debitedAccount ?? means.value("PaymentMandate", "PayerFinancialAccount", "ID")
        }
        document.payment = payment
        document.attachments = root.children("AdditionalDocumentReference").compactMap { reference in
            guard let id = reference.value("ID") else { return nil }
            let object = reference.path("Attachment", "EmbeddedDocumentBinaryObject")
            return ReceivedDocument.Attachment(
                id: id, description: reference.value("DocumentDescription"),
                filename: object?.attributes["filename"], mimeCode: object?.attributes["mimeCode"],
                data: object.flatMap { base64Bytes($0.text) },
                uri: reference.value("Attachment", "ExternalReference", "URI"))
        }
        return document
    }

    private func missing(_ what: String) -> Refusal {
        Refusal("the UBL \(isCreditNote ? "credit note" : "invoice") lacks \(what)", help: "it is not a complete EN 16931 invoice; ask the supplier to send it again")
    }

    private func party(_ element: XElement?) -> ReceivedDocument.Party {
        guard let element else { return ReceivedDocument.Party(name: "") }
        let legal = element.child("PartyLegalEntity")
        var party = ReceivedDocument.Party(name: legal?.value("RegistrationName") ?? element.value("PartyName", "Name") ?? "")
        party.nameIsTradingName = legal?.value("RegistrationName") == nil && !party.name.isEmpty
        party.tradingName = element.value("PartyName", "Name").flatMap { $0 == party.name ? nil : $0 }
        party.legalID = legal?.value("CompanyID")
        for scheme in element.children("PartyTaxScheme") {
            guard let id = scheme.value("CompanyID") else { continue }
            if scheme.value("TaxScheme", "ID")?.uppercased() == "VAT" { party.vatID = id } else { party.taxNumber = id }
        }
        party.identifiers = element.children("PartyIdentification").compactMap { identification in
            guard let id = identification.child("ID") else { return nil }
            return id.attributes["schemeID"].map { "\($0):\(id.text)" } ?? id.text
        }
        if let endpoint = element.child("EndpointID"), !endpoint.text.isEmpty {
            party.electronicAddress = endpoint.attributes["schemeID"].map { "\($0):\(endpoint.text)" } ?? endpoint.text
        }
        if let address = element.child("PostalAddress") {
            party.address.isPresent = true
            party.address.lines = ["StreetName", "AdditionalStreetName"].compactMap { address.value($0) }
                + (address.child("AddressLine")?.value("Line").map { [$0] } ?? [])
            party.address.city = address.value("CityName")
            party.address.postalCode = address.value("PostalZone")
            party.address.region = address.value("CountrySubentity")
            party.address.country = address.value("Country", "IdentificationCode")
        }
        party.contactName = element.value("Contact", "Name")
        party.contactPhone = element.value("Contact", "Telephone")
        party.contactEmail = element.value("Contact", "ElectronicMail")
        return party
    }

    private func line(in element: XElement, _ currency: Currency, _ reading: inout Reading) -> ReceivedDocument.Line {
        let quantity = element.child(isCreditNote ? "CreditedQuantity" : "InvoicedQuantity") ?? element.child("InvoicedQuantity")
        let item = element.child("Item")
        let price = element.child("Price")
        let priceAllowance = price?.children("AllowanceCharge").first
        var line = ReceivedDocument.Line(
            id: element.value("ID") ?? "", note: element.children("Note").map(\.text).joined(separator: "\n").nonEmpty,
            name: item?.value("Name") ?? "", description: item?.value("Description"),
            sellerItemID: item?.value("SellersItemIdentification", "ID"),
            quantity: reading.decimal(quantity), unit: quantity?.attributes["unitCode"],
            netPrice: reading.decimal(price?.child("PriceAmount")), grossPrice: reading.decimal(priceAllowance?.child("BaseAmount")),
            baseQuantity: reading.decimal(price?.child("BaseQuantity")),
            net: reading.money(element.child("LineExtensionAmount"), currency, field: "BT-131", required: "BR-24", "line \(element.value("ID") ?? "?")'s net amount"),
            taxCategory: item?.value("ClassifiedTaxCategory", "ID"),
            taxRate: reading.decimal(item?.path("ClassifiedTaxCategory", "Percent")))
        line.allowancesCharges = element.children("AllowanceCharge").map { allowanceCharge($0, currency, onLine: true, &reading) }
        line.exactNet = reading.exact(element.child("LineExtensionAmount"))
        line.periodStart = day(element.value("InvoicePeriod", "StartDate"))
        line.periodEnd = day(element.value("InvoicePeriod", "EndDate"))
        return line
    }

    private func allowanceCharge(_ element: XElement, _ currency: Currency, onLine: Bool, _ reading: inout Reading) -> ReceivedDocument.AllowanceCharge {
        let isCharge = element.value("ChargeIndicator")?.lowercased() == "true"
        let rule = AllowanceChargeRule(isCharge: isCharge, onLine: onLine)
        return ReceivedDocument.AllowanceCharge(
            isCharge: isCharge,
            amount: reading.money(element.child("Amount"), currency, field: rule.field, required: rule.rule, rule.what),
            base: reading.money(element.child("BaseAmount"), currency, field: "BT-93/BT-100"),
            percent: reading.decimal(element.child("MultiplierFactorNumeric")),
            reason: element.value("AllowanceChargeReason"), reasonCode: element.value("AllowanceChargeReasonCode"),
            taxCategory: element.value("TaxCategory", "ID"), taxRate: reading.decimal(element.path("TaxCategory", "Percent")))
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
