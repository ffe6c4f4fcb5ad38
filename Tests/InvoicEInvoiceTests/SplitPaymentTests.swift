import Foundation
@testable import InvoicBook
@testable import InvoicEInvoice
import InvoicTestSupport
import Testing

/// Poland's split payment (MPP): the book states it (`split_payment: true`), FA(3) writes P_18A 1
/// and still validates, and `check` warns when an invoice above PLN 15,000 gross holds goods of
/// annex 15 (`annex_15: true`) without it (art. 108a ust. 1a, art. 106e ust. 1 pkt 18a of the VAT Act).
@Suite struct SplitPaymentTests {
    static let settings = """
        business: { name: Studio, tax_id: PL5260250274, address: { street: Wiejska 1, city: Warszawa, country: PL } }
        defaults: { currency: PLN, locale: pl_PL, tax: 23% }
        einvoice: [fa3]
        """
    static let client = "name: Acme\ntax_id: PL1132853869\naddress: { street: Polna 2, city: Łódź, country: PL }\n"

    /// 10 laptops at 1,219.52: 12,195.20 net, 2,804.90 VAT (23 %), 15,000.10 gross: above 15,000.
    /// 10 at 1,219.51: 12,195.10 net, 2,804.87 VAT, 14,999.97 gross: not above.
    static func invoice(price: String, split: Bool) -> String {
        "client: acme\nissued: 2026-03-02\n" + (split ? "split_payment: true\n" : "")
            + "items:\n  - { description: Laptop, quantity: 10, price: \(price), annex_15: true }\n"
    }

    @Test func mppFollowsTheBookAndCheckWarnsAboveTheThreshold() throws {
        let book = TestBook([
            "invoices/INV-0001.yaml": Self.invoice(price: "1219.52", split: false),
            "invoices/INV-0002.yaml": Self.invoice(price: "1219.51", split: false),
            "invoices/INV-0003.yaml": Self.invoice(price: "1219.52", split: true),
        ], settings: Self.settings, clients: ["acme": Self.client])
        defer { book.remove() }
        let checked = book.checkKeeping()
        let warnings = checked.diagnostics.filter { $0.code == .splitPaymentMissing }
        #expect(warnings.map(\.file) == ["invoices/INV-0001.yaml"], "\(warnings.map(\.message))")
        #expect(warnings.first?.severity == .warning && warnings.first?.message.contains("15000.10") == true)
        // At the annex-15 line: line 4 of the file.
        #expect(warnings.first?.range?.start.line == 4)
        #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(checked.diagnostics.map(\.message))")

        let schema = try FA3Tests.schema()
        for (number, p18a) in [("INV-0001", "2"), ("INV-0003", "1")] {
            let xml = try FA3Tests.fa3(number, in: checked.book)
            #expect(FA3Tests.value("P_18A", in: xml) == p18a, "\(number)")
            #expect(FA3Tests.value("P_15", in: xml) == "15000.10")
            #expect(schema.validate(Array(xml.utf8)) == [], "\(number)")
        }
    }
}
