import CLibYAML
import InvoicDiagnostics

// The one file that sees libyaml. It walks the event stream and builds `YAMLNode`s with their
// ranges; C types never leave it. Builder state lives in a struct, not captured closure
// variables: that keeps parsing at libyaml's own pace.

struct NodeBuilder {
    /// A sequence or mapping still open. Mutated in place on the stack, so appending stays O(1).
    private struct Frame {
        var isMapping: Bool
        var isFlow: Bool
        var start: SourceLocation
        var tag: String?
        var anchor: String?
        var items: [YAMLNode] = []
        var pairs: [YAMLPair] = []
        var pendingKey: YAMLNode?
        var count = 1
        /// Keys seen so far, built only for large mappings: small ones scan, which is faster.
        var keySet: Set<String>?
    }

    private struct Anchored {
        var node: YAMLNode
        var count: Int
    }

    let path: String
    let limits: YAMLLimits
    let bytes: [UInt8]
    private(set) var root: YAMLNode?
    private(set) var diagnostics: [Diagnostic] = []
    private var stack: [Frame] = []
    /// Byte offsets where lines start, built only when a block scalar needs them.
    private var lineStarts: [Int] = []
    private var anchors: [String: Anchored] = [:]
    private var totalNodes = 0
    private var documents = 0

    init(path: String, limits: YAMLLimits, bytes: [UInt8]) {
        self.path = path
        self.limits = limits
        self.bytes = bytes
    }

