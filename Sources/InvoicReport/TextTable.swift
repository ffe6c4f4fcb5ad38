/// Columns aligned for a terminal, by display width: a CJK character takes two columns, a
/// combining mark none, so a Japanese client name does not push the amounts out of line.
struct TextTable {
    enum Alignment { case left, right }

    var headers: [String]
    var alignments: [Alignment]
    var rows: [[String]] = []
    /// A cell wider than this is cut with `…`.
    var maxCellWidth = 34

    init(_ columns: [(String, Alignment)]) {
        headers = columns.map(\.0)
        alignments = columns.map(\.1)
    }

    mutating func add(_ row: [String]) { rows.append(row) }

    /// The table, each line indented by two spaces, with no trailing spaces.
    func rendered(indent: String = "  ") -> String {
        let cells = ([headers] + rows).map { $0.map { truncate(oneLine($0)) } }
        var widths = [Int](repeating: 0, count: headers.count)
        for row in cells {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], displayWidth(cell)) }
        }
        var out = ""
        for row in cells {
            var line = ""
            for (index, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[index] - displayWidth(cell))
                line += index == 0 ? "" : "  "
                line += alignments[index] == .right ? padding + cell : cell + padding
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += indent + line + "\n"
        }
        return out
    }

    private func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }

    private func truncate(_ text: String) -> String {
        guard displayWidth(text) > maxCellWidth else { return text }
        var out = ""
        var width = 0
        for character in text {
            let w = displayWidth(String(character))
            if width + w > maxCellWidth - 1 { break }
            out.append(character)
            width += w
        }
        return out + "…"
    }
}

/// Terminal columns a text takes: East Asian wide and fullwidth characters count two,
/// combining marks and zero-width characters none, everything else one.
func displayWidth(_ text: String) -> Int {
    var width = 0
    for scalar in text.unicodeScalars {
        let value = scalar.value
        switch value {
        case 0x0300...0x036F, 0x200B...0x200F, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F:
            continue
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            width += 2
        default:
            width += 1
        }
    }
    return width
}
