import InvoicBook

/// A document as a form of `invoic serve` gives it: every value already checked to be of its
/// kind (a day, a number), text as the person typed it.
public struct DraftDocument: Sendable {
    public struct Line: Sendable {
        public var description: String
        /// Decimal numbers in their canonical spelling (`DecimalNumber.description`).
        public var quantity: String
        public var unit: String?
        public var price: String
        /// Written only when it differs from the document's tax.
        public var tax: String?

        public init(description: String, quantity: String, unit: String?, price: String, tax: String?) {
            self.description = description
            self.quantity = quantity
            self.unit = unit
            self.price = price
            self.tax = tax
        }
    }

    public var kind: DocumentKind
    public var number: String
    public var client: String
    public var issued: Day
    /// `due:` of an invoice, `valid_until:` of an estimate.
    public var due: Day?
    public var currency: String?
    public var locale: String?
    public var tax: String?
    /// A percentage (`10%`) or an amount, checked by the caller.
    public var discount: String?
    public var lines: [Line]
    public var notes: String?
    /// The buyer's reference (BT-10) and order number (BT-13): what a Peppol or XRechnung client asks for.
    public var buyerReference: String?
    public var order: String?

    public init(kind: DocumentKind, number: String, client: String, issued: Day, due: Day?, currency: String?, locale: String?, tax: String?,
                discount: String?, lines: [Line], notes: String?, buyerReference: String? = nil, order: String? = nil) {
        self.kind = kind
        self.number = number
        self.client = client
        self.issued = issued
        self.due = due
        self.currency = currency
        self.locale = locale
        self.tax = tax
        self.discount = discount
        self.lines = lines
        self.notes = notes
        self.buyerReference = buyerReference
        self.order = order
    }
}

extension NewFiles {
    /// The file of a document written from a form: the same lines, in the same order, as
    /// `invoic new` writes (``document(_:number:client:book:issued:like:)``), with the form's
    /// values; every text through ``YAMLText/scalar(_:in:)``.
    /// - Parameter keeping: top-level entries of the file being rewritten that the form does not
    ///   show (`project:`, `category:`, ...), as written, appended unchanged.
    /// - Returns: the text and the line each field is written on (`client`, `issued`, `due`,
    ///   `discount`, `notes`, `description.1`, `price.2`, ...), to show a diagnostic at its field.
    /// - Parameter header: the comment lines the rewritten file starts with, kept in place of the schema line.
    public static func document(from draft: DraftDocument, header: String? = nil, keeping: [String] = []) -> (text: String, lines: [String: Int]) {
        var text = (header ?? schemaLine(draft.kind.rawValue, depth: 1)) + numberLine(draft.number)
        var lines: [String: Int] = [:]
        func add(_ field: String?, _ line: String) {
            if let field { lines[field] = text.count(where: { $0 == "\n" }) + 1 }
            text += line + "\n"
        }
        add("client", "client: \(YAMLText.scalar(draft.client))")
        add("issued", "issued: \(draft.issued)")
        if let due = draft.due {
            switch draft.kind {
            case .invoice: add("due", "due: \(due)")
            case .estimate: add("due", "valid_until: \(due)")
            case .creditNote: break
            }
        }
        if let currency = draft.currency { add(nil, "currency: \(currency)") }
        if let locale = draft.locale { add(nil, "locale: \(YAMLText.scalar(locale))") }
        if let tax = draft.tax { add(nil, "tax: \(YAMLText.scalar(tax))") }
        if let reference = draft.buyerReference { add("buyer_reference", "buyer_reference: \(YAMLText.scalar(reference))") }
        if let order = draft.order { add("order", "order: \(YAMLText.scalar(order))") }
        if let discount = draft.discount { add("discount", "discount: \(YAMLText.scalar(discount))") }
        add(nil, "items:")
        for (index, line) in draft.lines.enumerated() {
            let n = index + 1
            add("description.\(n)", "  - description: \(YAMLText.scalar(line.description))")
            add("quantity.\(n)", "    quantity: \(line.quantity)")
            if let unit = line.unit { add("unit.\(n)", "    unit: \(YAMLText.scalar(unit))") }
            add("price.\(n)", "    price: \(line.price)")
            if let tax = line.tax { add("tax.\(n)", "    tax: \(YAMLText.scalar(tax))") }
        }
        if let notes = draft.notes { add("notes", "notes: \(YAMLText.scalar(notes))") }
        for entry in keeping { text += entry.hasSuffix("\n") ? entry : entry + "\n" }
        return (text, lines)
    }

    /// The comment lines (and blank lines) a file starts with, before its first key.
    public static func leadingComments(of text: String) -> String {
        var header = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let trimmed = line.trimmingPrefix(while: { $0 == " " || $0 == "\u{FEFF}" })
            guard trimmed.isEmpty || trimmed.hasPrefix("#") else { break }
            header += String(line) + "\n"
        }
        return header
    }

    /// The top-level entries of a file as written, by key (each from its key to the next key),
    /// for a rewrite that keeps what it does not change. Nil for a file that does not parse.
    public static func writtenEntries(of text: String, path: String) -> [(key: String, text: String)]? {
        guard let entries = verbatimEntries(of: text, path: path) else { return nil }
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let order = (BookFileDecoder.parse(Array(body.utf8), path: path).root?.mapping ?? []).compactMap(\.key.keyText)
        return order.compactMap { key in entries[key].map { (key, $0) } }
    }
}
