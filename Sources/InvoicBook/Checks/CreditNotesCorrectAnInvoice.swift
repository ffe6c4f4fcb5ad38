import InvoicDiagnostics
import InvoicMoney

// A credit note is the lawful way to change an issued invoice (EN 16931 BT-25, BT-26): it names
// the invoice it corrects, belongs to the same client and currency, comes after it, and together
// with the other credit notes of that invoice never gives back more than the client paid or owes.

enum CreditNotesCorrectAnInvoice: BookCheck {
    static let rule = Rule(.unknownCorrectedInvoice, summary: "a credit note corrects an invoice that does not exist or is void",
        explanation: """
        `corrects:` names the number of an invoice in `invoices/`: the invoice the credit note
        credits in whole or in part. A void invoice was cancelled already and takes no credit note.
        """,
        example: """
        # file: credit-notes/CN-0001.yaml
        corrects: INV-0099   <- no such invoice
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for note in book.creditNoteDocuments {
            guard let reference = note.corrects else { continue }
            if let invoice = book.invoice(reference.value) {
                guard let void = invoice.void else { continue }
                diagnostics.append(.error(
                    rule.code, "invoice \(invoice.number) was voided on \(void.date.value): there is nothing left to credit",
                    file: note.file, range: reference.range,
                    help: "a void invoice is cancelled in whole already; delete this credit note, or un-void the invoice and credit it"))
                continue
            }
            let what = book.document(reference.value).map { "\($0.number) is \(article($0.kind.name)) \($0.kind.name), not an invoice" }
                ?? "invoice \(reference.value) does not exist"
            let fix = closestMatch(to: reference.value, in: book.invoices.map(\.number))
            let help = fix.map { "did you mean \($0)?" } ?? "name the invoice this credits, e.g. `corrects: INV-0007`"
            diagnostics.append(Diagnostic.error(rule.code, what, file: note.file, range: reference.range, help: help).replacing(with: fix))
        }
    }
}

enum CreditNotesMatchTheirInvoice: BookCheck {
    static let rule = Rule(.creditNoteMismatch, summary: "a credit note's client, currency or date does not fit the invoice it corrects",
        explanation: """
        A credit note gives back part of what one invoice asked one client to pay: it names the
        same client, is in the same currency, and is issued on or after the invoice's issue date.
        """,
        example: """
        # file: credit-notes/CN-0001.yaml
        client: nordlicht   <- INV-0007 was issued to meridian
        corrects: INV-0007
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for note in book.creditNoteDocuments {
            guard let reference = note.corrects, let invoice = book.invoice(reference.value) else { continue }
            if note.client.value != invoice.client.value {
                diagnostics.append(.error(
                    rule.code, "the credit note is for client `\(note.client.value)`, but \(invoice.number) was issued to `\(invoice.client.value)`",
                    file: note.file, range: note.client.range, help: "write `client: \(invoice.client.value)`, or correct the right invoice"))
            }
            if let mine = note.figures?.currency, let theirs = invoice.figures?.currency, mine != theirs {
                diagnostics.append(.error(
                    rule.code, "the credit note is in \(mine.code), but \(invoice.number) is in \(theirs.code)",
                    file: note.file, range: note.currency?.range ?? note.client.range,
                    help: "write `currency: \(theirs.code)`: a credit note gives back money in the invoice's currency"))
            }
            if note.issued.value < invoice.issued.value {
                diagnostics.append(.error(
                    rule.code, "the credit note is issued on \(note.issued.value), before \(invoice.number) on \(invoice.issued.value)",
                    file: note.file, range: note.issued.range, help: "a credit note corrects an invoice that exists: check both dates"))
            }
        }
    }
}

