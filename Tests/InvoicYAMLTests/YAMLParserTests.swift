import InvoicDiagnostics
import Testing
@testable import InvoicYAML

private func parse(_ text: String, limits: YAMLLimits = .standard) -> ParsedYAML {
    YAMLParser.parse(Array(text.utf8), path: "test.yaml", limits: limits)
}

private func codes(_ parsed: ParsedYAML) -> [String] { parsed.diagnostics.map(\.code.name) }

@Suite struct ScalarTests {
    @Test func scalarsKeepTheirExactText() throws {
        let root = try #require(parse("price: 2.50\nnumber: \"0042\"\nflag: yes\nempty:\n").root)
        #expect(root["price"]?.scalar == YAMLScalar(text: "2.50", style: .plain))
        #expect(root["number"]?.scalar == YAMLScalar(text: "0042", style: .doubleQuoted))
        #expect(root["number"]?.scalar?.isQuoted == true)
        #expect(root["flag"]?.scalar?.text == "yes")
        #expect(root["empty"]?.scalar?.isNull == true)
    }

    @Test func mappingsKeepKeyOrder() throws {
        let root = try #require(parse("zeta: 1\nalpha: 2\nmid: 3\n").root)
        #expect(root.mapping?.map { $0.key.keyText } == ["zeta", "alpha", "mid"])
    }

    @Test func blockScalarKeepsLines() throws {
        let root = try #require(parse("notes: |\n  line one\n  line two\n").root)
        #expect(root["notes"]?.scalar == YAMLScalar(text: "line one\nline two\n", style: .literal))
    }

    @Test func emptyFileHasNoRoot() {
        let parsed = parse("")
        #expect(parsed.root == nil)
        #expect(parsed.diagnostics.isEmpty)
    }
}

@Suite struct RangeTests {
    @Test func rangesAreOneBasedInUnicodeScalars() throws {
        // "ü" is 2 bytes, "日本" 6 bytes: columns must count them as 1 each.
        let root = try #require(parse("name: Müller\nclient: 日本 Co\nnext: x\n").root)
        #expect(root["name"]?.range.start == SourceLocation(line: 1, column: 7))
        #expect(root["name"]?.range.end == SourceLocation(line: 1, column: 13))
        #expect(root["client"]?.range.start == SourceLocation(line: 2, column: 9))
        #expect(root["client"]?.range.end == SourceLocation(line: 2, column: 14))
    }

    @Test func emojiWithSkinToneCountsAsTwoScalars() throws {
        let root = try #require(parse("a: \"👍🏽\"\nb: x\n").root)
        #expect(root["a"]?.range.end == SourceLocation(line: 1, column: 8))
    }

    @Test func byteOrderMarkDoesNotShiftColumns() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("client: acme\n".utf8)
        let parsed = YAMLParser.parse(bytes, path: "bom.yaml")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.root?["client"]?.range.start == SourceLocation(line: 1, column: 9))
        #expect(parsed.source.line(1) == "client: acme")
    }

    @Test func crlfLineEndingsAreAccepted() throws {
        let parsed = parse("client: acme\r\nissued: 2026-03-01\r\nnotes: hi\r\n")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.root?["issued"]?.scalar?.text == "2026-03-01")
        #expect(parsed.root?["issued"]?.range.start == SourceLocation(line: 2, column: 9))
        #expect(parsed.source.line(2) == "issued: 2026-03-01")
    }
}

@Suite struct ErrorTests {
    @Test func duplicateKeysAreReportedAtTheSecond() {
        let parsed = parse("client: a\ntotal: 1\nclient: b\n")
        #expect(codes(parsed) == ["duplicate-key"])
        #expect(parsed.diagnostics.first?.range?.start == SourceLocation(line: 3, column: 1))
        #expect(parsed.diagnostics.first?.notes == ["the first `client` is at line 1, column 1"])
    }

    @Test func duplicateKeysInLargeMappingsAreFound() {
        var text = (0..<40).map { "k\($0): v\n" }.joined()
        text += "k7: again\n"
        let parsed = parse(text)
        #expect(codes(parsed) == ["duplicate-key"])
        #expect(parsed.diagnostics.first?.range?.start.line == 41)
    }

    @Test func syntaxErrorHasALocation() {
        let parsed = parse("client: acme\nitems: [a, b\nnotes: x\n")
        #expect(codes(parsed) == ["yaml-syntax"])
        #expect(parsed.root == nil)
        #expect(parsed.diagnostics.first?.range != nil)
    }

