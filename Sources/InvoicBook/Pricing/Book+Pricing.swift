import InvoicDiagnostics
import InvoicMoney

extension Book {
    /// Resolves every document's currency, locale, rates and dates (document, then client, then
    /// book) and computes its figures. A document whose figures cannot be trusted gets none, and
    /// the checks that need figures skip it: its own errors are the ones to fix first.
    public mutating func price() -> [Diagnostic] {
        // Every figure is computed before any is stored: the pricer reads the book, and writing
        // into the documents while it holds them would copy the whole array once per document.
        // Each document is priced on its own, so they are priced on all cores.
        let priced = Self.priceEach(of: self)
        setFigures(priced.map(\.figures))
        return Array(priced.map(\.diagnostics).joined())
    }

    /// Each document's figures and problems. A function of its own, so no copy of the book
    /// outlives it: while one did, `setFigures` copied every document.
    private static func priceEach(of book: Book) -> [(figures: Figures?, diagnostics: [Diagnostic])] {
        parallelMap(Array(book.documents.indices), serialBelow: 32) { index in
            var pricer = DocumentPricer(book: book, document: book.documents[index])
            return (figures: pricer.price(), diagnostics: pricer.diagnostics)
        }
    }
}

/// Prices one document: a small state machine over its values, collecting every problem.
struct DocumentPricer {
    let book: Book
    let document: Document
    let client: Client?
    var diagnostics: [Diagnostic] = []
    private var trustworthy = true

    init(book: Book, document: Document) {
        self.book = book
        self.document = document
        client = book.clients[document.client.value]
        trustworthy = document.isComplete
    }

    private mutating func error(_ code: DiagnosticCode, _ message: String, at range: SourceRange, label: String? = nil, help: String? = nil) {
        diagnostics.append(.error(code, message, file: document.file, range: range, label: label, help: help))
        trustworthy = false
    }

