import Foundation
import InvoicBook
import InvoicDiagnostics
@testable import InvoicPDF
import InvoicTestSupport
import InvoicYAML
import Testing

/// Built-in templates live in templates/ and, compiled in, in BuiltInTemplates.swift; a book's
/// templates/NAME.yaml overrides or extends them; a bad value is reported at its line and column.
@Suite struct EmbeddedTemplateTests {
    static let generated = PDFTest.repository.appendingPathComponent("Sources/InvoicPDF/Template/BuiltInTemplates.swift")

    /// The generated Swift file, from the files in templates/: each file's text without its
    /// `labels:` (what a process parses when it resolves the template), and the labels as Swift
    /// tables, one per language, made only when a document in that language asks.
    static func generate() throws -> String {
        let folder = PDFTest.repository.appendingPathComponent("templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        var texts: [(name: String, text: String)] = []
        for file in names { texts.append((String(file.dropLast(5)), try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))) }
        var out = """
            // Generated from templates/*.yaml by the test `embeddedTemplatesMatchTheFiles`: do not edit.
            // After changing a template, run `RECORD=1 swift test --filter EmbeddedTemplateTests` to rewrite
            // this file; the test fails whenever it and templates/ differ, so the two never drift.

            enum BuiltInTemplates {
                /// Template name -> the YAML text of templates/NAME.yaml without its `labels:`, line for
                /// line the same up to there: the labels, some 1,900 texts in 25 languages and locales,
                /// are `labels(_:)`, compiled in rather than parsed at every start.
                static let sources: [String: String] = [

            """
        var labels: [(language: String, entries: [(key: String, text: String)])] = []
        for (name, text) in texts {
            let (settings, found) = try splitLabels(text, name: name)
            out += "        \"\(name)\": #\"\"\"\n\(settings)\n\"\"\"#,\n"
            if !found.isEmpty {
                #expect(labels.isEmpty, "only one built-in template carries labels; \(name) does too")
                labels = found
            }
        }
        out += """
                ]

                /// The built-in templates' labels in `language` (a key of `labels:`: `en`, `de`, `zh_Hant`).
                static func labels(_ language: String) -> [String: String]? {
                    switch language {

            """
        for (index, language) in labels.enumerated() { out += "        case \(literal(language.language)): return labels\(index)\n" }
        out += "        default: return nil\n        }\n    }\n"
        for (index, language) in labels.enumerated() {
            out += "\n    private static let labels\(index): [String: String] = [\n"
            for entry in language.entries { out += "        \(literal(entry.key)): \(literal(entry.text)),\n" }
            out += "    ]\n"
        }
        out += """

                /// How diagnostics name a built-in template's file.
                static func displayPath(_ name: String) -> String { "(built in) templates/\\(name).yaml" }
            }

            """
        return out
    }

    /// `text` without its top-level `labels:` section, and the labels it held, in the file's order.
    static func splitLabels(_ text: String, name: String) throws -> (settings: String, labels: [(language: String, entries: [(key: String, text: String)])]) {
        var lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "labels:") else { return (text, []) }
        let end = lines[(start + 1)...].firstIndex { line in line.first.map { !$0.isWhitespace && $0 != "#" } ?? false } ?? lines.count
        lines.removeSubrange(start..<end)
        let parsed = BookFileDecoder.parse(Array(text.utf8), path: "templates/\(name).yaml")
        #expect(parsed.diagnostics.isEmpty)
        let root = try #require(parsed.root?.mapping)
        let node = try #require(root.first { $0.key.keyText == "labels" }?.value.mapping)
        let labels = try node.map { language -> (String, [(String, String)]) in
            let entries = try #require(language.value.mapping)
            return (try #require(language.key.keyText), try entries.map { (try #require($0.key.keyText), try #require($0.value.scalar?.text)) })
        }
        return (lines.joined(separator: "\n"), labels)
    }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    @Test func embeddedTemplatesMatchTheFiles() throws {
        try expectGolden(try Self.generate(), at: Self.generated)
        let folder = PDFTest.repository.appendingPathComponent("templates")
        for (name, text) in BuiltInTemplates.sources {
            let file = try String(contentsOf: folder.appendingPathComponent("\(name).yaml"), encoding: .utf8)
            #expect(try Self.splitLabels(file, name: name).settings == text)
        }
    }

    static func builtIn(_ name: String) throws -> Template {
        var resolver = TemplateResolver(bookRoot: "")
        let resolved = resolver.resolve(name, requestedAt: nil)
        #expect(resolver.diagnostics.isEmpty)
        let node = try #require(resolved)
        var decoder = TemplateDecoder()
        let template = decoder.decode(node, name: name, library: FontLibrary.shared())
        #expect(decoder.diagnostics.isEmpty)
        return try #require(template)
    }

    @Test(arguments: ["invoi", "classic"])
    func builtInTemplatesDecodeCleanly(_ name: String) throws {
        let template = try Self.builtIn(name)
        #expect(template.layout.rawValue == name)
        for language in ["en", "de", "fr", "es"] {
            #expect(Set(template.labels(language).keys) == Set(Labels.keys), "\(language) has every label")
        }
    }
}

