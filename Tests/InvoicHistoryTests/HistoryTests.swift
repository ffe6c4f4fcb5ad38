import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicHistory
import InvoicTestSupport
import Testing

/// An invoice with every fixed field written, so each can be changed on its own line.
let fullInvoice = """
    client: acme
    issued: 2026-03-01
    sent: 2026-03-02
    due: 2026-03-31
    delivered: 2026-02-27
    currency: USD
    locale: en_US
    tax: 10%
    discount: 5%
    notes: Thank you
    items:
      - description: Design
        quantity: 2
        unit: h
        price: 100.00
      - description: Travel
        price: 80

    """

struct Edit: Sendable, CustomTestStringConvertible {
    var name: String
    var old: String
    var new: String
    /// `line:col code` of each finding; empty for an allowed change.
    var expected: [String]
    var testDescription: String { name }

    init(_ name: String, _ old: String, _ new: String, _ expected: [String] = []) {
        self.name = name
        self.old = old
        self.new = new
        self.expected = expected
    }
}

@Suite struct ForbiddenChanges {
    @Test func aSentCreditNoteIsAsFixedAsAnInvoice() throws {
        let note = "client: acme\nissued: 2026-03-05\ncorrects: INV-0001\nreason: Billed twice\nitems:\n  - { description: Design, price: 100.00 }\n"
        let book = GitBook(["invoices/INV-0001.yaml": invoice() + "sent: 2026-03-01\n", "credit-notes/CN-0001.yaml": note])
        book.commit("Credit INV-0001")
        book.edit("credit-notes/CN-0001.yaml", "issued: 2026-03-05\n", "issued: 2026-03-05\nsent: 2026-03-05\n")
        book.commit("Send CN-0001")
        #expect(try book.judge().isEmpty)
        book.edit("credit-notes/CN-0001.yaml", "reason: Billed twice", "reason: Goodwill")
        book.commit("Another reason")
        let findings = try book.judge()
        #expect(findings.map(\.code.name) == ["issued-invoice-changed"])
        #expect(findings.first?.message == "the reason of issued credit note CN-0001 changed from Billed twice to Goodwill")
        #expect(findings.first?.help?.hasPrefix("put back Billed twice (reason), then write what changed as a new document") == true, "\(findings.first?.help ?? "")")
    }

