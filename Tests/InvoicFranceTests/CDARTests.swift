import Foundation
import InvoicBook
import InvoicFrance
import InvoicInbox
import InvoicMoney
import InvoicTestSupport
import InvoicXMLSchema
import Testing

/// France's life cycle (issue 46 point 3, docs/france.md): CDAR status messages read, kept with
/// the sent invoice, shown by check, and the seller's own "encaissée" written valid against the
/// CDAR D22B XSD and the FNFE-MPE CDAR schematron. The messages are written here, at run time,
/// after the shape of XP Z12-012 Annexe B's examples (Cycle de Vie - CDAR), never copied.
@Suite struct CDARTests {
    static let repository = Standards.repository
    static let xsd = repository.appendingPathComponent("resources/schemas/fr-cdar/CrossDomainAcknowledgementAndResponse_100pD22B.xsd").path
    static let schematron = "fr-ctc/20260804_BR-FR-CDV-Schematron-CDAR_V1.4.0.03.sch"
    static let python = ProcessInfo.processInfo.environment["EINVOICE_PYTHON"].map(URL.init(fileURLWithPath:))
        ?? repository.appendingPathComponent(".build/einvoice-venv/bin/python")

    static let siren = FrenchLifeCycle.siren
    static let paidInvoice = FrenchLifeCycle.paidInvoice
    static func book(_ settingsExtra: String = "", invoice: String = FrenchLifeCycle.paidInvoice) -> TestBook { FrenchLifeCycle.book(settingsExtra, invoice: invoice) }
    static func message(code: Int, name: String, number: String = "F2026-001", issued: String = "20261015", seller: String = FrenchLifeCycle.siren,
                        issuerRole: String = "WK", reason: (code: String, text: String)? = nil, amount: String? = nil, percent: String? = nil,
                        at: String = "20261016090000") -> [UInt8] {
        FrenchLifeCycle.message(code: code, name: name, number: number, issued: issued, seller: seller, issuerRole: issuerRole, reason: reason,
                                amount: amount, percent: percent, at: at)
    }

    static func schema() throws -> XMLSchema { try XMLSchema(path: xsd) }

    // MARK: reading

    /// Every status of XP Z12-012's nominal case and the two with a motif, read field by field:
    /// the expected values are written here by hand from the standard's table of statuses.
    @Test func readsEachStatusOfTheLifeCycle() throws {
        let schema = try Self.schema()
        let expected: [(Int, String, String)] = [
            (200, "Déposée", "305"), (202, "Reçue par la plateforme", "305"), (203, "Mise à disposition", "305"), (204, "Prise en charge", "23"),
            (205, "Approuvée", "23"), (211, "Paiement transmis", "23"),
        ]
        for (code, name, phase) in expected {
            let bytes = Self.message(code: code, name: name, amount: code == 211 ? "4080.00" : nil)
            #expect(schema.validate(bytes) == [], "the test's own \(code) is not a valid CDAR")
            let message = try CDARReader.read(bytes)
            let reference = try #require(message.references.first)
            #expect(reference.status.code == code)
            #expect(reference.status.name == name)
            #expect(message.phase == phase)
            #expect(reference.number == "F2026-001")
            #expect(reference.issued == Day(year: 2026, month: 10, day: 15))
            #expect(reference.sellerSIREN == "732829320")
            #expect(reference.date == "20261016090000")
            #expect(message.issuer.role == "WK")
        }
        let paid = try CDARReader.read(Self.message(code: 211, name: "Paiement transmis", amount: "4080.00"))
        #expect(paid.references[0].amounts == [CDARMessage.Amount(kind: "MPA", money: Money(408_000, Currency.named("EUR")!), percent: nil)])

        let cashed = try CDARReader.read(Self.message(code: 212, name: "Encaissée", issuerRole: "BY", amount: "12000", percent: "20.00"))
        #expect(cashed.references[0].status.name == "Encaissée")
        #expect(cashed.references[0].amounts == [CDARMessage.Amount(kind: "MEN", money: Money(1_200_000, Currency.named("EUR")!), percent: "20.00")])

        for (code, name, motif) in [(210, "Refusée", ("DOUBLON", "Facture en double")), (207, "En litige", ("TX_TVA_ERR", "Taux de TVA erroné"))] {
            let bytes = Self.message(code: code, name: name, issuerRole: "BY", reason: motif)
            #expect(schema.validate(bytes) == [])
            let message = try CDARReader.read(bytes)
            #expect(message.issuer.role == "BY" && message.issuer.id == "123456782")
            #expect(message.references[0].status.name == name)
            #expect(message.references[0].reasons == [CDARMessage.Reason(code: motif.0, text: motif.1, action: nil)])
        }
    }

