import Foundation
import Testing
@testable import InvoicXML

/// The one expat setup that the inbox, the bank and the Peppol lookup share.
struct ExpatReaderTests {
    static func parse(_ text: String, depth: Int = 64, elements: Int = .max) throws(ExpatFailure) -> XElement {
        try ExpatReader.parse(Array(text.utf8), maximumDepth: depth, maximumElements: elements)
    }

    static func failure(_ text: String, depth: Int = 64, elements: Int = .max) -> ExpatFailure? {
        do throws(ExpatFailure) {
            _ = try parse(text, depth: depth, elements: elements)
            return nil
        } catch {
            return error
        }
    }

    @Test func elementsByLocalNameWithTextLinesAndTheRootsNamespace() throws {
        let root = try Self.parse("<r:Doc xmlns:r=\"urn:x\">\n  <r:A r:k=\"1\"> a <r:B>b</r:B> c </r:A>\n<C/></r:Doc>")
        #expect(root.name == "Doc" && root.namespace == "urn:x")
        let a = try #require(root.child("A"))
        #expect(a.attributes == ["k": "1"] && a.line == 2)
        #expect(a.text == "a  c", "the text around a child, trimmed at the ends")
        #expect(root.value("A", "B") == "b" && root.first("B")?.line == 2)
        #expect(root.all.map(\.name) == ["Doc", "A", "B", "C"], "every element in document order")
        #expect(root.descendants { $0.name == "A" }.count == 1)
    }

    @Test func aDoctypeIsRefusedBeforeAnyEntityIsExpanded() {
        let laughs = "<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY a \"aaaaaaaaaa\">"
            + (1...9).map { "<!ENTITY \(Character(UnicodeScalar(97 + $0)!)) \"" + String(repeating: "&\(Character(UnicodeScalar(96 + $0)!));", count: 10) + "\">" }.joined()
            + "]><d>&j;</d>"
        #expect(Self.failure(laughs)?.reason == .doctype)
        let xxe = "<?xml version=\"1.0\"?>\n<!DOCTYPE d [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><d>&x;</d>"
        let failure = Self.failure(xxe)
        #expect(failure?.reason == .doctype && failure?.line == 2)
    }

    @Test func depthAndCountAreBoundedWhileReading() {
        let deep = String(repeating: "<a>", count: 11) + String(repeating: "</a>", count: 11)
        #expect(Self.failure(deep, depth: 10)?.reason == .tooDeep)
        #expect((try? Self.parse(deep, depth: 11)) != nil, "eleven open elements are within a bound of eleven")
        #expect(Self.failure("<a><b/><b/><b/></a>", elements: 3)?.reason == .tooMany)
        // Cut off: expat's error, with the element still open and where it was opened.
        let cut = Self.failure("<a>\n<b>text")
        #expect({ if case .malformed = cut?.reason { true } else { false } }())
        #expect(cut?.open?.name == "b" && cut?.open?.line == 2 && cut?.sawElement == true)
        #expect(Self.failure("")?.sawElement == false)
    }

    @Test func textSplitInsideACharacterIsDecodedWhole() throws {
        // expat hands text over in pieces at each reference; a multi-byte character between two
        // pieces must not become U+FFFD.
        let root = try Self.parse("<a>K&#246;ln &amp; Z\u{FC}rich \u{20AC}</a>")
        #expect(root.text == "K\u{F6}ln & Z\u{FC}rich \u{20AC}")
    }

    @Test func windows1252AndLatin9AreReadBesideExpatsOwnEncodings() throws {
        let header = Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?><a>".utf8)
        let root = try ExpatReader.parse(header + [0x80, 0x20, 0x93, 0x71, 0x94] + Array("</a>".utf8), maximumDepth: 4)
        #expect(root.text == "\u{20AC} \u{201C}q\u{201D}")
        let latin9 = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-15\"?><a>".utf8) + [0xA4] + Array("</a>".utf8)
        #expect(try ExpatReader.parse(latin9, maximumDepth: 4).text == "\u{20AC}")
        let unknown = Array("<?xml version=\"1.0\" encoding=\"koi8-r\"?><a/>".utf8)
        #expect(throws: ExpatFailure.self) { try ExpatReader.parse(unknown, maximumDepth: 4) }
    }

    @Test func aDeepTreeIsFreedWithoutRecursion() {
        // Built by hand past any reader's bound: releasing it must not recurse once per level.
        let root = XElement(name: "root", attributes: [:], line: 1)
        var last = root
        for _ in 0..<300_000 {
            let next = XElement(name: "a", attributes: [:], line: 1)
            last.elements.append(next)
            last = next
        }
        last = root
        #expect(root.elements.count == 1)
    }
}
