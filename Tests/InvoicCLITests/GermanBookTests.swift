import Foundation
import InvoicTestSupport
import Testing

/// Issue 37, "one language" and "the statement is its own document": a German book as a German
/// freelancer sets it up (`init --country DE`, a client, three invoices, payments), run through
/// the commands a person reads, in German.
@Suite struct GermanBookTests {
    /// A book made by `init --country DE`, then a business, a client and three invoices:
    /// INV-0001 (1,190.00, paid in full on 20 Sep), INV-0002 (10 h x 95.00 + 19 % = 1,130.50,
    /// 500.00 paid on 20 Oct), INV-0003 (400.00 + 19 % = 476.00, nothing paid).
    static func germanBook(clientLocale: String? = nil) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-de-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let initialized = try Invoic.run(["init", "book", "--country", "DE"], in: folder)
        #expect(initialized.status == 0, "\(initialized.stderr)")
        let book = folder.appendingPathComponent("book")
        func write(_ path: String, _ text: String) throws {
            let url = book.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let settings = try String(contentsOf: book.appendingPathComponent("invoic.yaml"), encoding: .utf8)
        #expect(settings.contains("locale: de_DE"))
        try write("invoic.yaml", """
            business:
              name: Grafikbüro Lehmann
              email: post@lehmann-grafik.de
              phone: "+49 30 1234567"
              contact: {name: Anna Lehmann}
              electronic_address: "9930:DE136695976"
              address: {street: Bergmannstraße 12, city: Berlin, postal_code: "10961", country: DE}
              tax_id: DE136695976
            payment:
              beneficiary: Anna Lehmann
              bank: Berliner Sparkasse
              account: DE89 3704 0044 0532 0130 00
              bic: COBADEFFXXX
            defaults:
              currency: EUR
              locale: de_DE
              tax: 19%
              terms: 30
            numbering:
              invoice: "INV-{seq:4}"

            """)
        try write("clients/schmidt.yaml", """
            name: Schmidt & Söhne GmbH
            email: buchhaltung@schmidt-soehne.de
            address: {street: Hauptstraße 5, city: Köln, postal_code: "50667", country: DE}
            tax_id: DE143454214
            buyer_reference: "04011000-12345-03"
            electronic_address: "9930:DE143454214"

            """ + (clientLocale.map { "locale: \($0)\n" } ?? ""))
        try write("invoices/INV-0001.yaml", """
            client: schmidt
            issued: 2026-09-01
            sent: 2026-09-01
            items:
              - {description: Logo, price: 1000.00}
            payments:
              - {date: 2026-09-20, amount: 1190.00, method: bank_transfer}

            """)
        try write("invoices/INV-0002.yaml", """
            client: schmidt
            issued: 2026-10-01
            sent: 2026-10-01
            items:
              - {description: Beratung, quantity: 10, unit: h, price: 95.00}
            payments:
              - {date: 2026-10-20, amount: 500.00, method: bank_transfer}

            """)
        try write("invoices/INV-0003.yaml", """
            client: schmidt
            issued: 2026-11-02
            sent: 2026-11-02
            items:
              - {description: Flyer, price: 400.00}

            """)
        let check = try Invoic.run(["check", "--today", "2026-11-27"], in: book)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        return book
    }

    static func pdfText(_ pdf: URL) throws -> String {
        try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-layout", pdf.path, "-"]).stdout
    }

