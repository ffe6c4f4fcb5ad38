import Foundation
import Hummingbird
import HummingbirdTesting
import InvoicBook
@testable import InvoicServe
import InvoicTestSupport
import Testing

/// Every page and action of `invoic serve`, in process (HummingbirdTesting), on a scratch copy of
/// the studio example: what each shows, what each action writes, and what is refused.
@Suite struct ServeTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A copy of the studio book (without build/), removed by `defer` in each test.
    static func book() throws -> URL {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-serve-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: repository.appendingPathComponent("examples/studio"), to: target)
        try? FileManager.default.removeItem(at: target.appendingPathComponent("build"))
        return target
    }

    static func server(_ root: URL, readOnly: Bool = false) throws -> BookServer {
        BookServer(live: try LiveBook(root: root.path, today: Day("2026-11-21")), options: .init(readOnly: readOnly), csrfToken: "t0k3n")
    }

    static func form(_ fields: String) -> (HTTPFields, ByteBuffer) {
        ([.contentType: "application/x-www-form-urlencoded"], ByteBuffer(string: fields))
    }

    @Test func everyPageShowsTheBook() async throws {
        let root = try Self.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try Self.server(root)
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                let html = String(buffer: response.body)
                #expect(html.contains("<strong>Studio Brenner</strong>") && html.contains("€8,936.60") && html.contains("href=\"/documents/INV-2026-013\""))
                #expect(html.contains("Aged receivables") && html.contains("<svg class=\"chart\"") && !html.contains("role=\"alert\""), "no banner without errors")
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            }
            try await client.execute(uri: "/?status=paid&year=2026", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains(">INV-2026-007<") && !html.contains(">INV-2026-013<"), "filtered by status")
            }
            try await client.execute(uri: "/?q=danube", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains(">INV-2026-008<") && !html.contains(">INV-2026-011<"), "searched by client")
            }
            try await client.execute(uri: "/documents/INV-2026-008", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok && html.contains("Invoice INV-2026-008") && html.contains("€797.60") && html.contains("First part, rest after"))
                #expect(html.contains("data=\"/documents/INV-2026-008.pdf\"") && html.contains("name=\"csrf\" value=\"t0k3n\""))
            }
            try await client.execute(uri: "/documents/INV-2026-008.pdf", method: .get) { response in
                #expect(response.headers[.contentType] == "application/pdf" && String(buffer: response.body).hasPrefix("%PDF-"))
            }
            try await client.execute(uri: "/clients/danube-festival", method: .get) { response in
                #expect(response.status == .ok && String(buffer: response.body).contains("Danube Arts Festival"))
            }
            try await client.execute(uri: "/clients/nobody", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/documents/INV-9999", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/diagnostics", method: .get) { response in
                #expect(String(buffer: response.body).contains("the book checks clean"))
            }
            try await client.execute(uri: "/index.json", method: .get) { response in
                let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect((json?["invoices"] as? [Any])?.count == 13)
            }
        }
    }

    @Test func actionsWriteThroughTheAuthoringEngineAndRefuseWhatWouldNotCheck() async throws {
        let root = try Self.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try Self.server(root)
        let file = root.appendingPathComponent("invoices/2026/INV-2026-008.yaml")
        let before = try String(contentsOf: file, encoding: .utf8)
        try await server.application().test(.router) { client in
            let (headers, _) = Self.form("")
            try await client.execute(uri: "/documents/INV-2026-008/pay", method: .post, headers: headers, body: ByteBuffer(string: "amount=100.00&date=2026-11-21")) { response in
                #expect(response.status == .forbidden, "no token")
            }
            try await client.execute(uri: "/documents/INV-2026-008/pay", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&amount=5000.00&date=2026-11-21")) { response in
                #expect(response.status == .unprocessableContent && String(buffer: response.body).contains("5000.00 is more than the 797.60 due on INV-2026-008"))
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == before)
            try await client.execute(uri: "/documents/INV-2026-008/pay", method: .post, headers: headers,
                                     body: ByteBuffer(string: "csrf=t0k3n&amount=797.60&date=2026-11-21&method=card")) { response in
                #expect(response.status == .seeOther && response.headers[.location]?.hasPrefix("/documents/INV-2026-008?done=") == true)
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == before.replacingOccurrences(of: "notes: Thank you", with: "  - date: 2026-11-21\n    amount: 797.60\n    method: card\nnotes: Thank you"))
            try await client.execute(uri: "/documents/INV-2026-008", method: .get) { response in
                #expect(String(buffer: response.body).contains("class=\"pill paid\""), "the page shows the new state at once")
            }
            try await client.execute(uri: "/documents/EST-2026-004/accept", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&date=2026-11-21")) {
                #expect($0.status == .seeOther)
            }
            try await client.execute(uri: "/documents/EST-2026-004/convert", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n")) { response in
                #expect(response.status == .seeOther && response.headers[.location]?.hasPrefix("/documents/INV-2026-014?") == true)
            }
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("invoices/2026/INV-2026-014.yaml").path))
            try await client.execute(uri: "/documents/INV-2026-011/credit", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&reason=Ordered+twice")) { response in
                #expect(response.status == .seeOther && response.headers[.location]?.hasPrefix("/documents/CN-2026-003?") == true)
            }
            try await client.execute(uri: "/documents/INV-2026-010/send", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&date=2026-11-21")) {
                #expect($0.status == .seeOther)
            }
            #expect(try String(contentsOf: root.appendingPathComponent("invoices/2026/INV-2026-010.yaml"), encoding: .utf8).contains("\nsent: 2026-11-21\n"))
            try await client.execute(uri: "/documents/EST-2026-005/decline", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&date=2026-11-21")) {
                #expect($0.status == .seeOther)
            }
            try await client.execute(uri: "/documents/INV-2026-012/void", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&date=2026-11-21&reason=Issued+twice")) {
                #expect($0.status == .seeOther)
            }
            #expect(try String(contentsOf: root.appendingPathComponent("invoices/2026/INV-2026-012.yaml"), encoding: .utf8).contains("void:\n  date: 2026-11-21\n  reason: Issued twice"))
            try await client.execute(uri: "/invoices", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&client=seidl")) { response in
                #expect(response.status == .unprocessableContent, "an archived client takes no new invoice: \(String(buffer: response.body).prefix(300))")
            }
        }
        let check = try BookChecker.check(at: root.path)
        #expect(!check.diagnostics.contains { $0.severity == .error }, "\(check.diagnostics.map(\.message))")
    }

    /// Issue 25: a paid invoice credited leaves a refund owed, which the credit note's page
    /// records; the client's page offers the statement of account.
    @Test func aRefundIsRecordedAndTheStatementIsServed() async throws {
        let root = try Self.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try Self.server(root)
        try await server.application().test(.router) { client in
            let (headers, _) = Self.form("")
            try await client.execute(uri: "/documents/INV-2026-008/pay", method: .post, headers: headers,
                                     body: ByteBuffer(string: "csrf=t0k3n&amount=797.60&date=2026-11-20")) { #expect($0.status == .seeOther) }
            try await client.execute(uri: "/documents/INV-2026-008/credit", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&reason=Cancelled")) {
                #expect($0.status == .seeOther)
            }
            try await client.execute(uri: "/documents/CN-2026-003", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("action=\"/documents/CN-2026-003/refund\"") && html.contains("value=\"1,497.60\""), "the refund owed is offered")
            }
            try await client.execute(uri: "/documents/CN-2026-003/refund", method: .post, headers: headers,
                                     body: ByteBuffer(string: "csrf=t0k3n&amount=2000.00&date=2026-11-21")) { response in
                #expect(response.status == .unprocessableContent && String(buffer: response.body).contains("the client is owed on CN-2026-003"))
            }
            try await client.execute(uri: "/documents/CN-2026-003/refund", method: .post, headers: headers,
                                     body: ByteBuffer(string: "csrf=t0k3n&amount=1497.60&date=2026-11-21&method=bank_transfer")) { #expect($0.status == .seeOther) }
            try await client.execute(uri: "/documents/INV-2026-008", method: .get) { response in
                #expect(String(buffer: response.body).contains("class=\"pill credited\""), "credited in full and paid back")
            }
            // Issue 37: what a credit note records is money paid back, listed as its refunds.
            try await client.execute(uri: "/documents/CN-2026-003", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("<h2 id=\"payments\">Refunds</h2>") && !html.contains(">Payments</h2>"), "\(html)")
            }
            try await client.execute(uri: "/clients/aumueller", method: .get) { response in
                #expect(String(buffer: response.body).contains("href=\"/clients/aumueller/statement.pdf\""))
            }
            try await client.execute(uri: "/clients/aumueller/statement.pdf", method: .get) { response in
                #expect(response.headers[.contentType] == "application/pdf" && String(buffer: response.body).hasPrefix("%PDF-"))
            }
        }
        let note = try String(contentsOf: root.appendingPathComponent("credit-notes/CN-2026-003.yaml"), encoding: .utf8)
        #expect(note.hasSuffix("refunds:\n  - date: 2026-11-21\n    amount: 1497.60\n    method: bank_transfer\n"), "\(note)")
        let check = try BookChecker.check(at: root.path)
        let left = check.diagnostics.filter { $0.severity == .error || $0.code == .refundOwed }.map(\.message)
        #expect(left.isEmpty, "\(left)")
    }

    @Test func readOnlyRefusesEveryWriteAndForeignHostsAreRefused() async throws {
        let root = try Self.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try Self.server(root, readOnly: true)
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/documents/INV-2026-008/pay", method: .post, body: ByteBuffer(string: "csrf=t0k3n&amount=1.00")) {
                #expect($0.status == .methodNotAllowed)
            }
            try await client.execute(uri: "/documents/INV-2026-008", method: .get) { response in
                #expect(!String(buffer: response.body).contains("method=\"post\""), "no forms when read-only")
            }
            try await client.execute(uri: "/", method: .get, headers: [.origin: "http://evil.example"]) { #expect($0.status == .forbidden) }
        }
        #expect(server.accepts(host: "127.0.0.1:8037") && server.accepts(host: "localhost:8037") && server.accepts(host: "localhost"))
        #expect(!server.accepts(host: "evil.example:8037") && !server.accepts(host: "127.0.0.1:9999") && !server.accepts(host: ""))
    }

    /// A change to any file shows without a restart; a broken file shows its diagnostic.
    @Test func theBookIsLive() async throws {
        let root = try Self.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let live = try LiveBook(root: root.path, today: Day("2026-11-21"))
        live.watch()
        // An atomic write is several events (the temporary file, the rename): the watcher may
        // reload in between, so wait for what the book says, not for the first reload.
        func eventually(_ holds: () -> Bool) async throws -> Bool {
            for _ in 0..<400 where !holds() { try await Task.sleep(for: .milliseconds(50)) }
            return holds()
        }
        let client = root.appendingPathComponent("clients/nordlicht.yaml")
        let text = try String(contentsOf: client, encoding: .utf8)
        try text.replacingOccurrences(of: "name: Nordlicht Agentur GmbH", with: "name: Nordlicht Agentur AG").write(to: client, atomically: true, encoding: .utf8)
        #expect(try await eventually { live.snapshot.book.clients["nordlicht"]?.contact.name == "Nordlicht Agentur AG" })
        try "client: nordlicht\nissued: 2026-13-45\n".write(to: root.appendingPathComponent("invoices/INV-2026-099.yaml"), atomically: true, encoding: .utf8)
        #expect(try await eventually { live.snapshot.errors.contains { $0.file == "invoices/INV-2026-099.yaml" } })
        let server = BookServer(live: live, options: .init(), csrfToken: "t")
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { #expect(String(buffer: $0.body).contains("role=\"alert\"")) }
            try await client.execute(uri: "/diagnostics", method: .get) { #expect(String(buffer: $0.body).contains("invoices/INV-2026-099.yaml:2:9")) }
        }
    }
}
