import Foundation
@testable import InvoicBook
import InvoicLedger
import InvoicMoney
import InvoicTestSupport
import Testing

/// `export-journal --format datev`, read back by a parser written apart from the writer (Python's
/// csv module, decoding as the file's bytes say), every amount compared with figures worked out
/// by hand from DATEV's rules and the law's.
@Suite(.serialized) struct DATEVExportTests {
    static let settings = """
        business: { name: Test GmbH, tax_id: DE123456788, address: { street: Hauptstr. 1, city: Berlin, postal_code: "10115", country: DE } }
        defaults: { currency: EUR, locale: de_DE, tax: 19%, terms: 14 }
        ledger:
          datev: { consultant: 4711, client: 12345, chart: SKR03, fiscal_year_start: 01-01 }

        """

    static let clients = [
        "acme": "name: Bäckerei \"Müller\" & Söhne\naddress: { street: Weg 1, city: Köln, postal_code: \"50667\", country: DE }\n",
        "paris": "name: Paris SARL\ntax_id: FR40303265045\ntax: reverse-charge\nexemption: { code: vatex-eu-ae, text: Autoliquidation }\naddress: { street: Rue 1, city: Paris, postal_code: \"75001\", country: FR }\n",
        "wien": "name: Wien GmbH\ntax_id: ATU12345675\ntax: intra-eu\nexemption: { code: vatex-eu-ic, text: Innergemeinschaftliche Lieferung }\naddress: { street: Gasse 1, city: Wien, postal_code: \"1010\", country: AT }\n",
    ]

    /// 100.00 at 19 % (19.00) and 33.33 at 7 % (2.3331 -> 2.33): 154.66, paid 50.00 and 104.66.
    static let files = [
        "invoices/INV-0001.yaml": invoice(client: "acme", issued: "2026-03-02", """
            sent: 2026-03-02
            payments:
              - { date: 2026-04-10, amount: 50.00, method: bank_transfer }
              - { date: 2026-05-02, amount: 104.66, method: bank_transfer }

            """, items: "  - { description: Design, price: 100.00 }\n  - { description: Book, price: 33.33, tax: 7% }\n"),
        "invoices/INV-0002.yaml": invoice(client: "paris", issued: "2026-03-05", "sent: 2026-03-05\n", items: "  - { description: Consulting, price: 1000.00 }\n"),
        "invoices/INV-0003.yaml": invoice(client: "wien", issued: "2026-03-06", "sent: 2026-03-06\ndelivered: 2026-03-06\n", items: "  - { description: Chairs, price: 500.00 }\n"),
    ]