    mutating func run() {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        defer {
            parser.deallocate()
            event.deallocate()
        }
        guard yaml_parser_initialize(parser) == 1 else {
            fail(.resourceLimit, "out of memory starting the YAML parser", at: SourceLocation(line: 1, column: 1))
            return
        }
        defer { yaml_parser_delete(parser) }
        bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            while true {
                guard yaml_parser_parse(parser, event) == 1 else {
                    reportParserError(parser.pointee)
                    return
                }
                let keepGoing = handle(event.pointee)
                yaml_event_delete(event)
                if !keepGoing { return }
            }
        }
    }

    /// Handles one event; false stops the parse (end of stream, or an error already reported).
    private mutating func handle(_ event: yaml_event_t) -> Bool {
        let start = location(event.start_mark)
        let end = location(event.end_mark)
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return false
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                fail(.multipleDocuments, "file holds more than one YAML document", at: start,
                     help: "keep one document per file; remove the `---` line and what follows, or move it to a file of its own")
                return false
            }
            return true
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            guard Int(s.length) <= limits.maxScalarLength else {
                fail(.resourceLimit, "value is \(s.length) bytes, more than the limit of \(limits.maxScalarLength)", at: start)
                return false
            }
            let buffer = UnsafeBufferPointer(start: s.value, count: s.value == nil ? 0 : Int(s.length))
            if let control = Self.firstControlCharacter(buffer) {
                // Only an escape (`"\e"`, `"\0"`, `"\x1b"`) can put one in a value: libyaml refuses them raw.
                fail(.invalidUtf8, "a value contains the control character U+\(String(control, radix: 16, uppercase: true).leftPadded(4))", at: start,
                     help: "remove the escape sequence; control characters (NUL, ESC, ...) would reach terminals and PDFs")
                return false
            }
            let text = String(decoding: buffer, as: UTF8.self)
            let scalarStyle = style(s.style)
            let isBlock = scalarStyle == .literal || scalarStyle == .folded
            let node = YAMLNode(.scalar(YAMLScalar(text: text, style: scalarStyle)),
                                range: SourceRange(start: start, end: isBlock ? endOfContent(from: start, to: end) : end), tag: string(s.tag))
            return countNodes(1, at: start) && add(node, count: 1, anchor: string(s.anchor))
        case YAML_ALIAS_EVENT:
            let name = string(event.data.alias.anchor) ?? ""
            guard let anchored = anchors[name] else {
                fail(.yamlSyntax, "alias *\(name) refers to no anchor defined before it", at: start,
                     help: "define `&\(name)` on a value above this line, or write the value out")
                return false
            }
            return countNodes(anchored.count, at: start) && add(anchored.node, count: anchored.count, anchor: nil)
        case YAML_SEQUENCE_START_EVENT:
            let s = event.data.sequence_start
            return open(Frame(isMapping: false, isFlow: s.style == YAML_FLOW_SEQUENCE_STYLE, start: start,
                              tag: string(s.tag), anchor: string(s.anchor)), at: start)
        case YAML_MAPPING_START_EVENT:
            let m = event.data.mapping_start
            return open(Frame(isMapping: true, isFlow: m.style == YAML_FLOW_MAPPING_STYLE, start: start,
                              tag: string(m.tag), anchor: string(m.anchor)), at: start)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast() else { return true }
            let kind: YAMLNode.Kind = frame.isMapping ? .mapping(frame.pairs) : .sequence(frame.items)
            let node = YAMLNode(kind, range: SourceRange(start: frame.start, end: end), tag: frame.tag, isFlow: frame.isFlow)
            return add(node, count: frame.count, anchor: frame.anchor)
        default:
            return true
        }
    }

    private mutating func open(_ frame: Frame, at start: SourceLocation) -> Bool {
        guard stack.count < limits.maxDepth else {
            fail(.resourceLimit, "values are nested more than \(limits.maxDepth) levels deep", at: start,
                 help: "an invoice needs a few levels; flatten the structure")
            return false
        }
        guard countNodes(1, at: start) else { return false }
        stack.append(frame)
        return true
    }

    /// Counts nodes as they appear (an alias counts all it repeats), so expansion stops at the bound.
    private mutating func countNodes(_ count: Int, at start: SourceLocation) -> Bool {
        totalNodes += count
        guard totalNodes <= limits.maxNodes else {
            fail(.resourceLimit, "file expands to more than \(limits.maxNodes) values", at: start,
                 help: "aliases (`*name`) repeat what their anchor holds; a file this large is almost certainly a mistake or an attack")
            return false
        }
        return true
    }

    /// Adds a finished node (worth `count` nodes, with what aliases repeat) to the open collection.
    private mutating func add(_ node: YAMLNode, count: Int, anchor: String?) -> Bool {
        if let anchor { anchors[anchor] = Anchored(node: node, count: count) }
        guard !stack.isEmpty else {
            root = node
            return true
        }
        let top = stack.count - 1
        stack[top].count += count
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return true
        }
        guard let key = stack[top].pendingKey else {
            stack[top].pendingKey = node
            return true
        }
        stack[top].pendingKey = nil
        if let text = key.keyText, Self.isDuplicate(text, in: &stack[top]) {
            reportDuplicate(key, text: text, in: stack[top].pairs)
        }
        stack[top].pairs.append(YAMLPair(key: key, value: node))
        return true
    }

    /// Static on purpose: a method of `self` taking `&stack[top]` would overlap the access to
    /// `self`, and Swift resolves that by copying the whole builder (and then its stack) per key.
    private static func isDuplicate(_ key: String, in frame: inout Frame) -> Bool {
        if frame.keySet == nil, frame.pairs.count >= 16 {
            frame.keySet = Set(frame.pairs.compactMap { $0.key.keyText })
        }
        if frame.keySet != nil {
            return !frame.keySet!.insert(key).inserted
        }
        return frame.pairs.contains { $0.key.keyText == key }
    }

    private mutating func reportDuplicate(_ key: YAMLNode, text: String, in pairs: [YAMLPair]) {
        let first = pairs.first { $0.key.keyText == text }?.key.range.start ?? key.range.start
        diagnostics.append(.error(
            .duplicateKey, "key `\(text)` appears twice in the same mapping",
            file: path, range: key.range, label: "second `\(text)`",
            help: "remove one of them; YAML keeps only one value per key, so the other would be silently lost",
            notes: ["the first `\(text)` is at line \(first.line), column \(first.column)"]))
    }

    /// A block scalar's end mark lies past its trailing blank lines; its range should end with
    /// its last written character, where an edit after it belongs.
    private mutating func endOfContent(from start: SourceLocation, to end: SourceLocation) -> SourceLocation {
        if lineStarts.isEmpty {
            lineStarts = [0]
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        }
        var line = end.column == 1 ? end.line - 1 : end.line
        while line > start.line {
            let from = lineStarts[min(line - 1, lineStarts.count - 1)]
            let to = line < lineStarts.count ? lineStarts[line] : bytes.count
            if bytes[from..<to].contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) { break }
            line -= 1
        }
        guard line >= 1, line - 1 < lineStarts.count else { return end }
        let from = lineStarts[line - 1]
        var to = line < lineStarts.count ? lineStarts[line] : bytes.count
        while to > from, [0x0A, 0x0D, 0x20, 0x09].contains(bytes[to - 1]) { to -= 1 }
        let columns = bytes[from..<to].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
        return SourceLocation(line: line, column: columns + 1)
    }

    // MARK: errors

    private mutating func reportParserError(_ parser: yaml_parser_t) {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        var at: SourceLocation
        if parser.error == YAML_READER_ERROR {
            at = YAMLParser.location(ofByte: Int(parser.problem_offset), in: bytes)
        } else {
            at = location(parser.problem_mark)
        }
        var notes: [String] = []
        if let context = parser.context.map({ String(cString: $0) }) {
            let mark = location(parser.context_mark)
            notes.append("\(context) at line \(mark.line), column \(mark.column)")
        }
        let code: DiagnosticCode = parser.error == YAML_READER_ERROR ? .invalidUtf8 : .yamlSyntax
        var message = parser.error == YAML_READER_ERROR ? "unreadable text: \(problem)" : "invalid YAML: \(problem)"
        var help = "check the indentation and quoting of this line and the one above it"
        if byte(at: at) == UInt8(ascii: "\t") {
            notes = []
            message = "invalid YAML: a tab character where YAML allows only spaces"
            help = "indent with spaces; YAML does not allow tabs for indentation"
        } else if parser.error == YAML_READER_ERROR {
            help = "remove control characters such as NUL from the file and save it as UTF-8 text"
        } else if problem.contains("mapping values are not allowed") {
            help = "a value containing `: ` must be quoted, e.g. \"Note: paid by card\""
        }
        fail(code, message, at: at, help: help, notes: notes)
    }

    /// The byte at a line and column, to recognise a tab as the cause of a scanner error.
    private func byte(at location: SourceLocation) -> UInt8? {
        var line = 1, column = 1
        for byte in bytes {
            if line == location.line, column == location.column { return byte }
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            if line > location.line { return nil }
        }
        return nil
    }

    private mutating func fail(_ code: DiagnosticCode, _ message: String, at start: SourceLocation, help: String? = nil, notes: [String] = []) {
        root = nil
        diagnostics.append(.error(code, message, file: path,
                                  range: SourceRange(start: start, end: SourceLocation(line: start.line, column: start.column + 1)),
                                  help: help, notes: notes))
    }

    /// The first control character other than tab and line feed (C0, DEL, C1) in UTF-8 text.
    static func firstControlCharacter(_ bytes: UnsafeBufferPointer<yaml_char_t>) -> UInt32? {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20, byte != 0x09, byte != 0x0A { return UInt32(byte) }
            if byte == 0x7F { return 0x7F }
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return UInt32(bytes[index + 1]) }
            index += 1
        }
        return nil
    }

    // MARK: conversions

    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    private func style(_ style: yaml_scalar_style_t) -> YAMLScalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
