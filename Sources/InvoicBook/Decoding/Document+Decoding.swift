import InvoicDiagnostics
import InvoicMoney
import InvoicYAML

extension Document {
    /// Reads one invoice, estimate or credit note. Nil only when the file gives too little to be a document
    /// (no mapping, no client, no valid issue date); everything else is reported and kept.
    static func decode(_ root: YAMLNode?, kind: DocumentKind, number: String, file: String,
                       limits: BookLimits = .standard, reader: inout ValueReader) -> Document? {
        let other = Schema.document(kind == .invoice ? .estimate : .invoice)
        guard let fields = reader.topLevel(root, table: Schema.document(kind), otherTable: other) else { return nil }
        // Only errors make a document incomplete: a warning (an unknown unit code, a payment
        // method close to a known one) leaves every value read.
        func errors() -> Int { reader.diagnostics.count { $0.severity == .error } }
        let errorsBefore = errors()

        let client = reader.nonEmptyText(fields["client"], what: "client")
        let issued = reader.date(fields["issued"])
        var document = Document(
            kind: kind, number: number, file: file,
            client: client ?? Located("", at: fields.node.range),
            issued: issued ?? Located(Day(ordinal: 0), at: fields.node.range))

        if let node = fields["number"], let text = reader.text(node) {
            document.numberKey = Located(text, at: node.range)
            if text != number, DocumentKind.fileStem(forNumber: text) == number, text.contains("/") {
                // A number with `/` is stated in the file, whose name writes each `/` as `_`.
                document.number = text
            } else if text != number {
                reader.error(.numberMismatch, "number `\(text)` differs from the file name `\(number)`", at: node.range,
                             help: "rename the file to \(DocumentKind.fileStem(forNumber: text)).yaml or change the number; the file name is the number"
                                + (text.contains("/") ? " (a `/` is written `_` in the file name)" : ""))
            }
        }
        document.due = reader.date(fields[kind == .estimate ? "valid_until" : "due"])
        document.currency = reader.currency(fields["currency"])
        document.locale = reader.locale(fields["locale"])
        document.tax = reader.taxRate(fields["tax"])
        document.exemption = reader.exemption(fields["exemption"])
        document.prepaid = reader.decimal(fields["prepaid"], what: "prepaid amount")
        document.buyerReference = reader.located(fields["buyer_reference"])
        document.order = reader.located(fields["order"])
        document.contract = reader.located(fields["contract"])
        document.ksef = reader.located(fields["ksef"])
        document.sdiProgressive = reader.located(fields["sdi_progressive"])
        document.splitPayment = reader.oneOf(fields["split_payment"], ["true", "false"], what: "split_payment flag").map { Located($0.value == "true", at: $0.range) }
        document.projectReference = reader.located(fields["project_reference"])
        document.period = reader.period(fields["period"])
        document.deliverTo = reader.deliveryPlace(fields["deliver_to"])
        document.paymentMeans = reader.paymentMeans(fields["payment_means"])
        document.mandate = reader.located(fields["mandate"])
        if let node = fields["card"], let digits = reader.text(node) {
            if digits.count < 4 || digits.count > 6 || !digits.allSatisfy(\.isASCII) || !digits.allSatisfy(\.isNumber) {
                reader.error(.invalidPaymentMeans, "`card:` holds the last 4 to 6 digits of the card, found `\(digits)`", at: node.range,
                             help: "never write a whole card number in an invoice (EN 16931 BR-51): the last 4 digits are enough, e.g. \"1234\"")
            } else {
                document.card = Located(digits, at: node.range)
            }
        }
        document.taxCurrency = reader.taxCurrency(fields["tax_currency"])
        document.type = reader.oneOf(fields["type"], InvoiceType.allCases.map(\.rawValue), what: "invoice type")
            .flatMap { located in InvoiceType(rawValue: located.value).map { Located($0, at: located.range) } }
        document.allowances = reader.sequence(fields["allowances"], of: "allowances").compactMap { adjustment($0, table: Schema.documentAdjustment, reader: &reader) }
        document.charges = reader.sequence(fields["charges"], of: "charges").compactMap { adjustment($0, table: Schema.documentAdjustment, reader: &reader) }
        document.payableRounding = reader.decimal(fields["payable_rounding"], what: "payable rounding")
        document.withholding = reader.withholding(fields["withholding"])
        document.roundingAmount = reader.decimal(fields["rounding_amount"], what: "rounding amount")
        document.discount = discount(fields["discount"], reader: &reader)
        document.project = reader.text(fields["project"])
        document.category = reader.text(fields["category"])
        document.delivered = reader.date(fields["delivered"])
        document.sent = reader.date(fields["sent"])
        document.sentVia = reader.oneOf(fields["sent_via"], Document.SentVia.allCases.map(\.rawValue), what: "way of sending")
            .flatMap { located in Document.SentVia(rawValue: located.value).map { Located($0, at: located.range) } }
        document.notes = reader.text(fields["notes"])
        document.accepted = reader.date(fields["accepted"])
        document.declined = reader.date(fields["declined"])
        if let node = fields["from_estimate"], let text = reader.text(node) { document.fromEstimate = Located(text, at: node.range) }
        document.recurring = reader.located(fields["recurring"])
        document.occurrence = reader.date(fields["occurrence"])
        for entry in reader.sequence(fields["reminders"], of: "reminders") {
            guard let values = reader.fields(of: entry, table: Schema.reminderEntry), let date = reader.date(values["date"]),
                  let level = reader.days(values["level"]) else { continue }
            document.reminders.append(ReminderRecord(date: date, level: level, fee: reader.decimal(values["fee"], what: "reminder fee"),
                                                     interest: reader.decimal(values["interest"], what: "interest"), range: entry.range))
        }
        document.corrects = reader.nonEmptyText(fields["corrects"], what: "corrected invoice number")
        document.reason = reader.nonEmptyText(fields["reason"], what: "reason")

        document.itemsRange = fields.written("items")?.range
        document.itemsWritten = fields["items"]?.sequence?.count ?? 0
        let items = reader.sequence(fields["items"], of: "items")
        if reader.withinBound(items, of: fields["items"], limit: limits.maxItems, what: "items", in: kind) {
            // Sized once: grown by appending, the items of a 10,000-document book held a third
            // more memory than they use (massif).
            var decoded: [LineItem] = []
            decoded.reserveCapacity(items.count)
            for node in items {
                if let line = item(node, reader: &reader) { decoded.append(line) }
            }
            document.items = decoded
        }
        // A credit note's refunds are payments the other way: they settle it as payments settle an invoice.
        let paymentsKey = kind == .creditNote ? "refunds" : "payments"
        let payments = reader.sequence(fields[paymentsKey], of: paymentsKey)
        if reader.withinBound(payments, of: fields[paymentsKey], limit: limits.maxPayments, what: paymentsKey, in: kind) {
            let table = kind == .creditNote ? Schema.refundEntry : Schema.paymentEntry
            document.payments = payments.compactMap { payment($0, table: table, reader: &reader) }
        }
        if let node = fields["void"], let void = reader.fields(of: node, table: Schema.voiding), let date = reader.date(void["date"]) {
            document.void = Voiding(date: date, reason: reader.text(void["reason"]), range: node.range)
        }
        for figure in StatedFigure.allCases {
            document.stated[figure] = reader.decimal(fields[figure.rawValue], what: figure.label)
        }
        document.isComplete = errors() == errorsBefore
        guard client != nil, issued != nil else { return nil }
        return document
    }

