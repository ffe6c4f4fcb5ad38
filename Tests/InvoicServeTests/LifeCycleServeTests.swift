import Foundation
import Hummingbird
import HummingbirdTesting
import InvoicBook
import InvoicInbox
@testable import InvoicServe
import InvoicTestSupport
import Testing

/// serve's document page shows the latest French life-cycle status `invoic receive` kept in
/// outbox/.../cdar/, labelled in the book's language (label fr_life_cycle), red when it asks the
/// seller to act, escaped.
@Suite struct LifeCycleServeTests {
    @Test func theDocumentPageShowsTheLatestStatus() async throws {
        let book = FrenchLifeCycle.book()
        defer { book.remove() }
        let root = URL(fileURLWithPath: book.root)
        try await ServeTests.server(root).application().test(.router) { client in
            try await client.execute(uri: "/documents/F2026-001", method: .get) { response in
                #expect(!String(buffer: response.body).contains("Statut plateforme"), "no status came: no badge")
            }
        }
        _ = Inbox.receive(bytes: FrenchLifeCycle.message(code: 200, name: "Déposée"), filename: "1.xml", into: book.root)
        _ = Inbox.receive(bytes: FrenchLifeCycle.message(code: 207, name: "En litige", issuerRole: "BY", reason: ("TX_TVA_ERR", "Taux &lt;b&gt;erroné&lt;/b&gt;"), at: "20261017090000"),
                          filename: "2.xml", into: book.root)
        try await ServeTests.server(root).application().test(.router) { client in
            try await client.execute(uri: "/documents/F2026-001", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("<span class=\"pill cdar s207 warn\" title=\"2026-10-17: TX_TVA_ERR Taux &lt;b&gt;erroné&lt;/b&gt;\">Statut plateforme: 207 En litige</span>"),
                        "\(html.prefix(1200))")
            }
        }
    }
}