    /// A CDAR is told by its first element, not by its name anywhere in the file.
    @Test func aCDARIsToldByItsRootElement() {
        #expect(CDARReader.looksLikeCDAR(Self.message(code: 200, name: "Déposée")))
        #expect(CDARReader.looksLikeCDAR(Array("\u{FEFF}<?xml version=\"1.0\"?><!-- a --><CrossDomainAcknowledgementAndResponse/>".utf8)))
        #expect(!CDARReader.looksLikeCDAR(Array("<?xml version=\"1.0\"?><Invoice><Note>rsm:CrossDomainAcknowledgementAndResponse</Note></Invoice>".utf8)))
        #expect(!CDARReader.looksLikeCDAR(Array("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >> (rsm:CrossDomainAcknowledgementAndResponse)".utf8)))
    }

    /// Hostile and broken messages: each an error that says what is wrong, never a crash.
    @Test func refusesHostileMessagesPrecisely() throws {
        func error(_ bytes: [UInt8]) -> String {
            do { _ = try CDARReader.read(bytes); return "read" } catch { return error.message }
        }
        let ubl = Array("<?xml version=\"1.0\"?><Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\"><ID>1</ID></Invoice>".utf8)
        #expect(error(ubl).contains("root element is `Invoice`"))
        let alien = Array(String(decoding: Self.message(code: 200, name: "Déposée"), as: UTF8.self)
            .replacingOccurrences(of: "CrossDomainAcknowledgementAndResponse:100\"", with: "CrossDomainAcknowledgementAndResponse:999\"").utf8)
        #expect(error(alien).contains("not a CDAR's"))
        #expect(error(Self.message(code: 299, name: "Inventée")).contains("`299` is not one of XP Z12-012's"))
        #expect(error(Self.message(code: 210, name: "Refusée", issuerRole: "BY")).contains("gives no motif"))
        #expect(error(Self.message(code: 212, name: "Encaissée", amount: "12.345")).contains("is not an amount in EUR"))
        #expect(error(Self.message(code: 200, name: "Déposée", issued: "2026-10-15")).contains("not a date written YYYYMMDD"))
        var huge = Self.message(code: 200, name: "Déposée")
        huge += Array(repeating: UInt8(ascii: " "), count: 2 << 20)
        #expect(error(huge).contains("more than the 1024 KiB"))
        let laughs = Array("""
            <?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100">&b;</rsm:CrossDomainAcknowledgementAndResponse>
            """.utf8)
        #expect(error(laughs).contains("DOCTYPE"))
        let external = Array("""
            <?xml version="1.0"?><!DOCTYPE r SYSTEM "file:///etc/passwd"><r/>
            """.utf8)
        #expect(error(external).contains("DOCTYPE"))
        let deep = Array(("<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm=\"urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100\">"
            + String(repeating: "<a>", count: 5000) + String(repeating: "</a>", count: 5000) + "</rsm:CrossDomainAcknowledgementAndResponse>").utf8)
        #expect(error(deep).contains("nests deeper"))
        let cut = Array(Self.message(code: 200, name: "Déposée").prefix(900))
        #expect(error(cut).contains("not well-formed"))
        #expect(error([]).contains("holds no XML element") || error([]).contains("not well-formed"))
    }

    // MARK: receiving