    mutating func price() -> Figures? {
        let defaults = book.settings.defaults
        guard let currency = document.currency?.value ?? client?.currency?.value ?? defaults.currency?.value else {
            error(.missingCurrency, "no currency for \(document.number): neither the document, its client nor the book names one",
                  at: document.client.range, help: "set `defaults.currency` in invoic.yaml, or `currency:` on the client or document")
            return nil
        }
        let locale = document.locale?.value ?? client?.locale?.value ?? defaults.locale?.value ?? Defaults.fallbackLocale
        let rounding = defaults.rounding
        let defaultRate = document.tax?.value ?? client?.tax?.value ?? defaults.tax?.value ?? TaxRate(rate: .zero)

        if document.items.isEmpty, document.itemsWritten == 0, document.itemsRange != nil {
            error(.noItems, "\(document.kind.name) \(document.number) has no items",
                  at: document.itemsRange ?? document.issued.range, help: "add at least one item with a description and a price")
        }
        var lines: [PricedLine] = []
        for item in document.items {
            if let line = priceLine(item, currency: currency, rounding: rounding, defaultRate: defaultRate) { lines.append(line) }
        }
        let discount = resolveDiscount(currency: currency)
        let allowances = documentAdjustments(document.allowances, lines: lines, defaultRate: defaultRate, currency: currency, rounding: rounding)
        let charges = documentAdjustments(document.charges, lines: lines, defaultRate: defaultRate, currency: currency, rounding: rounding)
        let payments = document.payments.compactMap { payment in paymentAmount(payment, currency: currency) }
        guard trustworthy else { return nil }

        let breakdown: PriceBreakdown
        switch Pricing.breakdown(lines: lines.map { ($0.amount, $0.tax) }, discount: discount, allowances: allowances, charges: charges,
                                 rounding: rounding) {
        case .success(let value): breakdown = value
        case .failure(.overflow):
            error(.amountOverflow, "the figures of \(document.number) are too large to compute exactly", at: document.itemsRange ?? document.issued.range)
            return nil
        case .failure(.discountExceedsSubtotal):
            let subtotal = lines.reduce(Int64(0)) { $0 &+ $1.amount }
            let written = document.discount.map { discount -> String in
                if case .amount(let amount) = discount.value { return "\(amount) " }
                return ""
            } ?? ""
            error(.discountExceedsSubtotal, "discount \(written)is more than the subtotal \(MoneyFormat.plain(subtotal, currency))",
                  at: document.discount?.range ?? document.issued.range,
                  help: "a discount can at most cancel the lines; check the amount or write a percentage")
            return nil
        }
        var paid: Int64 = 0
        for amount in payments {
            let (sum, overflow) = paid.addingReportingOverflow(amount)
            guard !overflow else {
                error(.amountOverflow, "the payments of \(document.number) are too large to add up", at: document.issued.range)
                return nil
            }
            paid = sum
        }
        var figures = Figures(currency: currency, locale: locale, rounding: rounding, dueDate: dueDate(),
                              lines: lines, breakdown: breakdown, payments: payments, paid: paid)
        figures.allowances = allowances.map(\.amount)
        figures.charges = charges.map(\.amount)
        guard let withheld = withholdings(lines: lines, breakdown: breakdown, rounding: rounding, currency: currency) else { return nil }
        figures.withholdings = withheld
        guard settlePayable(&figures) else { return nil }
        if document.kind != .estimate { figures.paymentMeans = paymentMeans() }
        if let stated = document.taxCurrency {
            guard stated.value.currency != currency else {
                error(.conflictingKeys, "`tax_currency:` names \(currency.code), the document's own currency", at: stated.range,
                      help: "tax_currency is a second currency the VAT total must also be stated in, e.g. your national one; remove it otherwise")
                return nil
            }
            figures.taxInTaxCurrency = Self.convert(breakdown.tax, from: currency, at: stated.value, rounding: rounding)
        }
        // Exact is not enough: every figure must also fit what the PDFs and reports print and add
        // up across a book, so a document beyond that is refused here rather than crash a renderer.
        let largest = ([breakdown.subtotal, breakdown.total, paid] + lines.map(\.amount)).map(\.magnitude).max() ?? 0
        guard largest <= MoneyLimits.largestPrintable.magnitude else {
            // The payments have no range of their own; like their sum above, they point at the issue date.
            let culprit = paid.magnitude == largest ? document.issued.range : (document.itemsRange ?? document.issued.range)
            error(.amountOverflow, "the figures of \(document.number) reach \(MoneyFormat.plain(Int64(clamping: largest), currency)) \(currency.code), more than invoic prints",
                  at: culprit,
                  help: "a document's figures are at most \(MoneyFormat.plain(MoneyLimits.largestPrintable, currency)) \(currency.code); check the quantities, prices and payments")
            return nil
        }
        checkStatedFigures(figures)
        if breakdown.total < 0 {
            diagnostics.append(.warning(
                .negativeTotal, "\(document.number) totals \(MoneyFormat.plain(breakdown.total, currency)) \(currency.code): a negative \(document.kind.name)",
                file: document.file, range: document.itemsRange ?? document.issued.range,
                help: document.kind == .creditNote
                    ? "a credit note gives back what it lists; to ask for more, write an invoice"
                    : "a negative invoice corrects an earlier one; tax offices and e-invoice receivers usually expect a credit note instead (`invoic credit`)"))
        }
        return figures
    }

    /// How the document is paid: as written on it, its client or the book, else by transfer to
    /// the book's account (SEPA when it is an IBAN), else not said.
    private func paymentMeans() -> PaymentMeans? {
        if let written = document.paymentMeans ?? client?.paymentMeans ?? book.settings.defaults.paymentMeans { return written.value }
        guard let account = book.settings.payment.account else { return nil }
        return Identifiers.looksLikeIBAN(account) ? .sepaCreditTransfer : .creditTransfer
    }

    /// `minor` units of `currency` in `target.currency`'s minor units at `target.rate`, rounded once
    /// (BT-111 = VAT total x rate). Nil only past 128 bits, which a printable figure never reaches.
    static func convert(_ minor: Int64, from currency: Currency, at target: TaxCurrency, rounding: RoundingRule) -> Int64? {
        let shift = currency.exponent + target.rate.scale - target.currency.exponent
        var power: Int128 = 1
        for _ in 0..<abs(shift) { power *= 10 }
        let (product, overflow) = Int128(minor).multipliedReportingOverflow(by: Int128(target.rate.significand))
        guard !overflow else { return nil }
        let converted = shift >= 0 ? rounding.divide(product, by: power) : product.multipliedReportingOverflow(by: power).partialValue
        return Int64(exactly: converted)
    }

