import InvoicDiagnostics

/// A small XML tree and its writer: elements, attributes in the order given, text, and nothing
/// else. The writer escapes every text and attribute value, declares UTF-8 (written without a
/// byte-order mark) and indents by two spaces, so the same tree is always the same bytes.
public struct XMLElement: Sendable, Equatable {
    public var name: String
    public var attributes: [(name: String, value: String)]
    public var children: [XMLChild]

    public init(_ name: String, _ attributes: [(String, String)] = [], _ children: [XMLChild] = []) {
        self.name = name
        self.attributes = attributes.map { (name: $0.0, value: $0.1) }
        self.children = children
    }

    /// An element holding only `text`.
    public init(_ name: String, _ attributes: [(String, String)] = [], text: String) {
        self.init(name, attributes, [.text(text)])
    }

    public static func == (a: XMLElement, b: XMLElement) -> Bool {
        a.name == b.name && a.children == b.children && a.attributes.map(\.name) == b.attributes.map(\.name)
            && a.attributes.map(\.value) == b.attributes.map(\.value)
    }

    /// The document: the declaration, then this element as its root.
    public func document() -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        write(into: &out, depth: 0)
        return out
    }

    private func write(into out: inout String, depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        out += indent + "<" + name
        for attribute in attributes { out += " \(attribute.name)=\"\(Self.escape(attribute.value, attribute: true))\"" }
        if children.isEmpty {
            out += "/>\n"
            return
        }
        if children.count == 1, case .text(let text) = children[0] {
            out += ">" + Self.escape(text, attribute: false) + "</" + name + ">\n"
            return
        }
        out += ">\n"
        for child in children {
            switch child {
            case .element(let element): element.write(into: &out, depth: depth + 1)
            case .text(let text): out += indent + "  " + Self.escape(text, attribute: false) + "\n"
            }
        }
        out += indent + "</" + name + ">\n"
    }

    /// MarkupText's XML rule (InvoicDiagnostics): the one XML escaper of the tree.
    static func escape(_ text: String, attribute: Bool) -> String { MarkupText.xml(text, attribute: attribute) }
}

public enum XMLChild: Sendable, Equatable {
    case element(XMLElement)
    case text(String)
}

/// Builds children in order, leaving out what is absent: `e("cbc:Note", note)` adds nothing when
/// `note` is nil, so a writer reads like the schema's sequence.
struct XMLBuilder {
    private(set) var children: [XMLChild] = []

    /// `<name attributes>text</name>`, when there is a text.
    mutating func text(_ name: String, _ value: String?, _ attributes: [(String, String)] = []) {
        guard let value, !value.isEmpty else { return }
        children.append(.element(XMLElement(name, attributes, text: value)))
    }

    /// `<name>...</name>` with what `build` adds; left out when it adds nothing.
    mutating func element(_ name: String, _ attributes: [(String, String)] = [], _ build: (inout XMLBuilder) -> Void) {
        var inner = XMLBuilder()
        build(&inner)
        guard !inner.children.isEmpty else { return }
        children.append(.element(XMLElement(name, attributes, inner.children)))
    }

    /// `<name>...</name>` even when empty: for groups the schema requires (CII's header delivery).
    mutating func required(_ name: String, _ build: (inout XMLBuilder) -> Void) {
        var inner = XMLBuilder()
        build(&inner)
        children.append(.element(XMLElement(name, [], inner.children)))
    }

    mutating func append(_ element: XMLElement) { children.append(.element(element)) }
}
