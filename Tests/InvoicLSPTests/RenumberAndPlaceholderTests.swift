import Foundation
import InvoicBook
@testable import InvoicLSP
import InvoicTestSupport
import Testing

/// The quick fixes that renumber a document (issue 41, point 3: "take the next free number") and
/// that write the keys an e-invoice format needs as placeholders. Each applied fix leaves a book
/// that checks.
@Suite struct RenumberAndPlaceholderTests {
    func actions(_ lsp: Harness, _ path: String) throws -> [JSON] {
        let diagnostics = try #require(lsp.diagnostics(path))
        let first = try #require(diagnostics.first)
        let answer = lsp.request("textDocument/codeAction", ["textDocument": ["uri": .string(lsp.uri(path))], "range": first["range"]!,
                                                             "context": ["diagnostics": .array(diagnostics)]])
        return try #require(answer.result?.array)
    }

    /// Moves the file the rename names, as an editor applies the workspace edit.
    func applyRename(_ change: JSON, in lsp: Harness) throws {
        #expect(change["kind"] == "rename")
        let from = try #require(change["oldUri"]?.string.flatMap(Workspace.filePath))
        let to = try #require(change["newUri"]?.string.flatMap(Workspace.filePath))
        try FileManager.default.createDirectory(atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: from, toPath: to)
    }

    @Test func aDuplicateDraftTakesTheNextFreeNumber() throws {
        // INV-0001 twice; the copy issued later is the one reported, and the series' next number is INV-0002.
        let later = draft.replacingOccurrences(of: "2026-03-01", with: "2026-03-05")
        let lsp = Harness(["invoices/INV-0001.yaml": draft + "sent: 2026-03-01\n", "invoices/2026/INV-0001.yaml": later])
        lsp.open("invoices/2026/INV-0001.yaml", later)
        #expect(lsp.diagnostics("invoices/2026/INV-0001.yaml")?.first?["code"] == "duplicate-number")
        let action = try #require(try actions(lsp, "invoices/2026/INV-0001.yaml").first { $0["title"] == "Take the next free number, INV-0002" })
        let changes = try #require(action["edit"]?["documentChanges"]?.array)
        #expect(changes.count == 1)
        #expect(changes[0]["newUri"]?.string == lsp.uri("invoices/2026/INV-0002.yaml"))
        try applyRename(changes[0], in: lsp)
        let checked = try BookChecker.check(at: lsp.book.root)
        #expect(checked.diagnostics.isEmpty, "\(checked.diagnostics.map(\.message))")
    }

