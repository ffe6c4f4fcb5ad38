import InvoicBook
import InvoicMoney

extension PDFRenderer {
    /// A line's quantity as the PDF prints it, with its unit: `6 Std.`, `2.5 h`, `3`; its number
    /// in `locale` (the web app's page: the book's, where the PDF takes the document's).
    public static func quantityText(_ item: LineItem, figures: Figures, locale: String) -> String {
        DocumentText(locale: locale, currency: figures.currency).quantity(item.quantity?.value ?? DecimalNumber(integer: 1), unit: item.unit)
    }

    /// The rows of the PDF's totals above the total, labelled as it labels them (`labels`:
    /// `PDFRenderer.labels(of:locale:)`): subtotal, discount, allowances and charges, one row per
    /// tax rate (`USt. 7 %`, `USt. 19 %`) and, with several rates, the tax total.
    public static func figureRows(of document: Document, figures: Figures, labels: [String: String], locale: String) -> [(label: String, amount: Int64)] {
        let text = DocumentText(locale: locale, currency: figures.currency)
        return Composer.figureRows(document: document, figures: figures, text: text, reading: false) { labels[$0] ?? $0 }
            .map { (label: $0.0, amount: $0.1) }
    }
}