    @Test func aChangedPriceNamesTheLineTheIssuingCommitAndTheChangingOne() throws {
        let book = GitBook(["invoices/INV-0001.yaml": invoice(items: "  - description: Design\n    quantity: 2\n    price: 100.00\n")])
        book.commit("Start INV-0001")
        book.edit("invoices/INV-0001.yaml", "issued: 2026-03-01\n", "issued: 2026-03-01\nsent: 2026-03-02\n")
        let issued = book.commit("Send INV-0001")
        book.commit("Nothing to do with it")
        book.edit("invoices/INV-0001.yaml", "price: 100.00", "price: 120.00")
        let changed = book.commit("Raise the price", author: "Bob Builder")
        book.write("clients/acme.yaml", "name: Acme Corporation\n")
        book.commit("Rename the client")

        let findings = try book.judge()
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.code.name == "issued-invoice-changed")
        #expect(finding.file == "invoices/INV-0001.yaml")
        #expect(finding.range?.start == InvoicDiagnostics.SourceLocation(line: 7, column: 12))
        #expect(finding.message == "the price of line 1 of issued invoice INV-0001 changed from 100.00 to 120.00")
        #expect(finding.label == "issued as 100.00")
        #expect(finding.help?.contains("correct it with a credit note (`invoic credit") == true)
        #expect(finding.notes == [
            "INV-0001 was issued in commit \(issued) (2026-03-02, Ann Example)",
            "changed in commit \(changed) (2026-03-04, Bob Builder)",
            "its total was $200.00 when issued and is $240.00 now",
        ])
    }

    static let edits: [Edit] = [
        Edit("client", "client: acme", "client: globex", ["1:9 issued-invoice-changed"]),
        Edit("issue date", "issued: 2026-03-01", "issued: 2026-02-28", ["2:9 issued-date-moved"]),
        Edit("sent date", "sent: 2026-03-02", "sent: 2026-03-05", ["3:7 issued-date-moved"]),
        Edit("sent removed", "sent: 2026-03-02\n", "", ["0:0 issued-date-moved"]),
        Edit("due date", "due: 2026-03-31", "due: 2026-04-30", ["4:6 issued-invoice-changed"]),
        Edit("delivery date", "delivered: 2026-02-27", "delivered: 2026-02-28", ["5:12 issued-invoice-changed"]),
        Edit("currency", "currency: USD", "currency: EUR", ["6:11 issued-invoice-changed"]),
        Edit("locale", "locale: en_US", "locale: en_GB", ["7:9 issued-invoice-changed"]),
        Edit("document tax", "tax: 10%", "tax: 20%", ["8:6 issued-invoice-changed", "8:6 issued-invoice-changed"]),
        Edit("discount", "discount: 5%", "discount: 10%", ["9:11 issued-invoice-changed"]),
        Edit("discount as amount", "discount: 5%", "discount: 14.00", ["9:11 issued-invoice-changed"]),
        Edit("notes", "notes: Thank you", "notes: Thanks!", ["10:8 issued-invoice-changed"]),
        Edit("description", "description: Design", "description: Logo design", ["12:18 issued-invoice-changed"]),
        Edit("quantity", "quantity: 2", "quantity: 3", ["13:15 issued-invoice-changed"]),
        Edit("unit", "unit: h", "unit: d", ["14:11 issued-invoice-changed"]),
        Edit("price", "price: 100.00", "price: 90.00", ["15:12 issued-invoice-changed"]),
        Edit("line tax", "price: 80\n", "price: 80\n    tax: 0%\n", ["18:10 issued-invoice-changed"]),
        Edit("line added", "    price: 80\n", "    price: 80\n  - description: Extra\n    price: 5\n", ["18:5 issued-invoice-changed"]),
        Edit("line removed", "  - description: Travel\n    price: 80\n", "", ["12:3 issued-invoice-changed"]),
        Edit("estimate reference", "notes: Thank you\n", "notes: Thank you\nfrom_estimate: EST-0009\n", ["11:16 issued-invoice-changed"]),
    ]

    @Test(arguments: edits)
    func eachFixedValueIsReported(_ edit: Edit) throws {
        let book = GitBook(["invoices/INV-0001.yaml": fullInvoice], clients: ["acme": TestBook.client, "globex": "name: Globex\n"])
        book.commit("Send INV-0001")
        book.edit("invoices/INV-0001.yaml", edit.old, edit.new)
        let uncommitted = try book.findings()
        book.commit("Edit INV-0001")
        try expectFindings(book, edit.expected.map { "invoices/INV-0001.yaml:" + $0 })
        #expect(uncommitted == edit.expected.map { "invoices/INV-0001.yaml:" + $0 }, "the same, before the commit")
    }

    @Test func aDefaultChangedInInvoicYAMLIsBlamedOnItsCommit() throws {
        let book = GitBook(["invoices/INV-0001.yaml": sentInvoice()])
        book.commit("Send INV-0001")
        book.write("invoic.yaml", TestBook.settings + "\n" + "history: true\n")
        book.commit("Turn on the history check")
        book.write("invoic.yaml", TestBook.settings.replacingOccurrences(of: "terms: 30", with: "terms: 30, tax: 20%") + "\n")
        let changed = book.commit("Charge VAT", author: "Bob Builder")
        let findings = try book.judge()
        #expect(findings.map(\.message) == [
            "the tax rate of line 1 of issued invoice INV-0001 changed from 0% to 20%",
            "the tax rate of line 2 of issued invoice INV-0001 changed from 0% to 20%",
        ])
        #expect(findings.map { $0.range?.start.line } == [5, 8], "points at the lines that inherit the rate")
        #expect(findings.first?.notes.dropFirst().first == "changed in commit \(changed) (2026-03-03, Bob Builder), through invoic.yaml")
    }

    @Test func aClientsTermsChangingAnIssuedDueDateIsBlamedOnTheClientFile() throws {
        let book = GitBook(["invoices/INV-0001.yaml": sentInvoice()])
        book.commit("Send INV-0001")
        book.write("clients/acme.yaml", "name: Acme Corp\nterms: 14\n")
        let changed = book.commit("Acme pays in 14 days")
        let findings = try book.judge()
        #expect(findings.map(\.code.name) == ["issued-invoice-changed"])
        #expect(findings.first?.message == "the due date of issued invoice INV-0001 changed from 2026-03-31 to 2026-03-15")
        #expect(findings.first?.notes.dropFirst().first == "changed in commit \(changed) (2026-03-02, Ann Example), through clients/acme.yaml")
    }

    @Test func anUncommittedChangeSaysSo() throws {
        let book = GitBook(["invoices/INV-0001.yaml": sentInvoice()])
        book.commit("Send INV-0001")
        book.edit("invoices/INV-0001.yaml", "price: 80", "price: 85")
        #expect(try book.judge().first?.notes.dropFirst().first == "the change is not committed yet")
    }

    @Test func theLatestChangeIsBlamedAndARevertClearsIt() throws {
        let book = GitBook(["invoices/INV-0001.yaml": sentInvoice()])
        book.commit("Send INV-0001")
        book.edit("invoices/INV-0001.yaml", "price: 80", "price: 85")
        book.commit("Oops")
        book.edit("invoices/INV-0001.yaml", "price: 85", "price: 80")
        book.commit("Revert the oops")
        try expectFindings(book, [], "put back as issued: nothing to report")
        book.edit("invoices/INV-0001.yaml", "price: 80", "price: 85")
        let again = book.commit("Oops again", author: "Bob Builder")
        #expect(try book.judge().first?.notes.dropFirst().first == "changed in commit \(again) (2026-03-04, Bob Builder)")
    }

    @Test func aChangeMergedFromABranchIsBlamedOnTheMerge() throws {
        let book = GitBook(["invoices/INV-0001.yaml": sentInvoice()])
        book.commit("Send INV-0001")
        book.git("checkout", "--quiet", "-b", "fix")
        book.edit("invoices/INV-0001.yaml", "price: 80", "price: 85")
        book.commit("Change on a branch", author: "Bob Builder")
        book.git("checkout", "--quiet", "main")
        book.write("invoices/INV-0002.yaml", invoice(issued: "2026-03-05"))
        book.commit("Meanwhile on main")
        book.git("merge", "--quiet", "--no-ff", "-m", "Merge fix", "fix", environment: [
            "GIT_AUTHOR_DATE": "2026-03-09T10:00:00+01:00", "GIT_COMMITTER_DATE": "2026-03-09T10:00:00+01:00",
            "GIT_AUTHOR_NAME": "Ann Example", "GIT_COMMITTER_NAME": "Ann Example",
        ])
        let merge = book.git("rev-parse", "--short", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        let findings = try book.judge()
        #expect(findings.map(\.code.name) == ["issued-invoice-changed"])
        #expect(findings.first?.notes.dropFirst().first == "changed in commit \(merge) (2026-03-09, Ann Example)")
    }
}