    /// Decimals a unit price may carry beyond its currency's: energy and telecom tariffs are
    /// priced to the millionth of a cent (XRechnung's 0.061232374 EUR per kWh).
    static let extraPriceDecimals = 8

    private func dueDate() -> Day? {
        if let due = document.due { return due.value }
        let days: Int?
        switch document.kind {
        case .invoice: days = client?.terms?.value ?? book.settings.defaults.terms?.value
        case .estimate: days = book.settings.defaults.validity?.value
        case .creditNote: days = nil
        }
        return days.map { document.issued.value.adding(days: $0) }
    }

    private mutating func priceLine(_ item: LineItem, currency: Currency, rounding: RoundingRule, defaultRate: TaxRate) -> PricedLine? {
        let quantity = item.quantity?.value ?? DecimalNumber(integer: 1)
        if let written = item.quantity {
            // An invoice may take something back with a negative line (a return, a correction), and
            // a credit note may give back less on one (the official Swedish example credits an
            // invoice's return line); an estimate offers what it lists, and a line of nothing is a
            // mistake on any.
            if quantity.isZero || (quantity.isNegative && document.kind == .estimate) {
                let help = document.kind == .estimate ? "an estimate offers what it lists: write a positive quantity"
                    : "leave the line out, or write what was supplied (negative for a return)"
                error(.invalidQuantity, "quantity must be \(document.kind == .estimate ? "more than 0" : "other than 0"), found \(written.value)",
                      at: written.range, help: help)
            } else if quantity.scale > 6 {
                error(.tooManyDecimals, "quantity \(written.value) has \(quantity.scale) decimals; at most 6 are allowed", at: written.range)
            }
        }
        if item.price.value.isNegative {
            error(.negativeAmount, "price must not be negative, found \(item.price.value)", at: item.price.range,
                  help: "use a `discount:` on the document instead of a negative price")
        } else if item.price.value.scale > currency.exponent + Self.extraPriceDecimals {
            error(.tooManyDecimals, "price \(item.price.value) has \(item.price.value.scale) decimals; \(currency.code) prices carry at most \(currency.exponent + Self.extraPriceDecimals)",
                  at: item.price.range)
        }
        if let list = item.listPrice, list.value.isNegative || Self.isBelow(list.value, item.price.value) {
            error(.negativeAmount, "list price \(list.value) is \(list.value.isNegative ? "negative" : "below the price \(item.price.value)")",
                  at: list.range, help: "the list price is the gross price before its discount: at least the price charged, never negative")
        }
        if let per = item.per, per.value.isNegative || per.value.isZero || per.value.scale > 6 {
            error(.invalidQuantity, "price base quantity must be more than 0 with at most 6 decimals, found \(per.value)", at: per.range,
                  help: "write how many units the price is for, e.g. `per: 1000`")
        }
        guard trustworthy else { return nil }
        switch Pricing.lineAmount(quantity: quantity, price: item.price.value, per: item.per?.value, currency: currency, rounding: rounding) {
        case .failure:
            let culprit = item.quantity.map { $0.value.significand.magnitude > item.price.value.significand.magnitude ? $0.range : item.price.range }
            error(.amountOverflow, "\(quantity) x \(item.price.value) is too large to compute exactly", at: culprit ?? item.price.range,
                  help: "amounts up to about 92 quadrillion minor units are supported")
            return nil
        case .success(let gross):
            // The line net (BT-131): quantity x price, less its discounts, plus its charges.
            var net = gross
            var how = "\(quantity) x \(item.price.value)\(item.per.map { " / \($0.value)" } ?? "")"
            var amounts: [[Int64]] = [[], []]
            for (index, (adjustments, sign)) in [(item.discounts, Int64(-1)), (item.charges, Int64(1))].enumerated() {
                for adjustment in adjustments {
                    guard let value = adjustmentAmount(adjustment, gross: gross, currency: currency, rounding: rounding) else { return nil }
                    amounts[index].append(value)
                    let (sum, overflow) = net.addingReportingOverflow(sign * value)
                    guard !overflow else {
                        error(.amountOverflow, "the line's discounts and charges are too large to compute exactly", at: adjustment.range)
                        return nil
                    }
                    net = sum
                    how += " \(sign < 0 ? "-" : "+") \(MoneyFormat.plain(value, currency))"
                }
            }
            if let stated = item.statedAmount {
                compare(stated, label: "line amount", computed: net, currency: currency, how: how + " = \(MoneyFormat.plain(net, currency))")
            }
            var line = PricedLine(amount: net, tax: item.tax?.value ?? defaultRate)
            line.gross = gross
            line.discounts = amounts[0]
            line.charges = amounts[1]
            return line
        }
    }

