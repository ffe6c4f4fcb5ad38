import InvoicBook
import InvoicMoney
import InvoicReport

/// An invoice or credit note in EN 16931's terms (the BT- and BG- of the semantic model), in both
/// directions: built once from a priced document of the book and written by each syntax (UBL and
/// CII read only this), and built from a received document (InvoicInbox) for the PDF renderer's
/// view of it (InvoicPDF). Amounts are minor units of `currency`; texts are as their author wrote them.
public struct InvoiceModel: Sendable {
    public enum Kind: Sendable { case invoice, creditNote }

    /// A VAT category code as a document writes it (UNCL 5305): one EN 16931 knows, or any other
    /// text, kept so a received document's checks can name it rather than take it for another.
    public enum Category: Sendable, Hashable {
        case known(TaxCategory)
        case other(String)

        public init(code: String) { self = TaxCategory(rawValue: code).map(Category.known) ?? .other(code) }

        public var code: String {
            switch self {
            case .known(let category): category.rawValue
            case .other(let code): code
            }
        }
    }

    /// A VAT category and rate exactly as a received document states them (BT-151/152 on a line,
    /// BT-95/96 and BT-102/103 on an allowance or charge, BT-118/119 in the breakdown): the code
    /// even outside EN 16931, the rate with every decimal written, nil where the document has
    /// none. `tax` beside it is what the renderer and the writers read (an unknown code read as
    /// standard, an absent rate as 0, the rate in thousandths of a percent); the book's own
    /// documents state exactly their `tax`, so theirs is nil.
    public struct StatedTax: Sendable, Hashable {
        public var category: Category?
        public var rate: DecimalNumber?

        public init(category: Category?, rate: DecimalNumber?) {
            self.category = category
            self.rate = rate
        }
    }

    public struct Party: Sendable {
        public var name: String
        public var address: Address?
        public var vatID: String?
        public var taxNumber: String?
        public var legalID: (scheme: String?, id: String)?
        /// The party identifier (BT-29, BT-46): a French establishment's SIRET under scheme 0009.
        public var identifier: (scheme: String, id: String)?
        public var endpoint: (scheme: String, id: String)?
        public var contact: ContactPoint?
        /// BT-28 / BT-45, when the document names one beside the legal name.
        public var tradingName: String?
        /// True when a received document names no legal name (BT-27 / BT-44) and `name` is its
        /// trading name: BR-06 / BR-07 are broken though a name is shown. Never for the book's.
        public var nameIsTradingName = false
        /// Every party identifier a received document writes (BT-29, BT-46, `scheme:id`), as
        /// written; empty for the book's, whose one is `identifier`.
        public var writtenIdentifiers: [String] = []
        /// The address lines (BT-35..37, BT-50..52) a received document writes, one a line, and
        /// whether it has the address group at all (BG-5 / BG-8: BR-08 / BR-10 when not): nil when
        /// it has none. `address` holds the same for the renderer. Nil for the book's.
        public var writtenAddressLines: [String]?

        public init(name: String, address: Address? = nil, vatID: String? = nil, taxNumber: String? = nil,
                    legalID: (scheme: String?, id: String)? = nil, endpoint: (scheme: String, id: String)? = nil, contact: ContactPoint? = nil) {
            self.name = name
            self.address = address
            self.vatID = vatID
            self.taxNumber = taxNumber
            self.legalID = legalID
            self.endpoint = endpoint
            self.contact = contact
        }
    }

    public struct AllowanceCharge: Sendable {
        public var isCharge: Bool
        public var amount: Int64
        public var base: Int64?
        public var percent: Rate?
        public var reason: String?
        public var code: String?
        /// The tax group of a document-level one; nil on a line.
        public var tax: TaxRate?
        /// BT-95/96, BT-102/103 as a received document writes them; nil for the book's.
        public var stated: StatedTax?
        /// BT-94 / BT-101 with every decimal a received document writes (`percent` is it in
        /// thousandths of a percent); nil for the book's, whose `percent` is exact.
        public var statedPercent: DecimalNumber?

