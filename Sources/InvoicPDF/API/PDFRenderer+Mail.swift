import InvoicBook
import InvoicMoney

extension PDFRenderer {
    /// The subject and text of the e-mail that carries `document`, in its language: the labels
    /// `mail_subject`, `mail_body`, `mail_payment` and `mail_balance`, which a book overrides like
    /// any label. What it asks for is the invoice's account on `today`: a part-paid invoice's mail
    /// names what is still due, not the total.
    public func mailText(for document: Document, today: Day) -> (subject: String, body: String) {
        // Only a priced document is sent: `invoic mail` refuses a book with errors.
        guard let figures = document.figures else { return (document.number, "") }
        let labels = localized(figures.locale).labels
        let text = DocumentText(locale: figures.locale, currency: figures.currency)
        let composer = Composer(template: template, labels: labels, engine: engine, parties: Composer.Parties(book: book, document: document), document: document, figures: figures, logoSize: nil)
        func fill(_ key: String, _ values: [String: String]) -> String {
            values.reduce(labels[key]) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
        }
        let business = book.settings.business.name
        var payment = ""
        if document.kind == .invoice, let account = book.account(of: document, through: today), account.balance > 0, let due = figures.dueDate {
            // Past its due date, the text says so rather than ask for a day already gone.
            payment = due < today ? fill("mail_overdue", ["due": text.date(due), "amount": text.money(account.balance)])
                : account.balance == figures.payable ? fill("mail_payment", ["due": text.date(due)])
                : fill("mail_balance", ["due": text.date(due), "amount": text.money(account.balance)])
        }
        // The document named as the language names it, article and case included ("die Rechnung").
        let named = fill("mail_\(document.kind.rawValue)", ["number": document.number])
        let subject = fill("mail_subject", ["title": composer.title, "number": document.number, "business": business])
        let body = fill("mail_body", [
            "document": named, "date": text.date(document.issued.value),
            "total": text.money(figures.payable), "payment": payment, "business": business,
        ])
        return (subject, body)
    }
}