@Suite struct TemplateTests {
    static let invoice = "client: acme\nissued: 2026-03-12\nitems:\n  - description: Work\n    price: 100\n"

    func render(_ files: [String: String], template: String, number: String = "INV-0001") throws -> String {
        var all = files
        all["invoices/INV-0001.yaml"] = all["invoices/INV-0001.yaml"] ?? Self.invoice
        let book = TestBook(all, settings: TestBook.settings + "\ntemplate: \(template)")
        defer { book.remove() }
        let checked = book.checkKeeping()
        return try PDFTest.text(try PDFTest.render(try #require(checked.book.document(number)), with: try PDFRenderer(book: checked.book)))
    }

    func errors(_ files: [String: String], template: String) -> [String] {
        let book = TestBook(files.merging(["invoices/INV-0001.yaml": Self.invoice]) { a, _ in a },
                            settings: TestBook.settings + "\ntemplate: \(template)")
        defer { book.remove() }
        do {
            _ = try PDFRenderer(book: book.checkKeeping().book)
            return []
        } catch {
            return error.diagnostics.map { "\($0.file ?? "-"):\($0.range?.start.line ?? 0):\($0.range?.start.column ?? 0) \($0.code) \($0.message)" }
        }
    }

    @Test func aBookTemplateExtendsABuiltInAndChangesOnlyWhatItSets() throws {
        let text = try render(["templates/mine.yaml": "extends: classic\nlabels: {en: {bill_to: Billed to, invoice: Bill}}\n"], template: "mine")
        #expect(text.contains("BILLED TO"))
        #expect(text.contains("BILL"))
        #expect(text.contains("Subtotal"), "other labels come from the built-in")
    }

    @Test func aBookTemplateWithTheBuiltInsNameOverridesIt() throws {
        let text = try render(["templates/invoi.yaml": "labels: {en: {total: Grand total}}\n"], template: "invoi")
        #expect(text.contains("Grand total"))
        #expect(text.contains("BILL TO"))
    }

    @Test func labelsFollowTheDocumentsLanguage() throws {
        let cases = [("de_DE", ["RECHNUNG", "RECHNUNG AN", "Zwischensumme", "12. März 2026"]),
                     ("fr_FR", ["FACTURE", "FACTURÉ À", "Sous-total", "12 mars 2026"]),
                     ("es_ES", ["FACTURA", "FACTURAR A", "Subtotal", "12 mar 2026"]),
                     ("en_US", ["INVOICE", "BILL TO", "Subtotal", "Mar 12, 2026"])]
        for (locale, expected) in cases {
            let text = try render(["invoices/INV-0001.yaml": Self.invoice + "locale: \(locale)\n"], template: "invoi")
            for label in expected { #expect(text.contains(label), "\(locale): \(label)") }
        }
    }

    @Test func badValuesAreReportedAtTheirLineAndColumn() {
        let template = """
            extends: invoi
            colours: {text: "#000000"}
            page:
              size: A5
            styles:
              title: {size: huge}
              label: {color: purple}
            fonts:
              family: Comic Sans MS
            """
        let found = errors(["templates/bad.yaml": template], template: "bad")
        #expect(found.contains { $0.hasPrefix("templates/bad.yaml:2:1 invalid-template unknown key `colours`") })
        #expect(found.contains { $0.hasPrefix("templates/bad.yaml:4:9 invalid-template unknown page size `A5`") })
        #expect(found.contains { $0.hasPrefix("templates/bad.yaml:6:17 invalid-template expected a number") })
        #expect(found.contains { $0.hasPrefix("templates/bad.yaml:7:18 invalid-template style `label` names colour `purple`") })
        #expect(found.contains { $0.hasPrefix("templates/bad.yaml:9:11 unknown-font") })
    }

    @Test func syntaxErrorsCyclesAndMissingParentsAreReported() {
        #expect(errors(["templates/bad.yaml": "labels: [unclosed\n"], template: "bad").first?.hasPrefix("templates/bad.yaml:") == true)
        let cycle = errors(["templates/a.yaml": "extends: b\n", "templates/b.yaml": "extends: a\n"], template: "a")
        #expect(cycle.contains { $0.contains("in a circle") })
        let missing = errors(["templates/a.yaml": "extends: fancy\n"], template: "a")
        #expect(missing.contains { $0.hasPrefix("templates/a.yaml:1:10 unknown-template") })
    }

    /// `extends:` names a template file, never a path out of the book.
    @Test func extendsCannotLeaveTheBook() {
        let escape = errors(["templates/a.yaml": "extends: ../../../../etc/passwd\n"], template: "a")
        #expect(escape.contains { $0.hasPrefix("templates/a.yaml:1:10 path-outside-book") }, "\(escape)")
    }

    /// A logo outside the book is never read, even by a renderer built directly.
    @Test func aLogoOutsideTheBookIsNotRead() {
        let book = TestBook(["invoices/INV-0001.yaml": Self.invoice],
                            settings: "business: { name: Test Studio, logo: /etc/passwd }\ndefaults: { currency: USD }\n")
        defer { book.remove() }
        #expect {
            _ = try PDFRenderer(book: book.checkKeeping().book)
        } throws: { error in
            (error as? TemplateError)?.diagnostics.map(\.code.name) == ["path-outside-book"]
        }
    }
}