    /// The ledger rows of a statement's text: the lines that start with a date.
    static func ledgerRows(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.range(of: #"^\d\d[./]\d\d[./]\d{4} "#, options: .regularExpression) != nil }
    }

    /// The statement is a ledger, not an invoice: its title, its columns, each fact with the
    /// balance it leaves (computed here by hand), the balance due with a payment code for it.
    @Test func theStatementIsALedgerWhoseRunningBalanceAddsUp() throws {
        let book = try Self.germanBook()
        defer { try? FileManager.default.removeItem(at: book.deletingLastPathComponent()) }
        let run = try Invoic.run(["statement", "schmidt", "--today", "2026-11-27", "-o", "out"], in: book)
        #expect(run.status == 0, "\(run.stderr)")
        let pdf = book.appendingPathComponent("out/schmidt-2026-11-27.pdf")
        let text = try Self.pdfText(pdf)
        #expect(text.contains("KONTOÜBERSICHT") && !text.contains("KONTOAUSZUG"), "\(text)")
        // The ledger's columns, and nothing of an invoice's layout.
        for head in ["DATUM", "BELEG", "BESCHREIBUNG", "SOLL", "HABEN", "SALDO (EUR)", "KUNDENKONTO", "ZEITRAUM"] {
            #expect(text.contains(head), "\(head) missing:\n\(text)")
        }
        for invoiceWord in ["RECHNUNG AN", "ZWISCHENSUMME", "MENGE", "PREIS", "GESAMT", " -1 ", "LEISTUNGSZEITRAUM"] {
            #expect(!text.contains(invoiceWord), "\(invoiceWord) on a statement:\n\(text)")
        }
        // Its reference is no invoice number: ST-, the client, the day.
        #expect(text.contains("ST-schmidt-20261127"))
        #expect(text.contains("1. Okt. 2026 – 27. Nov. 2026"), "the period: from the oldest open invoice's issue day\n\(text)")
        // By hand: INV-0001 was settled before the period, so it opens at 0.00; INV-0002 asks
        // 950.00 + 19 % = 1,130.50; 500.00 paid leaves 630.50; INV-0003 adds 476.00: 1,106.50.
        let rows = Self.ledgerRows(text).map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(rows == [
            "01.10.2026 Anfangssaldo 0,00",
            "01.10.2026 INV-0002 Rechnung 1.130,50 1.130,50",
            "20.10.2026 INV-0002 Zahlungseingang 500,00 630,50",
            "02.11.2026 INV-0003 Rechnung 476,00 1.106,50",
        ], "\(rows)")
        #expect(text.contains("Offener Saldo") && text.contains("1.106,50 €"))
        // The payment code asks for the balance and names the open invoices for `invoic match`.
        let folder = book.appendingPathComponent("out")
        _ = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftoppm"), ["-gray", "-r", "200", "-f", "1", "-l", "1", pdf.path, folder.appendingPathComponent("page").path])
        let page = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".pgm") })
        let read = try runProcess(Invoic.repository.appendingPathComponent("scripts/read-qr.py"), [folder.appendingPathComponent(page).path])
        let payload = String(decoding: stride(from: 0, to: read.stdout.count - 1, by: 2).compactMap { offset -> UInt8? in
            let start = read.stdout.index(read.stdout.startIndex, offsetBy: offset)
            return UInt8(read.stdout[start..<read.stdout.index(start, offsetBy: 2)], radix: 16)
        }, as: UTF8.self)
        #expect(payload.contains("\nEUR1106.50\n") && payload.hasSuffix("INV-0002 INV-0003"), "\(payload)")
    }

    /// From an earlier day the ledger opens with what was owed then, and still ends at the balance.
    @Test func aPeriodThatStartsEarlierOpensWithTheBalanceOwedThen() throws {
        let book = try Self.germanBook()
        defer { try? FileManager.default.removeItem(at: book.deletingLastPathComponent()) }
        let run = try Invoic.run(["statement", "schmidt", "--today", "2026-11-27", "--from", "2026-09-15", "-o", "out"], in: book)
        #expect(run.status == 0, "\(run.stderr)")
        let rows = Self.ledgerRows(try Self.pdfText(book.appendingPathComponent("out/schmidt-2026-11-27.pdf")))
            .map { $0.split(separator: " ").joined(separator: " ") }
        // INV-0001 (1,000.00 + 19 %) was issued on 1 Sep and open on 15 Sep: the opening balance.
        #expect(rows == [
            "15.09.2026 Anfangssaldo 1.190,00",
            "20.09.2026 INV-0001 Zahlungseingang 1.190,00 0,00",
            "01.10.2026 INV-0002 Rechnung 1.130,50 1.130,50",
            "20.10.2026 INV-0002 Zahlungseingang 500,00 630,50",
            "02.11.2026 INV-0003 Rechnung 476,00 1.106,50",
        ], "\(rows)")
        let late = try Invoic.run(["statement", "schmidt", "--today", "2026-11-27", "--from", "2026-12-01"], in: book)
        #expect(late.status == 2 && late.stderr.contains("--from 2026-12-01 is not a day on or before 2026-11-27"), "\(late.stderr)")
    }

    /// The same account for a client who reads English: every word English, US or UK figures.
    @Test func anEnglishClientGetsAStatementOfAccount() throws {
        let book = try Self.germanBook(clientLocale: "en_GB")
        defer { try? FileManager.default.removeItem(at: book.deletingLastPathComponent()) }
        let run = try Invoic.run(["statement", "schmidt", "--today", "2026-11-27", "-o", "out"], in: book)
        #expect(run.status == 0, "\(run.stderr)")
        let text = try Self.pdfText(book.appendingPathComponent("out/schmidt-2026-11-27.pdf"))
        for word in ["STATEMENT OF ACCOUNT", "ACCOUNT OF", "DEBIT", "CREDIT", "BALANCE (EUR)", "Opening balance", "Payment received", "Balance due"] {
            #expect(text.contains(word), "\(word) missing:\n\(text)")
        }
        let rows = Self.ledgerRows(text).map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows.last == "02/11/2026 INV-0003 Invoice 476.00 1,106.50", "\(rows)")
    }
}

