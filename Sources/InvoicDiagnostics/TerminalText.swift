/// The one terminal escaper: text that came from outside (a bank statement, a supplier's
/// e-invoice, a Peppol provider's message or id, a received file's name) made safe to print.
/// Control characters (C0, DEL, and C1 such as U+009B, which a terminal may read as the start of
/// an escape sequence), line and paragraph separators and the bidirectional overrides are
/// written as `\u{9B}`, so such text can neither move the cursor, recolour or retitle the
/// terminal, ring its bell, nor reorder what is printed. Every front end (`check`, `match`,
/// `receive`, `view`, `peppol`) prints outside text through it.
public func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnprintable) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
        if isUnprintable(scalar) {
            result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
            result.unicodeScalars.append(scalar)
        }
    }
    return result
}

/// `text` of several lines made safe to print: each line through `printable`, the line feeds
/// between them kept (a carriage return, which could overwrite a line, is escaped).
public func printableLines(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 != "\n" && isUnprintable($0) }) else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { printable(String($0)) }.joined(separator: "\n")
}

public func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
    default: false
    }
}
