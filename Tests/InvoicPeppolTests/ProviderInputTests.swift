import Foundation
import Glibc
@testable import InvoicPeppol
import Testing

/// What a hostile or careless provider can hand invoic (issue 38, points 7, 8, 10, 17): its words
/// echoing the API key, ids with control characters or megabytes, ids that differ only in a
/// character a folder name cannot hold, and silence.
@Suite struct ProviderInputTests {
    // MARK: - Point 7: secrets never printed or stored

    static let key = "sk_live_51HxQ2eKfLm0Zx"
    static let pair = "api-key-7731:pa55-w0rd-9"

    @Test func theKeyInEveryFormIsRedacted() {
        let bearer = Secrets(token: Self.key)
        let echo = "401 Unauthorized. Request headers: {\"Authorization\": \"Bearer \(Self.key)\", \"Accept\": \"application/json\"} token=\(Self.key)"
        let redacted = bearer.redact(echo)
        #expect(!redacted.contains(Self.key), "\(redacted)")
        #expect(redacted.contains("Accept"), "the rest of the text stays: \(redacted)")

        // Recommand's KEY:SECRET goes as HTTP Basic: base64 of the pair; Scrada's as two headers.
        let basic = Secrets(token: Self.pair)
        let base64 = Data(Self.pair.utf8).base64EncodedString()
        let dump = "invalid credentials; the request was:\nAuthorization: Basic \(base64)\nX-API-KEY: api-key-7731\nX-PASSWORD: pa55-w0rd-9\n"
        let cleaned = basic.redact(dump)
        for secret in [Self.pair, base64, "api-key-7731", "pa55-w0rd-9"] {
            #expect(!cleaned.contains(secret), "\(secret) left in \(cleaned)")
        }
    }

    /// A credential the provider echoes that is not invoic's key (a proxy's, another header's) is
    /// redacted by its place: after `Authorization:`, after `Bearer` or `Basic`.
    @Test func credentialsInHeaderLinesAreRedactedWhateverTheirValue() {
        let none = Secrets(token: "unrelated-key")
        let text = "Proxy-Authorization: Basic dXNlcjpwYXNzd29yZA==\r\nauthorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.x\r\nfailed with Bearer AbCdEf0123456789"
        let redacted = none.redact(text)
        for secret in ["dXNlcjpwYXNzd29yZA==", "eyJhbGciOiJIUzI1NiJ9.e30.x", "AbCdEf0123456789"] {
            #expect(!redacted.contains(secret), "\(secret) left in \(redacted)")
        }
        // Words are not credentials: prose about the scheme stays readable.
        #expect(none.redact("Basic authentication failed for this account") == "Basic authentication failed for this account")
    }

    @Test func providerTextIsOneBoundedLine() {
        let secrets = Secrets(token: Self.key)
        let hostile = "bad\u{1B}[2J\u{1B}]0;owned\u{07}\nline\u{9B}31m\u{2028}end"
        let clean = ProviderText.clean(hostile, secrets: secrets)
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" }, "\(clean.debugDescription)")
        #expect(clean.hasPrefix("bad") && clean.hasSuffix("end"))
        let huge = ProviderText.clean(String(repeating: "x", count: 5_000_000), secrets: secrets)
        #expect(huge.count == ProviderText.maxLength + 1 && huge.hasSuffix("…"))
    }

    /// What the outbox keeps of a hostile detail reads back: the record stays invoic's to read.
    @Test func aRecordWithACleanedHostileDetailReadsBack() throws {
        let detail = ProviderText.clean("refused\u{1B}]52;c;ZXZpbA==\u{07}\n" + String(repeating: "é", count: 400_000), secrets: Secrets(token: Self.key))
        let record = OutboxRecord(number: "INV-1", attempts: [OutboxRecord.Attempt(
            key: "k-1", provider: "http", url: "https://p.example", sender: "0208:0123456749", receiver: "0208:0477472701",
            documentType: PeppolBIS.invoice, process: PeppolBIS.process, file: "INV-1.peppol.xml", sha256: "00ff", providerID: nil,
            resendReason: nil, history: [.init(at: "2026-11-20T09:00:00Z", state: .recorded), .init(at: "2026-11-20T09:00:01Z", state: .requested, detail: detail)])])
        let parsed = try OutboxRecord.parse(Array(record.yaml().utf8), path: "peppol.yaml").get()
        #expect(parsed == record)
        #expect(parsed.current?.state == .requested && parsed.current?.state.isUnresolved == true)
    }

