import Foundation
import InvoicDiagnostics
import InvoicMoney
import InvoicYAML

/// The values of one mapping, by key, after its keys were checked against a table.
struct Fields {
    let node: YAMLNode
    /// Known keys in the order written, each once. A list, not a dictionary: a mapping has a
    /// handful of keys, and hashing them cost more than looking through them (measured at 10,000
    /// documents).
    let entries: [(key: String, value: YAMLNode)]

    /// The value written for `key`, even an explicit null.
    func written(_ key: String) -> YAMLNode? {
        entries.first { $0.key == key }?.value
    }

    subscript(key: String) -> YAMLNode? {
        guard let value = written(key), value.scalar?.isNull != true else { return nil }
        return value
    }
}

/// Reads the values of one file into typed, located values, reporting everything that does not
/// fit with its place. It never stops at the first problem: a bad value is reported and skipped.
struct ValueReader {
    let file: String
    var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
    }

    mutating func error(_ code: DiagnosticCode, _ message: String, at range: SourceRange?, label: String? = nil, help: String? = nil, notes: [String] = [],
                        replacement: String? = nil) {
        var diagnostic = Diagnostic.error(code, message, file: file, range: range, label: label, help: help, notes: notes)
        diagnostic.replacement = replacement
        diagnostics.append(diagnostic)
    }

    mutating func warning(_ code: DiagnosticCode, _ message: String, at range: SourceRange?, help: String? = nil) {
        diagnostics.append(.warning(code, message, file: file, range: range, help: help))
    }

    /// The file's top level as a mapping of `table`'s keys.
    mutating func topLevel(_ root: YAMLNode?, table: KeyTable, otherTable: KeyTable? = nil) -> Fields? {
        guard let root else {
            error(.notAMapping, "file is empty", at: nil,
                  help: "\(article(table.name)) \(table.name) file is a mapping of keys such as `\(table.keys.first { $0.required }?.name ?? table.names[0]):`")
            return nil
        }
        guard root.mapping != nil else {
            error(.notAMapping, "the top level of \(article(table.name)) \(table.name) file must be a mapping, found \(root.kindDescription)",
                  at: root.range, help: "write `key: value` lines, e.g. `\(table.keys.first { $0.required }?.name ?? table.names[0]): ...`")
            return nil
        }
        return fields(of: root, table: table, otherTable: otherTable)
    }

    /// Checks a mapping's keys against `table`: unknown keys get a did-you-mean, missing required keys an error.
    mutating func fields(of node: YAMLNode, table: KeyTable, otherTable: KeyTable? = nil, requireKeys: Bool = true) -> Fields? {
        guard let pairs = node.mapping else {
            let keys = table.keys.filter(\.required).map(\.name)
            let shown = (keys.isEmpty ? Array(table.names.prefix(3)) : keys).map { "`\($0):`" }.joined(separator: ", ")
            error(.wrongType, "expected a mapping with keys such as \(shown), found \(node.kindDescription)", at: node.range,
                  help: "write `key: value` lines indented under the key, or `{ key: value }`")
            return nil
        }
        var entries: [(key: String, value: YAMLNode)] = []
        entries.reserveCapacity(pairs.count)
        var suggested: Set<String> = []
        for pair in pairs {
            guard let key = pair.key.keyText, pair.key.scalar?.isNull == false else {
                error(.wrongType, "a key must be a plain word, found \(pair.key.kindDescription)", at: pair.key.range)
                continue
            }
            guard table[key] != nil else {
                if let match = reportUnknownKey(key, at: pair.key.range, table: table, otherTable: otherTable) { suggested.insert(match) }
                continue
            }
            if !entries.contains(where: { $0.key == key }) { entries.append((key, pair.value)) }
        }
        let fields = Fields(node: node, entries: entries)
        if requireKeys {
            // A misspelt required key was already reported with its correction; saying it is missing adds nothing.
            for spec in table.keys where spec.required && fields[spec.name] == nil && !suggested.contains(spec.name) {
                let at = fields.written(spec.name)?.range ?? SourceRange(start: node.range.start, end: node.range.start)
                error(.missingKey, "\(table.name) has no `\(spec.name)`", at: at,
                      help: "add `\(spec.name):` (\(spec.help))")
            }
        }
        return fields
    }

    /// Reports an unknown key; returns the known key it probably meant, if any.
    private mutating func reportUnknownKey(_ key: String, at range: SourceRange, table: KeyTable, otherTable: KeyTable?) -> String? {
        var help: String
        var match: String?
        if let otherTable, otherTable[key] != nil {
            help = "`\(key)` belongs in \(article(otherTable.name)) \(otherTable.name), not \(article(table.name)) \(table.name)"
        } else if let closest = closestMatch(to: key, in: table.names) {
            match = closest
            help = "did you mean `\(closest)`?"
        } else if key == "<<" {
            help = "merge keys are not supported; write the keys out"
        } else {
            help = "known keys here: " + table.names.joined(separator: ", ")
        }
        error(.unknownKey, "unknown key `\(key)` in \(table.name.hasSuffix(".yaml") ? table.name : article(table.name) + " " + table.name)",
              at: range, help: help, replacement: match)
        return match
    }

    mutating func wrongType(_ node: YAMLNode, expected: String, help: String? = nil) {
        let defaultHelp: String
        if node.scalar != nil {
            defaultHelp = "write the value on the same line as its key, e.g. `key: value`"
        } else if case .sequence = node.kind {
            defaultHelp = "write one value here, not a list"
        } else {
            defaultHelp = "write one value here, not a mapping of keys"
        }
        error(.wrongType, "expected \(expected), found \(node.kindDescription)", at: node.range, help: help ?? defaultHelp)
    }

    // MARK: typed values

    mutating func text(_ node: YAMLNode?) -> String? {
        guard let node else { return nil }
        guard let scalar = node.scalar else {
            wrongType(node, expected: "text")
            return nil
        }
        return scalar.isNull ? nil : scalar.text
    }

    /// A required text that must not be empty.
    mutating func nonEmptyText(_ node: YAMLNode?, what: String) -> Located<String>? {
        guard let node, let text = text(node) else { return nil }
        guard !text.isBlank else {
            error(.missingKey, "\(what) is empty", at: node.range, help: "write the \(what)")
            return nil
        }
        return Located(text, at: node.range)
    }

    mutating func date(_ node: YAMLNode?) -> Located<Day>? {
        guard let node, let text = text(node) else { return nil }
        guard let day = Day(text) else {
            error(.invalidDate, "`\(text)` is not a real day in YYYY-MM-DD form", at: node.range,
                  help: Self.dateHelp(text))
            return nil
        }
        return Located(day, at: node.range)
    }

    static func dateHelp(_ text: String) -> String {
        let parts = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        if parts.count == 3, parts[0] > 31, let day = Day(year: parts[0], month: parts[1], day: parts[2]) {
            return "write it as \(day)"
        }
        if parts.count == 3, parts[0] > 31, (1...12).contains(parts[1]) {
            let month = parts[1] < 10 ? "0\(parts[1])" : "\(parts[1])"
            return "\(parts[0])-\(month) has \(Day.daysIn(month: parts[1], year: parts[0])) days"
        }
        return "dates are written year-month-day with leading zeros, e.g. 2026-03-01"
    }

    mutating func decimal(_ node: YAMLNode?, what: String) -> Located<DecimalNumber>? {
        guard let node, let text = text(node) else { return nil }
        switch DecimalNumber.parse(text) {
        case .success(let number): return Located(number, at: node.range)
        case .failure(.tooManyDigits):
            error(.amountOverflow, "\(what) `\(text)` has more digits than invoic can hold exactly", at: node.range,
                  help: "amounts up to 90 trillion in minor units are supported")
        case .failure:
            error(.invalidNumber, "\(what) `\(text)` is not a decimal number", at: node.range,
                  help: Self.numberHelp(text))
        }
        return nil
    }

    static func numberHelp(_ text: String) -> String { DecimalNumber.howToWrite(text) }

    static func rateHelp(_ text: String) -> String {
        let squeezed = text.filter { !$0.isWhitespace }
        if squeezed != text, case .success = Rate.parse(squeezed) { return "write `\(squeezed)`, without a space before the percent sign" }
        let pointed = squeezed.replacingOccurrences(of: ",", with: ".")
        if pointed != squeezed, case .success = Rate.parse(pointed) { return "write decimals with a point: `\(pointed)`" }
        return "write a percentage such as 20% or 8.25%"
    }

    mutating func rate(_ node: YAMLNode?) -> Located<Rate>? {
        guard let node else { return nil }
        if node.scalar == nil {
            wrongType(node, expected: "one rate such as 20%", help: "a line has one tax rate; for taxes that add up (a state and a city sales tax) write their sum, e.g. 8.875%")
            return nil
        }
        guard let text = text(node) else { return nil }
        switch Rate.parse(text) {
        case .success(let rate): return Located(rate, at: node.range)
        case .failure(.missingPercentSign):
            error(.invalidRate, "tax rate `\(text)` has no percent sign", at: node.range,
                  help: "write `\(text)%`; a bare number is ambiguous (is 0.2 twenty percent or a fifth of one?)")
        case .failure(.tooManyDecimals):
            error(.invalidRate, "tax rate `\(text)` has more than 3 decimals", at: node.range,
                  help: "rates carry at most 3 decimals, e.g. 8.875%")
        case .failure(.outOfRange):
            error(.rateOutOfRange, "rate `\(text)` is outside 0% to 100%", at: node.range,
                  help: "rates and percentage discounts lie between 0% and 100%")
        case .failure(.malformed):
            error(.invalidRate, "`\(text)` is not a rate", at: node.range, help: Self.rateHelp(text))
        }
        return nil
    }

    /// A `tax:` value: a rate (`20%`; `0%` is zero-rated), a category word (`reverse-charge`,
    /// `intra-eu`, `export`, `exempt`, `outside-scope`, `zero`), or `{category: L, rate: 7%}`.
    mutating func taxRate(_ node: YAMLNode?) -> Located<TaxRate>? {
        guard let node else { return nil }
        let words = TaxCategory.allCases.compactMap(\.word)
        if node.mapping != nil {
            guard let fields = fields(of: node, table: Schema.taxCategory),
                  let categoryNode = fields["category"], let name = text(categoryNode) else { return nil }
            guard let category = TaxCategory.named(name) else {
                error(.invalidTaxCategory, "`\(name)` is not a tax category", at: categoryNode.range,
                      help: "a UNCL 5305 code (S, Z, E, AE, K, G, O, L, M, B) or one of \(words.joined(separator: ", "))")
                return nil
            }
            var written: Located<Rate>?
            if let rateNode = fields["rate"] {
                guard let parsed = self.rate(rateNode) else { return nil }
                written = parsed
            }
            return checked(TaxRate(category, written?.value ?? .zero), at: written?.range ?? categoryNode.range)
        }
        if node.scalar != nil, let text = text(node), !text.contains(where: \.isNumber), !text.contains("%") {
            guard let category = TaxCategory.named(text), category.word != nil || category == .standard else {
                let suggestion = closestMatch(to: text.lowercased().replacingOccurrences(of: " ", with: "-"), in: words)
                error(.invalidTaxCategory, "`\(text)` is not a tax rate or category", at: node.range,
                      help: suggestion.map { "did you mean `\($0)`?" } ?? "write a rate such as 20%, or one of \(words.joined(separator: ", "))",
                      replacement: suggestion)
                return nil
            }
            return checked(TaxRate(category), at: node.range)
        }
        return rate(node).map { Located(TaxRate(rate: $0.value), at: $0.range) }
    }

    /// A text value with its place.
    mutating func located(_ node: YAMLNode?) -> Located<String>? {
        guard let node, let value = text(node) else { return nil }
        return Located(value, at: node.range)
    }

    /// `unit_code:`: a Rec 20 code (1 to 3 capital letters and digits); one invoic does not map
    /// units to is taken with a warning, since the full list has some two thousand codes.
    mutating func unitCode(_ node: YAMLNode?) -> Located<String>? {
        guard let node, let code = text(node) else { return nil }
        guard (1...3).contains(code.count), code.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else {
            error(.wrongType, "`\(code)` is not a UN/ECE Rec 20 unit code", at: node.range,
                  help: "codes are 1 to 3 capital letters and digits, e.g. HUR (hour), DAY, H87 (piece), C62 (one)")
            return nil
        }
        if UnitCode.known[code] == nil {
            warning(.unknownUnitCode, "unit code `\(code)` is not one invoic knows", at: node.range,
                    help: "check it against UN/ECE Recommendation 20; the usual ones: \(UnitCode.known.keys.sorted().joined(separator: ", "))")
        }
        return Located(code, at: node.range)
    }

    /// `exemption:`: `{code: VATEX-EU-132-1C, text: ...}`, or the text alone.
    mutating func exemption(_ node: YAMLNode?) -> Located<Exemption>? {
        guard let node else { return nil }
        if node.scalar != nil { return text(node).map { Located(Exemption(text: $0), at: node.range) } }
        guard let fields = fields(of: node, table: Schema.exemption) else { return nil }
        let exemption = Exemption(code: text(fields["code"]), text: text(fields["text"]))
        guard exemption.code != nil || exemption.text != nil else {
            error(.missingKey, "an exemption has no `code` nor `text`", at: node.range, help: "write the reason, e.g. `exemption: Medical care exempt under Art. 132(1)(c)`")
            return nil
        }
        return Located(exemption, at: node.range)
    }

    /// A category with a rate it cannot have: the untaxed ones are 0 %, standard rating is above 0 % (BR-S-05).
    private mutating func checked(_ tax: TaxRate, at range: SourceRange) -> Located<TaxRate>? {
        if tax.category.isUntaxed, !tax.rate.isZero {
            error(.invalidTaxCategory, "category \(tax.category.rawValue) takes no tax, but the rate is \(tax.rate)", at: range,
                  help: "leave the rate out (it is 0%), or use a standard rate such as `tax: \(tax.rate)`")
            return nil
        }
        if tax.category == .standard, tax.rate.isZero {
            error(.invalidTaxCategory, "a standard-rated group has a rate above 0% [BR-S-05]", at: range,
                  help: "write `tax: 0%` (zero-rated) or the standard rate")
            return nil
        }
        return Located(tax, at: range)
    }

    mutating func days(_ node: YAMLNode?) -> Located<Int>? {
        guard let node, let text = text(node) else { return nil }
        guard text.count <= 5, !text.isEmpty, text.allSatisfy(\.isASCIIDigit), let days = Int(text) else {
            error(.invalidNumber, "`\(text)` is not a whole number of days", at: node.range, help: "write a number such as 30")
            return nil
        }
        return Located(days, at: node.range)
    }

    mutating func currency(_ node: YAMLNode?) -> Located<Currency>? {
        guard let node, let text = text(node) else { return nil }
        guard let currency = Currency.named(text) else {
            let fix = Currency.named(text.uppercased())?.code ?? closestMatch(to: text.uppercased(), in: Currency.all.map(\.code))
            let suggestion = Currency.named(text.uppercased()).map { "write it in capitals: \($0.code)" }
                ?? fix.map { "did you mean \($0)?" }
                ?? "use an ISO 4217 code such as USD, EUR or GBP"
            error(.unknownCurrency, "`\(text)` is not an ISO 4217 currency code", at: node.range, help: suggestion, replacement: fix)
            return nil
        }
        return Located(currency, at: node.range)
    }

    mutating func locale(_ node: YAMLNode?) -> Located<String>? {
        guard let node, let text = text(node) else { return nil }
        guard LocaleCatalog.isKnown(text) else {
            let underscored = text.replacingOccurrences(of: "-", with: "_")
            let fix = LocaleCatalog.isKnown(underscored) ? underscored : closestMatch(to: text, in: LocaleCatalog.identifiers)
            let help = LocaleCatalog.isKnown(underscored)
                ? "write it with an underscore: \(underscored)"
                : fix.map { "did you mean \($0)?" }
                    ?? "use a language and region such as en_US, de_DE or fr_FR"
            error(.unknownLocale, "`\(text)` is not a known locale", at: node.range, help: help, replacement: fix)
            return nil
        }
        return Located(text, at: node.range)
    }

    mutating func oneOf(_ node: YAMLNode?, _ choices: [String], what: String, code: DiagnosticCode = .wrongType) -> Located<String>? {
        guard let node, let text = text(node) else { return nil }
        guard choices.contains(text) else {
            let fix = closestMatch(to: text, in: choices)
            let help = fix.map { "did you mean `\($0)`?" }
                ?? "use one of: " + choices.joined(separator: ", ")
            error(code, "`\(text)` is not a \(what)", at: node.range, help: help, replacement: fix)
            return nil
        }
        return Located(text, at: node.range)
    }

    mutating func sequence(_ node: YAMLNode?, of what: String) -> [YAMLNode] {
        guard let node else { return [] }
        guard let items = node.sequence else {
            wrongType(node, expected: "a list of \(what)", help: "write each entry on a line starting with `- `, indented under the key")
            return []
        }
        return items
    }

    /// `withholding:`: a list of `{kind, rate}`, each kind once, each rate above 0%; `[]` is "none"
    /// (over what a client or the book says). Nil when absent or wrong.
    mutating func withholding(_ node: YAMLNode?) -> Located<[Withholding]>? {
        guard let node else { return nil }
        let entries = sequence(node, of: "withheld taxes")
        guard node.sequence != nil else { return nil }
        var list: [Withholding] = []
        var fine = true
        for entry in entries {
            guard let fields = fields(of: entry, table: Schema.withholdingEntry),
                  let kindNode = fields["kind"], let kind = text(kindNode), let rate = rate(fields["rate"]) else {
                fine = false
                continue
            }
            let first = kind.unicodeScalars.first
            if !(first.map { ("A"..."Z").contains($0) || ("0"..."9").contains($0) } ?? false)
                || !kind.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
                || kind.count > 20 {
                error(.invalidWithholding, "withholding kind `\(kind)` is not a tax's short name", at: kindNode.range,
                      help: "write the tax as the forms name it, in capital letters, digits and `-`: IRPF (Spain), RT01 or RT02 (Italy)")
                fine = false
            } else if rate.value.isZero || rate.value.milliPercent < 0 {
                error(.invalidWithholding, "withholding rate \(rate.value) withholds nothing", at: rate.range,
                      help: "write the rate the law sets (IRPF 2026: 15%, 7% in a professional's first three years); for no withholding write `withholding: []`")
                fine = false
            } else if list.contains(where: { $0.kind == kind }) {
                error(.invalidWithholding, "`\(kind)` is withheld twice", at: kindNode.range,
                      help: "a tax is withheld once, at one rate; for lines withheld at another rate, write `withholding:` on those lines")
                fine = false
            } else {
                list.append(Withholding(kind: kind, rate: rate.value))
            }
        }
        return fine ? Located(list, at: node.range) : nil
    }

    mutating func address(_ node: YAMLNode?) -> Address? {
        guard let node else { return nil }
        if let scalar = node.scalar { return scalar.isNull ? nil : Address(street: scalar.text) }
        guard let fields = fields(of: node, table: Schema.address) else { return nil }
        return Address(street: text(fields["street"]), city: text(fields["city"]), region: text(fields["region"]),
                       postalCode: text(fields["postal_code"]), country: text(fields["country"]))
    }
}

