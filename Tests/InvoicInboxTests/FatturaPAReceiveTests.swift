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
}
