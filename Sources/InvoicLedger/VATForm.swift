import InvoicBook
import InvoicDiagnostics
import InvoicMoney
import InvoicYAML

/// A country's VAT return form as a table (templates/vat-forms/NAME.yaml, compiled in): which
/// rows of the return each box sums. A country is a data file, never code.
public struct VATForm: Sendable {
    public struct Box: Sendable {
        public enum Source: String, Sendable { case sales, purchases, balance }
        public enum Amount: String, Sendable { case taxable, tax, selfAssessed = "self_assessed", importTax = "import_tax" }

        public var box: String
        public var label: String
        public var source: Source
        public var amount: Amount
        public var categories: Set<TaxCategory>?
        public var rates: Set<Rate>?
        public var exceptRates: Set<Rate>
        public var selfAssessedRates: Set<Rate>?
        public var places: Set<Destination>?
        /// Purchases only: true takes only suppliers' credit notes (a change of the assessment
        /// base, § 16 UStG 1994), false only their invoices, nil both.
        public var correction: Bool?
        public var wholeUnits: Bool
        /// More rows the box sums (`also:`), each its own filter: a row counts once if any matches.
        public var also: [Box] = []

        /// The box's figure from a section of the return.
        public func figure(in section: VATReturn.Section) -> Int64 {
            switch source {
            case .balance:
                return section.balance
            case .sales:
                return section.sales.filter { matches($0.taxRate, place: $0.destination, selfAssessed: nil) }
                    .reduce(0) { $0 + (amount == .tax ? $1.tax : amount == .taxable ? $1.taxable : 0) }
            case .purchases:
                return section.purchases.filter { matches($0) }.reduce(0) { total, row in
                    switch amount {
                    case .taxable: total + row.taxable
                    case .tax: total + row.tax
                    case .selfAssessed: total + row.selfAssessed
                    case .importTax: total + row.importTax
                    }
                }
            }
        }

        func matches(_ row: VATReturn.PurchaseRow) -> Bool {
            matches(row.taxRate, place: row.origin, selfAssessed: row.selfAssessedRate, correction: row.correction)
        }

        func matches(_ taxRate: TaxRate, place: Destination, selfAssessed: Rate?, correction: Bool = false) -> Bool {
            if also.contains(where: { $0.matches(taxRate, place: place, selfAssessed: selfAssessed, correction: correction) }) { return true }
            if let categories, !categories.contains(taxRate.category) { return false }
            if let rates, !rates.contains(taxRate.rate) { return false }
            if exceptRates.contains(taxRate.rate) { return false }
            if let places, !places.contains(place) { return false }
            if let selfAssessedRates {
                guard let selfAssessed, selfAssessedRates.contains(selfAssessed) else { return false }
            }
            if let wanted = self.correction, wanted != correction { return false }
            return true
        }
    }

    public var name: String
    public var title: String
    public var country: String
    public var currency: Currency
    public var boxes: [Box]

    /// The forms invoic knows, by name.
    public static var names: [String] { BuiltInVATForms.sources.keys.sorted() }

    /// The built-in form `name`, or what is wrong with its table (a test reads every one).
    public static func named(_ name: String) -> Result<VATForm, FormError> {
        guard let text = BuiltInVATForms.sources[name] else { return .failure(FormError("no VAT form `\(name)`; invoic knows \(names.joined(separator: ", "))")) }
        return decode(text, path: "templates/vat-forms/\(name).yaml")
    }

