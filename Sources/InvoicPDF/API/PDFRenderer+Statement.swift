import InvoicBook
import InvoicDiagnostics
import InvoicMoney

extension PDFRenderer {
    /// A statement of account: a ledger of the client's account over a period (from `from`, by
    /// default the issue day of its oldest open invoice, to the statement's day): the opening
    /// balance, every invoice, payment, credit note, refund and reminder charge with the balance
    /// each leaves, the balance due and a payment code for it; in the client's language and the
    /// book's template.
    public func render(_ statement: Statement, from: Day? = nil) -> Result<[UInt8], RenderError> {
        let ledger = book.ledger(of: statement, from: from)
        return render(statementDocument(statement, ledger: ledger), copy: nil, archive: nil, ledger: ledger)
    }

    /// The statement's file name: the client and the day, `meridian-2026-11-26`.
    public static func statementName(_ statement: Statement, currencies: Int = 1) -> String {
        "\(statement.client)-\(statement.date)" + (currencies > 1 ? "-\(statement.currency.code)" : "")
    }

    /// The statement's reference, printed where an invoice has its number: `ST-meridian-20261126`
    /// (and `-CUR` in a second currency). Never an invoice number: a statement is no document of
    /// the book's numbering, it states an account on a day (docs/decisions.md).
    public static func statementReference(_ statement: Statement, currencies: Int = 1) -> String {
        let day = String(format: "%04d%02d%02d", statement.date.year, statement.date.month, statement.date.day)
        return "ST-\(statement.client)-\(day)" + (currencies > 1 ? "-\(statement.currency.code)" : "")
    }

    func statementDocument(_ statement: Statement, ledger: StatementLedger) -> Document {
        let client = book.clients[statement.client]
        let locale = client?.locale?.value ?? book.settings.defaults.locale?.value ?? Defaults.fallbackLocale
        let labels = localized(locale).labels
        let text = DocumentText(locale: locale, currency: statement.currency)
        let here = SourceRange(line: 1, column: 1)
        let currencies = book.statements(of: statement.client, on: statement.date).count
        var document = Document(kind: .invoice, number: Self.statementReference(statement, currencies: currencies), file: client?.file ?? "invoic.yaml",
                                client: Located(statement.client, at: here), issued: Located(statement.date, at: here))
        document.isStatement = true
        let payBy = statement.date.adding(days: Reminder.daysToPay)
        // A day to pay by only when the client owes something.
        if ledger.closing > 0 { document.due = Located(payBy, at: here) }
        document.period = Located(DayRange(from: ledger.from, to: ledger.through), at: here)
        document.currency = Located(statement.currency, at: here)
        document.locale = Located(locale, at: here)
        document.tax = Located(TaxRate(.zero), at: here)
        // The payment code's remittance names the open invoices, so a transfer of the balance is
        // matched to them (`invoic match`); the reference when they do not fit its 140 characters.
        let open = statement.accounts.filter { $0.balance > 0 }.map(\.invoice).joined(separator: " ")
        document.remittance = open.isEmpty || open.count > 140 ? document.number : open
        let values = ["date": text.date(statement.date), "amount": text.money(abs(ledger.closing)), "pay_by": text.date(payBy)]
        let key = ledger.closing > 0 ? "statement_note" : ledger.closing < 0 ? "statement_note_owed" : "statement_note_settled"
        document.notes = labels.format(key, values)
        document.figures = book.priced(document)
        return document
    }
}