    private static func item(_ node: YAMLNode, reader: inout ValueReader) -> LineItem? {
        guard let fields = reader.fields(of: node, table: Schema.item) else { return nil }
        let description = reader.nonEmptyText(fields["description"], what: "item description")
        let quantity = reader.decimal(fields["quantity"], what: "quantity")
        let price = reader.decimal(fields["price"], what: "price")
        let unit = reader.text(fields["unit"])
        let tax = reader.taxRate(fields["tax"])
        let category = reader.text(fields["category"])
        let amount = reader.decimal(fields["amount"], what: "amount")
        guard let price, fields["quantity"] == nil || quantity != nil else { return nil }
        var item = LineItem(description: description?.value ?? "", quantity: quantity, unit: unit, price: price,
                            tax: tax, category: category, statedAmount: amount, range: node.range)
        item.unitCode = reader.unitCode(fields["unit_code"])
        item.per = reader.decimal(fields["per"], what: "price base quantity")
        item.listPrice = reader.decimal(fields["list_price"], what: "list price")
        item.discounts = reader.sequence(fields["discounts"], of: "discounts").compactMap { adjustment($0, table: Schema.lineAdjustment, reader: &reader) }
        item.charges = reader.sequence(fields["charges"], of: "charges").compactMap { adjustment($0, table: Schema.lineAdjustment, reader: &reader) }
        item.note = reader.text(fields["note"])
        item.period = reader.period(fields["period"])
        item.itemID = reader.text(fields["item_id"])
        item.annex15 = reader.oneOf(fields["annex_15"], ["true", "false"], what: "annex_15 flag")?.value == "true"
        item.withholding = reader.withholding(fields["withholding"])
        return item
    }