    @Test func tabIndentationGetsAClearMessage() {
        let parsed = parse("items:\n\t- description: x\n")
        #expect(codes(parsed) == ["yaml-syntax"])
        #expect(parsed.diagnostics.first?.message.contains("tab") == true)
        #expect(parsed.diagnostics.first?.range?.start == SourceLocation(line: 2, column: 1))
    }

    @Test func invalidUTF8IsReportedAtItsLine() {
        let bytes = Array("client: acme\nname: Caf".utf8) + [0xE9] + Array("\n".utf8)
        let parsed = YAMLParser.parse(bytes, path: "latin1.yaml")
        #expect(codes(parsed) == ["invalid-utf8"])
        #expect(parsed.diagnostics.first?.range?.start == SourceLocation(line: 2, column: 10))
    }

    @Test func utf16IsRecognised() {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("a: b\n".utf8).flatMap { [$0, 0] }
        let parsed = YAMLParser.parse(bytes, path: "wide.yaml")
        #expect(codes(parsed) == ["invalid-utf8"])
        #expect(parsed.diagnostics.first?.message.contains("UTF-16") == true)
    }

    @Test func nulByteIsAnErrorNotACrash() {
        let bytes = Array("a: b".utf8) + [0] + Array("\n".utf8)
        let parsed = YAMLParser.parse(bytes, path: "nul.yaml")
        #expect(codes(parsed) == ["invalid-utf8"])
    }

    @Test func multipleDocumentsAreRejected() {
        let parsed = parse("a: 1\n---\nb: 2\n")
        #expect(codes(parsed) == ["multiple-documents"])
        #expect(parsed.diagnostics.first?.range?.start.line == 2)
    }

    @Test func unknownAliasIsAnError() {
        #expect(codes(parse("a: *nowhere\n")) == ["yaml-syntax"])
    }
}

@Suite struct LimitTests {
    let small = YAMLLimits(maxFileSize: 1000, maxDepth: 4, maxNodes: 50, maxScalarLength: 20)

    @Test func aliasesWithinTheBoundExpand() throws {
        let root = try #require(parse("base: &b {x: 1}\ncopy: *b\n").root)
        #expect(root["copy"]?["x"]?.scalar?.text == "1")
    }

    @Test func billionLaughsStopsAtTheNodeBound() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...9 {
            text += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let parsed = parse(text)
        #expect(codes(parsed) == ["resource-limit"])
        #expect(parsed.root == nil)
    }

    @Test func nodeBoundIsExact() {
        // A mapping with 24 pairs is 1 + 48 = 49 nodes: at the bound of 49 it passes, at 48 it fails.
        let text = (0..<24).map { "k\($0): v\n" }.joined()
        var limits = small
        limits.maxNodes = 49
        #expect(parse(text, limits: limits).diagnostics.isEmpty)
        limits.maxNodes = 48
        #expect(codes(parse(text, limits: limits)) == ["resource-limit"])
    }

    @Test func depthBoundIsExact() {
        #expect(parse("a: [[[x]]]\n", limits: small).diagnostics.isEmpty)
        #expect(codes(parse("a: [[[[x]]]]\n", limits: small)) == ["resource-limit"])
    }

    @Test func deepNestingDoesNotOverflowTheStack() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(codes(parse(text)) == ["resource-limit"])
    }

    @Test func scalarLengthBoundIsExact() {
        #expect(parse("a: " + String(repeating: "x", count: 20) + "\n", limits: small).diagnostics.isEmpty)
        #expect(codes(parse("a: " + String(repeating: "x", count: 21) + "\n", limits: small)) == ["resource-limit"])
    }

    @Test func fileSizeBoundIsExact() {
        let fits = "a: " + String(repeating: "x", count: 16) + "\n" + String(repeating: "#", count: 980) + "\n"
        #expect(fits.utf8.count == 1001)
        #expect(codes(parse(String(fits.dropLast()), limits: small)) == [])
        #expect(codes(parse(fits, limits: small)) == ["resource-limit"])
    }
}

@Suite struct LastLineTests {
    @Test func blockCollectionsEndAtTheirLastValueNotAtTheNextKey() throws {
        let root = try #require(parse("""
            items:
              - description: A
                price: 1
              - { description: B, price: 2 }

            # a comment
            payments: [ { amount: 1 } ]
            notes: |
              hello

            total: 3
            """).root)
        #expect(root["items"]?.lastLine == 4)
        #expect(root["items"]?.isFlow == false)
        #expect(root["items"]?.sequence?.last?.isFlow == true)
        #expect(root["payments"]?.lastLine == 7)
        #expect(root["payments"]?.isFlow == true)
        #expect(root["notes"]?.lastLine == 9)
        #expect(root["total"]?.lastLine == 11)
    }
}
