import InvoicBook
import InvoicMoney
import InvoicYAML

/// The text of files invoic creates: plain YAML a person would have written, with a schema line
/// for editors that have a YAML language server.
public enum NewFiles {
    /// `# yaml-language-server: $schema=...` pointing at the schemas `invoic init` writes.
    static func schemaLine(_ kind: String, depth: Int) -> String {
        "# yaml-language-server: $schema=\(String(repeating: "../", count: depth)).invoic/schemas/\(kind).schema.json\n"
    }

    /// The schema line of a new file at `path` (relative to the book): as many `../` as folders.
    static func schemaLine(_ kind: String, at path: String?) -> String {
        schemaLine(kind, depth: path.map { max(1, $0.split(separator: "/").count - 1) } ?? 1)
    }

    /// A postal address as `new client --address` takes it.
    public struct Address: Sendable, Hashable {
        public var street: String?
        public var postalCode: String?
        public var city: String?
        public var region: String?
        public var country: String?

        public init(street: String? = nil, postalCode: String? = nil, city: String? = nil, region: String? = nil, country: String? = nil) {
            (self.street, self.postalCode, self.city, self.region, self.country) = (street, postalCode, city, region, country)
        }

        /// "street, postal code city" (Europe: `Hauptstraße 5, 10115 Berlin`) or "street, city,
        /// region postal code" (`12 Main St, Springfield, IL 62701`); nil when it is neither.
        public static func parse(_ text: String, country: String?) -> Address? {
            let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard parts.count >= 2, let last = parts.last else { return nil }
            let words = last.split(separator: " ").map(String.init)
            if let first = words.first, first.contains(where: \.isNumber), words.count >= 2 {
                return Address(street: parts.dropLast().joined(separator: ", "), postalCode: first,
                               city: words.dropFirst().joined(separator: " "), country: country)
            }
            if parts.count >= 3, let postal = words.last, postal.contains(where: \.isNumber), words.count >= 2 {
                return Address(street: parts.dropLast(2).joined(separator: ", "), postalCode: postal, city: parts[parts.count - 2],
                               region: words.dropLast().joined(separator: " "), country: country)
            }
            return nil
        }
    }

    /// A new client file: what was given, and every other key a client usually needs as a
    /// commented placeholder to fill in (so the file says what it can hold).
    public static func client(id: String, name: String, email: String?, currency: Currency?, locale: String?, phone: String? = nil,
                              address: Address? = nil, taxID: String? = nil, electronicAddress: String? = nil) -> String {
        var text = schemaLine("client", depth: 1) + "name: \(YAMLText.scalar(name))\n"
        text += email.map { "email: \(YAMLText.scalar($0))\n" } ?? "# email: the address invoices are sent to\n"
        text += phone.map { "phone: \(YAMLText.scalar($0))\n" } ?? "# phone: \"+49 30 1234567\"\n"
        if let address {
            text += "address:\n"
            for (key, value) in [("street", address.street), ("city", address.city), ("region", address.region),
                                 ("postal_code", address.postalCode), ("country", address.country)] {
                if let value { text += "  \(key): \(YAMLText.scalar(value))\n" }
            }
        } else {
            text += """
                # address:                # printed under the name; e-invoices need city, postal code and country
                #   street: the street and number
                #   city: the city
                #   postal_code: "the postal code"
                #   country: DE             # ISO 3166 code\n
                """
        }
        text += taxID.map { "tax_id: \(YAMLText.scalar($0))\n" }
            ?? "# tax_id: the client's VAT number (a business's; needed for reverse charge and intra-EU supplies)\n"
        text += electronicAddress.map { "electronic_address: \(YAMLText.scalar($0))\n" }
            ?? "# electronic_address: \"SCHEME:ID\"   # where e-invoices reach the client (Peppol, BT-49), e.g. 0204:<Leitweg-ID>\n"
        text += "# buyer_reference: the reference the client asks you to quote on every invoice (BT-10)\n"
        if let currency { text += "currency: \(currency.code)\n" }
        if let locale { text += "locale: \(YAMLText.scalar(locale))\n" }
        return text
    }

    /// A new invoice or estimate for `client`: dates from the terms, currency, locale and tax from
    /// the client and book written out (so the document stays as issued if they change later), and
    /// the items of `like` or one item to fill in.
    /// - Parameter path: where the file goes (``Book/file(forNew:number:issued:)``), for its schema line.
    /// An item given on the command line (`new invoice --line`): its numbers as typed, checked.
    public struct Item: Sendable, Hashable {
        public var description: String
        public var quantity: String
        public var unit: String?
        public var price: String

        public init(description: String, quantity: String, unit: String?, price: String) {
            (self.description, self.quantity, self.unit, self.price) = (description, quantity, unit, price)
        }
    }

