import Foundation
import InvoicBook
@testable import InvoicLSP
import InvoicTestSupport
import Testing

/// An invoice of 2 x 100.00 USD at the book's 10%: net 200.00, tax 20.00, total 220.00.
let draft = """
    client: acme
    issued: 2026-03-01
    items:
      - description: Design
        quantity: 2
        price: 100.00

    """

@Suite struct DiagnosticsTests {
    @Test func appearAsYouTypeWithCheckCodesAndClearWhenFixed() throws {
        let lsp = Harness(["invoices/INV-0001.yaml": draft])
        lsp.open("invoices/INV-0001.yaml", draft)
        #expect(lsp.diagnostics("invoices/INV-0001.yaml") == [])

        lsp.change("invoices/INV-0001.yaml", draft.replacingOccurrences(of: "client: acme", with: "client: acmee"))
        let found = try #require(lsp.diagnostics("invoices/INV-0001.yaml"))
        #expect(found.count == 1)
        #expect(found[0]["code"] == "unknown-client")
        #expect(found[0]["severity"] == 1)
        // `acmee` is line 1, columns 9-13: 0-based line 0, characters 8..<13.
        #expect(found[0]["range"] == ["start": ["line": 0, "character": 8], "end": ["line": 0, "character": 13]])
        #expect(found[0]["message"]?.string?.contains("help: did you mean `acme`?") == true)

        lsp.change("invoices/INV-0001.yaml", draft)
        #expect(lsp.diagnostics("invoices/INV-0001.yaml") == [])
    }

    @Test func aChangeIsCheckedAgainstTheRestOfTheBook() throws {
        // A second invoice with the same number in another file: a cross-file rule.
        let lsp = Harness(["invoices/INV-0001.yaml": draft, "invoices/2026/INV-0002.yaml": draft])
        lsp.open("invoices/2026/INV-0002.yaml", draft)
        #expect(lsp.diagnostics("invoices/2026/INV-0002.yaml") == [])
        lsp.change("invoices/2026/INV-0002.yaml", draft + "number: INV-0001\n")
        let codes = (lsp.diagnostics("invoices/2026/INV-0002.yaml") ?? []).compactMap { $0["code"]?.string }
        #expect(!codes.isEmpty)
    }

    @Test func nonASCIITextBeforeTheErrorIsCountedInTheNegotiatedUnits() throws {
        let text = "client: acme\nissued: 2026-03-01\nitems:\n  - { description: é😀, price: oops }\n"
        // `oops` follows 30 scalars of its line ("  - { description: é😀, price: "): 31 UTF-16 units
        // (😀 is two), 34 UTF-8 bytes (é two, 😀 four).
        for (encoding, character) in [("utf-16", 31), ("utf-8", 34)] {
            let lsp = Harness(["invoices/INV-0001.yaml": text], encodings: [encoding])
            lsp.open("invoices/INV-0001.yaml", text)
            let found = try #require(lsp.diagnostics("invoices/INV-0001.yaml")?.first)
            #expect(found["range"]?["start"] == ["line": 3, "character": .int(character)], "\(encoding)")
        }
    }

    @Test func savedFilesAreCheckedWholeAndOthersCleared() throws {
        let lsp = Harness(["invoices/INV-0001.yaml": draft, "invoices/INV-0002.yaml": draft.replacingOccurrences(of: "acme", with: "nobody")])
        #expect(lsp.diagnostics("invoices/INV-0002.yaml")?.first?["code"] == "unknown-client")
        lsp.save("invoices/INV-0002.yaml", draft)
        #expect(lsp.diagnostics("invoices/INV-0002.yaml") == [])
    }
}

@Suite struct QuickFixTests {
    func fixes(_ lsp: Harness, _ path: String) throws -> [JSON] {
        let diagnostics = try #require(lsp.diagnostics(path))
        let first = try #require(diagnostics.first)
        let answer = lsp.request("textDocument/codeAction", ["textDocument": ["uri": .string(lsp.uri(path))], "range": first["range"]!,
                                                             "context": ["diagnostics": .array(diagnostics)]])
        return try #require(answer.result?.array)
    }