        public init(isCharge: Bool, amount: Int64, base: Int64? = nil, percent: Rate? = nil, reason: String? = nil, code: String? = nil, tax: TaxRate? = nil) {
            self.isCharge = isCharge
            self.amount = amount
            self.base = base
            self.percent = percent
            self.reason = reason
            self.code = code
            self.tax = tax
        }
    }

    public struct TaxGroup: Sendable {
        public var tax: TaxRate
        public var taxable: Int64
        public var amount: Int64
        public var exemptionReason: String?
        public var exemptionCode: String?
        /// BT-118, BT-119 as a received document writes them; nil for the book's.
        public var stated: StatedTax?

        public init(tax: TaxRate, taxable: Int64, amount: Int64, exemptionReason: String? = nil, exemptionCode: String? = nil) {
            self.tax = tax
            self.taxable = taxable
            self.amount = amount
            self.exemptionReason = exemptionReason
            self.exemptionCode = exemptionCode
        }
    }

    public struct Line: Sendable {
        public var id: String
        public var note: String?
        public var quantity: DecimalNumber
        public var unitCode: String
        public var net: Int64
        public var period: DayRange?
        public var allowancesCharges: [AllowanceCharge]
        public var name: String
        public var description: String?
        public var sellerItemID: String?
        public var tax: TaxRate
        public var price: DecimalNumber
        public var baseQuantity: DecimalNumber?
        public var grossPrice: DecimalNumber?
        /// BT-151, BT-152 as a received document writes them; nil for the book's.
        public var stated: StatedTax?
        /// BT-131 exactly as a received document writes it, with every decimal (`net` is it
        /// rounded to the currency): CEN's BR-CO-10 and BR-x-08 add these and round the sum.
        /// Nil for the book's documents, whose `net` is exact.
        public var exactNet: DecimalNumber?
        /// Factur-X EXTENDED's sub-invoice lines, as a received document writes them: the line's
        /// subtype (BT-X-8: DETAIL, GROUP or INFORMATION) and the line it belongs to (BT-X-304).
        public var subtype: String?
        public var parentID: String?
        /// BT-129, BT-130, BT-146 and the line's period as a received document writes them, each
        /// nil where it has none (`quantity`, `unitCode`, `price` and `period` hold what the
        /// renderer shows then); nil for the book's lines, which state every one.
        public var written: Written?

        public struct Written: Sendable {
            public var quantity: DecimalNumber?
            public var unit: String?
            public var price: DecimalNumber?
            public var periodStart: Day?
            public var periodEnd: Day?
            public init(quantity: DecimalNumber?, unit: String?, price: DecimalNumber?, periodStart: Day?, periodEnd: Day?) {
                (self.quantity, self.unit, self.price, self.periodStart, self.periodEnd) = (quantity, unit, price, periodStart, periodEnd)
            }
        }

        /// Whether BT-131 adds to the sum of line nets (BT-106) and the tax groups: a GROUP line
        /// is the subtotal of its DETAIL lines and an INFORMATION line is for reading only
        /// (Factur-X EXTENDED's BR-FXEXT-CO-10 sums the lines with no subtype or DETAIL).
        public var countsInTotals: Bool { subtype == nil || subtype?.uppercased() == "DETAIL" }

        public init(id: String, note: String? = nil, quantity: DecimalNumber, unitCode: String, net: Int64, period: DayRange? = nil,
                    allowancesCharges: [AllowanceCharge] = [], name: String, description: String? = nil, sellerItemID: String? = nil,
                    tax: TaxRate, price: DecimalNumber, baseQuantity: DecimalNumber? = nil, grossPrice: DecimalNumber? = nil) {
            self.id = id
            self.note = note
            self.quantity = quantity
            self.unitCode = unitCode
            self.net = net
            self.period = period
            self.allowancesCharges = allowancesCharges
            self.name = name
            self.description = description
            self.sellerItemID = sellerItemID
            self.tax = tax
            self.price = price
            self.baseQuantity = baseQuantity
            self.grossPrice = grossPrice
        }
    }

