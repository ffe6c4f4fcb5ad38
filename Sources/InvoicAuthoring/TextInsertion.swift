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

/// A file's text as Unicode scalars with where each line starts: the unit libyaml's positions
/// count in, so a parsed node's range maps to offsets exactly (a `\r` before `\n` is the line's last
/// scalar, after every position a parser gives on that line).
struct ScalarText {
    var scalars: [Unicode.Scalar]
    let lineStarts: [Int]
    /// The file's own line break, which inserted text is written in.
    let newline: String

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        var starts = [0]
        for (index, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(index + 1) }
        lineStarts = starts
        newline = text.contains("\r\n") ? "\r\n" : "\n"
    }

    /// The offset of `location`; past the end of the text, its end.
    func offset(_ location: SourceLocation) -> Int {
        guard location.line - 1 < lineStarts.count else { return scalars.count }
        return min(lineStarts[max(0, location.line - 1)] + location.column - 1, scalars.count)
    }

    /// `text` in the file's line breaks.
    func inFileLineBreaks(_ text: String) -> String {
        newline == "\r\n" ? text.replacingOccurrences(of: "\n", with: "\r\n") : text
    }

    var string: String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }
}

extension String {
    /// The text with `insertions` applied; positions refer to the text before any insertion.
    func inserting(_ insertions: [TextInsertion]) -> String {
        var file = ScalarText(self)
        var needsFinalNewline = !file.scalars.isEmpty && file.scalars.last != "\n"
        for insertion in insertions.sorted(by: { $0.location > $1.location }) {
            let offset = file.offset(insertion.location)
            var text = file.inFileLineBreaks(insertion.text)
            // Inserting whole lines after a last line without a line break: end that line first.
            if offset == file.scalars.count, needsFinalNewline, insertion.location.column == 1 {
                text = file.newline + text
                needsFinalNewline = false
            }
            file.scalars.insert(contentsOf: text.unicodeScalars, at: offset)
        }
        return file.string
    }
}
