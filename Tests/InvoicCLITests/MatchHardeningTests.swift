import Foundation
@testable import InvoicBank
import InvoicAuthoring
import InvoicBook
@testable import InvoicCLI
import InvoicTestSupport
import Testing

/// `invoic match` with statements made to hurt: one booking in two overlapping exports, a credit
/// of nothing beside a real payment, text that would drive the terminal, a UTF-16 file.
@Suite struct MatchHardeningTests {
    static func camt(_ entries: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Document><BkToCstmrStmt><Stmt><Acct><Ccy>EUR</Ccy></Acct>\n" + entries + "</Stmt></BkToCstmrStmt></Document>\n"
    }

    static func entry(_ amount: String, _ text: String, reference: String, payer: String = "NORDLICHT AGENTUR GMBH") -> String {
        """
        <Ntry><Amt Ccy="EUR">\(amount)</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-23</Dt></BookgDt><AcctSvcrRef>\(reference)</AcctSvcrRef>
        <NtryDtls><TxDtls><RltdPties><Dbtr><Nm>\(payer)</Nm></Dbtr></RltdPties><RmtInf><Ustrd>\(text)</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>

        """
    }

    @Test func overlappingStatementsRecordAPartPaymentOnceAndACreditOfNothingStopsNothing() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        let statement = Self.camt(Self.entry("100.00", "Anzahlung INV-2026-011", reference: "P-1") + Self.entry("0.00", "INV-2026-013", reference: "P-2"))
        try statement.write(to: book.appendingPathComponent("stmt.xml"), atomically: true, encoding: .utf8)
        try statement.write(to: book.appendingPathComponent("stmt (1).xml"), atomically: true, encoding: .utf8)
        let apply = try Invoic.run(["match", "--today", "2026-11-25", "--apply", "stmt.xml", "stmt (1).xml"], in: book)
        #expect(apply.status == 0, "\(apply.stdout)\(apply.stderr)")
        #expect(apply.stdout.contains("stmt (1).xml:4: the same transaction as at stmt.xml:4 (reference P-1): counted once"), "\(apply.stdout)")
        #expect(apply.stdout.contains("stmt.xml:6: an amount of 0: nothing to record"), "\(apply.stdout)")
        #expect(apply.stderr.contains("recorded 1 payment in 1 file"), "\(apply.stderr)")
        let invoice = try String(contentsOf: book.appendingPathComponent("invoices/2026/INV-2026-011.yaml"), encoding: .utf8)
        #expect(invoice.components(separatedBy: "reference: ").count == 2 && invoice.contains("payments:\n  - date: 2026-11-23\n    amount: 100.00\n"), "\(invoice)")
        let again = try Invoic.run(["match", "--today", "2026-11-25", "--apply", "stmt (1).xml", "stmt.xml"], in: book)
        #expect(again.status == 0 && again.stderr == "nothing to record\n", "\(again.stdout)\(again.stderr)")
    }

    @Test func aTransactionTheEditRefusesIsReportedAndTheOthersAreRecorded() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        let checked = try BookChecker.check(at: book.path)
        func matched(_ amount: Int64, _ number: String, reference: String) -> MatchResult {
            let document = checked.book.document(number)!
            let transaction = BankTransaction(file: "s.xml", line: 3, date: Day("2026-11-23")!, amount: amount, currency: document.figures!.currency,
                                              direction: .credit, reference: reference, remittance: number)
            return MatchResult(transaction: transaction, outcome: .matched, basis: .number,
                               allocations: [.init(number: number, file: document.file, amount: amount, isRefund: false)])
        }
        // A payment of 0.00 (what an older matcher let through) beside one that fits.
        let outcome = try MatchCommand.changes(recording: [matched(0, "INV-2026-013", reference: "Z"), matched(100_00, "INV-2026-011", reference: "OK")],
                                               in: checked.book, editor: BookEditor(root: book.path))
        #expect(outcome.changes.map(\.path) == ["invoices/2026/INV-2026-011.yaml"])
        #expect(outcome.recorded.map(\.transaction.reference) == ["OK"])
        #expect(outcome.refused.map(\.result.transaction.reference) == ["Z"] && outcome.refused.first?.reason.contains("a payment is more than 0") == true)
    }

    @Test func entriesTheBookWouldRefuseAreReportedAndTheOthersAreRecorded() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        // Paid the day before INV-2026-011 was issued (a check of the book refuses that), a bank
        // reference with U+009B (the YAML would be unreadable), and a payment that fits.
        let early = Self.entry("100.00", "INV-2026-011", reference: "EARLY").replacingOccurrences(of: "2026-11-23", with: "2026-11-20")
        try Self.camt(early + Self.entry("5.00", "INV-2026-008", reference: "C-\u{9B}1") + Self.entry("7.00", "INV-2026-013", reference: "OK-1"))
            .write(to: book.appendingPathComponent("s.xml"), atomically: true, encoding: .utf8)
        let apply = try Invoic.run(["match", "--today", "2026-11-25", "--apply", "s.xml"], in: book)
        #expect(apply.status == 1, "\(apply.stdout)\(apply.stderr)")
        #expect(apply.stderr.contains("s.xml:4: error: 2026-11-20 100.00 EUR is not recorded on INV-2026-011: it would add an error to invoices/2026/INV-2026-011.yaml: "),
                "\(apply.stderr)")
        #expect(apply.stderr.contains("s.xml:6: error: 2026-11-23 5.00 EUR is not recorded on INV-2026-008: its reference `C-\\u{9B}1` holds a control character"), "\(apply.stderr)")
        #expect(apply.stderr.contains("recorded 1 payment in 1 file\nerror: 2 matched transactions not recorded (above); the others are\n"), "\(apply.stderr)")
        #expect(try String(contentsOf: book.appendingPathComponent("invoices/2026/INV-2026-013.yaml"), encoding: .utf8).contains("reference: OK-1"))
        #expect(!(try String(contentsOf: book.appendingPathComponent("invoices/2026/INV-2026-011.yaml"), encoding: .utf8)).contains("EARLY"))
        #expect(try Invoic.run(["check"], in: book).status == 0)
    }

    @Test func controlCharactersFromAStatementNeverReachTheTerminal() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        // U+009B is a one-character CSI to a terminal; XML 1.0 allows it, and ESC is written in MT940 text.
        try Self.camt(Self.entry("5.00", "\u{9B}2J INV-2026-011 \u{202E}gnp.exe", reference: "C-\u{9B}1", payer: "EVIL\u{85}CORP"))
            .write(to: book.appendingPathComponent("c1.xml"), atomically: true, encoding: .utf8)
        try ":20:X\n:25:Y\n:60F:C261101EUR0,00\n:61:2611231123C5,00NTRFNONREF//E1\n:86:\u{1B}]2;pwned\u{7}\u{1B}[31mINV-2026-011\n-\n"
            .write(to: book.appendingPathComponent("esc.sta"), atomically: true, encoding: .utf8)
        for arguments in [["match", "c1.xml", "esc.sta"], ["match", "--json", "c1.xml", "esc.sta"]] {
            let run = try Invoic.run(arguments, in: book)
            #expect(run.status == 0, "\(run.stderr)")
            let output = run.stdout + run.stderr
            #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || (0x80...0x9F).contains($0.value) || $0.value == 0x202E }, "\(arguments)")
            #expect(output.contains(arguments.contains("--json") ? "\\u009b2J" : "\\u{9B}2J"), "\(output)")
        }
        // An unreadable statement's message carries its text escaped too.
        try ":20:X\n:25:Y\n:60F:C261101EUR0,00\n:61:2611231123C5,0\u{9B}0NTRFNONREF//E1\n".write(to: book.appendingPathComponent("bad.sta"), atomically: true, encoding: .utf8)
        let bad = try Invoic.run(["match", "bad.sta"], in: book)
        #expect(bad.status == 1 && bad.stderr.contains("\\u{9B}") && !bad.stderr.unicodeScalars.contains { $0.value == 0x9B }, "\(bad.stderr)")
    }

    @Test func aUTF16StatementIsReadOrRefusedInWords() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        let settings = book.appendingPathComponent("invoic.yaml")
        try (String(contentsOf: settings, encoding: .utf8) + "\nbank:\n  columns: { date: Datum, amount: Betrag, remittance: Text }\n  delimiter: \";\"\n  decimal: comma\n  date_format: DD.MM.YYYY\n  currency: EUR\n")
            .write(to: settings, atomically: true, encoding: .utf8)
        let csv = "Datum;Betrag;Text\r\n23.11.2026;2.550,00;Rechnung INV-2026-011 Müller\r\n"
        var littleEndian = Data([0xFF, 0xFE])
        for unit in csv.utf16 { littleEndian.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        try littleEndian.write(to: book.appendingPathComponent("utf16.csv"))
        let run = try Invoic.run(["match", "utf16.csv"], in: book)
        #expect(run.status == 0 && run.stdout.contains("matched (number)  INV-2026-011  Rechnung INV-2026-011 Müller"), "\(run.stdout)\(run.stderr)")
        try littleEndian.dropFirst(2).write(to: book.appendingPathComponent("nobom.csv"))
        let refused = try Invoic.run(["match", "nobom.csv"], in: book)
        #expect(refused.status == 1 && refused.stderr == "nobom.csv:1: error: the statement holds NUL bytes: it is not text, or UTF-16 without a byte order mark\n  help: export it again as UTF-8 text (or camt.053 XML)\n",
                "\(refused.stderr)")
    }

    /// Issue 38, point 11: one 500.00 part payment on INV-2026-011 (2550.00 due), exported as
    /// camt.053 and as MT940 under two bank references: recorded once, in one run with both files,
    /// and not again by a later run of the other export.
    @Test func aPartPaymentExportedAsCamtAndMT940IsRecordedOnce() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        func credit(_ reference: String) -> ExportedCredit {
            ExportedCredit(date: "2026-11-23", amount: "500.00", payer: "NORDLICHT AGENTUR GMBH", payerIBAN: "DE89370400440532013000",
                           text: "Anzahlung INV-2026-011", reference: reference)
        }
        try ExportedCredit.camt053([credit("20261123-0042")]).write(to: book.appendingPathComponent("nov.xml"), atomically: true, encoding: .utf8)
        try ExportedCredit.mt940([credit("MT-8841-0042")]).write(to: book.appendingPathComponent("nov.sta"), atomically: true, encoding: .utf8)
        let file = book.appendingPathComponent("invoices/2026/INV-2026-011.yaml")
        let before = try String(contentsOf: file, encoding: .utf8)

        let apply = try Invoic.run(["match", "--today", "2026-11-25", "--apply", "nov.sta", "nov.xml"], in: book)
        #expect(apply.status == 0, "\(apply.stdout)\(apply.stderr)")
        #expect(apply.stdout.contains("nov.xml:4: the same transaction as at nov.sta:5 in another export (same account, day, amount, payer's IBAN and text): counted once"),
                "\(apply.stdout)")
        #expect(apply.stderr.contains("recorded 1 payment in 1 file"), "\(apply.stderr)")
        let after = try String(contentsOf: file, encoding: .utf8)
        #expect(after == before + "payments:\n  - date: 2026-11-23\n    amount: 500.00\n    method: bank_transfer\n    reference: MT-8841-0042\n", "\(after)")

        // The camt export alone, later: the book has 500.00 on that day under the MT940's reference.
        let again = try Invoic.run(["match", "--today", "2026-11-25", "--apply", "nov.xml"], in: book)
        #expect(again.status == 0 && again.stderr == "nothing to record\n", "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("nov.xml:4: INV-2026-011 has a payment of 500.00 EUR on 2026-11-23 already (reference MT-8841-0042): "
                                      + "perhaps this transaction in another export; not recorded: if it is another payment, record it with `invoic pay`"), "\(again.stdout)")
        // Both again, the other way round: both known as recorded.
        let both = try Invoic.run(["match", "--today", "2026-11-25", "--apply", "nov.xml", "nov.sta"], in: book)
        #expect(both.status == 0 && both.stderr == "nothing to record\n" && both.stdout.hasSuffix("2 recorded\n"), "\(both.stdout)\(both.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == after, "500.00 recorded once, not 1000.00")
        #expect(try Invoic.run(["check"], in: book).status == 0)
    }

    /// Issue 38, point 12: a matched credit dated before its invoice is refused by `match --apply`
    /// with the reason `invoic pay` gives for the same payment, and exit 1, also when it is the
    /// only transaction (it used to print "recorded 0 payments" and exit 0).
    @Test func aLoneCreditDatedBeforeItsInvoiceIsRefusedWithPaysReason() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        let early = Self.entry("100.00", "INV-2026-011", reference: "EARLY").replacingOccurrences(of: "2026-11-23", with: "2026-11-20")
        try Self.camt(early).write(to: book.appendingPathComponent("s.xml"), atomically: true, encoding: .utf8)
        let file = book.appendingPathComponent("invoices/2026/INV-2026-011.yaml")
        let before = try String(contentsOf: file, encoding: .utf8)
        let reason = "payment date 2026-11-20 is before the issue date 2026-11-21"

        let pay = try Invoic.run(["pay", "INV-2026-011", "--amount", "100.00", "--date", "2026-11-20", "--today", "2026-11-25"], in: book)
        #expect(pay.status == 1 && pay.stderr.contains(reason), "\(pay.stderr)")
        let apply = try Invoic.run(["match", "--today", "2026-11-25", "--apply", "s.xml"], in: book)
        #expect(apply.status == 1, "\(apply.stdout)\(apply.stderr)")
        #expect(apply.stderr.contains("s.xml:4: error: 2026-11-20 100.00 EUR is not recorded on INV-2026-011: it would add an error to invoices/2026/INV-2026-011.yaml: \(reason)"),
                "\(apply.stderr)")
        #expect(apply.stderr.hasSuffix("recorded 0 payments in 0 files\nerror: 1 matched transaction not recorded (above); the others are\n"), "\(apply.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == before)
    }
}