    /// `invoic receive`'s entry keeps a status with the invoice it names, once; a second status
    /// comes after it; one about no document of the book, or about another seller's invoice of the
    /// same number, is refused with nothing written.
    @Test func receiveKeepsEachStatusOnceWithItsInvoice() throws {
        let book = Self.book()
        defer { book.remove() }
        let deposited = Self.message(code: 200, name: "Déposée")
        let first = Inbox.receive(bytes: deposited, filename: "cdv.xml", into: book.root)
        #expect(first.map(\.status) == [.received])
        #expect(first.first?.record == "outbox/2026/F2026-001/cdar/001-200.xml")
        #expect(first.first?.number == "F2026-001" && first.first?.lifeCycleStatus == "200 Déposée")
        let kept = try Data(contentsOf: URL(fileURLWithPath: book.root + "/outbox/2026/F2026-001/cdar/001-200.xml"))
        #expect(Array(kept) == deposited)

        let again = Inbox.receive(bytes: deposited, filename: "cdv-again.xml", into: book.root)
        #expect(again.map(\.status) == [.duplicate])
        #expect(again.first?.record == "outbox/2026/F2026-001/cdar/001-200.xml")

        let approved = Inbox.receive(bytes: Self.message(code: 205, name: "Approuvée", issuerRole: "BY", at: "20261020100000"), filename: "a.xml", into: book.root)
        #expect(approved.first?.record == "outbox/2026/F2026-001/cdar/002-205.xml")

        func refusal(_ bytes: [UInt8]) -> String? {
            let outcome = Inbox.receive(bytes: bytes, filename: "x.xml", into: book.root)
            #expect(outcome.map(\.status) == [.refused])
            return outcome.first?.refusal?.message
        }
        #expect(refusal(Self.message(code: 200, name: "Déposée", number: "F2026-999"))?.contains("`F2026-999`, which is no invoice or credit note of this book") == true)
        #expect(refusal(Self.message(code: 200, name: "Déposée", seller: "123456782"))?.contains("names the seller SIREN 123456782, not this book's 732829320") == true)
        #expect(refusal(Self.message(code: 200, name: "Déposée", issued: "20261016"))?.contains("dated 2026-10-15") == true)
        #expect(refusal(Self.message(code: 299, name: "Inventée"))?.contains("not one of") == true)
        let files = try FileManager.default.contentsOfDirectory(atPath: book.root + "/outbox/2026/F2026-001/cdar").sorted()
        #expect(files == ["001-200.xml", "002-205.xml"])
    }

    // MARK: check

    /// The latest status asks the seller to act: `check` warns, naming the motif.
    @Test func checkWarnsOfARefusalWithItsMotif() throws {
        let book = Self.book()
        defer { book.remove() }
        _ = Inbox.receive(bytes: Self.message(code: 200, name: "Déposée"), filename: "1.xml", into: book.root)
        _ = Inbox.receive(bytes: Self.message(code: 207, name: "En litige", issuerRole: "BY", reason: ("TX_TVA_ERR", "Taux de TVA erroné"), at: "20261017090000"),
                          filename: "2.xml", into: book.root)
        let checked = book.checkKeeping()
        let (diagnostics, _) = LifeCycleChecks.diagnostics(book: checked.book, root: book.root)
        #expect(diagnostics.map(\.code) == [LifeCycleChecks.status])
        #expect(diagnostics.first?.message == "F2026-001: 207 En litige, motif: TX_TVA_ERR Taux de TVA erroné (outbox/2026/F2026-001/cdar/002-207.xml)")
        #expect(diagnostics.first?.file == "invoices/F2026-001.yaml" && diagnostics.first?.severity == .warning)
        // Settled: the buyer approves it, and nothing is left to say.
        _ = Inbox.receive(bytes: Self.message(code: 205, name: "Approuvée", issuerRole: "BY", at: "20261018090000"), filename: "3.xml", into: book.root)
        #expect(LifeCycleChecks.diagnostics(book: book.checkKeeping().book, root: book.root).diagnostics.isEmpty)
        let latest = try #require(LifeCycleChecks.latest(book: book.checkKeeping().book, root: book.root)["F2026-001"])
        #expect(LifeCycleChecks.summary(latest).state == "205 Approuvée" && LifeCycleChecks.summary(latest).since == "2026-10-18")
    }

