import InvoicBook
import InvoicEInvoice
import InvoicMoney

/// A received document as the checks, the view, the PDF and the purchase record read it: its
/// EN 16931 model (`model`, the same `InvoiceModel` the book's documents become on the way out)
/// and the reader's envelope around it, which holds what is no business term of one document:
/// the syntax, BT-24 as written (and the profile it names), what the reading found, the
/// attachments, the payee (BG-10), every account (BG-17 repeats) and preceding invoice (BG-3
/// repeats; the model's `payeeAccount` and `preceding` are the first), and the notes as written
/// (with XRechnung's `#ADU#` subject codes; the model's are read as text).
public struct ReceivedInvoice: Sendable {
    public var model: InvoiceModel
    public var syntax: ReceivedDocument.Syntax
    /// BT-24 as written.
    public var customization: String?
    /// The findings of the reading: amounts read against the rules, the XML Schema, the syntax
    /// rules on the XML, a type code read from the root element.
    public var readingProblems: [Finding]
    public var attachments: [ReceivedDocument.Attachment]
    public var payee: InvoiceModel.Party?
    public var accounts: [(iban: String, name: String?, bic: String?)]
    public var corrects: [(number: String, issued: Day?)]
    public var notes: [String]

    public init(_ document: ReceivedDocument) {
        model = InvoiceModel(received: document)
        syntax = document.syntax
        customization = document.customization
        readingProblems = document.readingProblems
        attachments = document.attachments
        payee = document.payee.map(InvoiceModel.party)
        accounts = document.payment.accounts
        corrects = document.corrects
        notes = document.notes
    }

    /// `invoice` or `credit-note`, as the record and the file names say it.
    public var kindName: String { model.kind == .creditNote ? "credit-note" : "invoice" }

    /// XRechnung's extension (CIUS plus sub-invoice lines and third-party payments), whose rules
    /// replace some of EN 16931's.
    public var isXRechnungExtension: Bool {
        customization?.lowercased().contains("kosit:extension:xrechnung") == true
    }

    /// The Factur-X / ZUGFeRD profile (or XRechnung, Peppol), from BT-24, when the document names one.
    public var profile: String? {
        guard let id = customization?.lowercased() else { return nil }
        if id.contains("xrechnung") { return "XRECHNUNG" }
        if id.contains("peppol") { return "PEPPOL BIS" }
        if id.contains("minimum") { return "MINIMUM" }
        if id.contains("basicwl") { return "BASIC WL" }
        if id.contains("basic") { return "BASIC" }
        if id.contains("extended") { return "EXTENDED" }
        if id.contains("en16931") { return "EN 16931" }
        return nil
    }

    /// The amount due the document's own figures give: BT-112 - BT-113 + BT-114 (less what a
    /// FatturaPA withholds), and with `thirdParty` the XRechnung extension's third-party payments
    /// on top (BR-DEX-09). Nil without a total (BT-112). What BR-CO-16 holds BT-115 to, and what
    /// a view asks for.
    public func dueByFigures(thirdParty: Bool = true) -> Int128? {
        guard let total = model.stated(.taxInclusive) else { return nil }
        return Int128(total) - Int128(model.stated(.prepaid) ?? 0) + Int128(model.stated(.rounding) ?? 0) - Int128(model.withheld ?? 0)
            + (thirdParty ? Int128(model.thirdPartyPaid ?? 0) : 0)
    }

    /// How the document is written: syntax, profile, BT-24 and BT-3 (`CII · EN 16931 · urn:... · 380`).
    public var format: String {
        [syntax.rawValue, profile, customization, model.typeCode].compactMap { $0 }.joined(separator: " · ")
    }

    /// An amount of the document's currency.
    func money(_ minorUnits: Int64) -> Money { Money(minorUnits, model.currency) }
}

/// A VAT category and rate as a received document writes them (`stated`), the code as text.
extension InvoiceModel.Line {
    var statedCategory: String? { stated?.category?.code }
    var statedRate: DecimalNumber? { stated?.rate }
}

extension InvoiceModel.AllowanceCharge {
    var statedCategory: String? { stated?.category?.code }
    var statedRate: DecimalNumber? { stated?.rate }
}

extension InvoiceModel.TaxGroup {
    /// A received group always writes its category (possibly empty); the book's is its tax's.
    var statedCategory: String { stated?.category?.code ?? tax.category.rawValue }
    var statedRate: DecimalNumber? { stated?.rate }
}

