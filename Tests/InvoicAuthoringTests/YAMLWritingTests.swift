import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicMoney
import InvoicTestSupport
import InvoicYAML
import Testing
@testable import InvoicAuthoring

/// Text a person could type into an option or a form field that YAML would take for structure,
/// a comment, an anchor, a tag, a document marker, another type, or a character it refuses.
let hostileTexts: [String] = [
    "x\n  - date: 2026-11-22\n    amount: 2000.00\n    method: cash",
    "bank_transfer # x", "#x", "a\t#b", "a: b", "a:", "a:\tb", "key: value\nother: 1",
    "\"quoted\"", "'single'", "it's \"so\"", "back\\slash", "\\n",
    "-", "- x", "-x", "---", "--- x", "...", "x\n---\ny: 1", "x\n...\n",
    "&anchor", "*alias", "!tag", "!!str x", "&a x", "? x", "?", "|", "> x", "%YAML 1.2", "@x", "`x`",
    "{ a: b }", "[a, b]", "a, b", "a,b", "a]b", "a}b", "{", "]",
    "yes", "No", "null", "~", "true", "0042", "1e3", "0x1F", "2026-11-22", "10.00", "",
    " lead", "trail ", "  ", "a\r\nb", "a\rb", "a\u{85}b", "a\u{2028}  - b", "a\u{2029}b", "\u{FEFF}bom",
    "a\u{7F}b", "a\u{1}b", "a\u{9F}b", "a\u{0}b", "a\u{FFFE}b",
    "é ünïcödé 日本語", "emoji 🎉 ok", "plain words",
]

/// Whether the book's YAML layer refuses `text` as a value: control characters but tab and line
/// feed (NUL, CR, ESC, DEL, NEL and the other C1 ones) never reach a terminal or a PDF.
func refusedByTheBook(_ text: String) -> Bool {
    text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t" && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
}

/// The hostile texts a book can hold.
let writableHostileTexts = hostileTexts.filter { !refusedByTheBook($0) && !$0.trimmingCharacters(in: .whitespaces).isEmpty }

@Suite struct YAMLTextRoundTripTests {
    /// `key: VALUE` and `{ key: VALUE, next: 1 }` read back, by the book's own YAML parser, as one
    /// key (two in flow) whose value is the text, for every hostile text.
    @Test(arguments: hostileTexts)
    func aScalarReadsBackAsTheSameText(_ text: String) throws {
        for (context, document) in [(YAMLText.Context.block, "key: \(YAMLText.scalar(text))\nnext: 1\n"),
                                    (.flow, "{ key: \(YAMLText.scalar(text, in: .flow)), next: 1 }\n"),
                                    (.flow, "list: [\(YAMLText.scalar(text, in: .flow)), 1]\n")] {
            let parsed = YAMLParser.parse(Array(document.utf8), path: "t.yaml")
            if refusedByTheBook(text) {
                // Escaped, so libyaml reads it; the YAML layer then refuses the value, never a structure.
                #expect(parsed.root == nil && parsed.diagnostics.map(\.code) == [.invalidUtf8], "\(document.debugDescription)")
                continue
            }
            #expect(parsed.diagnostics.isEmpty, "\(context) \(document.debugDescription): \(parsed.diagnostics.map(\.message))")
            let pairs = try #require(parsed.root?.mapping, "\(document.debugDescription)")
            if let list = pairs.first?.value.sequence {
                #expect(pairs.count == 1 && list.count == 2 && list[0].scalar?.text == text, "\(document.debugDescription)")
            } else {
                #expect(pairs.map { $0.key.keyText } == ["key", "next"], "\(document.debugDescription)")
                #expect(pairs.first?.value.scalar?.text == text, "\(document.debugDescription)")
            }
        }
    }

    @Test func plainTextStaysPlain() {
        for text in ["bank_transfer", "card", "PayPal", "Issued twice", "Ordered twice", "de_DE", "ann@example.com", "Studio Brenner", "a:b", "a#b"] {
            #expect(YAMLText.scalar(text) == text)
        }
        #expect(YAMLText.scalar("a, b") == "a, b")
        #expect(YAMLText.scalar("a, b", in: .flow) == "\"a, b\"")
        #expect(YAMLText.scalar("x\n- y") == "\"x\\n- y\"")
        #expect(YAMLText.scalar("a\u{2028}b") == "\"a\\Lb\"")
        #expect(YAMLText.scalar("\u{FEFF}") == "\"\\uFEFF\"")
    }
}

/// Every path that writes text a person gave into a book: what it writes reads back as that text,
/// and adds no key, entry or comment.
@Suite struct HostileTextTests {
    static let invoiceText = "client: acme\nissued: 2026-03-01\nitems:\n  - { description: Design, quantity: 2, price: 100.00 }\n"

