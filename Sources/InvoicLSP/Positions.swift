import InvoicDiagnostics

/// What an LSP `character` counts: UTF-16 code units by default, UTF-8 bytes when the client
/// offers them (`general.positionEncodings`). invoic's own columns count Unicode scalars, as
/// libyaml's marks do; this is the one place that converts between them.
public enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"

    /// The client's preferred encoding among those it offers, UTF-8 first (no conversion of
    /// the byte offsets editors like Neovim and Helix keep), UTF-16 when it offers nothing.
    static func negotiate(_ offered: [String]?) -> PositionEncoding {
        guard let offered else { return .utf16 }
        return offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }

    func width(_ scalar: Unicode.Scalar) -> Int {
        self == .utf8 ? UTF8.width(scalar) : UTF16.width(scalar)
    }
}

/// An LSP position: 0-based line and character.
public struct Position: Sendable, Hashable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init?(_ json: JSON?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int, line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }

    var json: JSON { ["line": .int(line), "character": .int(character)] }

    public static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

/// A text's lines, for converting between invoic's (line, scalar column) and LSP positions.
public struct LineMap: Sendable {
    public let text: String
    /// The UTF-8 offset where each line starts.
    private let starts: [String.Index]
    public let encoding: PositionEncoding

    public init(_ text: String, encoding: PositionEncoding) {
        self.text = text
        self.encoding = encoding
        var starts = [text.utf8.startIndex]
        var index = text.utf8.startIndex
        while let newline = text.utf8[index...].firstIndex(of: UInt8(ascii: "\n")) {
            index = text.utf8.index(after: newline)
            starts.append(index)
        }
        self.starts = starts
    }

    public var lineCount: Int { starts.count }

    /// Line `number` (0-based) without its line break.
    public func line(_ number: Int) -> Substring {
        guard number >= 0, number < starts.count else { return "" }
        var end = number + 1 < starts.count ? text.utf8.index(before: starts[number + 1]) : text.utf8.endIndex
        if end > starts[number], text.utf8[text.utf8.index(before: end)] == UInt8(ascii: "\r") { end = text.utf8.index(before: end) }
        return text[starts[number]..<end]
    }

    /// invoic's location (1-based line, 1-based scalar column) as an LSP position. A column past
    /// the line's end (libyaml points just past a line at its end) is clamped to the end.
    public func position(_ location: SourceLocation) -> Position {
        let lineIndex = max(0, location.line - 1)
        guard lineIndex < starts.count else {
            let last = starts.count - 1
            return Position(line: last, character: characters(in: line(last)))
        }
        var character = 0
        for (offset, scalar) in line(lineIndex).unicodeScalars.enumerated() where offset < location.column - 1 {
            character += encoding.width(scalar)
        }
        return Position(line: lineIndex, character: character)
    }

    /// An LSP position as invoic's location; a character inside a surrogate pair or a UTF-8
    /// sequence counts as the scalar it is part of.
    public func location(_ position: Position) -> SourceLocation {
        var units = 0, column = 1
        for scalar in line(position.line).unicodeScalars {
            units += encoding.width(scalar)
            if units > position.character { break }
            column += 1
        }
        return SourceLocation(line: position.line + 1, column: column)
    }

    /// The string index of an LSP position, for applying an edit.
    public func index(_ position: Position) -> String.Index {
        guard position.line < starts.count else { return text.endIndex }
        let line = line(position.line)
        var units = 0
        for index in line.unicodeScalars.indices {
            if units >= position.character { return index }
            units += encoding.width(line.unicodeScalars[index])
        }
        // Past the end of the line's text: its end (a client may point at the line break).
        return line.endIndex
    }

    func characters(in line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { $0 + encoding.width($1) }
    }

    /// An invoic range as an LSP range object.
    func range(_ range: SourceRange) -> JSON {
        ["start": position(range.start).json, "end": position(range.end).json]
    }
}