    public var kind: Kind
    /// BT-3: 380, 386, 389 or 381.
    public var typeCode: String
    public var number: String
    public var issued: Day
    public var dueDate: Day?
    public var currency: Currency
    public var taxCurrency: (currency: Currency, amount: Int64)?
    public var notes: [String]
    /// Notes with a UNTDID 4451 subject code (BT-21, BT-22): the French mentions PMT, PMD, AAB.
    public var subjectNotes: [(code: String, text: String)] = []
    /// BT-23 when the book sets it (the French cadre de facturation); else the profile's.
    public var businessProcess: String?
    public var buyerReference: String?
    public var projectReference: String?
    public var contract: String?
    public var order: String?
    public var period: DayRange?
    /// BG-14 as a received document writes it, either end possibly absent (`period` needs both);
    /// nil when it names neither. BR-IC-11 asks for any of them. Nil for the book's documents.
    public var statedPeriod: (start: Day?, end: Day?)?
    /// BT-25, BT-26: the invoice a credit note corrects.
    public var preceding: (number: String, issued: Day?)?
    public var seller: Party
    public var buyer: Party
    /// BG-11: the seller's tax representative (BT-62 name, BG-12 address, BT-63 VAT identifier),
    /// which a received document may name; the book's documents have none.
    public var taxRepresentative: Party?
    public var deliveryDate: Day?
    public var deliverTo: (name: String?, address: Address)?
    public var paymentMeans: PaymentMeans?
    /// BT-83: what the payer quotes (the document number, in the book's); nil when a received
    /// document names none.
    public var remittance: String?
    public var payeeAccount: (iban: String, name: String?, bic: String?)?
    public var creditorID: String?
    public var mandate: String?
    public var debitedAccount: String?
    public var card: String?
    /// BT-20.
    public var paymentTerms: String?
    public var allowancesCharges: [AllowanceCharge]
    public var taxGroups: [TaxGroup]
    public var lineTotal: Int64
    public var allowanceTotal: Int64
    public var chargeTotal: Int64
    public var taxExclusive: Int64
    public var taxTotal: Int64
    public var taxInclusive: Int64
    public var prepaid: Int64
    public var rounding: Int64
    public var payable: Int64
    public var lines: [Line]

    /// A total a received document may leave out (BR-12 to BR-14 and the sums of BR-CO-10 to 16
    /// turn on its absence): the model holds the figure the document's other stated figures give
    /// (what the renderer shows), and `absent` names the ones not written. Empty for the book's
    /// documents, which state every total.
    public enum Figure: Sendable, Hashable { case lineTotal, allowanceTotal, chargeTotal, taxExclusive, taxTotal, taxInclusive, prepaid, rounding }
    public var absent: Set<Figure> = []
    /// XRechnung's extension: the third-party payments a received document states (BG-DEX-09,
    /// the sum of BT-DEX-002), which BT-115 includes (BR-DEX-09). Nil for the book's.
    public var thirdPartyPaid: Int64?
    /// What the buyer withholds and pays the tax office instead, as a received FatturaPA states it
    /// (DatiRitenuta): its amount due is the total less it. Nil for the book's (a note says it).
    public var withheld: Int64?
    /// BT-7, as a received document writes it; the book's documents state none.
    public var taxPointDate: Day?
    /// BT-6 as a received document names it, with or without BT-111 (`taxCurrency` needs both).
    public var statedTaxCurrency: Currency?
    /// BT-82, the payment means as text, as a received document writes it; nil for the book's.
    public var paymentMeansText: String?

    /// The total as the document states it: nil when it leaves it out.
    public func stated(_ figure: Figure) -> Int64? {
        guard !absent.contains(figure) else { return nil }
        return switch figure {
        case .lineTotal: lineTotal
        case .allowanceTotal: allowanceTotal
        case .chargeTotal: chargeTotal
        case .taxExclusive: taxExclusive
        case .taxTotal: taxTotal
        case .taxInclusive: taxInclusive
        case .prepaid: prepaid
        case .rounding: rounding
        }
    }

    /// A document of `kind` with no lines, parties' details, payment or figures yet: the start of
    /// one read from a file (InvoicInbox), whose reader fills in what the file states.
    public init(kind: Kind, typeCode: String, number: String, issued: Day, currency: Currency, seller: Party, buyer: Party) {
        self.kind = kind
        self.typeCode = typeCode
        self.number = number
        self.issued = issued
        self.currency = currency
        self.seller = seller
        self.buyer = buyer
        notes = []
        allowancesCharges = []
        taxGroups = []
        lines = []
        (lineTotal, allowanceTotal, chargeTotal, taxExclusive, taxTotal, taxInclusive, prepaid, rounding, payable) = (0, 0, 0, 0, 0, 0, 0, 0, 0)
    }

