import Foundation
import HummingbirdTesting
import InvoicBook
@testable import InvoicServe
import InvoicTestSupport
import Testing

/// The web app's PDF of a Polish invoice carries KSeF's KOD I, as `invoic pdf` writes it: the
/// code is read back from the rendered page with zxing-cpp.
@Suite struct ServeVerificationCodeTests {
    @Test func aPolishInvoicesPDFCarriesKODI() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-serve-pl-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: ServeTests.repository.appendingPathComponent("examples/poland"), to: root)
        defer { try? FileManager.default.removeItem(at: root) }
        try? FileManager.default.removeItem(at: root.appendingPathComponent("build"))
        let server = BookServer(live: try LiveBook(root: root.path, today: Day("2026-11-21")), options: .init(readOnly: true), csrfToken: "t0k3n")
        let pdf: [UInt8] = try await server.application().test(.router) { client in
            try await client.execute(uri: "/documents/FV-2026-001.pdf", method: .get) { response in
                #expect(response.headers[.contentType] == "application/pdf")
                return Array(Data(buffer: response.body))
            }
        }
        try Data(pdf).write(to: root.appendingPathComponent("served.pdf"))
        _ = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftoppm"), ["-gray", "-r", "150", "-f", "1", "-l", "1",
                                                                      root.appendingPathComponent("served.pdf").path, root.appendingPathComponent("page").path])
        let page = try #require(try FileManager.default.contentsOfDirectory(atPath: root.path).first { $0.hasPrefix("page") && $0.hasSuffix(".pgm") })
        let read = try runProcess(ServeTests.repository.appendingPathComponent("scripts/read-qr.py"), [root.appendingPathComponent(page).path])
        #expect(read.status == 0, "\(read.stderr)")
        let texts = read.stdout.split(separator: "\n").map { hex in
            String(decoding: stride(from: 0, to: hex.count, by: 2).map { offset in
                UInt8(hex[hex.index(hex.startIndex, offsetBy: offset)..<hex.index(hex.startIndex, offsetBy: offset + 2)], radix: 16)!
            }, as: UTF8.self)
        }
        // The seller's NIP and the issue date as examples/poland states them; the hash is FA3Tests'.
        #expect(texts.contains { $0.hasPrefix("https://qr-test.ksef.mf.gov.pl/invoice/6771234561/05-10-2026/") }, "\(texts)")
    }
}
