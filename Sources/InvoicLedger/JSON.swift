/// A small JSON tree written deterministically (keys sorted, two-space indentation), so two
/// reports of the same book are the same bytes. InvoicReport has its own for the index report;
/// this one stays here so the ledger module depends on the book alone.
enum JSON {
    case object([(String, JSON)])
    case array([JSON])
    case string(String)
    case int(Int64)
    case bool(Bool)
    case null

    static func string(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }

    func written() -> String {
        var out = ""
        write(into: &out, indent: 0)
        return out + "\n"
    }

    private func write(into out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1), close = String(repeating: "  ", count: indent)
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .string(let value): JSON.quote(value, into: &out)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += pad
                item.write(into: &out, indent: indent + 1)
                out += index < items.count - 1 ? ",\n" : "\n"
            }
            out += close + "]"
        case .object(let pairs):
            guard !pairs.isEmpty else { out += "{}"; return }
            out += "{\n"
            let sorted = pairs.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
            for (index, (key, value)) in sorted.enumerated() {
                out += pad
                JSON.quote(key, into: &out)
                out += ": "
                value.write(into: &out, indent: indent + 1)
                out += index < sorted.count - 1 ? ",\n" : "\n"
            }
            out += close + "}"
        }
    }

    static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

/// CSV per RFC 4180: fields with a comma, quote or line break quoted, lines ended by CRLF.
enum CSV {
    static func line(_ fields: [String], separator: Character = ",") -> String {
        fields.map { field in
            field.contains(where: { $0 == separator || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
        }.joined(separator: String(separator)) + "\r\n"
    }
}

/// HTML text escaped for element content and attribute values.
func escapeHTML(_ text: String) -> String {
    var out = ""
    for character in text {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default: out.append(character)
        }
    }
    return out
}
