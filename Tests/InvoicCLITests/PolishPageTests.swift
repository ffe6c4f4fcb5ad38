import Foundation
import InvoicTestSupport
import Testing

/// Issue 43, point 5: what a Polish invoice's page says. The title Faktura VAT (Faktura
/// korygująca for a correction), both parties' NIP, "mechanizm podzielonej płatności" when the
/// invoice states split payment, and, with `amount_in_words: true`, the amount in Polish words
/// ("Słownie: ..."), written out here by hand.
@Suite struct PolishPageTests {
    @Test func thePolishPage() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("poland"))
        defer { try? FileManager.default.removeItem(at: book) }
        let settings = book.appendingPathComponent("invoic.yaml")
        try (String(contentsOf: settings, encoding: .utf8) + "amount_in_words: true\n").write(to: settings, atomically: true, encoding: .utf8)
        // 10 × 1,300.00 = 13,000.00 net, 2,990.00 VAT: 15,990.00 gross, above PLN 15,000, annex 15.
        try """
            client: kwadrat
            issued: 2026-11-20
            ksef: 6771234561-20261120-0100004B2C11-00
            split_payment: true
            items:
              - { description: Laptop, quantity: 10, unit: szt., price: 1300.00, annex_15: true }
            """.write(to: book.appendingPathComponent("invoices/2026/FV-2026-004.yaml"), atomically: true, encoding: .utf8)
        let number = try #require(try Self.ksefNumber("6771234561-20261120-0100004B2C11"))
        let path = book.appendingPathComponent("invoices/2026/FV-2026-004.yaml")
        try String(contentsOf: path, encoding: .utf8).replacingOccurrences(of: "0100004B2C11-00", with: "0100004B2C11-\(number)").write(to: path, atomically: true, encoding: .utf8)
        let built = try Invoic.run(["build", "--today", "2026-11-21"], in: book)
        #expect(built.status == 0, "\(built.stderr)")
        func text(_ name: String) throws -> String {
            try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-layout", book.appendingPathComponent("build/\(name).pdf").path, "-"]).stdout
        }
        let page = try text("FV-2026-004")
        #expect(page.contains("FAKTURA VAT"), "\(page)")
        #expect(page.contains("NIP PL6771234561") && page.contains("NIP 113-285-38-69"), "both parties' NIP\n\(page)")
        #expect(page.contains("mechanizm podzielonej płatności"), "\(page)")
        #expect(page.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
            .contains("Słownie: piętnaście tysięcy dziewięćset dziewięćdziesiąt złotych 00/100"), "\(page)")
        #expect(try String(contentsOf: book.appendingPathComponent("build/FV-2026-004.fa3.xml"), encoding: .utf8).contains("<P_18A>1</P_18A>"))
        // An invoice without split payment does not say it; 8,487.00 in words.
        let first = try text("FV-2026-001")
        #expect(!first.contains("podzielonej"))
        #expect(first.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
            .contains("Słownie: osiem tysięcy czterysta osiemdziesiąt siedem złotych 00/100"), "\(first)")
        // The correction is titled as one; its amount in words as the page states it (738.00 credited).
        let correction = try text("KOR-2026-001")
        #expect(correction.contains("FAKTURA KORYGUJĄCA"), "\(correction)")
        #expect(correction.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
            .contains("Słownie: siedemset trzydzieści osiem złotych 00/100"), "\(correction)")
    }

    /// The KSeF number's CRC-8 (numer-ksef.md: poly 0x07, init 0), by Python, not by invoic.
    static func ksefNumber(_ data: String) throws -> String? {
        let script = "import sys\nc=0\nfor x in sys.argv[1].encode():\n  c^=x\n  for _ in range(8): c=((c<<1)^7)&255 if c&128 else (c<<1)&255\nprint('%02X'%c)"
        return try runProcess(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, data]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
