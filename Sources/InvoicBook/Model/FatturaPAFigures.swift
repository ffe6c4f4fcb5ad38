import InvoicDiagnostics
import InvoicMoney

/// A priced document as a FatturaPA states it, computed once from its figures: its lines (the
/// items, then the document's discount, allowances and charges as lines of their own, since
/// DatiRiepilogo must add up from DettaglioLinee), the pension fund contribution, the summary per
/// rate and Natura, the stamp duty and the amount to pay. The check (what the SdI would reject)
/// and the writer both read this, so the file and the check never disagree (docs/italy.md).
public struct FatturaPAFigures: Sendable {
    public struct Line: Sendable {
        public var number: Int
        public var description: String
        /// TipoCessionePrestazione: SC for a discount, AC for an accessory charge, nil for an item.
        public var kind: String?
        /// Nil when the line is stated as one amount (adjusted lines, and documents' own lines).
        public var quantity: DecimalNumber?
        public var unit: String?
        public var unitPrice: DecimalNumber
        /// ScontoMaggiorazione: (charge?, amount in minor units), applied to the unit price of a line of quantity 1.
        public var adjustments: [(isCharge: Bool, amount: Int64)]
        /// PrezzoTotale, in minor units.
        public var total: Int64
        public var tax: TaxRate
        public var natura: String?
        public var period: DayRange?
        public var itemID: String?
        /// `Ritenuta SI`: the ritenuta's base includes this line.
        public var ritenuta = false
        /// Where the line was written: an item, a charge, the discount.
        public var range: SourceRange
    }

    public struct Cassa: Sendable {
        public var type: String
        public var rate: Rate
        public var amount: Int64
        public var base: Int64
        public var tax: TaxRate
        public var natura: String?
        public var range: SourceRange
        /// `Ritenuta SI`: the ritenuta's base includes the contribution.
        public var ritenuta = false
    }

    /// DatiRitenuta: the ritenuta d'acconto the client withholds (`withholding: [{kind: RT01, rate: 20%}]`).
    public struct Ritenuta: Sendable {
        /// TipoRitenuta: RT01 a natural person's, RT02 a legal person's, RT03..RT06 pension funds'.
        public var type: String
        public var rate: Rate
        public var base: Int64
        public var amount: Int64
    }

    public struct Summary: Sendable {
        public var rate: Rate
        public var natura: String?
        public var taxable: Int64
        public var tax: Int64
        /// EsigibilitaIVA: I immediate, S split payment (art. 17-ter DPR 633/1972); nil with a Natura.
        public var chargeability: String?
        /// RiferimentoNormativo: the exemption's legal text.
        public var reference: String?
    }

    public var lines: [Line] = []
    public var cassa: [Cassa] = []
    public var ritenute: [Ritenuta] = []
    public var summaries: [Summary] = []
    /// The amount that counts towards the stamp duty (not subject to VAT, exempt, ...).
    public var stampBase: Int64 = 0
    /// Whether the document carries the 2.00 EUR virtual stamp (DatiBollo).
    public var stampDue: Bool { stampBase > Natura.stampThreshold }
    /// The charges of `code: N1` (the stamp duty charged to the client) and their place.
    public var stampCharges: [(amount: Int64, range: SourceRange)] = []
    /// ImportoTotaleDocumento: the total with VAT.
    public var total: Int64
    /// VAT the buyer pays to the Treasury itself (split payment): not in the amount paid.
    public var splitVAT: Int64 = 0
    /// ImportoPagamento: what the seller is paid, the amount due less split-payment VAT.
    public var payment: Int64