    static func book(_ settings: String = DATEVExportTests.settings) throws -> Book {
        let test = TestBook(files, settings: settings, clients: clients)
        defer { test.remove() }
        let checked = test.checkKeeping()
        let errors = checked.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.message))")
        var book = checked.book
        var papier = JournalAccountsTests.supplier("papier", "DE811128135")
        papier.account = "4930"  // the supplier's own expense account (Bürobedarf)
        book.received = ReceivedLedger(purchases: [
            JournalAccountsTests.purchase("FR-1", from: "paris-cloud", issued: "2026-03-03", category: "AE", rate: "0%", taxable: "3300.00", tax: "0.00"),
            JournalAccountsTests.purchase("AT-1", from: "wien-parts", issued: "2026-03-04", category: "K", rate: "0%", taxable: "1000.00", tax: "0.00"),
            JournalAccountsTests.purchase("DE-1", from: "papier", issued: "2026-03-07", category: "S", rate: "19%", taxable: "200.00", tax: "38.00"),
        ], suppliers: ["paris-cloud": JournalAccountsTests.supplier("paris-cloud", "FR40303265045"),
                       "wien-parts": JournalAccountsTests.supplier("wien-parts", "ATU12345675"), "papier": papier])
        return book
    }

    /// The reader: Python's csv module on the bytes, UTF-8 after a byte order mark, else
    /// Windows-1252; the header's fields, the column names, each booking, and the balance of every
    /// account (S adds to the Konto and takes from the Gegenkonto, H the other way) in cents.
    static let reader = #"""
        import csv, io, json, sys
        from decimal import Decimal
        raw = open(sys.argv[1], 'rb').read()
        text = raw[3:].decode('utf-8') if raw.startswith(b'\xef\xbb\xbf') else raw.decode('cp1252')
        rows = list(csv.reader(io.StringIO(text, newline=''), delimiter=';', quotechar='"'))
        assert text.endswith('\r\n') and '\n' not in text.replace('\r\n', '')
        header, columns, bookings = rows[0], rows[1], rows[2:]
        balances = {}
        out = []
        for row in bookings:
            assert len(row) == len(columns), row
            record = dict(zip(columns, row))
            cents = int(Decimal(record['Umsatz (ohne Soll/Haben-Kz)'].replace(',', '.')) * 100)
            sign = 1 if record['Soll/Haben-Kennzeichen'] == 'S' else -1
            assert record['Soll/Haben-Kennzeichen'] in ('S', 'H') and cents > 0
            balances[record['Konto']] = balances.get(record['Konto'], 0) + sign * cents
            gegen = record['Gegenkonto (ohne BU-Schlüssel)']
            balances[gegen] = balances.get(gegen, 0) - sign * cents
            out.append({'cents': cents, 'sh': record['Soll/Haben-Kennzeichen'], 'wkz': record['WKZ Umsatz'], 'konto': record['Konto'],
                        'gegenkonto': gegen, 'bu': record['BU-Schlüssel'], 'datum': record['Belegdatum'], 'beleg': record['Belegfeld 1'],
                        'text': record['Buchungstext']})
        json.dump({'header': header, 'columns': columns, 'bookings': out, 'balances': balances, 'bom': raw.startswith(b'\xef\xbb\xbf')}, sys.stdout)
        """#

    struct Read: Decodable {
        struct Booking: Decodable, Equatable {
            var cents: Int64, sh: String, wkz: String, konto: String, gegenkonto: String, bu: String, datum: String, beleg: String, text: String
        }
        var header: [String]
        var columns: [String]
        var bookings: [Booking]
        var balances: [String: Int64]
        var bom: Bool
    }

    static func read(_ bytes: [UInt8]) throws -> Read {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-datev-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("EXTF_Buchungsstapel.csv"), script = folder.appendingPathComponent("read.py")
        try Data(bytes).write(to: file)
        try reader.write(to: script, atomically: true, encoding: .utf8)
        let output = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, file.path])
        #expect(output.status == 0, "\(output.stderr)")
        return try JSONDecoder().decode(Read.self, from: Data(output.stdout.utf8))
    }

    @Test func theBatchReadsBackToTheLawsFigures() throws {
        let book = try Self.book()
        let purchases = Purchases(book: book)
        let journal = Journal(book: book, purchases: purchases)
        let bytes = try DATEVExport(journal: journal, book: book, purchases: purchases, period: Period("2026")!).render()
        let read = try Self.read(bytes)
        // The header: EXTF, version 700, category 21 Buchungsstapel, format version 13, consultant
        // and client, the fiscal year from 1 January, 4-digit accounts, the batch's days, SKR03.
        #expect(Array(read.header.prefix(5)) == ["EXTF", "700", "21", "Buchungsstapel", "13"])
        #expect(read.header[10] == "4711" && read.header[11] == "12345" && read.header[12] == "20260101" && read.header[13] == "4")
        #expect(read.header[14] == "20260101" && read.header[15] == "20261231" && read.header[26] == "03" && read.header.count == 31)
        #expect(read.header[20] == "0", "not locked on import: the adviser checks first")
        #expect(!read.bom && bytes.contains(0xE4) && !bytes.contains(0xC3), "Windows-1252: ä is one byte")
        #expect(Array(read.columns.prefix(3)) == ["Umsatz (ohne Soll/Haben-Kz)", "Soll/Haben-Kennzeichen", "WKZ Umsatz"])
        typealias B = Read.Booking
        let acme = "Bäckerei \"Müller\" & Söhne, "
        // Debitoren from 10000 and Kreditoren from 70000 in order of first appearance; sales gross
        // on SKR03's revenue accounts (8400 19 %, 8300 7 %, 8336 § 13b EU services, 8125 intra-EU
        // supplies), purchases gross on 4900 (or the supplier's 4930) with BU 94 (§ 13b, 19 %),
        // 19 (intra-EU acquisition, 19 %), 9 (input VAT 19 %); money on the bank, 1200.
        #expect(read.bookings == [
            B(cents: 3566, sh: "S", wkz: "EUR", konto: "10000", gegenkonto: "8300", bu: "", datum: "0203", beleg: "INV-0001", text: acme + "Rechnung INV-0001"),
            B(cents: 11900, sh: "S", wkz: "EUR", konto: "10000", gegenkonto: "8400", bu: "", datum: "0203", beleg: "INV-0001", text: acme + "Rechnung INV-0001"),
            B(cents: 330000, sh: "H", wkz: "EUR", konto: "70000", gegenkonto: "4900", bu: "94", datum: "0303", beleg: "FR-1", text: "Paris-Cloud, Eingangsrechnung FR-1"),
            B(cents: 100000, sh: "H", wkz: "EUR", konto: "70001", gegenkonto: "4900", bu: "19", datum: "0403", beleg: "AT-1", text: "Wien-Parts, Eingangsrechnung AT-1"),
            B(cents: 100000, sh: "S", wkz: "EUR", konto: "10001", gegenkonto: "8336", bu: "", datum: "0503", beleg: "INV-0002", text: "Paris SARL, Rechnung INV-0002"),
            B(cents: 50000, sh: "S", wkz: "EUR", konto: "10002", gegenkonto: "8125", bu: "", datum: "0603", beleg: "INV-0003", text: "Wien GmbH, Rechnung INV-0003"),
            B(cents: 23800, sh: "H", wkz: "EUR", konto: "70002", gegenkonto: "4930", bu: "9", datum: "0703", beleg: "DE-1", text: "Papier, Eingangsrechnung DE-1"),
            B(cents: 5000, sh: "S", wkz: "EUR", konto: "1200", gegenkonto: "10000", bu: "", datum: "1004", beleg: "INV-0001", text: acme + "Zahlung zu INV-0001"),
            B(cents: 10466, sh: "S", wkz: "EUR", konto: "1200", gegenkonto: "10000", bu: "", datum: "0205", beleg: "INV-0001", text: acme + "Zahlung zu INV-0001"),
        ])
        // What DATEV derives from the gross amounts is the return's VAT: 119.00 x 19/119 = 19.00,
        // 35.66 x 7/107 = 2.3329 -> 2.33, § 13b 3,300.00 x 19 % = 627.00 owed and deducted.
        let figures = VATReturn(book: book, period: Period("2026")!, purchases: purchases).sections[0]
        func derived(_ gross: Int64, _ percent: Int64) -> Int64 { (gross * percent * 2 + (100 + percent)) / (2 * (100 + percent)) }
        #expect(derived(-read.balances["8400"]!, 19) == 1900 && figures.sales.first { $0.taxRate.rate.description == "19%" }?.tax == 1900)
        #expect(derived(-read.balances["8300"]!, 7) == 233 && figures.sales.first { $0.taxRate.rate.description == "7%" }?.tax == 233)
        // Every account's balance is the journal's: the clients' and suppliers' accounts, the bank.
        let balances = try JournalAccountsTests.hledgerBalances(journal.render(.hledger))
        #expect(read.balances["10000"] == 0 && balances["Assets:Receivable:Acme"] == nil)
        #expect(read.balances["10001"] == balances["Assets:Receivable:Paris"]?["EUR"] && read.balances["10001"] == 100000)
        #expect(read.balances["10002"] == balances["Assets:Receivable:Wien"]?["EUR"] && read.balances["10002"] == 50000)
        #expect(read.balances["70000"] == balances["Liabilities:Payable:Paris-Cloud"]?["EUR"] && read.balances["70000"] == -330000)
        #expect(read.balances["70002"] == balances["Liabilities:Payable:Papier"]?["EUR"] && read.balances["70002"] == -23800)
        #expect(read.balances["1200"] == balances["Assets:Bank"]?["EUR"] && read.balances["1200"] == 15466)
        #expect(read.balances["4900"] == 430000 && read.balances["4930"] == 23800)
        #expect(read.balances.values.reduce(0, +) == 0)
    }

    @Test func utf8AndSKR04AndAPeriod() throws {
        let book = try Self.book(Self.settings.replacingOccurrences(of: "chart: SKR03", with: "chart: SKR04, encoding: utf-8"))
        let purchases = Purchases(book: book)
        let bytes = try DATEVExport(journal: Journal(book: book, purchases: purchases), book: book, purchases: purchases, period: Period("2026-Q2")!).render()
        let read = try Self.read(bytes)
        #expect(read.bom && read.header[26] == "04" && read.header[14] == "20260401" && read.header[15] == "20260630")
        // Only the two payments of the second quarter, on SKR04's bank account 1800.
        #expect(read.bookings.map { "\($0.konto) \($0.sh) \($0.cents) \($0.gegenkonto)" } == ["1800 S 5000 10000", "1800 S 10466 10000"])
        #expect(read.bookings[0].text.hasPrefix("Bäckerei \"Müller\""))
    }

    @Test func whatDATEVCannotTakeIsRefused() throws {
        let book = try Self.book()
        var foreign = book
        foreign.received = ReceivedLedger(purchases: [JournalAccountsTests.purchase("US-1", from: "us", issued: "2026-03-05", currency: "USD", category: "AE",
                                                                                     rate: "0%", taxable: "500.00", tax: "0.00")],
                                          suppliers: ["us": JournalAccountsTests.supplier("us", "US1")])
        func problem(_ book: Book, _ period: Period?) -> String? {
            let purchases = Purchases(book: book)
            do {
                _ = try DATEVExport(journal: Journal(book: book, purchases: purchases), book: book, purchases: purchases, period: period)
                return nil
            } catch { return error.description }
        }
        #expect(problem(foreign, nil)?.contains("US-1") == true && problem(foreign, nil)?.contains("euros only") == true)
        // Without `ledger: datev:` the CLI says what to add; a batch is one fiscal year.
        let test = TestBook(Self.files, settings: Self.settings.replacingOccurrences(of: "ledger:\n  datev: { consultant: 4711, client: 12345, chart: SKR03, fiscal_year_start: 01-01 }\n", with: ""),
                            clients: Self.clients)
        defer { test.remove() }
        let missing = try Ledger.invoic(["export-journal", "-C", test.root, "--format", "datev"])
        #expect(missing.status == 2 && missing.stderr.contains("ledger: datev:"), "\(missing.stderr)")
        test.write("invoic.yaml", Self.settings.replacingOccurrences(of: "fiscal_year_start: 01-01", with: "fiscal_year_start: 04-01"))
        let split = try Ledger.invoic(["export-journal", "-C", test.root, "--format", "datev"])
        #expect(split.status == 2 && split.stderr.contains("one: pass --period"), "\(split.stderr)")
        let written = try Ledger.invoic(["export-journal", "-C", test.root, "--format", "datev", "--period", "2026-Q2"])
        #expect(written.status == 0 && written.stderr.isEmpty, "\(written.stderr)")
        // A wrong number is a diagnostic at its line.
        test.write("invoic.yaml", Self.settings.replacingOccurrences(of: "consultant: 4711", with: "consultant: 12"))
        let wrong = try Ledger.invoic(["check", "-C", test.root])
        let said = wrong.stdout + wrong.stderr
        #expect(wrong.status == 1 && said.contains("invoic.yaml:4:") && said.contains("Beraternummer"), "\(said)")
    }
}