@Suite struct AllowedChanges {
    static let edits: [Edit] = [
        Edit("a payment", "notes: Thank you\n", "notes: Thank you\npayments:\n  - { date: 2026-03-20, amount: 100.00, method: bank_transfer }\n"),
        Edit("a void", "notes: Thank you\n", "notes: Thank you\nvoid: { date: 2026-04-01, reason: Issued twice }\n"),
        Edit("a comment", "price: 100.00", "price: 100.00   # as agreed on the phone"),
        Edit("indentation", "  - description: Design\n    quantity: 2\n    unit: h\n    price: 100.00\n",
             "  -   description: Design\n      quantity: 2\n      unit: h\n      price: 100.00\n"),
        Edit("decimals as written", "price: 100.00", "price: 100"),
        Edit("quotes", "issued: 2026-03-01", "issued: \"2026-03-01\""),
        Edit("flow style", "  - description: Travel\n    price: 80\n", "  - { description: Travel, price: 80.00 }\n"),
        Edit("a stated total", "notes: Thank you\n", "notes: Thank you\ntotal: 292.60\n"),
        Edit("project and category", "notes: Thank you\n", "notes: Thank you\nproject: Spring\ncategory: Design\n"),
        Edit("the rate moved to the lines", "tax: 10%\ndiscount: 5%", "discount: 5%"),
        Edit("key order", "currency: USD\nlocale: en_US\n", "locale: en_US\ncurrency: USD\n"),
    ]

    @Test(arguments: edits)
    func isAccepted(_ edit: Edit) throws {
        let book = GitBook(["invoices/INV-0001.yaml": fullInvoice])
        book.commit("Send INV-0001")
        if edit.name == "the rate moved to the lines" {
            book.edit("invoices/INV-0001.yaml", "price: 100.00\n", "price: 100.00\n    tax: 10%\n")
            book.edit("invoices/INV-0001.yaml", "price: 80\n", "price: 80\n    tax: 10%\n")
        }
        book.edit("invoices/INV-0001.yaml", edit.old, edit.new)
        let errors = try BookChecker.check(at: book.root).diagnostics.filter { $0.severity == .error }.map(\.code.name)
        #expect(errors == [])
        book.commit("Edit INV-0001")
        try expectFindings(book, [])
    }

