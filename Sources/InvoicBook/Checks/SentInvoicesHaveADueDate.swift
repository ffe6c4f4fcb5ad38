import InvoicDiagnostics

enum SentInvoicesHaveADueDate: BookCheck {
    static let rule = Rule(.sentWithoutDue, .warning, summary: "a sent invoice has no due date",
        explanation: """
        Without `due:` or payment terms (`defaults.terms` or the client's `terms`), an invoice can never
        become overdue, and the client does not know when to pay.
        """,
        example: """
        # file: invoices/INV-0001.yaml   (and no terms anywhere)
        sent: 2026-03-02
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for invoice in book.invoices {
            guard let sent = invoice.sent, let figures = invoice.figures, figures.dueDate == nil else { continue }
            diagnostics.append(.warning(
                rule.code, "invoice \(invoice.number) was sent without a due date", file: invoice.file, range: sent.range,
                help: "add `due:` or set `defaults.terms: 30` in invoic.yaml"))
        }
    }
}

extension DiagnosticCode {
    public static let sentWithoutDue = DiagnosticCode("sent-without-due")
}
