import InvoicBook
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
        let labels = Labels(template: template, locale: locale, book: book.settings.labels)
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
        var line = fill("reminder_invoice", dates)
        // What was paid (and credited) so far, so the client sees how the amount due comes about.
        if let figures = invoice.figures, figures.payable != reminder.due {
            line += ": " + fill("reminder_paid", ["total": text.money(figures.payable), "paid": text.money(figures.payable - reminder.due)])
        }
        var items = [LineItem(description: line, price: amount(reminder.due), range: here)]
        if reminder.earlierFees != 0 { items.append(LineItem(description: labels["reminder_fees_earlier"], price: amount(reminder.earlierFees), range: here)) }
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
}
