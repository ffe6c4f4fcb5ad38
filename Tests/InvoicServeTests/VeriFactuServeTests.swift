import Foundation
import Hummingbird
import HummingbirdTesting
import InvoicBook
@testable import InvoicServe
import InvoicTestSupport
import Testing

/// Issue 45, point 2, in the web app: sending and voiding an invoice of a Spanish book writes its
/// VeriFactu record, as `invoic send` and `void` do.
@Suite struct VeriFactuServeTests {
    @Test func sendAndVoidWriteTheRecords() async throws {
        let book = TestBook(["invoices/F-0001.yaml": "client: acme\nissued: 2026-03-02\nitems:\n  - { description: Consultoría, price: 1000.00 }\n"],
                            settings: """
                                business: { name: Ana García Estudio, tax_id: ES12345678Z }
                                defaults: { currency: EUR, locale: es_ES, tax: 21%, terms: 30 }
                                numbering: { invoice: "F-{seq:4}" }
                                verifactu: { nif: 12345678Z, environment: test }
                                """, clients: ["acme": "name: Acme SL\ntax_id: ESB58378431\n"])
        defer { book.remove() }
        let server = BookServer(live: try LiveBook(root: book.root, today: Day("2026-03-10")), options: .init(), csrfToken: "t0k3n")
        let headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        let folder = book.root + "/verifactu/records"
        @Sendable func records() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        }
        try await server.application().test(.router) { client in
            #expect(records().isEmpty)
            try await client.execute(uri: "/documents/F-0001/send", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&date=2026-03-02")) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location]?.removingPercentEncoding?.contains("VeriFactu: 000001-alta-F-0001.xml") == true, "\(response.headers)")
            }
            #expect(records() == ["000001-alta-F-0001.xml"])
            try await client.execute(uri: "/documents/F-0001/void", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&date=2026-03-03&reason=Duplicada")) {
                #expect($0.status == .seeOther)
            }
            #expect(records() == ["000001-alta-F-0001.xml", "000002-anulacion-F-0001.xml"])
        }
    }
}
