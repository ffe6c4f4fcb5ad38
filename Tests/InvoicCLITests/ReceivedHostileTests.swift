import Foundation
import InvoicTestSupport
import Testing

/// Issue 38 through the built binary: nothing a supplier, a mail or a provider sends can break
/// the book (`check` passes after every hostile document is received) or drive the terminal.
@Suite struct ReceivedHostileTests {
    /// A control character a terminal acts on: C0 but the line feed, DEL, C1 (U+009B is CSI).
    static func rawControls(_ text: String) -> [String] {
        text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
            .map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    static func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-hostile-received-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Point 1: every hostile case (generated: U+009B, a 300 KB note, a 50 MB attribute, a line
    /// feed in a number and in a mail attachment's name, a damaged PDF, a malformed amount) and
    /// every file of the received corpus, received into a copy of the studio example: `check`
    /// passes, and what was escaped or cut says so.
    @Test func everyHostileDocumentReceivedLeavesABookThatChecks() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, bytes) in try HostileReceived.all() { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        let corpus = try FileManager.default.contentsOfDirectory(atPath: HostileReceived.fixtures.path).filter { !$0.hasSuffix(".md") }
        #expect(corpus.count > 15)
        for name in corpus {
            try FileManager.default.copyItem(at: HostileReceived.fixtures.appendingPathComponent(name), to: folder.appendingPathComponent("corpus-" + name))
        }

        let received = try Invoic.run(["receive", folder.path, "--today", "2026-11-27"], in: book)
        #expect(received.status == 1, "some are refused: \(received.stderr)")
        #expect(Self.rawControls(received.stdout + received.stderr).isEmpty, "\(Self.rawControls(received.stdout + received.stderr))")
        #expect(received.stdout.contains("received control-characters.xml: C1\\u{9B}[31m from de-koksmaat"), "\(received.stdout)")
        #expect(received.stdout.contains("finding record-escaped: `notes` holds control characters (U+009B, U+000D, U+007F, U+0085)"))
        #expect(received.stdout.contains("finding record-cut: `notes` is 300"))
        #expect(received.stdout.contains("finding record-cut: `seller.electronic_address` is 52428804 bytes: cut to 32768"))
        #expect(received.stdout.contains("received injected-number.xml: X-1\\u{A}category: injected from de-koksmaat"))
        #expect(received.stdout.contains("received injected-name.eml: x\\u{A}category: injected\\u{A}\\u{1B}]0;owned\\u{7}.xml: MAIL-1"))
        // Point 4: what is wrong, said; nothing of qpdf's own on the terminal.
        #expect(received.stderr.contains("no-catalog.pdf: error: the PDF is damaged: unable to find /Root dictionary"), "\(received.stderr)")
        #expect(received.stderr.contains("malformed-amount.xml: error: the amount due (cbc:PayableAmount, BT-115) `12,5x250.33` (line "))
        #expect(!received.stderr.contains("did not handle") && !received.stderr.contains("QPDFObjectHandle") && !received.stderr.contains("lacks the amount due"))

        let check = try Invoic.run(["check"], in: book)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect((check.stdout + check.stderr).contains("no errors") && !(check.stdout + check.stderr).contains("error:"), "\(check.stdout)\(check.stderr)")
        #expect(Self.rawControls(check.stdout + check.stderr).isEmpty)
        let records = try FileManager.default.subpathsOfDirectory(atPath: book.appendingPathComponent("purchases").path).filter { $0.hasSuffix(".yaml") }
        #expect(records.count >= 10, "\(records)")
    }

    /// Point 6: a file name with OSC, BEL and CSI, and a document with U+009B in its number and
    /// note, through `receive` and `view`: escaped, as `check` escapes a bank statement's text.
    @Test func terminalEscapesNeverReachTheTerminal() throws {
        let book = try ReceiveCommandTests.emptyBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "inv\u{1B}]0;owned\u{7}\u{9B}2J.xml"
        let file = folder.appendingPathComponent(name)
        try Data(try HostileReceived.controlCharacters()).write(to: file)

        let view = try Invoic.run(["view", file.path])
        #expect(view.status == 0, "\(view.stderr)")
        #expect(Self.rawControls(view.stdout + view.stderr).isEmpty, "\(Self.rawControls(view.stdout))")
        #expect(view.stdout.contains("\\u{9B}31m red"))

        let received = try Invoic.run(["receive", file.path], in: book)
        #expect(received.status == 0, "\(received.stderr)")
        #expect(received.stdout.hasPrefix("received inv\\u{1B}]0;owned\\u{7}\\u{9B}2J.xml: C1\\u{9B}[31m from de-koksmaat"), "\(received.stdout)")
        #expect(Self.rawControls(received.stdout + received.stderr).isEmpty)

        let damaged = folder.appendingPathComponent("x\u{1B}[2J.pdf")
        try Data(HostileReceived.pdfWithoutCatalog).write(to: damaged)
        for command in [["receive", damaged.path], ["view", damaged.path]] {
            let refused = try Invoic.run(command, in: book)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("x\\u{1B}[2J.pdf: error: the PDF is damaged"), "\(refused.stderr)")
            #expect(Self.rawControls(refused.stdout + refused.stderr).isEmpty)
        }
    }

