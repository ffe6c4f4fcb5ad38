import Foundation
import Hummingbird
import HummingbirdTesting
import InvoicBook
@testable import InvoicServe
import InvoicTestSupport
import Testing

/// Web actions at the same moment: the requests take turns through the book's lock, so every
/// payment the app answers for is in the file; and what a form sends stays text.
@Suite struct ConcurrentActionTests {
    func payments(_ root: URL) throws -> [Payment] {
        let text = try String(contentsOf: root.appendingPathComponent("invoices/2026/INV-2026-011.yaml"), encoding: .utf8)
        return BookFileDecoder.decode(Array(text.utf8), as: .document(.invoice, number: "INV-2026-011"), path: "INV-2026-011.yaml").document?.payments ?? []
    }

    /// The action of a POST to /documents/INV-2026-011/pay, as the router calls it.
    static func payRequest(_ amount: String) -> Request {
        Request(head: HTTPRequest(method: .post, scheme: "http", authority: "127.0.0.1", path: "/documents/INV-2026-011/pay",
                                  headerFields: [.contentType: "application/x-www-form-urlencoded"]),
                body: RequestBody(buffer: ByteBuffer(string: "csrf=t0k3n&amount=\(amount)&date=2026-11-21&method=cash")))
    }

    /// Requests the server handles at the same moment (the router runs each connection's on its
    /// own task, so a test client, which sends one at a time, is not enough).
    @Test func paymentsPostedAtOnceAllLand() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root)
        let rounds = 5, together = 4
        for round in 0..<rounds {
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<together {
                    group.addTask { try await server.act("INV-2026-011", "pay", Self.payRequest("1.00")).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .seeOther }, "round \(round): \(statuses)")
            #expect(try payments(root).count == together * (round + 1), "round \(round): a payment was lost")
        }
    }

    @Test func aFormsMethodStaysText() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root)
        let (headers, _) = ServeTests.form("")
        let method = "x\n  - date: 2026-11-22\n    amount: 2000.00\n    method: cash"
        let encoded = method.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/documents/INV-2026-011/pay", method: .post, headers: headers,
                                     body: ByteBuffer(string: "csrf=t0k3n&amount=10.00&date=2026-11-21&method=\(encoded)")) { response in
                // A line break is no part of a method: the form is refused, as any control character.
                #expect(response.status == .unprocessableContent)
            }
            try await client.execute(uri: "/documents/INV-2026-011/pay", method: .post, headers: headers,
                                     body: ByteBuffer(string: "csrf=t0k3n&amount=10.00&date=2026-11-21&method=bank_transfer+%23+x")) { response in
                #expect(response.status == .seeOther)
            }
        }
        let payments = try payments(root)
        #expect(payments.map(\.method.rawValue) == ["bank_transfer # x"], "a `#` stays text, never a comment")
        #expect(payments.map(\.amount.value.description) == ["10.00"])
    }
}
