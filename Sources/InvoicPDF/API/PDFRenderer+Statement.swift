import InvoicBook
import InvoicDiagnostics
import InvoicMoney

extension PDFRenderer {
    /// A statement of account: every unsettled invoice of the client with its account line by line
    /// (what it asked for, payments, credit notes, refunds, reminder charges), the balance, and a
    /// payment code for it; in the client's language and the book's template.
    public func render(_ statement: Statement) -> Result<[UInt8], RenderError> {
        render(statementDocument(statement))
    }

    /// The statement's number: the client and the day, `meridian-2026-11-26`.
    public static func statementName(_ statement: Statement, currencies: Int = 1) -> String {
        "\(statement.client)-\(statement.date)" + (currencies > 1 ? "-\(statement.currency.code)" : "")
    }

    func statementDocument(_ statement: Statement) -> Document {
        let client = book.clients[statement.client]
        let locale = client?.locale?.value ?? book.settings.defaults.locale?.value ?? Defaults.fallbackLocale
        let labels = localized(locale).labels
        let text = DocumentText(locale: locale, currency: statement.currency)
        let here = SourceRange(line: 1, column: 1)
        var document = Document(kind: .invoice, number: Self.statementName(statement), file: client?.file ?? "invoic.yaml",
                                client: Located(statement.client, at: here), issued: Located(statement.date, at: here))
        document.isStatement = true
        document.due = Located(statement.date.adding(days: Reminder.daysToPay), at: here)
        document.currency = Located(statement.currency, at: here)
        document.locale = Located(locale, at: here)
        document.tax = Located(TaxRate(.zero), at: here)
        var items: [LineItem] = []
        for account in statement.accounts {
            guard let invoice = book.invoice(account.invoice) else { continue }
            items += accountItems(account, invoice: invoice, labels: labels, text: text, at: here)
        }
        document.items = items
        let values = ["date": text.date(statement.date), "amount": text.money(abs(statement.balance)),
                      "pay_by": text.date(statement.date.adding(days: Reminder.daysToPay))]
        let key = statement.balance > 0 ? "statement_note" : statement.balance < 0 ? "statement_note_owed" : "statement_note_settled"
        document.notes = values.reduce(labels[key]) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
        document.figures = book.priced(document)
        return document
    }
}