    @Test func aDraftChangesFreelyUntilItIsSent() throws {
        let book = GitBook(["invoices/INV-0001.yaml": invoice()])
        book.commit("Start INV-0001")
        book.edit("invoices/INV-0001.yaml", "price: 100.00", "price: 150.00")
        book.edit("invoices/INV-0001.yaml", "issued: 2026-03-01", "issued: 2026-03-03")
        book.commit("Rework the draft")
        book.edit("invoices/INV-0001.yaml", "issued: 2026-03-03\n", "issued: 2026-03-03\nsent: 2026-03-03\n")
        book.commit("Send it")
        try expectFindings(book, [])
    }

    @Test func movingTheFileToAnotherFolderKeepsItsHistory() throws {
        let book = GitBook(["invoices/INV-0001.yaml": sentInvoice()])
        book.commit("Send INV-0001")
        try FileManager.default.createDirectory(atPath: book.root + "/invoices/2026", withIntermediateDirectories: true)
        book.git("mv", "invoices/INV-0001.yaml", "invoices/2026/INV-0001.yaml")
        book.commit("File by year")
        try expectFindings(book, [])
        book.edit("invoices/2026/INV-0001.yaml", "price: 80", "price: 85")
        try expectFindings(book, ["invoices/2026/INV-0001.yaml:9:12 issued-invoice-changed"])
    }
}

@Suite struct Deletions {
    @Test func aDeletedIssuedInvoiceNamesTheCommitThatDeletedIt() throws {
        let book = GitBook(["invoices/INV-0001.yaml": sentInvoice()])
        let issued = book.commit("Send INV-0001")
        book.git("rm", "--quiet", "invoices/INV-0001.yaml")
        let deleted = book.commit("Remove the wrong invoice", author: "Bob Builder")
        let findings = try book.judge()
        #expect(findings.map(\.code.name) == ["issued-invoice-deleted"])
        let finding = try #require(findings.first)
        #expect(finding.message == "issued invoice INV-0001 was deleted")
        #expect(finding.file == "invoices/INV-0001.yaml")
        #expect(finding.help == "an issued invoice stays in the book: restore it (`git checkout \(deleted)^ -- invoices/INV-0001.yaml`) "
            + "and void it instead (`invoic void INV-0001 --reason ...`)")
        #expect(finding.notes == ["INV-0001 was issued in commit \(issued) (2026-03-01, Ann Example)",
                                  "deleted in commit \(deleted) (2026-03-02, Bob Builder)"])
    }

    @Test func anUncommittedDeletionIsCaughtBeforeTheCommit() throws {
        let book = GitBook(["invoices/INV-0001.yaml": sentInvoice()])
        book.commit("Send INV-0001")
        book.delete("invoices/INV-0001.yaml")
        let findings = try book.judge()
        #expect(findings.map(\.code.name) == ["issued-invoice-deleted"])
        #expect(findings.first?.notes.last == "the deletion is not committed yet")
    }

    @Test func aRenumberedIssuedInvoiceIsReportedAtItsNewFile() throws {
        let book = GitBook(["invoices/INV-0001.yaml": sentInvoice()])
        book.commit("Send INV-0001")
        book.git("mv", "invoices/INV-0001.yaml", "invoices/INV-0002.yaml")
        let renamed = book.commit("Renumber")
        let findings = try book.judge()
        #expect(findings.map(\.message) == ["issued invoice INV-0001 was renumbered to INV-0002"])
        #expect(findings.first?.file == "invoices/INV-0002.yaml")
        #expect(findings.first?.notes.last == "renamed in commit \(renamed) (2026-03-02, Ann Example)")
    }

    @Test func anUncommittedRenameIsRecognisedByItsContent() throws {
        let book = GitBook(["invoices/INV-0001.yaml": sentInvoice()])
        book.commit("Send INV-0001")
        book.write("invoices/INV-0007.yaml", book.read("invoices/INV-0001.yaml"))
        book.delete("invoices/INV-0001.yaml")
        #expect(try book.judge().map(\.message) == ["issued invoice INV-0001 was renumbered to INV-0007"])
    }

    @Test func aRestoredInvoiceIsTheSameInvoice() throws {
        let book = GitBook(["invoices/INV-0001.yaml": sentInvoice()])
        book.commit("Send INV-0001")
        book.git("rm", "--quiet", "invoices/INV-0001.yaml")
        book.commit("Remove it")
        book.git("checkout", "HEAD^", "--", "invoices/INV-0001.yaml")
        book.commit("Put it back")
        try expectFindings(book, [])
        book.edit("invoices/INV-0001.yaml", "price: 80", "price: 85")
        try expectFindings(book, ["invoices/INV-0001.yaml:9:12 issued-invoice-changed"], "and still fixed")
    }

    @Test func aDraftMayBeDeletedAndItsNumberTakenAgain() throws {
        let book = GitBook(["invoices/INV-0001.yaml": invoice()])
        book.commit("Start INV-0001")
        book.delete("invoices/INV-0001.yaml")
        book.commit("Drop the draft")
        book.write("invoices/INV-0001.yaml", invoice(client: "globex", issued: "2026-03-04"))
        book.commit("The real INV-0001")
        try expectFindings(book, [])
    }
}

