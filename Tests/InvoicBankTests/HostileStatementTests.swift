import Foundation
@testable import InvoicBank
import InvoicBook
import InvoicDiagnostics
import InvoicMoney
import Testing

/// Statements made to hurt: nesting that once crashed the reader, text that would drive the
/// terminal, dates and encodings that were misread, and the same booking in two overlapping files.
@Suite struct HostileStatementTests {
    static func csvLayout(format: String = "DD.MM.YYYY") -> BankLayout {
        var layout = BankLayout()
        layout.columns = ["date": .named("date"), "amount": .named("amount"), "remittance": .named("text")]
        layout.dateFormat = format
        layout.currency = Currency.named("EUR")
        return layout
    }

    @Test func aDeeplyNestedCamtStatementIsRefusedNotACrash() {
        // 40,000 levels (about 280 KB) once overflowed the stack when the tree was freed (exit 139).
        let depth = 40_000
        let deep = "<Document>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</Document>"
        #expect(readError(deep) == "statement:1: error: the statement nests elements more than 100 deep\n  help: a bank's statement nests about fifteen deep: this file is not one; export it again")
        #expect(readError("<Document>" + String(repeating: "<a>", count: depth)).contains("nests elements more than 100 deep"), "cut off as well")
        let fine = "<Document><BkToCstmrStmt><Stmt>" + String(repeating: "<x>", count: 90) + String(repeating: "</x>", count: 90) + "</Stmt></BkToCstmrStmt></Document>"
        #expect((try? read(fine))?.isEmpty == true, "90 levels are read")
    }

    @Test func aDateIsReadOnlyInTheWidthsItsFormatGives() throws {
        #expect(readError("date,amount,text\n23.11.26,10.00,x\n", layout: Self.csvLayout()).hasPrefix("statement:2:1: error: `23.11.26` is not a date in the form DD.MM.YYYY"))
        #expect(readError("date,amount,text\n23.11.2026,10.00,x\n", layout: Self.csvLayout(format: "DD.MM.YY")).hasPrefix("statement:2:1: error: `23.11.2026` is not a date in the form DD.MM.YY"))
        #expect(readError("date,amount,text\n123.11.2026,10.00,x\n", layout: Self.csvLayout()).hasPrefix("statement:2:1: error: `123.11.2026` is not a date"))
        #expect(try read("date,amount,text\n3.11.2026,10.00,x\n", layout: Self.csvLayout()).first?.date == Day("2026-11-03"), "a day without its leading zero")
        #expect(try read("date,amount,text\n23.11.26,10.00,x\n", layout: Self.csvLayout(format: "DD.MM.YY")).first?.date == Day("2026-11-23"))
    }

