import InvoicDiagnostics

// How an invoice is to be paid (EN 16931 BG-16, BT-81) carries what the payer needs to pay that
// way: the account to transfer to, or the mandate, creditor id and account of a direct debit.

/// The means of `document` and where it was written, for the messages.
private func writtenMeans(_ document: Document, in book: Book) -> (means: PaymentMeans, file: String, range: SourceRange?)? {
    if let means = document.paymentMeans { return (means.value, document.file, means.range) }
    if let client = book.clients[document.client.value], let means = client.paymentMeans { return (means.value, client.file, means.range) }
    if let means = book.settings.defaults.paymentMeans { return (means.value, BookSettings.fileName, means.range) }
    return nil
}

enum TransfersNameTheAccount: BookCheck {
    static let rule = Rule(.br61, summary: "an invoice to be paid by transfer names no account to pay into",
        explanation: """
        An invoice paid by credit transfer (payment means 30 or 58, SEPA) names the account to pay into \
        (BT-84): `payment: {account: ...}` in invoic.yaml, an IBAN for SEPA.
        """,
        example: """
        # file: invoic.yaml   (no payment.account)
        defaults: { payment_means: 58 }
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        guard book.settings.payment.account == nil else { return }
        for document in book.invoices {
            guard let written = writtenMeans(document, in: book), written.means.isTransfer else { continue }
            diagnostics.append(.error(
                rule.code, "\(document.number) is to be paid by transfer (payment means \(written.means)), but the book names no account",
                file: written.file, range: written.range,
                help: "set `account:` (your IBAN) and `bic:` under `payment:` in invoic.yaml"))
        }
    }
}

enum DirectDebitsNameTheMandate: BookCheck {
    static let rule = Rule(.paymentMeansIncomplete, summary: "a direct debit lacks its mandate, the creditor id or the client's IBAN",
        explanation: """
        An invoice collected by direct debit (payment means 59 SEPA, or 49) names the mandate the client \
        signed (`mandate:` on the invoice, BT-89), your SEPA creditor identifier (`payment.creditor_id` in \
        invoic.yaml, BT-90) and the account debited (`iban:` in the client's file, BT-91).
        """,
        example: """
        # file: invoices/INV-0001.yaml
        payment_means: 59   <- and no mandate:
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for document in book.invoices {
            guard let written = writtenMeans(document, in: book), written.means.isDirectDebit else { continue }
            var missing: [String] = []
            if document.mandate == nil { missing.append("`mandate:` on the invoice") }
            if book.settings.payment.creditorID == nil { missing.append("`creditor_id:` under `payment:` in invoic.yaml") }
            if book.clients[document.client.value]?.iban == nil { missing.append("`iban:` in clients/\(document.client.value).yaml") }
            guard !missing.isEmpty else { continue }
            diagnostics.append(.error(
                rule.code, "\(document.number) is collected by direct debit but lacks \(missing.joined(separator: ", "))",
                file: written.file, range: written.range,
                help: "a direct debit needs the mandate reference the client signed, your creditor id and the client's IBAN"))
        }
    }
}

extension DiagnosticCode {
    public static let br61 = DiagnosticCode("BR-61")
    public static let paymentMeansIncomplete = DiagnosticCode("payment-means-incomplete")
}

enum PaymentCodesCanBeMade: BookCheck {
    static let rule = Rule(.paymentCodeUnavailable, summary: "`payment.qr:` asks for a payment code an invoice cannot carry",
        explanation: """
        The EPC069-12 code (SEPA credit transfer) that banking apps scan is in euros and pays into an \
        IBAN; the Swiss QR-bill is in CHF or EUR, pays into a Swiss or Liechtenstein IBAN and names \
        the creditor's postal code, town and country, and with a QR-IBAN a QR reference made from \
        the invoice number's digits. With `qr: epc` or `qr: swiss` in invoic.yaml, an invoice that \
        cannot carry its code is an error. Without `qr:` invoic prints the code where it applies (the \
        QR-bill for a Swiss or Liechtenstein IBAN, else EPC) and leaves it out elsewhere; `qr: none` \
        prints none.
        """,
        example: """
        # file: invoic.yaml
        payment: { account: "12345678", qr: epc }   <- not an IBAN
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        guard let choice = book.settings.payment.qr, choice.value != .none else { return }
        // As the PDF decides: a code for what the invoice asked for when it was issued (voiding or
        // paying later changes neither the page nor its code).
        for invoice in book.invoices {
            guard let figures = invoice.figures, figures.issued(invoice).due > 0,
                  let problem = choice.value == .epc ? PaymentCode.epcProblem(book: book, document: invoice)
                                                     : SwissQRBill.problem(book: book, document: invoice) else { continue }
            diagnostics.append(.error(rule.code, "no payment code can be printed on \(invoice.number): \(problem)",
                                      file: BookSettings.fileName, range: choice.range,
                                      help: "remove `qr: \(choice.value.rawValue)` to print a code only where one applies, or write `qr: none`"))
        }
    }
}

extension DiagnosticCode {
    public static let paymentCodeUnavailable = DiagnosticCode("payment-code-unavailable")
}
