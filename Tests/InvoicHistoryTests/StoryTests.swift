import Foundation
import InvoicBook
import InvoicHistory
import InvoicTestSupport
import Testing

@Suite struct StoryTests {
    func story(_ book: GitBook, _ number: String) throws -> String {
        let history = try BookHistory.read(at: book.root)
        let current = try BookChecker.check(at: book.root).book
        return try #require(history.story(of: number, in: current, today: Day("2026-11-21")!)).text
    }

    @Test func theLifeOfAnInvoiceInWords() throws {
        let book = GitBook(["invoices/INV-0001.yaml": invoice(items: "  - description: Design\n    quantity: 2\n    price: 100.00\n")])
        let c1 = book.commit("Start INV-0001")
        book.edit("invoices/INV-0001.yaml", "price: 100.00\n", "price: 100.00\n  - description: Travel\n    price: 80\n")
        let c2 = book.commit("Add travel", author: "Bob Builder")
        book.edit("invoices/INV-0001.yaml", "price: 100.00", "price: 100.0   # as agreed")
        let c3 = book.commit("Comment")
        try FileManager.default.createDirectory(atPath: book.root + "/invoices/2026", withIntermediateDirectories: true)
        book.git("mv", "invoices/INV-0001.yaml", "invoices/2026/INV-0001.yaml")
        book.write("invoices/2026/INV-0001.yaml", book.read("invoices/2026/INV-0001.yaml") + "sent: 2026-03-02\n")
        let c4 = book.commit("Send it")
        book.write("invoices/2026/INV-0001.yaml", book.read("invoices/2026/INV-0001.yaml")
            + "payments:\n  - { date: 2026-03-10, amount: 100.00, method: cash }\n")
        let c5 = book.commit("Cash")
        book.write("invoices/2026/INV-0001.yaml", book.read("invoices/2026/INV-0001.yaml") + "void: { date: 2026-03-12, reason: Wrong client }\n")
        let c6 = book.commit("Void")
        book.edit("invoices/2026/INV-0001.yaml", "quantity: 2", "quantity: 3")

        let text = try story(book, "INV-0001")
        #expect(text == """
            INV-0001 · invoice to Acme Corp (acme)
              \(c1)  2026-03-01  Ann Example  "Start INV-0001"
                  created as invoices/INV-0001.yaml: issued 2026-03-01, 1 line, total $200.00
              \(c2)  2026-03-02  Bob Builder  "Add travel"
                  added line 2: Travel (1 × 80)
                  total: $200.00 → $280.00
              \(c3)  2026-03-03  Ann Example  "Comment"
                  no value changed (layout or comments only)
              \(c4)  2026-03-04  Ann Example  "Send it"
                  moved to invoices/2026/INV-0001.yaml
                  sent on 2026-03-02 (issued)
              \(c5)  2026-03-05  Ann Example  "Cash"
                  payment of $100.00 on 2026-03-10 by cash
                  $180.00 still due
              \(c6)  2026-03-06  Ann Example  "Void"
                  voided on 2026-03-12: Wrong client
              not committed yet
                  quantity of line 1: 2 → 3
                  total: $280.00 → $380.00
                  (a change to the issued invoice: `invoic check --history` reports it)
              now: void (as of 2026-11-21)

            """)
    }

    @Test func aDeletedAndReusedNumber() throws {
        let book = GitBook(["invoices/INV-0001.yaml": sentInvoice()], clients: ["acme": TestBook.client, "globex": "name: Globex\n"])
        let c1 = book.commit("Send INV-0001")
        book.git("mv", "invoices/INV-0001.yaml", "invoices/INV-0002.yaml")
        let c2 = book.commit("Renumber")
        book.write("invoices/INV-0001.yaml", invoice(client: "globex"))
        let c3 = book.commit("Another INV-0001")
        let text = try story(book, "INV-0001")
        #expect(text == """
            INV-0001 · invoice to Globex (globex)
              \(c1)  2026-03-01  Ann Example  "Send INV-0001"
                  created as invoices/INV-0001.yaml: issued 2026-03-01, 2 lines, total $280.00
                  sent on 2026-03-02 (issued)
              \(c2)  2026-03-02  Ann Example  "Renumber"
                  renumbered to INV-0002 (the file was renamed)
              \(c3)  2026-03-03  Ann Example  "Another INV-0001"
                  created as invoices/INV-0001.yaml: issued 2026-03-01, 1 line, total $200.00
              now: draft (as of 2026-11-21)

            """)
        #expect(try story(book, "INV-0002").contains("renumbered from INV-0001 as invoices/INV-0002.yaml: issued 2026-03-01, 2 lines, total $280.00"))
        book.delete("invoices/INV-0002.yaml")
        #expect(try story(book, "INV-0002").hasSuffix("  not committed yet\n      deleted\n  now: gone from the book\n"))
    }

    @Test func aDocumentWithoutHistory() throws {
        let book = GitBook(["invoices/INV-0001.yaml": invoice()])
        let text = try story(book, "INV-0001")
        #expect(text == """
            INV-0001 · invoice to Acme Corp (acme)
              not committed yet
                  created as invoices/INV-0001.yaml: issued 2026-03-01, 1 line, total $200.00
              now: draft (as of 2026-11-21)

            """)
        #expect(try BookHistory.read(at: book.root).story(of: "INV-0404", in: nil, today: Day("2026-11-21")!) == nil)
    }
}

@Suite struct RepositoryShapes {
    @Test func aBookInAFolderOfALargerRepository() throws {
        let repository = GitBook([:], settings: "", clients: [:])
        let book = GitBook([:], initialize: false)
        try FileManager.default.createDirectory(atPath: repository.root + "/books", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: book.root, toPath: repository.root + "/books/acme")
        repository.write("README.md", "Not a book\n")
        repository.write("books/acme/invoices/INV-0001.yaml", sentInvoice())
        repository.write("invoices/INV-0001.yaml", "outside the book: not a document of it\n")
        let issued = repository.commit("Send INV-0001")
        repository.write("README.md", "Still not a book\n")
        repository.commit("Unrelated")
        repository.edit("books/acme/invoices/INV-0001.yaml", "price: 80", "price: 85")
        let changed = repository.commit("Change it")
        let root = repository.root + "/books/acme"
        let history = try BookHistory.read(at: root)
        #expect(history.commits.map(\.shortHash) == [issued, changed], "only commits that touched the book")
        let findings = history.judge(try BookChecker.check(at: root).book)
        #expect(findings.map { "\($0.file ?? "-"):\($0.range?.start.line ?? 0) \($0.code)" } == ["invoices/INV-0001.yaml:9 issued-invoice-changed"])
    }

    @Test(arguments: [
        "{client: acme, issued: 2026-03-01, sent: 2026-03-02, items: [{description: Design, price: 100.00}]}\n",
        "\"sent\": 2026-03-02\nclient: acme\nissued: 2026-03-01\nitems:\n  - { description: Design, price: 100.00 }\n",
        "--- # an invoice\nclient: acme\nissued: 2026-03-01\nitems:\n  - { description: Design, price: 100.00 }\nsent : 2026-03-02\n",
    ])
    func anInvoiceIsIssuedHoweverItsYAMLIsWritten(_ text: String) throws {
        let book = GitBook(["invoices/INV-0001.yaml": text])
        let issued = book.commit("Send INV-0001")
        book.write("invoices/INV-0001.yaml", text.replacingOccurrences(of: "100.00", with: "120.00"))
        #expect(try book.judge().map(\.code.name) == ["issued-invoice-changed"])
        #expect(try BookHistory.read(at: book.root).issuingCommits()["INV-0001"]?.shortHash == issued)
    }
}

@Suite struct HookInstallation {
    @Test func theHookIsWrittenOnceAndNeverOverAnotherProgramsHook() throws {
        let book = GitBook([:], initialize: false)
        let first = try PreCommitHook.install(at: book.root, initializeRepository: true)
        let path = book.root + "/.git/hooks/pre-commit"
        #expect(first == .installed(path: path, createdRepository: true))
        let script = try String(contentsOfFile: path, encoding: .utf8)
        #expect(script.hasPrefix("#!/bin/sh\n"))
        #expect(script.contains("\n\"${INVOIC:-invoic}\" check --history --staged -C '.' || exit 1\n"))
        #expect(FileManager.default.isExecutableFile(atPath: path))
        #expect(try PreCommitHook.install(at: book.root, initializeRepository: true) == .alreadyInstalled(path: path))

        // A second book in the same repository adds its line to the same hook.
        try FileManager.default.createDirectory(atPath: book.root + "/other", withIntermediateDirectories: true)
        #expect(try PreCommitHook.install(at: book.root + "/other", initializeRepository: false) == .installed(path: path, createdRepository: false))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("-C 'other' || exit 1\n"))

        try "#!/bin/sh\nexec lint-staged\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try PreCommitHook.install(at: book.root, initializeRepository: false)
                == .foreignHook(path: path, line: "\"${INVOIC:-invoic}\" check --history --staged -C '.' || exit 1"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "#!/bin/sh\nexec lint-staged\n", "left alone")
    }

    @Test func outsideARepositoryWithoutInitializingItRefuses() {
        let book = GitBook([:], initialize: false)
        #expect(throws: HistoryError.notARepository(book.root)) { try PreCommitHook.install(at: book.root, initializeRepository: false) }
    }
}