    public static func document(_ kind: DocumentKind, number: String, client: Client, book: Book, issued: Day, like: Document?,
                                items: [Item] = [], path: String? = nil) -> String {
        let defaults = book.settings.defaults
        var text = schemaLine(kind.rawValue, at: path)
        text += numberLine(number)
        text += "client: \(YAMLText.scalar(client.id))\n"
        text += "issued: \(issued)\n"
        switch kind {
        case .invoice:
            if let terms = client.terms?.value ?? defaults.terms?.value { text += "due: \(issued.adding(days: terms))\n" }
        case .estimate:
            if let validity = defaults.validity?.value { text += "valid_until: \(issued.adding(days: validity))\n" }
        case .creditNote:
            break
        }
        if let currency = like?.figures?.currency ?? client.currency?.value ?? defaults.currency?.value { text += "currency: \(currency.code)\n" }
        if let locale = like?.figures?.locale ?? client.locale?.value ?? defaults.locale?.value { text += "locale: \(YAMLText.scalar(locale))\n" }
        if let tax = like?.tax?.value ?? client.tax?.value ?? defaults.tax?.value { text += "tax: \(tax)\n" }
        if let like {
            text += lines(from: like)
        } else if !items.isEmpty {
            text += "items:\n"
            for item in items {
                text += "  - description: \(YAMLText.scalar(item.description))\n    quantity: \(item.quantity)\n"
                if let unit = item.unit { text += "    unit: \(YAMLText.scalar(unit))\n" }
                text += "    price: \(item.price)\n"
            }
        } else {
            text += "items:\n  - description: \"\"   # what you did or supplied\n    quantity: 1\n    price: 0\n"
        }
        return text
    }

    /// The credit note that reverses `invoice`: in whole (`lines` nil), only the lines numbered
    /// `lines` (from 1), or none of them (`lines` empty: one line to fill in).
    /// It takes the invoice's client, currency, locale, tax and exemption, and the lines as the
    /// user wrote them (every key, comments included), so it credits exactly what was charged.
    /// Crediting in whole also takes the invoice's discount, allowances and charges; in part, only
    /// a percentage discount, which applies to the credited lines as it did to all of them.
    /// - Parameter invoiceText: the invoice's file as written.
    public static func creditNote(reversing invoice: Document, lines selected: [Int]?, number: String, reason: String?,
                                  issued: Day, invoiceText: String, path: String? = nil) -> String {
        let written = verbatimEntries(of: invoiceText, path: invoice.file) ?? [:]
        var text = schemaLine(DocumentKind.creditNote.rawValue, at: path)
        text += numberLine(number)
        text += "client: \(YAMLText.scalar(invoice.client.value))\n"
        text += "issued: \(issued)\n"
        text += "corrects: \(YAMLText.scalar(invoice.number))\n"
        if let reason {
            text += "reason: \(YAMLText.scalar(reason))\n"
        } else {
            text += "reason: \"\"   # why the invoice is credited: printed on the credit note\n"
        }
        if let figures = invoice.figures {
            text += "currency: \(figures.currency.code)\n"
            text += "locale: \(YAMLText.scalar(figures.locale))\n"
        }
        var keys = ["tax", "exemption", "buyer_reference", "order", "contract", "project_reference", "project", "category"]
        if selected == nil {
            keys += ["discount", "allowances", "charges", "prepaid", "payable_rounding"]
        } else if case .percentage? = invoice.discount?.value {
            keys.append("discount")
        }
        for key in keys { if let entry = written[key] { text += entry } }
        text += "items:\n"
        guard selected?.isEmpty != true else {
            return text + "  - description: \"\"   # what is credited\n    quantity: 1\n    price: 0\n"
        }
        let chosen = (selected ?? Array(invoice.items.indices.map { $0 + 1 })).filter { invoice.items.indices.contains($0 - 1) }
        let verbatim = chosen.map { itemText(invoice.items[$0 - 1], in: invoiceText) }.joined()
        // The lines as written, when they read back as those lines (an invoice written in flow
        // style, `{items: [...]}`, has no lines of its own to copy): else as the model has them.
        let parsed = BookFileDecoder.parse(Array((text + verbatim).utf8), path: "credit note")
        let items = parsed.root?.mapping?.first { $0.key.keyText == "items" }?.value.sequence
        if parsed.diagnostics.isEmpty, items?.count == chosen.count {
            return text + verbatim
        }
        for index in chosen { text += itemLines(invoice.items[index - 1]) }
        return text
    }

