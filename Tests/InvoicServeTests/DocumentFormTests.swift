import Foundation
import Hummingbird
import HummingbirdTesting
import InvoicAuthoring
import InvoicBook
@testable import InvoicServe
import InvoicTestSupport
import Testing

/// The form of a new invoice or estimate and of a draft, and the source editor: in process, on a
/// scratch copy of the studio example (today 2026-11-21; invoices in `invoices/2026/`).
@Suite struct DocumentFormTests {
    static let headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    static func body(_ fields: [(String, String)]) -> ByteBuffer {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        return ByteBuffer(string: fields.map { "\($0.0.addingPercentEncoding(withAllowedCharacters: allowed)!)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }
            .joined(separator: "&"))
    }

    static let threeLines: [(String, String)] = [
        ("csrf", "t0k3n"), ("lines", "3"), ("client", "strasser"), ("issued", "2026-11-21"), ("due", ""),
        ("description.1", "Label design: Grüner Veltliner"), ("quantity.1", "1"), ("unit.1", "day"), ("price.1", "100.00"), ("tax.1", "20%"),
        ("description.2", "Retouching # of bottle shots"), ("quantity.2", "2"), ("unit.2", "h"), ("price.2", "50"), ("tax.2", "20%"),
        ("description.3", "Proof prints"), ("quantity.3", "3"), ("unit.3", ""), ("price.3", "10.00"), ("tax.3", "20%"),
        ("discount", ""), ("notes", "Thank you: see you in spring"),
    ]

    @Test func aNewInvoiceWithThreeLinesIsPricedSavedAndListed() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root)
        let file = root.appendingPathComponent("invoices/2026/INV-2026-014.yaml")
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(String(buffer: response.body).contains("href=\"/new/invoice\""))
            }
            try await client.execute(uri: "/new/invoice", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok && html.contains("name=\"description.1\"") && html.contains("value=\"2026-11-21\""))
                #expect(html.contains("name=\"csrf\" value=\"t0k3n\"") && !html.contains("style=") && !html.contains("<script>"))
            }
            try await client.execute(uri: "/new/invoice", method: .post, headers: Self.headers, body: Self.body(Self.threeLines + [("op", "preview")])) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok, "\(html.prefix(2000))")
                #expect(html.contains("€230.00") && html.contains("€46.00") && html.contains("€276.00"), "subtotal, tax, total")
                #expect(html.contains(">Retouching # of bottle shots</textarea>"), "what was typed stays")
            }
            #expect(!FileManager.default.fileExists(atPath: file.path), "a preview writes nothing")
            try await client.execute(uri: "/new/invoice", method: .post, headers: Self.headers, body: Self.body(Self.threeLines + [("op", "save")])) { response in
                #expect(response.status == .seeOther, "\(String(buffer: response.body).prefix(2000))")
                #expect(response.headers[.location]?.hasPrefix("/documents/INV-2026-014?done=") == true)
            }
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text == """
                # yaml-language-server: $schema=../.invoic/schemas/invoice.schema.json
                client: strasser
                issued: 2026-11-21
                due: 2026-12-05
                currency: EUR
                locale: en_GB
                tax: 20%
                items:
                  - description: "Label design: Grüner Veltliner"
                    quantity: 1
                    unit: day
                    price: 100.00
                  - description: "Retouching # of bottle shots"
                    quantity: 2
                    unit: h
                    price: 50
                  - description: Proof prints
                    quantity: 3
                    price: 10.00
                notes: "Thank you: see you in spring"

                """)
            try await client.execute(uri: "/", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains(">INV-2026-014<") && html.contains("€276.00"))
            }
            try await client.execute(uri: "/documents/INV-2026-014", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("href=\"/edit/INV-2026-014\"") && html.contains("href=\"/source?file=invoices/2026/INV-2026-014.yaml\""))
            }
        }
    }

    @Test func addAndRemoveLineKeepWhatWasTyped() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root)
        try await server.application().test(.router) { client in
            let typed: [(String, String)] = [("csrf", "t0k3n"), ("lines", "1"), ("client", "strasser"), ("issued", "2026-11-20"), ("due", "2026-12-31"),
                                             ("description.1", "Brand <workshop> & \"more\""), ("quantity.1", "2"), ("unit.1", "h"), ("price.1", "12.50"),
                                             ("tax.1", "20%"), ("discount", "10%"), ("notes", "n")]
            try await client.execute(uri: "/new/invoice", method: .post, headers: Self.headers, body: Self.body(typed + [("op", "add")])) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok)
                #expect(html.contains(">Brand &lt;workshop&gt; &amp; &quot;more&quot;</textarea>") && html.contains("value=\"12.50\"") && html.contains("value=\"2026-12-31\""))
                #expect(html.contains("name=\"description.2\"") && html.contains("name=\"lines\" value=\"2\"") && html.contains("value=\"10%\""))
                #expect(html.contains("value=\"remove-2\""))
            }
            try await client.execute(uri: "/new/invoice", method: .post, headers: Self.headers, body: Self.body(typed + [("op", "preview")])) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("<dt>Subtotal</dt><dd>€25.00</dd><dt>Discount</dt><dd>-€2.50</dd><dt>Tax</dt><dd>€4.50</dd><dt>Total</dt><dd>€27.00</dd>"), "\(html)")
                // Priced all the same, and the book's word on the date (before INV-2026-013's) at its field.
                #expect(html.contains("id=\"e-issued\">INV-2026-014 is issued on 2026-11-20, before INV-2026-013 (2026-11-21)"))
            }
            let two = typed.map { $0.0 == "lines" ? ($0.0, "2") : $0 } + [("description.2", "Second"), ("quantity.2", "1"), ("unit.2", ""), ("price.2", "5"), ("tax.2", "20%")]
            try await client.execute(uri: "/new/invoice", method: .post, headers: Self.headers, body: Self.body(two + [("op", "remove-1")])) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("name=\"lines\" value=\"1\"") && html.contains(">Second</textarea>") && !html.contains("workshop"))
            }
        }
    }

    @Test func aBadFieldShowsItsErrorAtTheFieldAndWritesNothing() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root)
        try await server.application().test(.router) { client in
            let bad = Self.threeLines.map { $0.0 == "price.2" ? ($0.0, "12,50x") : $0 } + [("op", "save")]
            try await client.execute(uri: "/new/invoice", method: .post, headers: Self.headers, body: Self.body(bad)) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .unprocessableContent)
                #expect(html.contains("aria-describedby=\"e-price.2\"") && html.contains("id=\"e-price.2\">`12,50x` is not a number"))
                #expect(html.contains(">Proof prints</textarea>"), "the rest stays typed")
            }
            let noDescription = Self.threeLines.map { $0.0 == "description.1" ? ($0.0, "") : $0 } + [("op", "save")]
            try await client.execute(uri: "/new/invoice", method: .post, headers: Self.headers, body: Self.body(noDescription)) { response in
                #expect(response.status == .unprocessableContent && String(buffer: response.body).contains("id=\"e-description.1\">A line needs a description"))
            }
            let badDate = Self.threeLines.map { $0.0 == "issued" ? ($0.0, "2026-02-30") : $0 } + [("op", "save")]
            try await client.execute(uri: "/new/invoice", method: .post, headers: Self.headers, body: Self.body(badDate)) { response in
                #expect(response.status == .unprocessableContent && String(buffer: response.body).contains("id=\"e-issued\">`2026-02-30` is not a date"))
            }
            let unknown = Self.threeLines.map { $0.0 == "client" ? ($0.0, "nobody") : $0 } + [("op", "save")]
            try await client.execute(uri: "/new/invoice", method: .post, headers: Self.headers, body: Self.body(unknown)) { response in
                #expect(response.status == .unprocessableContent && String(buffer: response.body).contains("No client nobody in this book"))
            }
            // A value the book refuses (a tax that is no rate), shown at its field from the diagnostic's line.
            let badTax = Self.threeLines.map { $0.0 == "tax.3" ? ($0.0, "lots") : $0 } + [("op", "save")]
            try await client.execute(uri: "/new/invoice", method: .post, headers: Self.headers, body: Self.body(badTax)) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .unprocessableContent && html.contains("id=\"e-tax.3\">`lots` is not a tax rate or category"), "\(html.prefix(3000))")
            }
            try await client.execute(uri: "/new/invoice", method: .post, headers: Self.headers, body: Self.body(Self.threeLines.filter { $0.0 != "csrf" } + [("op", "save")])) {
                #expect($0.status == .forbidden)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("invoices/2026/INV-2026-014.yaml").path))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("invoices/INV-2026-014.yaml").path))
    }

    @Test func aNewEstimateForANewClient() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root)
        try await server.application().test(.router) { client in
            let fields: [(String, String)] = [("csrf", "t0k3n"), ("op", "save"), ("lines", "1"), ("client", "+new"), ("new_client_id", "kaffee-hof"),
                                              ("new_client_name", "Kaffeehof Wien"), ("new_client_email", ""), ("issued", ""), ("due", ""),
                                              ("description.1", "Menu cards"), ("quantity.1", "1"), ("unit.1", ""), ("price.1", "300"), ("tax.1", "20%")]
            try await client.execute(uri: "/new/estimate", method: .post, headers: Self.headers, body: Self.body(fields)) { response in
                #expect(response.status == .seeOther, "\(String(buffer: response.body).prefix(3000))")
                #expect(response.headers[.location]?.hasPrefix("/documents/EST-2026-006?") == true)
            }
            #expect(try String(contentsOf: root.appendingPathComponent("clients/kaffee-hof.yaml"), encoding: .utf8).contains("name: Kaffeehof Wien\n"))
            #expect(try String(contentsOf: root.appendingPathComponent("estimates/2026/EST-2026-006.yaml"), encoding: .utf8).contains("valid_until: 2026-12-21\n"))
        }
    }

    @Test func aDraftIsEditedThroughTheFormAndAnIssuedInvoiceIsNot() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root)
        let draft = root.appendingPathComponent("invoices/2026/INV-2026-010.yaml")
        let issued = root.appendingPathComponent("invoices/2026/INV-2026-001.yaml")
        let issuedBefore = try Data(contentsOf: issued)
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/edit/INV-2026-010", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok && html.contains(">Gift box design for the Christmas selection</textarea>") && html.contains("value=\"640.00\""))
                #expect(html.contains("action=\"/edit/INV-2026-010\""))
            }
            let fields: [(String, String)] = [("csrf", "t0k3n"), ("op", "save"), ("lines", "2"), ("client", "strasser"), ("issued", "2026-11-20"), ("due", ""),
                                              ("description.1", "Gift box design for the Christmas selection"), ("quantity.1", "1"), ("unit.1", "day"), ("price.1", "640.00"), ("tax.1", "20%"),
                                              ("description.2", "Art direction, product photo shoot at the winery"), ("quantity.2", "6"), ("unit.2", "h"), ("price.2", "85.00"), ("tax.2", "20%")]
            try await client.execute(uri: "/edit/INV-2026-010", method: .post, headers: Self.headers, body: Self.body(fields)) { response in
                #expect(response.status == .seeOther, "\(String(buffer: response.body).prefix(3000))")
                #expect(response.headers[.location]?.hasPrefix("/documents/INV-2026-010?done=") == true)
            }
            let text = try String(contentsOf: draft, encoding: .utf8)
            #expect(text.hasPrefix("# Draft: waiting for the final hours from the photo shoot\nclient: strasser\nissued: 2026-11-20\n"), "\(text)")
            #expect(text.contains("    quantity: 6\n    unit: h\n    price: 85.00\n") && text.contains("project: Labels 2026\n"), "\(text)")
            try await client.execute(uri: "/edit/INV-2026-001", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .conflict && html.contains("Issued documents do not change") && !html.contains("name=\"description.1\""))
            }
            try await client.execute(uri: "/edit/INV-2026-001", method: .post, headers: Self.headers, body: Self.body(fields)) { response in
                #expect(response.status == .conflict)
            }
            try await client.execute(uri: "/documents/INV-2026-001", method: .get) { response in
                #expect(!String(buffer: response.body).contains("/edit/INV-2026-001"), "no edit link on an issued invoice")
            }
        }
        #expect(try Data(contentsOf: issued) == issuedBefore)
    }

    @Test func theSourceEditorSavesByteForByteAndRefusesWhatBreaksTheBook() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root)
        let path = "invoices/2026/INV-2026-010.yaml"
        let file = root.appendingPathComponent(path)
        let before = try String(contentsOf: file, encoding: .utf8)
        let base = BookServer.fingerprint(Array(before.utf8))
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/source?file=\(path)", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok && html.contains("<textarea") && html.contains("# Draft: waiting for the final hours from the photo shoot"))
                #expect(html.contains("No findings in this file."))
                #expect(html.contains("name=\"base\" value=\"\(base)\""))
            }
            // The browser sends CRLF; the file used LF and keeps it. Comments and spacing stay.
            let edited = before.replacingOccurrences(of: "    price: 85.00", with: "    price:    90.00   # raised, as agreed on the phone")
            let sent = edited.replacingOccurrences(of: "\n", with: "\r\n")
            try await client.execute(uri: "/source", method: .post, headers: Self.headers,
                                     body: Self.body([("csrf", "t0k3n"), ("file", path), ("base", base), ("text", sent)])) { response in
                #expect(response.status == .seeOther, "\(String(buffer: response.body).prefix(3000))")
                #expect(response.headers[.location]?.hasPrefix("/source?file=invoices/2026/INV-2026-010.yaml&done=") == true)
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == edited)
            // A change that breaks the book is refused, with why, and the text stays in the textarea.
            let broken = edited.replacingOccurrences(of: "issued: 2026-11-20", with: "issued: 2026-13-45")
            try await client.execute(uri: "/source", method: .post, headers: Self.headers,
                                     body: Self.body([("csrf", "t0k3n"), ("file", path), ("text", broken)])) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .unprocessableContent && html.contains("Not saved: the book would not check with this text"))
                #expect(html.contains("issued: 2026-13-45") && html.contains("<pre>"), "\(html.prefix(3000))")
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == edited)
            // A page opened before the file changed does not overwrite the change.
            try await client.execute(uri: "/source", method: .post, headers: Self.headers,
                                     body: Self.body([("csrf", "t0k3n"), ("file", path), ("base", base), ("text", before)])) { response in
                #expect(response.status == .conflict)
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == edited)
            try await client.execute(uri: "/clients/strasser", method: .get) { response in
                #expect(String(buffer: response.body).contains("href=\"/source?file=clients/strasser.yaml\""))
            }
            try await client.execute(uri: "/source?file=invoic.yaml", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test func theSourceEditorRefusesPathsOutsideTheBook() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("build"), withIntermediateDirectories: true)
        try "x: 1\n".write(to: root.appendingPathComponent("build/manifest.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("clients/outside.yaml"), withDestinationURL: URL(fileURLWithPath: "/etc/hostname"))
        let server = try ServeTests.server(root)
        try await server.application().test(.router) { client in
            for bad in ["../../etc/passwd", "%2e%2e/%2e%2e/etc/passwd", "/etc/passwd", "%2Fetc%2Fpasswd", "invoices/2026/../../../x.yaml", ".invoic/tmp/book.lock",
                        ".git/config.yaml", "build/manifest.yaml", "assets/logo.svg", "clients/outside.yaml", "clients/./strasser.yaml", "", "clients"] {
                try await client.execute(uri: "/source?file=\(bad)", method: .get) { response in
                    #expect(response.status == .badRequest || response.status == .notFound, "\(bad): \(response.status)")
                    #expect(!String(buffer: response.body).contains("<textarea"), "\(bad)")
                }
                try await client.execute(uri: "/source", method: .post, headers: Self.headers,
                                         body: Self.body([("csrf", "t0k3n"), ("file", bad.removingPercentEncoding ?? bad), ("text", "x: 1\n")])) { response in
                    #expect(response.status == .badRequest || response.status == .notFound, "\(bad): \(response.status)")
                }
            }
        }
        #expect(try String(contentsOf: root.appendingPathComponent("build/manifest.yaml"), encoding: .utf8) == "x: 1\n")
    }

    @Test func readOnlyShowsNoFormAndRefusesEveryPost() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root, readOnly: true)
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/source?file=invoic.yaml", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok && !html.contains("<textarea") && !html.contains("<form"))
            }
            try await client.execute(uri: "/new/invoice", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/new/invoice", method: .post, headers: Self.headers, body: Self.body(Self.threeLines + [("op", "save")])) {
                #expect($0.status == .methodNotAllowed)
            }
            try await client.execute(uri: "/source", method: .post, headers: Self.headers, body: Self.body([("csrf", "t0k3n"), ("file", "invoic.yaml"), ("text", "")])) {
                #expect($0.status == .methodNotAllowed)
            }
        }
    }

    /// Issue 38, point 16: the form shown (and priced: its preview is INV-2026-014), then
    /// `invoic new invoice` takes INV-2026-014 through the authoring engine, then Save: the form
    /// takes its number under the book's lock, from the book as it is then, so it writes
    /// INV-2026-015 (and says so) and leaves the command line's invoice alone.
    @Test func aNumberTakenMeanwhileByTheCommandLineIsPassedOverAtSave() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root)
        let taken = root.appendingPathComponent("invoices/2026/INV-2026-014.yaml")
        let next = root.appendingPathComponent("invoices/2026/INV-2026-015.yaml")
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/new/invoice", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/new/invoice", method: .post, headers: Self.headers, body: Self.body(Self.threeLines + [("op", "preview")])) {
                #expect($0.status == .ok)
            }
            // The command line, as `invoic new invoice --client nordlicht` does it, while the form is open.
            var cliPath = ""
            try BookEditor(root: root.path).edit(allowing: { $0.code == .missingKey && $0.file == cliPath }) { checked, _ throws(AuthoringError) in
                let book = checked.book
                let number = book.nextNumber(for: .invoice, issued: Day("2026-11-21")!)
                cliPath = book.file(forNew: .invoice, number: number, issued: Day("2026-11-21")!)
                return [FileChange(path: cliPath, before: nil, after: NewFiles.document(.invoice, number: number, client: book.clients["nordlicht"]!, book: book,
                                                                                        issued: Day("2026-11-21")!, like: nil, path: cliPath))]
            }
            #expect(cliPath == "invoices/2026/INV-2026-014.yaml")
            let cliText = try String(contentsOf: taken, encoding: .utf8)
            try await client.execute(uri: "/new/invoice", method: .post, headers: Self.headers, body: Self.body(Self.threeLines + [("op", "save")])) { response in
                #expect(response.status == .seeOther, "\(String(buffer: response.body).prefix(2000))")
                let location = response.headers[.location] ?? ""
                #expect(location.hasPrefix("/documents/INV-2026-015?done="), "\(location)")
                let done = location.components(separatedBy: "?done=").last?.removingPercentEncoding ?? ""
                #expect(done == "INV-2026-015 written to invoices/2026/INV-2026-015.yaml", "says which number it took: \(done)")
            }
            #expect(try String(contentsOf: taken, encoding: .utf8) == cliText, "the command line's invoice is left alone")
            let saved = try String(contentsOf: next, encoding: .utf8)
            #expect(saved.contains("client: strasser") && saved.contains("Label design: Grüner Veltliner"), "\(saved)")
            try await client.execute(uri: "/documents/INV-2026-015", method: .get) { #expect($0.status == .ok) }
        }
    }
}
