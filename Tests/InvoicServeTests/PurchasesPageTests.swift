import Foundation
import Hummingbird
import HummingbirdTesting
import InvoicBook
import InvoicInbox
@testable import InvoicServe
import InvoicTestSupport
import Testing

/// The Purchases page: the received documents listed, each viewable, its original and record
/// served; only files the book's purchases name.
@Suite struct PurchasesPageTests {
    @Test func receivedDocumentsAreListedAndViewed() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let pdf = try Data(contentsOf: ServeTests.repository.appendingPathComponent("Tests/Fixtures/received/zugferd-pdf_zf_en16931_1.pdf"))
        let outcomes = Inbox.receive(bytes: [UInt8](pdf), filename: "r.pdf", into: root.path, today: Day("2026-11-21")!)
        #expect(outcomes.map(\.status) == [.received])
        let server = try ServeTests.server(root)
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/purchases", method: .get) { response in
                #expect(response.status == .ok)
                let html = String(buffer: response.body)
                #expect(html.contains("href=\"/purchases/view?file=purchases%2F2018%2Flieferant-gmbh-471102.yaml\">471102</a>"), "\(html)")
                #expect(html.contains("Lieferant GmbH") && html.contains("€529.87"))
                #expect(html.contains("<a href=\"/purchases\">"), "the navigation links the page once there are purchases")
            }
            try await client.execute(uri: "/purchases/view?file=purchases%2F2018%2Flieferant-gmbh-471102.yaml", method: .get) { response in
                #expect(response.status == .ok)
                let html = String(buffer: response.body)
                #expect(html.contains("<h1>Invoice 471102</h1>") && html.contains("Findings (EN 16931 rules)"))
            }
            try await client.execute(uri: "/purchases/original?file=purchases%2F2018%2Flieferant-gmbh-471102.yaml", method: .get) { response in
                #expect(response.status == .ok)
                #expect(Data(buffer: response.body) == pdf)
                #expect(response.headers[.contentType] == "application/pdf")
            }
            try await client.execute(uri: "/purchases/original?file=invoic.yaml", method: .get) { response in
                #expect(response.status == .notFound, "only the book's purchases are served")
            }
        }
    }
}
