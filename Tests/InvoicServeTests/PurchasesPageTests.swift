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
            try await client.execute(uri: "/purchases/view.pdf?file=purchases%2F2018%2Flieferant-gmbh-471102.yaml", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/pdf")
                let view = [UInt8](Data(buffer: response.body))
                #expect(view.starts(with: Array("%PDF-".utf8)) && Data(view) != pdf, "the view, not the original")
                let file = root.appendingPathComponent("view.pdf")
                try Data(view).write(to: file)
                let text = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), [file.path, "-"]).stdout
                #expect(text.contains("471102") && text.contains("529.87") && text.contains("FINDINGS"), "\(text)")
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

    /// A document that breaks a fatal rule (CEN's UBL example 1 with BT-112 and BT-115 one euro
    /// above BT-109 + BT-110: BR-CO-15) is listed and shown as awaiting the user's decision, and
    /// once rejected (`PurchaseDecision`, what `invoic purchase reject` runs) as rejected, with the
    /// reason, on the list and on its page.
    @Test func aDocumentBreakingFatalRulesShowsItsDecision() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        var xml = try String(contentsOf: ServeTests.repository.appendingPathComponent("Tests/Fixtures/received/ubl-tc434-example1.xml"), encoding: .utf8)
        for element in ["TaxInclusiveAmount", "PayableAmount"] {
            xml = xml.replacingOccurrences(of: "<cbc:\(element) currencyID=\"EUR\">250.33<", with: "<cbc:\(element) currencyID=\"EUR\">251.33<")
        }
        let outcomes = Inbox.receive(bytes: Array(xml.utf8), filename: "broken.xml", into: root.path, today: Day("2026-11-21")!)
        #expect(outcomes.map(\.status) == [.received])
        let page = "/purchases/view?file=purchases%2F2015%2Fde-koksmaat-12115118.yaml"
        try await ServeTests.server(root).application().test(.router) { client in
            try await client.execute(uri: "/purchases", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("<td>BR-CO-15 · breaks rules: accept or reject it</td>"), "\(html)")
            }
            try await client.execute(uri: page, method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("<p class=\"notice decision alert\">BR-CO-15: breaks rules: accept or reject it"), "\(html)")
                #expect(html.contains("invoic purchase accept|reject 12115118 --reason"))
            }
        }
        let done = try PurchaseDecision.decide(.rejected, root: root.path, number: "12115118", supplier: nil, reason: "asked for a corrected one",
                                              on: Day("2026-11-21")!)
        #expect(done.hasPrefix("rejected purchase 12115118"))
        try await ServeTests.server(root).application().test(.router) { client in
            try await client.execute(uri: "/purchases", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("<td>rejected</td><td>BR-CO-15 · rejected 2026-11-21: asked for a corrected one</td>"), "\(html)")
            }
            try await client.execute(uri: page, method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("<p class=\"notice decision rejected\">rejected "), "\(html)")
                #expect(html.contains(": asked for a corrected one</p>"))
            }
        }
    }

    /// A file chosen (or dropped) on the page is received as `invoic receive` would receive it:
    /// once, the second time recognised, and a plain PDF refused with the reason, nothing written.
    @Test func aFileSentFromThePageIsReceived() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root)
        let fixtures = ServeTests.repository.appendingPathComponent("Tests/Fixtures/received")
        let token = server.csrfToken
        @Sendable func upload(_ name: String, csrf: String = token) throws -> (HTTPFields, ByteBuffer) {
            let boundary = "----invoic-test-7d3f"
            var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(csrf)\r\n".utf8)
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\nContent-Type: application/pdf\r\n\r\n".utf8)
            body += try Data(contentsOf: fixtures.appendingPathComponent(name))
            body += Data("\r\n--\(boundary)--\r\n".utf8)
            return ([.contentType: "multipart/form-data; boundary=\(boundary)"], ByteBuffer(bytes: body))
        }
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/purchases", method: .get) { response in
                #expect(String(buffer: response.body).contains("enctype=\"multipart/form-data\""))
            }
            let (headers, body) = try upload("zugferd-pdf_zf_en16931_1.pdf")
            try await client.execute(uri: "/purchases", method: .post, headers: headers, body: body) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location]?.contains("purchases%2F2018%2Flieferant-gmbh-471102.yaml") == true, "\(response.headers)")
            }
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("purchases/2018/lieferant-gmbh-471102.pdf").path))
            try await client.execute(uri: "/purchases", method: .post, headers: headers, body: body) { response in
                #expect(response.status == .seeOther && response.headers[.location]?.contains("Already") == true, "\(response.headers)")
            }
            let (plainHeaders, plain) = try upload("zugferd-pdf_plain.pdf")
            try await client.execute(uri: "/purchases", method: .post, headers: plainHeaders, body: plain) { response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains("carries no embedded file"))
            }
            let (_, forged) = try upload("zugferd-pdf_zf_en16931_1.pdf", csrf: "forged")
            try await client.execute(uri: "/purchases", method: .post, headers: headers, body: forged) { response in
                #expect(response.status == .forbidden)
            }
        }
        let purchases = try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("purchases").path)
        #expect(purchases.sorted() == ["2018", "2018/lieferant-gmbh-471102.pdf", "2018/lieferant-gmbh-471102.yaml"], "\(purchases)")
    }

    /// Issue 38, point 14, in the web app: a client file and a received original linked to a
    /// file outside the book. The diagnostics page names the links; no page, download or source
    /// view shows a line of what they lead to.
    @Test func filesLinkedOutOfTheBookAreShownByNameOnly() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        let netrc = outside.appendingPathComponent("netrc")
        try Data("machine bank.example login kevin password s3cr3t-netrc\n".utf8).write(to: netrc)
        let pdf = try Data(contentsOf: ServeTests.repository.appendingPathComponent("Tests/Fixtures/received/zugferd-pdf_zf_en16931_1.pdf"))
        #expect(Inbox.receive(bytes: [UInt8](pdf), filename: "r.pdf", into: root.path, today: Day("2026-11-21")!).map(\.status) == [.received])
        let folder = root.appendingPathComponent("purchases/2018")
        let original = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".pdf") })
        try FileManager.default.removeItem(at: folder.appendingPathComponent(original))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(original).path, withDestinationPath: netrc.path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("clients/evil.yaml").path, withDestinationPath: netrc.path)
        let server = try ServeTests.server(root)
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/diagnostics", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("clients/evil.yaml") && html.contains("outside the book: not read"), "\(html)")
                #expect(!html.contains("s3cr3t"))
            }
            for uri in ["/", "/purchases", "/purchases/original?file=purchases%2F2018%2Flieferant-gmbh-471102.yaml",
                        "/purchases/view?file=purchases%2F2018%2Flieferant-gmbh-471102.yaml", "/source?file=clients%2Fevil.yaml", "/clients/evil"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(!String(buffer: response.body).contains("s3cr3t"), "\(uri): \(response.status)")
                }
            }
            try await client.execute(uri: "/purchases/original?file=purchases%2F2018%2Flieferant-gmbh-471102.yaml", method: .get) { #expect($0.status == .notFound) }
        }
    }

    /// Issue 37: a purchase is paid from its page as `invoic pay NUMBER --supplier ID` pays it
    /// (the same edit of the record's `payments:`, the same refusals), and the page is the app's:
    /// its header and stylesheet, no inline style (the CSP allows none).
    @Test func aPurchaseIsPaidFromItsPage() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let pdf = try Data(contentsOf: ServeTests.repository.appendingPathComponent("Tests/Fixtures/received/zugferd-pdf_zf_en16931_1.pdf"))
        #expect(Inbox.receive(bytes: [UInt8](pdf), filename: "r.pdf", into: root.path, today: Day("2026-11-21")!).map(\.status) == [.received])
        let record = root.appendingPathComponent("purchases/2018/lieferant-gmbh-471102.yaml")
        let received = try String(contentsOf: record, encoding: .utf8)
        let server = try ServeTests.server(root)
        let view = "/purchases/view?file=purchases%2F2018%2Flieferant-gmbh-471102.yaml"
        let (headers, _) = ServeTests.form("")
        @Sendable func pay(_ fields: String) -> ByteBuffer { ByteBuffer(string: "file=purchases%2F2018%2Flieferant-gmbh-471102.yaml&" + fields) }
        try await server.application().test(.router) { client in
            try await client.execute(uri: view, method: .get) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok && html.contains("<header class=\"top\">") && html.contains("<section class=\"received\"><h1>Invoice 471102</h1>"))
                #expect(!html.contains("<style") && !html.contains("style="), "no inline style: the CSP would block it")
                // The amount due the supplier's file states (BT-115), offered as it is.
                #expect(html.contains("action=\"/purchases/pay\"") && html.contains("name=\"amount\" value=\"529.87\""), "\(html)")
            }
            try await client.execute(uri: "/purchases/pay", method: .post, headers: headers, body: pay("csrf=forged&amount=10.00")) {
                #expect($0.status == .forbidden)
            }
            try await client.execute(uri: "/purchases/pay", method: .post, headers: headers, body: pay("csrf=t0k3n&amount=600.00")) { response in
                #expect(response.status == .unprocessableContent && String(buffer: response.body).contains("more than the 529.87"), "\(String(buffer: response.body))")
            }
            try await client.execute(uri: "/purchases/pay", method: .post, headers: headers, body: pay("csrf=t0k3n&amount=10.00&note=x")) {
                #expect($0.status == .unprocessableContent, "a field the form does not have")
            }
            #expect(try String(contentsOf: record, encoding: .utf8) == received, "nothing written by a refused payment")
            try await client.execute(uri: "/purchases/pay", method: .post, headers: headers, body: pay("csrf=t0k3n&amount=500.00&date=2026-11-20&method=card")) { response in
                #expect(response.status == .seeOther && response.headers[.location]?.hasPrefix(view + "&done=") == true, "\(response.headers)")
            }
            // 529.87 - 500.00 = 29.87 left, and the form offers that.
            try await client.execute(uri: view, method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("<dd>€29.87</dd>") && html.contains("name=\"amount\" value=\"29.87\""), "\(html)")
            }
        }
        #expect(received.contains("payments: []\n"))
        #expect(try String(contentsOf: record, encoding: .utf8) == received.replacingOccurrences(of: "payments: []\n", with: "payments:\n  - {date: 2026-11-20, amount: 500.00, method: card}\n"))
    }
}
