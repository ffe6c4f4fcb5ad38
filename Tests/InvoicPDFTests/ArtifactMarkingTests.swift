import Foundation
@testable import InvoicPDF
import Testing

/// What a page paints outside every structure tag becomes an artifact; tagged content, operands
/// that look like operators, and text objects are left whole.
@Suite struct ArtifactMarkingTests {
    static func marked(_ content: String) throws -> String {
        String(decoding: try ArtifactMarking.mark(Array(content.utf8)), as: UTF8.self)
    }

    @Test func untaggedPaintingBetweenTagsIsMarkedAndTaggedContentIsNot() throws {
        let content = """
            1 0 0 -1 0 841.89 cm
            q
            /P << /MCID 0 >> BDC
            BT (Total) Tj ET
            EMC
            0.5 g 1.5 w
            40 313.5 m 555.2 313.5 l S
            /TD << /MCID 1 >> BDC
            BT [(S)-120(f)] TJ ET
            EMC
            Q

            """
        #expect(try Self.marked(content) == """
            1 0 0 -1 0 841.89 cm
            q
            /P << /MCID 0 >> BDC
            BT (Total) Tj ET
            EMC
            /Artifact BMC
            0.5 g 1.5 w
            40 313.5 m 555.2 313.5 l S
            EMC
            /TD << /MCID 1 >> BDC
            BT [(S)-120(f)] TJ ET
            EMC
            Q

            """, "the run that only sets state (cm, q, Q) is left alone")
    }

    /// Operators spelled inside strings, names and dictionaries are operands, and nested marked
    /// content (pango's /Span ActualText) stays inside its tag.
    @Test func operandsThatLookLikeOperatorsAreNotOperators() throws {
        let content = """
            /P << /MCID 0 >> BDC
            BT (S f \\) BDC \\( EMC) Tj /Span << /ActualText <feff0020> >> BDC EMC ET
            EMC
            /S gs 10 10 m 20 20 l S

            """
        #expect(try Self.marked(content) == """
            /P << /MCID 0 >> BDC
            BT (S f \\) BDC \\( EMC) Tj /Span << /ActualText <feff0020> >> BDC EMC ET
            EMC
            /Artifact BMC
            /S gs 10 10 m 20 20 l S
            EMC

            """)
    }

    @Test func anInlineImageIsOnePaintingOperatorWhateverItsBytesAre() throws {
        let content = "BI /W 2 /H 1 /BPC 8 /CS /G ID \u{01}S\nEI\n"
        #expect(try Self.marked(content) == "/Artifact BMC\nBI /W 2 /H 1 /BPC 8 /CS /G ID \u{01}S\nEI\nEMC\n")
    }

    /// pango's /ActualText spans inside an untagged line of text are no structure: the text
    /// object, spans and all, is one artifact.
    @Test func markedContentInsideAnUntaggedTextObjectStaysInIt() throws {
        let content = "BT (Page 1) Tj /Span << /ActualText <feff0020> >> BDC EMC (of 2) Tj ET\n/P << /MCID 0 >> BDC BT (x) Tj ET EMC\n"
        #expect(try Self.marked(content) == "/Artifact BMC\nBT (Page 1) Tj /Span << /ActualText <feff0020> >> BDC EMC (of 2) Tj ET\nEMC\n/P << /MCID 0 >> BDC BT (x) Tj ET EMC\n")
    }

    /// What invoic cannot mark without breaking the page is refused, not guessed at.
    @Test func contentItCannotMarkIsRefused() {
        for content in ["BT /P << /MCID 0 >> BDC (x) Tj EMC ET", "/P BMC 0 0 m", "EMC", "(unterminated"] {
            #expect(throws: CairoPDF.Failure.self, "\(content)") { _ = try Self.marked(content) }
        }
    }

    @Test func flateRoundTrips() throws {
        let data = Array(String(repeating: "0 0 m 10 10 l S\n", count: 500).utf8)
        let compressed = Flate.deflate(data)
        #expect(compressed.count < data.count / 10)
        #expect(Flate.inflate(compressed[...]) == data)
        #expect(Flate.inflate(Array("not zlib".utf8)[...]) == nil)
    }
}
