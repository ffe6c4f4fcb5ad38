import Foundation

/// The three ways a list of diagnostics is shown: to a person, to an editor, to a program.
public enum DiagnosticFormat: String, Sendable, CaseIterable {
    /// The message, `--> file:line:col`, the user's own line with a caret under the span, the help.
    case human
    /// `file:line:col: error: message [code]`, one per line, for editors and CI.
    case gnu
    /// A JSON array with sorted keys.
    case json
}

public struct DiagnosticRenderer: Sendable {
    public var format: DiagnosticFormat
    public var color: Bool
    /// Source text by the path diagnostics name, for the excerpt under a human message.
    public var sources: [String: SourceFile]

    public init(format: DiagnosticFormat, color: Bool = false, sources: [String: SourceFile] = [:]) {
        self.format = format
        self.color = color
        self.sources = sources
    }

    public func render(_ diagnostics: [Diagnostic]) -> String {
        switch format {
        case .human: return diagnostics.map(human).joined()
        case .gnu: return diagnostics.map(gnu).joined()
        case .json: return json(diagnostics)
        }
    }

    // MARK: gnu

    public func gnu(_ d: Diagnostic) -> String {
        var place = d.file ?? "invoic"
        // Editors expect a line and column; a finding about a whole file points at its start.
        if d.file != nil { place += ":\(d.range?.start.line ?? 1):\(d.range?.start.column ?? 1)" }
        return "\(place): \(d.severity.rawValue): \(d.message) [\(d.code)]\n"
    }

    // MARK: human

    public func human(_ d: Diagnostic) -> String {
        let severityColor = d.severity == .error ? "1;31" : "1;33"
        var out = paint("\(d.severity.rawValue)[\(d.code)]", severityColor) + paint(": \(d.message)", "1") + "\n"
        guard let file = d.file else {
            if let help = d.help { out += "  = help: \(help)\n" }
            for note in d.notes { out += "  = note: \(note)\n" }
            return out
        }
        let gutterWidth = String(d.range?.start.line ?? 0).count
        let pad = String(repeating: " ", count: gutterWidth)
        var place = file
        if let start = d.range?.start { place += ":\(start.line):\(start.column)" }
        out += "\(pad)\(paint("-->", "1;34")) \(place)\n"
        if let range = d.range, let line = sources[file]?.line(range.start.line) {
            let bar = paint("|", "1;34")
            out += "\(pad) \(bar)\n"
            out += "\(paint(String(range.start.line), "1;34")) \(bar) \(line)\n"
            let caret = caretLine(line: line, range: range)
            let label = d.label.map { " \($0)" } ?? ""
            out += "\(pad) \(bar) \(caret.indent)\(paint(caret.marks + label, severityColor))\n"
        } else if let label = d.label {
            out += "\(pad) = \(label)\n"
        }
        if let help = d.help { out += "\(pad) = \(paint("help", "1")): \(help)\n" }
        for note in d.notes { out += "\(pad) = \(paint("note", "1")): \(note)\n" }
        return out
    }

    /// The caret under `range` on `line`: tabs are copied so the caret lines up in any terminal,
    /// and wide (East Asian) characters take two cells.
    private func caretLine(line: Substring, range: SourceRange) -> (indent: String, marks: String) {
        let scalars = Array(line.unicodeScalars)
        let startIndex = min(max(range.start.column - 1, 0), scalars.count)
        let endIndex: Int
        if range.end.line == range.start.line {
            endIndex = min(max(range.end.column - 1, startIndex + 1), max(scalars.count, startIndex + 1))
        } else {
            endIndex = max(scalars.count, startIndex + 1)
        }
        var indent = ""
        for scalar in scalars[0..<startIndex] {
            indent += scalar == "\t" ? "\t" : String(repeating: " ", count: displayWidth(scalar))
        }
        var width = 0
        for i in startIndex..<endIndex {
            width += i < scalars.count ? max(displayWidth(scalars[i]), 1) : 1
        }
        return (indent, String(repeating: "^", count: max(width, 1)))
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    // MARK: json

    private struct Entry: Encodable {
        var severity: String
        var code: String
        var message: String
        var file: String?
        var line: Int?
        var column: Int?
        var endLine: Int?
        var endColumn: Int?
        var label: String?
        var help: String?
        var notes: [String]
    }

    public func json(_ diagnostics: [Diagnostic]) -> String {
        let entries = diagnostics.map { d in
            Entry(
                severity: d.severity.rawValue, code: d.code.name, message: d.message, file: d.file,
                line: d.range?.start.line, column: d.range?.start.column,
                endLine: d.range?.end.line, endColumn: d.range?.end.column,
                label: d.label, help: d.help, notes: d.notes)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(entries) else { return "[]\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// Terminal cells a scalar takes: 0 for combining marks, 2 for wide East Asian text, else 1.
func displayWidth(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark {
        return 0
    }
    if (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
        || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
        || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v) {
        return 2
    }
    return 1
}