    public init?(book: Book, document: Document) {
        guard let figures = document.figures, document.kind.isBilling else { return nil }
        let client = book.clients[document.client.value]
        let exemption = (document.exemption ?? client?.exemption ?? book.settings.defaults.exemption)?.value
        func natura(_ tax: TaxRate, code: String? = nil) -> String? {
            guard tax.category.isUntaxed else { return nil }
            if let code, code == "N1" { return "N1" }
            return Natura.code(of: tax.category, written: exemption?.code)
        }
        // Which items the withholding applies to (the pricing's rule: a line's `withholding:` over
        // the document's, the client's, the book's); the document's own lines and the contribution
        // are in its base when it applies to every item.
        let inherited = (document.withholding ?? client?.withholding ?? book.settings.defaults.withholding)?.value ?? []
        let subject = document.items.map { !(($0.withholding?.value ?? inherited).isEmpty) }
        let everyLine = !figures.withholdings.isEmpty && subject.allSatisfy { $0 }
        var lines: [Line] = []
        for (item, priced) in zip(document.items, figures.lines) {
            let description = item.description.trimmingCharacters(in: .whitespacesAndNewlines)
            let adjusted = !item.discounts.isEmpty || !item.charges.isEmpty || item.per != nil
                || (item.price.value.normalized.scale > 8) || priced.amount != Self.product(item, figures.currency)
            var line = Line(number: lines.count + 1, description: description.isEmpty ? "-" : description, kind: nil,
                            quantity: adjusted ? nil : item.quantity?.value ?? DecimalNumber(integer: 1), unit: item.unit,
                            unitPrice: adjusted ? DecimalNumber(minor: priced.gross, figures.currency) : item.price.value,
                            adjustments: [], total: priced.amount, tax: priced.tax, natura: natura(priced.tax),
                            period: item.period?.value, itemID: item.itemID, range: item.range)
            if adjusted {
                line.adjustments = priced.discounts.map { (false, $0) } + priced.charges.map { (true, $0) }
            }
            line.ritenuta = !figures.withholdings.isEmpty && subject[lines.count]
            lines.append(line)
        }
        // The document's discount, one line per group it reduces.
        for group in figures.breakdown.groups where group.discount != 0 {
            lines.append(Line(number: lines.count + 1, description: "Sconto", kind: "SC", quantity: nil, unit: nil,
                              unitPrice: DecimalNumber(minor: -group.discount, figures.currency), adjustments: [], total: -group.discount,
                              tax: group.taxRate, natura: natura(group.taxRate), ritenuta: everyLine, range: document.discount?.range ?? document.client.range))
        }
        let defaultTax = document.tax?.value ?? client?.tax?.value ?? book.settings.defaults.tax?.value ?? TaxRate(rate: .zero)
        var cassa: [Cassa] = []
        var stampCharges: [(Int64, SourceRange)] = []
        for (written, amounts, isCharge) in [(document.allowances, figures.allowances, false), (document.charges, figures.charges, true)] {
            for (adjustment, amount) in zip(written, amounts) {
                let tax = adjustment.tax?.value ?? defaultTax
                if isCharge, CassaPrevidenziale.isCassa(adjustment.code) {
                    let base = adjustment.base.flatMap { $0.value.minorUnits(in: figures.currency) }
                        ?? lines.filter { $0.kind == nil }.reduce(0) { $0 + $1.total }
                    cassa.append(Cassa(type: adjustment.code!, rate: adjustment.percent?.value ?? .zero, amount: amount, base: base,
                                       tax: tax, natura: natura(tax), range: adjustment.range, ritenuta: everyLine))
                    continue
                }
                if isCharge, adjustment.code == "N1" { stampCharges.append((amount, adjustment.range)) }
                let signed = isCharge ? amount : -amount
                let reason = adjustment.reason ?? (isCharge ? "Maggiorazione" : "Sconto")
                lines.append(Line(number: lines.count + 1, description: reason, kind: isCharge ? "AC" : "SC", quantity: nil, unit: nil,
                                  unitPrice: DecimalNumber(minor: signed, figures.currency), adjustments: [], total: signed,
                                  tax: tax, natura: natura(tax, code: adjustment.code), ritenuta: everyLine, range: adjustment.range))
            }
        }
        self.lines = lines
        self.cassa = cassa
        ritenute = figures.withholdings.map { Ritenuta(type: $0.kind, rate: $0.rate, base: $0.base, amount: $0.amount) }
        self.stampCharges = stampCharges

        // DatiRiepilogo: one per rate and Natura, in the breakdown's order; a taxed group's tax is
        // the book's (computed on the group, as art. 21 DPR 633/1972 and the SdI's check 00421 do).
        var keys: [(TaxRate, String?)] = []
        var taxable: [String: Int64] = [:]
        func key(_ tax: TaxRate, _ natura: String?) -> String { "\(tax.category.rawValue)|\(tax.rate.milliPercent)|\(natura ?? "")" }
        for (tax, natura, amount) in lines.map({ ($0.tax, $0.natura, $0.total) }) + cassa.map({ ($0.tax, $0.natura, $0.amount) }) {
            if taxable[key(tax, natura)] == nil { keys.append((tax, natura)) }
            taxable[key(tax, natura), default: 0] += amount
        }
        summaries = keys.map { tax, natura in
            let groupTax = natura == nil ? figures.breakdown.groups.first { $0.taxRate == tax }?.tax ?? 0 : 0
            return Summary(rate: tax.rate, natura: natura, taxable: taxable[key(tax, natura)] ?? 0, tax: groupTax,
                           chargeability: natura != nil ? nil : tax.category == .splitPayment ? "S" : "I",
                           reference: natura.flatMap { $0 == "N1" ? "Escluso art. 15 DPR 633/1972" : exemption?.text ?? Self.legalText($0) })
        }
        stampBase = summaries.filter { $0.natura.map(Natura.countsForStampDuty) ?? false }.reduce(0) { $0 + $1.taxable }
        total = figures.breakdown.total
        splitVAT = figures.splitPaymentTax
        // The core's amount due already leaves the split-payment VAT out (and the ritenuta, prepaid).
        payment = figures.issued(document).due
    }

    /// What the price times the quantity comes to, in minor units (nil when it is not a whole
    /// number of cents: the line is then stated as one amount).
    static func product(_ item: LineItem, _ currency: Currency) -> Int64? {
        let quantity = item.quantity?.value ?? DecimalNumber(integer: 1)
        let scale = quantity.scale + item.price.value.scale
        let product = quantity.significand * item.price.value.significand
        return DecimalNumber(significand: product, scale: scale)?.normalized.minorUnits(in: currency)
    }

    /// The usual legal reference of a Natura, when the book writes none.
    static func legalText(_ natura: String) -> String? {
        switch natura {
        case "N2.2": "Operazione non soggetta - art. 1, commi 54-89, L. 190/2014 (regime forfettario)"
        case "N3.1": "Non imponibile - esportazione, art. 8 DPR 633/1972"
        case "N3.2": "Non imponibile - cessione intracomunitaria, art. 41 DL 331/1993"
        case "N4": "Esente art. 10 DPR 633/1972"
        case "N6.9": "Inversione contabile - art. 17 DPR 633/1972"
        case "N2.1": "Non soggetta - artt. da 7 a 7-septies DPR 633/1972"
        default: nil
        }
    }
}

extension DecimalNumber {
    /// `minor` units of `currency` as a decimal: 12345 EUR cents -> 123.45.
    public init(minor: Int64, _ currency: Currency) {
        self = DecimalNumber(significand: Int128(minor), scale: currency.exponent) ?? DecimalNumber(integer: minor)
    }
}
