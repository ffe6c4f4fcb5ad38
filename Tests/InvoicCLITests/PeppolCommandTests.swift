import Foundation
import InvoicTestSupport
import Testing

/// `invoic peppol` through the built binary, against Tests/Fixtures/peppol/fake_provider.py: a
/// local server that answers as each provider's published API does (every request to e-invoice.be
/// checked against its OpenAPI description), a DNS responder standing in for the SML, and an SMP.
@Suite(.serialized) struct PeppolCommandTests {
    /// The stand-in: its ports, and the folder with its config and its log of requests.
    final class FakeProvider {
        let process = Process()
        let state: URL
        let httpPort: Int
        let dnsPort: Int

        init() throws {
            state = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-peppol-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", Invoic.fixtures.appendingPathComponent("peppol/fake_provider.py").path, state.path]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            var line = Data()
            while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
            let words = String(decoding: line, as: UTF8.self).split(separator: " ")
            httpPort = words.count == 3 ? Int(words[1]) ?? 0 : 0
            dnsPort = words.count == 3 ? Int(words[2]) ?? 0 : 0
        }

        var url: String { "http://127.0.0.1:\(httpPort)" }

        func configure(_ config: [String: Any]) throws {
            try JSONSerialization.data(withJSONObject: config).write(to: state.appendingPathComponent("config.json"))
        }

        /// Every request the stand-in answered, in order.
        func requests() throws -> [[String: Any]] {
            guard let text = try? String(contentsOf: state.appendingPathComponent("requests.jsonl"), encoding: .utf8) else { return [] }
            return try text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        }

        func count(_ method: String, matching suffix: String) throws -> Int {
            try requests().count { ($0["method"] as? String) == method && (($0["path"] as? String) ?? "").hasSuffix(suffix) }
        }