    /// Point 6 for `peppol receive`: a provider's document refused with the supplier's text in
    /// the reason (an amount `12,5x` followed by CSI, U+009B, and `2J`) reaches the terminal escaped.
    @Test func peppolPrintsProvidersTextEscaped() throws {
        let server = try PeppolCommandTests.FakeProvider()
        defer { server.stop() }
        let text = String(decoding: try HostileReceived.malformedAmount(), as: UTF8.self).replacingOccurrences(of: ">12,5x", with: ">12,5x\u{9B}2J")
        try Data(text.utf8).write(to: server.state.appendingPathComponent("hostile.xml"))
        try server.configure(["inbox": [["id": "in-9", "file": "hostile.xml"]]])
        let book = try PeppolCommandTests().makeBook("peppol:\n  provider: e-invoice.be\n  url: \(server.url)\n")
        defer { try? FileManager.default.removeItem(at: book) }
        let refused = try Invoic.run(["peppol", "receive", "-C", book.path], environment: PeppolCommandTests.environment)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("`12,5x\\u{9B}2J250.33`"), "\(refused.stderr)")
        #expect(Self.rawControls(refused.stdout + refused.stderr).isEmpty, "\(Self.rawControls(refused.stderr))")
    }

    /// Point 13 through the binary: an original left without its record is a warning of `check`,
    /// and receiving it again writes its record beside it, no `-2` copy.
    @Test func checkFindsAnOrphanOriginalAndReceiveAdoptsIt() throws {
        let book = try ReceiveCommandTests.emptyBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let source = HostileReceived.fixtures.appendingPathComponent("ubl-tc434-example1.xml")
        let orphan = book.appendingPathComponent("purchases/2015/de-koksmaat-12115118.xml")
        try FileManager.default.createDirectory(at: orphan.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: orphan)

        let check = try Invoic.run(["check"], in: book)
        #expect(check.status == 0)
        let said = check.stdout + check.stderr
        #expect(said.contains("purchases/2015/de-koksmaat-12115118.xml is a received original without its record"), "\(said)")
        #expect(said.contains("purchase-orphan"))

        let again = try Invoic.run(["receive", orphan.path], in: book)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("-> purchases/2015/de-koksmaat-12115118.yaml"), "\(again.stdout)")
        let files = try FileManager.default.contentsOfDirectory(atPath: orphan.deletingLastPathComponent().path).sorted()
        #expect(files == ["de-koksmaat-12115118.xml", "de-koksmaat-12115118.yaml"])
        let after = try Invoic.run(["check"], in: book)
        #expect(after.status == 0 && !(after.stdout + after.stderr).contains("purchase-orphan"), "\(after.stdout)\(after.stderr)")
    }
}
