import InvoicBook
import InvoicMoney

/// A step of the way to a value in a YAML file: `items`, `1`, `price`.
enum KeyStep: Hashable, Sendable {
    case key(String)
    case index(Int)
}

/// One value of what a document says, in canonical form so that `120` and `120.00`, or a
/// quoted and a plain date, compare equal, with the words and place to report it.
struct Fact: Sendable {
    var key: String
    /// "price of line 2"
    var label: String
    /// Canonical; nil when the document does not say it.
    var value: String?
    /// As a person reads it.
    var shown: String?
    var place: [KeyStep]
}

/// What a document says, as a list of facts: the content an issued invoice may never change.
/// Payments, a void, stated figures, `project` and `category` are not in it: they are facts
/// recorded later, assertions, or groupings for reports.
///
/// `resolved` snapshots hold what the printed document shows (the currency, locale, due date
/// and line rates after defaults, and the total), so a change to invoic.yaml or a client that
/// alters an issued invoice is caught too; `written` snapshots hold only what the file says,
/// for documents whose figures cannot be computed.
struct Snapshot: Sendable {
    private(set) var facts: [Fact] = []
    private var index: [String: Int] = [:]
    /// One canonical line per item, to tell added and removed lines apart.
    private(set) var lines: [String] = []
    /// Each item's facts, in order.
    private(set) var lineFacts: [[Fact]] = []
    private(set) var total: Fact?

    init(_ document: Document, resolved: Bool) {
        let figures = resolved ? document.figures : nil
        let isInvoice = document.kind != .estimate
        add("client", "client", document.client.value, place: ["client"])
        add("issued", "issue date", document.issued.value.description, place: ["issued"])
        let due = figures?.dueDate ?? document.due?.value
        add("due", isInvoice ? "due date" : "valid-until date", due?.description, place: [isInvoice ? "due" : "valid_until"])
        add("delivered", "delivery date", document.delivered?.value.description, place: ["delivered"])
        add("sent", "sent date", document.sent?.value.description, place: ["sent"])
        if !isInvoice { add("accepted", "acceptance date", document.accepted?.value.description, place: ["accepted"]) }
        add("currency", "currency", figures?.currency.code ?? document.currency?.value.code, place: ["currency"])
        add("locale", "locale", figures?.locale ?? document.locale?.value, place: ["locale"])
        if figures == nil { add("tax", "tax rate", document.tax?.value.description, place: ["tax"]) }
        add("discount", "discount", document.discount.map { Self.canonical($0.value) }, shown: document.discount.map { Self.shown($0.value) },
            place: ["discount"])
        add("from_estimate", "estimate it converts", document.fromEstimate?.value, place: ["from_estimate"])
        add("corrects", "invoice it corrects", document.corrects?.value, place: ["corrects"])
        add("reason", "reason", document.reason?.value, place: ["reason"])
        add("buyer_reference", "buyer reference", document.buyerReference?.value, place: ["buyer_reference"])
        add("order", "order number", document.order?.value, place: ["order"])
        add("contract", "contract reference", document.contract?.value, place: ["contract"])
        add("period", "invoicing period", document.period.map { "\($0.value.from)..\($0.value.to)" }, place: ["period"])
        add("deliver_to", "delivery place", document.deliverTo.map { place in
            ([place.value.name] + (place.value.address?.lines ?? [])).compactMap { $0 }.joined(separator: ", ")
        }, place: ["deliver_to"])
        add("payment_means", "payment means", document.paymentMeans?.value.code, place: ["payment_means"])
        add("mandate", "direct debit mandate", document.mandate?.value, place: ["mandate"])
        add("tax_currency", "tax currency", document.taxCurrency.map { "\($0.value.currency.code) \($0.value.rate)" }, place: ["tax_currency"])
        add("type", "invoice type", document.type?.value.rawValue, place: ["type"])
        add("prepaid", "prepaid amount", document.prepaid?.value.normalized.description, shown: document.prepaid?.value.description, place: ["prepaid"])
        let notes = document.notes?.trimmingCharacters(in: .whitespacesAndNewlines)
        add("notes", "notes", notes.flatMap { $0.isEmpty ? nil : $0 }, place: ["notes"])

        let rates = figures.flatMap { $0.lines.count == document.items.count ? $0.lines.map(\.tax) : nil }
        for (offset, item) in document.items.enumerated() {
            let n = offset + 1
            let place: [KeyStep] = [.key("items"), .index(offset)]
            var facts: [Fact] = []
            func fact(_ field: String, _ label: String, _ value: String?, shown: String? = nil, at written: [KeyStep]? = nil) {
                facts.append(Fact(key: "items.\(n).\(field)", label: "\(label) of line \(n)", value: value, shown: shown ?? value,
                                  place: written ?? place + [.key(field)]))
            }
            fact("description", "description", item.description.trimmingCharacters(in: .whitespacesAndNewlines))
            fact("quantity", "quantity", (item.quantity?.value ?? DecimalNumber(integer: 1)).normalized.description,
                 shown: item.quantity?.value.description ?? "1")
            fact("unit", "unit", item.unit)
            fact("price", "price", item.price.value.normalized.description, shown: item.price.value.description)
            fact("per", "price base quantity", item.per?.value.normalized.description, shown: item.per?.value.description)
            let adjustments = [("discounts", item.discounts), ("charges", item.charges)].flatMap { key, list in
                list.map { "\(key) \($0.reason ?? "") \($0.percent?.value.description ?? "") \($0.amount?.value.normalized.description ?? "") \($0.base?.value.normalized.description ?? "")" }
            }
            fact("discounts", "discounts and charges", adjustments.isEmpty ? nil : adjustments.joined(separator: "; "))
            fact("note", "note", item.note)
            fact("period", "period", item.period.map { "\($0.value.from)..\($0.value.to)" })
            fact("item_id", "article number", item.itemID)
            let rate = rates?[offset] ?? item.tax?.value
            // An inherited rate is pointed at where the document writes it, or at the line.
            fact("tax", "tax rate", rate?.description, at: item.tax == nil && document.tax != nil ? [.key("tax")] : nil)
            lineFacts.append(facts)
            lines.append(facts.map { $0.value ?? "-" }.joined(separator: "\u{1F}"))
        }
        if let figures {
            total = Fact(key: "total", label: "total", value: String(figures.total),
                         shown: MoneyFormat.format(figures.total, figures.currency, locale: figures.locale), place: [])
        }
    }

