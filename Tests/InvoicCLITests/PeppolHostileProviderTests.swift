import Foundation
import InvoicTestSupport
import Testing

/// Issue 38, points 7, 8, 9, 10 and 17: `invoic peppol` against a provider that echoes the API
/// key in its errors, answers hostile ids, is slow to send or loses the answer, lists ids a
/// folder name cannot tell apart, or says nothing. The stand-in is Tests/Fixtures/peppol/fake_provider.py.
@Suite(.serialized) struct PeppolHostileProviderTests {
    typealias FakeProvider = PeppolCommandTests.FakeProvider
    static let number = PeppolCommandTests.number
    static let record = PeppolCommandTests.record
    /// A `KEY:SECRET` pair: sent raw (Bearer), as Base64 (Recommand's Basic), or split (Scrada's headers).
    static let token = "k3y-ID-4471:s3cr3t-PW-9902"
    static let environment = ["INVOIC_PEPPOL_TOKEN": token, "NETRC": "/nonexistent"]
    static let secretForms = [token, Data(token.utf8).base64EncodedString(), "k3y-ID-4471", "s3cr3t-PW-9902"]

    func makeBook(_ peppol: String) throws -> URL { try PeppolCommandTests().makeBook(peppol) }

    func peppol(_ arguments: [String], _ book: URL) throws -> Invoic.Output {
        try Invoic.run(["peppol"] + arguments + ["-C", book.path], environment: Self.environment)
    }

