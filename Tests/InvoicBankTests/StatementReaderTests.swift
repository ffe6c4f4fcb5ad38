import Foundation
@testable import InvoicBank
import InvoicBook
import InvoicMoney
import Testing

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/bank")

func read(_ text: String, layout: BankLayout? = nil, file: String = "statement") throws(StatementError) -> [BankTransaction] {
    try StatementReader.read(Data(text.utf8), file: file, layout: layout)
}

func readError(_ text: String, layout: BankLayout? = nil) -> String {
    do {
        _ = try read(text, layout: layout)
        return "no error"
    } catch {
        return error.description
    }
}

/// Each statement format read into the same transactions: camt.053/054 of several versions,
/// MT940 with German and SWIFT-coded texts, CSV through a layout; and broken input at its line.
@Suite struct StatementReaderTests {
    @Test func aCamt053StatementWithBatchesReversalsAndPendingEntries() throws {
        let transactions = try StatementReader.read(path: fixtures.appendingPathComponent("studio-2026-11.camt053.xml").path, displayName: "s.xml", layout: nil)
        #expect(transactions.count == 9, "the batch booking gives two")
        let first = transactions[0]
        #expect(first.date == Day("2026-11-23") && first.amount == 2550_00 && first.currency.code == "EUR" && first.direction == .credit)
        #expect(first.reference == "20261123-0001" && first.counterparty == "NORDLICHT AGENTUR GMBH" && first.counterpartyIBAN == "DE89370400440532013000")
        #expect(first.remittance == "Rechnung inv 2026/011 vom 21.11.", "\(first.line)")
        #expect(first.line == 20 && first.endToEndID == nil, "NOTPROVIDED is no id")
        #expect(transactions[1].structuredReference == "RF15INV2026008" && transactions[1].amount == 797_60, "the entry's amount when the details have none")
        #expect(transactions[2].reference == "20261124-0007-A" && transactions[2].amount == 1800_00)
        #expect(transactions[3].reference == "20261124-0007-B" && transactions[3].amount == 2790_00 && transactions[3].counterparty == "Landeshauptkasse Bremen")
        #expect(transactions[6].isReversal && transactions[6].direction == .debit && transactions[6].endToEndID == "E2E-5511")
        #expect(!transactions[7].isBooked && transactions[7].date == Day("2026-11-26"), "pending, dated by its value date")
        #expect(transactions[8].direction == .debit && transactions[8].counterparty == "Hausverwaltung Gruber", "the creditor of money going out")
    }

    /// camt.053.001.02 writes parties without `Pty`, amounts in `AmtDtls` and the status as text;
    /// camt.054 notifies with `Ntfctn`. Elements are found by local name in any namespace prefix.
    @Test func olderVersionsAndNotificationsReadTheSame() throws {
        let v02 = try read("""
            <?xml version="1.0"?>
            <c:Document xmlns:c="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><c:BkToCstmrStmt><c:Stmt>
            <c:Acct><c:Id><c:IBAN>DE02120300000000202051</c:IBAN></c:Id><c:Ccy>EUR</c:Ccy></c:Acct>
            <c:Ntry><c:Amt Ccy="EUR">120.50</c:Amt><c:CdtDbtInd>CRDT</c:CdtDbtInd><c:Sts>BOOK</c:Sts>
            <c:BookgDt><c:DtTm>2026-03-04T09:00:00</c:DtTm></c:BookgDt><c:NtryRef>N-77</c:NtryRef>
            <c:NtryDtls><c:TxDtls><c:AmtDtls><c:TxAmt><c:Amt Ccy="EUR">120.50</c:Amt></c:TxAmt></c:AmtDtls>
            <c:RltdPties><c:Dbtr><c:Nm>Acme Corp</c:Nm></c:Dbtr></c:RltdPties>
            <c:RmtInf><c:Ustrd>INV-0007</c:Ustrd><c:Ustrd>thanks</c:Ustrd></c:RmtInf></c:TxDtls></c:NtryDtls></c:Ntry>
            </c:Stmt></c:BkToCstmrStmt></c:Document>
            """)
        #expect(v02.count == 1)
        #expect(v02[0].amount == 120_50 && v02[0].date == Day("2026-03-04") && v02[0].counterparty == "Acme Corp")
        #expect(v02[0].remittance == "INV-0007 thanks" && v02[0].reference == "N-77" && v02[0].isBooked)
        let v054 = try read("""
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.04"><BkToCstmrDbtCdtNtfctn><Ntfctn>
            <Ntry><Amt Ccy="CHF">50.05</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><ValDt><Dt>2026-05-02</Dt></ValDt>
            <NtryDtls><TxDtls><Refs><AcctSvcrRef>Q-1</AcctSvcrRef></Refs><RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp>
            <Ref>000000000000000000000000075</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>
            </Ntfctn></BkToCstmrDbtCdtNtfctn></Document>
            """)
        #expect(v054.count == 1 && v054[0].currency.code == "CHF" && v054[0].amount == 50_05)
        #expect(v054[0].structuredReference == "000000000000000000000000075" && v054[0].reference == "Q-1" && v054[0].remittance.isEmpty)
    }