    public struct FormError: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    static func decode(_ source: String, path: String) -> Result<VATForm, FormError> {
        let parsed = BookFileDecoder.parse(Array(source.utf8), path: path)
        if let problem = parsed.diagnostics.first { return .failure(FormError("\(path): \(problem.message)")) }
        guard let root = parsed.root, root.mapping != nil else { return .failure(FormError("\(path): not a mapping")) }
        func fail(_ node: YAMLNode?, _ message: String) -> FormError {
            FormError("\(path):\(node?.range.start.line ?? 1): \(message)")
        }
        func text(_ key: String, of node: YAMLNode) throws(FormError) -> String {
            guard let value = node[key]?.scalar?.text, !value.isEmpty else { throw fail(node, "`\(key):` is missing") }
            return value
        }
        func list(_ key: String, of node: YAMLNode) throws(FormError) -> [String]? {
            guard let value = node[key] else { return nil }
            guard let items = value.sequence else { throw fail(value, "`\(key):` is a list, e.g. [S]") }
            return try items.map { item throws(FormError) in
                guard let text = item.scalar?.text else { throw fail(item, "`\(key):` lists plain words") }
                return text
            }
        }
        func rates(_ key: String, of node: YAMLNode) throws(FormError) -> Set<Rate>? {
            try list(key, of: node).map { words throws(FormError) in
                Set(try words.map { word throws(FormError) in
                    guard case .success(let rate) = Rate.parse(word) else { throw fail(node, "`\(word)` is not a rate") }
                    return rate
                })
            }
        }
        do throws(FormError) {
            guard let currency = Currency.named(try text("currency", of: root)) else { throw fail(root, "unknown currency") }
            var form = VATForm(name: try text("form", of: root), title: try text("title", of: root), country: try text("country", of: root),
                               currency: currency, boxes: [])
            let known: Set<String> = ["box", "label", "from", "amount", "category", "rate", "except_rates", "self_assessed_rate", "destination",
                                      "origin", "correction", "whole_units", "also"]
            /// The filter of `node`: a box's own, or one of its `also:` rows (which inherit the rest).
            func filter(_ node: YAMLNode, into box: inout Box) throws(FormError) {
                for pair in node.mapping ?? [] where !known.contains(pair.key.keyText ?? "") {
                    throw fail(pair.key, "unknown key `\(pair.key.keyText ?? "?")`")
                }
                box.categories = try list("category", of: node).map { words throws(FormError) in
                    Set(try words.map { word throws(FormError) in
                        guard let category = TaxCategory(rawValue: word) else { throw fail(node, "`\(word)` is not a UNCL 5305 category") }
                        return category
                    })
                }
                var placeWords = try list("destination", of: node)
                if placeWords == nil { placeWords = try list("origin", of: node) }
                box.places = try placeWords.map { words throws(FormError) in
                    Set(try words.map { word throws(FormError) in
                        guard let place = Destination(rawValue: word) else { throw fail(node, "`\(word)` is domestic, eu or non_eu") }
                        return place
                    })
                }
                box.rates = try rates("rate", of: node)
                box.exceptRates = try rates("except_rates", of: node) ?? []
                box.selfAssessedRates = try rates("self_assessed_rate", of: node)
                if let word = node["correction"]?.scalar?.text {
                    guard word == "true" || word == "false" else { throw fail(node, "`correction:` is true or false") }
                    box.correction = word == "true"
                }
            }
            for node in root["boxes"]?.sequence ?? [] {
                guard let source = Box.Source(rawValue: try text("from", of: node)) else { throw fail(node, "`from:` is sales, purchases or balance") }
                let amountWord = source == .balance ? "tax" : try text("amount", of: node)
                guard let amount = Box.Amount(rawValue: amountWord) else { throw fail(node, "`amount:` is taxable, tax, self_assessed or import_tax") }
                var box = Box(box: try text("box", of: node), label: try text("label", of: node), source: source, amount: amount,
                              categories: nil, rates: nil, exceptRates: [], selfAssessedRates: nil, places: nil, correction: nil,
                              wholeUnits: node["whole_units"]?.scalar?.text == "true")
                try filter(node, into: &box)
                for item in node["also"]?.sequence ?? [] {
                    guard item.mapping != nil else { throw fail(item, "`also:` lists filters, e.g. [{ category: [AE], destination: [domestic] }]") }
                    var more = box
                    more.also = []
                    (more.categories, more.rates, more.exceptRates, more.selfAssessedRates, more.places, more.correction) = (nil, nil, [], nil, nil, nil)
                    try filter(item, into: &more)
                    box.also.append(more)
                }
                if node["also"] != nil, node["also"]?.sequence == nil { throw fail(node["also"], "`also:` is a list of filters") }
                form.boxes.append(box)
            }
            guard !form.boxes.isEmpty else { throw fail(root, "`boxes:` lists no box") }
            return .success(form)
        } catch {
            return .failure(error)
        }
    }

    /// The rows of `section` no box of the form takes: shown beside the form so nothing is dropped unseen.
    public func unplaced(in section: VATReturn.Section) -> (sales: [VATReturn.Sales], purchases: [VATReturn.PurchaseRow]) {
        let sales = section.sales.filter { row in
            !boxes.contains { $0.source == .sales && $0.amount == .taxable && $0.matches(row.taxRate, place: row.destination, selfAssessed: nil) }
        }
        let purchases = section.purchases.filter { row in
            !boxes.contains { $0.source == .purchases && $0.matches(row) }
        }
        return (sales, purchases)
    }
}
