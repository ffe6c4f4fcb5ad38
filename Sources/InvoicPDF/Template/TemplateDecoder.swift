import InvoicBook
import InvoicDiagnostics

/// Reads a merged template tree into a `Template`, reporting every value it cannot use at the
/// file, line and column that wrote it. A template file sets only what it changes, so after the
/// merge with the built-in `invoi` every key is present.
struct TemplateDecoder {
    var diagnostics: [Diagnostic] = []

    static let topKeys = ["extends", "layout", "page", "fonts", "colors", "styles", "logo", "table", "totals",
                          "payment", "stamp", "blocks", "page_numbers", "labels"]
    static let styleKeys = ["size", "weight", "color", "tracking", "uppercase", "italic", "line_height"]

    mutating func decode(_ root: TemplateNode, name: String, library: FontLibrary) -> Template? {
        guard let entries = mapping(root, what: "a template") else { return nil }
        checkKeys(entries, allowed: Self.topKeys, in: "a template")
        let before = diagnostics.count

        let layout = choice(root["layout"], Template.Layout.self, what: "layout") ?? .invoi
        let page = root["page"]
        checkKeys(page, allowed: ["size", "margins"], in: "page")
        let pageSize = choice(page?["size"], Template.PageSize.self, what: "page size")
        let margins = decodeMargins(page?["margins"])

        let fonts = root["fonts"]
        checkKeys(fonts, allowed: ["family", "fallback"], in: "fonts")
        var families: [String] = []
        if let family = text(fonts?["family"], what: "fonts.family") { families.append(family) }
        families += list(fonts?["fallback"], what: "fonts.fallback").compactMap { text($0, what: "a fallback font") }
        for node in [fonts?["family"]].compactMap({ $0 }) + (fonts?["fallback"].flatMap(listItems) ?? []) {
            guard case .scalar(let family, _, let place) = node, !family.isEmpty, !library.contains(family: family) else { continue }
            let known = library.families.sorted()
            diagnostics.append(.error(
                .unknownFont, "font family `\(family)` is not one invoic renders with", file: place.file, range: place.range,
                help: closestMatch(to: family.lowercased(), in: known).map { "did you mean `\($0)`?" }
                    ?? "the fonts are pinned so every machine makes the same PDF; see `invoic explain unknown-font`"))
        }

        var colors: [String: RGB?] = [:]
        for entry in mapping(root["colors"], what: "colors") ?? [] {
            colors[entry.key] = color(entry.value)
        }

        var styles: [Template.Style: TextStyle] = [:]
        let styleEntries = mapping(root["styles"], what: "styles") ?? []
        checkKeys(styleEntries, allowed: Template.Style.allCases.map(\.rawValue), in: "styles")
        let family = FontFamilies(families.joined(separator: ", "))
        for style in Template.Style.allCases {
            guard let node = root["styles"]?[style.rawValue] else {
                missing("styles.\(style.rawValue)", in: root)
                continue
            }
            styles[style] = decodeStyle(node, name: style.rawValue, family: family, colors: colors)
        }

        let logo = root["logo"]
        checkKeys(logo, allowed: ["width", "height"], in: "logo")
        let table = root["table"]
        checkKeys(table, allowed: ["quantity_width", "rate_width", "amount_width", "header_rule", "row_rule", "row_padding"], in: "table")
        let totals = root["totals"]
        checkKeys(totals, allowed: ["width", "rule_width"], in: "totals")
        let payment = root["payment"]
        checkKeys(payment, allowed: ["label_width"], in: "payment")
        let stamp = root["stamp"]
        checkKeys(stamp, allowed: ["rotation", "border"], in: "stamp")

        var blocks: [Template.Block] = []
        for node in list(root["blocks"], what: "blocks") {
            guard let block = choice(node, Template.Block.self, what: "block") else { continue }
            if blocks.contains(block) {
                error("block `\(block.rawValue)` is listed twice", at: node.place)
            } else {
                blocks.append(block)
            }
        }
        let pageNumbers = choice(root["page_numbers"], Template.PageNumbers.self, what: "page_numbers") ?? .auto
        let labels = decodeLabels(root["labels"])

        let template = Template(
            name: name, layout: layout, pageSize: pageSize, margins: margins, families: families, colors: colors,
            styles: styles,
            logo: (number(logo?["width"], what: "logo.width", in: 1...1000) ?? 120,
                   number(logo?["height"], what: "logo.height", in: 1...1000) ?? 44),
            table: Template.Table(
                quantityWidth: number(table?["quantity_width"], what: "table.quantity_width", in: 10...400) ?? 56,
                rateWidth: number(table?["rate_width"], what: "table.rate_width", in: 10...400) ?? 128,
                amountWidth: number(table?["amount_width"], what: "table.amount_width", in: 10...400) ?? 128,
                headerRule: number(table?["header_rule"], what: "table.header_rule", in: 0...10) ?? 1.5,
                rowRule: number(table?["row_rule"], what: "table.row_rule", in: 0...10) ?? 1,
                rowPadding: number(table?["row_padding"], what: "table.row_padding", in: 0...60) ?? 10),
            totals: (number(totals?["width"], what: "totals.width", in: 60...600) ?? 256,
                     number(totals?["rule_width"], what: "totals.rule_width", in: 0...600) ?? 192),
            paymentLabelWidth: number(payment?["label_width"], what: "payment.label_width", in: 0...400) ?? 96,
            stamp: (number(stamp?["rotation"], what: "stamp.rotation", in: -90...90) ?? -8,
                    number(stamp?["border"], what: "stamp.border", in: 0...10) ?? 2),
            blocks: blocks, pageNumbers: pageNumbers, ownLabels: labels)
        return diagnostics.count == before ? template : nil
    }