    static func utf16(_ text: String, bigEndian: Bool, bom: Bool = true) -> Data {
        var data = Data(bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : [])
        for unit in text.utf16 {
            data.append(contentsOf: bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)])
        }
        return data
    }

    @Test func utf16StatementsAreDecodedByTheirByteOrderMark() throws {
        let csv = "date,amount,text\r\n23.11.2026,\"1,250.00\",Zahlung INV-0001 Müller\r\n"
        for bigEndian in [false, true] {
            let transactions = try StatementReader.read(Self.utf16(csv, bigEndian: bigEndian), file: "s.csv", layout: Self.csvLayout())
            #expect(transactions.count == 1 && transactions[0].amount == 1250_00 && transactions[0].remittance == "Zahlung INV-0001 Müller", "big endian: \(bigEndian)")
        }
        let mt940 = ":20:X\r\n:25:Y\r\n:60F:C261101EUR0,00\r\n:61:2611231123C10,00NTRFNONREF//B1\r\n:86:INV-0001\r\n"
        #expect(try StatementReader.read(Self.utf16(mt940, bigEndian: false), file: "s.sta", layout: nil).first?.reference == "B1")
        let camt = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><Document><BkToCstmrStmt><Stmt><Ntry><Amt Ccy=\"EUR\">5.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-23</Dt></BookgDt><AcctSvcrRef>C1</AcctSvcrRef></Ntry></Stmt></BkToCstmrStmt></Document>"
        #expect(try StatementReader.read(Self.utf16(camt, bigEndian: true), file: "s.xml", layout: nil).first?.reference == "C1")
        // Without a byte order mark: refused in words, no NUL byte in the message.
        do {
            _ = try StatementReader.read(Self.utf16(csv, bigEndian: false, bom: false), file: "s.csv", layout: Self.csvLayout())
            Issue.record("read")
        } catch {
            #expect(error.description == "s.csv:1: error: the statement holds NUL bytes: it is not text, or UTF-16 without a byte order mark\n  help: export it again as UTF-8 text (or camt.053 XML)")
        }
        var odd = Self.utf16(csv, bigEndian: false)
        odd.removeLast()
        #expect(throws: StatementError.self) { try StatementReader.read(odd, file: "s.csv", layout: Self.csvLayout()) }
    }

    @Test func nothingFromAStatementReachesTheTerminalAsAControl() throws {
        #expect(printable("ACME\u{9B}31mPAID\u{1B}[2J\u{7}") == "ACME\\u{9B}31mPAID\\u{1B}[2J\\u{7}")
        #expect(printable("Müller & Söhne · INV-1") == "Müller & Söhne · INV-1", "ordinary text as it is")
        #expect(printable("abc\u{202E}fed") == "abc\\u{202E}fed", "a bidirectional override")
        do {
            _ = try read("date,amount,text\n23.11.2026,1\u{1B}]0;owned\u{7}0,x\u{9B}\n", layout: Self.csvLayout())
            Issue.record("read")
        } catch {
            #expect(error.printableDescription.hasPrefix("statement:2:2: error: `1\\u{1B}]0;owned\\u{7}0` is not an amount in EUR"))
            #expect(!error.printableDescription.unicodeScalars.contains { isUnprintable($0) && $0 != "\n" })
        }
    }

    @Test func theSameBookingInTwoOverlappingStatementsIsMatchedOnce() throws {
        let book = MatcherTests.book
        func camt(_ file: String) throws -> [BankTransaction] {
            try read("""
                <Document><BkToCstmrStmt><Stmt>
                <Ntry><Amt Ccy="EUR">40.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-23</Dt></BookgDt><AcctSvcrRef>B-77</AcctSvcrRef>
                <NtryDtls><TxDtls><RmtInf><Ustrd>part of INV-0001</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
                <Ntry><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-24</Dt></BookgDt>
                <NtryDtls><TxDtls><RmtInf><Ustrd>more of INV-0001</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
                </Stmt></BkToCstmrStmt></Document>
                """, file: file)
        }
        // A part payment: the twin would fit what is left due, so only its reference tells it apart.
        let results = Matcher(book: book).match(try camt("stmt.xml") + camt("stmt (1).xml"))
        #expect(results.map(\.outcome) == [.matched, .matched, .ignored, .ignored])
        #expect(results[2].message == "the same transaction as at stmt.xml:3 (reference B-77): counted once")
        #expect(results[3].message?.hasPrefix("the same transaction as at stmt.xml:5 (reference invoic-") == true, "a made reference, the same for the same booking")

        let mt940 = ":20:X\n:25:Y\n:60F:C261101EUR0,00\n:61:2611231123C40,00NTRFNONREF//B-78\n:86:INV-0002 teil\n-\n"
        let twice = Matcher(book: book).match(try read(mt940, file: "a.sta") + read(mt940, file: "b.sta"))
        #expect(twice.map(\.outcome) == [.matched, .ignored])
        // A credit of nothing is no payment.
        var zero = MatcherTests.credit(0, "INV-0003")
        zero.reference = "Z-1"
        #expect(Matcher(book: book).match([zero])[0].outcome == .ignored)
    }

    /// Every statement of the hostile corpus is read or refused with a printable message.
    @Test func theHostileCorpusIsReadOrRefused() throws {
        let folder = fixtures.deletingLastPathComponent().appendingPathComponent("hostile/statements")
        var layout = Self.csvLayout()
        layout.columns = ["date": .named("Datum"), "amount": .named("Betrag"), "remittance": .named("Text")]
        layout.delimiter = ";"
        layout.decimalComma = true
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count >= 8)
        var outcomes: [String: String] = [:]
        for name in names {
            do {
                let transactions = try StatementReader.read(path: folder.appendingPathComponent(name).path, displayName: name, layout: layout)
                outcomes[name] = "\(transactions.count)"
            } catch {
                #expect(!error.printableDescription.unicodeScalars.contains { isUnprintable($0) && $0 != "\n" }, "\(name)")
                outcomes[name] = String(error.message.prefix(40))
            }
        }
        #expect(outcomes == [
            "c1-controls.camt.xml": "1", "deep-nesting.camt.xml": "the statement nests elements more than 1",
            "exponent-amount.csv": "`1e400` is not an amount in EUR", "terminal-escape.mt940": "1",
            "utf16be-bom.csv": "`23.11.26` is not a date in the form DD.", "utf16le-bom.csv": "`23.11.26` is not a date in the form DD.",
            "utf16le-no-bom.csv": "the statement holds NUL bytes: it is not", "zero-credit-beside-a-payment.camt.xml": "2",
        ], "\(outcomes)")
    }
}