    private mutating func resolveDiscount(currency: Currency) -> Discount? {
        guard let discount = document.discount else { return nil }
        switch discount.value {
        case .percentage(let rate): return .percentage(rate)
        case .amount(let number):
            guard let minor = minorUnits(number, at: discount.range, what: "discount", currency: currency) else { return nil }
            return .amount(minor)
        }
    }

    private mutating func paymentAmount(_ payment: Payment, currency: Currency) -> Int64? {
        guard let minor = minorUnits(payment.amount.value, at: payment.amount.range, what: "payment", currency: currency) else { return nil }
        guard minor > 0 else {
            error(.negativeAmount, "a payment must be more than 0, found \(payment.amount.value)", at: payment.amount.range,
                  help: "remove the payment, or record a refund as a note")
            return nil
        }
        return minor
    }

    /// An amount that may not carry more decimals than the currency has.
    private mutating func minorUnits(_ number: DecimalNumber, at range: SourceRange, what: String, currency: Currency,
                                     signed: Bool = false) -> Int64? {
        if number.isNegative, !signed {
            error(.negativeAmount, "\(what) must not be negative, found \(number)", at: range)
            return nil
        }
        guard number.scale <= currency.exponent else {
            error(.tooManyDecimals, "\(what) \(number) has \(number.scale) decimals; \(currency.code) has \(currency.exponent)", at: range,
                  help: currency.exponent == 0 ? "\(currency.code) has no minor unit: write a whole number" : "round it to \(currency.exponent) decimals")
            return nil
        }
        guard let minor = number.minorUnits(in: currency) else {
            error(.amountOverflow, "\(what) \(number) is too large", at: range)
            return nil
        }
        return minor
    }

    private mutating func checkStatedFigures(_ figures: Figures) {
        let b = figures.breakdown
        let currency = figures.currency
        let taxes = b.groups.filter { !$0.rate.isZero }
            .map { "\(MoneyFormat.plain($0.tax, currency)) (\($0.rate) of \(MoneyFormat.plain($0.taxable, currency)))" }
        var how = "subtotal \(MoneyFormat.plain(b.subtotal, currency)) - discount \(MoneyFormat.plain(b.discount, currency))"
        if b.allowances != 0 { how += " - allowances \(MoneyFormat.plain(b.allowances, currency))" }
        if b.charges != 0 { how += " + charges \(MoneyFormat.plain(b.charges, currency))" }
        let taxText: String = taxes.isEmpty ? MoneyFormat.plain(0, currency) : taxes.joined(separator: " + ")
        how += " + tax \(taxText) = \(MoneyFormat.plain(b.total, currency))"
        let computed: [StatedFigure: Int64] = [.subtotal: b.subtotal, .discountAmount: b.discount, .taxAmount: b.tax, .total: b.total,
                                               .dueAmount: figures.payable, .allowanceTotal: b.allowances, .chargeTotal: b.charges]
        let withheldHow = figures.withholdings.map { " - \($0.kind) \($0.rate) of \(MoneyFormat.plain($0.base, currency)) \(MoneyFormat.plain($0.amount, currency))" }.joined()
        let dueHow = how + withheldHow
            + (figures.splitPaymentTax != 0 ? " - split-payment VAT \(MoneyFormat.plain(figures.splitPaymentTax, currency))" : "")
            + (figures.prepaid != 0 ? " - prepaid \(MoneyFormat.plain(figures.prepaid, currency))" : "")
            + (figures.roundingAmount != 0 ? " + rounding \(MoneyFormat.plain(figures.roundingAmount, currency))" : "")
            + " = due \(MoneyFormat.plain(figures.payable, currency))"
        for figure in StatedFigure.allCases {
            guard let stated = document.stated[figure], let value = computed[figure] else { continue }
            compare(stated, label: figure.label, computed: value, currency: currency, how: figure == .dueAmount ? dueHow : how)
        }
    }

