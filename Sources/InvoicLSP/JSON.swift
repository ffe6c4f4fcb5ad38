/// A JSON value, as the language server protocol exchanges them. Written here rather than taken
/// from Foundation: JSONSerialization's NSNumber cannot tell `true` from `1` on Linux, and a
/// parser of our own bounds depth, so a hostile message is an error, never a stack overflow.
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public subscript(index: Int) -> JSON? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    public var string: String? { if case .string(let value) = self { return value }; return nil }
    public var int: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 1e15: return Int(value)
        default: return nil
        }
    }
    public var bool: Bool? { if case .bool(let value) = self { return value }; return nil }
    public var array: [JSON]? { if case .array(let value) = self { return value }; return nil }
    public var object: [String: JSON]? { if case .object(let value) = self { return value }; return nil }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}

// MARK: - Writing

extension JSON {
    /// Compact JSON, object keys sorted so a message is the same bytes on every run.
    public var serialized: String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value): out += value.isFinite ? String(value) : "null"
        case .string(let value): Self.quote(value, into: &out)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                Self.quote(key, into: &out)
                out += ":"
                members[key]!.write(into: &out)
            }
            out += "}"
        }
    }

    private static func quote(_ text: String, into out: inout String) {
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

// MARK: - Reading

public struct JSONError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

extension JSON {
    /// Nesting deeper than this is refused: no real message nests past a dozen levels.
    static let maxDepth = 128

    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSON {
        var parser = Parser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected text after the value") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        func failure(_ what: String) -> JSONError { JSONError(description: "\(what) at byte \(index)") }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws(JSONError) -> JSON {
            guard depth < JSON.maxDepth else { throw failure("nested too deeply") }
            guard index < bytes.count else { throw failure("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [String: JSON] = [:]
                skipSpace()
                if peek(UInt8(ascii: "}")) { index += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard peek(UInt8(ascii: "\"")) else { throw failure("expected a key") }
                    let key = try string()
                    skipSpace()
                    guard peek(UInt8(ascii: ":")) else { throw failure("expected `:`") }
                    index += 1
                    skipSpace()
                    members[key] = try value(depth: depth + 1)
                    skipSpace()
                    if peek(UInt8(ascii: ",")) { index += 1; continue }
                    guard peek(UInt8(ascii: "}")) else { throw failure("expected `,` or `}`") }
                    index += 1
                    return .object(members)
                }
            case UInt8(ascii: "["):
                index += 1
                var elements: [JSON] = []
                skipSpace()
                if peek(UInt8(ascii: "]")) { index += 1; return .array(elements) }
                while true {
                    skipSpace()
                    elements.append(try value(depth: depth + 1))
                    skipSpace()
                    if peek(UInt8(ascii: ",")) { index += 1; continue }
                    guard peek(UInt8(ascii: "]")) else { throw failure("expected `,` or `]`") }
                    index += 1
                    return .array(elements)
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default:
                return try number()
            }
        }

        func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

        mutating func literal(_ word: String) throws(JSONError) {
            let expected = Array(word.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
                throw failure("unexpected character")
            }
            index += expected.count
        }

        mutating func number() throws(JSONError) -> JSON {
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            guard index > start, let text = String(validating: bytes[start..<index], as: UTF8.self) else { throw failure("unexpected character") }
            if let value = Int(text) { return .int(value) }
            if let value = Double(text), value.isFinite { return .double(value) }
            throw failure("invalid number")
        }

        mutating func string() throws(JSONError) -> String {
            index += 1  // the opening quote
            var scalars = String.UnicodeScalarView()
            var runStart = index
            func flush(_ end: Int) throws(JSONError) {
                guard end > runStart else { return }
                guard let run = String(validating: bytes[runStart..<end], as: UTF8.self) else { throw failure("invalid UTF-8") }
                scalars.append(contentsOf: run.unicodeScalars)
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    try flush(index)
                    index += 1
                    return String(scalars)
                }
                if byte < 0x20 { throw failure("control character in a string") }
                if byte != UInt8(ascii: "\\") { index += 1; continue }
                try flush(index)
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), peek(UInt8(ascii: "\\")), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) { code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) }
                    }
                    // A lone surrogate cannot be a scalar: it reads as U+FFFD, as browsers do.
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default: throw failure("invalid escape")
                }
                runStart = index
            }
            throw failure("unterminated string")
        }

        mutating func hex4() throws(JSONError) -> UInt32 {
            guard index + 4 <= bytes.count, let text = String(validating: bytes[index..<index + 4], as: UTF8.self),
                  let code = UInt32(text, radix: 16) else { throw failure("invalid \\u escape") }
            index += 4
            return code
        }
    }
}