    func text(_ book: URL, _ path: String) throws -> String {
        try String(contentsOf: book.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every file of the book, by its path in it.
    func files(_ book: URL) throws -> [(path: String, bytes: Data)] {
        try FileManager.default.subpathsOfDirectory(atPath: book.path).sorted().compactMap { path in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: book.appendingPathComponent(path).path, isDirectory: &isFolder), !isFolder.boolValue else { return nil }
            return (path, try Data(contentsOf: book.appendingPathComponent(path)))
        }
    }

    func expectNoSecret(in outputs: [Invoic.Output], book: URL, _ comment: String) throws {
        for form in Self.secretForms {
            for output in outputs {
                #expect(!output.stdout.contains(form) && !output.stderr.contains(form), "\(comment): \(form) printed:\n\(output.stdout)\(output.stderr)")
            }
            for (path, bytes) in try files(book) where bytes.range(of: Data(form.utf8)) != nil {
                Issue.record("\(comment): \(form) stored in \(path)")
            }
        }
    }

    // MARK: - Point 7

    @Test(arguments: [("e-invoice.be", false), ("recommand", true), ("scrada", false), ("http", true)])
    func aKeyTheProviderEchoesIsNeitherPrintedNorStored(_ provider: String, _ asText: Bool) throws {
        let server = try FakeProvider()
        defer { server.stop() }
        try server.configure(["echo_auth": 401, "echo_as_text": asText])
        let url = provider == "http" ? server.url + "/generic" : server.url
        let book = try makeBook("peppol:\n  provider: \(provider)\n  url: \(url)\n" + (provider == "http" || provider == "e-invoice.be" ? "" : "  company: c-42\n"))
        defer { try? FileManager.default.removeItem(at: book) }

        let sent = try peppol(["send", Self.number], book)
        #expect(sent.status == 1)
        #expect(sent.stderr.contains("HTTP 401") && sent.stderr.contains("[redacted]"), "\(sent.stderr)")
        // The attack is real: the provider did answer with the credentials the request carried.
        let echoed = try server.requests().filter { $0["echoed"] as? Bool == true }
        #expect(!echoed.isEmpty)
        let record = try text(book, Self.record)
        #expect(record.contains("state: refused") && record.contains("[redacted]"), "\(record)")

        var outputs = [sent, try Invoic.run(["check", "-C", book.path, "--today", "2026-11-26"]), try peppol(["status"], book)]
        if provider != "http" { outputs.append(try peppol(["receive"], book)) }
        #expect(outputs.last?.status == 1)
        try expectNoSecret(in: outputs, book: book, provider)
    }

    // MARK: - Point 8

    static let hostileIDs = [
        "ESC and a newline": "doc\u{1B}]0;owned\u{07}\nstate: delivered", "ESC": "g-1\u{1B}[2J",
        "5 MB": String(repeating: "d", count: 5 * 1024 * 1024), "400 KB": String(repeating: "g", count: 400 * 1024),
    ]

    @Test(arguments: [("e-invoice.be", "ESC and a newline"), ("e-invoice.be", "5 MB"), ("http", "ESC"), ("http", "400 KB")])
    func aHostileIdIsNotStoredAndTheRecordStaysReadable(_ provider: String, _ kind: String) throws {
        let id = Self.hostileIDs[kind] ?? ""
        let server = try FakeProvider()
        defer { server.stop() }
        try server.configure(["hostile_id": id])
        let url = provider == "http" ? server.url + "/generic" : server.url
        let book = try makeBook("peppol:\n  provider: \(provider)\n  url: \(url)\n")
        defer { try? FileManager.default.removeItem(at: book) }

        let sent = try peppol(["send", Self.number], book)
        #expect(sent.status == 1)
        #expect(sent.stderr.contains("answered a document id invoic does not keep"), "\(sent.stderr.prefix(2000))")
        #expect(!sent.stderr.contains("\u{1B}") && sent.stderr.utf8.count < 4000)
        let record = try text(book, Self.record)
        #expect(!record.contains("provider_id") && record.utf8.count < 4000, "\(record.prefix(2000))")
        // The record is invoic's to read: check does not call it unreadable, status does not call it delivered.
        let check = try Invoic.run(["check", "-C", book.path, "--today", "2026-11-26"])
        #expect(!check.stderr.contains("cannot be read"), "\(check.stderr)")
        let status = try peppol(["status"], book)
        #expect(!status.stdout.contains("nothing in transit") && status.stdout.contains("\(Self.number): "), "\(status.stdout)\(status.stderr)")
        if provider == "http" {
            // The POST transmitted before the id came back: in transit for all invoic knows, so no second send.
            #expect(record.contains("state: requested"), "\(record)")
            let again = try peppol(["send", Self.number], book)
            #expect(again.status == 1 && again.stderr.contains("--resend"), "\(again.stderr)")
            #expect(try server.count("POST", matching: "/generic") == 1)
        } else {
            // e-invoice.be's upload is a draft: nothing was transmitted.
            #expect(try server.count("POST", matching: "/send") == 0)
        }
    }

    @Test func anUnreadableRecordIsInTransitNeverDelivered() throws {
        let server = try FakeProvider()
        defer { server.stop() }
        try server.configure(["send_state": "TRANSIT"])
        let book = try makeBook("peppol:\n  provider: e-invoice.be\n  url: \(server.url)\n")
        defer { try? FileManager.default.removeItem(at: book) }
        // What an earlier invoic wrote of a hostile id: a raw ESC in the record, which its reader refuses.
        let unreadable = "number: INV-2026-013\nattempts:\n  - key: \"k-1\"\n    provider: e-invoice.be\n    url: \(server.url)\n    sender: \"9914:ATU68231451\"\n    receiver: \"0208:0477472701\"\n    file: INV-2026-013.peppol.xml\n    sha256: \"00\"\n    provider_id: doc\u{1B}[31m\n    history:\n      - at: 2026-11-20T09:00:00Z\n        state: transit\n"
        try FileManager.default.createDirectory(at: book.appendingPathComponent("outbox/2026/INV-2026-013"), withIntermediateDirectories: true)
        try unreadable.write(to: book.appendingPathComponent(Self.record), atomically: true, encoding: .utf8)

        let status = try peppol(["status"], book)
        #expect(status.status == 1)
        #expect(!status.stdout.contains("nothing in transit") && status.stderr.contains("may be in transit"), "\(status.stdout)\(status.stderr)")
        let named = try peppol(["status", Self.number], book)
        #expect(named.status == 1 && named.stderr.contains("may be in transit") && !named.stdout.contains("never sent"), "\(named.stdout)\(named.stderr)")
        let check = try Invoic.run(["check", "-C", book.path, "--today", "2026-11-26"])
        #expect(check.stderr.contains("cannot be read, so its invoice may be in transit") && !check.stderr.contains("git checkout"), "\(check.stderr)")

        let refused = try peppol(["send", Self.number], book)
        #expect(refused.status == 1 && refused.stderr.contains("may be in transit") && refused.stderr.contains("--resend"), "\(refused.stderr)")
        #expect(try server.count("POST", matching: "/send") == 0)
        // --resend is the way out, not a dead end: the unreadable record is kept beside the new one.
        let resent = try peppol(["send", Self.number, "--resend", "the record was damaged"], book)
        #expect(resent.status == 0, "\(resent.stderr)")
        #expect(try server.count("POST", matching: "/send") == 1)
        #expect(try text(book, "outbox/2026/INV-2026-013/peppol.unreadable.yaml") == unreadable)
        let record = try text(book, Self.record)
        #expect(record.contains("resend_reason: the record was damaged") && record.contains("state: transit"), "\(record)")
    }

    // MARK: - Point 9

    /// The provider took the send and is transmitting (its timeline says so), the document still
    /// says DRAFT, and invoic never heard back: what a kill during `POST .../send` leaves.
    @Test func aSendWhoseAnswerWasLostIsAskedForItsTransmissionsNotSentAgain() throws {
        let server = try FakeProvider()
        defer { server.stop() }
        try server.configure(["pending_send": true])
        let book = try makeBook("peppol:\n  provider: e-invoice.be\n  url: \(server.url)\n")
        defer { try? FileManager.default.removeItem(at: book) }

        let lost = try peppol(["send", Self.number], book)
        #expect(lost.status == 1)
        let record = try text(book, Self.record)
        #expect(record.contains("provider_id: \"doc-1\"") && record.contains("state: requested") && record.contains("detail: send requested"), "\(record)")

        let rerun = try peppol(["send", Self.number], book)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(rerun.stdout.contains("nothing sent again"), "\(rerun.stdout)")
        #expect(try server.count("POST", matching: "/send") == 1)
        #expect(try server.count("GET", matching: "/timeline") == 1)
        let violations = try server.violations()
        #expect(violations.isEmpty, "\(violations)")
        #expect(try text(book, Self.record).contains("state: transit"))
    }

    /// A provider that takes 30 s to send: invoic gives up after its idle timeout (1 s here), says
    /// so, and the immediate rerun (the provider still busy, the document still DRAFT) sends nothing.
    @Test func aSlowProviderTimesOutAndTheRerunSendsNothing() throws {
        let server = try FakeProvider()
        defer { server.stop() }
        try server.configure(["slow_send": 30])
        let book = try makeBook("peppol:\n  provider: e-invoice.be\n  url: \(server.url)\n  idle_timeout: 1\n")
        defer { try? FileManager.default.removeItem(at: book) }

        let timedOut = try peppol(["send", Self.number], book)
        #expect(timedOut.status == 1)
        #expect(timedOut.stderr.contains("nothing came for 1 s") && timedOut.stderr.contains("idle_timeout"), "\(timedOut.stderr)")
        #expect(try text(book, Self.record).contains("state: requested"))

        let rerun = try peppol(["send", Self.number], book)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(rerun.stdout.contains("nothing sent again"), "\(rerun.stdout)")
        #expect(try server.count("POST", matching: "/send") == 1)
        let violations = try server.violations()
        #expect(violations.isEmpty, "\(violations)")
    }

    /// The send was requested but never reached the provider: the draft has no transmission. The
    /// rerun cannot tell that from "still on its way", so it sends nothing; --resend does.
    @Test func aRequestedSendTheProviderNeverGotNeedsResend() throws {
        let server = try FakeProvider()
        defer { server.stop() }
        try server.configure(["lose_send_request": true])
        let book = try makeBook("peppol:\n  provider: e-invoice.be\n  url: \(server.url)\n")
        defer { try? FileManager.default.removeItem(at: book) }

        #expect(try peppol(["send", Self.number], book).status == 1)
        try server.configure([:])
        let rerun = try peppol(["send", Self.number], book)
        #expect(rerun.status == 1 && rerun.stderr.contains("may still be on its way") && rerun.stderr.contains("--resend"), "\(rerun.stderr)")
        #expect(try server.count("POST", matching: "/send") == 1)
        let resent = try peppol(["send", Self.number, "--resend", "e-invoice.be shows no transmission"], book)
        #expect(resent.status == 0, "\(resent.stderr)")
        #expect(try server.count("POST", matching: "/send") == 2)
        #expect(try server.violations().isEmpty)
    }

    // MARK: - Point 10

    @Test func idsThatDifferOnlyInASlashAreTwoDocuments() throws {
        let server = try FakeProvider()
        defer { server.stop() }
        for (name, fixture) in [("a.xml", "ubl-tc434-example1.xml"), ("b.xml", "ubl-tc434-example2.xml")] {
            try Data(contentsOf: Invoic.fixtures.appendingPathComponent("received/" + fixture)).write(to: server.state.appendingPathComponent(name))
        }
        try server.configure(["inbox": [["id": "x/1", "file": "a.xml"], ["id": "x_1", "file": "b.xml"]]])
        let book = try makeBook("peppol:\n  provider: e-invoice.be\n  url: \(server.url)\n")
        defer { try? FileManager.default.removeItem(at: book) }

        let first = try peppol(["receive"], book)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("received x/1: purchases/") && first.stdout.contains("received x_1: purchases/"), "\(first.stdout)")
        #expect(try text(book, "received/peppol/x%2F1/peppol.yaml").contains("provider_id: \"x/1\""))
        #expect(try text(book, "received/peppol/x_1/peppol.yaml").contains("provider_id: \"x_1\""))
        #expect(try server.count("GET", matching: "/files/x%2F1") == 1 && server.count("GET", matching: "/files/x_1") == 1)

        // A hostile id in the inbox is refused; the others are still taken care of.
        try server.configure(["inbox": [["id": "x/1", "file": "a.xml"], ["id": "evil\u{1B}]0;owned\u{07}", "file": "a.xml"], ["id": "x_1", "file": "b.xml"]]])
        let second = try peppol(["receive"], book)
        #expect(second.status == 1)
        #expect(second.stdout.contains("x/1 is already in the book") && second.stdout.contains("x_1 is already in the book"), "\(second.stdout)")
        #expect(second.stderr.contains("was not taken") && !second.stderr.contains("\u{1B}") && !second.stdout.contains("\u{1B}"), "\(second.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: book.appendingPathComponent("received/peppol").path).sorted() == ["x%2F1", "x_1"])
        #expect(try Invoic.run(["check", "-C", book.path]).status == 0)
    }

    // MARK: - Point 17

    @Test func theTimeoutsAreSettingsThatCheckValidates() throws {
        let book = try makeBook("peppol:\n  provider: e-invoice.be\n  connect_timeout: 0\n  idle_timeout: soon\n")
        defer { try? FileManager.default.removeItem(at: book) }
        let check = try Invoic.run(["check", "-C", book.path])
        #expect(check.status == 1)
        #expect(check.stderr.contains("`connect_timeout` is the seconds to wait for a connection, from 1 to 600, not `0`"), "\(check.stderr)")
        #expect(check.stderr.contains("`idle_timeout` is the seconds to wait for the provider's next byte, from 1 to 600, not `soon`"), "\(check.stderr)")

        let good = try makeBook("peppol:\n  provider: e-invoice.be\n  connect_timeout: 5\n  idle_timeout: 45\n")
        defer { try? FileManager.default.removeItem(at: good) }
        #expect(try Invoic.run(["check", "-C", good.path]).status == 0)
    }
}
