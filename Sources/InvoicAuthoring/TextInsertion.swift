import InvoicDiagnostics

/// Text to insert before a position of a file (1-based line, column in Unicode scalars). Edits are
/// insertions only: what the person wrote, comments and blank lines included, stays byte for byte.
struct TextInsertion {
    var location: SourceLocation
    var text: String

    /// New whole lines after line `line` (0: at the top), in the file's own line endings.
    static func lines(_ lines: [String], after line: Int) -> TextInsertion {
        TextInsertion(location: SourceLocation(line: line + 1, column: 1), text: lines.map { $0 + "\n" }.joined())
    }
}

extension String {
    /// The text with `insertions` applied; positions refer to the text before any insertion.
    func inserting(_ insertions: [TextInsertion]) -> String {
        let newline = contains("\r\n") ? "\r\n" : "\n"
        var scalars = Array(unicodeScalars)
        var lineStarts = [0]
        for (index, scalar) in scalars.enumerated() where scalar == "\n" { lineStarts.append(index + 1) }
        var needsFinalNewline = !scalars.isEmpty && scalars.last != "\n"
        for insertion in insertions.sorted(by: { $0.location > $1.location }) {
            let line = insertion.location.line
            var offset: Int
            if line - 1 < lineStarts.count {
                offset = min(lineStarts[line - 1] + insertion.location.column - 1, scalars.count)
            } else {
                offset = scalars.count
            }
            var text = insertion.text
            if newline == "\r\n" { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
            // Inserting whole lines after a last line without a line break: end that line first.
            if offset == scalars.count, needsFinalNewline, insertion.location.column == 1 {
                text = newline + text
                needsFinalNewline = false
            }
            scalars.insert(contentsOf: text.unicodeScalars, at: offset)
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }
}
