import Foundation
import InvoicTestSupport
import InvoicXMLSchema
import Testing

/// `invoic ksef` through the built binary against Tests/Fixtures/ksef/fake_ksef.py, a stand-in for
/// KSeF 2.0 written from open-api.json that decrypts what it receives with the private keys this
/// test generates (openssl), checks every hash and size, and gives numbers with their CRC-8.
@Suite(.serialized) struct KSeFCommandTests {
    static let nip = "6771234561"
    static let token = "20261121-EC-0123456789-ABCDEF0123-77|nip-6771234561|0123456789abcdef"

    final class FakeKSeF {
        let process = Process()
        let state: URL
        let port: Int

        init(_ config: [String: Any] = [:]) throws {
            state = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-ksef-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
            // The Ministry's two keys, made here: one for the KSeF token, one for session keys.
            for name in ["token", "symmetric"] {
                let made = try runProcess(URL(fileURLWithPath: "/usr/bin/openssl"), [
                    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "30", "-subj", "/CN=KSeF \(name) test key",
                    "-keyout", state.appendingPathComponent("\(name)-key.pem").path, "-out", state.appendingPathComponent("\(name)-cert.pem").path])
                #expect(made.status == 0, "\(made.stderr)")
            }
            try Self.write(config, to: state)
            let python = ProcessInfo.processInfo.environment["EINVOICE_PYTHON"] ?? Invoic.repository.appendingPathComponent(".build/einvoice-venv/bin/python").path
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [Invoic.fixtures.appendingPathComponent("ksef/fake_ksef.py").path, state.path]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
            var line = Data()
            while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
            let words = String(decoding: line, as: UTF8.self).split(separator: " ")
            port = words.count == 2 ? Int(words[1]) ?? 0 : 0
            if port == 0 { Issue.record("the fake KSeF did not start: it needs `cryptography` in the test venv (scripts/einvoice-venv.sh)") }
        }

        static func write(_ config: [String: Any], to state: URL) throws {
            var full: [String: Any] = ["token": KSeFCommandTests.token, "nip": KSeFCommandTests.nip]
            full.merge(config) { $1 }
            try JSONSerialization.data(withJSONObject: full).write(to: state.appendingPathComponent("config.json"))
        }

        func configure(_ config: [String: Any]) throws { try Self.write(config, to: state) }

        var url: String { "http://127.0.0.1:\(port)/v2" }

        func requests() throws -> [[String: Any]] {
            guard let text = try? String(contentsOf: state.appendingPathComponent("requests.jsonl"), encoding: .utf8) else { return [] }
            return try text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        }

        /// Invoices it took (decrypted, checked) with the code it gave them.
        func invoicesTaken() throws -> [[String: Any]] { try requests().filter { $0["accepted"] != nil } }

        func count(_ method: String, _ pattern: String) throws -> Int {
            try requests().count { ($0["method"] as? String) == method && ($0["path"] as? String)?.range(of: pattern, options: .regularExpression) != nil && $0["status"] != nil }
        }

        func violations() throws -> [String] { try requests().compactMap { $0["violation"] as? String } }

