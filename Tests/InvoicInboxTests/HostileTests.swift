import Foundation
@testable import InvoicInbox
import InvoicBook
import InvoicTestSupport
import Testing

/// Files made to hurt: each is refused with a clear reason, none crashes or hangs, and a refused
/// receipt writes nothing into the book.
@Suite struct HostileTests {
    static func refusal(_ bytes: [UInt8], _ name: String = "hostile.xml") -> String? {
        do {
            _ = try Inbox.read(bytes: bytes, filename: name)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func externalEntitiesAreNeverRead() {
        let xxe = """
            <?xml version="1.0"?>
            <!DOCTYPE Invoice [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&secret;</ID></Invoice>
            """
        #expect(Self.refusal(Array(xxe.utf8))?.contains("DOCTYPE") == true)
    }

    @Test func entityBombsAreRefused() {
        var bomb = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n"
        for level in 1...9 { bomb += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">\n" }
        bomb += "]>\n<Invoice>&lol9;</Invoice>"
        let started = Date()
        #expect(Self.refusal(Array(bomb.utf8))?.contains("DOCTYPE") == true)
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func deepNestingIsRefused() {
        let depth = 100_000
        let deep = "<Invoice>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</Invoice>"
        #expect(Self.refusal(Array(deep.utf8))?.contains("nest more than") == true)
    }

    @Test func hugeFilesAreRefused() {
        let huge = [UInt8](repeating: UInt8(ascii: " "), count: XMLReader.maximumSize + 1)
        #expect(Self.refusal(Array("<Invoice>".utf8) + huge)?.contains("more than") == true)
    }

    @Test func otherFilesAreNoEInvoice() throws {
        #expect(Self.refusal(Array("<Invoice><ID>1</ID>".utf8))?.contains("not well-formed") == true)
        #expect(Self.refusal(Array("<html><body>invoice</body></html>".utf8))?.contains("root element is `html`") == true)
        #expect(Self.refusal(Array("Rechnung 42: 100 EUR".utf8), "invoice.txt")?.contains("neither XML, a PDF nor a mail") == true)
        #expect(Self.refusal(try fixture("zugferd-pdf_plain.pdf"), "plain.pdf")?.contains("carries no embedded file") == true)
        #expect(Self.refusal(try fixture("pdf-with-other-attachment.pdf"), "a3.pdf")?.contains("include no factur-x.xml") == true)
        #expect(Self.refusal(Array("%PDF-1.7\n garbage".utf8), "broken.pdf") != nil)
        #expect(Self.refusal(Array(try fixture("zugferd-pdf_zf_en16931_1.pdf").prefix(4000)), "cut.pdf") != nil)
        #expect(Self.refusal(Array("<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\"><ID>1</ID></Invoice>".utf8))?.contains("lacks its issue date") == true)
    }

    @Test func aRefusedReceiptWritesNothing() throws {
        let book = FileManager.default.temporaryDirectory.appendingPathComponent("inbox-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: book) }
        try Data("business:\n  name: Test\n".utf8).write(to: book.appendingPathComponent("invoic.yaml"))
        let outcomes = Inbox.receive(bytes: try fixture("zugferd-pdf_plain.pdf"), filename: "plain.pdf", into: book.path)
        #expect(outcomes.map(\.status) == [.refused])
        let entries = try FileManager.default.contentsOfDirectory(atPath: book.path).sorted()
        #expect(entries == ["invoic.yaml"])
    }
}

/// The embedded file of a PDF is inflated here, bounded: 70 MB of zeros in 70 KB is refused.
@Suite struct InflateTests {
    @Test func aCompressionBombStopsAtTheBound() throws {
        let bomb = try fixture("inflate-bomb.zlib")
        #expect(bomb.count < 100_000)
        #expect(PDFAttachments.inflate(bomb, limit: PDFAttachments.maximumEmbeddedSize) == nil)
        #expect(PDFAttachments.inflate(bomb, limit: 80 * 1024 * 1024)?.count == 70 * 1024 * 1024, "the same stream inflates under a larger bound")
        #expect(PDFAttachments.inflate(Array(bomb.prefix(1000)), limit: 100 * 1024 * 1024) == nil, "a cut stream is refused")
    }
}

/// Other producers' files with bytes flipped, cut and repeated (a fixed seed, so every run reads
/// the same files): each is read or refused, none crashes or hangs.
@Suite struct MutationTests {
    @Test(arguments: ["zugferd-pdf_zf_en16931_1.pdf", "ubl-tc434-example2.xml", "CII_example5.xml"])
    func mutatedFilesAreReadOrRefused(_ name: String) throws {
        let original = try fixture(name)
        var random = SeededGenerator(seed: 29)
        var read = 0, refused = 0
        for round in 0..<150 {
            var bytes = original
            switch round % 3 {
            case 0:
                for _ in 0..<(1 + Int(random.next() % 8)) {
                    bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
                }
            case 1:
                bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count))))
            default:
                let start = Int(random.next() % UInt64(bytes.count))
                let length = min(bytes.count - start, Int(random.next() % 4096))
                bytes.insert(contentsOf: bytes[start..<(start + length)], at: start)
            }
            do {
                _ = try Inbox.read(bytes: bytes, filename: name)
                read += 1
            } catch {
                #expect(!error.message.isEmpty)
                refused += 1
            }
        }
        #expect(read + refused == 150)
    }
}

@Suite struct AbsurdFigureTests {
    @Test func anAmountTooLargeIsReportedNotWrapped() throws {
        var text = String(decoding: try fixture("ubl-tc434-example1.xml"), as: UTF8.self)
        text = text.replacingOccurrences(of: "<cbc:TaxInclusiveAmount currencyID=\"EUR\">250.33</cbc:TaxInclusiveAmount>",
                                          with: "<cbc:TaxInclusiveAmount currencyID=\"EUR\">99999999999999999999999.00</cbc:TaxInclusiveAmount>")
        let document = try EInvoiceReader.read(Array(text.utf8))
        #expect(document.totals.total == nil)
        #expect(Findings.check(document).map(\.rule).contains("syntax"))
        #expect(Findings.check(document).map(\.rule).contains("BR-14"))
    }
}