    // MARK: - Point 8: provider ids validated before they are stored

    /// The hostile ids by name: the test's name shows the name, not megabytes of id.
    static let hostileIDs: [String: (id: String, reason: String)] = [
        "empty": ("", "empty"), "ESC": ("doc\u{1B}[31m-1", "control"), "newline": ("doc-1\nstate: delivered", "control"), "space": ("doc 1", "space"),
        "non-ASCII": ("dóc-1", "visible ASCII"), "400 KB": (String(repeating: "a", count: 400 * 1024), "bytes long"),
        "5 MB": (String(repeating: "b", count: 5 * 1024 * 1024), "bytes long"),
    ]

    @Test(arguments: hostileIDs.keys.sorted())
    func hostileIdsAreRefused(_ name: String) {
        let (id, reason) = Self.hostileIDs[name] ?? ("", "?")
        let problem = ProviderID.problem(id)
        #expect(problem?.contains(reason) == true, "\(problem ?? "accepted")")
        // Refused, and the error never carries the id itself onto the terminal.
        do {
            _ = try ProviderID.checked(id, from: "e-invoice.be")
            Issue.record("accepted")
        } catch {
            #expect(id.count < 4 || !error.message.contains(id))
            #expect(error.message.utf8.count < 300)
        }
    }

    @Test func realIdsAreKept() throws {
        for id in ["doc-1", "3f2b7c1e-8d4a-4b6e-9f0a-1c2d3e4f5a6b", "doc_01HZX", "0000-1", "x/1", "urn:uuid:1"] {
            #expect(try ProviderID.checked(id, from: "scrada") == id)
        }
    }

    // MARK: - Point 10: one folder per received id

    @Test func receivedFolderNamesAreInjective() {
        let long = String(repeating: "a", count: 300)
        let ids = ["x/1", "x_1", "x%2F1", "x%1", "X/1", "..", ".", ".x", "%2E.", "a..b", "a/../b", "a\\b", "a:b", "a?b",
                   long, long + "b", String(repeating: "a", count: 299) + "b", String(repeating: "/", count: 70) + "1", String(repeating: "/", count: 70) + "2"]
        let folders = ids.map(PeppolReceiver.folder(forProviderID:))
        #expect(Set(folders).count == ids.count, "\(folders)")
        for folder in folders {
            let name = String(folder.dropFirst(PeppolReceiver.folderName.count + 1))
            #expect(!name.isEmpty && !name.contains("/") && !name.hasPrefix(".") && name.count <= 145, "\(name)")
        }
        // Ids of the safe characters keep the name they always had.
        #expect(PeppolReceiver.folder(forProviderID: "in-7") == "received/peppol/in-7")
        #expect(PeppolReceiver.folder(forProviderID: "x/1") == "received/peppol/x%2F1")
    }

    // MARK: - Point 17: which timeout fired

    /// A listening socket on 127.0.0.1 that never accepts; with its queue filled by a first
    /// connection, the next one's handshake is never answered.
    final class Listener {
        let socket: Int32
        var held: [Int32] = []
        let port: Int

        init(fill: Bool) throws {
            let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
            guard bound == 0, listen(fd, 0) == 0 else { throw PeppolError("cannot listen") }
            _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
            socket = fd
            port = Int(UInt16(bigEndian: address.sin_port))
            if fill {
                let client = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, length) } }
                held.append(client)
            }
        }

        deinit {
            held.forEach { close($0) }
            close(socket)
        }
    }

    @Test func aProviderThatNeverAcceptsIsTheConnectTimeout() throws {
        let listener = try Listener(fill: true)
        let client = HTTPClient(connectTimeout: 1, idleTimeout: 5)
        #expect {
            _ = try client.perform(HTTPRequest("GET", "http://127.0.0.1:\(listener.port)/api/documents/doc-1"))
        } throws: { error in
            let message = (error as? PeppolError)?.message ?? ""
            return message.contains("no connection within 1 s") && message.contains("connect_timeout")
        }
    }

    @Test func aProviderThatSaysNothingIsTheIdleTimeout() throws {
        let listener = try Listener(fill: false)
        let client = HTTPClient(connectTimeout: 5, idleTimeout: 1)
        #expect {
            _ = try client.perform(HTTPRequest("POST", "http://127.0.0.1:\(listener.port)/api/documents/doc-1/send", body: Array("{}".utf8)))
        } throws: { error in
            let message = (error as? PeppolError)?.message ?? ""
            return message.contains("nothing came for 1 s") && message.contains("idle_timeout")
        }
    }
}