    @Test(arguments: [
        ("client: acme", "client: acmee"),
        ("quantity: 2", "quantity: 2\n    unit: h\n    amout: 200.00"),
        ("issued: 2026-03-01", "issued: 2026-03-01\ncurrency: usd"),
        ("issued: 2026-03-01", "issued: 2026-03-01\ntotal: 230.00"),
    ])
    func eachFixLeavesABookThatChecks(good: String, bad: String) throws {
        let broken = draft.replacingOccurrences(of: good, with: bad)
        let lsp = Harness(["invoices/INV-0001.yaml": broken])
        lsp.open("invoices/INV-0001.yaml", broken)
        let action = try #require(try fixes(lsp, "invoices/INV-0001.yaml").first { $0["isPreferred"] == true })
        let edits = try #require(action["edit"]?["changes"]?[lsp.uri("invoices/INV-0001.yaml")]?.array)
        let fixed = apply(edits, to: broken)
        lsp.book.write("invoices/INV-0001.yaml", fixed)
        let checked = try BookChecker.check(at: lsp.book.root)
        #expect(!checked.diagnostics.hasErrors, "\(fixed)\n\(checked.diagnostics.map(\.message))")
    }

    @Test func anUnknownClientCanBeCreated() throws {
        let broken = draft.replacingOccurrences(of: "client: acme", with: "client: zeta")
        let lsp = Harness(["invoices/INV-0001.yaml": broken])
        lsp.open("invoices/INV-0001.yaml", broken)
        let create = try #require(try fixes(lsp, "invoices/INV-0001.yaml").first { $0["title"] == "Create clients/zeta.yaml" })
        let changes = try #require(create["edit"]?["documentChanges"]?.array)
        #expect(changes[0]["kind"] == "create")
        #expect(changes[0]["uri"]?.string == lsp.uri("clients/zeta.yaml"))
        lsp.book.write("clients/zeta.yaml", apply(try #require(changes[1]["edits"]?.array), to: ""))
        #expect(!(try BookChecker.check(at: lsp.book.root)).diagnostics.hasErrors)
    }
}

@Suite struct CompletionHoverTests {
    @Test func completesClientIdsWithNamesAndKeysWithTheirDocumentation() throws {
        let lsp = Harness(["invoices/INV-0001.yaml": draft], clients: ["acme": "name: Acme Corp\n", "zeta": "name: Zeta GmbH\n"])
        let text = draft.replacingOccurrences(of: "client: acme", with: "client: ")
        lsp.open("invoices/INV-0001.yaml", text)
        let clients = try #require(lsp.request("textDocument/completion", lsp.at("invoices/INV-0001.yaml", 0, 8)).result?.array)
        #expect(clients.map { $0["label"]?.string } == ["acme", "zeta"])
        #expect(clients[1]["detail"] == "Zeta GmbH")

        // Below `items:` at the item's indentation: the item's keys, not the invoice's.
        let withKey = text + "    pr"
        lsp.change("invoices/INV-0001.yaml", withKey)
        let keys = try #require(lsp.request("textDocument/completion", lsp.at("invoices/INV-0001.yaml", 6, 6)).result?.array)
        #expect(keys.map { $0["label"]?.string } == ["price"])
        #expect(keys[0]["documentation"]?["value"]?.string?.contains("price per unit") == true)

        // A currency value.
        let currencies = try #require(lsp.request("textDocument/completion", ["textDocument": ["uri": .string(lsp.uri("invoices/INV-0001.yaml"))],
                                                                            "position": lsp.position(7, 10)]).result?.array)
        _ = currencies
    }

    @Test func hoverShowsALinesAmountAndTheDocumentsFigures() throws {
        let lsp = Harness(["invoices/INV-0001.yaml": draft + "sent: 2026-03-01\npayments:\n  - { date: 2026-03-10, amount: 100.00, method: cash }\n"])
        let item = try #require(lsp.request("textDocument/hover", lsp.at("invoices/INV-0001.yaml", 4, 4)).result?["contents"]?["value"]?.string)
        #expect(item.contains("net 200.00 USD"))
        #expect(item.contains("20.00 USD"))
        let document = try #require(lsp.request("textDocument/hover", lsp.at("invoices/INV-0001.yaml", 1, 2)).result?["contents"]?["value"]?.string)
        // 200.00 + 10% = 220.00; 100.00 paid, 120.00 open.
        for figure in ["| subtotal | 200.00 USD |", "| tax 10% on 200.00 USD | 20.00 USD |", "| **total** | **220.00 USD** |",
                       "| paid | 100.00 USD |", "| **open** | **120.00 USD** |"] {
            #expect(document.contains(figure), "\(figure) in \(document)")
        }
        let client = try #require(lsp.request("textDocument/hover", lsp.at("invoices/INV-0001.yaml", 0, 9)).result?["contents"]?["value"]?.string)
        #expect(client.contains("Acme Corp") && client.contains("open: 120.00 USD"))
    }

    @Test func inlayHintsShowEachItemsAmountAndCanBeSwitchedOff() throws {
        let lsp = Harness(["invoices/INV-0001.yaml": draft])
        let hints = try #require(lsp.request("textDocument/inlayHint", ["textDocument": ["uri": .string(lsp.uri("invoices/INV-0001.yaml"))]]).result?.array)
        #expect(hints.map { $0["label"] } == ["= 200.00 USD"])
        // At the end of "  - description: Design" (23 characters).
        #expect(hints[0]["position"] == ["line": 3, "character": 23])
        let off = Harness(["invoices/INV-0001.yaml": draft], initializationOptions: ["inlayHints": false])
        #expect(off.request("textDocument/inlayHint", ["textDocument": ["uri": .string(off.uri("invoices/INV-0001.yaml"))]]).result == [])
    }
}

