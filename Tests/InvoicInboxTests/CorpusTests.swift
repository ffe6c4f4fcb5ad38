import Foundation
@testable import InvoicInbox
import InvoicBook
import InvoicMoney
import Testing

/// What other producers' documents taught: each test is a document (or one changed by a figure)
/// that invoic read or judged wrongly before, and that the official validator accepts.
@Suite struct CorpusTests {
    static func edited(_ name: String, _ changes: [(String, String)]) throws -> ReceivedDocument {
        var text = String(decoding: try fixture(name), as: UTF8.self)
        for (old, new) in changes {
            #expect(text.contains(old), "\(name) has \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return try EInvoiceReader.read(Array(text.utf8))
    }

    /// Factur-X EXTENDED sub-invoice lines (Mustang's example): a GROUP line is the subtotal of
    /// its DETAIL lines, so BT-106 and the tax group add up the DETAIL lines only.
    @Test func subInvoiceLinesAreNotCountedTwice() throws {
        let document = try readOne("mustang-extended-subinvoicelines.xml")
        #expect(ReceivedInvoice(document).profile == "EXTENDED")
        let groups = document.lines.filter { $0.status == "GROUP" }
        #expect(groups.map(\.id) == ["01", "02"])
        #expect(groups.allSatisfy { !$0.countsInTotals })
        #expect(document.lines.filter { $0.parentID == "01" }.map(\.id) == ["0101", "0102"])
        #expect(Findings.check(document).map(\.rule) == [])
        // A DETAIL line off by a unit breaks BT-106's sum and the S group's taxable amount: the
        // Factur-X schematron's CII BR-S-08 compares the rounded sums exactly (no ±1; its EXTENDED
        // profile reports the two as BR-FXEXT-CO-10 and BR-FXEXT-S08b, fatal, as einvoice-check
        // says of this very edit).
        let broken = try Self.edited("mustang-extended-subinvoicelines.xml", [("<ram:LineTotalAmount>600.00</ram:LineTotalAmount>", "<ram:LineTotalAmount>601.00</ram:LineTotalAmount>")])
        #expect(Findings.check(broken).map(\.rule) == ["BR-CO-10", "BR-S-08"])
        let past = try Self.edited("mustang-extended-subinvoicelines.xml", [("<ram:LineTotalAmount>600.00</ram:LineTotalAmount>", "<ram:LineTotalAmount>601.01</ram:LineTotalAmount>")])
        #expect(Findings.check(past).map(\.rule) == ["BR-CO-10", "BR-S-08"])
    }

    /// XRechnung's extension adds third-party payments (BT-DEX-002) to the amount due: KoSIT's
    /// business case keeps BR-DEX-09, which replaces BR-CO-16; a cent off breaks it.
    @Test func thirdPartyPaymentsAreInTheAmountDue() throws {
        let document = try readOne("xrechnung-extension-05.01a-INVOICE_ubl.xml")
        #expect(ReceivedInvoice(document).isXRechnungExtension)
        #expect(document.totals.thirdPartyPaid?.plain == "29.96")
        #expect(Findings.check(document).map(\.rule) == [])
        let broken = try Self.edited("xrechnung-extension-05.01a-INVOICE_ubl.xml", [("<cbc:PayableAmount currencyID=\"EUR\">366.86</cbc:PayableAmount>", "<cbc:PayableAmount currencyID=\"EUR\">366.87</cbc:PayableAmount>")])
        #expect(Findings.check(broken).map(\.rule) == ["BR-DEX-09"])
        // Outside the extension a cac:PrepaidPayment is no part of BT-115 (BR-CO-16 as CEN has it).
        let plain = try Self.edited("xrechnung-extension-05.01a-INVOICE_ubl.xml", [("#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0", "")])
        #expect(Findings.check(plain).map(\.rule) == ["BR-CO-16"])
    }

    /// BR-CO-17 as CEN's schematron tests it: a group's tax a cent off its taxable amount x rate
    /// (tax added up per line) keeps the rule. A whole unit off: the Factur-X schematron's CII
    /// BR-CO-17 admits exactly one unit (<=), its BR-S-09 does not (<), so CII breaks BR-S-09 only
    /// (einvoice-check: `fatal BR-S-09`, nothing else); CEN's UBL BR-CO-17 is strict (<).
    @Test func aGroupTaxWithinAUnitKeepsBRCO17() throws {
        let cent = try Self.edited("CII_example1.xml", [
            ("<ram:CalculatedAmount>10.99</ram:CalculatedAmount>", "<ram:CalculatedAmount>11.00</ram:CalculatedAmount>"),
            ("<ram:TaxTotalAmount currencyID=\"EUR\">20.73</ram:TaxTotalAmount>", "<ram:TaxTotalAmount currencyID=\"EUR\">20.74</ram:TaxTotalAmount>"),
            ("<ram:GrandTotalAmount>250.33</ram:GrandTotalAmount>", "<ram:GrandTotalAmount>250.34</ram:GrandTotalAmount>"),
            ("<ram:DuePayableAmount>250.33</ram:DuePayableAmount>", "<ram:DuePayableAmount>250.34</ram:DuePayableAmount>"),
        ])
        #expect(Findings.check(cent).map(\.rule) == [])
        let unit = try Self.edited("CII_example1.xml", [
            ("<ram:CalculatedAmount>10.99</ram:CalculatedAmount>", "<ram:CalculatedAmount>11.99</ram:CalculatedAmount>"),
            ("<ram:TaxTotalAmount currencyID=\"EUR\">20.73</ram:TaxTotalAmount>", "<ram:TaxTotalAmount currencyID=\"EUR\">21.73</ram:TaxTotalAmount>"),
            ("<ram:GrandTotalAmount>250.33</ram:GrandTotalAmount>", "<ram:GrandTotalAmount>251.33</ram:GrandTotalAmount>"),
            ("<ram:DuePayableAmount>250.33</ram:DuePayableAmount>", "<ram:DuePayableAmount>251.33</ram:DuePayableAmount>"),
        ])
        #expect(Findings.check(unit).map(\.rule) == ["BR-S-09"])
        #expect(Findings.withinTolerance(Money(1100, try #require(Currency.named("EUR"))), 1000, inclusive: true))
        #expect(Findings.withinTolerance(Money(1099, try #require(Currency.named("EUR"))), 1000))
        #expect(!Findings.withinTolerance(Money(1100, try #require(Currency.named("EUR"))), 1000))
    }

    /// CEN's rules do not fire BR-CO-25 on a UBL CreditNote; the Factur-X rules still do on a CII
    /// credit note, and on every invoice.
    @Test func bRCO25IsNotAppliedToUBLCreditNotes() throws {
        #expect(Findings.check(try readOne("ubl-tc434-creditnote1.xml")).map(\.rule) == [])
        let ciiCredit = try Self.edited("CII_example1.xml", [
            ("<ram:TypeCode>380</ram:TypeCode>", "<ram:TypeCode>381</ram:TypeCode>"),
            ("<ram:DueDateDateTime><udt:DateTimeString format=\"102\">20150109</udt:DateTimeString></ram:DueDateDateTime>", ""),
        ])
        #expect(ciiCredit.kind == .creditNote)
        #expect(Findings.check(ciiCredit).map(\.rule) == ["BR-CO-25"])
    }

    /// Windows-1252 and ISO-8859-15 (Latin-9), which some writers declare and expat does not know
    /// by itself: read with their euro sign and umlauts; an encoding nobody maps stays refused.
    @Test func singleByteEncodingsBeyondExpatsOwnAreRead() throws {
        let text = String(decoding: try fixture("ubl-tc434-example1.xml"), as: UTF8.self)
            .replacingOccurrences(of: "<cbc:RegistrationName>De Koksmaat</cbc:RegistrationName>", with: "<cbc:RegistrationName>Küche € „Œuvre“</cbc:RegistrationName>")
        func encoded(_ name: String, _ high: [Character: UInt8]) -> [UInt8] {
            text.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"\(name)\"").flatMap { character -> [UInt8] in
                character.isASCII ? Array(character.utf8) : [high[character] ?? UInt8(ascii: "?")]
            }
        }
        let cp1252 = try EInvoiceReader.read(encoded("windows-1252", ["ü": 0xFC, "€": 0x80, "„": 0x84, "Œ": 0x8C, "“": 0x93]))
        #expect(cp1252.seller.name == "Küche € „Œuvre“")
        let latin9 = try EInvoiceReader.read(encoded("ISO-8859-15", ["ü": 0xFC, "€": 0xA4, "„": UInt8(ascii: "\""), "Œ": 0xBC, "“": UInt8(ascii: "\"")]))
        #expect(latin9.seller.name == "Küche € \"Œuvre\"")
        #expect(HostileTests.refusal(encoded("x-unheard-of", [:]))?.contains("unknown encoding") == true)
    }

    /// FeRD's drafts before ZUGFeRD 1.0 (Mustang's 2014 samples) have a root `Invoice` in their
    /// own namespace: refused by what it is, not read as a UBL invoice without a number.
    @Test func aForeignInvoiceRootIsRefusedByItsNamespace() {
        let draft = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rsm:Invoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CBFBUY:5"><rsm:HeaderExchangedDocument><ID>RE-1</ID></rsm:HeaderExchangedDocument></rsm:Invoice>
            """
        let message = HostileTests.refusal(Array(draft.utf8))
        #expect(message?.contains("urn:un:unece:uncefact:data:standard:CBFBUY:5") == true, "\(message ?? "read")")
        #expect(message?.contains("lacks") == false)
        // The same root in UBL's namespace, with a prefix, is read as UBL.
        let prefixed = "<ubl:Invoice xmlns:ubl=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\"><ubl:ID>1</ubl:ID></ubl:Invoice>"
        #expect(HostileTests.refusal(Array(prefixed.utf8))?.contains("lacks its issue date") == true)
    }
}
