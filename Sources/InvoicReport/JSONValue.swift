/// A small JSON tree and a deterministic writer: object keys sorted by their UTF-8 bytes, arrays
/// in the order given, two-space indentation, non-ASCII text as is. Two reports of the same data
/// are the same bytes, and a diff of two reports shows what changed.
public enum JSONValue {
    case object([String: JSONValue])
    case array([JSONValue])
    /// An array whose items are made as they are written: the report of a 10,000-document book
    /// holds its text, never the whole tree (with the tree, a 10,000-document build peaked at
    /// 336 MB instead of 272: bench/build.sh).
    case generated(count: Int, item: (Int) -> JSONValue)
    case string(String)
    case int(Int64)
    case bool(Bool)
    case null

    public static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// An object from its members in the order a reader of the code expects them; written with
    /// its keys sorted like every other object.
    public static func fields(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(Dictionary(members, uniquingKeysWith: { _, last in last }))
    }

    /// `rows` as an array, each made by `item` when it is written.
    static func each<Row>(_ rows: [Row], _ item: @escaping (Row) -> JSONValue) -> JSONValue {
        .generated(count: rows.count) { item(rows[$0]) }
    }

    public func written() -> String {
        var out = ""
        write(into: &out, indent: 0)
        out += "\n"
        return out
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .string(let value): JSONValue.quote(value, into: &out)
        case .array(let items):
            JSONValue.generated(count: items.count) { items[$0] }.write(into: &out, indent: indent)
        case .generated(let count, let item):
            guard count > 0 else { out += "[]"; return }
            out += "[\n"
            for index in 0..<count {
                out += String(repeating: " ", count: indent + 2)
                item(index).write(into: &out, indent: indent + 2)
                out += index == count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, key) in keys.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                JSONValue.quote(key, into: &out)
                out += ": "
                members[key]!.write(into: &out, indent: indent + 2)
                out += index == keys.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    /// RFC 8259 string: `"` and `\` escaped, control characters as `\n`, `\t` or `\u00XX`;
    /// U+2028 and U+2029 escaped too, so the text is also safe inside JavaScript.
    static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
