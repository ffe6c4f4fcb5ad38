import Foundation
import InvoicBook
import InvoicTestSupport
import Testing
@testable import InvoicAuthoring

/// An invoice as people write them: comments, blank lines, quoting, a block scalar.
let commentedInvoice = """
    # Spring campaign for Acme
    client: acme          # billed quarterly
    issued: 2026-03-01
    due: 2026-03-31

    items:
      # design work
      - description: "Logo: final"
        quantity: 2       # hours
        price: 100.00

    notes: |
      Thank you!

    """

/// Decodes `text` as invoices/INV-0001.yaml in a small book and returns the facts editor.
func facts(_ text: String = commentedInvoice, path: String = "invoices/INV-0001.yaml") throws -> DocumentFacts {
    let result = TestBook([path: text]).check()
    let document = try #require(result.book.documents.first)
    return try DocumentFacts(document: document, text: text)
}

/// What an edit added: the new lines, and whether every old line survived, in order.
func added(_ old: String, _ new: String) -> [String] {
    let diff = UnifiedDiff.diff(UnifiedDiff.lines(old), UnifiedDiff.lines(new))
    #expect(!diff.contains { $0.kind == .removed }, "an edit must never remove or change a line")
    return diff.filter { $0.kind == .added }.map(\.text)
}

@Suite struct DocumentFactsTests {
    @Test func sendAddsOneLineAfterTheDueDate() throws {
        let result = try facts().send(on: Day("2026-03-02")!)
        #expect(added(commentedInvoice, result) == ["sent: 2026-03-02"])
        #expect(result.contains("due: 2026-03-31\nsent: 2026-03-02\n\nitems:"))
    }

    @Test func voidAddsAMappingAtTheEndAndQuotesTheReason() throws {
        let result = try facts().void(on: Day("2026-04-01")!, reason: "Issued twice: see INV-0002")
        #expect(added(commentedInvoice, result) == ["void:", "  date: 2026-04-01", "  reason: \"Issued twice: see INV-0002\""])
        #expect(result.hasSuffix("  Thank you!\nvoid:\n  date: 2026-04-01\n  reason: \"Issued twice: see INV-0002\"\n"))
    }

    @Test func firstPaymentStartsAList() throws {
        let result = try facts().pay(.exactly("50.00"), on: Day("2026-03-10")!, method: .card, note: nil)
        #expect(added(commentedInvoice, result) == ["payments:", "  - date: 2026-03-10", "    amount: 50.00", "    method: card"])
    }

    @Test func laterPaymentsFollowTheStyleOfTheList() throws {
        let block = commentedInvoice + "payments:\n    - date: 2026-03-05   # deposit\n      amount: 20\n      method: cash\n# end\n"
        let blockResult = try facts(block).pay(.exactly("30"), on: Day("2026-03-10")!, method: .check, note: "No. 1042")
        #expect(added(block, blockResult) == ["    - date: 2026-03-10", "      amount: 30.00", "      method: check", "      note: No. 1042"])
        #expect(blockResult.contains("      method: cash\n    - date: 2026-03-10"))

        let flowItems = commentedInvoice + "payments:\n  - { date: 2026-03-05, amount: 20, method: cash }\n"
        let flowResult = try facts(flowItems).pay(.full, on: Day("2026-03-10")!, method: .card, note: nil)
        #expect(added(flowItems, flowResult) == ["  - { date: 2026-03-10, amount: 180.00, method: card }"])

        let flowList = commentedInvoice + "payments: [ { date: 2026-03-05, amount: 20, method: cash } ]  # inline\n"
        let inline = try facts(flowList).pay(.exactly("1"), on: Day("2026-03-10")!, method: .card, note: nil)
        #expect(inline.hasSuffix("payments: [ { date: 2026-03-05, amount: 20, method: cash }, { date: 2026-03-10, amount: 1.00, method: card } ]  # inline\n"))
    }

    @Test func aFileWithoutAFinalNewlineGetsOneBeforeTheNewLine() throws {
        let text = "client: acme\nissued: 2026-03-01\nitems:\n  - { description: A, price: 1 }"
        let result = try facts(text).send(on: Day("2026-03-02")!)
        #expect(result == "client: acme\nissued: 2026-03-01\nsent: 2026-03-02\nitems:\n  - { description: A, price: 1 }")
        let paid = try facts(text).pay(.full, on: Day("2026-03-02")!, method: .cash, note: nil)
        #expect(paid.hasSuffix("price: 1 }\npayments:\n  - date: 2026-03-02\n    amount: 1.00\n    method: cash\n"))
    }

