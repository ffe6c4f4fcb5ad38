/// A position in a source file: 1-based line, 1-based column counted in Unicode scalars
/// (the unit libyaml counts in, so a column means the same thing from parser to renderer).
///
/// Stored in 32 bits each: every value of a book carries its range, and at 64 bits the ranges
/// were half of a 10,000-document book's memory. A file is far below 2^31 lines (BookLimits).
public struct SourceLocation: Hashable, Comparable, Sendable {
    private var storedLine: Int32
    private var storedColumn: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// A half-open span of a file: from `start` up to, not including, `end`.
public struct SourceRange: Hashable, Sendable {
    public var start: SourceLocation
    public var end: SourceLocation

    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = end
    }

    public init(line: Int, column: Int, length: Int = 1) {
        start = SourceLocation(line: line, column: column)
        end = SourceLocation(line: line, column: column + length)
    }
}

/// The text of a file the book was read from, kept so a diagnostic can show the user's own line.
public final class SourceFile: Sendable {
    /// The path shown to the user, relative to the book when the file is inside it.
    public let path: String
    public let text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// The text of line `number` (1-based) without its line break, or nil past the end.
    /// Works on UTF-8 bytes: as Characters, "\r\n" is one grapheme and would hide the break.
    public func line(_ number: Int) -> Substring? {
        guard number >= 1 else { return nil }
        let utf8 = text.utf8
        var start = utf8.startIndex
        for _ in 1..<number {
            guard let newline = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            start = utf8.index(after: newline)
        }
        var end = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
        if end > start, utf8[utf8.index(before: end)] == UInt8(ascii: "\r") {
            end = utf8.index(before: end)
        }
        return text[start..<end]
    }
}