extension GermanBookTests {
    /// `pay --amount 500,00` in a German book records 500.00; the American form is refused with
    /// the German example, and nothing is written.
    @Test func payTakesAnAmountAsTheBooksLocaleWritesIt() throws {
        let book = try Self.germanBook()
        defer { try? FileManager.default.removeItem(at: book.deletingLastPathComponent()) }
        let file = book.appendingPathComponent("invoices/INV-0003.yaml")
        let before = try String(contentsOf: file, encoding: .utf8)
        let refused = try Invoic.run(["pay", "INV-0003", "--amount", "1,000.00", "--date", "2026-11-20"], in: book)
        #expect(refused.status != 0 && refused.stderr.contains("`1,000.00` is not an amount as de_DE writes it: write it like 1.234,50"), "\(refused.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == before)
        let paid = try Invoic.run(["pay", "INV-0003", "--amount", "300,00", "--date", "2026-11-20"], in: book)
        #expect(paid.status == 0, "\(paid.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("amount: 300.00"))
        let grouped = try Invoic.run(["pay", "INV-0002", "--amount", "1.130,50", "--date", "2026-11-21"], in: book)
        // 1,130.50 is more than the 630.50 still due: read as one thousand, refused as too much.
        #expect(grouped.status != 0 && grouped.stderr.contains("1130.50 is more than the 630.50 due on INV-0002"), "\(grouped.stderr)")
        let rest = try Invoic.run(["pay", "INV-0002", "--amount", "500,00", "--date", "2026-11-21"], in: book)
        #expect(rest.status == 0, "\(rest.stderr)")
        #expect(try String(contentsOf: book.appendingPathComponent("invoices/INV-0002.yaml"), encoding: .utf8).contains("amount: 500.00"))
    }
}

extension GermanBookTests {
    /// The English words of invoic's own that used to leak into a German book's outputs.
    static let leakedEnglish = ["INVOICE", "LEVEL", "DAYS", "FEES", "INTEREST", "Invoice ", "Payment on", "Payment of", "Refund on",
                                "Payable within", "Payable on receipt", "Credit note ", "Void of", "Purchase "]

    /// `remind`, `export-journal` and the XRechnung of a German book: German words, German figures.
    @Test func remindJournalAndXRechnungSpeakTheBooksLanguage() throws {
        let book = try Self.germanBook()
        defer { try? FileManager.default.removeItem(at: book.deletingLastPathComponent()) }
        let settings = book.appendingPathComponent("invoic.yaml")
        try (try String(contentsOf: settings, encoding: .utf8) + "reminders:\n  levels:\n    - { after: 7 }\n    - { after: 21, fee: 5.00 }\n")
            .write(to: settings, atomically: true, encoding: .utf8)
        let remind = try Invoic.run(["remind", "--today", "2026-12-27", "--dry-run"], in: book)
        #expect(remind.status == 0, "\(remind.stderr)")
        let table = remind.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        // INV-0002: 1,130.50 - 500.00 = 630.50 due since 31 Oct, 57 days; INV-0003: 476.00, due 2 Dec, 25 days.
        #expect(table.first == "RECHNUNG STUFE TAGE OFFEN GEBÜHREN ZINSEN GESAMT PDF", "\(remind.stdout)")
        #expect(table.dropFirst().first?.hasPrefix("INV-0002 1 57 630,50 0,00 0,00 630,50\u{A0}€") == true, "\(remind.stdout)")
        #expect(table.dropFirst(2).first?.hasPrefix("INV-0003 1 25 476,00 0,00 0,00 476,00\u{A0}€") == true, "\(remind.stdout)")

        let journal = try Invoic.run(["export-journal", "--format", "hledger"], in: book)
        #expect(journal.status == 0, "\(journal.stderr)")
        #expect(journal.stdout.contains("| Rechnung INV-0002\n") && journal.stdout.contains("| Zahlung zu INV-0002\n"), "\(journal.stdout)")

        let xml = try Invoic.run(["export", "INV-0002", "--format", "xrechnung", "-o", "-"], in: book)
        #expect(xml.status == 0, "\(xml.stderr)")
        // Issued 1 Oct with 30 days' terms: due 31 Oct 2026.
        #expect(xml.stdout.contains("Zahlbar innerhalb von 30 Tagen, bis 31.10.2026."), "\(xml.stdout)")
        for output in [remind.stdout, journal.stdout.replacingOccurrences(of: "journal written by invoic", with: "")] {
            for word in Self.leakedEnglish { #expect(!output.contains(word), "\(word) in a German book:\n\(output.prefix(1200))") }
        }
        // The XML's element names are English by the standard (`<Invoice ...>`); its note is not.
        #expect(!xml.stdout.contains("Payable within") && !xml.stdout.contains("Payable on receipt"))
    }
}

extension GermanBookTests {
    /// `invoic view` run in a German book reads to its user in German with German amounts,
    /// without `--locale`; `--locale` still chooses.
    @Test func viewInAGermanBookIsGerman() throws {
        let book = try Self.germanBook()
        defer { try? FileManager.default.removeItem(at: book.deletingLastPathComponent()) }
        let file = Invoic.fixtures.appendingPathComponent("received/zugferd-pdf_zf_en16931_1.pdf").path
        let german = try Invoic.run(["view", file], in: book)
        #expect(german.status == 0, "\(german.stderr)")
        #expect(german.stdout.contains("529,87\u{A0}€") && !german.stdout.contains("€529.87"), "\(german.stdout)")
        let html = try Invoic.run(["view", file, "--format", "html"], in: book)
        #expect(html.stdout.contains("<html lang=\"de\"") && html.stdout.contains("529,87"), "\(html.stdout.prefix(600))")
        let english = try Invoic.run(["view", file, "--locale", "en_US"], in: book)
        #expect(english.stdout.contains("€529.87"), "\(english.stdout)")
    }
}
