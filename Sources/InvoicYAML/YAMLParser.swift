import InvoicDiagnostics

/// What parsing one file gives: its root node (nil for an empty file or one that did not parse),
/// its text for diagnostics, and every problem found on the way.
public struct ParsedYAML: Sendable {
    public var root: YAMLNode?
    public var source: SourceFile
    public var diagnostics: [Diagnostic]
}

public enum YAMLParser {
    /// Parses one YAML file. Never traps, whatever the bytes: encoding problems, syntax errors,
    /// duplicate keys and exceeded limits all come back as diagnostics.
    public static func parse(_ bytes: [UInt8], path: String, limits: YAMLLimits = .standard) -> ParsedYAML {
        if bytes.count > limits.maxFileSize {
            let source = SourceFile(path: path, text: "")
            let diagnostic = Diagnostic.error(
                .resourceLimit, "file is \(bytes.count) bytes, more than the limit of \(limits.maxFileSize)",
                file: path,
                help: "split it: one document per file; a real invoice is about a kilobyte")
            return ParsedYAML(root: nil, source: source, diagnostics: [diagnostic])
        }
        if let encoding = wideEncoding(of: bytes) {
            let source = SourceFile(path: path, text: "")
            let diagnostic = Diagnostic.error(
                .invalidUtf8, "file is encoded as \(encoding), not UTF-8",
                file: path,
                help: "save the file as UTF-8 (most editors offer it under 'Save with encoding')")
            return ParsedYAML(root: nil, source: source, diagnostics: [diagnostic])
        }
        // libyaml would count the byte-order mark as a column of line 1; drop it so columns match the editor's.
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let source = SourceFile(path: path, text: displayText(body))
        if let offset = firstInvalidUTF8Offset(body) {
            let location = location(ofByte: offset, in: body)
            let diagnostic = Diagnostic.error(
                .invalidUtf8, "text is not valid UTF-8",
                file: path, range: SourceRange(start: location, end: SourceLocation(line: location.line, column: location.column + 1)),
                label: "byte 0x\(String(body[offset], radix: 16, uppercase: true)) at offset \(offset)",
                help: "save the file as UTF-8; text copied from another program may carry a Latin-1 or Windows-1252 character")
            return ParsedYAML(root: nil, source: source, diagnostics: [diagnostic])
        }
        var builder = NodeBuilder(path: path, limits: limits, bytes: body)
        builder.run()
        return ParsedYAML(root: builder.root, source: source, diagnostics: builder.diagnostics)
    }

    /// The file's text as diagnostics quote it. libyaml breaks lines at CR, LF, CRLF, NEL, LS and
    /// PS, so all of them become LF (CRLF stays) and excerpts show the line the error names; and a
    /// control character, which libyaml refuses but an excerpt would print, becomes visible
    /// (NUL as ␀, ESC as ␛), so quoting a hostile file cannot drive the terminal.
    /// Each replacement is one scalar for one scalar: columns do not move.
    static func displayText(_ bytes: [UInt8]) -> String {
        let needsWork = bytes.withUnsafeBufferPointer { bytes in
            bytes.indices.contains { index in
                let byte = bytes[index]
                if byte >= 0x20 && byte < 0x7F { return false }
                if byte < 0x20 { return byte != 0x0A && byte != 0x09 && !(byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A) }
                if byte == 0x7F { return true }
                if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
                return byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard needsWork else { return text }
        var result = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x0D where index + 1 < scalars.count && scalars[index + 1] == "\n": result.append(scalar)
            case 0x0D, 0x85, 0x2028, 0x2029: result.append("\n")
            case 0x09, 0x0A: result.append(scalar)
            case 0x00..<0x20: result.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: result.append("\u{2421}")
            case 0x80..<0xA0: result.append("\u{FFFD}")
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// UTF-16 and UTF-32 files announce themselves with a byte-order mark or NUL bytes around ASCII.
    static func wideEncoding(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32" }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
        if bytes.count >= 2, (bytes[0] == 0) != (bytes[1] == 0) { return "UTF-16" }
        return nil
    }

    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        // The standard library's validation is fast; decoding scalar by scalar finds the offset.
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// The line and column (in Unicode scalars, 1-based) of a byte offset, for errors that only know an offset.
    static func location(ofByte offset: Int, in bytes: [UInt8]) -> SourceLocation {
        var line = 1, column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourceLocation(line: line, column: column)
    }
}
