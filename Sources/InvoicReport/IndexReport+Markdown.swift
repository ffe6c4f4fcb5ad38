extension IndexReport {
    /// GitHub-flavoured Markdown: a heading per section, a table per currency, document numbers
    /// linked to their PDFs beside the report. Every user-written text is escaped.
    public func markdown() -> String {
        var out = "# " + markdownEscaped(title) + "\n"
        if !preamble.isEmpty { out += "\n" + preamble.map { markdownEscaped($0) }.joined(separator: "  \n") + "\n" }
        for section in sections {
            out += "\n## " + markdownEscaped(section.title) + "\n\n"
            var previousWasTable = false
            for block in section.blocks {
                if previousWasTable { out += "\n" }
                previousWasTable = false
                switch block {
                case .note(let text): out += "- " + markdownEscaped(text) + "\n"
                case .heading(let text): out += "### " + markdownEscaped(text) + "\n\n"
                case .table(let table):
                    out += "| " + table.columns.map { markdownEscaped($0.title, lineStart: false) }.joined(separator: " | ") + " |\n"
                    out += "|" + table.columns.map { $0.alignment == .right ? " ---: " : " --- " }.joined(separator: "|") + "|\n"
                    for row in table.rows { out += "| " + row.map(markdownCell).joined(separator: " | ") + " |\n" }
                    previousWasTable = true
                }
            }
        }
        return out
    }

    private func markdownCell(_ cell: ReportSection.Cell) -> String {
        guard !cell.text.isEmpty else { return "" }
        var text = markdownEscaped(cell.text, lineStart: false)
        if let link = cell.link { text = "[\(text)](\(link))" }
        if cell.struck { text = "~~\(text)~~" }
        if cell.strong { text = "**\(text)**" }
        return text
    }
}

/// Text that Markdown shows as written: punctuation that could start inline markup (or HTML) is
/// backslash-escaped anywhere, `&` when it would start an entity, a character that could start
/// a block (`#`, `-`, `1.`) only at the start of a line (not in a table cell), and line breaks
/// become spaces so a table row stays one line.
func markdownEscaped(_ text: String, lineStart: Bool = true) -> String {
    // Most cells (names, dates, amounts) need nothing escaped: said in one pass over the bytes.
    if !needsMarkdownEscape(text.utf8, lineStart: lineStart) { return text }
    var out = ""
    let scalars = Array(text.unicodeScalars)
    let leadingDigits = scalars.prefix { $0.isASCII && $0.properties.numericType == .decimal }.count
    let inline = markdownInline, blockStart = markdownBlockStart
    func startsEntity(at index: Int) -> Bool {
        var end = index + 1
        while end < scalars.count, scalars[end].isASCII,
              scalars[end].properties.isAlphabetic || scalars[end].properties.numericType != nil || scalars[end] == "#" {
            end += 1
        }
        return end > index + 1 && end < scalars.count && scalars[end] == ";"
    }
    for (index, scalar) in scalars.enumerated() {
        if scalar == "\n" || scalar == "\r" || scalar == "\t" {
            out += " "
            continue
        }
        if inline.contains(scalar) || (scalar == "&" && startsEntity(at: index))
            || (lineStart && index == 0 && blockStart.contains(scalar))
            || (lineStart && index > 0 && index == leadingDigits && (scalar == "." || scalar == ")")) {
            out += "\\"
        }
        out.unicodeScalars.append(scalar)
    }
    return out
}

private let markdownInline: Set<Unicode.Scalar> = ["\\", "`", "*", "_", "[", "]", "<", ">", "|", "~"]
private let markdownBlockStart: Set<Unicode.Scalar> = ["#", "+", "-", "="]

/// Whether `markdownEscaped` would change `utf8`: a character escaped anywhere, a line break or
/// tab, an `&`; at a line's start a block marker, or digits then `.` or `)` (a list item).
private func needsMarkdownEscape(_ utf8: String.UTF8View, lineStart: Bool) -> Bool {
    var leadingDigits = true
    var index = 0
    for byte in utf8 {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "~"), UInt8(ascii: "&"),
             UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
            return true
        case UInt8(ascii: "#"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "="):
            if lineStart && index == 0 { return true }
        case UInt8(ascii: "."), UInt8(ascii: ")"):
            if lineStart && leadingDigits && index > 0 { return true }
        default:
            break
        }
        if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { leadingDigits = false }
        index += 1
    }
    return false
}