    // MARK: - Parts

    private mutating func decodeMargins(_ node: TemplateNode?) -> Template.Margins {
        let fallback = Template.Margins(top: 48, right: 48, bottom: 48, left: 48)
        guard let node else { return fallback }
        if case .scalar = node, let all = number(node, what: "page.margins", in: 0...300) {
            return Template.Margins(top: all, right: all, bottom: all, left: all)
        }
        let values = list(node, what: "page.margins").compactMap { number($0, what: "a margin", in: 0...300) }
        switch values.count {
        case 4: return Template.Margins(top: values[0], right: values[1], bottom: values[2], left: values[3])
        case 2: return Template.Margins(top: values[0], right: values[1], bottom: values[0], left: values[1])
        default:
            error("page.margins takes one number or a list of 2 or 4 (top, right, bottom, left)", at: node.place)
            return fallback
        }
    }

    private mutating func decodeStyle(_ node: TemplateNode, name: String, family: FontFamilies, colors: [String: RGB?]) -> TextStyle? {
        guard let entries = mapping(node, what: "style `\(name)`") else { return nil }
        checkKeys(entries, allowed: Self.styleKeys, in: "style `\(name)`")
        var style = TextStyle(family: family, size: 12, weight: .regular, italic: false, color: colors["text"].flatMap { $0 } ?? .black,
                              tracking: 0, uppercase: false, lineHeight: 0)
        if let size = number(node["size"], what: "\(name).size", in: 3...300) { style.size = size }
        if let weight = node["weight"] {
            if let value = choice(weight, FontWeight.self, what: "weight", names: FontWeight.allCases.map(\.name)) { style.weight = value }
        }
        if let colorNode = node["color"] {
            if case .scalar(let text, _, let place) = colorNode, !text.hasPrefix("#") {
                if let named = colors[text], let value = named {
                    style.color = value
                } else {
                    error("style `\(name)` names colour `\(text)`, which `colors` does not define", at: place,
                          help: closestMatch(to: text, in: colors.keys.sorted()).map { "did you mean `\($0)`?" }
                              ?? "use a colour of `colors` or write #RRGGBB")
                }
            } else if let value = color(colorNode), let value {
                style.color = value
            }
        }
        if let tracking = number(node["tracking"], what: "\(name).tracking", in: -20...40) { style.tracking = tracking }
        if let uppercase = flag(node["uppercase"], what: "\(name).uppercase") { style.uppercase = uppercase }
        if let italic = flag(node["italic"], what: "\(name).italic") { style.italic = italic }
        if let lineHeight = number(node["line_height"], what: "\(name).line_height", in: 0.5...4) { style.lineHeight = lineHeight }
        return style
    }

    mutating func decodeLabels(_ node: TemplateNode?) -> [String: [String: String]] {
        var labels: [String: [String: String]] = [:]
        for language in mapping(node, what: "labels") ?? [] {
            if !LabelKeys.isLanguageKey(language.key) {
                error("`\(language.key)` is not a language (`de`) or a locale (`de_AT`)", at: language.keyPlace)
                continue
            }
            guard let entries = mapping(language.value, what: "labels.\(language.key)") else { continue }
            checkKeys(entries, allowed: Labels.keys, in: "labels.\(language.key)")
            var texts: [String: String] = [:]
            for entry in entries where Labels.keySet.contains(entry.key) {
                if let value = text(entry.value, what: "label `\(entry.key)`", allowEmpty: true) { texts[entry.key] = value }
            }
            labels[language.key] = texts
        }
        return labels
    }

    // MARK: - Values

    private mutating func error(_ message: String, at place: TemplateNode.Place, help: String? = nil) {
        diagnostics.append(.error(.invalidTemplate, message, file: place.file, range: place.range, help: help))
    }

