import InvoicBook
import InvoicEInvoice

extension Submission {
    /// What `invoic peppol send` and serve's "Send over Peppol" hand over for `number`: the Peppol
    /// BIS bytes exactly as `invoic export --format peppol` writes them, from the client's and the
    /// business's electronic addresses, with the provider settings of the client (its `peppol:`
    /// over the book's). The book must be free of errors (the caller checked); a refusal says
    /// what to fix.
    public static func make(_ number: String, in book: Book, canRender: (Document) -> Bool) throws(PeppolError) -> (Document, Submission, ProviderSettings) {
        guard let document = book.document(number), document.kind.isBilling else {
            throw PeppolError(book.document(number).map { "\($0.number) is an estimate; only invoices and credit notes go over Peppol" }
                ?? "no invoice or credit note \(number) in this book")
        }
        let client = book.clients[document.client.value]
        guard let address = client?.contact.electronicAddress, let receiver = Participant(address) else {
            throw PeppolError("the client has no electronic_address, where Peppol delivers; add `electronic_address: 0208:0123456749` (its Peppol id) to clients/\(document.client.value).yaml (`invoic peppol lookup` checks one)")
        }
        guard let own = book.settings.business.electronicAddress, let sender = Participant(own) else {
            throw PeppolError("the business has no electronic_address, the Peppol id the provider sends as; add it under `business:` in invoic.yaml")
        }
        let problems = book.einvoiceProblems(of: document, as: [.peppol])
        guard problems.isEmpty else {
            throw PeppolError("not a valid Peppol BIS invoice: " + problems.map(\.message).joined(separator: "; ") + " (`invoic export --format peppol \(number)` shows where)")
        }
        guard canRender(document), let xml = EInvoiceWriter.xml(document, in: book, format: .peppol) else {
            throw PeppolError("the Peppol BIS file cannot be written (`invoic export --format peppol \(number)` says why)")
        }
        let settings = try ProviderSettings.resolve((book.settings.peppol ?? PeppolSettings()).overridden(by: client?.peppol))
        let submission = Submission(
            number: number, fileName: book.einvoiceFileName(for: document, format: .peppol), bytes: Array(xml.utf8),
            sender: sender, receiver: receiver, isCreditNote: document.kind == .creditNote,
            senderCountry: book.settings.business.address?.country, key: "")
        return (document, submission, settings)
    }
}