@Suite struct NavigationTests {
    @Test func goesToTheClientAndTheCorrectedInvoice() throws {
        let lsp = Harness(["invoices/INV-0001.yaml": draft + "sent: 2026-03-01\n",
                           "credit-notes/CN-0001.yaml": "client: acme\nissued: 2026-03-05\ncorrects: INV-0001\nreason: Billed twice\nitems:\n  - { description: Design, quantity: 1, price: 100.00 }\n"])
        let client = lsp.request("textDocument/definition", lsp.at("invoices/INV-0001.yaml", 0, 9)).result
        #expect(client?["uri"]?.string == lsp.uri("clients/acme.yaml"))
        let invoice = lsp.request("textDocument/definition", lsp.at("credit-notes/CN-0001.yaml", 2, 12)).result
        #expect(invoice?["uri"]?.string == lsp.uri("invoices/INV-0001.yaml"))
        let references = try #require(lsp.request("textDocument/references", lsp.at("clients/acme.yaml", 0, 0)).result?.array)
        #expect(Set(references.compactMap { $0["uri"]?.string }) == [lsp.uri("invoices/INV-0001.yaml"), lsp.uri("credit-notes/CN-0001.yaml")])
    }

    @Test func renameIsRefusedWhereAnIssuedDocumentNamesTheClient() throws {
        let lsp = Harness(["invoices/INV-0001.yaml": draft + "sent: 2026-03-01\n", "invoices/INV-0002.yaml": draft])
        let answer = lsp.request("textDocument/rename", lsp.at("invoices/INV-0002.yaml", 0, 9).merging(["newName": "acme-corp"]))
        #expect(answer.result == nil)
        let message = try #require(answer.error?["message"]?.string)
        #expect(message.contains("INV-0001") && message.contains("immutable"))
        #expect(lsp.request("textDocument/prepareRename", lsp.at("invoices/INV-0002.yaml", 0, 9)).error != nil)
    }

    @Test func renameOfADraftsClientEditsEveryDraftAndMovesTheFile() throws {
        let lsp = Harness(["invoices/INV-0001.yaml": draft, "estimates/EST-0001.yaml": draft])
        let edit = try #require(lsp.request("textDocument/rename", lsp.at("invoices/INV-0001.yaml", 0, 9).merging(["newName": "acme-corp"])).result)
        let changes = try #require(edit["documentChanges"]?.array)
        for change in changes where change["textDocument"] != nil {
            let path = String(change["textDocument"]!["uri"]!.string!.dropFirst(lsp.uri("").count + 1))
            lsp.book.write(path, apply(change["edits"]!.array!, to: draft))
        }
        let rename = try #require(changes.first { $0["kind"] == "rename" })
        #expect(rename["newUri"]?.string == lsp.uri("clients/acme-corp.yaml"))
        try FileManager.default.moveItem(atPath: lsp.book.root + "/clients/acme.yaml", toPath: lsp.book.root + "/clients/acme-corp.yaml")
        let checked = try BookChecker.check(at: lsp.book.root)
        #expect(!checked.diagnostics.hasErrors)
        #expect(checked.book.documents.allSatisfy { $0.client.value == "acme-corp" })
    }

