import Foundation
import Hummingbird
import HummingbirdTesting
import InvoicBook
@testable import InvoicServe
import InvoicTestSupport
import Testing

/// serve's document page shows where the FatturaPA stands at the SdI, as outbox/.../sdi.yaml
/// records it (`invoic sdi receive` writes it), and the errors of a rejection to fix.
@Suite struct SDIServeTests {
    static func record(_ state: String, errors: [(String, String)]) -> String {
        var text = """
            number: INV-2026-013
            attempts:
              - progressive: "00013"
                file: IT03456789019_00013.xml
                sha256: "00"
                to: sdi01@pec.fatturapa.it
                message_id: m@pec.example
                history:
                  - at: 2026-11-20T10:00:00Z
                    state: sent
                  - at: 2026-11-20T10:30:00Z
                    state: \(state)
                    receipt: IT03456789019_00013_NS_001.xml
                    sdi_id: "111"

            """
        if !errors.isEmpty {
            text += "        errors:\n" + errors.map { "          - code: \"\($0.0)\"\n            description: \"\($0.1)\"\n" }.joined()
        }
        return text
    }

    @Test func theDocumentPageShowsTheSdIStateAndTheErrors() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("outbox/2026/INV-2026-013")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.record("rejected", errors: [("00100", "Certificato di firma scaduto"), ("00305", "IdCodice <non> valido")])
            .write(to: folder.appendingPathComponent("sdi.yaml"), atomically: true, encoding: .utf8)
        let server = try ServeTests.server(root)
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/documents/INV-2026-013", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains(">SdI: rejected</span>"), "\(html.prefix(600))")
                #expect(html.contains("<li><code>00100</code> Certificato di firma scaduto</li>"))
                #expect(html.contains("<li><code>00305</code> IdCodice &lt;non&gt; valido</li>"), "the SdI's words are escaped")
            }
            try await client.execute(uri: "/documents/INV-2026-010", method: .get) { response in
                #expect(!String(buffer: response.body).contains("SdI:"), "a document never sent to the SdI has no badge")
            }
        }
        try Self.record("delivered", errors: []).write(to: folder.appendingPathComponent("sdi.yaml"), atomically: true, encoding: .utf8)
        let again = try ServeTests.server(root)
        try await again.application().test(.router) { client in
            try await client.execute(uri: "/documents/INV-2026-013", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains(">SdI: delivered</span>") && !html.contains("<code>00100</code>"))
            }
        }
    }
}