    @Test func brokenXMLIsReportedAtItsLine() {
        #expect(readError("<Document>\n<BkToCstmrStmt>\n<Stmt></Ntry>\n") == "statement:3:9: error: the statement is not well-formed XML: an end tag does not match its start tag\n  help: export it again from the bank; a statement edited by hand must stay valid XML")
        #expect(readError("<Document><Other/></Document>").hasPrefix("statement:1: error: `Document` is not a camt.053 statement"))
        #expect(readError("""
            <Document><BkToCstmrStmt><Stmt>
            <Ntry><Amt Ccy="EUR">12,50</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-01-02</Dt></BookgDt></Ntry>
            </Stmt></BkToCstmrStmt></Document>
            """).hasPrefix("statement:2: error: `12,50` is not an amount in EUR"))
        #expect(readError("""
            <Document><BkToCstmrStmt><Stmt>
            <Ntry><Amt Ccy="XXY">12.50</Amt><CdtDbtInd>CRDT</CdtDbtInd></Ntry>
            </Stmt></BkToCstmrStmt></Document>
            """).hasPrefix("statement:2: error: `XXY` is not a currency code"))
        #expect(readError("").hasPrefix("statement: error: the statement is empty"))
        #expect(readError("<Document>\n<BkToCstmrStmt>\n<Stmt>\n<Ntry><Amt Ccy=\"EUR\">12.5").hasPrefix("statement:4: error: the statement ends inside `Amt` (opened at line 4): the file is cut off"))
        #expect(readError("<Document>\n<BkToCstmrStmt><Stmt><Ntry><AddtlNtryInf>Smith &amp; Jones &co;</AddtlNtryInf>").hasPrefix(
            "statement:2:60: error: the statement is not well-formed XML: an entity that is not declared (write & as &amp;)"))
        // A document type with an entity that expands a billion times is refused, not expanded:
        // no statement has a DTD, so none is read (InvoicXML's one expat setup, as the inbox's).
        let laughs = "<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY a \"aaaaaaaaaa\">" + (1...9).map { "<!ENTITY \(Character(UnicodeScalar(97 + $0)!)) \"" + String(repeating: "&\(Character(UnicodeScalar(96 + $0)!));", count: 10) + "\">" }.joined() + "]><Document>&j;</Document>"
        #expect(readError(laughs).hasPrefix("statement:1: error: the statement declares a DOCTYPE (a DTD): bank statements have none"))
    }

    @Test func anMT940StatementWithGermanSubfieldsReversalsAndRefunds() throws {
        let transactions = try StatementReader.read(path: fixtures.appendingPathComponent("studio-2026-11.mt940").path, displayName: "s.sta", layout: nil)
        #expect(transactions.count == 5)
        let first = transactions[0]
        #expect(first.date == Day("2026-11-23") && first.amount == 2550_00 && first.direction == .credit && first.line == 5)
        #expect(first.reference == "20261123-0001" && first.counterparty == "NORDLICHT AGENTUR GMBH" && first.counterpartyIBAN == "DE89370400440532013000")
        #expect(first.remittance == "RE INV-2026-011 DANKE", "the SVWZ+ text, its 27-character lines joined")
        #expect(transactions[3].isReversal && transactions[3].direction == .debit, "RC takes a credit back")
        #expect(transactions[4].direction == .debit && transactions[4].amount == 277_50 && transactions[4].reference.hasPrefix("invoic-"), "NONREF: a reference made from the booking")
    }

    @Test func mt940WithSwiftCodesAndABookingDateAcrossNewYear() throws {
        let transactions = try read("""
            :20:940S261231
            :25:NL91ABNA0417164300
            :28C:1/1
            :60F:C261230EUR0,00
            :61:2612310102RDR75,25N078NONREF
            :86:/TRTP/SEPA OVERBOEKING/IBAN/NL20INGB0001234567/BIC/INGBNL2A/NAME/J. de Vries/REMI/USTD//factuur 2026 44/EREF/NOTPROVIDED
            :62F:C270102EUR75,25
            -
            """)
        #expect(transactions.count == 1)
        #expect(transactions[0].date == Day("2027-01-02") && transactions[0].direction == .credit && transactions[0].isReversal, "RD: a debit coming back")
        #expect(transactions[0].counterparty == "J. de Vries" && transactions[0].counterpartyIBAN == "NL20INGB0001234567")
        #expect(transactions[0].remittance.contains("factuur 2026 44"))
        #expect(readError(":20:X\n:25:Y\n:60F:C261230EUR0,00\n:61:26123X\n").hasPrefix("statement:4: error: `:61:26123X` is not an MT940 booking line"))
        #expect(readError(":20:X\n:25:Y\n:61:2612311231C1,00NTRFNONREF\n").hasPrefix("statement:3: error: a booking before the opening balance"))
    }

    static func layout(_ columns: [String: BankLayout.Column], decimalComma: Bool = false, delimiter: Character = ",", format: String = "YYYY-MM-DD",
                       currency: String? = "EUR", marker: String? = nil, header: Bool = true) -> BankLayout {
        var layout = BankLayout()
        layout.columns = columns
        layout.decimalComma = decimalComma
        layout.delimiter = delimiter
        layout.dateFormat = format
        layout.currency = currency.flatMap(Currency.named)
        layout.creditMarker = marker
        layout.hasHeader = header
        return layout
    }

    @Test func aGermanCSVInWindows1252WithQuotedLinesAndAPreamble() throws {
        var layout = Self.layout(["date": .named("Buchungstag"), "counterparty": .named("Auftraggeber/Empfänger"), "iban": .named("iban"),
                                  "remittance": .named("Verwendungszweck"), "amount": .named("Betrag"), "currency": .named("Währung")],
                                 decimalComma: true, delimiter: ";", format: "DD.MM.YYYY", currency: nil)
        layout.skip = 4
        layout.encoding = .windows1252
        let transactions = try StatementReader.read(path: fixtures.appendingPathComponent("studio-2026-11.csv").path, displayName: "s.csv", layout: layout)
        #expect(transactions.map(\.amount) == [2550_00, 500_00, 797_60, 1450_00])
        #expect(transactions.map(\.direction) == [.credit, .credit, .credit, .debit])
        #expect(transactions.map(\.line) == [6, 7, 9, 10], "a quoted field over two lines")
        #expect(transactions[1].remittance == "Zahlung \"INV-2026-009\" Rest folgt" && transactions[1].counterparty == "Kaffeerösterei Aumüller GmbH")
        #expect(Set(transactions.map(\.reference)).count == 4 && transactions.allSatisfy { $0.reference.hasPrefix("invoic-") })
        let again = try StatementReader.read(path: fixtures.appendingPathComponent("studio-2026-11.csv").path, displayName: "s.csv", layout: layout)
        #expect(again.map(\.reference) == transactions.map(\.reference), "the same references every time the file is read")
    }

    @Test func creditAndDebitColumnsAndDirectionMarkers() throws {
        let twoColumns = try read("Date,Details,Paid in,Paid out\n03/11/2026,INV-0001,\"1,250.00\",\n04/11/2026,Rent,,900.00\n",
                                  layout: Self.layout(["date": .named("Date"), "remittance": .named("Details"), "credit": .named("Paid in"), "debit": .named("Paid out")],
                                                      format: "DD/MM/YYYY", currency: "GBP"))
        #expect(twoColumns.map(\.amount) == [1250_00, 900_00] && twoColumns.map(\.direction) == [.credit, .debit])
        #expect(twoColumns[0].date == Day("2026-11-03") && twoColumns[0].currency.code == "GBP")
        let marked = try read("20261103;100,00;H;INV-1\n20261104;20,00;S;fee\n",
                              layout: Self.layout(["date": .numbered(1), "amount": .numbered(2), "direction": .numbered(3), "remittance": .numbered(4)],
                                                  decimalComma: true, delimiter: ";", format: "YYYYMMDD", marker: "H", header: false))
        #expect(marked.map(\.direction) == [.credit, .debit] && marked[0].date == Day("2026-11-03") && marked[0].line == 1)
    }

    @Test func badCSVRowsAreReportedAtTheirLineAndColumn() {
        let layout = Self.layout(["date": .named("date"), "amount": .named("amount")])
        #expect(readError("date,amount\n2026-11-03,12.5.0\n", layout: layout).hasPrefix("statement:2:2: error: `12.5.0` is not an amount in EUR"))
        #expect(readError("date,amount\n2026-11-03,1.234\n", layout: layout).hasPrefix("statement:2:2: error: `1.234` is not an amount in EUR"), "three decimals in EUR")
        #expect(readError("date,amount\n3.11.2026,12.50\n", layout: layout).hasPrefix("statement:2:1: error: `3.11.2026` is not a date in the form YYYY-MM-DD"))
        #expect(readError("datum,amount\n", layout: layout).hasPrefix("statement:1: error: the header row has no column `date`"))
        #expect(readError("date,amount\n\"2026-11-03,12.50\n", layout: layout).hasPrefix("statement:2: error: a quoted field is never closed"))
        #expect(readError("date,amount\n2026-11-03,12.50\n").hasPrefix("statement:1: error: this looks like a CSV statement, and invoic.yaml has no `bank:` layout"))
    }

    @Test func amountsAreReadExactlyWithTheirSign() {
        let eur = Currency.named("EUR")!
        #expect(BankAmount.parse("1.234,56", decimalComma: true, currency: eur)?.amount == 1234_56)
        #expect(BankAmount.parse("1,234.56", decimalComma: false, currency: eur)?.amount == 1234_56)
        #expect(BankAmount.parse("150,00-", decimalComma: true, currency: eur)?.sign == .negative)
        #expect(BankAmount.parse("(12.00)", decimalComma: false, currency: eur)?.sign == .negative)
        #expect(BankAmount.parse("1.5", decimalComma: true, currency: eur) == nil, "a grouping mark that groups no thousands")
        #expect(BankAmount.parse("0.10", decimalComma: false, currency: Currency.named("JPY")!) == nil)
        #expect(BankAmount.parse("99999999999999999999.00", decimalComma: false, currency: eur) == nil)
    }
}
