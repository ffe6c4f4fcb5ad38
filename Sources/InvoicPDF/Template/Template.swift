import InvoicBook

/// A resolved template: everything about how a PDF looks, with every value present
/// (a template file sets what it changes; the rest comes from the template it extends).
struct Template: Sendable {
    enum Layout: String, Sendable, CaseIterable {
        case invoi, classic
    }

    enum Block: String, Sendable, CaseIterable {
        case parties, items, totals, payment, notes
    }

    enum PageNumbers: String, Sendable, CaseIterable {
        case auto, always, never
    }

    /// A template may fix its page size (`page: {size: Letter}`), with the book's own names.
    typealias PageSize = PaperSize

    /// The kinds of text a page sets; each has a style in every template.
    enum Style: String, Sendable, CaseIterable {
        case businessName = "business_name", contact, title, number, label, clientName = "client_name", detail, value, note
        case tableHeader = "table_header", description, quantity, rate, amount
        case totalsLabel = "totals_label", totalsValue = "totals_value", totalLabel = "total_label", totalValue = "total_value"
        case paymentLabel = "payment_label", paymentValue = "payment_value", notes, footer, stamp
    }

    struct Margins: Sendable {
        var top: Double, right: Double, bottom: Double, left: Double
    }

    struct Table: Sendable {
        var quantityWidth: Double
        var rateWidth: Double
        var amountWidth: Double
        var headerRule: Double
        var rowRule: Double
        var rowPadding: Double
    }

    var name: String
    var layout: Layout
    /// The template's own page size, when it sets one; else the book's `paper:` or the locale's usual paper.
    var pageSize: PageSize?
    var margins: Margins
    /// The pango family list: the template's family, then its fallbacks.
    var families: [String]
    var colors: [String: RGB?]
    var styles: [Style: TextStyle]
    var logo: (width: Double, height: Double)
    var table: Table
    var totals: (width: Double, ruleWidth: Double)
    var paymentLabelWidth: Double
    var stamp: (rotation: Double, border: Double)
    var blocks: [Block]
    var pageNumbers: PageNumbers
    /// The labels the book's own template files set (`labels:` in templates/NAME.yaml): locale
    /// key (`en`, `de_AT`) -> label key -> text. The built-in ones are `labels(_:)`'s.
    var ownLabels: [String: [String: String]]

    /// The labels of a locale key (`en`, `de`, `de_AT`): the built-in templates', with the book's
    /// template files' over them.
    func labels(_ key: String) -> [String: String] {
        let own = ownLabels[key] ?? [:]
        guard let builtIn = BuiltInTemplates.labels(key) else { return own }
        return own.isEmpty ? builtIn : builtIn.merging(own) { _, new in new }
    }

    func color(_ name: String) -> RGB? { colors[name] ?? nil }

    /// The template with its Japanese CJK fallback (`Noto Sans Mono CJK JP`) swapped for the
    /// document's own: Han characters are drawn differently in Chinese, Taiwanese, Hong Kong and
    /// Korean use.
    func forCJK(locale: String) -> Template {
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        let variant: String
        switch parts.first?.lowercased() {
        case "zh":
            if parts.contains("Hant") || parts.contains("TW") { variant = "TC" } else if parts.contains("HK") || parts.contains("MO") { variant = "HK" } else { variant = "SC" }
        case "yue": variant = "HK"
        case "ko": variant = "KR"
        default: return self
        }
        var copy = self
        copy.styles = styles.mapValues { style in
            var style = style
            style.family = FontFamilies(style.family.list.replacingOccurrences(of: " CJK JP", with: " CJK " + variant))
            return style
        }
        return copy
    }

    func style(_ style: Style) -> TextStyle { styles[style]! }
}

/// The texts a page prints around the figures, in the document's language.
struct Labels: Sendable {
    static let keys = LabelKeys.all
    static let keySet = Set(LabelKeys.all)

    /// The languages the built-in templates speak, every key in each (docs/labels.md).
    static let languages = ["en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv", "da", "nb", "fi", "cs", "ja", "zh"]

    private let texts: [String: String]

    /// The labels for `locale` (`de_AT`): the template's English, its language's (`de`), its own;
    /// then the book's (`labels:` in invoic.yaml) in the same order, which win over any of the
    /// template's: a book that says `de: {tax_id: ...}` means its Austrian documents too.
    init(template: Template, locale: String, book: [String: [String: String]] = [:]) {
        var texts: [String: String] = [:]
        let lookup = Self.lookup(locale)
        for key in lookup { texts.merge(template.labels(key)) { _, new in new } }
        for key in lookup { texts.merge(book[key] ?? [:]) { _, new in new } }
        self.texts = texts
    }

    /// The label sets a locale reads, most general first: `zh_TW` -> en, zh, zh_Hant, zh_TW.
    /// Norwegian (`no`, `nn`) reads Bokmål; Taiwan, Hong Kong and Macao read traditional Chinese.
    static func lookup(_ locale: String) -> [String] {
        let identifier = locale.replacingOccurrences(of: "-", with: "_")
        let parts = identifier.split(separator: "_").map(String.init)
        var language = parts.first?.lowercased() ?? "en"
        if language == "no" || language == "nn" { language = "nb" }
        var keys = ["en", language]
        if language == "zh", parts.dropFirst().contains(where: { ["Hant", "TW", "HK", "MO"].contains($0) }) { keys.append("zh_Hant") }
        if parts.count > 1 { keys.append(identifier) }
        var seen: Set<String> = []
        return keys.filter { seen.insert($0).inserted }
    }

    subscript(_ key: String) -> String { texts[key] ?? key }

    /// A label with `{name}` placeholders filled in.
    func format(_ key: String, _ values: [String: String]) -> String {
        var text = self[key]
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }
}

extension PaperSize {
    var points: (width: Double, height: Double) {
        switch self {
        case .a4: return (595.276, 841.89)
        case .letter: return (612, 792)
        }
    }
}