    @Test func crlfFilesStayCRLF() throws {
        let text = "client: acme\r\nissued: 2026-03-01\r\nitems:\r\n  - { description: A, price: 1 }\r\n"
        let result = try facts(text).send(on: Day("2026-03-02")!)
        #expect(result == "client: acme\r\nissued: 2026-03-01\r\nsent: 2026-03-02\r\nitems:\r\n  - { description: A, price: 1 }\r\n")
    }

    @Test func estimatesAreAcceptedOrDeclinedOnce() throws {
        let estimate = try facts(path: "estimates/EST-0001.yaml")
        let accepted = try estimate.accept(on: Day("2026-03-05")!)
        #expect(added(commentedInvoice, accepted) == ["accepted: 2026-03-05"])
        let done = try facts(accepted, path: "estimates/EST-0001.yaml")
        #expect(throws: AuthoringError.self) { try done.accept(on: Day("2026-03-06")!) }
        #expect(throws: AuthoringError.self) { try done.decline(on: Day("2026-03-06")!) }
    }

    @Test func refusals() throws {
        let invoice = try facts()
        #expect(throws: AuthoringError.self) { try invoice.accept(on: Day("2026-03-05")!) }
        #expect(throws: AuthoringError.self) { try invoice.pay(.exactly("200.01"), on: Day("2026-03-05")!, method: .card, note: nil) }
        #expect(throws: AuthoringError.self) { try invoice.pay(.exactly("1.001"), on: Day("2026-03-05")!, method: .card, note: nil) }
        #expect(throws: AuthoringError.self) { try invoice.pay(.exactly("-5"), on: Day("2026-03-05")!, method: .card, note: nil) }
        let sent = try facts(try invoice.send(on: Day("2026-03-02")!))
        #expect(throws: AuthoringError.self) { try sent.send(on: Day("2026-03-03")!) }
        let void = try facts(try invoice.void(on: Day("2026-03-02")!, reason: "twice"))
        #expect(throws: AuthoringError.self) { try void.pay(.full, on: Day("2026-03-05")!, method: .card, note: nil) }
        let paid = try facts(try invoice.pay(.full, on: Day("2026-03-02")!, method: .card, note: nil))
        #expect(throws: AuthoringError.self) { try paid.pay(.full, on: Day("2026-03-05")!, method: .card, note: nil) }
    }
}

@Suite struct BookEditorTests {
    @Test func aChangeThatAddsAnErrorIsNotWritten() throws {
        let book = TestBook(["invoices/INV-0001.yaml": commentedInvoice])
        defer { book.remove() }
        let editor = BookEditor(root: book.root)
        let file = try editor.read("invoices/INV-0001.yaml")
        let document = try #require(editor.check().book.documents.first)
        let early = try DocumentFacts(document: document, text: file.text).send(on: Day("2026-02-01")!)
        #expect {
            try editor.commit([FileChange(path: "invoices/INV-0001.yaml", before: file.bytes, after: early)], dryRun: false)
        } throws: { error in
            guard case AuthoringError.wouldIntroduceErrors(let diagnostics, _) = error else { return false }
            return diagnostics.map(\.code.name) == ["date-before-issue"]
        }
        #expect(try editor.read("invoices/INV-0001.yaml").bytes == file.bytes)
    }

    @Test func aFileChangedOnDiskIsNotOverwritten() throws {
        let book = TestBook(["invoices/INV-0001.yaml": commentedInvoice])
        defer { book.remove() }
        let editor = BookEditor(root: book.root)
        let file = try editor.read("invoices/INV-0001.yaml")
        let document = try #require(editor.check().book.documents.first)
        let sent = try DocumentFacts(document: document, text: file.text).send(on: Day("2026-03-02")!)
        book.write("invoices/INV-0001.yaml", commentedInvoice + "# edited meanwhile\n")
        #expect(throws: AuthoringError.self) {
            try editor.commit([FileChange(path: "invoices/INV-0001.yaml", before: file.bytes, after: sent)], dryRun: false)
        }
        #expect(try editor.read("invoices/INV-0001.yaml").text.hasSuffix("# edited meanwhile\n"))
    }

    @Test func aNewFileNeverReplacesAnExistingOne() throws {
        let book = TestBook(["invoices/INV-0001.yaml": commentedInvoice])
        defer { book.remove() }
        let editor = BookEditor(root: book.root)
        #expect(throws: AuthoringError.self) {
            try editor.commit([FileChange(path: "invoices/INV-0001.yaml", before: nil, after: commentedInvoice)], dryRun: false)
        }
    }

    @Test func dryRunWritesNothing() throws {
        let book = TestBook(["invoices/INV-0001.yaml": commentedInvoice])
        defer { book.remove() }
        let editor = BookEditor(root: book.root)
        let file = try editor.read("invoices/INV-0001.yaml")
        let change = FileChange(path: "invoices/INV-0001.yaml", before: file.bytes, after: commentedInvoice.replacingOccurrences(of: "due: 2026-03-31\n", with: "due: 2026-03-31\nsent: 2026-03-02\n"))
        try editor.commit([change], dryRun: true)
        #expect(try editor.read("invoices/INV-0001.yaml").bytes == file.bytes)
        #expect(change.diff.contains("@@ -2,6 +2,7 @@\n client: acme          # billed quarterly\n issued: 2026-03-01\n due: 2026-03-31\n+sent: 2026-03-02\n"))
    }
}