/// "an invoice", "an item", "a client": the article for a kind of file or value.
func article(_ noun: String) -> String {
    guard let first = noun.lowercased().first else { return "a" }
    return "aeio".contains(first) ? "an" : "a"
}

/// Locales ICU knows, so `de_DEE` is caught before it silently formats as the root locale.
/// ICU lists some locales only with their script (`zh_Hans_CN`); the everyday form a person
/// writes (`zh_CN`, `az_AZ`, `ur_PK`) is accepted too: a known language with an ISO region.
public enum LocaleCatalog {
    /// Sorted, for suggestions and completion only: sorting ICU's ~800 identifiers was 1.4 % of a
    /// one-shot `invoic pdf`, whose locale is known (issue 41 point 10).
    public static var identifiers: [String] { sorted }
    private static let sorted: [String] = known.sorted()
    private static let known = Set(Locale.availableIdentifiers)
    private static let languages = Set(known.map { String($0.prefix { $0 != "_" }) })
    private static let regions = Set(Locale.Region.isoRegions.map(\.identifier))

    /// A locale as a person may type it on the command line: BCP 47 (`de-DE`, as browsers and
    /// editors write it) is taken as the book's form (`de_DE`).
    public static func canonical(_ identifier: String) -> String {
        identifier.replacingOccurrences(of: "-", with: "_")
    }

    /// ICU's answer, kept among `ICUAnswers` (in the book's cache for `invoic pdf`): listing ICU's
    /// locales is a first call a warm one-shot run need not make.
    public static func isKnown(_ identifier: String) -> Bool {
        ICUAnswers.shared.text("locale-known\u{0}" + identifier) { isKnownToICU(identifier) ? "yes" : "no" } == "yes"
    }

    static func isKnownToICU(_ identifier: String) -> Bool {
        if known.contains(identifier) { return true }
        let parts = identifier.split(separator: "_", omittingEmptySubsequences: false)
        return parts.count == 2 && languages.contains(String(parts[0])) && regions.contains(String(parts[1]))
    }
}

extension Result {
    var isSuccess: Bool { if case .success = self { return true } else { return false } }
}

extension String {
    /// True when the text is empty or only white space (spaces, tabs, line breaks, and the
    /// Unicode spaces such as U+00A0 and U+3000).
    var isBlank: Bool {
        unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }
}