    func decode(_ text: String, _ kind: DocumentKind = .invoice, number: String = "INV-0001") throws -> Document {
        let decoded = BookFileDecoder.decode(Array(text.utf8), as: .document(kind, number: number), path: "invoices/\(number).yaml")
        #expect(!decoded.diagnostics.contains { $0.severity == .error }, "\(decoded.diagnostics.map(\.message))\n\(text)")
        return try #require(decoded.document, "\(text)")
    }

    /// A payment by `pay` (method, note, reference) into each style of `payments:`: none yet, a
    /// block list, a flow list, a block list of flow entries.
    @Test(arguments: writableHostileTexts)
    func payKeepsMethodNoteAndReferenceAsText(_ hostile: String) throws {
        let styles = [
            "",
            "payments:\n  - date: 2026-03-02\n    amount: 1.00\n    method: card\n",
            "payments: [{ date: 2026-03-02, amount: 1.00, method: card }]\n",
            "payments:\n  - { date: 2026-03-02, amount: 1.00, method: card }\n",
        ]
        for style in styles {
            let text = Self.invoiceText + style
            let written = try facts(text).pay(.exactly("10.00"), on: Day("2026-03-05")!, method: PaymentMethod(rawValue: hostile), note: hostile, reference: hostile)
            let document = try decode(written)
            let before = style.isEmpty ? 0 : 1
            #expect(document.payments.count == before + 1, "\(written)")
            let payment = try #require(document.payments.last)
            #expect(payment.method.rawValue == hostile && payment.note == hostile && payment.reference == hostile, "\(written)")
            #expect(payment.amount.value.description == "10.00")
        }
    }

    @Test(arguments: writableHostileTexts)
    func voidAndRefundKeepTheirTextAsText(_ hostile: String) throws {
        let voided = try decode(try facts(Self.invoiceText).void(on: Day("2026-03-05")!, reason: hostile))
        #expect(voided.void?.reason == hostile)

        let creditNote = "client: acme\nissued: 2026-03-01\ncorrects: INV-0001\nreason: x\nitems:\n  - { description: Design, quantity: 1, price: 50.00 }\n"
        let book = TestBook(["invoices/INV-0001.yaml": Self.invoiceText + "sent: 2026-03-01\npayments: [{ date: 2026-03-02, amount: 200.00 }]\n",
                             "credit-notes/CN-0001.yaml": creditNote]).check()
        let note = try #require(book.book.document("CN-0001"))
        let refunded = try DocumentFacts(document: note, text: creditNote).refund(1000, on: Day("2026-03-05")!, method: PaymentMethod(rawValue: hostile), reference: hostile)
        let decoded = try decode(refunded, .creditNote, number: "CN-0001")
        #expect(decoded.payments.count == 1 && decoded.payments[0].method.rawValue == hostile && decoded.payments[0].reference == hostile, "\(refunded)")
    }

    @Test(arguments: writableHostileTexts)
    func newFilesKeepTheirTextAsText(_ hostile: String) throws {
        let client = NewFiles.client(id: "acme", name: hostile, email: hostile, currency: nil, locale: hostile)
        let clientRoot = try #require(YAMLParser.parse(Array(client.utf8), path: "c.yaml").root)
        #expect(clientRoot.mapping?.compactMap(\.key.keyText) == ["name", "email", "locale"], "\(client)")
        #expect(clientRoot["name"]?.scalar?.text == hostile && clientRoot["email"]?.scalar?.text == hostile && clientRoot["locale"]?.scalar?.text == hostile)

        let settings = BookScaffold.settings(name: hostile, currency: Currency.named("EUR")!, locale: hostile)
        let settingsRoot = try #require(YAMLParser.parse(Array(settings.utf8), path: "invoic.yaml").root)
        #expect(settingsRoot["business"]?["name"]?.scalar?.text == hostile && settingsRoot["defaults"]?["locale"]?.scalar?.text == hostile, "\(settings)")
        #expect(settingsRoot.mapping?.compactMap(\.key.keyText) == ["business", "defaults", "numbering"])

        let result = TestBook(["invoices/INV-0001.yaml": Self.invoiceText + "sent: 2026-03-01\n"]).check()
        let invoice = try #require(result.book.document("INV-0001"))
        let credit = NewFiles.creditNote(reversing: invoice, lines: nil, number: "CN-0001", reason: hostile, issued: Day("2026-03-05")!,
                                         invoiceText: Self.invoiceText + "sent: 2026-03-01\n")
        #expect(try decode(credit, .creditNote, number: "CN-0001").reason?.value == hostile, "\(credit)")

        var item = invoice.items[0]
        item.description = hostile
        item.unit = hostile
        item.category = hostile
        let lines = "items:\n" + NewFiles.itemLines(item)
        let itemRoot = try #require(YAMLParser.parse(Array(lines.utf8), path: "i.yaml").root?["items"]?.sequence)
        #expect(itemRoot.count == 1 && itemRoot[0]["description"]?.scalar?.text == hostile && itemRoot[0]["unit"]?.scalar?.text == hostile
                && itemRoot[0]["category"]?.scalar?.text == hostile, "\(lines)")
    }
}