    /// Nil when the document has no figures (a book with errors is never exported).
    public init?(book: Book, document: Document) {
        guard let figures = document.figures, document.kind.isBilling else { return nil }
        let client = book.clients[document.client.value]
        let categories = Set(figures.breakdown.groups.map(\.category))
        // Outside the scope of VAT, an invoice names no VAT identifier at all (BR-O-02..04).
        let outside = categories.contains(.outsideScope)
        kind = document.kind == .creditNote ? .creditNote : .invoice
        typeCode = document.kind == .creditNote ? "381" : (document.type?.value.code ?? "380")
        number = document.number
        issued = document.issued.value
        dueDate = figures.dueDate
        currency = figures.currency
        if let target = document.taxCurrency?.value, let amount = figures.taxInTaxCurrency { taxCurrency = (target.currency, amount) }
        notes = [document.notes, document.reason?.value].compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        if notes.count > 1 { notes = [notes.joined(separator: "\n")] }
        buyerReference = (document.buyerReference ?? client?.buyerReference)?.value
        projectReference = document.projectReference?.value
        contract = document.contract?.value
        order = document.order?.value
        period = document.period?.value
        if let corrected = document.corrects?.value { preceding = (corrected, book.invoice(corrected)?.issued.value) }
        seller = Self.party(book.settings.business, omitVAT: outside)
        buyer = Self.party(client?.contact ?? Contact(name: document.client.value), omitVAT: outside)
        if book.settings.isFrench {
            // BR-FR-12: every French e-invoice names the buyer's electronic address (BT-49); a
            // buyer outside the French annuaire (abroad, a consumer) is reached at its e-mail,
            // scheme EM of the EAS list (`check` reports a client with neither).
            if buyer.endpoint == nil, let email = client?.contact.email { buyer.endpoint = ("EM", email) }
            businessProcess = book.settings.billingMode?.value ?? "S1"
            subjectNotes = FrenchMentions.notes(vatOnDebits: book.settings.vatOnDebits)
        }
        deliveryDate = document.delivered?.value
        if let place = (document.deliverTo ?? client?.deliverTo)?.value, let address = place.address {
            deliverTo = (place.name, address)
        } else if categories.contains(.intraCommunity), let country = client?.contact.address?.country {
            // An intra-EU supply names the country the goods went to (BR-IC-12): the buyer's.
            deliverTo = (nil, Address(country: country))
        }
        let payment = book.settings.payment
        // A credit note says how its money goes back (XRechnung BR-DE-1): by the means of the
        // invoice (a transfer, to the client's IBAN when its file names one, else the invoice's
        // own payment instructions), so a receiver can settle or set it off.
        paymentMeans = figures.paymentMeans
        remittance = document.number
        if let means = paymentMeans, means.isTransfer {
            if document.kind == .creditNote, let iban = client?.iban?.value {
                payeeAccount = (Self.accountID(iban), client?.contact.name, nil)
            } else if let account = payment.account {
                payeeAccount = (Self.accountID(account), payment.beneficiary, payment.bic)
            }
        }
        if paymentMeans?.isDirectDebit == true, document.kind == .invoice {
            creditorID = payment.creditorID?.value
            mandate = document.mandate?.value
            debitedAccount = (client?.iban?.value).map(Self.accountID)
        }
        if paymentMeans?.isCard == true { card = document.card?.value }
        // The terms (BT-20) are text for the buyer: in the document's language (issue 37).
        let words = ReportWords.of(figures.locale)
        if document.kind == .creditNote {
            paymentTerms = words.format("einvoice_credit_terms", ["number": document.corrects?.value ?? ""])
        } else if let due = figures.dueDate {
            let days = document.issued.value.days(until: due)
            paymentTerms = days > 0
                ? words.format("einvoice_terms", ["days": String(days), "due": words.numericDate(year: due.year, month: due.month, day: due.day)])
                : words["einvoice_on_receipt"]
        }

        // Document allowances and charges: the discount as one allowance per tax group, then the
        // written ones; a percent always with its base (Peppol R041, R042).
        let breakdown = figures.breakdown
        var adjustments: [AllowanceCharge] = []
        for group in breakdown.groups where group.discount != 0 {
            var allowance = AllowanceCharge(isCharge: false, amount: group.discount, reason: "Discount", code: "95", tax: group.taxRate)
            if case .percentage(let rate)? = document.discount?.value {
                allowance.percent = rate
                allowance.base = group.net
            }
            adjustments.append(allowance)
        }
        func groupNet(_ tax: TaxRate) -> Int64 { figures.lines.filter { $0.tax == tax }.reduce(0) { $0 + $1.amount } }
        let defaultRate = document.tax?.value ?? client?.tax?.value ?? book.settings.defaults.tax?.value ?? TaxRate(rate: .zero)
        for (written, amounts, isCharge) in [(document.allowances, figures.allowances, false), (document.charges, figures.charges, true)] {
            for (adjustment, amount) in zip(written, amounts) {
                let tax = adjustment.tax?.value ?? defaultRate
                var entry = AllowanceCharge(isCharge: isCharge, amount: amount, reason: adjustment.reason, code: adjustment.code, tax: tax)
                if let percent = adjustment.percent?.value {
                    entry.percent = percent
                    entry.base = adjustment.base.flatMap { $0.value.minorUnits(in: figures.currency) } ?? groupNet(tax)
                }
                adjustments.append(entry)
            }
        }
        allowancesCharges = adjustments

        let exemption = (document.exemption ?? client?.exemption ?? book.settings.defaults.exemption)?.value
        taxGroups = breakdown.groups.map { group in
            var entry = TaxGroup(tax: group.taxRate, taxable: group.taxable, amount: group.tax)
            if let reason = Self.exemptionReason(group.category, written: exemption) {
                entry.exemptionReason = reason.text
                entry.exemptionCode = reason.code
            }
            return entry
        }
        lineTotal = breakdown.subtotal
        allowanceTotal = breakdown.allowances + breakdown.discount
        chargeTotal = breakdown.charges
        taxTotal = breakdown.tax
        taxInclusive = breakdown.total
        taxExclusive = breakdown.total - breakdown.tax
        // The document as issued: paid by its issue day is prepaid (BT-113), the amount due what
        // it asked for then (BT-115); the PDF states the same figures.
        let issued = figures.issued(document)
        prepaid = issued.prepaid
        rounding = issued.rounding
        // EN 16931 has no withheld tax (Spain's IRPF, Italy's ritenuta): BR-CO-16 makes BT-115
        // the total less BT-113, and BT-113 is money paid in advance, which a withholding is not.
        // So the amount due stays the total with VAT, and one note (Peppol allows one) states
        // what is withheld and what the client transfers (docs/einvoicing.md).
        payable = issued.due + issued.withheld + issued.splitPaymentTax
        if !figures.withholdings.isEmpty {
            let currency = figures.currency
            let withheld = figures.withholdings.map {
                "\($0.kind) \($0.rate) withheld on \(MoneyFormat.plain($0.base, currency)) \(currency.code): \(MoneyFormat.plain($0.amount, currency)) \(currency.code)"
            }
            let statement = withheld.joined(separator: "; ") + "; to be paid: \(MoneyFormat.plain(issued.due, currency)) \(currency.code)"
            notes = [(notes + [statement]).joined(separator: "\n")]
        }

        lines = zip(document.items, figures.lines).enumerated().map { index, pair in
            let (item, priced) = pair
            let description = item.description.trimmingCharacters(in: .whitespacesAndNewlines)
            let firstLine = description.split(separator: "\n").first.map(String.init) ?? description
            var adjustments: [AllowanceCharge] = []
            for (written, amounts, isCharge) in [(item.discounts, priced.discounts, false), (item.charges, priced.charges, true)] {
                for (adjustment, amount) in zip(written, amounts) {
                    var entry = AllowanceCharge(isCharge: isCharge, amount: amount, reason: adjustment.reason, code: adjustment.code)
                    if let percent = adjustment.percent?.value {
                        entry.percent = percent
                        entry.base = adjustment.base.flatMap { $0.value.minorUnits(in: figures.currency) } ?? priced.gross
                    }
                    adjustments.append(entry)
                }
            }
            return Line(id: String(index + 1), note: item.note, quantity: item.quantity?.value ?? DecimalNumber(integer: 1),
                        unitCode: UnitCode.code(of: item), net: priced.amount, period: item.period?.value, allowancesCharges: adjustments,
                        name: firstLine.isEmpty ? "-" : firstLine, description: firstLine == description ? nil : description,
                        sellerItemID: item.itemID, tax: priced.tax, price: item.price.value, baseQuantity: item.per?.value,
                        grossPrice: item.listPrice?.value)
        }
    }

