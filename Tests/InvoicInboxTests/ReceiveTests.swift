import Foundation
@testable import InvoicInbox
import InvoicBook
import InvoicYAML
import Testing
import InvoicAuthoring

/// Receiving into a book: the original kept byte for byte, the record and the supplier written,
/// the same document recognised, the same supplier recognised by its VAT id.
@Suite struct ReceiveTests {
    static func makeBook() throws -> URL {
        let book = FileManager.default.temporaryDirectory.appendingPathComponent("inbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
        try Data("business:\n  name: Test\n".utf8).write(to: book.appendingPathComponent("invoic.yaml"))
        return book
    }

    @Test func receivesKeepsTheOriginalAndRecognisesTheDuplicate() throws {
        let book = try Self.makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let bytes = try fixture("zugferd-pdf_zf_en16931_1.pdf")
        let today = Day("2026-11-26")!
        let first = Inbox.receive(bytes: bytes, filename: "Rechnung.pdf", into: book.path, today: today)
        #expect(first.map(\.status) == [.received])
        #expect(first[0].record == "purchases/2018/lieferant-gmbh-471102.yaml")
        #expect(first[0].newSupplier)
        let kept = try Data(contentsOf: book.appendingPathComponent("purchases/2018/lieferant-gmbh-471102.pdf"))
        #expect([UInt8](kept) == bytes)
        let record = try [UInt8](Data(contentsOf: book.appendingPathComponent("purchases/2018/lieferant-gmbh-471102.yaml")))
        let node = try #require(YAMLParser.parse(record, path: "record.yaml").root)
        #expect(node["number"]?.scalar?.text == "471102")
        #expect(node["totals"]?["payable"]?.scalar?.text == "529.87")
        #expect(node["source"]?["sha256"]?.scalar?.text == SHA256.hex(bytes))
        #expect(node["tax"]?.sequence?.count == 2)
        #expect(node["payments"]?.sequence?.isEmpty == true)
        let supplier = try String(contentsOf: book.appendingPathComponent("suppliers/lieferant-gmbh.yaml"), encoding: .utf8)
        #expect(supplier.contains("vat_id: \"DE123456789\""))

        // The same invoice as XRechnung inside another PDF: the same supplier, number and type.
        let again = Inbox.receive(bytes: try fixture("zugferd-pdf_zf_xrechnung_1.pdf"), filename: "x.pdf", into: book.path, today: today)
        #expect(again.map(\.status) == [.duplicate])
        #expect(again[0].record == "purchases/2018/lieferant-gmbh-471102.yaml")

        // Another invoice of the same supplier (recognised by its VAT id).
        var text = String(decoding: try fixture("zugferd-xml_basic_1.xml"), as: UTF8.self)
        text = text.replacingOccurrences(of: "<ram:ID>471102</ram:ID>", with: "<ram:ID>471103</ram:ID>")
        let other = Inbox.receive(bytes: Array(text.utf8), filename: "471103.xml", into: book.path, today: today)
        #expect(other.map(\.status) == [.received])
        #expect(other[0].supplier == "lieferant-gmbh" && !other[0].newSupplier)
        #expect(try FileManager.default.contentsOfDirectory(atPath: book.appendingPathComponent("suppliers").path) == ["lieferant-gmbh.yaml"])
    }

    @Test func attachmentsAreWrittenBesideTheOriginal() throws {
        let book = try Self.makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let outcomes = Inbox.receive(bytes: try fixture("xrechnung-02.01a-INVOICE_ubl.xml"), filename: "x.xml", into: book.path, today: Day("2026-11-26")!)
        #expect(outcomes.map(\.status) == [.received])
        let record = try #require(outcomes[0].record)
        let folder = book.appendingPathComponent(record.replacingOccurrences(of: ".yaml", with: ".attachments"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names == ["01-15-anhang-01.pdf"])
        let pdf = try Data(contentsOf: folder.appendingPathComponent(names[0]))
        #expect(pdf.starts(with: Data("%PDF".utf8)))
    }

    @Test func concurrentReceiptsLoseNothing() throws {
        let book = try Self.makeBook()
        defer { try? FileManager.default.removeItem(at: book) }
        let base = String(decoding: try fixture("zugferd-xml_basic_1.xml"), as: UTF8.self)
        let count = 12
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let text = base.replacingOccurrences(of: "<ram:ID>471102</ram:ID>", with: "<ram:ID>R-\(index)</ram:ID>")
            let outcomes = Inbox.receive(bytes: Array(text.utf8), filename: "\(index).xml", into: book.path)
            if outcomes.first?.status != .received { Issue.record("\(index): \(outcomes.first?.refusal?.message ?? "?")") }
        }
        let records = try FileManager.default.contentsOfDirectory(atPath: book.appendingPathComponent("purchases/2020").path).filter { $0.hasSuffix(".yaml") }
        #expect(records.count == count)
        #expect(try FileManager.default.contentsOfDirectory(atPath: book.appendingPathComponent("suppliers").path) == ["lieferant-gmbh.yaml"])
    }
}

/// Issue 40 point 6: two suppliers of one group may share an IBAN; a weaker key (IBAN, address,
/// legal id, name) never joins a seller to a supplier that has another VAT id, since where each
/// sits decides the VAT form's boxes (an Austrian reverse-charge purchase in KZ 057/066, not a
/// domestic one's).
@Suite struct SupplierRecognitionTests {
    @Test func aSharedIBANNeverMergesTwoVATIdentifiers() throws {
        let document = try readOne("ubl-tc434-example1.xml")
        let vat = try #require(document.seller.vatID)
        let iban = try #require(document.payment.accounts.first?.iban)
        func entry(_ id: String, vat: [String]) -> SupplierDirectory.Entry {
            SupplierDirectory.Entry(id: id, vatIDs: vat.map(SupplierDirectory.normal), addresses: [], ibans: [SupplierDirectory.normal(iban)],
                                    legalIDs: [], names: [SupplierDirectory.normal(document.seller.name)])
        }
        // Another company of the group: same IBAN and name, another VAT id: a new supplier.
        #expect(SupplierDirectory(entries: [entry("sister", vat: ["ATU12345675"])]).recognise(ReceivedInvoice(document)) == nil)
        // A supplier on file without a VAT id is still found by its IBAN.
        #expect(SupplierDirectory(entries: [entry("known", vat: [])]).recognise(ReceivedInvoice(document)) == "known")
        // The VAT id itself wins over any IBAN.
        #expect(SupplierDirectory(entries: [entry("sister", vat: ["ATU12345675"]), entry("same", vat: [vat])]).recognise(ReceivedInvoice(document)) == "same")
    }
}
