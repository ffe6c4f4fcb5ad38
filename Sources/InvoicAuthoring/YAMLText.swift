/// Writes values as YAML text that any YAML reader, and a person, reads back as the same text.
public enum YAMLText {
    /// `text` plain when that is unambiguous, double-quoted otherwise (`"0042"`, `"yes"`,
    /// `"Note: paid"`, text with a newline).
    public static func scalar(_ text: String) -> String {
        needsQuotes(text) ? quoted(text) : text
    }

    static func needsQuotes(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return true }
        if first == " " || last == " " { return true }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return true }
        if text.contains(": ") || text.contains(" #") || text.hasSuffix(":") { return true }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{FEFF}" }) { return true }
        // Words other YAML readers would take for something else than text.
        let lowered = text.lowercased()
        if ["~", "null", "true", "false", "yes", "no", "on", "off", "y", "n"].contains(lowered) { return true }
        let numeric = text.unicodeScalars.allSatisfy { "0123456789+-.eE_xXoO".unicodeScalars.contains($0) || ("a"..."f").contains(String($0).lowercased()) }
        return numeric && text.unicodeScalars.contains { ("0"..."9").contains(String($0)) }
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{FEFF}" {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\x" + String(repeating: "0", count: max(0, 2 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
