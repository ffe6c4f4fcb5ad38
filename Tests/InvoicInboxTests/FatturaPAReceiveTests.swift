import Foundation
@testable import InvoicInbox
import InvoicBook
import InvoicTestSupport
import Testing

/// Issue 44, point 5: the Agenzia delle Entrate's own examples FPR01-03 received to the cent
/// (figures read by hand from the files in ../shared/standards/it-fatturapa), a batch (lotto) as
/// its invoices, and what does not add up reported as it is for UBL and CII.
@Suite struct FatturaPAReceiveTests {
    static func official(_ name: String) throws -> [UInt8] {
        let path = Standards.path("it-fatturapa/IT01234567890_\(name).xml")
        try #require(FileManager.default.fileExists(atPath: path), "the Agenzia's examples are not in ../shared/standards/it-fatturapa")
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// FPR01: one line 5 × 1.00 = 5.00 at 22 %, VAT 1.10, paid 6.10 in cash (MP01).
    @Test func fpr01() throws {
        let documents = try EInvoiceReader.readAll(Self.official("FPR01"))
        #expect(documents.count == 1)
        let document = try #require(documents.first)
        #expect(document.syntax == .fatturapa && document.number == "123" && document.issued.description == "2014-12-18")
        #expect(document.seller.name == "SOCIETA' ALPHA SRL" && document.seller.vatID == "IT01234567890")
        #expect(document.buyer.taxNumber == "09876543210" && document.buyer.address.city == "ROMA")
        #expect(document.lines.map(\.net.plain) == ["5.00"])
        #expect(document.taxes.map { "\($0.category) \($0.taxable.plain) \($0.tax.plain)" } == ["S 5.00 1.10"])
        #expect(document.totals.total?.plain == "6.10" && document.totals.payable.plain == "6.10")
        #expect(document.payment.meansCode == "10" && document.due?.description == "2015-01-30")
        #expect(Findings.check(document).isEmpty, "\(Findings.check(document))")
    }

    /// FPR02: 5.00 + 20.00 = 25.00 at 22 %, VAT 5.50, 30.50.
    @Test func fpr02() throws {
        let document = try #require(try EInvoiceReader.readAll(Self.official("FPR02")).first)
        #expect(document.lines.map(\.net.plain) == ["5.00", "20.00"])
        #expect(document.totals.net?.plain == "25.00" && document.totals.tax?.plain == "5.50" && document.totals.payable.plain == "30.50")
        #expect(Findings.check(document).isEmpty, "\(Findings.check(document))")
    }

    /// FPR03 is a batch of two invoices. The first's summary says 27.00 taxable and 5.95 VAT for
    /// lines of 5.00 + 20.00 = 25.00 (the Agenzia's example does not add up): received as it
    /// says, 32.95 due, with the sums that fail reported. The second: 2000.00, 440.00, 2440.00.
    @Test func fpr03IsABatchOfTwo() throws {
        let documents = try EInvoiceReader.readAll(Self.official("FPR03"))
        #expect(documents.map(\.number) == ["123", "456"])
        let first = documents[0], second = documents[1]
        #expect(first.totals.net?.plain == "27.00" && first.totals.tax?.plain == "5.95" && first.totals.payable.plain == "32.95")
        let rules = Findings.check(first).map(\.rule)
        #expect(rules.contains("BR-CO-13"), "net 27.00 is not the lines' 25.00: \(rules)")
        #expect(second.totals.net?.plain == "2000.00" && second.totals.tax?.plain == "440.00" && second.totals.payable.plain == "2440.00")
        #expect(Findings.check(second).isEmpty, "\(Findings.check(second))")
        // One document was expected where the batch has two: said so, not the first taken silently.
        #expect(throws: Refusal.self) { try EInvoiceReader.read(Self.official("FPR03")) }
    }

    /// Into a book: each invoice of the batch gets its record, the file kept as the evidence of both.
    @Test func theBatchIsReceivedIntoTheBook() throws {
        let book = FileManager.default.temporaryDirectory.appendingPathComponent("inbox-it-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: book) }
        try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
        try "business: { name: Ditta Beta }\ndefaults: { currency: EUR, locale: it_IT }\n".write(to: book.appendingPathComponent("invoic.yaml"), atomically: true, encoding: .utf8)
        let outcomes = Inbox.receive(bytes: try Self.official("FPR03"), filename: "IT01234567890_FPR03.xml", into: book.path,
                                     today: Day(year: 2026, month: 11, day: 27)!)
        #expect(outcomes.map(\.status) == [.received, .received])
        #expect(outcomes.map(\.number) == ["123", "456"])
        let checked = try BookChecker.check(at: book.path)
        #expect(!checked.diagnostics.contains { $0.severity == .error }, "the records agree with their original: \(checked.diagnostics.map(\.message))")
    }

    /// A file in FatturaElettronica's name but another namespace is no FatturaPA.
    @Test func aForeignNamespaceIsRefused() {
        let xml = "<?xml version=\"1.0\"?><p:FatturaElettronica xmlns:p=\"urn:example\" versione=\"FPR12\"/>"
        #expect(throws: Refusal.self) { try EInvoiceReader.readAll(Array(xml.utf8)) }
    }

    /// DER: a tag, a length (short or long form) and the content.
    static func der(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        let count = content.count
        let length: [UInt8] = count < 0x80 ? [UInt8(count)]
            : count < 0x100 ? [0x81, UInt8(count)] : count < 0x10000 ? [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
            : [0x83, UInt8(count >> 16), UInt8((count >> 8) & 0xFF), UInt8(count & 0xFF)]
        return [tag] + length + content
    }

    /// A CMS SignedData (RFC 5652) around `content`, built by hand: version 1, no digest
    /// algorithms, the data, no signer; `chunked` writes it as BER does (indefinite lengths, the
    /// content in constructed OCTET STRING chunks).
    static func envelope(_ content: [UInt8], chunked: Bool) -> [UInt8] {
        let signedDataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
        let dataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
        let octets: [UInt8]
        if chunked {
            let half = content.count / 2
            octets = [0x24, 0x80] + der(0x04, Array(content[..<half])) + der(0x04, Array(content[half...])) + [0, 0]
        } else {
            octets = der(0x04, content)
        }
        let encapsulated = der(0x30, dataOID + (chunked ? [0xA0, 0x80] + octets + [0, 0] : der(0xA0, octets)))
        let signed = der(0x30, der(0x02, [1]) + der(0x31, []) + encapsulated + der(0x31, []))
        return chunked ? [0x30, 0x80] + signedDataOID + [0xA0, 0x80] + signed + [0, 0, 0, 0] : der(0x30, signedDataOID + der(0xA0, signed))
    }

    /// `.xml.p7m`: the signed FatturaPA inside is read (DER, BER and base64 alike), the envelope is
    /// the evidence, and the record says the signature was not verified.
    @Test func aSignedFatturaPAIsReadFromItsEnvelope() throws {
        let xml = try Self.official("FPR02")
        for bytes in [Self.envelope(xml, chunked: false), Self.envelope(xml, chunked: true),
                      Array(Data(Self.envelope(xml, chunked: false)).base64EncodedString(options: .lineLength76Characters).utf8)] {
            let incoming = try Inbox.read(bytes: bytes, filename: "IT01234567890_FPR02.xml.p7m")
            #expect(incoming.count == 1)
            #expect(incoming.first?.format == "p7m" && incoming.first?.original == bytes)
            let document = try #require(incoming.first?.document)
            #expect(document.totals.payable.plain == "30.50")
            #expect(Findings.check(document).map(\.rule) == ["signature"])
        }
        // An envelope without its content (a detached signature) is refused, saying so.
        let signedDataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
        let dataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
        let detached = Self.der(0x30, signedDataOID + Self.der(0xA0, Self.der(0x30, Self.der(0x02, [1]) + Self.der(0x31, []) + Self.der(0x30, dataOID) + Self.der(0x31, []))))
        do {
            _ = try Inbox.read(bytes: detached, filename: "x.p7m")
            Issue.record("a detached signature was read")
        } catch {
            #expect(error.message.contains("without the signed file inside"), "\(error.message)")
        }
    }
}