    @Test func aNumberKeyIsRewrittenWithTheFile() throws {
        let copy = draft.replacingOccurrences(of: "2026-03-01", with: "2026-03-05") + "number: INV-0001\n"
        let lsp = Harness(["invoices/INV-0001.yaml": draft, "invoices/2026/INV-0001.yaml": copy])
        lsp.open("invoices/2026/INV-0001.yaml", copy)
        let action = try #require(try actions(lsp, "invoices/2026/INV-0001.yaml").first { $0["title"] == "Take the next free number, INV-0002" })
        let changes = try #require(action["edit"]?["documentChanges"]?.array)
        #expect(changes.count == 2)
        let edited = apply(try #require(changes[0]["edits"]?.array), to: copy)
        #expect(edited.hasSuffix("number: INV-0002\n"))
        lsp.book.write("invoices/2026/INV-0001.yaml", edited)
        try applyRename(changes[1], in: lsp)
        let checked = try BookChecker.check(at: lsp.book.root)
        #expect(checked.diagnostics.isEmpty, "\(checked.diagnostics.map(\.message))")
    }

    @Test func theLastOfASeriesMovesIntoTheGapBeforeIt() throws {
        let lsp = Harness(["invoices/INV-0001.yaml": draft, "invoices/INV-0003.yaml": draft])
        lsp.open("invoices/INV-0003.yaml", draft)
        #expect(lsp.diagnostics("invoices/INV-0003.yaml")?.first?["code"] == "numbering-gap")
        let action = try #require(try actions(lsp, "invoices/INV-0003.yaml").first { $0["title"] == "Number this document INV-0002 (closes the gap)" })
        try applyRename(try #require(action["edit"]?["documentChanges"]?[0]), in: lsp)
        let checked = try BookChecker.check(at: lsp.book.root)
        #expect(checked.diagnostics.isEmpty, "\(checked.diagnostics.map(\.message))")
    }

    @Test func noRenumberingWhereItWouldOpenAGapOrTheClientHoldsTheNumber() throws {
        // INV-0003 is followed by INV-0004: moving it down would leave INV-0003 missing instead.
        let middle = Harness(["invoices/INV-0001.yaml": draft, "invoices/INV-0003.yaml": draft, "invoices/INV-0004.yaml": draft])
        middle.open("invoices/INV-0003.yaml", draft)
        #expect(middle.diagnostics("invoices/INV-0003.yaml")?.first?["code"] == "numbering-gap")
        #expect(try actions(middle, "invoices/INV-0003.yaml").allSatisfy { $0["title"]?.string?.hasPrefix("Number this document") == false })
        // A sent copy keeps its number: the client holds it.
        let sent = draft.replacingOccurrences(of: "2026-03-01", with: "2026-03-05") + "sent: 2026-03-05\n"
        let duplicate = Harness(["invoices/INV-0001.yaml": draft + "sent: 2026-03-01\n", "invoices/2026/INV-0001.yaml": sent])
        duplicate.open("invoices/2026/INV-0001.yaml", sent)
        #expect(duplicate.diagnostics("invoices/2026/INV-0001.yaml")?.contains { $0["code"] == "duplicate-number" } == true)
        #expect(try actions(duplicate, "invoices/2026/INV-0001.yaml").allSatisfy { $0["title"]?.string?.hasPrefix("Take the next free number") == false })
    }

    /// A German public buyer takes XRechnung: the business lacks its city, postal code, contact,
    /// phone and e-mail (BR-DE-3..7), the client its city, postal code and buyer reference
    /// (BR-DE-8, 9, 15). One action writes them all as placeholders, each where it belongs.
    @Test func theKeysAnXRechnungNeedsAreAddedAsPlaceholders() throws {
        let settings = """
            business:
              name: Test Studio
              tax_id: DE136695976
              electronic_address: "9930:DE136695976"
              address:
                street: Main Street 1
                country: DE
            payment:
              account: DE89 3704 0044 0532 0130 00
            defaults: { currency: EUR, locale: de_DE, terms: 30, tax: 19% }

            """
        let client = """
            name: Stadt Bremen
            address:
              street: Altenwall 15
              country: DE
            electronic_address: "0204:04011000-1234512345-06"
            einvoice: [xrechnung]
            """
        let lsp = Harness(["invoic.yaml": settings, "invoices/INV-0001.yaml": draft], clients: ["acme": client])
        lsp.open("clients/acme.yaml", client)
        let found = try #require(lsp.diagnostics("clients/acme.yaml"))
        #expect(Set(found.compactMap { $0["code"]?.string }) == ["BR-DE-3", "BR-DE-4", "BR-DE-5", "BR-DE-6", "BR-DE-7", "BR-DE-8", "BR-DE-9", "BR-DE-15"])
        let action = try #require(try actions(lsp, "clients/acme.yaml").first { $0["title"]?.string?.hasPrefix("Add the keys the e-invoice needs") == true })
        let settingsEdits = try #require(action["edit"]?["changes"]?[lsp.uri("invoic.yaml")]?.array)
        let clientEdits = try #require(action["edit"]?["changes"]?[lsp.uri("clients/acme.yaml")]?.array)
        let newSettings = apply(settingsEdits, to: settings)
        let newClient = apply(clientEdits, to: client)
        // Each key in its mapping, at its indentation; what was there stays byte for byte.
        #expect(newSettings == """
            business:
              name: Test Studio
              tax_id: DE136695976
              electronic_address: "9930:DE136695976"
              address:
                street: Main Street 1
                country: DE
                city: TODO your city
                postal_code: TODO your postal code
              contact: { name: TODO your contact's name }
              phone: TODO your phone
              email: TODO your e-mail
            payment:
              account: DE89 3704 0044 0532 0130 00
            defaults: { currency: EUR, locale: de_DE, terms: 30, tax: 19% }

            """)
        #expect(newClient.hasPrefix("name: Stadt Bremen\naddress:\n  street: Altenwall 15\n  country: DE\n  city: TODO the client's city\n  postal_code: TODO the client's postal code\n"))
        #expect(newClient.hasSuffix("einvoice: [xrechnung]\nbuyer_reference: TODO the reference the client asks you to quote"))
        lsp.book.write("invoic.yaml", newSettings)
        lsp.book.write("clients/acme.yaml", newClient)
        let checked = try BookChecker.check(at: lsp.book.root)
        #expect(!checked.diagnostics.hasErrors, "\(newSettings)\n\(newClient)\n\(checked.diagnostics.map(\.message))")
    }

    @Test func aKeyGoesNowhereItsMappingIsNot() {
        // An address written as text, a flow mapping, a key already there: no placeholder.
        #expect(LanguageServer.insertion(of: "city", value: "x", under: ["address"], in: "name: A\naddress: |\n  Main 1\n") == nil)
        #expect(LanguageServer.insertion(of: "city", value: "x", under: ["address"], in: "name: A\naddress: { street: Main 1 }\n") == nil)
        #expect(LanguageServer.insertion(of: "name", value: "x", under: [], in: "name: A\n") == nil)
        // Top level, after a last line without a line break; in a nested mapping, before the next key.
        #expect(LanguageServer.insertion(of: "b", value: "1", under: [], in: "a: 0")! == (0, true, "\nb: 1"))
        #expect(LanguageServer.insertion(of: "c", value: "1", under: ["a"], in: "a:\n    x: 1\n    # note\n\nz: 2\n")! == (2, false, "    c: 1\n"))
    }
}