    /// A status of an earlier step after a later one, a status after a refusal, and one set after
    /// the book voided the invoice are reported.
    @Test func checkReportsStatusesOutOfOrderOrAfterAVoid() throws {
        let book = Self.book(invoice: """
            client: rhone
            issued: 2026-10-15
            sent: 2026-10-15
            items:
              - { description: Conseil, quantity: 4, unit: day, price: 850.00 }
            void: { date: 2026-10-20, reason: erreur de client }
            """)
        defer { book.remove() }
        _ = Inbox.receive(bytes: Self.message(code: 205, name: "Approuvée", issuerRole: "BY", at: "20261016090000"), filename: "1.xml", into: book.root)
        _ = Inbox.receive(bytes: Self.message(code: 202, name: "Reçue par la plateforme", at: "20261017090000"), filename: "2.xml", into: book.root)
        _ = Inbox.receive(bytes: Self.message(code: 210, name: "Refusée", issuerRole: "BY", reason: ("DOUBLON", "Facture en double"), at: "20261018090000"), filename: "3.xml", into: book.root)
        _ = Inbox.receive(bytes: Self.message(code: 211, name: "Paiement transmis", issuerRole: "BY", amount: "4080.00", at: "20261025090000"), filename: "4.xml", into: book.root)
        let messages = LifeCycleChecks.diagnostics(book: book.checkKeeping().book, root: book.root).diagnostics.map(\.message)
        #expect(messages == [
            "F2026-001: 202 Reçue par la plateforme (outbox/2026/F2026-001/cdar/002-202.xml) came after 205 Approuvée, a later step of the life cycle",
            "F2026-001: the platform sent 211 Paiement transmis (outbox/2026/F2026-001/cdar/004-211.xml) after 210 Refusée, which ends the invoice's life cycle",
            "F2026-001: 211 Paiement transmis was set on 2026-10-25, after the book voided the invoice on 2026-10-20",
        ])
    }

    /// A kept message damaged since is reported, not skipped.
    @Test func checkReportsAKeptMessageThatNoLongerReads() throws {
        let book = Self.book()
        defer { book.remove() }
        book.write("outbox/2026/F2026-001/cdar/001-200.xml", "<broken")
        let diagnostics = LifeCycleChecks.diagnostics(book: book.checkKeeping().book, root: book.root).diagnostics
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.hasPrefix("F2026-001: the life-cycle message outbox/2026/F2026-001/cdar/001-200.xml cannot be read: ") == true)
    }

    /// A kept message the CDAR D22B XSD refuses (an element the schema does not have) is read
    /// all the same and reported.
    @Test func checkReportsAKeptMessageTheSchemaRefuses() throws {
        let book = Self.book()
        defer { book.remove() }
        let text = String(decoding: Self.message(code: 205, name: "Approuvée", issuerRole: "BY"), as: UTF8.self)
            .replacingOccurrences(of: "<ram:TypeCode>380</ram:TypeCode>", with: "<ram:TypeCode>380</ram:TypeCode><ram:Bogus>1</ram:Bogus>")
        #expect(Inbox.receive(bytes: Array(text.utf8), filename: "x.xml", into: book.root).map(\.status) == [.received])
        let messages = LifeCycleChecks.diagnostics(book: book.checkKeeping().book, root: book.root).diagnostics.map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("F2026-001: the life-cycle message outbox/2026/F2026-001/cdar/001-205.xml does not follow the CDAR D22B schema (line ") == true, "\(messages)")
        #expect(messages.first?.contains("Bogus") == true)
    }

    // MARK: the seller's "encaissée"

    /// A service paid in full, VAT due on receipt: one 212 with the 4,080.00 received at 20 %,
    /// valid against the CDAR XSD, the same bytes each time, no longer pending once kept.
    @Test func aPaidServiceOwesOneEncaissee() throws {
        let book = Self.book()
        defer { book.remove() }
        let checked = book.checkKeeping()
        #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(checked.diagnostics.map(\.message))")
        let statuses = SellerStatuses.pending(book: checked.book, root: book.root)
        #expect(statuses.map(\.fileName) == ["F2026-001-212-1.xml"])
        let status = try #require(statuses.first)
        #expect(status.id == "F2026-001_212_20261110_1")
        #expect(try Self.schema().validate(status.bytes) == [])
        let read = try CDARReader.read(status.bytes)
        #expect(read.issuer == CDARMessage.Party(id: "732829320", scheme: "0002", name: "Atelier Test SARL", role: "SE"))
        #expect(read.references[0].status.code == 212 && read.references[0].issued == Day(year: 2026, month: 10, day: 15))
        #expect(read.references[0].amounts == [CDARMessage.Amount(kind: "MEN", money: Money(408_000, Currency.named("EUR")!), percent: "20.00")])
        #expect(SellerStatuses.pending(book: book.checkKeeping().book, root: book.root).first?.bytes == status.bytes)

        // Sent and kept: nothing left to send; the check has nothing to say of an encaissée.
        let document = try #require(checked.book.document("F2026-001"))
        _ = try LifeCycle.keep(status.bytes, code: 212, for: document, root: book.root)
        #expect(SellerStatuses.pending(book: book.checkKeeping().book, root: book.root).isEmpty)
        #expect(SellerStatuses.all(book: book.checkKeeping().book).count == 1)
    }

    /// `check` warns of each 212 still owed, at its payment (invoices/F2026-001.yaml line 7, the
    /// date at column 13), with or without invoic's `platform:` (the obligation is the seller's);
    /// kept, it is no longer owed; a consumer's payment is e-reported, not warned of here.
    @Test func checkWarnsOfEachEncaisseeStillOwedAtItsPayment() throws {
        for extra in ["", "platform: { flow_url: https://pa.example/flow-service, directory_url: https://pa.example/directory-service }"] {
            let book = Self.book(extra)
            defer { book.remove() }
            let checked = book.checkKeeping()
            #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(checked.diagnostics.map(\.message))")
            let warnings = LifeCycleChecks.unsentStatuses(book: checked.book, root: book.root)
            #expect(warnings.map(\.code) == [LifeCycleChecks.unsent])
            let warning = try #require(warnings.first)
            #expect(warning.severity == .warning)
            #expect(warning.message == "F2026-001: the payment of 2026-11-10 is not reported to the platform yet (212 Encaissée, F2026-001_212_20261110_1)")
            #expect(warning.file == "invoices/F2026-001.yaml")
            #expect(warning.range?.start.line == 7 && warning.range?.start.column == 13, "\(String(describing: warning.range))")
            #expect(warning.help?.contains("`invoic pa send`") == true)

            let status = try #require(SellerStatuses.pending(book: checked.book, root: book.root).first)
            _ = try LifeCycle.keep(status.bytes, code: 212, for: try #require(checked.book.document("F2026-001")), root: book.root)
            #expect(LifeCycleChecks.unsentStatuses(book: book.checkKeeping().book, root: book.root).isEmpty)
        }
        // The same payment from a client without a SIREN (a consumer): Flux 10, no CDAR.
        let consumer = TestBook(["invoices/F2026-001.yaml": FrenchLifeCycle.paidInvoice], settings: FrenchLifeCycle.settings(),
                                clients: ["rhone": "name: Jeanne Martin\naddress: { street: 3 rue Neuve, city: Lyon, postal_code: \"69003\", country: FR }\n"])
        defer { consumer.remove() }
        let checked = consumer.checkKeeping()
        #expect(SellerStatuses.pending(book: checked.book, root: consumer.root).count == 1)
        #expect(LifeCycleChecks.unsentStatuses(book: checked.book, root: consumer.root).isEmpty)
    }

    /// Two rates on one invoice: 1,000.00 at 20 % (1,200.00) and 500.00 at 10 % (550.00), total
    /// 1,750.00; a payment of 700.00 is 480.00 at 20 % and 220.00 at 10 % (700 x 1200/1750 = 480,
    /// exactly: no cent to place; EncaisseeSplitTests has the cents).
    @Test func aPaymentIsSharedOverTheVATRates() throws {
        let book = Self.book(invoice: """
            client: rhone
            issued: 2026-10-15
            items:
              - { description: Conseil, quantity: 1, price: 1000.00 }
              - { description: Formation, quantity: 1, price: 500.00, tax: 10% }
            payments:
              - { date: 2026-11-02, amount: 700.00, method: transfer }
            """)
        defer { book.remove() }
        let statuses = SellerStatuses.pending(book: book.checkKeeping().book, root: book.root)
        let amounts = try CDARReader.read(try #require(statuses.first).bytes).references[0].amounts
        let euro = Currency.named("EUR")!
        #expect(amounts.map(\.money) == [Money(48_000, euro), Money(22_000, euro)] || amounts.map(\.money) == [Money(22_000, euro), Money(48_000, euro)])
        #expect(Set(amounts.compactMap(\.percent)) == ["20.00", "10.00"])
    }

    /// No encaissée where VAT is due on the invoice (vat_on_debits), or for goods (B1).
    @Test func noEncaisseeWhereVATIsDueOnTheInvoice() throws {
        for extra in ["  vat_on_debits: true", "  billing_mode: B1"] {
            let book = Self.book(extra)
            defer { book.remove() }
            #expect(SellerStatuses.pending(book: book.checkKeeping().book, root: book.root).isEmpty, "\(extra)")
        }
    }

    /// Every CDAR invoic writes passes the FNFE-MPE CDAR schematron (scripts/schematron.py over
    /// saxonche), and the runner fails a message that breaks BR-FR-CDV-14 (an encaissée without its rate).
    @Test func theEncaisseePassesTheCDARSchematron() throws {
        try #require(FileManager.default.fileExists(atPath: Standards.path(Self.schematron)), "../shared/standards/fr-ctc is absent")
        try #require(FileManager.default.fileExists(atPath: Self.python.path), "the test venv (scripts/einvoice-venv.sh) is absent")
        let book = Self.book(invoice: """
            client: rhone
            issued: 2026-10-15
            items:
              - { description: Conseil, quantity: 1, price: 1000.00 }
              - { description: Formation, quantity: 1, price: 500.00, tax: 10% }
            payments:
              - { date: 2026-11-02, amount: 700.00, method: transfer }
              - { date: 2026-11-20, amount: 1050.00, method: transfer }
            """)
        defer { book.remove() }
        let statuses = SellerStatuses.pending(book: book.checkKeeping().book, root: book.root)
        #expect(statuses.count == 2)
        var files: [String] = []
        for status in statuses {
            let path = book.root + "/" + status.fileName
            try Data(status.bytes).write(to: URL(fileURLWithPath: path))
            files.append(path)
        }
        let broken = book.root + "/broken.xml"
        try Data(String(decoding: statuses[0].bytes, as: UTF8.self).replacingOccurrences(of: "<ram:ValuePercent>20.00</ram:ValuePercent>", with: "").utf8)
            .write(to: URL(fileURLWithPath: broken))
        let runner = Self.repository.appendingPathComponent("scripts/schematron.py").path
        let result = try runProcess(Self.python, [runner, Standards.path(Self.schematron)] + files)
        #expect(result.status == 0 && result.stdout.isEmpty, "\(result.stdout)\(result.stderr)")
        let failing = try runProcess(Self.python, [runner, Standards.path(Self.schematron), broken])
        #expect(failing.status == 1 && failing.stdout.contains("BR-FR-CDV-14_MDT-207"), "\(failing.stdout)\(failing.stderr)")
    }
}