@Suite struct Reuse {
    @Test func aNumberOnceIssuedIsNeverUsedByAnotherDocument() throws {
        let book = GitBook(["invoices/INV-0001.yaml": sentInvoice()], clients: ["acme": TestBook.client, "globex": "name: Globex\n"])
        let issued = book.commit("Send INV-0001")
        book.delete("invoices/INV-0001.yaml")
        let deleted = book.commit("Remove it")
        book.write("invoices/INV-0001.yaml", "number: INV-0001\n" + invoice(client: "globex", issued: "2026-04-01"))
        book.commit("Start over")
        let findings = try book.judge()
        try expectFindings(book, ["invoices/INV-0001.yaml:1:9 number-reused"])
        #expect(findings.first?.message == "number INV-0001 is reused: it belonged to an invoice to acme issued 2026-03-01")
        #expect(findings.first?.notes == ["the first INV-0001 was issued in commit \(issued) (2026-03-01, Ann Example)",
                                          "and deleted in commit \(deleted) (2026-03-02, Ann Example)"])
    }

    @Test func reusingANumberInTheWorkingTreeIsCaughtBeforeTheCommit() throws {
        let book = GitBook(["invoices/INV-0001.yaml": sentInvoice()], clients: ["acme": TestBook.client, "globex": "name: Globex\n"])
        book.commit("Send INV-0001")
        book.write("invoices/INV-0001.yaml", invoice(client: "globex", issued: "2026-04-01"))
        try expectFindings(book, [
            "invoices/INV-0001.yaml:0:0 issued-date-moved", "invoices/INV-0001.yaml:0:0 issued-invoice-changed",
            "invoices/INV-0001.yaml:1:9 issued-invoice-changed", "invoices/INV-0001.yaml:2:9 issued-date-moved",
            "invoices/INV-0001.yaml:4:3 issued-invoice-changed",
        ], "the same file rewritten is a change of the issued invoice: client, dates, lines")
        book.delete("invoices/INV-0001.yaml")
        book.commit("Remove it")
        book.write("invoices/INV-0001.yaml", invoice(client: "globex", issued: "2026-04-01"))
        try expectFindings(book, ["invoices/INV-0001.yaml:0:0 number-reused"])
    }
}

@Suite struct Estimates {
    @Test func anEstimateIsFreeUntilAcceptedAndFixedAfter() throws {
        let book = GitBook(["estimates/EST-0001.yaml": invoice() + "sent: 2026-03-01\n"])
        book.commit("Send EST-0001")
        book.edit("estimates/EST-0001.yaml", "price: 100.00", "price: 90.00")
        book.commit("Negotiated")
        try expectFindings(book, [], "a sent estimate may still change")
        book.write("estimates/EST-0001.yaml", book.read("estimates/EST-0001.yaml") + "accepted: 2026-03-05\n")
        let accepted = book.commit("Accepted")
        book.edit("estimates/EST-0001.yaml", "price: 90.00", "price: 95.00")
        book.edit("estimates/EST-0001.yaml", "accepted: 2026-03-05", "accepted: 2026-03-06")
        let findings = try book.judge()
        try expectFindings(book, ["estimates/EST-0001.yaml:4:48 accepted-estimate-changed",
                                  "estimates/EST-0001.yaml:6:11 accepted-estimate-changed"])
        #expect(findings.first?.message == "the price of line 1 of accepted estimate EST-0001 changed from 90.00 to 95.00")
        #expect(findings.first?.notes.first == "EST-0001 was accepted in commit \(accepted) (2026-03-03, Ann Example)")
    }

