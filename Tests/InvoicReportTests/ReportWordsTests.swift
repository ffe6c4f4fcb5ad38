import Foundation
import InvoicBook
@testable import InvoicReport
import Testing

/// The report speaks the book's language (defaults.locale); machine formats stay English.
@Suite struct ReportWordsTests {
    static let invoice = """
        client: acme
        issued: 2026-03-02
        sent: 2026-03-02
        due: 2026-03-16
        items:
          - { description: Design, price: 100.00 }
        payments:
          - { date: 2026-03-10, amount: 40.00, method: bank_transfer }

        """

    func report(locale: String) throws -> IndexReport {
        let settings = "business: { name: Atelier }\ndefaults: { currency: EUR, locale: \(locale), terms: 30 }\n"
        return try ScratchBook(["invoices/INV-0001.yaml": Self.invoice], settings: settings).report(today: "2026-04-20")
    }

    @Test func aGermanBooksReportIsInGerman() throws {
        let report = try report(locale: "de_DE")
        let html = report.html()
        #expect(html.contains("<html lang=\"de\">"))
        for word in ["Kennzahlen", "Rechnungen", "Angebote", "Offene Forderungen nach Alter", "Einnahmen nach Monat", "Warnungen",
                     "1 offene Rechnung", "überfällig", "35 Tage", "März 2026"] {
            #expect(html.contains(word), "\(word) is missing from the German HTML report")
        }
        for english in [">Dashboard<", ">Invoices", ">Outstanding<", "open invoice", "newest first", "Income by month"] {
            #expect(!html.contains(english), "\(english) is in the German HTML report")
        }
        let text = report.text()
        #expect(text.contains("Atelier: Übersicht zum 2026-04-20"))
        #expect(text.contains("35 Tage überfällig, teilweise bez"), "\(text)")
        // Machines read the CSV and JSON: their names and status values stay as documented.
        #expect(report.csv().hasPrefix("number,client_id,client,issued,due,currency,total,paid,balance,status"))
        #expect(report.csv().contains(",overdue,"))
        #expect(report.json().contains("\"status\""))
    }

    /// Every word a phone shows beside a value, the age columns and the income caption come from
    /// the markup in the book's language; the stylesheet adds no text of its own.
    @Test func noEnglishIsLeftInAGermanPage() throws {
        let html = try report(locale: "de_DE").html()
        let style = try #require(html.components(separatedBy: "<style>").dropFirst().first?.components(separatedBy: "</style>").first)
        let contents = style.components(separatedBy: "{ content:").dropFirst().map { $0.prefix { $0 != ";" } }
        #expect(contents.allSatisfy { !$0.contains { $0.isLetter } }, "CSS adds words: \(contents)")
        let body = try #require(html.components(separatedBy: "</style>").last)
        for german in ["<span class=\"lead\">Fällig </span>", "<span class=\"lead\">Gesamt </span>", "<span class=\"lead\">Berechnet </span>",
                       "<span class=\"lead\">Bezahlt </span>", "<span class=\"lead\">Letzte Aktivität </span>", ">Über 90<", ">Gesamt<", "gesamt 40,00"] {
            #expect(body.contains(german), "\(german) is missing")
        }
        for english in ["Over 90", ">Total<", "· total", "due ", " of ", "valid until", "invoiced ", "last activity"] {
            #expect(!body.contains(english), "\(english) is in the German HTML report")
        }
        #expect(try report(locale: "de_DE").text().contains("Gesamt"), "the text report's aging total row")
        #expect(!(try report(locale: "de_DE").text()).contains("Total"))
    }

    @Test func countsTakeTheFormTheirLanguageNeeds() {
        let polish = ReportWords(locale: "pl_PL")
        #expect(polish.count("invoices_count", 1) == "1 faktura")
        #expect(polish.count("invoices_count", 3) == "3 faktury")
        #expect(polish.count("invoices_count", 5) == "5 faktur")
        #expect(polish.count("invoices_count", 22) == "22 faktury")
        #expect(polish.count("invoices_count", 12) == "12 faktur")
        let czech = ReportWords(locale: "cs_CZ")
        #expect(czech.count("days", 2) == "2 dny")
        #expect(czech.count("days", 5) == "5 dní")
        let english = ReportWords(locale: "en_US")
        #expect(english.count("days", 1) == "1 day")
        #expect(english.count("days", 2) == "2 days")
        #expect(ReportWords(locale: "de_DE").count("days", 2) == "2 Tage", "no few form: the other form")
        #expect(ReportWords(locale: "ko_KR").language == "en", "a language invoic does not speak reads English")
        #expect(ReportWords(locale: "nb_NO")["invoices"] == "Fakturaer")
        #expect(ReportWords(locale: "no_NO")["invoices"] == "Fakturaer")
    }

    @Test func everyLanguageHasEveryWord() {
        let english = Set(ReportWords.table["en"]!.keys)
        for language in ReportWords.languages {
            let words = ReportWords.table[language] ?? [:]
            // `_few` forms exist only where the language has them.
            let missing = english.filter { words[$0] == nil && !$0.hasSuffix("_few") }
            #expect(missing.isEmpty, "\(language) lacks \(missing.sorted())")
        }
    }

    @Test func monthNamesComeInTheBooksLanguage() {
        #expect(ReportWords(locale: "en_US").longMonth("2026-03") == "March 2026")
        #expect(ReportWords(locale: "de_DE").longMonth("2026-03") == "März 2026")
        #expect(ReportWords(locale: "fr_FR").shortMonth("2026-02") == "févr.")
        #expect(ReportWords(locale: "ja_JP").longMonth("2026-03") == "2026年3月")
        #expect(ReportWords(locale: "en_US").longMonth("garbage") == "garbage")
    }

    /// Issue 47: the HTML report's Peppol and SdI badges say the state in the book's language (an
    /// Italian book: the SdI's own words, scartata, consegnata); the raw state stays the CSS class
    /// and the JSON's value, for programs.
    @Test func theTransmissionBadgesSpeakTheBooksLanguage() throws {
        let result = try BookChecker.check(at: Paths.examples.appendingPathComponent("designer-it").path)
        let report = IndexReport(book: result.book, today: Day("2026-11-21")!, warnings: result.diagnostics,
                                 peppolStates: ["2026/003": .init(state: "transit", since: "2026-11-20T09:00:00Z", provider: "e-invoice.be", detail: nil)],
                                 sdiStates: ["2026/001": .init(state: "rejected", since: "2026-11-20T10:30:00Z", provider: "SdI", detail: "a.xml"),
                                             "2026/002": .init(state: "expired", since: "2026-11-20T10:30:00Z", provider: "SdI", detail: "b.xml")])
        let html = report.html()
        #expect(html.contains("<span class=\"sdi rejected\" title=\"2026-11-20T10:30:00Z: a.xml\">SdI: scartata</span>"), "\(html)")
        #expect(html.contains(">SdI: decorrenza termini</span>") && html.contains("<span class=\"peppol transit\""))
        #expect(html.contains(">Peppol: in transito</span>"))
        for raw in ["rejected", "expired", "transit"] { #expect(!html.contains(": \(raw)</span>"), "no raw state: \(raw)") }
        let json = report.render(.json)
        #expect(json.contains("\"rejected\"") && !json.contains("scartata"), "the JSON keeps the raw state for programs")
    }
}
