import InvoicBook
import InvoicDiagnostics
import InvoicYAML

/// A book file's text with its parsed top-level mapping: the one place a top-level `key: value`
/// is set (a document's `sent:` or `sdi_progressive:`, a client's `electronic_address:`). The edit
/// goes by the parsed YAML's ranges, not by lines, so it is right in a block mapping and in a flow
/// one (`{name: X, electronic_address: ...}`), for a value over several lines, and keeps every
/// other byte: comments (one after the value too), blank lines, quoting, CRLF, a byte-order mark.
public struct TopLevelKeys {
    /// The text without its byte-order mark (ranges are counted without it).
    let text: String
    let byteOrderMark: String
    /// The top-level mapping.
    let root: YAMLNode

    /// Refuses a file that does not parse or whose top level is not a mapping.
    public init(text: String, path: String) throws(AuthoringError) {
        byteOrderMark = text.hasPrefix("\u{FEFF}") ? "\u{FEFF}" : ""
        let text = byteOrderMark.isEmpty ? text : String(text.dropFirst())
        let parsed = BookFileDecoder.parse(Array(text.utf8), path: path)
        guard let root = parsed.root, root.mapping != nil else {
            throw .refused("\(path) does not parse; fix it first (`invoic check`)")
        }
        self.text = text
        self.root = root
    }

    var pairs: [YAMLPair] { root.mapping ?? [] }

    /// The indentation of top-level keys (files normally start at column 1).
    var keyIndent: String {
        String(repeating: " ", count: max(0, (pairs.first?.key.range.start.column ?? 1) - 1))
    }

    /// The last line of the top-level mapping's content.
    var lastLine: Int { pairs.last?.value.lastLine ?? 0 }

    /// The file's text (with its byte-order mark) with `key` set to `value`, YAML written for
    /// any place (a date, an amount, a `YAMLText.quoted` string: valid in block and flow alike).
    /// Where the key is, from its first character to the end of its value's text becomes
    /// `key: value` (what follows on the line, a comment, stays); where it is not, it goes after
    /// the first of `anchors` present, or last: a line of its own in a block mapping,
    /// `, key: value` in a flow one.
    public func setting(_ key: String, to value: String, after anchors: [String] = []) -> String {
        var file = ScalarText(text)
        let entry = "\(key): \(value)"
        if let pair = pairs.first(where: { $0.key.keyText == key }) {
            let start = file.offset(pair.key.range.start)
            let end = max(file.offset(Self.contentEnd(pair.value)), aliasEnd(after: pair.key, in: file))
            file.scalars.replaceSubrange(start..<end, with: file.inFileLineBreaks(entry).unicodeScalars)
            return byteOrderMark + file.string
        }
        let anchor = anchors.lazy.compactMap { name in self.pairs.first { $0.key.keyText == name } }.first
        if root.isFlow {
            // After the anchor's (or the last) value, or just inside an empty `{}`.
            if let after = anchor ?? pairs.last {
                return byteOrderMark + text.inserting([TextInsertion(location: Self.contentEnd(after.value), text: ", " + entry)])
            }
            let end = root.range.end
            return byteOrderMark + text.inserting([TextInsertion(location: SourceLocation(line: end.line, column: end.column - 1), text: entry)])
        }
        let line = anchor?.value.lastLine ?? lastLine
        return byteOrderMark + text.inserting([TextInsertion.lines([keyIndent + entry], after: line)])
    }

    /// Where a value's own text ends: a scalar's or a flow collection's range; a block
    /// collection's range runs on to the next token, past blank lines and comments, so its last
    /// entry's end. An empty value (`key:` alone) ends where it starts, right after the colon.
    static func contentEnd(_ node: YAMLNode) -> SourceLocation {
        guard !node.isFlow else { return node.range.end }
        switch node.kind {
        case .scalar: return node.range.end
        case .sequence(let items): return items.last.map(contentEnd) ?? node.range.start
        case .mapping(let pairs): return pairs.last.map { contentEnd($0.value) } ?? node.range.start
        }
    }

    /// An alias value (`key: *name`) carries the range of the node it names, elsewhere in the
    /// file: its own text is `*name` after the colon, which this finds; 0 for any other value.
    private func aliasEnd(after key: YAMLNode, in file: ScalarText) -> Int {
        var index = file.offset(key.range.end)
        let scalars = file.scalars
        func skipBlanks() { while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 } }
        skipBlanks()
        guard index < scalars.count, scalars[index] == ":" else { return 0 }
        index += 1
        skipBlanks()
        guard index < scalars.count, scalars[index] == "*" else { return 0 }
        while index < scalars.count, !" \t\r\n,[]{}".unicodeScalars.contains(scalars[index]) { index += 1 }
        return index
    }
}
