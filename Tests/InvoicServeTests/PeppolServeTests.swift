import Foundation
import Hummingbird
import HummingbirdTesting
import InvoicBook
@testable import InvoicServe
import InvoicTestSupport
import Testing

/// serve's "Send over Peppol": the same checks and outbox as `invoic peppol send`, against the
/// stand-in provider of Tests/Fixtures/peppol (e-invoice.be's API, its requests checked against
/// the OpenAPI description), and the Peppol state beside the document's status.
@Suite struct PeppolServeTests {
    @Test func sendOverPeppolRecordsTheOutboxAndShowsTheState() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-peppol-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        try Data(#"{"send_state": "TRANSIT"}"#.utf8).write(to: state.appendingPathComponent("config.json"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", ServeTests.repository.appendingPathComponent("Tests/Fixtures/peppol/fake_provider.py").path, state.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        var line = Data()
        while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        let port = String(decoding: line, as: UTF8.self).split(separator: " ").dropFirst().first.map(String.init) ?? "0"

        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let settings = root.appendingPathComponent("invoic.yaml")
        // The key from the environment, as on the command line; its variable is this test's own.
        setenv("INVOIC_PEPPOL_TOKEN_SERVE_TEST", "serve-key", 1)
        try (String(contentsOf: settings, encoding: .utf8) + "\npeppol:\n  provider: e-invoice.be\n  url: http://127.0.0.1:\(port)\n  token_env: INVOIC_PEPPOL_TOKEN_SERVE_TEST\n")
            .write(to: settings, atomically: true, encoding: .utf8)
        let server = try ServeTests.server(root)
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/documents/INV-2026-013", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("action=\"/documents/INV-2026-013/peppol\"") && html.contains("Send over Peppol"))
            }
            let (headers, _) = ServeTests.form("")
            try await client.execute(uri: "/documents/INV-2026-013/peppol", method: .post, headers: headers, body: ByteBuffer(string: "date=2026-11-21")) { response in
                #expect(response.status == .forbidden, "no token")
            }
            try await client.execute(uri: "/documents/INV-2026-013/peppol", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&date=2026-11-21")) { response in
                #expect(response.status == .seeOther, "\(String(buffer: response.body))")
            }
            let record = try String(contentsOf: root.appendingPathComponent("outbox/2026/INV-2026-013/peppol.yaml"), encoding: .utf8)
            #expect(record.contains("state: transit") && record.contains("provider_id: \"doc-1\""))
            #expect(try String(contentsOf: root.appendingPathComponent("invoices/2026/INV-2026-013.yaml"), encoding: .utf8).contains("sent_via: peppol"))
            try await client.execute(uri: "/documents/INV-2026-013", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("Peppol: in transit") && !html.contains("action=\"/documents/INV-2026-013/peppol\""))
            }
            // A second request (a double click) is refused by the outbox, and nothing is sent again.
            try await client.execute(uri: "/documents/INV-2026-013/peppol", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&date=2026-11-21")) { response in
                #expect(response.status == .unprocessableContent && String(buffer: response.body).contains("already handed to e-invoice.be"))
            }
        }
        let log = try String(contentsOf: state.appendingPathComponent("requests.jsonl"), encoding: .utf8)
        #expect(log.components(separatedBy: "/send\"").count == 2, "one send: \(log)")
        #expect(!log.contains("violation"))
    }
}