    private static func party(_ contact: Contact, omitVAT: Bool) -> Party {
        let vat = contact.taxID.flatMap { Identifiers.hasCountryPrefix($0) ? $0.replacingOccurrences(of: " ", with: "") : nil }
        var party = Party(name: contact.name, address: contact.address, vatID: omitVAT ? nil : vat,
                          taxNumber: omitVAT ? nil : (contact.taxNumber ?? (vat == nil ? contact.taxID : nil)), contact: nil)
        if let siren = contact.siren.flatMap(Identifiers.sirenDigits) {
            // A French party's legal registration is its SIREN under scheme 0002 (BR-FR-10, BR-FR-11).
            party.legalID = ("0002", siren)
        } else if let legal = contact.legalID {
            let parts = legal.split(separator: ":", maxSplits: 1).map(String.init)
            party.legalID = parts.count == 2 && parts[0].count == 4 && parts[0].allSatisfy(\.isNumber) ? (parts[0], parts[1]) : (nil, legal)
        }
        if let siret = contact.siret.flatMap(Identifiers.siretDigits) { party.identifier = ("0009", siret) }
        if let address = contact.electronicAddress {
            let parts = address.split(separator: ":", maxSplits: 1).map(String.init)
            if parts.count == 2 { party.endpoint = (parts[0], parts[1]) }
        }
        let point = contact.contactPoint
        if point != nil || contact.phone != nil || contact.email != nil {
            party.contact = ContactPoint(name: point?.name, phone: point?.phone ?? contact.phone, email: point?.email ?? contact.email)
        }
        return party
    }