@Suite struct JSONSchemaTests {
    /// Every key the decoder accepts is in the schema, and nothing else, at every level.
    @Test(arguments: JSONSchema.Kind.allCases)
    func schemaListsExactlyTheDecodersKeys(_ kind: JSONSchema.Kind) throws {
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(JSONSchema.text(kind).utf8)) as? [String: Any])
        func compare(_ schema: [String: Any], _ table: KeyTable, path: String) {
            let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
            #expect(Set(properties.keys) == Set(table.names), "\(path)")
            #expect(schema["additionalProperties"] as? Bool == false, "\(path)")
            #expect(Set(schema["required"] as? [String] ?? []) == Set(table.keys.filter(\.required).map(\.name)), "\(path)")
            for key in table.keys {
                guard let property = properties[key.name] else { continue }
                #expect(property["description"] as? String == key.help)
                var type = key.type
                var node = property
                if case .list(let element) = type, let items = node["items"] as? [String: Any] { type = element; node = items }
                if case .mapping(let nested, let orText) = type {
                    let object = orText ? ((node["oneOf"] as? [[String: Any]])?.last ?? [:]) : node
                    compare(object, nested, path: "\(path).\(key.name)")
                }
            }
        }
        compare(schema, JSONSchema.table(kind), path: kind.rawValue)
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }
}

@Suite struct YAMLTextTests {
    @Test func quotesOnlyWhatWouldBeMisread() {
        #expect(YAMLText.scalar("Logo design") == "Logo design")
        #expect(YAMLText.scalar("Müller GmbH") == "Müller GmbH")
        #expect(YAMLText.scalar("0042") == "\"0042\"")
        #expect(YAMLText.scalar("yes") == "\"yes\"")
        #expect(YAMLText.scalar("Note: paid") == "\"Note: paid\"")
        #expect(YAMLText.scalar("#1 client") == "\"#1 client\"")
        #expect(YAMLText.scalar("two\nlines \"quoted\"") == "\"two\\nlines \\\"quoted\\\"\"")
        #expect(YAMLText.scalar("") == "\"\"")
    }
}

@Suite struct ManyReceiptsTests {
    /// Payments recorded together are each refused against what the ones before them left due.
    @Test func receiptsRecordedTogetherCountAgainstTheBalance() throws {
        let invoice = try facts()
        let day = Day("2026-03-05")!
        let two = try invoice.pay([.init(.exactly("50.00"), on: day, method: .card), .init(.full, on: day, method: .cash, reference: "R1")])
        #expect(two.hasSuffix("payments:\n  - date: 2026-03-05\n    amount: 50.00\n    method: card\n  - date: 2026-03-05\n    amount: 150.00\n    method: cash\n    reference: R1\n"))
        #expect(throws: AuthoringError.self) {
            try invoice.pay([.init(.exactly("150.00"), on: day, method: .card), .init(.exactly("50.01"), on: day, method: .card)])
        }
        #expect(throws: AuthoringError.self) { try invoice.pay([.init(.full, on: day, method: .card), .init(.full, on: day, method: .card)]) }
    }
}