        func violations() throws -> [String] {
            try requests().compactMap { $0["violation"] as? String }
        }

        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: state)
        }
    }

    static let number = "INV-2026-013"
    static let record = "outbox/2026/INV-2026-013/peppol.yaml"
    static let environment = ["INVOIC_PEPPOL_TOKEN": "test-key", "NETRC": "/nonexistent"]

    /// The studio example, whose INV-2026-013 goes to a Belgian client over Peppol, with `peppol:`.
    func makeBook(_ peppol: String) throws -> URL {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        let settings = book.appendingPathComponent("invoic.yaml")
        try (String(contentsOf: settings, encoding: .utf8) + "\n" + peppol).write(to: settings, atomically: true, encoding: .utf8)
        return book
    }

    func peppol(_ arguments: [String], _ book: URL, environment: [String: String] = environment) throws -> Invoic.Output {
        try Invoic.run(["peppol"] + arguments + ["-C", book.path], environment: environment)
    }

    func text(_ book: URL, _ path: String) throws -> String {
        try String(contentsOf: book.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func sendKeepsTheExportedBytesAndARecordAndSendsOnce() throws {
        let server = try FakeProvider()
        defer { server.stop() }
        try server.configure(["send_state": "TRANSIT"])
        let book = try makeBook("peppol:\n  provider: e-invoice.be\n  url: \(server.url)\n")
        defer { try? FileManager.default.removeItem(at: book) }

        let sent = try peppol(["send", Self.number], book)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains("sent INV-2026-013 to 0208:0477472701 through e-invoice.be: transit, provider id doc-1"))
        let violations = try server.violations()
        #expect(violations.isEmpty, "requests outside e-invoice.be's OpenAPI: \(violations)")
        #expect(try server.count("POST", matching: "/api/documents/ubl") == 1)
        #expect(try server.count("POST", matching: "/send") == 1)
        let send = try server.requests().first { ($0["path"] as? String)?.hasSuffix("/send") == true }
        #expect(send?["query"] as? [String: String] == ["receiver_peppol_scheme": "0208", "receiver_peppol_id": "0477472701",
                                                        "sender_peppol_scheme": "9914", "sender_peppol_id": "ATU68231451"])
        #expect((send?["headers"] as? [String: String])?["authorization"] == "Bearer test-key")

        // The bytes kept, the bytes uploaded and `export --format peppol` are one and the same.
        let exported = try Invoic.run(["export", "--format", "peppol", Self.number, "-o", "-", "-C", book.path])
        let kept = try text(book, "outbox/2026/INV-2026-013/INV-2026-013.peppol.xml")
        #expect(kept == exported.stdout)
        let record = try text(book, Self.record)
        let digest = try runProcess(URL(fileURLWithPath: "/usr/bin/sha256sum"), [book.appendingPathComponent("outbox/2026/INV-2026-013/INV-2026-013.peppol.xml").path])
            .stdout.split(separator: " ").first.map(String.init) ?? "?"
        #expect(record.contains("sha256: \"\(digest)\""))
        #expect(try server.requests().first?["file_sha256"] as? String == digest)
        for line in ["provider: e-invoice.be", "url: \(server.url)", "sender: \"9914:ATU68231451\"", "receiver: \"0208:0477472701\"",
                     "process: urn:fdc:peppol.eu:2017:poacc:billing:01:1.0", "provider_id: \"doc-1\"", "state: recorded", "state: transit",
                     "document_type: urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1"] {
            #expect(record.contains(line), "the record lacks \(line):\n\(record)")
        }
        #expect(try text(book, "invoices/2026/INV-2026-013.yaml").contains("sent_via: peppol"))

        // Sending it again is refused, and the provider hears nothing.
        let again = try peppol(["send", Self.number], book)
        #expect(again.status == 1)
        #expect(again.stderr.contains("was already handed to e-invoice.be") && again.stderr.contains("--resend"))
        #expect(try server.count("POST", matching: "/send") == 1)

        // --resend says why, and is a second attempt with its own record.
        let resent = try peppol(["send", Self.number, "--resend", "the client asked for it again"], book)
        #expect(resent.status == 0, "\(resent.stderr)")
        #expect(try server.count("POST", matching: "/send") == 2)
        #expect(try text(book, Self.record).contains("resend_reason: the client asked for it again"))
        #expect(try text(book, "invoices/2026/INV-2026-013.yaml").components(separatedBy: "sent_via").count == 2)
    }

    @Test func aLostAnswerIsResolvedByAskingNotBySendingAgain() throws {
        let server = try FakeProvider()
        defer { server.stop() }
        // The provider takes the send, and the answer never reaches invoic.
        try server.configure(["send_state": "TRANSIT", "drop_send_answer": true])
        let book = try makeBook("peppol:\n  provider: e-invoice.be\n  url: \(server.url)\n")
        defer { try? FileManager.default.removeItem(at: book) }

        let lost = try peppol(["send", Self.number], book)
        #expect(lost.status == 1)
        #expect(lost.stderr.contains("the attempt stays recorded"), "\(lost.stderr)")
        let record = try text(book, Self.record)
        #expect(record.contains("provider_id: \"doc-1\"") && record.contains("state: recorded") && !record.contains("state: transit"))
        #expect(try server.count("POST", matching: "/send") == 1)

        // The next send asks e-invoice.be, finds it in transit, and sends nothing.
        try server.configure(["send_state": "TRANSIT"])
        let resumed = try peppol(["send", Self.number], book)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.contains("interrupted send (nothing sent again): transit"))
        #expect(try server.count("POST", matching: "/send") == 1)
        #expect(try server.count("POST", matching: "/api/documents/ubl") == 1)
        #expect(try text(book, Self.record).contains("state: transit"))
        #expect(try server.violations().isEmpty)
    }

    @Test func aSendKilledMidCallNeverSendsTwice() throws {
        let server = try FakeProvider()
        defer { server.stop() }
        // The provider takes the document and is slow to answer; invoic is killed meanwhile.
        try server.configure(["send_state": "TRANSIT", "delay_send": 30])
        let book = try makeBook("peppol:\n  provider: e-invoice.be\n  url: \(server.url)\n")
        defer { try? FileManager.default.removeItem(at: book) }
        let process = Process()
        process.executableURL = Invoic.binary
        process.arguments = ["peppol", "send", Self.number, "-C", book.path]
        process.environment = ProcessInfo.processInfo.environment.merging(Self.environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var waited = 0
        while try server.count("POST", matching: "/send") == 0, waited < 200 {
            usleep(50_000)
            waited += 1
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(try server.count("POST", matching: "/send") == 1)
        let record = try text(book, Self.record)
        #expect(record.contains("provider_id: \"doc-1\"") && record.contains("state: recorded") && !record.contains("state: transit"), "\(record)")

        try server.configure(["send_state": "TRANSIT"])
        let resumed = try peppol(["send", Self.number], book)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.contains("nothing sent again"))
        #expect(try server.count("POST", matching: "/send") == 1)
        #expect(try text(book, Self.record).contains("state: transit"))
    }

    @Test func aCrashBetweenRecordingAndTheFirstCallSendsOnce() throws {
        let server = try FakeProvider()
        defer { server.stop() }
        try server.configure(["send_state": "TRANSIT"])
        let book = try makeBook("peppol:\n  provider: e-invoice.be\n  url: \(server.url)\n")
        defer { try? FileManager.default.removeItem(at: book) }
        // What a send killed right after recording leaves: the attempt and the bytes, no provider id.
        let exported = try Invoic.run(["export", "--format", "peppol", Self.number, "-o", "-", "-C", book.path]).stdout
        try FileManager.default.createDirectory(at: book.appendingPathComponent("outbox/2026/INV-2026-013"), withIntermediateDirectories: true)
        try exported.write(to: book.appendingPathComponent("outbox/2026/INV-2026-013/INV-2026-013.peppol.xml"), atomically: true, encoding: .utf8)
        let sha = try runProcess(URL(fileURLWithPath: "/usr/bin/sha256sum"), [book.appendingPathComponent("outbox/2026/INV-2026-013/INV-2026-013.peppol.xml").path])
            .stdout.split(separator: " ").first.map(String.init) ?? "?"
        try """
            number: INV-2026-013
            attempts:
              - key: "11111111-2222-4333-8444-555555555555"
                provider: e-invoice.be
                url: \(server.url)
                sender: 9914:ATU68231451
                receiver: 0208:0477472701
                document_type: x
                process: y
                file: INV-2026-013.peppol.xml
                sha256: "\(sha)"
                history:
                  - at: 2026-11-20T09:00:00Z
                    state: recorded

            """.write(to: book.appendingPathComponent(Self.record), atomically: true, encoding: .utf8)

        let check = try Invoic.run(["check", "-C", book.path, "--today", "2026-11-25"])
        #expect(check.stderr.contains("[peppol-not-delivered]") && check.stderr.contains("interrupted"))
        let sent = try peppol(["send", Self.number], book)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(try server.count("POST", matching: "/api/documents/ubl") == 1)
        #expect(try server.count("POST", matching: "/send") == 1)
        let record = try text(book, Self.record)
        // The same attempt, finished: one key, now with the provider's id and its state.
        #expect(record.components(separatedBy: "- key:").count == 2)
        #expect(record.contains("11111111-2222-4333-8444-555555555555") && record.contains("provider_id: \"doc-1\"") && record.contains("state: transit"))
    }

    @Test func aFailedDeliveryIsReportedByStatusAndCheck() throws {
        let server = try FakeProvider()
        defer { server.stop() }
        try server.configure(["send_state": "TRANSIT"])
        let book = try makeBook("peppol:\n  provider: e-invoice.be\n  url: \(server.url)\n")
        defer { try? FileManager.default.removeItem(at: book) }
        #expect(try peppol(["send", Self.number], book).status == 0)

        // Days later, still in transit: check says so.
        let stuck = try Invoic.run(["check", "-C", book.path, "--today", Self.daysFromNow(5)])
        #expect(stuck.status == 0)
        #expect(stuck.stderr.contains("warning[peppol-not-delivered]: INV-2026-013 has been in transit at e-invoice.be since"), "\(stuck.stderr)")

        try server.configure(["set": ["doc-1": "FAILED"], "fail_reason": "the receiver's access point refused the message"])
        let status = try peppol(["status"], book)
        #expect(status.status == 1)
        #expect(status.stdout.contains("INV-2026-013: failed (the receiver's access point refused the message), provider id doc-1"), "\(status.stdout)\(status.stderr)")
        #expect(try text(book, Self.record).contains("        detail: the receiver's access point refused the message\n"))
        let check = try Invoic.run(["check", "-C", book.path, "--today", "2026-11-26"])
        #expect(check.status == 0)
        #expect(check.stderr.contains("warning[peppol-not-delivered]: the Peppol transmission of INV-2026-013 failed"))
        #expect(check.stderr.contains("the receiver's access point refused the message"))
        // Asking again changes nothing and appends nothing.
        let before = try text(book, Self.record)
        _ = try peppol(["status", Self.number], book)
        #expect(try text(book, Self.record) == before)
        #expect(try server.violations().isEmpty)
    }

    static func daysFromNow(_ days: Int) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date().addingTimeInterval(Double(days) * 86400))
    }

    @Test func refusesAClientWithoutAnAddressABookWithErrorsAndAMissingKey() throws {
        let server = try FakeProvider()
        defer { server.stop() }
        let book = try makeBook("peppol:\n  provider: e-invoice.be\n  url: \(server.url)\n")
        defer { try? FileManager.default.removeItem(at: book) }
        let noKey = try peppol(["send", Self.number], book, environment: ["NETRC": "/nonexistent"])
        #expect(noKey.status == 1)
        #expect(noKey.stderr.contains("no API key for e-invoice.be: set $INVOIC_PEPPOL_TOKEN"))

        let client = book.appendingPathComponent("clients/atelier-lumiere.yaml")
        let original = try String(contentsOf: client, encoding: .utf8)
        // Without its address (and the Peppol e-invoice, which would need it): the book is clean.
        try original.replacingOccurrences(of: "electronic_address: \"0208:0477472701\"", with: "").replacingOccurrences(of: "einvoice: [peppol]", with: "")
            .write(to: client, atomically: true, encoding: .utf8)
        let noAddress = try peppol(["send", Self.number], book)
        #expect(noAddress.status == 1)
        #expect(noAddress.stderr.contains("the client has no electronic_address"), "\(noAddress.stderr)")
        try original.write(to: client, atomically: true, encoding: .utf8)

        try "client: nobody\nissued: 2026-11-30\nitems:\n  - { description: X, price: 1.00 }\n".write(to: book.appendingPathComponent("invoices/2026/INV-2026-099.yaml"), atomically: true, encoding: .utf8)
        let errors = try peppol(["send", Self.number], book)
        #expect(errors.status == 1)
        #expect(errors.stderr.contains("the book has errors; fix them before sending over Peppol"))
        #expect(try server.requests().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent("outbox").path))
    }

    @Test func checkValidatesThePeppolBlock() throws {
        let book = try makeBook("peppol:\n  provider: e-invoice\n  url: ftp://example.com\n  token_env: sk_live_123-abc\n")
        defer { try? FileManager.default.removeItem(at: book) }
        let check = try Invoic.run(["check", "-C", book.path, "--diagnostics-format", "gnu"])
        #expect(check.status == 1)
        #expect(check.stderr.contains("invoic.yaml:"))
        #expect(check.stderr.contains("[wrong-type]") && check.stderr.contains("e-invoice"))
        #expect(check.stderr.contains("`ftp://example.com` is not an http(s) URL"))
        #expect(check.stderr.contains("`token_env` is the name of an environment variable"))
        #expect(!check.stderr.contains("sk_live_123-abc: "))

        let http = try makeBook("peppol:\n  provider: http\n")
        defer { try? FileManager.default.removeItem(at: http) }
        let missing = try Invoic.run(["check", "-C", http.path])
        #expect(missing.stderr.contains("the `http` provider has no `url:`"), "\(missing.stderr)")
        let secret = try makeBook("peppol:\n  provider: e-invoice.be\n  url: https://user:pw@api.e-invoice.be\n")
        defer { try? FileManager.default.removeItem(at: secret) }
        #expect(try Invoic.run(["check", "-C", secret.path]).stderr.contains("carries a login or a key"))
        let scrada = try makeBook("peppol:\n  provider: scrada\n")
        defer { try? FileManager.default.removeItem(at: scrada) }
        #expect(try Invoic.run(["check", "-C", scrada.path]).stderr.contains("has no `company:`"))
    }

    @Test func aReceivedDocumentLandsInTheBookOnce() throws {
        let server = try FakeProvider()
        defer { server.stop() }
        // A supplier's UBL invoice (the EN 16931 example), and a document that is no invoice.
        let incoming = try Data(contentsOf: Invoic.fixtures.appendingPathComponent("received/ubl-tc434-example1.xml"))
        try incoming.write(to: server.state.appendingPathComponent("incoming.xml"))
        let notAnInvoice = try Data(contentsOf: Invoic.fixtures.appendingPathComponent("peppol/smp-servicegroup.xml"))
        try notAnInvoice.write(to: server.state.appendingPathComponent("other.xml"))
        try server.configure(["inbox": [["id": "in-7", "file": "incoming.xml"]]])
        let book = try makeBook("peppol:\n  provider: e-invoice.be\n  url: \(server.url)\n")
        defer { try? FileManager.default.removeItem(at: book) }

        // It goes through `invoic receive`'s pipeline: the original under purchases/, its record and supplier.
        let first = try peppol(["receive"], book)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("received in-7: purchases/"), "\(first.stdout)")
        let originals = try FileManager.default.subpathsOfDirectory(atPath: book.appendingPathComponent("purchases").path).filter { $0.hasSuffix(".xml") }
        #expect(originals.count == 1 && (try? Data(contentsOf: book.appendingPathComponent("purchases/" + (originals.first ?? "")))) == incoming, "\(originals)")
        let record = try text(book, "received/peppol/in-7/peppol.yaml")
        #expect(record.contains("provider_id: \"in-7\"") && record.contains("acknowledged: ") && record.contains("file: purchases/"))
        let second = try peppol(["receive"], book)
        #expect(second.stdout.contains("in-7 is already in the book"))
        #expect(try server.count("GET", matching: "/files/in-7") == 1)
        #expect(try Invoic.run(["check", "-C", book.path]).status == 0)
        #expect(try server.violations().isEmpty)

        // What the pipeline refuses is not acknowledged: it stays with the provider, and the error says why.
        try server.configure(["inbox": [["id": "in-8", "file": "other.xml"]]])
        let refused = try peppol(["receive"], book)
        #expect(refused.status != 0 && refused.stderr.contains("in-8 was not received"), "\(refused.stdout)\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent("received/peppol/in-8/peppol.yaml").path))
    }

    @Test(arguments: ["recommand", "scrada", "http"])
    func otherProvidersSendAndReport(_ provider: String) throws {
        let server = try FakeProvider()
        defer { server.stop() }
        try server.configure(["send_state": "TRANSIT"])
        let url = provider == "http" ? server.url + "/generic" : server.url
        let book = try makeBook("peppol:\n  provider: \(provider)\n  url: \(url)\n" + (provider == "http" ? "" : "  company: c-42\n"))
        defer { try? FileManager.default.removeItem(at: book) }
        let environment = ["INVOIC_PEPPOL_TOKEN": "key:secret", "NETRC": "/nonexistent"]
        let sent = try peppol(["send", Self.number], book, environment: environment)
        #expect(sent.status == 0, "\(sent.stderr)")
        let violations = try server.violations()
        #expect(violations.isEmpty, "\(violations)")
        let post = try server.requests().first { ($0["method"] as? String) == "POST" }
        let headers = post?["headers"] as? [String: String] ?? [:]
        switch provider {
        case "recommand":
            #expect(post?["path"] as? String == "/api/v1/c-42/send")
            #expect(headers["authorization"] == "Basic " + Data("key:secret".utf8).base64EncodedString())
            #expect(sent.stdout.contains("delivered"))
        case "scrada":
            #expect(post?["path"] as? String == "/v1/company/c-42/peppol/outbound/document")
            #expect(headers["x-scrada-peppol-receiver-id"] == "0208:0477472701")
            #expect(headers["x-scrada-peppol-sender-id"] == "9914:ATU68231451")
            #expect(headers["x-scrada-peppol-c1-country-code"] == "AT")
            #expect(headers["x-scrada-external-reference"]?.count == 36)
        default:
            #expect(headers["idempotency-key"]?.count == 36)
            #expect(headers["authorization"] == "Bearer key:secret")
            #expect(headers["content-type"] == "application/xml")
        }
        try server.configure(["send_state": "FAILED", "fail_reason": "rejected by the receiver"])
        let status = try peppol(["status", Self.number], book, environment: environment)
        if provider == "recommand" {
            // Recommand transmits within the call: delivered is final.
            #expect(status.status == 0)
        } else {
            #expect(status.status == 1)
            #expect(status.stdout.contains("failed (rejected by the receiver)"), "\(status.stdout)\(status.stderr)")
        }
    }

    @Test func checkOnlineWarnsAboutAClientThatCannotReceive() throws {
        let server = try FakeProvider()
        defer { server.stop() }
        // The Belgian client is registered (production SML); a second client is not.
        let host = "aosozpnhkkmo2gpgmehfpvwlbmkyhktkiodcf4rgt77yrrvvrgla.iso6523-actorid-upis.edelivery.tech.ec.europa.eu"
        try server.configure(["naptr": [host: "smp"], "smp_participants": ["0208:0477472701"]])
        let book = try makeBook("peppol:\n  provider: e-invoice.be\n  url: \(server.url)\n")
        defer { try? FileManager.default.removeItem(at: book) }
        try "name: Nowhere BV\nelectronic_address: \"0208:0123456749\"\n".write(to: book.appendingPathComponent("clients/nowhere.yaml"), atomically: true, encoding: .utf8)
        let check = try Invoic.run(["check", "-C", book.path, "--online", "--nameserver", "127.0.0.1:\(server.dnsPort)", "--today", "2026-11-21"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.contains("warning[peppol-cannot-receive]: 0208:0123456749 is not registered in the Peppol SML: this client cannot receive Peppol invoices"), "\(check.stderr)")
        // The German public client (a Leitweg-ID this stand-in SML does not know) is said too; the Belgian one is not.
        #expect(check.stderr.components(separatedBy: "[peppol-cannot-receive]").count == 3, "\(check.stderr)")
        #expect(!check.stderr.contains("0208:0477472701"))
        // Without --online, check asks nobody.
        let offline = try Invoic.run(["check", "-C", book.path, "--nameserver", "127.0.0.1:\(server.dnsPort)", "--today", "2026-11-21"])
        #expect(!offline.stderr.contains("peppol-cannot-receive"))
    }

    @Test func lookupAsksTheSMLAndTheSMP() throws {
        let server = try FakeProvider()
        defer { server.stop() }
        let host = "aosozpnhkkmo2gpgmehfpvwlbmkyhktkiodcf4rgt77yrrvvrgla.iso6523-actorid-upis.acc.edelivery.tech.ec.europa.eu"
        try server.configure(["naptr": [host: "smp"], "smp_participants": ["0208:0477472701"]])
        let nameserver = "127.0.0.1:\(server.dnsPort)"
        let found = try Invoic.run(["peppol", "lookup", "0208:0477472701", "--test", "--nameserver", nameserver])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.contains("0208:0477472701: \(host)"))
        #expect(found.stdout.contains("SMP: \(server.url)"))
        #expect(found.stdout.contains("invoice: yes (Peppol BIS Billing 3.0; process urn:fdc:peppol.eu:2017:poacc:billing:01:1.0; peppol-transport-as4-v2_0 at https://ap.example.be/as4)"))
        #expect(found.stdout.contains("credit note: yes"))
        #expect(found.stdout.contains("document types: 3"))
        let dns = try server.requests().first { ($0["provider"] as? String) == "dns" }
        #expect(dns?["name"] as? String == host && dns?["type"] as? Int == 35)

        let unknown = try Invoic.run(["peppol", "lookup", "0208:0123456749", "--test", "--nameserver", nameserver])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("not registered in the Peppol SML"))
        let bad = try Invoic.run(["peppol", "lookup", "0208:123"])
        #expect(bad.status == 2)
    }
}
