/// The one writer of YAML scalars: every value a command or a form of `invoic serve` writes into
/// a book goes through it, so no text a person types (a payment method, a reason, a name) can
/// become YAML structure: a line break, `#`, `: `, a leading `-`, `&`, `*`, `!` or `---` is
/// written inside double quotes, with escapes, and reads back as the same text.
public enum YAMLText {
    /// Where the scalar goes: a block mapping (`key: value` on its own line) or inside a flow
    /// collection (`{ key: value, ... }`, `[a, b]`), where `,`, `[`, `]`, `{` and `}` end a plain value.
    public enum Context: Sendable {
        case block
        case flow
    }

    /// `text` plain when that is unambiguous, double-quoted otherwise (`"0042"`, `"yes"`,
    /// `"Note: paid"`, text with a newline; in a flow collection also text with `,` or brackets).
    public static func scalar(_ text: String, in context: Context = .block) -> String {
        needsQuotes(text, in: context) ? quoted(text) : text
    }

    static func needsQuotes(_ text: String, in context: Context = .block) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return true }
        if first == " " || last == " " { return true }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return true }
        if text.contains(": ") || text.contains(" #") || text.hasSuffix(":") { return true }
        if text.unicodeScalars.contains(where: { !isPlainPrintable($0) }) { return true }
        if context == .flow, text.unicodeScalars.contains(where: { ",[]{}".unicodeScalars.contains($0) }) { return true }
        // Words other YAML readers would take for something else than text.
        let lowered = text.lowercased()
        if ["~", "null", "true", "false", "yes", "no", "on", "off", "y", "n"].contains(lowered) { return true }
        let numeric = text.unicodeScalars.allSatisfy { "0123456789+-.eE_xXoO".unicodeScalars.contains($0) || ("a"..."f").contains(String($0).lowercased()) }
        return numeric && text.unicodeScalars.contains { ("0"..."9").contains(String($0)) }
    }

    /// Whether a character may stand as itself in a plain scalar: printable (YAML 1.1's set), not a
    /// line break of any kind (YAML also breaks lines at U+0085, U+2028 and U+2029), not a tab,
    /// not a byte-order mark.
    static func isPlainPrintable(_ scalar: Unicode.Scalar) -> Bool {
        isPrintable(scalar) && scalar.value >= 0x20 && !["\u{85}", "\u{2028}", "\u{2029}", "\u{FEFF}"].contains(scalar)
    }

    /// YAML's printable characters: tab, line feed, carriage return, the rest of ASCII but DEL,
    /// NEL, and Unicode but the C1 controls, U+FFFE and U+FFFF.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0x7E, 0x85, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// `text` double-quoted: `"` and `\` escaped, and every character that is not printable or
    /// breaks a line written as an escape (`\n`, `\x01`, `\L`...).
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{85}": out += "\\N"
            case "\u{2028}": out += "\\L"
            case "\u{2029}": out += "\\P"
            default:
                if !isPrintable(scalar) || scalar.value < 0x20 || scalar == "\u{FEFF}" {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    if scalar.value <= 0xFF {
                        out += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                    } else {
                        out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                    }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
