import Foundation
import InvoicTestSupport
import Testing

/// `invoic pa` through the built binary against Tests/Fixtures/pa/fake_pa.py, a stand-in for an
/// approved platform written from the AFNOR XP Z12-013 annexes A (Flow Service) and B (Directory
/// Service): it checks every request's shape and the declared SHA-256, keeps the flows, builds the
/// CDAR status messages a platform returns, and can refuse, drop and lose.
@Suite(.serialized) struct PlatformCommandTests {
    static let token = "pa-test-token-0123456789abcdef"

    final class FakePlatform {
        let process = Process()
        let state: URL
        let port: Int

        init(_ config: [String: Any] = [:]) throws {
            state = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-pa-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
            try Self.write(config, to: state)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", Invoic.fixtures.appendingPathComponent("pa/fake_pa.py").path, state.path]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
            var line = Data()
            while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
            let words = String(decoding: line, as: UTF8.self).split(separator: " ")
            port = words.count == 2 ? Int(words[1]) ?? 0 : 0
            if port == 0 { Issue.record("the fake platform did not start") }
        }

        static func write(_ config: [String: Any], to state: URL) throws {
            var full: [String: Any] = ["token": PlatformCommandTests.token]
            full.merge(config) { $1 }
            try JSONSerialization.data(withJSONObject: full).write(to: state.appendingPathComponent("config.json"))
        }

        func configure(_ config: [String: Any]) throws { try Self.write(config, to: state) }

        var base: String { "http://127.0.0.1:\(port)" }

        func requests() throws -> [[String: Any]] {
            guard let text = try? String(contentsOf: state.appendingPathComponent("requests.jsonl"), encoding: .utf8) else { return [] }
            return try text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        }

