import Foundation
import InvoicTestSupport
import Testing

extension GermanBookTests {
    /// The words of `report vat` and of a quarter's journal that stayed English in a German book
    /// (issue 37).
    static let englishOfTheReturn = ["VAT return", "accrual", "Sales", "Purchases", "Output VAT", "Input VAT", "To pay", "To reclaim",
                                     "standard-rated", "domestic", "none recorded", "taxable", "box ", "not on ", "Opening balances"]

    /// `init --country DE`, then `report vat` and a quarter's `export-journal`: German words, German
    /// figures. The fourth quarter holds INV-0002 (950.00 + 180.50) and INV-0003 (400.00 + 76.00):
    /// 1,350.00 taxable at 19 %, 256.50 VAT to pay (UStVA Kz 81 in whole euros, Kz 83 to the cent).
    @Test func reportVATAndAQuartersJournalSpeakTheBooksLanguage() throws {
        let book = try Self.germanBook()
        defer { try? FileManager.default.removeItem(at: book.deletingLastPathComponent()) }
        let vat = try Invoic.run(["report", "vat", "--period", "2026-Q4", "--form", "de-ustva", "--today", "2026-11-27"], in: book)
        #expect(vat.status == 0, "\(vat.stderr)")
        let lines = vat.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.first == "Umsatzsteuer 2026-Q4 (01.10.2026 bis 31.12.2026), Soll-Versteuerung: Grafikbüro Lehmann (DE136695976)", "\(vat.stdout)")
        for line in ["Bemessungsgrundlage USt", "Umsätze", "steuerpflichtig 19%, Inland 1.350,00 256,50", "Eingangsrechnungen", "keine erfasst",
                     "Umsatzsteuer 256,50", "Vorsteuer 0,00", "Zahllast 256,50", "Kennzahl EUR"] {
            #expect(lines.contains(line), "\(line) in:\n\(vat.stdout)")
        }
        #expect(lines.contains { $0.hasPrefix("81 ") && $0.hasSuffix(" 1.350") } && lines.contains { $0.hasPrefix("83 ") && $0.hasSuffix(" 256,50") }, "\(vat.stdout)")

        let journal = try Invoic.run(["export-journal", "--format", "hledger", "--period", "2026-Q4"], in: book)
        #expect(journal.status == 0, "\(journal.stderr)")
        // INV-0001's 1,190.00 reached the bank in September: the quarter opens with it.
        #expect(journal.stdout.contains("2026-10-01 * (opening) Grafikbüro Lehmann | Eröffnungssalden in EUR zum 2026-10-01\n"), "\(journal.stdout)")
        let file = book.appendingPathComponent("q4.journal")
        try Data(journal.stdout.utf8).write(to: file)
        let strict = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["hledger", "-f", file.path, "check", "--strict", "ordereddates", "payees", "uniqueleafnames"])
        #expect(strict.status == 0, "\(strict.stderr)")

        let html = try Invoic.run(["report", "vat", "--period", "2026-Q4", "--format", "html", "--today", "2026-11-27"], in: book)
        #expect(html.stdout.contains("<html lang=\"de\">") && html.stdout.contains("<td class=\"n\">1.350,00</td>"), "\(html.stdout)")
        for output in [vat.stdout, html.stdout] {
            for word in Self.englishOfTheReturn + Self.leakedEnglish { #expect(!output.contains(word), "\(word) in a German book:\n\(output.prefix(1500))") }
        }
        // The journal's account names are the `ledger:` settings' (English by default, like
        // hledger's and Beancount's account types): its narrations are what a person reads.
        let narrations = journal.stdout.split(separator: "\n").filter { $0.first?.isNumber == true }.joined(separator: "\n")
        for word in Self.leakedEnglish + ["Opening balances", " on 2026"] { #expect(!narrations.contains(word), "\(word) in:\n\(narrations)") }
    }
}