    @Test func anAcceptedEstimateStaysInTheBook() throws {
        let book = GitBook(["estimates/EST-0001.yaml": invoice() + "accepted: 2026-03-05\n"])
        book.commit("Accepted")
        book.git("rm", "--quiet", "estimates/EST-0001.yaml")
        book.commit("Tidy up")
        #expect(try book.judge().map(\.message) == ["accepted estimate EST-0001 was deleted"])
    }
}

@Suite struct StagedState {
    @Test func theStagedStateIsJudgedNotTheWorkingTree() throws {
        let book = GitBook(["invoices/INV-0001.yaml": sentInvoice()])
        book.commit("Send INV-0001")
        let issued = book.read("invoices/INV-0001.yaml")
        book.edit("invoices/INV-0001.yaml", "price: 80", "price: 85")
        book.git("add", "invoices/INV-0001.yaml")
        book.write("invoices/INV-0001.yaml", issued)
        try expectFindings(book, [], "the working tree is as issued")
        try expectFindings(book, staged: true, ["invoices/INV-0001.yaml:9:12 issued-invoice-changed"], "the index is not")
    }

    @Test func aFileRemovedFromTheIndexIsDeletedThere() throws {
        let book = GitBook(["invoices/INV-0001.yaml": sentInvoice()])
        book.commit("Send INV-0001")
        book.git("rm", "--quiet", "--cached", "invoices/INV-0001.yaml")
        try expectFindings(book, [])
        try expectFindings(book, staged: true, ["invoices/INV-0001.yaml:0:0 issued-invoice-deleted"])
    }

    @Test func aRepositoryWithoutCommitsHasNothingToJudge() throws {
        let book = GitBook(["invoices/INV-0001.yaml": sentInvoice()])
        book.git("add", "--all")
        try expectFindings(book, [])
        try expectFindings(book, staged: true, [])
        #expect(try BookHistory.stagedFiles(at: book.root).keys.sorted() == ["clients/acme.yaml", "invoic.yaml", "invoices/INV-0001.yaml"])
    }
}

@Suite struct NoRepository {
    @Test func aBookOutsideGitSaysSoClearly() throws {
        let book = GitBook(["invoices/INV-0001.yaml": sentInvoice()], initialize: false)
        #expect(throws: HistoryError.notARepository(book.root)) { try BookHistory.read(at: book.root) }
        let warning = HistoryIsReadable.diagnostic(.notARepository("."), asked: false)
        #expect(warning.severity == .warning)
        #expect(warning.code.name == "history-unavailable")
        #expect(warning.message == "this book is not in a git repository, so its history cannot be checked")
        #expect(HistoryIsReadable.diagnostic(.notARepository("."), asked: true).severity == .error)
        #expect(BookHistory.issuingCommits(root: book.root).isEmpty)
    }
}

@Suite struct Rules {
    @Test func everyCodeHasARuleAndNoneClashesWithTheChecks() {
        let codes = BookHistory.rules.map(\.code.name)
        #expect(codes == ["accepted-estimate-changed", "history-unavailable", "issued-date-moved", "issued-invoice-changed",
                          "issued-invoice-deleted", "number-not-reserved", "number-reused"])
        #expect(Set(codes).isDisjoint(with: Rule.all.map(\.code.name)))
        for rule in BookHistory.rules {
            #expect(!rule.explanation.isEmpty && !rule.example.isEmpty && !rule.summary.hasSuffix("."), "\(rule.code)")
        }
    }

    @Test func theIssuingCommitOfEachInvoice() throws {
        let book = GitBook(["invoices/INV-0001.yaml": invoice(), "invoices/INV-0002.yaml": sentInvoice(issued: "2026-03-02", sent: "2026-03-02"),
                            "estimates/EST-0001.yaml": invoice() + "accepted: 2026-03-01\n"])
        let first = book.commit("Start")
        book.write("invoices/INV-0001.yaml", invoice() + "sent: 2026-03-03\n")
        let second = book.commit("Send INV-0001")
        let commits = try BookHistory.read(at: book.root).issuingCommits()
        #expect(commits.mapValues(\.shortHash) == ["INV-0001": second, "INV-0002": first])
        #expect(commits["INV-0001"]?.date == Day("2026-03-02"))
    }
}