enum CreditsDoNotExceedWhatIsOwed: BookCheck {
    static let rule = Rule(.overCredit, summary: "credit notes credit more than the invoice asked for",
        explanation: """
        The credit notes of an invoice together credit at most what the invoice asked for in all
        (its total less `prepaid:`): a credit note corrects the invoice, it cannot give away more
        than was invoiced. Crediting a paid invoice is allowed: the client is then owed a refund
        (`refund-owed`), recorded with `invoic refund`.
        """,
        example: """
        # file: credit-notes/CN-0001.yaml   (INV-0007: 200.00)
        corrects: INV-0007
        items:
          - { description: Logo design, quantity: 2, price: 120.00 }   <- 240.00 credited
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for invoice in book.correctedInvoices {
            let notes = book.creditNotes(correcting: invoice.number)
            guard !notes.isEmpty, invoice.void == nil, let figures = invoice.figures else { continue }
            let priced = notes.compactMap { note in note.figures.map { (note, $0) } }
            guard priced.count == notes.count, priced.allSatisfy({ $0.1.currency == figures.currency }) else { continue }
            let credited = priced.reduce(Int64(0)) { $0 &+ $1.1.payable }
            guard credited > figures.total else { continue }
            let last = priced.max { ($0.0.issued.value, $0.0.number) < ($1.0.issued.value, $1.0.number) }!
            let c = figures.currency
            diagnostics.append(.error(
                rule.code,
                "credit notes of \(invoice.number) credit \(MoneyFormat.plain(credited, c)), more than its total of \(MoneyFormat.plain(figures.total, c))",
                file: last.0.file, range: last.0.itemsRange ?? last.0.issued.range,
                help: "credit at most \(MoneyFormat.plain(figures.total - (credited - last.1.payable), c)) \(c.code) here, or correct the other credit notes"))
        }
    }
}

/// A credit note on a paid invoice leaves the business owing the client money: the book is
/// right, but the money has to go back. Said once per invoice, at its last credit note.
enum RefundsOwedArePaid: BookCheck {
    static let rule = Rule(.refundOwed, .warning, summary: "the client is owed a refund on an invoice",
        explanation: """
        The payments received on an invoice exceed what is still due after its credit notes (or
        after it was voided): the business owes the client the difference. Pay it back and record
        it with `invoic refund CN-...` (a refund on the credit note), or settle it on another invoice.
        """,
        example: """
        # file: credit-notes/CN-0002.yaml   (INV-0001: 1200.00, paid in full)
        corrects: INV-0001
        items:
          - { description: Logo design, quantity: 2, price: 120.00 }   <- 240.00 owed back
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for invoice in book.correctedInvoices where invoice.void == nil {
            guard let account = book.account(of: invoice, through: .distantFuture), account.balance < 0,
                  let note = book.creditNotes(correcting: invoice.number).max(by: { ($0.issued.value, $0.number) < ($1.issued.value, $1.number) })
            else { continue }
            let owed = MoneyFormat.plain(-account.balance, account.currency)
            diagnostics.append(.warning(
                rule.code, "the client is owed \(owed) \(account.currency.code) on \(invoice.number): its payments exceed what is due after its credit notes",
                file: note.file, range: note.corrects?.range ?? note.issued.range,
                help: "record the refund when it is paid: `invoic refund \(note.number) --amount \(owed)`"))
        }
    }
}

/// Refunds give back money the client paid beyond what is due, never more.
enum RefundsDoNotExceedWhatWasOwed: BookCheck {
    static let rule = Rule(.overRefundOfAccount, summary: "refunds pay back more than the client was owed on an invoice",
        explanation: """
        The refunds of an invoice's credit notes pay back what the client paid beyond what is due
        after the credit notes. More than that is a refund recorded twice, or money the client did
        not pay.
        """,
        example: """
        # file: credit-notes/CN-0001.yaml   (INV-0007: 200.00, unpaid, credited 50.00)
        refunds:
          - { date: 2026-04-05, amount: 50.00, method: bank_transfer }   <- nothing was paid
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for invoice in book.correctedInvoices where invoice.void == nil {
            guard let account = book.account(of: invoice, through: .distantFuture), account.refunded > 0 else { continue }
            // A credit note that refunds more than it credits is `over-refund`, said at its refund.
            let notes = book.creditNotes(correcting: invoice.number).filter { !$0.payments.isEmpty }
            if notes.contains(where: { ($0.figures?.paid ?? 0) > ($0.figures?.payable ?? 0) }) { continue }
            // What the client would be owed without any refund, and whether the refunds pass it.
            let owedBack = max(0, -(account.balance - account.refunded))
            guard account.refunded > owedBack else { continue }
            guard let note = notes.max(by: { ($0.issued.value, $0.number) < ($1.issued.value, $1.number) }), let last = note.payments.last else { continue }
            let c = account.currency
            diagnostics.append(.error(
                rule.code,
                "refunds of \(MoneyFormat.plain(account.refunded, c)) on \(invoice.number) pay back more than the \(MoneyFormat.plain(owedBack, c)) the client was owed",
                file: note.file, range: last.amount.range,
                help: "look for a refund recorded twice; the client is owed only what it paid beyond what is due"))
        }
    }
}

enum RefundsDoNotExceedTheCredit: BookCheck {
    static let rule = Rule(.overRefund, summary: "a credit note refunds more than it credits",
        explanation: "The refunds of a credit note pay back what it credits, never more.",
        example: """
        # file: credit-notes/CN-0001.yaml   (total 240.00)
        refunds:
          - { date: 2026-04-05, amount: 288.00, method: bank_transfer }   <- 48.00 too much
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for note in book.creditNoteDocuments {
            guard let figures = note.figures, figures.paid > figures.payable, let last = note.payments.last else { continue }
            let c = figures.currency
            diagnostics.append(.error(
                rule.code,
                "refunds of \(MoneyFormat.plain(figures.paid, c)) exceed the credit of \(MoneyFormat.plain(figures.payable, c)) by \(MoneyFormat.plain(figures.paid - figures.payable, c))",
                file: note.file, range: last.amount.range,
                help: "look for a refund recorded twice, or one that belongs to another credit note"))
        }
    }
}

extension DiagnosticCode {
    public static let unknownCorrectedInvoice = DiagnosticCode("unknown-corrected-invoice")
    public static let creditNoteMismatch = DiagnosticCode("credit-note-mismatch")
    public static let overCredit = DiagnosticCode("over-credit")
    public static let overRefund = DiagnosticCode("over-refund")
    public static let refundOwed = DiagnosticCode("refund-owed")
    public static let overRefundOfAccount = DiagnosticCode("refund-exceeds-owed")
}