        /// The files it decrypted, by invoice number.
        func decrypted(_ number: String) throws -> [Data] {
            try FileManager.default.contentsOfDirectory(atPath: state.path).filter { $0.hasPrefix("sent-") && $0.hasSuffix("-\(number).xml") }.sorted()
                .map { try Data(contentsOf: state.appendingPathComponent($0)) }
        }

        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: state)
        }
    }

    /// examples/poland with FV-2026-004, issued 2026-11-20 and not in KSeF yet.
    static func makeBook(settings: (String) -> String = { $0 }) throws -> URL {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("poland"))
        try """
            client: kwadrat
            issued: 2026-11-20
            items:
              - { description: Backend development, quantity: 8, unit: godz., price: 150.00 }
            """.write(to: book.appendingPathComponent("invoices/2026/FV-2026-004.yaml"), atomically: true, encoding: .utf8)
        let file = book.appendingPathComponent("invoic.yaml")
        try settings(try String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
        return book
    }

    static func ksef(_ arguments: [String], _ book: URL, _ server: FakeKSeF?, token: String = KSeFCommandTests.token) throws -> ProcessOutput {
        var environment = ["INVOIC_KSEF_TOKEN": token]
        if let server { environment["INVOIC_KSEF_API_URL"] = server.url }
        return try Invoic.run(["ksef"] + arguments + ["--today", "2026-11-21", "-C", book.path], environment: environment)
    }

    static func text(_ book: URL, _ path: String) throws -> String {
        try String(contentsOf: book.appendingPathComponent(path), encoding: .utf8)
    }

    /// The `ksef:` a document file holds, unquoted.
    static func number(in book: URL, _ path: String) throws -> String? {
        try text(book, path).split(separator: "\n").first { $0.hasPrefix("ksef: ") }
            .map { $0.dropFirst(6).trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) }
    }

    /// numer-ksef.md's CRC-8 (polynomial 0x07, initial 0) over the first 32 characters, by hand.
    static func crc8(_ text: Substring) -> String {
        var crc: UInt8 = 0
        for byte in text.utf8 {
            crc ^= byte
            for _ in 0..<8 { crc = crc & 0x80 != 0 ? (crc << 1) ^ 0x07 : crc << 1 }
        }
        return String(format: "%02X", crc)
    }

    @Test func sendsTheBuiltFileEncryptedAndKeepsItsNumberAndUPO() throws {
        let server = try FakeKSeF()
        defer { server.stop() }
        let book = try Self.makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        #expect(try Invoic.run(["build", "--today", "2026-11-21", "-C", book.path]).status == 0)
        let before = try Invoic.run(["check", "--today", "2026-11-21", "--diagnostics-format", "gnu", "-C", book.path])
        #expect(before.stderr.contains("[ksef-send-due]"), "\(before.stderr)")

        let sent = try Self.ksef(["send"], book, server)
        #expect(sent.status == 0, "\(sent.stdout)\n\(sent.stderr)")
        // invoic validated the UPO itself (resources/schemas/pl-ksef): no warning about it.
        #expect(!sent.stderr.contains("warning"), "\(sent.stderr)")
        let violations = try server.violations()
        #expect(violations.isEmpty, "\(violations)")
        // The fake decrypted exactly the file `build` wrote (and KOD I hashes).
        let built = try Data(contentsOf: book.appendingPathComponent("build/FV-2026-004.fa3.xml"))
        #expect(try server.decrypted("FV-2026-004") == [built])
        // Its number is in the document, of the seller's NIP, with its CRC-8.
        let number = try #require(try Self.number(in: book, "invoices/2026/FV-2026-004.yaml"))
        #expect(number.hasPrefix(Self.nip + "-") && number.count == 35, "\(number)")
        #expect(String(number.suffix(2)) == Self.crc8(number.prefix(32)), "\(number)")
        #expect(sent.stdout.contains("FV-2026-004: accepted, KSeF number \(number); UPO outbox/2026/FV-2026-004/FV-2026-004.upo.xml"), "\(sent.stdout)")
        // Offline24: issued the day before it was sent.
        #expect(try server.invoicesTaken().first?["offline"] as? Bool == true)

        // The UPO validates against the Ministry's schema and names that number and the file's SHA-256.
        let upo = try Data(contentsOf: book.appendingPathComponent("outbox/2026/FV-2026-004/FV-2026-004.upo.xml"))
        let schema = try XMLSchema(path: Standards.path("pl-ksef/faktury/upo/schemy/upo-v4-3.xsd"))
        #expect(schema.validate(Array(upo)) == [])
        let upoText = String(decoding: upo, as: UTF8.self)
        let digest = try runProcess(URL(fileURLWithPath: "/usr/bin/python3"), ["-c",
            "import sys,hashlib,base64; print(base64.b64encode(hashlib.sha256(open(sys.argv[1],'rb').read()).digest()).decode())",
            book.appendingPathComponent("build/FV-2026-004.fa3.xml").path]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(upoText.contains("<NumerKSeFDokumentu>\(number)</NumerKSeFDokumentu>") && upoText.contains("<SkrotDokumentu>\(digest)</SkrotDokumentu>"), "\(upoText)")
        // The outbox keeps the bytes sent and the record.
        #expect(try Data(contentsOf: book.appendingPathComponent("outbox/2026/FV-2026-004/FV-2026-004.fa3.xml")) == built)
        let record = try Self.text(book, "outbox/2026/FV-2026-004/ksef.yaml")
        #expect(record.contains("state: accepted") && record.contains("ksef_number: \"\(number)\"") && record.contains("sha256: \"\(digest)\""), "\(record)")

        // `check` stops warning, and the PDF's KOD I carries the number (its build is clean).
        let after = try Invoic.run(["check", "--today", "2026-11-21", "--diagnostics-format", "gnu", "-C", book.path])
        #expect(after.status == 0 && !after.stderr.contains("ksef-send"), "\(after.stderr)")
        let status = try Self.ksef(["status", "FV-2026-004"], book, server)
        #expect(status.stdout == "FV-2026-004: accepted \(number), UPO outbox/2026/FV-2026-004/FV-2026-004.upo.xml\n", "\(status.stdout)")

        // Nothing left: a second run sends nothing.
        let again = try Self.ksef(["send"], book, server)
        #expect(again.status == 0 && again.stdout.contains("nothing to send"), "\(again.stdout)\(again.stderr)")
        #expect(try server.count("POST", "/invoices$") == 1)
    }

    @Test func aCorrectionFollowsItsInvoiceAndNamesItsNumber() throws {
        let server = try FakeKSeF()
        defer { server.stop() }
        let book = try Self.makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        try """
            client: kwadrat
            issued: 2026-11-21
            corrects: FV-2026-004
            reason: Jedna godzina za dużo
            items:
              - { description: Backend development, quantity: 1, unit: godz., price: 150.00 }
            """.write(to: book.appendingPathComponent("credit-notes/KOR-2026-002.yaml"), atomically: true, encoding: .utf8)
        // Named alone, the correction waits for its invoice: nothing is sent.
        let alone = try Self.ksef(["send", "KOR-2026-002"], book, server)
        #expect(alone.status == 1 && alone.stderr.contains("KOR-2026-002 corrects FV-2026-004, which has no KSeF number yet: send it first"), "\(alone.stderr)")
        #expect(try server.invoicesTaken().isEmpty)
        let sent = try Self.ksef(["send"], book, server)
        #expect(sent.status == 0, "\(sent.stdout)\n\(sent.stderr)")
        let invoice = try #require(try Self.number(in: book, "invoices/2026/FV-2026-004.yaml"))
        let correction = try #require(try Self.number(in: book, "credit-notes/KOR-2026-002.yaml"))
        #expect(invoice != correction)
        let decrypted = String(decoding: try #require(try server.decrypted("KOR-2026-002").first), as: UTF8.self)
        #expect(decrypted.contains("<NrKSeFFaKorygowanej>\(invoice)</NrKSeFFaKorygowanej>"), "\(decrypted)")
        // Sent on its issue day: online, not offline.
        #expect(try server.invoicesTaken().last?["offline"] as? Bool == false)
        #expect(try server.violations().isEmpty)
    }

    @Test func aLostAnswerIsAskedForNotSentAgain() throws {
        let server = try FakeKSeF(["drop_send_answer": 1])
        defer { server.stop() }
        let book = try Self.makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let cut = try Self.ksef(["send"], book, server)
        #expect(cut.status == 1 && cut.stderr.contains("FV-2026-004: not confirmed by KSeF yet"), "\(cut.stderr)")
        #expect(try Self.text(book, "outbox/2026/FV-2026-004/ksef.yaml").contains("state: recorded"))
        #expect(try Self.number(in: book, "invoices/2026/FV-2026-004.yaml") == nil)
        let status = try Self.ksef(["status", "FV-2026-004"], book, server)
        #expect(status.stdout.contains("FV-2026-004: sent "), "\(status.stdout)")

        try server.configure([:])
        let resumed = try Self.ksef(["send"], book, server)
        #expect(resumed.status == 0, "\(resumed.stdout)\n\(resumed.stderr)")
        // KSeF had it: found in its session by the file's hash, never sent twice.
        #expect(try server.count("POST", "/invoices$") == 1)
        #expect(try server.invoicesTaken().count == 1)
        #expect(try Self.text(book, "outbox/2026/FV-2026-004/ksef.yaml").contains("found among session"))
        #expect(try Self.number(in: book, "invoices/2026/FV-2026-004.yaml") != nil)
    }

    /// invoic killed while KSeF takes the invoice: the next run finds it in the session, sends nothing.
    @Test func aSendKilledMidCallNeverSendsTwice() throws {
        let server = try FakeKSeF(["delay_send": 5])
        defer { server.stop() }
        let book = try Self.makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let process = Process()
        process.executableURL = Invoic.binary
        process.arguments = ["ksef", "send", "--today", "2026-11-21", "-C", book.path]
        process.environment = ProcessInfo.processInfo.environment.merging(["INVOIC_KSEF_TOKEN": Self.token, "INVOIC_KSEF_API_URL": server.url]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var waited = 0
        while try server.invoicesTaken().isEmpty, waited < 400 {
            usleep(50_000)
            waited += 1
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(try server.invoicesTaken().count == 1)
        #expect(try Self.text(book, "outbox/2026/FV-2026-004/ksef.yaml").contains("state: recorded"))

        try server.configure([:])
        let resumed = try Self.ksef(["send"], book, server)
        #expect(resumed.status == 0, "\(resumed.stdout)\n\(resumed.stderr)")
        // One invoice request reached KSeF in all (the killed run's); the resumed run asked instead.
        #expect(try server.invoicesTaken().count == 1)
        #expect(try server.count("GET", "/sessions/[^/]+/invoices[?]") >= 1)
        #expect(try Self.number(in: book, "invoices/2026/FV-2026-004.yaml") != nil)
    }

    @Test func aRequestThatNeverArrivedIsSentAgainOnce() throws {
        let server = try FakeKSeF(["lose_send": 1])
        defer { server.stop() }
        let book = try Self.makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        #expect(try Self.ksef(["send"], book, server).status == 1)
        #expect(try server.invoicesTaken().isEmpty)
        try server.configure([:])
        let resumed = try Self.ksef(["send"], book, server)
        #expect(resumed.status == 0, "\(resumed.stdout)\n\(resumed.stderr)")
        #expect(try server.invoicesTaken().count == 1)
        let record = try Self.text(book, "outbox/2026/FV-2026-004/ksef.yaml")
        #expect(record.contains("never reached KSeF") && record.contains("state: accepted"), "\(record)")
        #expect(try server.violations().isEmpty)
    }

    @Test func expiredTokensAreRefreshedOrAuthenticatedAgain() throws {
        let server = try FakeKSeF(["expire_access_after": 1])
        defer { server.stop() }
        let book = try Self.makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let sent = try Self.ksef(["send"], book, server)
        #expect(sent.status == 0, "\(sent.stdout)\n\(sent.stderr)")
        #expect(try server.count("POST", "/auth/token/refresh$") >= 1)
        #expect(try server.count("POST", "/auth/ksef-token$") == 1)

        // A refresh token refused too: the whole authentication again.
        let second = try Self.makeBook()
        defer { try? FileManager.default.removeItem(at: second) }
        try server.configure(["expire_access_after": 1, "refuse_refresh": true])
        let again = try Self.ksef(["send"], second, server)
        #expect(again.status == 0, "\(again.stdout)\n\(again.stderr)")
        #expect(try server.count("POST", "/auth/ksef-token$") >= 3)
        #expect(try server.violations().isEmpty)
    }

    @Test func aRefusedTokenOrInvoiceSaysWhy() throws {
        let server = try FakeKSeF(["reject": "450"])
        defer { server.stop() }
        let book = try Self.makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let wrong = try Self.ksef(["send"], book, server, token: "not-the-token")
        #expect(wrong.status == 1 && wrong.stderr.contains("Nieprawidłowy token") && wrong.stderr.contains("INVOIC_KSEF_TOKEN"), "\(wrong.stderr)")
        #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent("outbox/2026/FV-2026-004/ksef.yaml").path))

        let rejected = try Self.ksef(["send"], book, server)
        #expect(rejected.status == 1 && rejected.stderr.contains("FV-2026-004: rejected: KSeF refused it: 450") && rejected.stderr.contains("P_15 differs"), "\(rejected.stderr)")
        let status = try Self.ksef(["status"], book, server)
        #expect(status.status == 1 && status.stdout.contains("FV-2026-004: rejected: KSeF refused it: 450"), "\(status.stdout)")
        #expect(try Self.number(in: book, "invoices/2026/FV-2026-004.yaml") == nil)
        // The same file is not sent again until the invoice changes.
        try server.configure([:])
        let same = try Self.ksef(["send"], book, server)
        #expect(same.status == 1 && same.stderr.contains("change the invoice"), "\(same.stderr)")
        #expect(try server.count("POST", "/invoices$") == 1)

        let missing = try Invoic.run(["ksef", "send", "--today", "2026-11-21", "-C", book.path], environment: ["INVOIC_KSEF_API_URL": server.url, "INVOIC_KSEF_TOKEN": ""])
        #expect(missing.status == 1 && missing.stderr.contains("set INVOIC_KSEF_TOKEN"), "\(missing.stderr)")
    }

    /// KSeF unreachable: the invoice stays offline (OFFLINE under KOD I, `check` counting its
    /// deadline) with nothing recorded, and the next `ksef send` sends it with `offlineMode`.
    @Test func anInvoiceIssuedWhileKSeFIsUnreachableIsSentByTheNextRun() throws {
        let book = try Self.makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let down = try Invoic.run(["ksef", "send", "--today", "2026-11-21", "-C", book.path],
                                  environment: ["INVOIC_KSEF_TOKEN": Self.token, "INVOIC_KSEF_API_URL": "http://127.0.0.1:1/v2"])
        #expect(down.status == 1 && down.stderr.contains("FV-2026-004: not confirmed by KSeF yet: not sent:"), "\(down.stderr)")
        #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent("outbox/2026/FV-2026-004/ksef.yaml").path))
        #expect(try Self.ksef(["status", "FV-2026-004"], book, nil).stdout == "FV-2026-004: pending (offline: issued 2026-11-20)\n")
        #expect(try Invoic.run(["build", "--today", "2026-11-21", "-C", book.path]).status == 0)
        let pdf = book.appendingPathComponent("build/FV-2026-004.pdf").path
        #expect(try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdf, "-"]).stdout.contains("OFFLINE"))

        let server = try FakeKSeF()
        defer { server.stop() }
        let sent = try Self.ksef(["send"], book, server)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(try server.invoicesTaken().first?["offline"] as? Bool == true)
        let number = try #require(try Self.number(in: book, "invoices/2026/FV-2026-004.yaml"))
        #expect(try Invoic.run(["build", "--today", "2026-11-22", "-C", book.path]).status == 0)
        let text = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdf, "-"]).stdout
        #expect(text.contains(number) && !text.contains("OFFLINE"), "\(text)")
        // Past the deadline, a sent invoice is not overdue.
        let late = try Invoic.run(["check", "--today", "2026-11-30", "--diagnostics-format", "gnu", "-C", book.path])
        #expect(late.status == 0 && !late.stderr.contains("ksef-send"), "\(late.stderr)")
    }

    /// A KSeF number whose CRC-8 fails is never written into the book.
    @Test func aNumberThatFailsItsCRCIsNotKept() throws {
        let server = try FakeKSeF(["bad_crc": true])
        defer { server.stop() }
        let book = try Self.makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let sent = try Self.ksef(["send"], book, server)
        #expect(sent.status == 1 && sent.stderr.contains("KSeF answered a KSeF number that is not one"), "\(sent.stderr)")
        #expect(try Self.number(in: book, "invoices/2026/FV-2026-004.yaml") == nil)
        #expect(!(try Self.text(book, "outbox/2026/FV-2026-004/ksef.yaml")).contains("ksef_number"))
    }

    /// The environment is a setting, test by default: what `init --country PL` starts with.
    @Test func theEnvironmentIsASettingTestByDefault() throws {
        let book = try Self.makeBook { $0.replacingOccurrences(of: "ksef:\n  environment: test ", with: "#") }
        defer { try? FileManager.default.removeItem(at: book) }
        let dry = try Self.ksef(["send", "--dry-run"], book, nil)
        #expect(dry.status == 0 && dry.stdout.contains("would send FV-2026-004") && dry.stdout.contains("to https://api-test.ksef.mf.gov.pl/v2 for NIP 6771234561"), "\(dry.stdout)\(dry.stderr)")
        let production = try Self.makeBook { $0.replacingOccurrences(of: "environment: test", with: "environment: production") }
        defer { try? FileManager.default.removeItem(at: production) }
        #expect(try Self.ksef(["send", "--dry-run"], production, nil).stdout.contains("to https://api.ksef.mf.gov.pl/v2 "))
        let folder = book.appendingPathComponent("new")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(try Invoic.run(["init", "pl", "--country", "PL"], in: folder).status == 0)
        let fresh = try Self.ksef(["send", "--dry-run"], folder.appendingPathComponent("pl"), nil)
        #expect(fresh.status == 0, "\(fresh.stderr)")
    }

    /// The buyer's invoices: each fetched once, checked against KSeF's hash, handed to `invoic receive`'s pipeline.
    @Test func receiveFetchesEachPurchaseOnce() throws {
        // A supplier's FA(3) to this book (NIP 6771234561): the example's FV-2026-003 with the
        // parties turned round, the seller a Kraków company of NIP 5265877635.
        let supplier = try Invoic.copy(Invoic.examples.appendingPathComponent("poland"))
        defer { try? FileManager.default.removeItem(at: supplier) }
        #expect(try Invoic.run(["build", "--today", "2026-11-21", "-C", supplier.path]).status == 0)
        var xml = try String(contentsOf: supplier.appendingPathComponent("build/FV-2026-003.fa3.xml"), encoding: .utf8)
        #expect(xml.contains("<NIP>6771234561</NIP>") && xml.contains("<NIP>1132853869</NIP>") && xml.contains("<P_15>9943.50</P_15>"))
        xml = xml.replacingOccurrences(of: "<NIP>6771234561</NIP>", with: "<NIP>5265877635</NIP>")
            .replacingOccurrences(of: "<NIP>1132853869</NIP>", with: "<NIP>6771234561</NIP>")
            .replacingOccurrences(of: "<Nazwa>Anna Nowak Software</Nazwa>", with: "<Nazwa>Kowalski Narzędzia Sp. z o.o.</Nazwa>")
        let file = supplier.appendingPathComponent("supplier-fv-2026-003.xml").path
        try xml.write(toFile: file, atomically: true, encoding: .utf8)
        let number = "5265877635-20250826-0100001AF629-AF"
        let server = try FakeKSeF(["purchases": [["file": file, "ksef": number, "stored": "2026-11-02T10:00:00Z"],
                                                 ["file": file, "ksef": "5265877635-20250826-0100001AF629-AE", "stored": "2026-11-02T10:00:00Z"]]])
        defer { server.stop() }
        let book = try Self.makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let first = try Self.ksef(["receive", "--since", "2026-11-01"], book, server)
        // The number with a wrong CRC-8 is refused and never fetched.
        #expect(first.status == 1 && first.stderr.contains("not one (5265877635-20250826-0100001AF629-AE)"), "\(first.stderr)")
        #expect(first.stdout.contains("received \(number)") || first.stdout.contains("fetched \(number) into received/ksef/\(number)/\(number).xml"), "\(first.stdout)")
        let record = try Self.text(book, "received/ksef/\(number)/ksef.yaml")
        // The inbox's FA(3) reader takes it into purchases/, to the grosz.
        #expect(record.contains("purchase: ") && !record.contains("not_read: "), "\(record)")
        let purchases = try FileManager.default.contentsOfDirectory(atPath: book.appendingPathComponent("purchases/2026").path)
        let purchase = try #require(purchases.first { $0.contains("fv-2026-003") }, "\(purchases)")
        let kept = try Self.text(book, "purchases/2026/\(purchase)")
        #expect(kept.contains("9943.50") && kept.contains("5265877635"), "\(kept)")
        #expect(try server.count("GET", "/invoices/ksef/") == 1)
        let second = try Self.ksef(["receive", "--since", "2026-11-01"], book, server)
        #expect(second.stdout.contains("\(number) was fetched before") || second.stdout.contains("received \(number)"), "\(second.stdout)")
        #expect(try server.count("GET", "/invoices/ksef/") == 1)
        #expect(try server.violations().isEmpty)

        // A file whose hash is not the one KSeF listed is not kept.
        try server.configure(["purchases": [["file": file, "ksef": "6771234561-20261020-0100005C3D58-8F", "stored": "2026-11-03T10:00:00Z", "hash": "AAAA"]]])
        let tampered = try Self.ksef(["receive", "--since", "2026-11-03"], book, server)
        #expect(tampered.status == 1 && tampered.stderr.contains("does not have the SHA-256 its list gave"), "\(tampered.stderr)")
        #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent("received/ksef/6771234561-20261020-0100005C3D58-8F").path))
    }
}