    /// An item as YAML from the model: every key a line may have that the credit needs.
    static func itemLines(_ item: LineItem) -> String {
        var text = "  - description: \(YAMLText.scalar(item.description))\n"
        if let quantity = item.quantity?.value { text += "    quantity: \(quantity)\n" }
        if let unit = item.unit { text += "    unit: \(YAMLText.scalar(unit))\n" }
        if let code = item.unitCode?.value { text += "    unit_code: \(YAMLText.scalar(code))\n" }
        if let id = item.itemID { text += "    item_id: \(YAMLText.scalar(id))\n" }
        if let list = item.listPrice?.value { text += "    list_price: \(list)\n" }
        text += "    price: \(item.price.value)\n"
        if let per = item.per?.value { text += "    per: \(per)\n" }
        if let tax = item.tax?.value { text += "    tax: \(tax)\n" }
        for (key, adjustments) in [("discounts", item.discounts), ("charges", item.charges)] where !adjustments.isEmpty {
            text += "    \(key):\n"
            for adjustment in adjustments {
                var parts: [String] = []
                // Quoted: inside `{ }` a comma would end the value.
                if let reason = adjustment.reason { parts.append("reason: \(YAMLText.quoted(reason))") }
                if let percent = adjustment.percent?.value { parts.append("percent: \(percent)") }
                if let amount = adjustment.amount?.value { parts.append("amount: \(amount)") }
                if let base = adjustment.base?.value { parts.append("base: \(base)") }
                if let code = adjustment.code { parts.append("code: \(YAMLText.quoted(code))") }
                text += "      - { " + parts.joined(separator: ", ") + " }\n"
            }
        }
        if let category = item.category { text += "    category: \(YAMLText.scalar(category))\n" }
        return text
    }