    private mutating func add(_ key: String, _ label: String, _ value: String?, shown: String? = nil, place: [String]) {
        index[key] = facts.count
        facts.append(Fact(key: key, label: label, value: value, shown: shown ?? value, place: place.map(KeyStep.key)))
    }

    /// The canonical value behind a key, as `differences(to:)` names them; `lines` stands for all items.
    func value(_ key: String) -> String? {
        if key == "lines" { return lines.joined(separator: "\u{1E}") }
        if key == "total" { return total?.value }
        if let position = index[key] { return facts[position].value }
        let parts = key.split(separator: ".")
        guard parts.count == 3, parts[0] == "items", let n = Int(parts[1]), n >= 1, n <= lineFacts.count else { return nil }
        return lineFacts[n - 1].first { $0.key == key }?.value
    }

    static func canonical(_ discount: DiscountText) -> String {
        switch discount {
        case .percentage(let rate): return rate.description
        case .amount(let amount): return amount.normalized.description
        }
    }

    static func shown(_ discount: DiscountText) -> String {
        switch discount {
        case .percentage(let rate): return rate.description
        case .amount(let amount): return amount.description
        }
    }
}

/// How a document's content differs from what it was when it was issued.
struct Difference: Sendable {
    enum Shape: Sendable, Equatable {
        case value
        /// Line `n` (1-based) of the issued version is gone.
        case lineRemoved(Int)
        /// Line `n` (1-based) of the current version is new.
        case lineAdded(Int)
    }

    var key: String
    var label: String
    var before: String?
    var after: String?
    var place: [KeyStep]
    var shape: Shape = .value

    var isDateMove: Bool { key == "issued" || key == "sent" }
}

extension Snapshot {
    /// What changed from `self` (as issued) to `now`: one difference per changed value, lines
    /// added or removed when the number of lines differs, the total only when nothing else explains it.
    func differences(to now: Snapshot) -> [Difference] {
        var result: [Difference] = []
        for fact in facts {
            let other = now.facts.first { $0.key == fact.key }
            guard fact.value != other?.value else { continue }
            result.append(Difference(key: fact.key, label: fact.label, before: fact.shown, after: other?.shown,
                                     place: other?.place ?? fact.place))
        }
        if lines.count == now.lines.count {
            for (before, after) in zip(lineFacts, now.lineFacts) {
                for (old, new) in zip(before, after) where old.value != new.value {
                    result.append(Difference(key: new.key, label: new.label, before: old.shown, after: new.shown, place: new.place))
                }
            }
        } else {
            let (removed, added) = Self.unmatched(lines, now.lines)
            for n in removed {
                result.append(Difference(key: "lines", label: "line \(n + 1)", before: Self.describe(lineFacts[n]), after: nil,
                                         place: [.key("items")], shape: .lineRemoved(n + 1)))
            }
            for n in added {
                result.append(Difference(key: "lines", label: "line \(n + 1)", before: nil, after: Self.describe(now.lineFacts[n]),
                                         place: [.key("items"), .index(n)], shape: .lineAdded(n + 1)))
            }
        }
        if result.isEmpty, let total, total.value != now.total?.value {
            result.append(Difference(key: "total", label: "total", before: total.shown, after: now.total?.shown, place: []))
        }
        return result
    }

    /// `2.5 h × 120.00 Logo design`
    static func describe(_ facts: [Fact]) -> String {
        func shown(_ field: String) -> String? { facts.first { $0.key.hasSuffix("." + field) }?.shown }
        let quantity = [shown("quantity"), shown("unit")].compactMap { $0 }.joined(separator: " ")
        return "\(shown("description") ?? "") (\(quantity) × \(shown("price") ?? ""))"
    }

    /// Indexes of `old` and `new` left out of their longest common subsequence.
    static func unmatched(_ old: [String], _ new: [String]) -> (removed: [Int], added: [Int]) {
        var table = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var removed: [Int] = [], added: [Int] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                i += 1
                j += 1
            } else if j < new.count, i == old.count || table[i][j + 1] >= table[i + 1][j] {
                added.append(j)
                j += 1
            } else {
                removed.append(i)
                i += 1
            }
        }
        return (removed, added)
    }
}
