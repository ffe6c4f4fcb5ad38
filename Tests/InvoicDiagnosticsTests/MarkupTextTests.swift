import InvoicDiagnostics
import Testing

/// The one XML and the one HTML escaper, each figure written by hand from the rule (XML 1.0 §2.2,
/// §2.4, §3.3.3; HTML's text and attribute-value states).
struct MarkupTextTests {
    @Test func xmlEscapesMarkupAndDropsWhatXMLCannotCarry() {
        #expect(MarkupText.xml("Smith & Sons <b>\"x\"</b>") == "Smith &amp; Sons &lt;b&gt;\"x\"&lt;/b&gt;", "a quote stays in element content")
        #expect(MarkupText.xml("a\u{1}b\u{1B}c\u{FFFE}d\u{FFFF}e") == "abcde", "C0 controls, U+FFFE and U+FFFF are not XML characters")
        #expect(MarkupText.xml("line 1\nline 2\tx\ry") == "line 1\nline 2\tx&#13;y", "CR as a reference, or a reader turns it into LF")
    }

    @Test func xmlAttributesKeepTheirWhiteSpaceThroughNormalization() {
        #expect(MarkupText.xml("\"a\"\n\tb", attribute: true) == "&quot;a&quot;&#10;&#9;b")
    }

    @Test func htmlEscapesForTextAndBothQuotes() {
        #expect(MarkupText.html("O'Brien & \"Sons\" <script>") == "O&#39;Brien &amp; &quot;Sons&quot; &lt;script&gt;")
        #expect(MarkupText.html("a\u{0}b\u{7F}c\td\ne") == "a\u{FFFD}b\u{FFFD}c\td\ne", "NUL and DEL are not HTML text; tab and newline are")
        #expect(MarkupText.html("Zürich €") == "Zürich €")
    }
}