extension InvoiceModel.Party {
    /// BT-34 / BT-49 as written, `scheme:id`.
    var electronicAddress: String? { endpoint.map { $0.scheme.isEmpty ? $0.id : "\($0.scheme):\($0.id)" } }
}

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
        taxPointDate = document.taxPointDate
        statedTaxCurrency = document.taxCurrency
        businessProcess = document.businessProcess
        // BT-111 in the currency its amount is written in (BT-6 names it, or not: `statedTaxCurrency`).
        if let amount = document.totals.taxInTaxCurrency { taxCurrency = (amount.currency, amount.minorUnits) }
        notes = document.notes.map(ReceivedPDF.noteText).filter { !$0.isEmpty }
        buyerReference = document.buyerReference
        projectReference = document.project
        contract = document.contract
        order = document.order
        if let start = document.periodStart, let end = document.periodEnd { period = DayRange(from: start, to: end) }
        if document.periodStart != nil || document.periodEnd != nil { statedPeriod = (document.periodStart, document.periodEnd) }
        preceding = document.corrects.first
        deliveryDate = document.deliveryDate
        taxRepresentative = document.taxRepresentative.map(InvoiceModel.party)
        // The representative's VAT identifier as BR-S-02 and its kin read it (its first VAT
        // registration), whether or not the party names others.
        taxRepresentative?.vatID = document.taxRepresentativeVATID
        // BT-80, the country delivered to (what BR-IC-12 asks of an intra-community supply).
        if let country = document.deliverToCountry { deliverTo = (nil, Address(country: country)) }

        let payment = document.payment
        paymentMeans = payment.meansCode.map(PaymentMeans.init(code:))
        paymentMeansText = payment.meansText
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
            entry.statedPercent = adjustment.percent
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
                            var entry = AllowanceCharge(isCharge: $0.isCharge, amount: $0.amount.minorUnits, base: $0.base?.minorUnits,
                                                        percent: $0.percent.map(ReceivedPDF.rate), reason: $0.reason, code: $0.reasonCode)
                            entry.stated = Self.stated($0.taxCategory, $0.taxRate)
                            entry.statedPercent = $0.percent
                            return entry
                        },
                        name: line.name, description: line.description, sellerItemID: line.sellerItemID,
                        tax: ReceivedPDF.taxRate(line.taxCategory, line.taxRate), price: line.netPrice ?? Self.decimal(line.net),
                        baseQuantity: line.baseQuantity, grossPrice: line.grossPrice)
            entry.stated = Self.stated(line.taxCategory, line.taxRate)
            entry.exactNet = line.exactNet
            (entry.subtype, entry.parentID) = (line.status, line.parentID)
            entry.written = Line.Written(quantity: line.quantity, unit: line.unit, price: line.netPrice, periodStart: line.periodStart, periodEnd: line.periodEnd)
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
        let stated: [(Figure, Money?)] = [(.lineTotal, totals.lines), (.allowanceTotal, totals.allowances), (.chargeTotal, totals.charges),
                                          (.taxExclusive, totals.net), (.taxTotal, totals.tax), (.taxInclusive, totals.total),
                                          (.prepaid, totals.prepaid), (.rounding, totals.rounding)]
        absent = Set(stated.filter { $0.1 == nil }.map(\.0))
        thirdPartyPaid = totals.thirdPartyPaid?.minorUnits
        withheld = totals.withheld?.minorUnits
    }

    static func party(_ party: ReceivedDocument.Party) -> Party {
        let street = party.address.lines.joined(separator: "\n")
        let address = Address(street: street.isEmpty ? nil : street, city: party.address.city, region: party.address.region,
                              postalCode: party.address.postalCode, country: party.address.country)
        var model = Party(name: party.name, address: [address.street, address.city, address.postalCode, address.country, address.region].allSatisfy { $0 == nil } ? nil : address,
                          vatID: party.vatID, taxNumber: party.taxNumber, legalID: party.legalID.map { (nil, $0) })
        if let written = party.electronicAddress {
            let parts = written.split(separator: ":", maxSplits: 1).map(String.init)
            model.endpoint = parts.count == 2 ? (parts[0], parts[1]) : ("", written)
        }
        model.tradingName = party.tradingName
        model.nameIsTradingName = party.nameIsTradingName
        model.writtenIdentifiers = party.identifiers
        model.writtenAddressLines = party.address.isPresent ? party.address.lines : nil
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
