/// The one XML escaper and the one HTML escaper of the tree: every e-invoice (XMLTree), the PDF's
/// XMP metadata, the font configuration, the index report, the web app and the received-document
/// view write outside text into markup through these, so a name with `<`, `&` or a control
/// character can neither change a document's structure nor make it unreadable.
/// (YAMLText is YAML's own rule, and the hledger journal's escaping is hledger's: neither is this.)
public enum MarkupText {
    /// Text for XML 1.0: `&`, `<`, `>` (and in attributes `"`) as entities; CR and, in attributes,
    /// LF and tab as character references so they survive attribute-value normalization;
    /// characters XML 1.0 cannot carry at all (the other C0 controls, U+FFFE, U+FFFF) are left out.
    public static func xml(_ text: String, attribute: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\r": out += "&#13;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Text safe in HTML element content and in double- or single-quoted attribute values; C0
    /// controls other than tab and newline, and DEL, which HTML text may not hold, become U+FFFD.
    public static func html(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                if (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || scalar.value == 0x7F {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
