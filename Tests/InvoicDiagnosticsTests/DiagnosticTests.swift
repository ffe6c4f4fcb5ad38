import Foundation
import InvoicDiagnostics
import Testing

extension DiagnosticCode {
    static let example = DiagnosticCode("unknown-client")
}

@Suite struct DiagnosticRendererTests {
    let source = SourceFile(path: "invoices/INV-0001.yaml", text: "client: chenn\nissued: 2026-03-01\n")

    var diagnostic: Diagnostic {
        .error(.example, "invoice refers to a client that does not exist", file: "invoices/INV-0001.yaml",
               range: SourceRange(line: 1, column: 9, length: 5), label: "no file clients/chenn.yaml", help: "did you mean `chen`?")
    }

    @Test func gnuIsOneLineWithPlaceAndCode() {
        #expect(DiagnosticRenderer(format: .gnu).render([diagnostic])
            == "invoices/INV-0001.yaml:1:9: error: invoice refers to a client that does not exist [unknown-client]\n")
        // A finding about the book as a whole names invoic itself; one about a whole file, its start.
        let whole = Diagnostic.warning(.example, "a note about the book")
        #expect(DiagnosticRenderer(format: .gnu).render([whole]) == "invoic: warning: a note about the book [unknown-client]\n")
        let file = Diagnostic.error(.example, "unreadable", file: "clients/a.yaml")
        #expect(DiagnosticRenderer(format: .gnu).render([file]) == "clients/a.yaml:1:1: error: unreadable [unknown-client]\n")
    }

    @Test func humanQuotesTheLineWithACaretUnderTheSpan() {
        let text = DiagnosticRenderer(format: .human, sources: [source.path: source]).render([diagnostic])
        #expect(text == """
            error[unknown-client]: invoice refers to a client that does not exist
             --> invoices/INV-0001.yaml:1:9
              |
            1 | client: chenn
              |         ^^^^^ no file clients/chenn.yaml
              = help: did you mean `chen`?

            """)
    }

    @Test func jsonIsAnArrayWithTheCodeAsText() throws {
        let json = DiagnosticRenderer(format: .json).render([diagnostic])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(parsed.count == 1)
        #expect(parsed[0]["code"] as? String == "unknown-client")
        #expect(parsed[0]["severity"] as? String == "error")
        #expect(parsed[0]["file"] as? String == "invoices/INV-0001.yaml")
    }

    @Test func diagnosticsSortInReadingOrder() {
        let later = Diagnostic.error(.example, "b", file: "invoices/INV-0001.yaml", range: SourceRange(line: 2, column: 1))
        let earlier = Diagnostic.error(.example, "a", file: "invoices/INV-0001.yaml", range: SourceRange(line: 1, column: 3))
        let other = Diagnostic.error(.example, "c", file: "clients/acme.yaml", range: SourceRange(line: 9, column: 1))
        #expect([later, earlier, other].sorted() == [other, earlier, later])
        #expect([later, Diagnostic.warning(.example, "w")].errorCount == 1)
        #expect([later, Diagnostic.warning(.example, "w")].warningCount == 1)
    }

    @Test func codesCompareByName() {
        #expect(DiagnosticCode("a-b") < DiagnosticCode("b-a"))
        #expect(DiagnosticCode.example == DiagnosticCode("unknown-client"))
        #expect("\(DiagnosticCode.example)" == "unknown-client")
    }

    @Test func suggestionsFindTheClosestWord() {
        #expect(closestMatch(to: "chenn", in: ["chen", "acme"]) == "chen")
        #expect(closestMatch(to: "zzzzzz", in: ["chen", "acme"]) == nil)
    }
}