    /// The taxes the client withholds (`withholding:` of the line, else the document's, the
    /// client's, the book's), one per kind and rate in the order first met, each rounded once on
    /// its base: the taxable amount of the lines it applies to. When it applies to every line, the
    /// base is the document's whole taxable amount (its discount, allowances and charges
    /// included); when to some lines only, the sum of their nets, and then a document discount,
    /// allowance or charge would have no clear share in it, so it is refused.
    private mutating func withholdings(lines: [PricedLine], breakdown: PriceBreakdown, rounding: RoundingRule, currency: Currency) -> [WithheldTax]? {
        let inherited = document.withholding ?? client?.withholding ?? book.settings.defaults.withholding
        let perLine = document.items.map { $0.withholding ?? inherited }
        guard perLine.contains(where: { !($0?.value.isEmpty ?? true) }), lines.count == document.items.count else { return [] }
        var kinds: [Withholding] = []
        for list in perLine { for withholding in list?.value ?? [] where !kinds.contains(withholding) { kinds.append(withholding) } }
        var result: [WithheldTax] = []
        let adjusted = breakdown.discount != 0 || !document.allowances.isEmpty || !document.charges.isEmpty
        for withholding in kinds {
            let subject = perLine.map { $0?.value.contains(withholding) ?? false }
            var base: Int64 = 0
            if subject.allSatisfy({ $0 }) {
                base = breakdown.groups.reduce(0) { $0 &+ $1.taxable }
            } else if adjusted {
                let culprit = document.items.first { $0.withholding != nil }?.withholding?.range ?? inherited?.range ?? document.issued.range
                error(.withholdingBaseUnclear,
                      "\(withholding.kind) \(withholding.rate) is withheld on some lines of \(document.number) only, and the document has a discount, allowance or charge",
                      at: culprit,
                      help: "the share of a document discount, allowance or charge in the withholding's base is not clear: write it as a line discount or charge (`discounts:` on the lines), or withhold on every line")
                return nil
            } else {
                for (line, isSubject) in zip(lines, subject) where isSubject { base &+= line.amount }
            }
            guard let amount = rounding.apply(withholding.rate, to: base) else {
                error(.amountOverflow, "\(withholding.rate) of \(MoneyFormat.plain(base, currency)) is too large to compute exactly",
                      at: inherited?.range ?? document.issued.range)
                return nil
            }
            result.append(WithheldTax(withholding: withholding, base: base, amount: amount))
        }
        return result
    }

    /// The prepaid amount and the payable rounding: the amount due (BT-115) is the total less what
    /// was prepaid, rounded (by the book's rule) to a multiple of the step the document, its
    /// client or the book sets; the difference is the rounding amount (BT-114).
    private mutating func settlePayable(_ figures: inout Figures) -> Bool {
        let currency = figures.currency
        if let prepaid = document.prepaid {
            // A negative invoice (one that corrects) may have had a negative amount prepaid.
            guard let minor = minorUnits(prepaid.value, at: prepaid.range, what: "prepaid amount", currency: currency,
                                         signed: figures.total < 0) else { return false }
            figures.prepaid = minor
        }
        if let stated = document.roundingAmount {
            // BT-114 decided elsewhere (another system's cash rounding): taken as written.
            if let step = document.payableRounding {
                error(.conflictingKeys, "`rounding_amount:` and `payable_rounding:` both set the rounding of the amount due", at: step.range,
                      help: "keep one: `payable_rounding:` to have invoic round, `rounding_amount:` to state the adjustment")
                return false
            }
            guard let minor = minorUnits(stated.value, at: stated.range, what: "rounding amount", currency: currency, signed: true) else { return false }
            figures.roundingAmount = minor
            return true
        }
        guard let step = document.payableRounding ?? client?.payableRounding ?? book.settings.defaults.payableRounding else { return true }
        guard let unit = minorUnits(step.value, at: step.range, what: "payable rounding", currency: currency) else { return false }
        guard unit > 0 else {
            error(.negativeAmount, "payable rounding must be more than 0, found \(step.value)", at: step.range,
                  help: "write the step the amount due is rounded to, e.g. 0.05 or 1")
            return false
        }
        let due = Int128(figures.total) - Int128(figures.withheld) - Int128(figures.splitPaymentTax) - Int128(figures.prepaid)
        let rounded = figures.rounding.divide(due, by: Int128(unit)) * Int128(unit)
        figures.roundingAmount = Int64(clamping: rounded - due)
        return true
    }