        /// The flows it took (whether or not its answer reached invoic).
        func taken() throws -> [[String: Any]] { try requests().filter { $0["taken"] != nil } }
        func deposits() throws -> Int { try requests().count { ($0["path"] as? String)?.hasSuffix("/v1/flows") == true && $0["method"] as? String == "POST" } }
        func downloads() throws -> [String] { try requests().compactMap { $0["downloaded"] as? String } }
        func violations() throws -> [String] { try requests().compactMap { $0["violation"] as? String } }

        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: state)
        }
    }

    /// examples/conseil with F2026-003, issued 2026-11-20, and the fake as its platform; CII
    /// unless `syntax` says otherwise (nil: the book's default, Factur-X).
    static func makeBook(_ server: FakePlatform, syntax: String? = "cii", extra: String = "") throws -> URL {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("conseil"))
        try """
            client: rhone-logistique
            issued: 2026-11-20
            period: { from: 2026-10-01, to: 2026-10-31 }
            items:
              - { description: "Accompagnement, octobre 2026", quantity: 3, unit: day, price: 850.00 }
            """.write(to: book.appendingPathComponent("invoices/F2026-003.yaml"), atomically: true, encoding: .utf8)
        let settings = book.appendingPathComponent("invoic.yaml")
        var text = try String(contentsOf: settings, encoding: .utf8)
        text += """

            platform:
              flow_url: \(server.base)/flow-service
              directory_url: \(server.base)/directory-service

            """
        if let syntax { text += "  syntax: \(syntax)\n" }
        text += extra
        try text.write(to: settings, atomically: true, encoding: .utf8)
        return book
    }

    static func pa(_ arguments: [String], _ book: URL, environment: [String: String] = ["INVOIC_PA_TOKEN": PlatformCommandTests.token]) throws -> ProcessOutput {
        try runProcess(Invoic.binary, ["pa"] + arguments + ["--today", "2026-11-21", "-C", book.path],
                       environment: ["NO_COLOR": "1"].merging(environment) { $1 }, dropping: { $0.hasPrefix("INVOIC_PA_") })
    }

    static func text(_ book: URL, _ path: String) throws -> String {
        try String(contentsOf: book.appendingPathComponent(path), encoding: .utf8)
    }

    static let record = "outbox/2026/F2026-003/pa.yaml"

    /// The value of `key:` in the record's last attempt (or its last history entry), unquoted.
    static func last(_ key: String, in text: String) -> String? {
        text.split(separator: "\n").last { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(key): ") || $0.trimmingCharacters(in: .whitespaces).hasPrefix("- \(key): ") }
            .map { String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) }
    }

    static func expectNoViolation(_ server: FakePlatform, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let violations = try server.violations()
        #expect(violations.isEmpty, "\(violations)", sourceLocation: sourceLocation)
    }

    static func sha256(_ data: Data) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pa-sha-\(UUID().uuidString)")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let out = try runProcess(URL(fileURLWithPath: "/usr/bin/sha256sum"), [file.path])
        return String(out.stdout.prefix(64))
    }

    @Test func sendsTheBuiltFileOnceWithTheAnnexMetadata() throws {
        let server = try FakePlatform()
        defer { server.stop() }
        let book = try Self.makeBook(server)
        defer { try? FileManager.default.removeItem(at: book) }
        #expect(try Invoic.run(["build", "--today", "2026-11-21", "-C", book.path]).status == 0)

        let sent = try Self.pa(["send", "F2026-003"], book)
        #expect(sent.status == 0, "\(sent.stdout)\n\(sent.stderr)")
        try Self.expectNoViolation(server)
        // The platform got exactly the CII `build` wrote, and the SHA-256 it checked is that file's.
        let built = try Data(contentsOf: book.appendingPathComponent("build/F2026-003.cii.xml"))
        let taken = try server.taken()
        #expect(taken.count == 1)
        let builtSHA = try Self.sha256(built)
        #expect(taken.first?["sha256"] as? String == builtSHA)
        #expect(taken.first?["invoice"] as? String == "F2026-003")
        // The record: the bytes beside it, the tracking id the platform has, its flow id, deposited.
        let record = try Self.text(book, Self.record)
        #expect(try Data(contentsOf: book.appendingPathComponent("outbox/2026/F2026-003/F2026-003.cii.xml")) == built)
        #expect(Self.last("tracking_id", in: record) == taken.first?["trackingId"] as? String)
        #expect(Self.last("flow_id", in: record) == taken.first?["taken"] as? String)
        #expect(Self.last("state", in: record) == "deposited")
        #expect(Self.last("syntax", in: record) == "CII" && Self.last("profile", in: record) == "CIUS")
        #expect(try Self.text(book, "invoices/F2026-003.yaml").contains("sent_via: pa"))
        // The record holds no credential.
        #expect(!record.contains(Self.token))

        // A second send deposits nothing.
        let again = try Self.pa(["send", "F2026-003"], book)
        #expect(again.status == 1)
        #expect(again.stderr.contains("was deposited at the platform"), "\(again.stderr)")
        #expect(try server.deposits() == 1)
        // With a reason it does, as a new attempt that keeps the reason.
        let resent = try Self.pa(["send", "F2026-003", "--resend", "the buyer lost it"], book)
        #expect(resent.status == 0, "\(resent.stderr)")
        #expect(try server.taken().count == 2)
        #expect(try Self.text(book, Self.record).contains("resend_reason: the buyer lost it"))
    }

    @Test func theDefaultSyntaxIsTheBooksFacturX() throws {
        let server = try FakePlatform()
        defer { server.stop() }
        let book = try Self.makeBook(server, syntax: nil)
        defer { try? FileManager.default.removeItem(at: book) }
        let sent = try Self.pa(["send", "F2026-003"], book)
        #expect(sent.status == 0, "\(sent.stdout)\n\(sent.stderr)")
        try Self.expectNoViolation(server)
        let pdf = try Data(contentsOf: book.appendingPathComponent("outbox/2026/F2026-003/F2026-003.pdf"))
        #expect(pdf.starts(with: Data("%PDF-".utf8)))
        // The very PDF `build` writes (outputs are reproducible), with the CII inside.
        #expect(try Invoic.run(["build", "--today", "2026-11-21", "-C", book.path]).status == 0)
        #expect(try Data(contentsOf: book.appendingPathComponent("build/F2026-003.pdf")) == pdf)
        let pdfSHA = try Self.sha256(pdf)
        #expect(try server.taken().first?["sha256"] as? String == pdfSHA)
        #expect(Self.last("syntax", in: try Self.text(book, Self.record)) == "Factur-X")
    }

    @Test func aLostAnswerIsFoundByItsTrackingIDNotSentAgain() throws {
        let server = try FakePlatform(["drop_after": 1])
        defer { server.stop() }
        let book = try Self.makeBook(server)
        defer { try? FileManager.default.removeItem(at: book) }
        let lost = try Self.pa(["send", "F2026-003"], book)
        #expect(lost.status == 1)
        #expect(lost.stderr.contains("searches the platform for its tracking id"), "\(lost.stderr)")
        #expect(Self.last("state", in: try Self.text(book, Self.record)) == "recorded")
        #expect(try server.taken().count == 1)

        let resolved = try Self.pa(["send", "F2026-003"], book)
        #expect(resolved.status == 0, "\(resolved.stderr)")
        #expect(resolved.stdout.contains("nothing sent again"), "\(resolved.stdout)")
        #expect(try server.deposits() == 1)
        let record = try Self.text(book, Self.record)
        let takenID = try server.taken().first?["taken"] as? String
        #expect(Self.last("flow_id", in: record) == takenID)
        #expect(Self.last("state", in: record) == "accepted")
        try Self.expectNoViolation(server)
    }

    @Test func aDepositThatNeverArrivedGoesAgainUnderTheSameTrackingID() throws {
        let server = try FakePlatform(["drop_before": 1])
        defer { server.stop() }
        let book = try Self.makeBook(server)
        defer { try? FileManager.default.removeItem(at: book) }
        #expect(try Self.pa(["send", "F2026-003"], book).status == 1)
        #expect(try server.taken().isEmpty)
        let first = try #require(Self.last("tracking_id", in: try Self.text(book, Self.record)))

        let sent = try Self.pa(["send", "F2026-003"], book)
        #expect(sent.status == 0, "\(sent.stderr)")
        let taken = try server.taken()
        #expect(taken.count == 1)
        #expect(taken.first?["trackingId"] as? String == first)
        let record = try Self.text(book, Self.record)
        #expect(record.components(separatedBy: "tracking_id:").count == 2, "one attempt: \(record)")
        #expect(Self.last("state", in: record) == "deposited")
    }

    @Test func aRefusalIsKeptWithItsReason() throws {
        let server = try FakePlatform(["refuse_flow": ["errorCode": "InvalidSchema", "errorMessage": "Invalid XML schema."]])
        defer { server.stop() }
        let book = try Self.makeBook(server)
        defer { try? FileManager.default.removeItem(at: book) }
        let refused = try Self.pa(["send", "F2026-003"], book)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the platform refused F2026-003: HTTP 422 InvalidSchema Invalid XML schema."), "\(refused.stderr)")
        let record = try Self.text(book, Self.record)
        #expect(Self.last("state", in: record) == "refused")
        #expect(Self.last("detail", in: record) == "HTTP 422 InvalidSchema Invalid XML schema.")
        #expect(try !Self.text(book, "invoices/F2026-003.yaml").contains("sent_via"))
        let check = try Invoic.run(["check", "--today", "2026-11-21", "-C", book.path])
        #expect(check.status == 0)
        #expect(check.stderr.contains("warning[pa-not-deposited]: F2026-003: the platform refused the deposit of ") && check.stderr.contains("nothing was deposited: HTTP 422 InvalidSchema Invalid XML schema."), "\(check.stderr)")
        #expect(check.stderr.contains("then `invoic pa send` deposits it again"), "\(check.stderr)")
        // Never taken: once the platform takes it, it is deposited as a new attempt, and a send
        // without numbers takes it with the other invoices to French businesses not deposited yet.
        try server.configure([:])
        let all = try Self.pa(["send"], book)
        #expect(all.status == 0, "\(all.stderr)")
        #expect(Set(try server.taken().compactMap { $0["invoice"] as? String }) == ["F2026-001", "F2026-002", "F2026-003"])
        #expect(try Self.pa(["send"], book).stdout.contains("nothing to send"))
        #expect(try server.taken().count == 3)
        #expect(try Self.text(book, Self.record).components(separatedBy: "tracking_id:").count == 3)
        #expect(try !Invoic.run(["check", "--today", "2026-11-21", "-C", book.path]).stderr.contains("refused the deposit"))
    }

    @Test func refusedCredentialsAreSaidAndNeverPrinted() throws {
        let server = try FakePlatform()
        defer { server.stop() }
        let book = try Self.makeBook(server)
        defer { try? FileManager.default.removeItem(at: book) }
        let none = try Self.pa(["send", "F2026-003"], book, environment: [:])
        #expect(none.status == 1)
        #expect(none.stderr.contains("INVOIC_PA_TOKEN"), "\(none.stderr)")
        #expect(try server.requests().isEmpty)

        // The fake echoes the wrong token in its 401: invoic prints it redacted.
        let wrong = "wrong-token-9f8e7d6c5b4a"
        let refused = try Self.pa(["send", "F2026-003"], book, environment: ["INVOIC_PA_TOKEN": wrong])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("refused the credentials (HTTP 401"), "\(refused.stderr)")
        #expect(!refused.stderr.contains(wrong) && !refused.stdout.contains(wrong))
        #expect(try !Self.text(book, Self.record).contains(wrong))
        #expect(try server.taken().isEmpty)

        // OAuth2: the client id and secret exchanged at token_url for a token.
        try server.configure(["token": "unused", "client_id": "invoic-conseil", "client_secret": "s3cret-value-42"])
        let oauth = try Self.makeBook(server, extra: "  token_url: \(server.base)/oauth/token\n")
        defer { try? FileManager.default.removeItem(at: oauth) }
        let badSecret = try Self.pa(["send", "F2026-003"], oauth, environment: ["INVOIC_PA_CLIENT_ID": "invoic-conseil", "INVOIC_PA_CLIENT_SECRET": "wrong-secret-77"])
        #expect(badSecret.status == 1)
        #expect(!badSecret.stderr.contains("wrong-secret-77"), "\(badSecret.stderr)")
        let sent = try Self.pa(["send", "F2026-003"], oauth, environment: ["INVOIC_PA_CLIENT_ID": "invoic-conseil", "INVOIC_PA_CLIENT_SECRET": "s3cret-value-42"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(try server.taken().count == 1)
        try Self.expectNoViolation(server)
    }

    @Test func statusReadsTheAcknowledgementAndFetchesEachStatusMessageOnce() throws {
        let server = try FakePlatform(["statuses": [200, 202]])
        defer { server.stop() }
        let book = try Self.makeBook(server)
        defer { try? FileManager.default.removeItem(at: book) }
        #expect(try Self.pa(["send", "F2026-003"], book).status == 0)

        let status = try Self.pa(["status"], book)
        #expect(status.stdout.contains("F2026-003: accepted"), "\(status.stdout)\n\(status.stderr)")
        #expect(Self.last("state", in: try Self.text(book, Self.record)) == "accepted")
        // The two CDAR messages the platform made about F2026-003 were downloaded, once each,
        // handed to `invoic receive`'s pipeline and kept with the invoice, in the order they came.
        let downloads = try server.downloads()
        #expect(downloads.count == 2)
        for (index, (id, code)) in zip(downloads, ["200", "202"]).enumerated() {
            let folder = "received/pa/\(id)"
            let record = try Self.text(book, folder + "/pa.yaml")
            #expect(record.contains("flow_type: CustomerInvoiceLC") && record.contains("syntax: CDAR"), "\(record)")
            let kept = "outbox/2026/F2026-003/cdar/00\(index + 1)-\(code).xml"
            #expect(record.contains("record: \(kept)") && !record.contains("not_read"), "\(record)")
            let message = try Self.text(book, kept)
            #expect(message.contains("<ram:IssuerAssignedID>F2026-003</ram:IssuerAssignedID>"))
            #expect(message.contains("<ram:ProcessConditionCode>\(code)</ram:ProcessConditionCode>"))
            #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent(folder + "/\(id).xml").path))
        }
        // Not fetched again.
        let again = try Self.pa(["status"], book)
        #expect(again.stdout.contains("was fetched before"), "\(again.stdout)")
        #expect(try server.downloads().count == 2)
        try Self.expectNoViolation(server)
    }

    /// Issue 46, the platform path end to end: the buyer's refusal (210, with its motif) the
    /// platform relays about an invoice sent with `pa send` lands with the invoice through `pa
    /// status`, and `check` and `report` then say it; the platform's CDARs pass the D22B schema
    /// `check` holds them to (no "does not follow").
    @Test func aStatusFetchedByStatusIsShownByCheckAndReport() throws {
        let server = try FakePlatform(["statuses": [200, 210], "reason": ["code": "DOUBLON", "text": "Facture reçue en double"]])
        defer { server.stop() }
        let book = try Self.makeBook(server)
        defer { try? FileManager.default.removeItem(at: book) }
        #expect(try Self.pa(["send", "F2026-003"], book).status == 0)
        let status = try Self.pa(["status"], book)
        #expect(status.stdout.contains("received flow") && status.stdout.contains("outbox/2026/F2026-003/cdar/002-210.xml"), "\(status.stdout)\n\(status.stderr)")
        #expect(FileManager.default.fileExists(atPath: book.appendingPathComponent("outbox/2026/F2026-003/cdar/001-200.xml").path))

        let check = try Invoic.run(["check", "--today", "2026-11-21", "-C", book.path])
        let said = check.stdout + check.stderr
        #expect(said.contains("F2026-003: 210 Refusée, motif: DOUBLON Facture reçue en double (outbox/2026/F2026-003/cdar/002-210.xml)"), "\(said)")
        #expect(!said.contains("does not follow the CDAR D22B schema") && !said.contains("cannot be read"), "\(said)")
        let report = try Invoic.run(["report", "--today", "2026-11-21", "-C", book.path])
        let line = report.stdout.split(separator: "\n").first { $0.contains("F2026-003") } ?? ""
        #expect(line.contains("(210 Refusée)"), "\(report.stdout)\n\(report.stderr)")
        try Self.expectNoViolation(server)
    }

    /// F2026-003 (2 550.00 + 20 % VAT) with 1 000.00 received on 2026-11-21, in a book whose VAT
    /// on services is due when paid (no vat_on_debits): the seller owes one 212 Encaissée.
    static func makeCashedBook(_ server: FakePlatform) throws -> URL {
        let book = try makeBook(server)
        let invoice = book.appendingPathComponent("invoices/F2026-003.yaml")
        try (try String(contentsOf: invoice, encoding: .utf8) + "\npayments:\n  - { date: 2026-11-21, amount: 1000.00, method: transfer }\n")
            .write(to: invoice, atomically: true, encoding: .utf8)
        let settings = book.appendingPathComponent("invoic.yaml")
        let text = try String(contentsOf: settings, encoding: .utf8)
        #expect(text.contains("vat_on_debits: true"))
        try text.replacingOccurrences(of: "vat_on_debits: true", with: "vat_on_debits: false").write(to: settings, atomically: true, encoding: .utf8)
        return book
    }

    /// The seller's own statuses go out after their invoices, as CDAR flows, exactly once: the
    /// bytes the platform took are the ones kept under cdar/ (so no longer pending), and a second
    /// run sends nothing. examples/conseil's F2026-002 (4 080.00 received on 2026-11-10) owes one
    /// too.
    @Test func sendDepositsTheSellersOwnStatusOnceAfterItsInvoice() throws {
        let server = try FakePlatform(["statuses": []])
        defer { server.stop() }
        let book = try Self.makeCashedBook(server)
        defer { try? FileManager.default.removeItem(at: book) }
        // Owed: check names each payment (conseil's F2026-002 paid 4 080.00 on 2026-11-10, and F2026-003).
        let owed = try Invoic.run(["check", "--today", "2026-11-21", "-C", book.path])
        for (number, day, id) in [("F2026-002", "2026-11-10", "F2026-002_212_20261110_1"), ("F2026-003", "2026-11-21", "F2026-003_212_20261121_1")] {
            #expect(owed.stderr.contains("warning[fr-status-unsent]: \(number): the payment of \(day) is not reported to the platform yet (212 Encaissée, \(id))"), "\(owed.stderr)")
        }
        let sent = try Self.pa(["send"], book)
        #expect(sent.status == 0, "\(sent.stdout)\n\(sent.stderr)")
        #expect(try !Invoic.run(["check", "--today", "2026-11-21", "-C", book.path]).stderr.contains("fr-status-unsent"))
        let taken = try server.taken()
        #expect(taken.map { $0["flowSyntax"] as? String } == ["CII", "CII", "CII", "CDAR", "CDAR"], "\(taken)")
        #expect(taken.suffix(2).map { $0["name"] as? String } == ["F2026-002-212-1.xml", "F2026-003-212-1.xml"], "\(taken)")
        for (entry, (number, amount)) in zip(taken.suffix(2), [("F2026-002", "4080.00"), ("F2026-003", "1000.00")]) {
            let kept = "outbox/2026/\(number)/cdar/001-212.xml"
            #expect(sent.stdout.contains("sent status 212 Encaissée of \(number) (CDAR)") && sent.stdout.contains(kept), "\(sent.stdout)")
            let bytes = try Data(contentsOf: book.appendingPathComponent(kept))
            #expect(entry["sha256"] as? String == (try Self.sha256(bytes)))
            #expect(entry["flowType"] as? String == "CustomerInvoiceLC")
            // The status the platform has: the amount cashed on the invoice.
            let message = String(decoding: bytes, as: UTF8.self)
            #expect(message.contains("<ram:IssuerAssignedID>\(number)</ram:IssuerAssignedID>") && message.contains("<ram:ProcessConditionCode>212</ram:ProcessConditionCode>")
                    && message.contains(">\(amount)</ram:ValueAmount>"), "\(message)")
        }
        let record = try Self.text(book, "outbox/2026/F2026-003/pa-F2026-003-212-1.yaml")
        #expect(record.contains("syntax: CDAR") && Self.last("state", in: record) == "deposited", "\(record)")

        let again = try Self.pa(["send"], book)
        #expect(again.status == 0 && again.stdout.contains("nothing to send"), "\(again.stdout)\n\(again.stderr)")
        #expect(try server.deposits() == 5)
        try Self.expectNoViolation(server)
    }

    /// A status deposit whose answer was lost is found by its tracking id and kept by the next run,
    /// never deposited twice; until then it is not kept (still pending).
    @Test func aStatusWhoseAnswerWasLostIsKeptNotSentAgain() throws {
        let server = try FakePlatform(["statuses": []])
        defer { server.stop() }
        let book = try Self.makeCashedBook(server)
        defer { try? FileManager.default.removeItem(at: book) }
        #expect(try Self.pa(["send", "F2026-001", "F2026-002", "F2026-003"], book).status == 0)
        // The 4th deposit, F2026-002's status, is taken and its answer lost; F2026-003's goes.
        try server.configure(["statuses": [], "drop_after": 4])
        let lost = try Self.pa(["send"], book)
        #expect(lost.status == 1 && lost.stderr.contains("F2026-002_212_20261110_1"), "\(lost.stdout)\n\(lost.stderr)")
        let cashed = "outbox/2026/F2026-002/cdar/001-212.xml"
        #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent(cashed).path))
        #expect(FileManager.default.fileExists(atPath: book.appendingPathComponent("outbox/2026/F2026-003/cdar/001-212.xml").path))
        try server.configure(["statuses": []])
        let resolved = try Self.pa(["send"], book)
        #expect(resolved.status == 0, "\(resolved.stdout)\n\(resolved.stderr)")
        #expect(FileManager.default.fileExists(atPath: book.appendingPathComponent(cashed).path))
        #expect(try server.taken().count == 5)
        #expect(try server.deposits() == 5)
        let again = try Self.pa(["send"], book)
        #expect(again.stdout.contains("nothing to send"), "\(again.stdout)")
        #expect(try server.deposits() == 5)
        try Self.expectNoViolation(server)
    }

    /// `pa send --ereport PERIOD`: the period's Flux 10 files go as FRR flows, each once, the bytes
    /// the platform checked (SHA-256) being the ones recorded; a second run deposits nothing.
    @Test func sendEReportDepositsThePeriodsFilesOnce() throws {
        let server = try FakePlatform(["statuses": []])
        defer { server.stop() }
        let book = try Self.makeCashedBook(server)
        defer { try? FileManager.default.removeItem(at: book) }
        try "name: Marie Dupont\naddress: {street: 3 rue Neuve, city: Lyon, postal_code: \"69001\", country: FR}\n".write(to: book.appendingPathComponent("clients/marie.yaml"), atomically: true, encoding: .utf8)
        try "client: marie\nissued: 2026-11-20\nsent: 2026-11-20\nitems:\n  - {description: Conseil, quantity: 1, price: 120.00}\npayments:\n  - {date: 2026-11-20, amount: 144.00, method: card}\n"
            .write(to: book.appendingPathComponent("invoices/F2026-004.yaml"), atomically: true, encoding: .utf8)
        let arguments = ["send", "--ereport", "2026-11-D2", "--platform", "0042", "--platform-name", "PA Test", "--now", "2026-11-21T06:00:00Z"]
        let sent = try Self.pa(arguments, book)
        #expect(sent.status == 0, "\(sent.stdout)\n\(sent.stderr)")
        let taken = try server.taken()
        #expect(taken.map { $0["flowSyntax"] as? String } == ["FRR", "FRR"], "\(taken)")
        for (entry, kind) in zip(taken, ["transactions", "payments"]) {
            let name = "2026-11-D2-\(kind).xml"
            #expect(entry["name"] as? String == name)
            let bytes = try Data(contentsOf: book.appendingPathComponent("outbox/ereport/2026-11-D2/\(name)"))
            #expect(entry["sha256"] as? String == (try Self.sha256(bytes)))
            let record = try Self.text(book, "outbox/ereport/2026-11-D2/pa-2026-11-D2-\(kind).yaml")
            #expect(record.contains("syntax: FRR") && Self.last("state", in: record) == "deposited", "\(record)")
        }
        // The sale to a consumer: 120.00 + 24.00 VAT, and the 144.00 received.
        let transactions = try Self.text(book, "outbox/ereport/2026-11-D2/2026-11-D2-transactions.xml")
        #expect(transactions.contains("<TaxExclusiveAmount>120.00</TaxExclusiveAmount>") && transactions.contains("<TaxTotal>24.00</TaxTotal>"), "\(transactions)")
        #expect(try Self.text(book, "outbox/ereport/2026-11-D2/2026-11-D2-payments.xml").contains("<Amount>144.00</Amount>"))

        let again = try Self.pa(arguments, book)
        #expect(again.status == 1 && again.stderr.contains("was deposited at the platform"), "\(again.stdout)\n\(again.stderr)")
        #expect(try server.deposits() == 2)
        let usage = try Self.pa(["send", "F2026-003", "--ereport", "2026-11-D2", "--platform", "0042", "--platform-name", "PA"], book)
        #expect(usage.status == 2 && usage.stderr.contains("give no numbers"), "\(usage.stderr)")
        // F2026-004, to a consumer, is e-reported (its payment is in the payments file above): no
        // invoice and no 212 of it go to the platform, only the e-invoices and their statuses.
        let invoices = try Self.pa(["send"], book)
        #expect(invoices.status == 0, "\(invoices.stdout)\n\(invoices.stderr)")
        let names = try server.taken().dropFirst(2).map { $0["name"] as? String ?? "?" }
        #expect(names.count == 5 && !names.contains { $0.hasPrefix("F2026-004") }, "\(names)")
        #expect(!invoices.stdout.contains("F2026-004"), "\(invoices.stdout)")
        try Self.expectNoViolation(server)
    }

    @Test func aRejectionIsRecordedWithThePlatformsReasons() throws {
        let server = try FakePlatform(["ack": "Error", "statuses": [],
                                       "ack_details": [["level": "Error", "item": "BT-1", "reasonCode": "InvoiceLCRuleError", "reasonMessage": "Numéro de facture déjà utilisé"]]])
        defer { server.stop() }
        let book = try Self.makeBook(server)
        defer { try? FileManager.default.removeItem(at: book) }
        #expect(try Self.pa(["send", "F2026-003"], book).status == 0)
        let status = try Self.pa(["status", "F2026-003"], book)
        #expect(status.status == 1)
        #expect(status.stdout.contains("F2026-003: rejected (InvoiceLCRuleError Numéro de facture déjà utilisé (BT-1))"), "\(status.stdout)")
        // The same bytes are not deposited again without a reason.
        let again = try Self.pa(["send", "F2026-003"], book)
        #expect(again.status == 1)
        #expect(again.stderr.contains("rejected these same bytes"), "\(again.stderr)")
        #expect(try server.deposits() == 1)
        let check = try Invoic.run(["check", "--today", "2026-11-21", "-C", book.path])
        #expect(check.stderr.contains("warning[pa-not-deposited]: F2026-003: the platform rejected ") && check.stderr.contains("(acknowledgement Error): InvoiceLCRuleError Numéro de facture déjà utilisé (BT-1)"), "\(check.stderr)")
        #expect(check.stderr.contains("`invoic pa send F2026-003 --resend REASON`"), "\(check.stderr)")
    }

    /// `check` reads the records as written (here by hand): a deposit cut off, or deposited without
    /// its acknowledgement read, since an earlier day is unanswered; one of today is not yet; a
    /// status deposit refused names its flow; a record that no longer reads is reported at itself.
    @Test func checkWarnsOfDepositsLeftWithoutAnAnswer() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("conseil"))
        defer { try? FileManager.default.removeItem(at: book) }
        func record(_ flow: String, file: String, syntax: String, _ history: String) -> String {
            """
            flow: \(flow)
            attempts:
              - tracking_id: "t-\(file)"
                url: https://pa.example/flow-service/v1/flows
                file: \(file)
                syntax: \(syntax)
                sha256: "00"
                flow_id: "FLOW-\(file)"
                history:
            \(history)
            """
        }
        func write(_ path: String, _ text: String) throws {
            let url = book.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try write("outbox/2026/F2026-001/pa.yaml", record("F2026-001", file: "F2026-001.xml", syntax: "CII", """
                  - { at: 2026-11-19T10:00:00Z, state: recorded }
            """))
        try write("outbox/2026/F2026-002/pa.yaml", record("F2026-002", file: "F2026-002.xml", syntax: "CII", """
                  - { at: 2026-11-21T08:00:00Z, state: recorded }
                  - { at: 2026-11-21T08:00:01Z, state: deposited }
            """))
        try write("outbox/2026/F2026-002/pa-F2026-002-212-1.yaml", record("F2026-002 status 212", file: "F2026-002-212-1.xml", syntax: "CDAR", """
                  - { at: 2026-11-20T08:00:00Z, state: refused, detail: "HTTP 400 InvalidFlow le statut 212 est inconnu" }
            """))
        let check = try Invoic.run(["check", "--today", "2026-11-21", "-C", book.path])
        #expect(check.status == 0, "\(check.stderr)")
        let warnings = check.stderr.split(separator: "\n").filter { $0.hasPrefix("warning[pa-not-deposited]") }
        #expect(warnings == [
            "warning[pa-not-deposited]: F2026-001: no answer from the platform about F2026-001.xml since 2026-11-19: the send was cut off before the platform answered",
            "warning[pa-not-deposited]: F2026-002: the platform refused the deposit of F2026-002 status 212 (F2026-002-212-1.xml) on 2026-11-20, nothing was deposited: HTTP 400 InvalidFlow le statut 212 est inconnu",
        ], "\(check.stderr)")
        #expect(check.stderr.contains("`invoic pa status` searches the deposit by its tracking id t-F2026-001.xml"))
        // The deposit of today is answered tomorrow: two days on, it is unanswered too.
        let later = try Invoic.run(["check", "--today", "2026-11-23", "-C", book.path])
        #expect(later.stderr.contains("F2026-002: no answer from the platform about F2026-002.xml since 2026-11-21: deposited (flow id FLOW-F2026-002.xml), its acknowledgement not read"), "\(later.stderr)")

        try write("outbox/2026/F2026-001/pa.yaml", "flow: [broken\n")
        let broken = try Invoic.run(["check", "--diagnostics-format", "gnu", "--today", "2026-11-21", "-C", book.path])
        #expect(broken.stderr.contains("outbox/2026/F2026-001/pa.yaml:1:1: warning: F2026-001: the platform record cannot be read"), "\(broken.stderr)")
    }

    @Test func receiveHandsEachIncomingInvoiceToTheInboxOnce() throws {
        let invoice = Invoic.fixtures.appendingPathComponent("received/ubl-tc434-example1.xml")
        // The second id is hostile: its folder name must stay under received/pa/.
        let server = try FakePlatform(["incoming": [["flowId": "in-0001", "flowType": "SupplierInvoice", "flowSyntax": "UBL", "file": invoice.path],
                                                    ["flowId": "../../x", "flowType": "SupplierInvoice", "flowSyntax": "UBL", "file": invoice.path]]])
        defer { server.stop() }
        let book = try Self.makeBook(server)
        defer { try? FileManager.default.removeItem(at: book) }
        let received = try Self.pa(["receive"], book)
        #expect(received.status == 0, "\(received.stdout)\n\(received.stderr)")
        #expect(received.stdout.contains("received flow in-0001: purchases/"), "\(received.stdout)")
        let record = try Self.text(book, "received/pa/in-0001/pa.yaml")
        let invoiceSHA = try Self.sha256(try Data(contentsOf: invoice))
        #expect(record.contains("sha256: \"\(invoiceSHA)\""), "\(record)")
        // The same invoice under another flow id: fetched, and the pipeline knows it already.
        #expect(try FileManager.default.fileExists(atPath: book.appendingPathComponent("received/pa/%2E.%2F..%2Fx/pa.yaml").path))
        #expect(!FileManager.default.fileExists(atPath: book.deletingLastPathComponent().appendingPathComponent("x").path))
        let again = try Self.pa(["receive"], book)
        #expect(again.stdout.contains("flow in-0001 was fetched before"), "\(again.stdout)")
        #expect(try server.downloads() == ["in-0001", "../../x"])
        try Self.expectNoViolation(server)
    }

    @Test func lookupWritesTheAddressOnlyWhenAskedAndNeverOverwritesSilently() throws {
        let line: [String: Any] = ["addressingIdentifier": "123456782", "siren": "123456782",
                                   "legalUnit": ["businessName": "RHONE LOGISTIQUE"], "platform": ["platformType": "WK", "platformStatus": "Enabled"]]
        let facility: [String: Any] = ["addressingIdentifier": "123456782_00011", "siren": "123456782", "siret": "12345678200011",
                                       "platform": ["platformType": "WK", "platformStatus": "Enabled"]]
        let server = try FakePlatform(["directory": [line, facility]])
        defer { server.stop() }
        let book = try Self.makeBook(server)
        defer { try? FileManager.default.removeItem(at: book) }
        let client = book.appendingPathComponent("clients/rhone-logistique.yaml")

        let found = try Self.pa(["lookup", "123 456 782"], book)
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.contains("0225:123456782, RHONE LOGISTIQUE, platform WK (Enabled)"), "\(found.stdout)")
        #expect(found.stdout.contains("0225:123456782_00011, SIRET 12345678200011"))
        try Self.expectNoViolation(server)

        // The client has another address: --write refuses, --replace replaces.
        let original = try String(contentsOf: client, encoding: .utf8)
        try original.replacingOccurrences(of: "\"0225:123456782\"", with: "\"0225:999999999\"").write(to: client, atomically: true, encoding: .utf8)
        let refused = try Self.pa(["lookup", "rhone-logistique", "--write"], book)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("has electronic_address 0225:999999999"), "\(refused.stderr)")
        #expect(try String(contentsOf: client, encoding: .utf8).contains("0225:999999999"))
        let replaced = try Self.pa(["lookup", "rhone-logistique", "--write", "--replace"], book)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try String(contentsOf: client, encoding: .utf8).contains("electronic_address: \"0225:123456782\""))

        // Without one, --write adds it; without --write nothing is written.
        let without = original.split(separator: "\n").filter { !$0.hasPrefix("electronic_address:") }.joined(separator: "\n") + "\n"
        try without.write(to: client, atomically: true, encoding: .utf8)
        #expect(try Self.pa(["lookup", "rhone-logistique"], book).status == 0)
        #expect(try String(contentsOf: client, encoding: .utf8) == without)
        #expect(try Self.pa(["lookup", "rhone-logistique", "--write"], book).status == 0)
        #expect(try String(contentsOf: client, encoding: .utf8) == without + "electronic_address: \"0225:123456782\"\n")

        // A client written as one flow mapping, its old address over two lines, a comment after it:
        // --replace edits inside the braces and keeps every other byte (the edit of the parsed
        // YAML's ranges, TopLevelKeys; a line-based one broke this file).
        let flow = "{name: Rhône Logistique SAS, email: comptabilite@rhone-logistique.fr,\n"
            + " address: {street: 45 quai Rambaud, city: Lyon, postal_code: \"69002\", country: FR},\n"
            + " tax_id: FR11123456782, siren: \"123456782\", electronic_address: \"0225:\n   999999999\"}  # one client\n"
        try flow.write(to: client, atomically: true, encoding: .utf8)
        #expect(try Self.pa(["lookup", "rhone-logistique", "--write", "--replace"], book).status == 0)
        #expect(try String(contentsOf: client, encoding: .utf8) == "{name: Rhône Logistique SAS, email: comptabilite@rhone-logistique.fr,\n"
            + " address: {street: 45 quai Rambaud, city: Lyon, postal_code: \"69002\", country: FR},\n"
            + " tax_id: FR11123456782, siren: \"123456782\", electronic_address: \"0225:123456782\"}  # one client\n")
        // Without the key, it goes inside the braces too.
        try flow.replacingOccurrences(of: ", electronic_address: \"0225:\n   999999999\"", with: "").write(to: client, atomically: true, encoding: .utf8)
        #expect(try Self.pa(["lookup", "rhone-logistique", "--write"], book).status == 0)
        #expect(try String(contentsOf: client, encoding: .utf8).hasSuffix(" siren: \"123456782\", electronic_address: \"0225:123456782\"}  # one client\n"))

        let unknown = try Self.pa(["lookup", "732829320"], book)
        #expect(unknown.status == 1)
        #expect(unknown.stdout.contains("not in the directory"))
    }

    @Test func thePlatformBlockIsCheckedAtItsLine() throws {
        let server = try FakePlatform()
        defer { server.stop() }
        let book = try Self.makeBook(server, extra: "  token_url: https://user:key@auth.example.fr/token\n  idle_timeout: 0\n")
        defer { try? FileManager.default.removeItem(at: book) }
        let lines = try Self.text(book, "invoic.yaml").split(separator: "\n", omittingEmptySubsequences: false)
        let tokenLine = try #require(lines.firstIndex { $0.hasPrefix("  token_url:") }) + 1
        let idleLine = try #require(lines.firstIndex { $0.hasPrefix("  idle_timeout:") }) + 1
        let checked = try Invoic.run(["check", "--diagnostics-format", "gnu", "-C", book.path])
        #expect(checked.status == 1)
        #expect(checked.stderr.contains("invoic.yaml:\(tokenLine):14: error: the URL `https://user:key@auth.example.fr/token` carries a login or a key"), "\(checked.stderr)")
        #expect(checked.stderr.contains("invoic.yaml:\(idleLine):17: error: `idle_timeout` is the seconds"), "\(checked.stderr)")
        let missing = try Self.makeBook(server)
        defer { try? FileManager.default.removeItem(at: missing) }
        let text = try Self.text(missing, "invoic.yaml").replacingOccurrences(of: "  flow_url: \(server.base)/flow-service\n", with: "")
        try text.write(to: missing.appendingPathComponent("invoic.yaml"), atomically: true, encoding: .utf8)
        let noFlow = try Invoic.run(["check", "--diagnostics-format", "gnu", "-C", missing.path])
        #expect(noFlow.status == 1)
        #expect(noFlow.stderr.contains("flow_url"), "\(noFlow.stderr)")
    }
}