    private static func adjustment(_ node: YAMLNode, table: KeyTable, reader: inout ValueReader) -> LineAdjustment? {
        guard let fields = reader.fields(of: node, table: table) else { return nil }
        var adjustment = LineAdjustment(
            reason: reader.text(fields["reason"]), code: reader.text(fields["code"]), percent: reader.rate(fields["percent"]),
            amount: reader.decimal(fields["amount"], what: "amount"), base: reader.decimal(fields["base"], what: "base"), range: node.range)
        adjustment.tax = reader.taxRate(fields["tax"])
        guard adjustment.percent != nil || adjustment.amount != nil else {
            if fields["percent"] == nil, fields["amount"] == nil {
                reader.error(.missingKey, "a line discount or charge has neither `percent` nor `amount`", at: node.range,
                             help: "write `percent: 20%` or `amount: 2.00`")
            }
            return nil
        }
        return adjustment
    }

    private static func payment(_ node: YAMLNode, table: KeyTable, reader: inout ValueReader) -> Payment? {
        guard let fields = reader.fields(of: node, table: table) else { return nil }
        let date = reader.date(fields["date"])
        let amount = reader.decimal(fields["amount"], what: "payment amount")
        let method = reader.nonEmptyText(fields["method"], what: "payment method")
        if let method, let known = PaymentMethod.suggestion(for: method.value) {
            reader.warning(.unknownPaymentMethod, "payment method `\(method.value)` is close to the known method `\(known.rawValue)`",
                           at: method.range, help: "write `\(known.rawValue)` so reports count it with the others; any other method (e.g. PayPal) is fine as written")
        }
        let note = reader.text(fields["note"])
        let reference = reader.text(fields["reference"])
        let deposit = reader.oneOf(fields["deposit"], ["true", "false"], what: "deposit flag")?.value == "true"
        var rate = reader.decimal(fields["rate"], what: "exchange rate")
        if let given = rate, given.value.isNegative || given.value.isZero {
            reader.error(.invalidNumber, "an exchange rate is more than 0, not \(given.value)", at: given.range,
                         help: "write the units of the book's currency one unit of the document's currency bought that day, e.g. `rate: 0.9245`")
            rate = nil
        }
        guard let date, let amount, let method else { return nil }
        return Payment(date: date, amount: amount, method: PaymentMethod(rawValue: method.value), note: note, reference: reference, deposit: deposit,
                       rate: rate, range: node.range)
    }

    private static func discount(_ node: YAMLNode?, reader: inout ValueReader) -> Located<DiscountText>? {
        guard let node, let text = reader.text(node) else { return nil }
        if text.hasSuffix("%") {
            return reader.rate(node).map { Located(.percentage($0.value), at: $0.range) }
        }
        return reader.decimal(node, what: "discount").map { Located(.amount($0.value), at: $0.range) }
    }
}

extension ValueReader {
    /// `{code: SEK, rate: 10.4852}`: a currency and how many of its units one of the document's is worth.
    mutating func taxCurrency(_ node: YAMLNode?) -> Located<TaxCurrency>? {
        guard let node, let fields = fields(of: node, table: Schema.taxCurrency),
              let currency = currency(fields["code"]), let rate = decimal(fields["rate"], what: "exchange rate") else { return nil }
        guard !rate.value.isNegative, !rate.value.isZero, rate.value.scale <= 10 else {
            error(.invalidRate, "an exchange rate is more than 0 with at most 10 decimals, found \(rate.value)", at: rate.range,
                  help: "write how many \(currency.value.code) one unit of the document's currency is worth, e.g. `rate: 10.4852`")
            return nil
        }
        return Located(TaxCurrency(currency: currency.value, rate: rate.value), at: node.range)
    }

    /// `{from: YYYY-MM-DD, to: YYYY-MM-DD}`, the last day not before the first.
    mutating func period(_ node: YAMLNode?) -> Located<DayRange>? {
        guard let node, let period = fields(of: node, table: Schema.period),
              let from = date(period["from"]), let to = date(period["to"]) else { return nil }
        guard to.value >= from.value else {
            error(.invalidDate, "the period ends on \(to.value), before it starts on \(from.value)", at: to.range,
                  help: "write the first day as `from:` and the last as `to:`")
            return nil
        }
        return Located(DayRange(from: from.value, to: to.value), at: node.range)
    }

    /// False, with a `resource-limit` error, when a list has more entries than `limit`: such a
    /// document is kept without them (and without figures) rather than priced from part of it.
    mutating func withinBound(_ entries: [YAMLNode], of node: YAMLNode?, limit: Int, what: String, in kind: DocumentKind) -> Bool {
        guard entries.count > limit, let node else { return true }
        error(.resourceLimit, "\(article(kind.name)) \(kind.name) with \(entries.count) \(what), more than the limit of \(limit)",
              at: SourceRange(start: node.range.start, end: SourceLocation(line: node.range.start.line, column: node.range.start.column + 1)),
              help: "split the work over several documents; a real \(kind.name) has a few dozen \(what) at most")
        return false
    }
}
