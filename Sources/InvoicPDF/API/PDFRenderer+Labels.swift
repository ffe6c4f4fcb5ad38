import InvoicBook

extension PDFRenderer {
    /// The labels the book's documents print in `locale` (the template's, then the book's
    /// `labels:`), by key: `invoice`, `amount_due`, `subtotal`... For the web app, which names
    /// what a PDF names in the same words. Only the labels are read (no fonts, no logo); a
    /// template that cannot be read gives the built-in `invoi`'s; without a book (a received
    /// document viewed outside one), the built-in `invoi`'s.
    public static func labels(of book: Book?, locale: String) -> [String: String] {
        var resolver = TemplateResolver(bookRoot: book?.root ?? "")
        let name = book?.settings.template?.value ?? "invoi"
        guard let node = resolver.resolve(name, requestedAt: nil) ?? resolver.resolve("invoi", requestedAt: nil) else { return [:] }
        var decoder = TemplateDecoder()
        let own = decoder.decodeLabels(node["labels"])
        var texts: [String: String] = [:]
        for key in Labels.lookup(locale) {
            texts.merge(BuiltInTemplates.labels(key) ?? [:]) { _, new in new }
            texts.merge(own[key] ?? [:]) { _, new in new }
        }
        for key in Labels.lookup(locale) { texts.merge(book?.settings.labels[key] ?? [:]) { _, new in new } }
        return texts
    }
}
