import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import InvoicBook
@testable import InvoicServe
import InvoicTestSupport
import Testing

/// The attacks docs/security.md names, each against the in-process server: a form field the
/// command line would refuse, a page framed by another site, an encoded path, two Host headers.
@Suite struct ServeSecurityTests {
    static let invoice = "invoices/2026/INV-2026-008.yaml"

    @Test func aFieldTheCommandLineRefusesIsRefusedAndNothingIsWritten() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root)
        let file = root.appendingPathComponent(Self.invoice)
        let before = try String(contentsOf: file, encoding: .utf8)
        let (headers, _) = ServeTests.form("")
        try await server.application().test(.router) { client in
            for date in ["2026-02-30", "2026-13-01", "20.11.2026", "yesterday", "2026-11-2", "%00"] {
                try await client.execute(uri: "/documents/INV-2026-008/pay", method: .post, headers: headers,
                                         body: ByteBuffer(string: "csrf=t0k3n&amount=10.00&method=card&date=\(date)")) { response in
                    let body = String(buffer: response.body)
                    #expect(response.status == .unprocessableContent, "\(date): \(response.status)")
                    #expect(body.contains("is not a date (YYYY-MM-DD, a day that exists)") || body.contains("control character"), "\(date): \(body.suffix(600))")
                }
            }
            for (action, fields) in [("send", "date=2026-02-30"), ("void", "date=tomorrow&reason=x"), ("accept", "date=2026-11-31"), ("decline", "date=1.1.2026")] {
                let number = action == "accept" || action == "decline" ? "EST-2026-004" : "INV-2026-008"
                try await client.execute(uri: "/documents/\(number)/\(action)", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&" + fields)) { response in
                    #expect(response.status == .unprocessableContent && String(buffer: response.body).contains("is not a date"), "\(action)")
                }
            }
            // The other fields: one given twice, one the form does not have, one missing, a line break, an exponent.
            let bad = ["amount=10.00&amount=20.00": "`amount`: given twice", "amount=10.00&note=hi": "`note`: this form has no such field",
                       "date=2026-11-21": "`amount`: missing", "amount=10.00&method=card%0Aevil": "`method`: a control character",
                       "amount=10%ZZ": "not percent-encoded UTF-8", "amount=1e400": "`1e400` is not a number (such as 1,234.50)"]
            for (fields, message) in bad {
                try await client.execute(uri: "/documents/INV-2026-008/pay", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&" + fields)) { response in
                    let body = String(buffer: response.body)
                    #expect(response.status == .unprocessableContent && body.contains(message), "\(fields): \(body.suffix(600))")
                    #expect(!body.contains("1400"))
                }
            }
            try await client.execute(uri: "/documents/INV-2026-008/void", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&date=2026-11-21")) { response in
                #expect(response.status == .unprocessableContent && String(buffer: response.body).contains("`reason`: missing"))
            }
            try await client.execute(uri: "/invoices", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&client=nordlicht&issued=2020-01-01")) { response in
                #expect(response.status == .unprocessableContent && String(buffer: response.body).contains("`issued`: this form has no such field"))
            }
            // A bad field from another site is still refused for its origin first.
            try await client.execute(uri: "/documents/INV-2026-008/pay", method: .post, headers: headers, body: ByteBuffer(string: "amount=10.00&date=yesterday")) {
                #expect($0.status == .forbidden)
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == before, "nothing written")
            // An empty date is today, as the command line without --date.
            try await client.execute(uri: "/documents/INV-2026-008/pay", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&amount=10.00&date=&method=card")) {
                #expect($0.status == .seeOther)
            }
            #expect(try String(contentsOf: file, encoding: .utf8).contains("  - date: 2026-11-21\n    amount: 10.00\n    method: card\n"))
        }
    }

    @Test func noPageCanBeFramedByAnotherSiteAndNoInlineCodeRuns() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root)
        let (headers, _) = ServeTests.form("")
        try await server.application().test(.router) { client in
            func expectGuarded(_ response: TestResponse, _ what: String, pdf: Bool = false) {
                let policy = response.headers[.contentSecurityPolicy] ?? ""
                #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == (pdf ? "SAMEORIGIN" : "DENY"), "\(what)")
                #expect(policy.contains(pdf ? "frame-ancestors 'self'" : "frame-ancestors 'none'") && policy.hasPrefix("default-src 'none'"), "\(what): \(policy)")
                #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval") && !policy.contains("*"), "\(what): \(policy)")
                #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(what)")
            }
            for uri in ["/", "/documents/INV-2026-008", "/clients/nordlicht", "/diagnostics", "/index.json", "/changes?since=-1", "/assets/invoic.css", "/assets/live.js"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri)")
                    expectGuarded(response, uri)
                    if response.headers[.contentType]?.hasPrefix("text/html") == true {
                        let html = String(buffer: response.body)
                        #expect(!html.contains("<script>") && !html.contains("<style>") && !html.contains("style=")
                                && html.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil, "\(uri): no inline code or style")
                    }
                }
            }
            try await client.execute(uri: "/assets/live.js", method: .get) { #expect($0.headers[.contentType] == "text/javascript; charset=utf-8") }
            try await client.execute(uri: "/documents/INV-2026-008.pdf", method: .get) { response in
                #expect(response.headers[.contentType] == "application/pdf")
                expectGuarded(response, "PDF", pdf: true)
            }
            // Refusals and errors, whoever makes them: the guard, the router, the actions.
            try await client.execute(uri: "/no/such/page", method: .get) { response in
                #expect(response.status == .notFound)
                expectGuarded(response, "the router's 404")
            }
            try await client.execute(uri: "/clients/nobody", method: .get) { expectGuarded($0, "404") }
            try await client.execute(uri: "/", method: .get, headers: [.origin: "http://evil.example"]) { response in
                #expect(response.status == .forbidden)
                expectGuarded(response, "403")
            }
            try await client.execute(uri: "/documents/INV-2026-008/pay", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&amount=1e9")) { response in
                #expect(response.status == .unprocessableContent)
                expectGuarded(response, "422")
            }
            try await client.execute(uri: "/documents/INV-2026-008/pay", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&amount=1.00&date=2026-11-21")) { response in
                #expect(response.status == .seeOther)
                expectGuarded(response, "303")
            }
        }
        let readOnly = try ServeTests.server(root, readOnly: true)
        try await readOnly.application().test(.router) { client in
            try await client.execute(uri: "/documents/INV-2026-008/pay", method: .post, body: ByteBuffer(string: "csrf=t0k3n&amount=1.00")) { response in
                #expect(response.status == .methodNotAllowed && response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
            }
        }
    }

    @Test func pathValuesArePercentDecodedAndTraversalIsRefused() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        try "name: Müller Gärten GmbH\nemail: post@mueller.example\n".write(to: root.appendingPathComponent("clients/müller.yaml"), atomically: true, encoding: .utf8)
        let server = try ServeTests.server(root)
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/clients/m%C3%BCller", method: .get) { response in
                #expect(response.status == .ok && String(buffer: response.body).contains("Müller Gärten GmbH"), "\(String(buffer: response.body).suffix(400))")
            }
            try await client.execute(uri: "/documents/INV%2D2026%2D008", method: .get) { response in
                #expect(response.status == .ok && String(buffer: response.body).contains("Invoice INV-2026-008"))
            }
            try await client.execute(uri: "/documents/INV-2026-008%2Epdf", method: .get) { #expect($0.headers[.contentType] == "application/pdf") }
            for uri in ["/clients/%2e%2e%2f", "/clients/%2E%2E", "/clients/..%2Finvoic.yaml", "/documents/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/documents/a%5Cb",
                        "/documents/%00", "/clients/%C3", "/documents/INV-2026-008/pay%2F..", "/clients/%1B%5B2J"] {
                try await client.execute(uri: uri, method: uri.hasSuffix("..") ? .post : .get) { response in
                    #expect(response.status == .badRequest, "\(uri): \(response.status)")
                    #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
                }
            }
        }
    }

    @Test func aRequestWithTwoHostHeadersIsRefused() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root)
        try await server.application().test(.router) { client in
            // The test client sends its own Host (localhost) as the authority: this is a second one.
            try await client.execute(uri: "/", method: .get, headers: [BookServer.hostField: "evil.example"]) { response in
                #expect(response.status == .badRequest && String(buffer: response.body).contains("more than one Host header"))
            }
            try await client.execute(uri: "/", method: .get, headers: [BookServer.hostField: "localhost"]) { #expect($0.status == .badRequest, "even the same name twice") }
            try await client.execute(uri: "/", method: .get) { #expect($0.status == .ok) }
        }
    }

    /// Issue 38, point 15: an `Origin` is this server's only with its scheme, host and port. A page
    /// of another program on the same machine (`http://localhost`, port 80; another port) is another
    /// origin: 403 before the token is even looked at, so a hostile page that somehow had the token
    /// still writes nothing.
    @Test func anOriginWithoutThisServersSchemeHostAndPortIsRefused() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root)
        #expect(server.options.port == 8037)
        let file = root.appendingPathComponent(Self.invoice)
        let before = try String(contentsOf: file, encoding: .utf8)
        let (headers, _) = ServeTests.form("")
        let pay = "csrf=t0k3n&amount=1.00&date=2026-11-21&method=cash"
        try await server.application().test(.router) { client in
            let foreign = ["http://127.0.0.1", "http://localhost", "http://[::1]", "http://localhost:80", "http://127.0.0.1:8038", "http://localhost:80370",
                           "https://127.0.0.1:8037", "http://127.0.0.1:8037/", "http://127.0.0.1:8037.evil.example", "http://evil.example:8037",
                           "http://127.0.0.1:08037", "HTTP://127.0.0.1:8037", "null", ""]
            for origin in foreign {
                var withOrigin = headers
                withOrigin[.origin] = origin
                try await client.execute(uri: "/documents/INV-2026-008/pay", method: .post, headers: withOrigin, body: ByteBuffer(string: pay)) { response in
                    #expect(response.status == .forbidden, "\(origin): \(response.status)")
                }
                try await client.execute(uri: "/", method: .get, headers: [.origin: origin]) { #expect($0.status == .forbidden, "GET from \(origin)") }
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == before, "nothing written from another origin")
            for origin in ["http://127.0.0.1:8037", "http://localhost:8037", "http://[::1]:8037"] {
                var withOrigin = headers
                withOrigin[.origin] = origin
                try await client.execute(uri: "/documents/INV-2026-008/pay", method: .post, headers: withOrigin, body: ByteBuffer(string: pay)) { response in
                    #expect(response.status == .seeOther, "\(origin): \(response.status)")
                }
            }
        }
        #expect(try String(contentsOf: file, encoding: .utf8).components(separatedBy: "method: cash").count - 1
                == before.components(separatedBy: "method: cash").count - 1 + 3, "the server's own origin writes")
        // On port 80 a browser leaves the port out of the origin: then (only then) no port is this server's.
        let onEighty = BookServer(live: try LiveBook(root: root.path, today: Day("2026-11-21")), options: .init(port: 80), csrfToken: "t0k3n")
        #expect(onEighty.accepts(origin: "http://127.0.0.1") && onEighty.accepts(origin: "http://localhost") && onEighty.accepts(origin: "http://localhost:80"))
        #expect(!onEighty.accepts(origin: "http://127.0.0.1:8037") && !onEighty.accepts(origin: "https://127.0.0.1"))
    }
}
