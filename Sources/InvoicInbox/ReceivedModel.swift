import InvoicBook
import InvoicEInvoice
import InvoicMoney

extension InvoiceModel {
    /// A received document in the EN 16931 model the book's documents become on the way out: the
    /// way in. Every figure is the supplier's as stated; where the document leaves out a total the
    /// model needs, it is the one its other stated figures give (as the view always did), and the
    /// findings say what is missing. `ReceivedDocument` stays the reader's record of what the file
    /// wrote (absences, several accounts, attachments, the payee) for the rule checks and the
    /// view's appendix.
    public init(received document: ReceivedDocument) {
        self.init(kind: document.kind == .creditNote ? .creditNote : .invoice, typeCode: document.typeCode, number: document.number,
                  issued: document.issued, currency: document.currency,
                  seller: Self.party(document.seller), buyer: Self.party(document.buyer))
        dueDate = document.due
        if let other = document.taxCurrency, let amount = document.totals.taxInTaxCurrency { taxCurrency = (other, amount.minorUnits) }
        notes = document.notes.map(ReceivedPDF.noteText).filter { !$0.isEmpty }
        buyerReference = document.buyerReference
        projectReference = document.project
        contract = document.contract
        order = document.order
        if let start = document.periodStart, let end = document.periodEnd { period = DayRange(from: start, to: end) }
        if document.periodStart != nil || document.periodEnd != nil { statedPeriod = (document.periodStart, document.periodEnd) }
        preceding = document.corrects.first
        deliveryDate = document.deliveryDate
        taxRepresentative = document.taxRepresentative.map(Self.party)
        // BT-80, the country delivered to (what BR-IC-12 asks of an intra-community supply).
        if let country = document.deliverToCountry { deliverTo = (nil, Address(country: country)) }

        let payment = document.payment
        paymentMeans = payment.meansCode.map(PaymentMeans.init(code:))
        remittance = payment.reference
        if let account = payment.accounts.first { payeeAccount = (account.iban, account.name ?? document.payee?.name, account.bic) }
        mandate = payment.mandate
        debitedAccount = payment.debitedAccount
        paymentTerms = payment.terms

        allowancesCharges = document.allowancesCharges.map { adjustment in
            var entry = AllowanceCharge(isCharge: adjustment.isCharge, amount: adjustment.amount.minorUnits, base: adjustment.base?.minorUnits,
                                        percent: adjustment.percent.map(ReceivedPDF.rate), reason: adjustment.reason, code: adjustment.reasonCode,
                                        tax: ReceivedPDF.taxRate(adjustment.taxCategory, adjustment.taxRate))
            entry.stated = Self.stated(adjustment.taxCategory, adjustment.taxRate)
            return entry
        }
        taxGroups = document.taxes.map { group in
            var entry = TaxGroup(tax: ReceivedPDF.taxRate(group.category, group.rate), taxable: group.taxable.minorUnits, amount: group.tax.minorUnits,
                                 exemptionReason: group.exemptionReason, exemptionCode: group.exemptionCode)
            entry.stated = Self.stated(group.category, group.rate)
            return entry
        }
        lines = document.lines.map { line in
            // BT-146 and BT-129 are mandatory (BR-26, BR-22): without a net price the line is its
            // net amount once, as the findings report.
            let priced = line.netPrice != nil
            var entry = Line(id: line.id, note: line.note, quantity: priced ? line.quantity ?? DecimalNumber(integer: 1) : DecimalNumber(integer: 1),
                        unitCode: line.unit ?? "C62", net: line.net.minorUnits,
                        period: line.periodStart.flatMap { start in line.periodEnd.map { DayRange(from: start, to: $0) } },
                        allowancesCharges: line.allowancesCharges.map {
                            AllowanceCharge(isCharge: $0.isCharge, amount: $0.amount.minorUnits, base: $0.base?.minorUnits,
                                            percent: $0.percent.map(ReceivedPDF.rate), reason: $0.reason, code: $0.reasonCode)
                        },
                        name: line.name, description: line.description, sellerItemID: line.sellerItemID,
                        tax: ReceivedPDF.taxRate(line.taxCategory, line.taxRate), price: line.netPrice ?? Self.decimal(line.net),
                        baseQuantity: line.baseQuantity, grossPrice: line.grossPrice)
            entry.stated = Self.stated(line.taxCategory, line.taxRate)
            entry.exactNet = line.exactNet
            (entry.subtype, entry.parentID) = (line.status, line.parentID)
            return entry
        }

        let totals = document.totals
        let lineSum = document.lines.filter(\.countsInTotals).reduce(Int64(0)) { $0 &+ $1.net.minorUnits }
        lineTotal = totals.lines?.minorUnits ?? (document.lines.isEmpty ? totals.net?.minorUnits ?? 0 : lineSum)
        allowanceTotal = totals.allowances?.minorUnits ?? 0
        chargeTotal = totals.charges?.minorUnits ?? 0
        taxTotal = totals.tax?.minorUnits ?? document.taxes.reduce(Int64(0)) { $0 &+ $1.tax.minorUnits }
        prepaid = totals.prepaid?.minorUnits ?? 0
        rounding = totals.rounding?.minorUnits ?? 0
        payable = totals.payable.minorUnits
        taxInclusive = totals.total?.minorUnits ?? (payable &+ prepaid &- rounding)
        taxExclusive = totals.net?.minorUnits ?? (taxInclusive &- taxTotal)
    }

    private static func party(_ party: ReceivedDocument.Party) -> Party {
        let street = party.address.lines.joined(separator: "\n")
        let address = Address(street: street.isEmpty ? nil : street, city: party.address.city, region: party.address.region,
                              postalCode: party.address.postalCode, country: party.address.country)
        var model = Party(name: party.name, address: [address.street, address.city, address.postalCode, address.country].allSatisfy { $0 == nil } ? nil : address,
                          vatID: party.vatID, taxNumber: party.taxNumber, legalID: party.legalID.map { (nil, $0) })
        if let written = party.electronicAddress {
            let parts = written.split(separator: ":", maxSplits: 1).map(String.init)
            model.endpoint = parts.count == 2 ? (parts[0], parts[1]) : ("", written)
        }
        model.tradingName = party.tradingName
        model.nameIsTradingName = party.nameIsTradingName
        if party.contactName != nil || party.contactPhone != nil || party.contactEmail != nil {
            model.contact = ContactPoint(name: party.contactName, phone: party.contactPhone, email: party.contactEmail)
        }
        return model
    }

    /// The category and rate as written; nil when the document states neither.
    private static func stated(_ category: String?, _ rate: DecimalNumber?) -> StatedTax? {
        category == nil && rate == nil ? nil : StatedTax(category: category.map(Category.init(code:)), rate: rate)
    }

    private static func decimal(_ money: Money) -> DecimalNumber {
        DecimalNumber(significand: Int128(money.minorUnits), scale: money.currency.exponent) ?? DecimalNumber(integer: 0)
    }
}