    /// BT-120 and BT-121 of a group that charges no VAT for a reason: the book's exemption, else
    /// the standard wording and VATEX code of its category.
    static func exemptionReason(_ category: TaxCategory, written: Exemption?) -> (text: String?, code: String?)? {
        let standard: (String, String)? = switch category {
        case .reverseCharge: ("Reverse charge", "VATEX-EU-AE")
        case .intraCommunity: ("Intra-Community supply", "VATEX-EU-IC")
        case .export: ("Export outside the EU", "VATEX-EU-G")
        case .outsideScope: ("Not subject to VAT", "VATEX-EU-O")
        case .exempt: nil
        default: nil
        }
        switch category {
        case .exempt, .reverseCharge, .intraCommunity, .export, .outsideScope:
            let text = written?.text ?? standard?.0
            let code = written?.code ?? standard?.1
            return text == nil && code == nil ? nil : (text, code)
        default:
            return nil
        }
    }

    /// An account as BT-84 states it: an IBAN without its print spaces (as the schema's IBAN
    /// rules want), any other account number (BT-84 is free text then) exactly as the book wrote
    /// it, since "Checking 4120038716, routing 114000093" means nothing without its spaces.
    static func accountID(_ written: String) -> String {
        Identifiers.looksLikeIBAN(written) ? written.replacingOccurrences(of: " ", with: "") : written
    }
}

extension Rate {
    /// The percentage as XML writes it: `19`, `7.5`, `8.875`.
    var percentText: String { String(description.dropLast()) }
}

extension DecimalNumber {
    /// `self - other` at the finer of the two scales (a gross price less a net one).
    func subtracting(_ other: DecimalNumber) -> DecimalNumber {
        let scale = max(self.scale, other.scale)
        guard let a = scaled(to: scale), let b = other.scaled(to: scale), let difference = DecimalNumber(significand: a - b, scale: scale) else {
            return self
        }
        return difference
    }
}
