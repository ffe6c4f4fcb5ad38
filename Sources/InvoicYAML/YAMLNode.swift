import InvoicDiagnostics

/// A YAML value with the exact place it was written. Scalars keep their text as written:
/// `2.50` never becomes a Double and `"0042"` stays text; the decoder decides what a value means.
public struct YAMLNode: Sendable {
    public enum Kind: Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    public var kind: Kind
    public var range: SourceRange
    /// An explicit tag (`!!str`, `!custom`) as libyaml resolved it, nil when none was written.
    public var tag: String?
    /// A collection written inline (`[a, b]`, `{k: v}`) rather than as indented lines.
    public var isFlow: Bool

    public init(_ kind: Kind, range: SourceRange, tag: String? = nil, isFlow: Bool = false) {
        self.kind = kind
        self.range = range
        self.tag = tag
        self.isFlow = isFlow
    }
}

public struct YAMLScalar: Sendable, Hashable {
    public enum Style: Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    public var text: String
    public var style: Style

    public init(text: String, style: Style) {
        self.text = text
        self.style = style
    }

    /// Written in quotes or as a block: the author said "this is text".
    public var isQuoted: Bool { style != .plain }

    /// A plain `~`, `null` or nothing at all: YAML's way of writing no value.
    public var isNull: Bool {
        style == .plain && (text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL")
    }
}

public struct YAMLPair: Sendable {
    public var key: YAMLNode
    public var value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

extension YAMLNode {
    public var scalar: YAMLScalar? {
        if case .scalar(let s) = kind { return s }
        return nil
    }

    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    public var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = kind { return pairs }
        return nil
    }

    /// The key as text when it is a scalar (the common case); nil for a sequence or mapping used as a key.
    public var keyText: String? { scalar?.text }

    /// A word for the kind of value, for messages like "expected a date, found a list".
    public var kindDescription: String {
        switch kind {
        case .scalar(let s): return s.isNull ? "nothing" : "text"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    /// The last line holding this node's own text. A block collection's range ends where the next
    /// token starts, often lines later past blank lines and comments; its last value does not.
    public var lastLine: Int {
        switch kind {
        case .scalar:
            return range.end.line
        case .sequence(let items):
            return isFlow ? range.end.line : (items.last?.lastLine ?? range.start.line)
        case .mapping(let pairs):
            return isFlow ? range.end.line : (pairs.last?.value.lastLine ?? range.start.line)
        }
    }

    /// The value at `key` of a mapping, if any.
    public subscript(key: String) -> YAMLNode? {
        mapping?.first { $0.key.keyText == key }?.value
    }
}