    private mutating func missing(_ key: String, in node: TemplateNode?) {
        let place = node?.place ?? TemplateNode.Place(file: "templates", range: SourceRange(line: 1, column: 1))
        error("the template has no `\(key)`", at: place, help: "built-in templates set every key; this one must extend one")
    }

    private mutating func mapping(_ node: TemplateNode?, what: String) -> [TemplateNode.Entry]? {
        guard let node else { return nil }
        if let entries = node.entries { return entries }
        error("expected a mapping for \(what), found \(node.kindDescription)", at: node.place)
        return nil
    }

    private mutating func checkKeys(_ node: TemplateNode?, allowed: [String], in what: String) {
        guard let node, let entries = mapping(node, what: what) else { return }
        checkKeys(entries, allowed: allowed, in: what)
    }

    private mutating func checkKeys(_ entries: [TemplateNode.Entry], allowed: [String], in what: String) {
        // The labels' keys are checked for 15 languages of some 190 keys each: by a set, not a list.
        let known = Set(allowed)
        for entry in entries where !known.contains(entry.key) {
            error("unknown key `\(entry.key)` in \(what)", at: entry.keyPlace,
                  help: closestMatch(to: entry.key, in: allowed).map { "did you mean `\($0)`?" } ?? "known keys: \(allowed.joined(separator: ", "))")
        }
    }

    private func listItems(_ node: TemplateNode) -> [TemplateNode]? {
        if case .list(let items, _) = node { return items }
        return nil
    }

    private mutating func list(_ node: TemplateNode?, what: String) -> [TemplateNode] {
        guard let node else { return [] }
        if let items = listItems(node) { return items }
        error("expected a list for \(what), found \(node.kindDescription)", at: node.place)
        return []
    }

    private mutating func text(_ node: TemplateNode?, what: String, allowEmpty: Bool = false) -> String? {
        guard let node else { return nil }
        if case .scalar(let text, let quoted, _) = node, allowEmpty || quoted || !text.isEmpty { return text }
        error("expected text for \(what), found \(node.kindDescription)", at: node.place)
        return nil
    }

    private mutating func number(_ node: TemplateNode?, what: String, in range: ClosedRange<Double>) -> Double? {
        guard let node else { return nil }
        guard case .scalar(let text, false, _) = node, let value = Double(text), value.isFinite else {
            error("expected a number for \(what), found \(node.kindDescription)", at: node.place)
            return nil
        }
        guard range.contains(value) else {
            error("\(what) must be between \(Self.show(range.lowerBound)) and \(Self.show(range.upperBound)), found \(text)", at: node.place)
            return nil
        }
        return value
    }

    private static func show(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    private mutating func flag(_ node: TemplateNode?, what: String) -> Bool? {
        guard let node else { return nil }
        if case .scalar(let text, false, _) = node {
            if text == "true" { return true }
            if text == "false" { return false }
        }
        error("expected true or false for \(what), found \(node.kindDescription)", at: node.place)
        return nil
    }

    private mutating func choice<T: RawRepresentable & CaseIterable>(_ node: TemplateNode?, _ type: T.Type, what: String,
                                                                     names: [String]? = nil) -> T? where T.RawValue == String {
        guard let node else { return nil }
        let names = names ?? T.allCases.map(\.rawValue)
        if case .scalar(let text, _, _) = node, let index = names.firstIndex(of: text) {
            return Array(T.allCases)[index]
        }
        let found: String
        if case .scalar(let text, _, _) = node { found = text } else { found = node.kindDescription }
        error("unknown \(what) `\(found)`", at: node.place,
              help: closestMatch(to: found, in: names).map { "did you mean `\($0)`?" } ?? "one of: \(names.joined(separator: ", "))")
        return nil
    }

    private mutating func choice(_ node: TemplateNode?, _ type: FontWeight.Type, what: String, names: [String]) -> FontWeight? {
        guard let node else { return nil }
        if case .scalar(let text, _, _) = node, let index = names.firstIndex(of: text) { return FontWeight.allCases[index] }
        let found: String
        if case .scalar(let text, _, _) = node { found = text } else { found = node.kindDescription }
        error("unknown \(what) `\(found)`", at: node.place,
              help: closestMatch(to: found, in: names).map { "did you mean `\($0)`?" } ?? "one of: \(names.joined(separator: ", "))")
        return nil
    }

    /// `#RRGGBB`, `#RGB`, or `none` (nil inside).
    private mutating func color(_ node: TemplateNode) -> RGB?? {
        if case .scalar(let text, _, _) = node {
            if text == "none" { return .some(nil) }
            if let value = RGB(hex: text) { return .some(value) }
        }
        error("expected a colour like \"#1F2933\" or none, found \(node.kindDescription)", at: node.place,
              help: "quote it: a bare # starts a YAML comment")
        return nil
    }
}
