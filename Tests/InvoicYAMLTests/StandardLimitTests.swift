import InvoicDiagnostics
import Testing
@testable import InvoicYAML

/// Each bound of `YAMLLimits.standard`, at its value and one past it. (LimitTests checks the
/// same mechanisms with small bounds; these pin the numbers the documentation states.)
@Suite struct StandardLimitTests {
    private func codes(_ text: String) -> [String] {
        YAMLParser.parse(Array(text.utf8), path: "bound.yaml").diagnostics.map(\.code.name)
    }

    @Test func theStandardBoundsAreTheDocumentedOnes() {
        #expect(YAMLLimits.standard.maxFileSize == 4 * 1024 * 1024)
        #expect(YAMLLimits.standard.maxDepth == 64)
        #expect(YAMLLimits.standard.maxNodes == 250_000)
        #expect(YAMLLimits.standard.maxScalarLength == 256 * 1024)
    }

    @Test func fileSizeAtAndPastTheBound() {
        let head = "client: acme\n"
        let limit = YAMLLimits.standard.maxFileSize
        let atBound = head + "#" + String(repeating: "x", count: limit - head.utf8.count - 2) + "\n"
        #expect(atBound.utf8.count == limit)
        #expect(codes(atBound) == [])
        let past = atBound + " "
        #expect(codes(past) == ["resource-limit"])
        #expect(YAMLParser.parse(Array(past.utf8), path: "bound.yaml").diagnostics.first?.message
                == "file is 4194305 bytes, more than the limit of 4194304")
    }

    @Test func nestingAtAndPastTheBound() {
        let depth = YAMLLimits.standard.maxDepth
        func nested(_ levels: Int) -> String { String(repeating: "[", count: levels) + "x" + String(repeating: "]", count: levels) + "\n" }
        #expect(codes(nested(depth)) == [])
        #expect(codes(nested(depth + 1)) == ["resource-limit"])
        // Block style counts the same way: a mapping per level.
        func block(_ levels: Int) -> String {
            (0..<levels).map { String(repeating: " ", count: $0) + "k:" + ($0 == levels - 1 ? " x" : "") + "\n" }.joined()
        }
        #expect(codes(block(depth)) == [])
        #expect(codes(block(depth + 1)) == ["resource-limit"])
    }

    @Test func nodesAtAndPastTheBound() {
        // A flow list of n scalars is n + 1 nodes.
        let limit = YAMLLimits.standard.maxNodes
        func list(_ scalars: Int) -> String { "[" + Array(repeating: "x", count: scalars).joined(separator: ",") + "]\n" }
        #expect(codes(list(limit - 1)) == [])
        #expect(codes(list(limit)) == ["resource-limit"])
    }

    @Test func aliasExpansionAtAndPastTheBound() {
        // root list (1) + an anchored list of 998 scalars (999) + 249 aliases of it (249 x 999)
        // = 249,751 nodes, and `extra` scalars after them.
        let limit = YAMLLimits.standard.maxNodes
        func text(extra: Int) -> String {
            "[&a [" + Array(repeating: "x", count: 998).joined(separator: ",") + "],"
                + Array(repeating: "*a", count: 249).joined(separator: ",")
                + String(repeating: ",y", count: extra) + "]\n"
        }
        let base = 1 + 999 + 249 * 999
        #expect(codes(text(extra: limit - base)) == [])
        #expect(codes(text(extra: limit - base + 1)) == ["resource-limit"])
    }

    @Test func scalarLengthAtAndPastTheBound() {
        let limit = YAMLLimits.standard.maxScalarLength
        #expect(codes("notes: " + String(repeating: "x", count: limit) + "\n") == [])
        #expect(codes("notes: " + String(repeating: "x", count: limit + 1) + "\n") == ["resource-limit"])
        // A quoted scalar's length is what it holds, after escapes.
        #expect(codes("notes: \"" + String(repeating: "é", count: limit / 2) + "\"\n") == [])
        #expect(codes("notes: \"" + String(repeating: "é", count: limit / 2) + "x\"\n") == ["resource-limit"])
    }
}

/// Escapes are the one way a control character gets into a value: libyaml refuses them raw.
@Suite struct ControlCharacterTests {
    private func codes(_ text: String) -> [String] {
        YAMLParser.parse(Array(text.utf8), path: "c.yaml").diagnostics.map(\.code.name)
    }

    @Test(arguments: ["\\0", "\\e[2J", "\\x1b", "\\u001B", "\\a", "\\b", "\\r", "\\v", "\\f", "\\x7f", "\\x85", "\\u009b", "\\N"])
    func anEscapedControlCharacterIsRefused(_ escape: String) {
        #expect(codes("notes: \"a\(escape)b\"\n") == ["invalid-utf8"])
    }

    @Test func tabsAndLineBreaksStayAllowed() {
        #expect(codes("notes: \"a\\tb\\nc\"\nmore: |\n  two\n  lines\n") == [])
        #expect(codes("notes: \"caf\\u00e9 \\u00a0 \\u202f\"\n") == [])
    }

    @Test func aRawControlCharacterIsRefusedByTheReader() {
        #expect(codes("notes: a\u{1B}[2Jb\n") == ["invalid-utf8"])
    }
}

/// The text an excerpt quotes: line breaks where libyaml counts them, control characters visible.
@Suite struct DisplayTextTests {
    @Test func controlCharactersBecomeTheirPictures() {
        #expect(YAMLParser.displayText(Array("a\u{0}b\u{7}c\u{1B}[2J\u{7F}\t\n".utf8)) == "a\u{2400}b\u{2407}c\u{241B}[2J\u{2421}\t\n")
        #expect(YAMLParser.displayText(Array("x\u{9B}y".utf8)) == "x\u{FFFD}y")
    }

    @Test func everyLineBreakLibyamlKnowsBecomesALineFeed() {
        #expect(YAMLParser.displayText(Array("a\rb\r\nc\u{85}d\u{2028}e\u{2029}f\n".utf8)) == "a\nb\r\nc\nd\ne\nf\n")
        let parsed = YAMLParser.parse(Array("client: acme\rissued: x\u{2028}notes: [\n".utf8), path: "breaks.yaml")
        #expect(parsed.source.line(2) == "issued: x")
        #expect(parsed.source.line(3) == "notes: [")
    }

    @Test func ordinaryTextIsUntouched() {
        let text = "client: Müller & Söhne 日本 👍🏽\r\nnotes: |\n  two\n"
        #expect(YAMLParser.displayText(Array(text.utf8)) == text)
    }
}