    /// The document's allowances or charges in minor units, each with its tax group: a percent's
    /// base is, unless written, the line net total of that group.
    private mutating func documentAdjustments(_ adjustments: [LineAdjustment], lines: [PricedLine], defaultRate: TaxRate,
                                              currency: Currency, rounding: RoundingRule) -> [(amount: Int64, rate: TaxRate)] {
        adjustments.compactMap { adjustment in
            let rate = adjustment.tax?.value ?? defaultRate
            let groupNet = lines.filter { $0.tax == rate }.reduce(Int64(0)) { $0 &+ $1.amount }
            return adjustmentAmount(adjustment, gross: groupNet, currency: currency, rounding: rounding).map { ($0, rate) }
        }
    }

    /// Whether `a` < `b`, compared at the scale of the finer one (nil-safe: an overflow compares as not below).
    static func isBelow(_ a: DecimalNumber, _ b: DecimalNumber) -> Bool {
        let scale = max(a.scale, b.scale)
        guard let x = a.scaled(to: scale), let y = b.scaled(to: scale) else { return false }
        return x < y
    }

    /// A line discount's or charge's amount: written, or a percent of its base (by default the
    /// line's quantity x price), rounded once; it takes the sign of the base (a returned line's
    /// discount is negative too). A written amount beside a percent is checked against it.
    private mutating func adjustmentAmount(_ adjustment: LineAdjustment, gross: Int64, currency: Currency, rounding: RoundingRule) -> Int64? {
        var base = gross
        if let written = adjustment.base {
            guard let minor = signedMinorUnits(written.value, at: written.range, what: "base", currency: currency) else { return nil }
            base = minor
        }
        let sign: Int64 = base < 0 ? -1 : 1
        guard let percent = adjustment.percent else {
            guard let amount = adjustment.amount,
                  let minor = minorUnits(amount.value, at: amount.range, what: "amount", currency: currency) else { return nil }
            return sign * minor
        }
        guard let computed = rounding.apply(percent.value, to: base) else {
            error(.amountOverflow, "\(percent.value) of \(MoneyFormat.plain(base, currency)) is too large to compute exactly", at: percent.range)
            return nil
        }
        if let stated = adjustment.amount {
            compare(stated, label: "amount", computed: computed, currency: currency,
                    how: "\(percent.value) of \(MoneyFormat.plain(base, currency)) = \(MoneyFormat.plain(computed, currency))")
        }
        // `apply` keeps the base's sign already.
        return computed
    }

    /// An amount that may be negative (a returned line's), with no more decimals than the currency has.
    private mutating func signedMinorUnits(_ number: DecimalNumber, at range: SourceRange, what: String, currency: Currency) -> Int64? {
        guard number.isNegative else { return minorUnits(number, at: range, what: what, currency: currency) }
        guard let magnitude = DecimalNumber(significand: -number.significand, scale: number.scale) else { return nil }
        return minorUnits(magnitude, at: range, what: what, currency: currency).map { -$0 }
    }

    /// A stated figure against the computed one. Signed: a corrective invoice states its negative totals.
    private mutating func compare(_ stated: Located<DecimalNumber>, label: String, computed: Int64, currency: Currency, how: String) {
        let before = diagnostics.count
        guard let minor = signedMinorUnits(stated.value, at: stated.range, what: "stated \(label)", currency: currency) else { return }
        guard diagnostics.count == before, minor != computed else { return }
        diagnostics.append(.error(
            .statedFigureMismatch,
            "stated \(label) \(stated.value) differs from the computed \(MoneyFormat.plain(computed, currency))",
            file: document.file, range: stated.range, label: "computed \(MoneyFormat.plain(computed, currency))",
            help: "check the lines, or correct the stated figure; computed: \(how)").replacing(with: MoneyFormat.plain(computed, currency)))
    }
}

extension TaxCurrency {
    /// `minor` units of `currency` at this rate, in minor units of `self.currency`, rounded by
    /// `rounding` (exact: Int128, no Double); nil when it does not fit. FA(3)'s P_14_xW uses it
    /// per rate, as the book's pricing does for the VAT total (BT-111).
    public func convert(_ minor: Int64, from currency: Currency, rounding: RoundingRule) -> Int64? {
        DocumentPricer.convert(minor, from: currency, at: self, rounding: rounding)
    }
}