    @Test func symbolsNameItemsPaymentsAndDocuments() throws {
        let lsp = Harness(["invoices/INV-0001.yaml": draft + "payments:\n  - { date: 2026-03-10, amount: 100.00, method: cash }\n",
                           "invoices/INV-0002.yaml": draft])
        let symbols = try #require(lsp.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(lsp.uri("invoices/INV-0001.yaml"))]]).result?.array)
        #expect(symbols.map { $0["name"]?.string } == ["Design", "payment 2026-03-10"])
        let found = try #require(lsp.request("workspace/symbol", ["query": "0002"]).result?.array)
        #expect(found.map { $0["name"]?.string } == ["INV-0002"])
    }
}

@Suite struct RobustnessTests {
    @Test func malformedMessagesAreAnsweredWithErrors() throws {
        let lsp = Harness([:])
        #expect(lsp.server.handle(Array("{not json".utf8)) == nil)
        #expect(lsp.server.handle(Array(#"{"jsonrpc":"2.0","id":5}"#.utf8)) == nil)
        #expect(lsp.server.handle(Array(#"[1,2]"#.utf8)) == nil)
        lsp.drain()
        let codes = lsp.inbox.compactMap { $0["error"]?["code"]?.int }
        #expect(codes == [-32700, -32600, -32600])
        #expect(lsp.request("textDocument/frobnicate", [:]).error?["code"] == -32601)
        // Params of the wrong shape: an error, not a crash.
        #expect(lsp.request("textDocument/hover", ["textDocument": 3]).error?["code"] == -32602)
        #expect(lsp.request("textDocument/completion", ["textDocument": ["uri": .string(lsp.uri("invoic.yaml"))], "position": ["line": -1]]).error?["code"] == -32602)
    }

    @Test func requestsBeforeInitializeAndAfterShutdownAreRefused() {
        let writer = MessageWriter(capturing: ())
        let server = LanguageServer(writer: writer)
        #expect(server.handle(Array(#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}"#.utf8)) == nil)
        #expect(writer.takeCaptured().first?["error"]?["code"] == -32002)
        // exit without shutdown: status 1.
        #expect(server.handle(Array(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8)) == 1)

        let lsp = Harness([:])
        #expect(lsp.request("shutdown", .null).result == .null)
        #expect(lsp.request("textDocument/hover", lsp.at("invoic.yaml", 0, 0)).error?["code"] == -32600)
        #expect(lsp.send(["jsonrpc": "2.0", "method": "exit"]) == 0)
    }
}

extension JSON {
    func merging(_ other: JSON) -> JSON {
        guard case .object(var members) = self, case .object(let more) = other else { return self }
        members.merge(more) { _, new in new }
        return .object(members)
    }
}

@Suite struct PreviewTests {
    @Test func theCommandWithoutArgumentsRendersTheDocumentLastEditedAndShowsIt() throws {
        let lsp = Harness(["invoices/INV-0001.yaml": draft])
        lsp.open("invoices/INV-0001.yaml", draft)
        let lenses = try #require(lsp.request("textDocument/codeLens", ["textDocument": ["uri": .string(lsp.uri("invoices/INV-0001.yaml"))]]).result?.array)
        #expect(lenses.first?["command"]?["command"] == "invoic.preview")
        let answer = lsp.request("workspace/executeCommand", ["command": "invoic.preview"])
        #expect(answer.result?.string == lsp.uri("build/INV-0001.pdf"), "\(String(describing: answer.error))")
        let bytes = try #require(FileManager.default.contents(atPath: lsp.book.root + "/build/INV-0001.pdf"))
        #expect(bytes.starts(with: Array("%PDF-".utf8)))
        let shown = lsp.inbox.last { $0["method"] == "window/showDocument" }
        #expect(shown?["params"]?["uri"]?.string == lsp.uri("build/INV-0001.pdf"))
    }

    @Test func aDocumentWithErrorsIsNotPreviewed() throws {
        let broken = draft.replacingOccurrences(of: "client: acme", with: "client: nobody")
        let lsp = Harness(["invoices/INV-0001.yaml": broken])
        let answer = lsp.request("workspace/executeCommand", ["command": "invoic.preview", "arguments": [.string(lsp.uri("invoices/INV-0001.yaml"))]])
        #expect(answer.error?["message"]?.string?.contains("has errors") == true)
    }
}
