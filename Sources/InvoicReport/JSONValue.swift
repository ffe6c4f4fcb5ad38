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
        String(decoding: writtenBytes(), as: UTF8.self)
    }

    /// The text as UTF-8, written byte by byte: a report's JSON is the largest text a build
    /// writes, and appending scalar by scalar to a String was a third of the report's time.
    public func writtenBytes() -> [UInt8] {
        var out: [UInt8] = []
        write(into: &out, indent: 0)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    private func write(into out: inout [UInt8], indent: Int) {
        switch self {
        case .null: out += "null".utf8
        case .bool(let value): out += (value ? "true" : "false").utf8
        case .int(let value): out += String(value).utf8
        case .string(let value): JSONValue.quote(value, into: &out)
        case .array(let items):
            JSONValue.generated(count: items.count) { items[$0] }.write(into: &out, indent: indent)
        case .generated(let count, let item):
            guard count > 0 else { out += "[]".utf8; return }
            out += "[\n".utf8
            for index in 0..<count {
                Self.indent(indent + 2, into: &out)
                item(index).write(into: &out, indent: indent + 2)
                out += (index == count - 1 ? "\n" : ",\n").utf8
            }
            Self.indent(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { out += "{}".utf8; return }
            out += "{\n".utf8
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, key) in keys.enumerated() {
                Self.indent(indent + 2, into: &out)
                JSONValue.quote(key, into: &out)
                out += ": ".utf8
                members[key]!.write(into: &out, indent: indent + 2)
                out += (index == keys.count - 1 ? "\n" : ",\n").utf8
            }
            Self.indent(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func indent(_ count: Int, into out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, and U+2028
    /// and U+2029 too (a JavaScript reader of old takes them for line ends); the rest as it is.
    static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): out += "\\\"".utf8
                case UInt8(ascii: "\\"): out += "\\\\".utf8
                case UInt8(ascii: "\n"): out += "\\n".utf8
                case UInt8(ascii: "\r"): out += "\\r".utf8
                case UInt8(ascii: "\t"): out += "\\t".utf8
                case 0..<0x20, 0x7F:
                    let hex = Array("0123456789abcdef".utf8)
                    out += "\\u00".utf8
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 15)])
                case 0xE2 where index + 1 < bytes.count && bytes[index] == 0x80 && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                    out += (bytes[index + 1] == 0xA8 ? "\\u2028" : "\\u2029").utf8
                    index += 2
                default:
                    out.append(byte)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
