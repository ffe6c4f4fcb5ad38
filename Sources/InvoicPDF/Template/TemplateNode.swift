import InvoicDiagnostics
import InvoicYAML

/// A template value with the file it came from: templates are merged across files
/// (`extends:`), and an error must still point at the file and line that wrote the value.
indirect enum TemplateNode {
    case scalar(String, quoted: Bool, at: Place)
    case list([TemplateNode], at: Place)
    case map([Entry], at: Place)

    struct Place: Sendable {
        var file: String
        var range: SourceRange
    }

    struct Entry {
        var key: String
        var keyPlace: Place
        var value: TemplateNode
    }

    init(_ node: YAMLNode, file: String) {
        let place = Place(file: file, range: node.range)
        switch node.kind {
        case .scalar(let scalar):
            self = .scalar(scalar.isNull ? "" : scalar.text, quoted: scalar.isQuoted, at: place)
        case .sequence(let items):
            self = .list(items.map { TemplateNode($0, file: file) }, at: place)
        case .mapping(let pairs):
            self = .map(pairs.map { pair in
                Entry(key: pair.key.keyText ?? "", keyPlace: Place(file: file, range: pair.key.range),
                      value: TemplateNode(pair.value, file: file))
            }, at: place)
        }
    }

    var place: Place {
        switch self {
        case .scalar(_, _, let place), .list(_, let place), .map(_, let place): return place
        }
    }

    var entries: [Entry]? {
        if case .map(let entries, _) = self { return entries }
        return nil
    }

    subscript(key: String) -> TemplateNode? { entries?.first { $0.key == key }?.value }

    /// `overlay` written over `self`: mappings merge key by key, anything else is replaced.
    func merged(with overlay: TemplateNode) -> TemplateNode {
        guard case .map(var base, _) = self, case .map(let top, let place) = overlay else { return overlay }
        for entry in top {
            if let index = base.firstIndex(where: { $0.key == entry.key }) {
                base[index] = Entry(key: entry.key, keyPlace: entry.keyPlace, value: base[index].value.merged(with: entry.value))
            } else {
                base.append(entry)
            }
        }
        return .map(base, at: place)
    }

    /// The mapping without `key`.
    func removing(_ key: String) -> TemplateNode {
        guard case .map(let entries, let place) = self else { return self }
        return .map(entries.filter { $0.key != key }, at: place)
    }

    var kindDescription: String {
        switch self {
        case .scalar(let text, let quoted, _): return text.isEmpty && !quoted ? "nothing" : "`\(text)`"
        case .list: return "a list"
        case .map: return "a mapping"
        }
    }
}
