import InvoicBook
import InvoicDiagnostics
import InvoicMoney

extension PDFRenderer {
    /// A payment reminder for an overdue invoice, in the invoice's language and the book's
    /// template: titled by its level, the invoice with what is still due, the fees and the
    /// interest as lines, the new amount due, a text (polite at the first level, firm after),
    /// and the payment code for the new amount with the invoice's number as its reference.
    public func render(_ reminder: Reminder) -> Result<[UInt8], RenderError> {
        render(reminderDocument(reminder))
    }

    /// The reminder as a priced document the layout knows: no tax (fees and interest are claims,
    /// not supplies), dated the reminder's day, due when it must be paid.
    func reminderDocument(_ reminder: Reminder) -> Document {
        let invoice = reminder.invoice
        let locale = invoice.figures?.locale ?? book.settings.defaults.locale?.value ?? Defaults.fallbackLocale
        let labels = localized(locale).labels
        let text = DocumentText(locale: locale, currency: reminder.currency)
        let here = invoice.issued.range
        func fill(_ key: String, _ values: [String: String]) -> String {
            values.reduce(labels[key]) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
        }
        func amount(_ minor: Int64) -> DecimalNumber {
            DecimalNumber(significand: Int128(minor), scale: reminder.currency.exponent) ?? DecimalNumber(integer: 0)
        }
        let dates = ["number": invoice.number, "date": text.date(invoice.issued.value), "due": text.date(invoice.figures?.dueDate ?? invoice.issued.value)]
        var document = Document(kind: .invoice, number: invoice.number, file: invoice.file, client: invoice.client,
                                issued: Located(reminder.date, at: here))
        document.reminderLevel = reminder.level
        document.due = Located(reminder.payBy, at: here)
        document.currency = Located(reminder.currency, at: here)
        document.locale = Located(locale, at: here)
        document.tax = Located(TaxRate(.zero), at: here)
        document.buyerReference = invoice.buyerReference
        document.order = invoice.order
        // The account line by line, so the client sees how the amount comes about: what the invoice
        // asked for, each payment, credit note and refund since, the fees and interest of earlier
        // reminders, then this reminder's own fee and interest.
        var items = accountItems(reminder.account, invoice: invoice, labels: labels, text: text, at: here)
        if reminder.fee != 0 { items.append(LineItem(description: labels["reminder_fee"], price: amount(reminder.fee), range: here)) }
        if reminder.interest != 0, let rate = reminder.rate {
            items.append(LineItem(description: fill("reminder_interest", ["rate": text.rate(rate), "days": String(reminder.interestDays), "amount": text.money(reminder.due)]),
                                  price: amount(reminder.interest), range: here))
        }
        document.items = items
        document.notes = fill(reminder.level == 1 ? "reminder_note" : "reminder_note_firm",
                              dates.merging(["amount": text.money(reminder.total), "pay_by": text.date(reminder.payBy)]) { $1 })
        document.figures = book.priced(document)
        return document
    }

    /// An invoice's account as the lines of a reminder or statement: the amount the invoice asked
    /// for, then each payment, credit note and refund since (taken off with a quantity of -1) and
    /// the fees and interest of earlier reminders.
    func accountItems(_ account: Account, invoice: Document, labels: Labels, text: DocumentText, at here: SourceRange) -> [LineItem] {
        func fill(_ key: String, _ values: [String: String]) -> String {
            values.reduce(labels[key]) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
        }
        func amount(_ minor: Int64) -> DecimalNumber {
            DecimalNumber(significand: Int128(minor), scale: account.currency.exponent) ?? DecimalNumber(integer: 0)
        }
        let dates = ["number": invoice.number, "date": text.date(invoice.issued.value), "due": text.date(account.dueDate ?? invoice.issued.value)]
        var items = [LineItem(description: fill("reminder_invoice", dates), price: amount(account.asIssued.due), range: here)]
        for entry in account.entries {
            let when = text.date(entry.date)
            let description: String
            switch entry.kind {
            case .payment: description = fill("reminder_payment", ["date": when])
            case .credit: description = fill("reminder_credit", ["number": entry.document ?? "", "date": when])
            case .refund: description = fill("reminder_refund", ["date": when])
            case .reminderFee: description = labels["reminder_fees_earlier"] + " (" + when + ")"
            case .interest: description = labels["reminder_interest_earlier"] + " (" + when + ")"
            case .void: description = labels["stamp_void"] + " (" + when + ")"
            }
            var item = LineItem(description: description, price: amount(abs(entry.amount)), range: here)
            if entry.amount < 0 { item.quantity = Located(DecimalNumber(integer: -1), at: here) }
            items.append(item)
        }
        return items
    }
}
