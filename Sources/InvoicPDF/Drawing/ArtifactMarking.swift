/// Marks what a page paints outside every structure tag (rules, row lines, frames, the Swiss
/// QR-bill's cut line) as an artifact, so that PDF/UA readers know it is decoration: each run of
/// such operators at the top level of the content stream goes inside `/Artifact BMC ... EMC`.
///
/// cairo 1.16 has no way to say "artifact" while drawing: its structure tags become
/// `/Tag << /MCID n >> BDC ... EMC` sequences, and everything between them is untagged. A run
/// is cut only between operators, and only where no text object is open, so a marked-content
/// sequence never splits a path or a `BT ... ET` (ISO 32000-1, 14.6). Marked content that is
/// no structure (pango's `/Span << /ActualText ... >>` inside a line of text) stays inside the
/// run that holds its text object; a structure tag inside an untagged text object cannot be
/// marked and is refused.
enum ArtifactMarking {
    /// The content stream (uncompressed) with its untagged painting marked.
    static func mark(_ content: [UInt8]) throws(CairoPDF.Failure) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(content.count + 256)
        var copied = 0
        var depth = 0
        var inText = false
        // Marked content nested inside the run's untagged text object.
        var nested = 0
        // The run of top-level operators being collected: where its first operand starts, where
        // its last operator ends, and whether it paints anything.
        var run: (start: Int, end: Int, paints: Bool)?
        func closeRun() {
            defer { run = nil }
            guard let current = run, current.paints else { return }
            output += content[copied..<current.start]
            output += Array("/Artifact BMC\n".utf8)
            output += content[current.start..<current.end]
            output += Array("\nEMC".utf8)
            copied = current.end
        }

        var lexer = ContentLexer(content)
        var operandStart: Int?
        while let token = try lexer.next() {
            guard case .operator(let name) = token.kind else {
                if operandStart == nil { operandStart = token.range.lowerBound }
                continue
            }
            let start = operandStart ?? token.range.lowerBound
            operandStart = nil
            let isBegin = name == "BDC" || name == "BMC"
            switch name {
            case _ where isBegin && depth == 0 && inText:
                if CairoPDF.find(Array("/MCID".utf8), in: content[start..<token.range.lowerBound]) != nil {
                    throw .unexpectedLayout("a structure tag begins inside an untagged text object")
                }
                nested += 1
                run?.end = token.range.upperBound
            case "EMC" where nested > 0:
                nested -= 1
                run?.end = token.range.upperBound
            case _ where isBegin:
                if depth == 0 { closeRun() }
                depth += 1
            case "EMC":
                depth -= 1
                if depth < 0 { throw .unexpectedLayout("EMC without a marked-content sequence") }
            default:
                guard depth == 0 else { continue }
                if name == "BT" { inText = true }
                if name == "ET" { inText = false }
                let paints = paintingOperators.contains(name)
                if var current = run {
                    current.end = token.range.upperBound
                    current.paints = current.paints || paints
                    run = current
                } else {
                    run = (start, token.range.upperBound, paints)
                }
            }
        }
        if depth != 0 || nested != 0 { throw .unexpectedLayout("a marked-content sequence is not closed") }
        closeRun()
        output += content[copied...]
        return output
    }

    /// The operators that put marks on the page: path painting, shadings, XObjects, text
    /// showing, and an inline image (whose `EI` ends it).
    private static let paintingOperators: Set<String> = ["S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "sh", "Do", "Tj", "TJ", "'", "\"", "EI"]
}

/// The tokens of a content stream: operands (numbers, names, strings, arrays and dictionaries
/// piece by piece) and operators, each with where it lies. An inline image's data is skipped.
struct ContentLexer {
    enum Kind: Equatable { case operand, `operator`(String) }
    struct Token { var kind: Kind; var range: Range<Int> }

    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() throws(CairoPDF.Failure) -> Token? {
        skipWhitespaceAndComments()
        guard index < bytes.count else { return nil }
        let start = index
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "("):
            var nesting = 0
            while index < bytes.count {
                let current = bytes[index]
                index += 1
                if current == UInt8(ascii: "\\") { index += 1; continue }
                if current == UInt8(ascii: "(") { nesting += 1 }
                if current == UInt8(ascii: ")") { nesting -= 1; if nesting == 0 { break } }
            }
            if nesting != 0 { throw .unexpectedLayout("an unterminated string in a content stream") }
        case UInt8(ascii: "<"):
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<") {
                index += 2
            } else {
                guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { throw .unexpectedLayout("an unterminated hex string") }
                index = end + 1
            }
        case UInt8(ascii: ">"):
            guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else { throw .unexpectedLayout("a stray > in a content stream") }
            index += 2
        case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            index += 1
        case UInt8(ascii: "/"):
            index += 1
            while index < bytes.count, Self.isRegular(bytes[index]) { index += 1 }
        default:
            while index < bytes.count, Self.isRegular(bytes[index]) { index += 1 }
            if index == start { throw .unexpectedLayout("an unexpected byte \(byte) in a content stream") }
            let isNumber = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            if isNumber { break }
            let word = String(decoding: bytes[start..<index], as: UTF8.self)
            if word == "true" || word == "false" || word == "null" { break }
            if word == "ID" { try skipInlineImageData() }
            return Token(kind: .operator(word), range: start..<index)
        }
        return Token(kind: .operand, range: start..<index)
    }

    /// After `ID` and one white-space byte, an inline image's data runs to `EI` between white space.
    private mutating func skipInlineImageData() throws(CairoPDF.Failure) {
        var cursor = index + 1
        while cursor + 2 <= bytes.count {
            if bytes[cursor] == UInt8(ascii: "E"), bytes[cursor + 1] == UInt8(ascii: "I"), Self.isWhitespace(bytes[cursor - 1]),
               cursor + 2 == bytes.count || !Self.isRegular(bytes[cursor + 2]) {
                index = cursor
                return
            }
            cursor += 1
        }
        throw .unexpectedLayout("an inline image without EI")
    }

    private mutating func skipWhitespaceAndComments() {
        while index < bytes.count {
            if Self.isWhitespace(bytes[index]) {
                index += 1
            } else if bytes[index] == UInt8(ascii: "%") {
                while index < bytes.count, bytes[index] != 10, bytes[index] != 13 { index += 1 }
            } else {
                return
            }
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0 || byte == 9 || byte == 10 || byte == 12 || byte == 13 || byte == 32 }

    /// Neither white space nor a delimiter, by byte (the lexer asks for every byte of the page).
    private static let regular: [Bool] = (0...255).map { byte in
        !isWhitespace(UInt8(byte)) && !"()<>[]{}/%".utf8.contains(UInt8(byte))
    }

    private static func isRegular(_ byte: UInt8) -> Bool { regular[Int(byte)] }
}
