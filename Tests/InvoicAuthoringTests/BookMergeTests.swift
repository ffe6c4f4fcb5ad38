import Testing
@testable import InvoicAuthoring

/// The merge driver's meaning-level merge, on hand-made versions: each expected file is written
/// out here by hand, byte for byte.
@Suite struct BookMergeTests {
    /// A draft with a comment on top, comments between keys, and flow and block items.
    static let draft = """
        # Spring campaign, second part
        client: acme
        issued: 2026-03-01
        # due later than usual: agreed on the phone
        due: 2026-04-15
        items:
          - description: Design
            quantity: 2
            price: 100.00
        notes: Thank you.

        """

    static let sent = """
        client: acme
        issued: 2026-03-01
        sent: 2026-03-02  # by mail
        items:
          - { description: Design, quantity: 2, price: 100.00 }

        """

    func merge(_ base: String, _ ours: String, _ theirs: String, path: String = "invoices/INV-0007.yaml") throws -> BookMerge.Merged {
        try #require(BookMerge.merge(base: base, ours: ours, theirs: theirs, path: path))
    }

    @Test func paymentsOfBothSidesAreKeptAndTheSamePaymentOnce() throws {
        let ours = Self.sent + """
            payments:
              - date: 2026-03-10
                amount: 50.00
                method: bank_transfer
                reference: TRX-1
              - { date: 2026-03-11, amount: 20.00, method: cash }

            """
        let theirs = Self.sent + """
            payments:
              # the bank's statement of 10 March
              - date: 2026-03-10
                amount: 50.00
                method: bank_transfer
                reference: TRX-1
                note: matched
              - date: 2026-03-12
                amount: 30.00
                method: card
                reference: TRX-2

            """
        let merged = try merge(Self.sent, ours, theirs)
        #expect(merged.conflicts.isEmpty)
        // TRX-1 is one payment (same date, amount, method, reference), as our side wrote it.
        #expect(merged.text == Self.sent + """
            payments:
              - date: 2026-03-10
                amount: 50.00
                method: bank_transfer
                reference: TRX-1
              - { date: 2026-03-11, amount: 20.00, method: cash }
              - date: 2026-03-12
                amount: 30.00
                method: card
                reference: TRX-2

            """)
    }

    @Test func aPaymentRemovedOnOneSideStaysRemovedWhileTheOtherAdds() throws {
        let base = Self.sent + "payments:\n  - { date: 2026-03-10, amount: 50.00, method: cash }\n"
        let ours = Self.sent + "payments:\n  - { date: 2026-03-10, amount: 50.00, method: cash }\n  - { date: 2026-03-12, amount: 10.00, method: cash }\n"
        let theirs = Self.sent + "payments:\n  - { date: 2026-03-11, amount: 50.00, method: cash }\n"
        let merged = try merge(base, ours, theirs)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == Self.sent + "payments:\n  - { date: 2026-03-12, amount: 10.00, method: cash }\n  - { date: 2026-03-11, amount: 50.00, method: cash }\n")
    }

    @Test func oneSideVoidsWhileTheOtherPays() throws {
        let ours = Self.sent + "void: { date: 2026-03-20, reason: Issued twice }\n"
        let theirs = Self.sent + "payments:\n  - { date: 2026-03-10, amount: 50.00, method: cash }\n"
        let merged = try merge(Self.sent, ours, theirs)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == Self.sent + "payments:\n  - { date: 2026-03-10, amount: 50.00, method: cash }\nvoid: { date: 2026-03-20, reason: Issued twice }\n")
    }

    @Test func twoEditsOfDifferentFieldsOfADraftBothLandWithTheComments() throws {
        let ours = Self.draft.replacingOccurrences(of: "due: 2026-04-15", with: "due: 2026-04-30")
        let theirs = Self.draft.replacingOccurrences(of: "    price: 100.00", with: "    price: 120.00")
        let merged = try merge(Self.draft, ours, theirs)
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == """
            # Spring campaign, second part
            client: acme
            issued: 2026-03-01
            # due later than usual: agreed on the phone
            due: 2026-04-30
            items:
              - description: Design
                quantity: 2
                price: 120.00
            notes: Thank you.

            """)
    }

    @Test func twoEditsOfOneFieldOfADraftAreAConflictAroundThatFieldOnly() throws {
        let ours = Self.draft.replacingOccurrences(of: "due: 2026-04-15", with: "due: 2026-04-30")
        let theirs = Self.draft.replacingOccurrences(of: "due: 2026-04-15", with: "due: 2026-05-15")
            .replacingOccurrences(of: "notes: Thank you.", with: "notes: Thanks!")
        let merged = try merge(Self.draft, ours, theirs)
        #expect(merged.text == """
            # Spring campaign, second part
            client: acme
            issued: 2026-03-01
            <<<<<<< ours
            # due later than usual: agreed on the phone
            due: 2026-04-30
            =======
            # due later than usual: agreed on the phone
            due: 2026-05-15
            >>>>>>> theirs
            items:
              - description: Design
                quantity: 2
                price: 100.00
            notes: Thanks!

            """)
        #expect(merged.conflicts == [BookMerge.Conflict(line: 4, message: "both sides changed `due` of draft INV-0007; keep one between the markers")])
    }

    @Test func anIssuedInvoiceEditedOnOneSideIsAConflictNamingTheRule() throws {
        let ours = Self.sent + "payments:\n  - { date: 2026-03-10, amount: 50.00, method: cash }\n"
        let theirs = Self.sent.replacingOccurrences(of: "price: 100.00", with: "price: 90.00")
        let merged = try merge(Self.sent, ours, theirs)
        #expect(merged.text == """
            client: acme
            issued: 2026-03-01
            sent: 2026-03-02  # by mail
            <<<<<<< ours
            items:
              - { description: Design, quantity: 2, price: 100.00 }
            =======
            items:
              - { description: Design, quantity: 2, price: 90.00 }
            >>>>>>> theirs
            payments:
              - { date: 2026-03-10, amount: 50.00, method: cash }

            """)
        #expect(merged.conflicts.count == 1)
        #expect(merged.conflicts.first?.message.hasPrefix("`items` of INV-0007 was changed on their side, but INV-0007 was issued in the base version (rule issued-invoice-changed") == true)
    }

    @Test func theSameEditOnBothSidesIsNoConflictAndKeyOrderIsOurs() throws {
        let ours = "name: Acme\nemail: a@acme.test\nterms: 14\n"
        let theirs = "terms: 14\nname: Acme\nemail: b@acme.test\nphone: +43 1 234\n"
        let merged = try merge("name: Acme\nterms: 14\n", ours, theirs, path: "clients/acme.yaml")
        // A key only their side added goes after the key it follows there.
        #expect(merged.text == "name: Acme\n<<<<<<< ours\nemail: a@acme.test\n=======\nemail: b@acme.test\n>>>>>>> theirs\nphone: +43 1 234\nterms: 14\n")
        #expect(merged.conflicts.map(\.message) == ["both sides changed `email` of acme; keep one between the markers"])
        let clean = try merge("name: Acme\nterms: 14\n", "name: Acme\nterms: 30\n", "name: Acme\nterms: 30\nphone: +43 1 234\n", path: "clients/acme.yaml")
        #expect(clean.text == "name: Acme\nterms: 30\nphone: +43 1 234\n")
        #expect(clean.conflicts.isEmpty)
    }

    @Test func outboxAttemptsOfBothSidesAreKept() throws {
        let base = "number: INV-0007\nattempts:\n  - key: \"a1\"\n    provider: scrada\n"
        let ours = base + "  - key: \"a2\"\n    provider: scrada\n"
        let theirs = base + "  - key: \"a3\"\n    provider: scrada\n"
        let merged = try merge(base, ours, theirs, path: "outbox/2026/INV-0007/peppol.yaml")
        #expect(merged.conflicts.isEmpty)
        #expect(merged.text == base + "  - key: \"a2\"\n    provider: scrada\n  - key: \"a3\"\n    provider: scrada\n")
    }

    @Test func whatIsNotAPlainMappingIsLeftToGit() {
        #expect(BookMerge.merge(base: "a: 1\n", ours: "a: [1\n", theirs: "a: 2\n", path: "x.yaml") == nil)
        #expect(BookMerge.merge(base: "{a: 1}\n", ours: "{a: 2}\n", theirs: "{a: 1}\n", path: "x.yaml") == nil)
        #expect(BookMerge.merge(base: "- 1\n", ours: "- 2\n", theirs: "- 1\n", path: "x.yaml") == nil)
        #expect(BookMerge.merge(base: "\u{FEFF}a: 1\n", ours: "a: 2\n", theirs: "a: 1\n", path: "x.yaml") == nil)
    }
}
