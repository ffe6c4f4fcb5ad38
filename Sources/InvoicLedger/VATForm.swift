import InvoicBook
import InvoicDiagnostics
import InvoicMoney
import InvoicYAML

/// A country's VAT return form as a table (templates/vat-forms/NAME.yaml, compiled in): which
/// rows of the return each box sums. A country is a data file, never code.
public struct VATForm: Sendable {
    public struct Box: Sendable {
        public enum Source: String, Sendable { case sales, purchases, balance }
        public enum Amount: String, Sendable { case taxable, tax, selfAssessed = "self_assessed" }

        public var box: String
        public var label: String
        public var source: Source
        public var amount: Amount
        public var categories: Set<TaxCategory>?
        public var rates: Set<Rate>?
        public var exceptRates: Set<Rate>
        public var selfAssessedRates: Set<Rate>?
        public var places: Set<Destination>?
        public var wholeUnits: Bool

        /// The box's figure from a section of the return.
        public func figure(in section: VATReturn.Section) -> Int64 {
            switch source {
            case .balance:
                return section.balance
            case .sales:
                return section.sales.filter { matches($0.taxRate, place: $0.destination, selfAssessed: nil) }
                    .reduce(0) { $0 + (amount == .tax ? $1.tax : amount == .taxable ? $1.taxable : 0) }
            case .purchases:
                return section.purchases.filter { matches($0.taxRate, place: $0.origin, selfAssessed: $0.selfAssessedRate) }
                    .reduce(0) { $0 + (amount == .tax ? $1.tax : amount == .taxable ? $1.taxable : $1.selfAssessed) }
            }
        }

        func matches(_ taxRate: TaxRate, place: Destination, selfAssessed: Rate?) -> Bool {
            if let categories, !categories.contains(taxRate.category) { return false }
            if let rates, !rates.contains(taxRate.rate) { return false }
            if exceptRates.contains(taxRate.rate) { return false }
            if let places, !places.contains(place) { return false }
            if let selfAssessedRates {
                guard let selfAssessed, selfAssessedRates.contains(selfAssessed) else { return false }
            }
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
                                      "origin", "whole_units"]
            for node in root["boxes"]?.sequence ?? [] {
                for pair in node.mapping ?? [] where !known.contains(pair.key.keyText ?? "") {
                    throw fail(pair.key, "unknown key `\(pair.key.keyText ?? "?")`")
                }
                guard let source = Box.Source(rawValue: try text("from", of: node)) else { throw fail(node, "`from:` is sales, purchases or balance") }
                let amountWord = source == .balance ? "tax" : try text("amount", of: node)
                guard let amount = Box.Amount(rawValue: amountWord) else { throw fail(node, "`amount:` is taxable, tax or self_assessed") }
                let categories = try list("category", of: node).map { words throws(FormError) in
                    Set(try words.map { word throws(FormError) in
                        guard let category = TaxCategory(rawValue: word) else { throw fail(node, "`\(word)` is not a UNCL 5305 category") }
                        return category
                    })
                }
                var placeWords = try list("destination", of: node)
                if placeWords == nil { placeWords = try list("origin", of: node) }
                let places = try placeWords.map { words throws(FormError) in
                    Set(try words.map { word throws(FormError) in
                        guard let place = Destination(rawValue: word) else { throw fail(node, "`\(word)` is domestic, eu or non_eu") }
                        return place
                    })
                }
                form.boxes.append(Box(box: try text("box", of: node), label: try text("label", of: node), source: source, amount: amount,
                                      categories: categories, rates: try rates("rate", of: node), exceptRates: try rates("except_rates", of: node) ?? [],
                                      selfAssessedRates: try rates("self_assessed_rate", of: node), places: places,
                                      wholeUnits: node["whole_units"]?.scalar?.text == "true"))
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
            !boxes.contains { $0.source == .purchases && $0.matches(row.taxRate, place: row.origin, selfAssessed: row.selfAssessedRate) }
        }
        return (sales, purchases)
    }
}
