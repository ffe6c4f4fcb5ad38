import Foundation
import InvoicBook
import InvoicFrance
import InvoicTestSupport
import Testing

/// The life cycle through the `invoic` binary: `receive` of a CDAR file, `check`'s warning,
/// `report`'s JSON field, Markdown and HTML, and `invoic cdar` writing the pending 212.
@Suite struct CDARCommandTests {
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["INVOIC_BIN"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("invoic")
    }()

    static func invoic(_ arguments: [String]) throws -> ProcessOutput {
        try runProcess(binary, arguments, environment: ["NO_COLOR": "1"])
    }

    @Test func receiveCheckReportAndCdarThroughTheBinary() throws {
        let book = FrenchLifeCycle.book()
        defer { book.remove() }
        let file = book.root + "/../cdv-\(UUID().uuidString).xml"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data(FrenchLifeCycle.message(code: 207, name: "En litige", issuerRole: "BY", reason: ("TX_TVA_ERR", "Taux de TVA erroné"), at: "20261017090000"))
            .write(to: URL(fileURLWithPath: file))
        let name = (file as NSString).lastPathComponent

        let dry = try Self.invoic(["receive", "-C", book.root, "--dry-run", file])
        #expect(dry.stdout == "received \(name): status 207 En litige of F2026-001 -> (dry run: nothing written)\n", "\(dry.stderr)")
        #expect(!FileManager.default.fileExists(atPath: book.root + "/outbox"))
        let received = try Self.invoic(["receive", "-C", book.root, file])
        #expect(received.status == 0, "\(received.stderr)")
        #expect(received.stdout == "received \(name): status 207 En litige of F2026-001 -> outbox/2026/F2026-001/cdar/001-207.xml\n")
        let again = try Self.invoic(["receive", "-C", book.root, file])
        #expect(again.stdout == "already received \(name): status 207 En litige of F2026-001 is outbox/2026/F2026-001/cdar/001-207.xml; nothing written\n")

        let check = try Self.invoic(["check", "-C", book.root, "--today", "2026-11-20"])
        #expect(check.status == 0)
        #expect(check.stderr.contains("warning[fr-status]: F2026-001: 207 En litige, motif: TX_TVA_ERR Taux de TVA erroné (outbox/2026/F2026-001/cdar/001-207.xml)"), "\(check.stderr)")

        let json = try Self.invoic(["report", "-C", book.root, "--today", "2026-11-20", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let invoices = try #require(object["invoices"] as? [[String: Any]])
        let lifeCycle = try #require(invoices.first?["life_cycle"] as? [String: Any])
        #expect(lifeCycle["code"] as? Int == 207)
        #expect(lifeCycle["name"] as? String == "En litige")
        #expect(lifeCycle["since"] as? String == "2026-10-17")
        #expect(lifeCycle["motif"] as? String == "TX_TVA_ERR Taux de TVA erroné")
        let markdown = try Self.invoic(["report", "-C", book.root, "--today", "2026-11-20", "--format", "md"])
        #expect(markdown.stdout.contains("(207 En litige)"), "\(markdown.stdout)")
        let html = try Self.invoic(["report", "-C", book.root, "--today", "2026-11-20", "--format", "html"])
        #expect(html.stdout.contains("<span class=\"cdar s207\" title=\"2026-10-17: TX_TVA_ERR Taux de TVA erroné\">207 En litige</span>"))

        // The payment of 10 November owes a 212 Encaissée: written to build/cdar, as the library gives it.
        let cdar = try Self.invoic(["cdar", "-C", book.root])
        #expect(cdar.status == 0, "\(cdar.stderr)")
        #expect(cdar.stdout == "wrote build/cdar/F2026-001-212-1.xml: 212 Encaissée of F2026-001\n")
        let written = try Data(contentsOf: URL(fileURLWithPath: book.root + "/build/cdar/F2026-001-212-1.xml"))
        let expected = try #require(SellerStatuses.pending(book: try BookChecker.check(at: book.root).book, root: book.root).first)
        #expect(Array(written) == expected.bytes)

        let explain = try Self.invoic(["explain", "fr-status-order"])
        #expect(explain.status == 0 && explain.stdout.contains("out of order"))
    }
}