    /// One item of a document as the user wrote it: its lines, from the `- ` that starts it to
    /// the line its last value ends on, re-indented as an entry of `items:`.
    static func itemText(_ item: LineItem, in documentText: String) -> String {
        let lines = documentText.split(separator: "\n", omittingEmptySubsequences: false)
        let first = item.range.start.line
        // A block mapping ends where the next token starts (the next `- `, the next key, the end of
        // the file), at or left of its own column; a flow one ends after its `}`, on its own line.
        var last = item.range.end.column <= item.range.start.column ? item.range.end.line - 1 : item.range.end.line
        last = min(last, lines.count)
        guard first >= 1, last >= first else { return "" }
        var slice = Array(lines[(first - 1)..<last])
        while slice.count > 1, let tail = slice.last, tail.trimmingCharacters(in: .whitespaces).isEmpty || tail.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
            slice.removeLast()
        }
        // The first line holds the `- ` before the item's column; the others are indented to it.
        let column = item.range.start.column - 1
        let dashLine = String(slice[0])
        let indentation = String(repeating: " ", count: max(0, column - 2))
        var result = "  - " + String(dashLine.dropFirst(column)) + "\n"
        for line in slice.dropFirst() {
            let text = String(line)
            result += "    " + (text.hasPrefix(indentation + "  ") ? String(text.dropFirst(column)) : text.trimmingCharacters(in: .init(charactersIn: " "))) + "\n"
        }
        return result
    }

    /// A number with `/` cannot be the file's name alone (the name writes `_`): the file states it.
    static func numberLine(_ number: String) -> String {
        number.contains("/") ? "number: \(YAMLText.scalar(number))\n" : ""
    }

    /// An accepted estimate as an invoice: the same client, currency, locale, tax, discount,
    /// items, notes, project and category, and the link back to the estimate.
    /// - Parameter estimateText: the estimate's file as written: its items, notes and the other
    ///   keys the invoice takes over are copied as the user wrote them (block scalars, comments,
    ///   key order, quoting), not re-spelled from the model.
    public static func conversion(of estimate: Document, number: String, client: Client?, book: Book, issued: Day,
                                  estimateText: String? = nil, path: String? = nil) -> String {
        let written = estimateText.flatMap { verbatimEntries(of: $0, path: estimate.file) } ?? [:]
        var text = schemaLine("invoice", at: path)
        text += numberLine(number)
        text += "client: \(YAMLText.scalar(estimate.client.value))\n"
        text += "issued: \(issued)\n"
        if let terms = client?.terms?.value ?? book.settings.defaults.terms?.value { text += "due: \(issued.adding(days: terms))\n" }
        text += "from_estimate: \(YAMLText.scalar(estimate.number))\n"
        if let figures = estimate.figures {
            text += "currency: \(figures.currency.code)\n"
            text += "locale: \(YAMLText.scalar(figures.locale))\n"
        }
        if let tax = written["tax"] {
            text += tax
        } else if let tax = estimate.tax?.value { text += "tax: \(tax)\n" }
        if let discount = written["discount"] {
            text += discount
        } else if let discount = estimate.discount?.value {
            switch discount {
            case .percentage(let rate): text += "discount: \(rate)\n"
            case .amount(let amount): text += "discount: \(amount)\n"
            }
        }
        text += lines(from: estimate, written: written)
        if let notes = written["notes"] {
            text += notes
        } else if let notes = estimate.notes { text += "notes: \(YAMLText.scalar(notes))\n" }
        return text
    }

    /// The invoice a schedule writes for the occurrence on `date`: the schedule's invoice keys as
    /// written (comments included), the issue and due dates, `recurring:` and `occurrence:` that
    /// tie it to the schedule, its period when the schedule asks, and the currency, locale and
    /// tax written out like a new invoice's.
    public static func recurringInvoice(_ schedule: Recurring, number: String, date: Day, book: Book, scheduleText: String,
                                        path: String? = nil) -> String {
        let written = verbatimEntries(of: scheduleText, path: schedule.file) ?? [:]
        let body = scheduleText.hasPrefix("\u{FEFF}") ? String(scheduleText.dropFirst()) : scheduleText
        let order = (BookFileDecoder.parse(Array(body.utf8), path: schedule.file).root?.mapping ?? []).compactMap(\.key.keyText)
        let scheduleKeys = Set(Schema.schedule.map(\.name))
        let client = book.clients[schedule.client.value]
        let defaults = book.settings.defaults
        var text = schemaLine(DocumentKind.invoice.rawValue, at: path)
        text += numberLine(number)
        text += "# written by `invoic recur` from \(schedule.file)\n"
        text += written["client"] ?? "client: \(YAMLText.scalar(schedule.client.value))\n"
        text += "issued: \(date)\n"
        if let terms = client?.terms?.value ?? defaults.terms?.value { text += "due: \(date.adding(days: terms))\n" }
        text += "recurring: \(YAMLText.scalar(schedule.name))\n"
        text += "occurrence: \(date)\n"
        if schedule.period {
            let period = schedule.period(startingOn: date)
            text += "period: { from: \(period.from), to: \(period.to) }\n"
        }
        if written["currency"] == nil, let currency = client?.currency?.value ?? defaults.currency?.value { text += "currency: \(currency.code)\n" }
        if written["locale"] == nil, let locale = client?.locale?.value ?? defaults.locale?.value { text += "locale: \(YAMLText.scalar(locale))\n" }
        if written["tax"] == nil, let tax = client?.tax?.value ?? defaults.tax?.value { text += "tax: \(tax)\n" }
        for key in order where key != "client" && !scheduleKeys.contains(key) {
            if let entry = written[key] { text += entry }
        }
        return text
    }

    /// The top-level entries of a block-style YAML file, each as the lines the user wrote: from
    /// its key to the line before the next key, less the blank lines and unindented comments
    /// that lead into the next key. Nil for a file that does not parse or is one flow mapping.
    static func verbatimEntries(of text: String, path: String) -> [String: String]? {
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        guard let root = BookFileDecoder.parse(Array(body.utf8), path: path).root, let pairs = root.mapping, !root.isFlow else { return nil }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        var entries: [String: String] = [:]
        for (index, pair) in pairs.enumerated() {
            guard let key = pair.key.keyText else { continue }
            let first = pair.key.range.start.line
            let next = index + 1 < pairs.count ? pairs[index + 1].key.range.start.line : lines.count + 1
            guard first >= 1, next > first, next - 1 <= lines.count else { return nil }
            var slice = lines[(first - 1)..<(next - 1)]
            while slice.count > 1, let last = slice.last,
                  last.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) || last.hasPrefix("#") {
                slice = slice.dropLast()
            }
            entries[key] = slice.joined(separator: "\n") + "\n"
        }
        return entries
    }

    /// project, category and items of a document, as written.
    private static func lines(from document: Document, written: [String: String] = [:]) -> String {
        var text = ""
        if let project = written["project"] {
            text += project
        } else if let project = document.project { text += "project: \(YAMLText.scalar(project))\n" }
        if let category = written["category"] {
            text += category
        } else if let category = document.category { text += "category: \(YAMLText.scalar(category))\n" }
        if let items = written["items"] { return text + items }
        text += "items:\n"
        for item in document.items {
            text += "  - description: \(YAMLText.scalar(item.description))\n"
            if let quantity = item.quantity?.value { text += "    quantity: \(quantity)\n" }
            if let unit = item.unit { text += "    unit: \(YAMLText.scalar(unit))\n" }
            text += "    price: \(item.price.value)\n"
            if let tax = item.tax?.value { text += "    tax: \(tax)\n" }
            if let category = item.category { text += "    category: \(YAMLText.scalar(category))\n" }
        }
        return text
    }
}
