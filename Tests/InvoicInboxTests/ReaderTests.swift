import Foundation
@testable import InvoicInbox
import InvoicBook
import InvoicMoney
import Testing
import InvoicAuthoring

let receivedFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/received")

func fixture(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: receivedFixtures.appendingPathComponent(name)))
}

func readOne(_ name: String) throws -> ReceivedDocument {
    let documents = try Inbox.read(bytes: try fixture(name), filename: name)
    #expect(documents.count == 1)
    return documents[0].document
}

/// The official examples and other producers' test files, each figure read by hand from the XML
/// (the comments name the elements) and compared to the cent.
@Suite struct ReaderTests {
    struct Expected: Sendable, CustomStringConvertible {
        var file: String
        var number: String
        var kind: ReceivedDocument.Kind
        var currency: String
        var lines: Int
        /// BT-106, BT-109, BT-110, BT-112, BT-113, BT-115 as written in the XML.
        var lineTotal: String?
        var net: String
        var tax: String
        var total: String
        var prepaid: String?
        var payable: String
        /// BT-118, BT-119, BT-116, BT-117 of each group.
        var groups: [String]
        var description: String { file }
    }

    static let expected: [Expected] = [
        Expected(file: "ubl-tc434-example1.xml", number: "12115118", kind: .invoice, currency: "EUR", lines: 20, lineTotal: "229.60", net: "229.60", tax: "20.73",
                 total: "250.33", prepaid: nil, payable: "250.33", groups: ["S 6 183.23 10.99", "S 21 46.37 9.74"]),
        Expected(file: "CII_example1.xml", number: "12115118", kind: .invoice, currency: "EUR", lines: 20, lineTotal: "229.60", net: "229.60", tax: "20.73",
                 total: "250.33", prepaid: nil, payable: "250.33", groups: ["S 6 183.23 10.99", "S 21 46.37 9.74"]),
        Expected(file: "ubl-tc434-example2.xml", number: "TOSL108", kind: .invoice, currency: "NOK", lines: 5, lineTotal: "1436.50", net: "1436.50", tax: "365.28",
                 total: "1801.78", prepaid: "1000.00", payable: "801.78", groups: ["S 25 1460.50 365.13", "S 15 1.00 0.15", "E 0 -25.00 0.00"]),
        Expected(file: "CII_example5.xml", number: "TOSL110", kind: .invoice, currency: "DKK", lines: 3, lineTotal: "4000.00", net: "4000.00", tax: "675.00",
                 total: "4675.00", prepaid: "2337.50", payable: "2337.50", groups: ["S 25 1500.00 375.00", "S 12 2500.00 300.00"]),
        Expected(file: "ubl-tc434-creditnote1.xml", number: "018304 / 28865", kind: .creditNote, currency: "EUR", lines: 1, lineTotal: "100.11", net: "100.11", tax: "0.00",
                 total: "100.11", prepaid: nil, payable: "100.11", groups: ["E 0 100.11 0.00"]),
        Expected(file: "xrechnung-01.01a-INVOICE_ubl.xml", number: "123456XX", kind: .invoice, currency: "EUR", lines: 2, lineTotal: "314.86", net: "314.86", tax: "22.04",
                 total: "336.90", prepaid: nil, payable: "336.90", groups: ["S 7 314.86 22.04"]),
        Expected(file: "xrechnung-01.01a-INVOICE_uncefact.xml", number: "123456XX", kind: .invoice, currency: "EUR", lines: 2, lineTotal: "314.86", net: "314.86", tax: "22.04",
                 total: "336.90", prepaid: nil, payable: "336.90", groups: ["S 7 314.86 22.04"]),
        Expected(file: "xrechnung-02.01a-INVOICE_ubl.xml", number: "1234567", kind: .invoice, currency: "EUR", lines: 2, lineTotal: "10781.25", net: "10781.25", tax: "2048.44",
                 total: "12829.69", prepaid: "0.00", payable: "12829.69", groups: ["S 19 10781.25 2048.44", "E 0 0.00 0.00"]),
        Expected(file: "zugferd-pdf_zf_en16931_1.pdf", number: "471102", kind: .invoice, currency: "EUR", lines: 2, lineTotal: "473.00", net: "473.00", tax: "56.87",
                 total: "529.87", prepaid: "0.00", payable: "529.87", groups: ["S 7 275.00 19.25", "S 19 198.00 37.62"]),
        Expected(file: "zugferd-pdf_zf_xrechnung_1.pdf", number: "471102", kind: .invoice, currency: "EUR", lines: 2, lineTotal: "473.00", net: "473.00", tax: "56.87",
                 total: "529.87", prepaid: "0.00", payable: "529.87", groups: ["S 7 275.00 19.25", "S 19 198.00 37.62"]),
        Expected(file: "zugferd-pdf_zf_extended_1.pdf", number: "KR87654321012", kind: .invoice, currency: "EUR", lines: 5, lineTotal: "410.10", net: "403.55", tax: "76.67",
                 total: "480.22", prepaid: "0.00", payable: "480.22", groups: ["S 19 403.55 76.67"]),
        Expected(file: "zugferd-pdf_fx_minimum_1.pdf", number: "F20220027", kind: .invoice, currency: "EUR", lines: 0, lineTotal: nil, net: "100.00", tax: "10.00",
                 total: "110.00", prepaid: nil, payable: "100.00", groups: []),
        Expected(file: "zugferd-xml_basic_1.xml", number: "471102", kind: .invoice, currency: "EUR", lines: 1, lineTotal: "198.00", net: "198.00", tax: "37.62",
                 total: "235.62", prepaid: nil, payable: "235.62", groups: ["S 19 198.00 37.62"]),
    ]

    @Test(arguments: expected) func figuresToTheCent(_ expected: Expected) throws {
        let document = try readOne(expected.file)
        #expect(document.number == expected.number)
        #expect(document.kind == expected.kind)
        #expect(document.currency.code == expected.currency)
        #expect(document.lines.count == expected.lines)
        #expect(document.totals.lines?.plain == expected.lineTotal)
        #expect(document.totals.net?.plain == expected.net)
        #expect(document.totals.tax?.plain == expected.tax)
        #expect(document.totals.total?.plain == expected.total)
        #expect(document.totals.prepaid?.plain == expected.prepaid)
        #expect(document.totals.payable.plain == expected.payable)
        let groups = document.taxes.map { "\($0.category) \($0.rate.map { "\($0.normalized)" } ?? "-") \($0.taxable.plain) \($0.tax.plain)" }
        #expect(groups == expected.groups)
        // The line nets add up to BT-106 (BR-CO-10) wherever the profile has lines.
        if expected.lines > 0, let lineTotal = document.totals.lines {
            #expect(document.lines.reduce(0) { $0 + $1.net.minorUnits } == lineTotal.minorUnits)
        }
    }

    @Test func partiesReferencesAndPayment() throws {
        let ubl = try readOne("ubl-tc434-example1.xml")
        #expect(ubl.seller.name == "De Koksmaat")
        #expect(ubl.seller.vatID == "NL8200.98.395.B.01")
        #expect(ubl.seller.address.country == "NL")
        #expect(ubl.buyer.name == "ODIN 59")
        #expect(ubl.payment.meansCode == "30")
        #expect(ubl.payment.accounts.map(\.iban) == ["NL57 RABO 0107307510", "NL03 INGB 0004489902"])
        #expect(ubl.payment.reference == "Deb. 10202 / Fact. 12115118")
        #expect(ubl.lines[19].net.plain == "-109.98")
        #expect(ubl.lines[19].quantity?.description == "6")

        let credit = try readOne("ubl-tc434-creditnote1.xml")
        #expect(credit.kind == .creditNote && credit.typeCode == "381")
        #expect(credit.taxes.first?.category == "E")

        let xrechnung = try readOne("xrechnung-01.01a-INVOICE_uncefact.xml")
        #expect(ReceivedInvoice(xrechnung).profile == "XRECHNUNG")
        #expect(xrechnung.buyerReference == "04011000-12345-03")
        #expect(xrechnung.seller.electronicAddress != nil)

        let withAttachment = try readOne("xrechnung-02.01a-INVOICE_ubl.xml")
        #expect(withAttachment.attachments.count == 1)
        #expect(withAttachment.attachments[0].filename == "01_15_Anhang_01.pdf")
        #expect(withAttachment.attachments[0].data?.starts(with: Array("%PDF".utf8)) == true)
        #expect(withAttachment.taxCurrency?.code == "GBP")
        #expect(withAttachment.totals.taxInTaxCurrency?.plain == "2048.44")
    }

    @Test func profilesAreNamed() throws {
        #expect(ReceivedInvoice(try readOne("zugferd-pdf_fx_minimum_1.pdf")).profile == "MINIMUM")
        #expect(ReceivedInvoice(try readOne("zugferd-xml_basic_1.xml")).profile == "BASIC")
        #expect(ReceivedInvoice(try readOne("zugferd-pdf_zf_extended_1.pdf")).profile == "EXTENDED")
        #expect(ReceivedInvoice(try readOne("zugferd-pdf_zf_xrechnung_1.pdf")).profile == "XRECHNUNG")
        #expect(ReceivedInvoice(try readOne("ubl-tc434-example1.xml")).profile == "EN 16931")
    }

    @Test func officialExamplesKeepTheRules() throws {
        for name in ["ubl-tc434-example1.xml", "CII_example1.xml", "ubl-tc434-example2.xml", "CII_example5.xml", "xrechnung-01.01a-INVOICE_ubl.xml",
                     "xrechnung-02.01a-INVOICE_ubl.xml", "zugferd-pdf_zf_en16931_1.pdf", "zugferd-pdf_zf_extended_1.pdf", "zugferd-pdf_fx_minimum_1.pdf"] {
            #expect(Findings.check(try readOne(name)).isEmpty, "\(name)")
        }
        // The credit note example gives neither a due date nor terms, which CEN's rules do not
        // ask of a UBL credit note (BR-CO-25 does not fire on one; CorpusTests).
        #expect(Findings.check(try readOne("ubl-tc434-creditnote1.xml")).map(\.rule) == [])
    }

    @Test func aBrokenSumIsFoundByItsRule() throws {
        var text = String(decoding: try fixture("ubl-tc434-example1.xml"), as: UTF8.self)
        text = text.replacingOccurrences(of: "<cbc:TaxInclusiveAmount currencyID=\"EUR\">250.33</cbc:TaxInclusiveAmount>",
                                          with: "<cbc:TaxInclusiveAmount currencyID=\"EUR\">250.34</cbc:TaxInclusiveAmount>")
        text = text.replacingOccurrences(of: ">19.90</cbc:LineExtensionAmount>", with: ">19.905</cbc:LineExtensionAmount>")
        let document = try EInvoiceReader.read(Array(text.utf8))
        let rules = Findings.check(document).map(\.rule)
        #expect(rules.contains("BR-CO-15"))
        #expect(rules.contains("BR-CO-16"))
        #expect(rules.contains("BR-DEC"))
    }

    @Test func aByteOrderMarkIsRead() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + (try fixture("CII_example1.xml"))
        let documents = try Inbox.read(bytes: bytes, filename: "bom.xml")
        #expect(documents[0].document.totals.payable.plain == "250.33")
    }

    @Test func aMailGivesItsAttachments() throws {
        let pdf = try fixture("zugferd-pdf_zf_en16931_1.pdf")
        let xml = String(decoding: try fixture("ubl-tc434-creditnote1.xml"), as: UTF8.self)
        // Quoted-printable: `=` as =3D, long lines soft-broken.
        var quoted = ""
        for line in xml.split(separator: "\n", omittingEmptySubsequences: false) {
            var encoded = line.replacingOccurrences(of: "=", with: "=3D")
            while encoded.count > 70 {
                quoted += encoded.prefix(70) + "=\r\n"
                encoded = String(encoded.dropFirst(70))
            }
            quoted += encoded + "\r\n"
        }
        let base64 = Data(pdf).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
        let mail = """
            From: Lieferant <rechnung@lieferant.example>\r
            To: buchhaltung@example.com\r
            Subject: Rechnung 471102\r
            MIME-Version: 1.0\r
            Content-Type: multipart/mixed; boundary="XYZ"\r
            \r
            --XYZ\r
            Content-Type: text/plain; charset=utf-8\r
            \r
            Anbei die Rechnung.\r
            --XYZ\r
            Content-Type: application/pdf; name="Rechnung 471102.pdf"\r
            Content-Disposition: attachment; filename="Rechnung 471102.pdf"\r
            Content-Transfer-Encoding: base64\r
            \r
            \(base64)\r
            --XYZ\r
            Content-Type: application/xml\r
            Content-Disposition: attachment;\r
             filename*=UTF-8''Gutschrift%20018304.xml\r
            Content-Transfer-Encoding: quoted-printable\r
            \r
            \(quoted)\r
            --XYZ--\r

            """
        let documents = try Inbox.read(bytes: Array(mail.utf8), filename: "rechnung.eml")
        #expect(documents.map(\.name) == ["Rechnung 471102.pdf", "Gutschrift 018304.xml"])
        #expect(documents[0].original == pdf, "the attachment's bytes, unchanged")
        #expect(documents[0].document.totals.payable.plain == "529.87")
        #expect(documents[1].document.kind == .creditNote)
        #expect(documents.allSatisfy { $0.mail == "rechnung.eml" })
    }

    @Test func theEPCCodeIsForTheAmountDue() throws {
        let document = try readOne("zugferd-pdf_zf_xrechnung_1.pdf")
        let payload = try #require(PaymentQR.epcPayload(ReceivedInvoice(document)))
        #expect(payload.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            == ["BCD", "002", "1", "SCT", "BYLADEM1001", "Kunden AG", "DE02120300000000202051", "EUR529.87", "", "", document.payment.reference ?? "471102"])
        #expect(PaymentQR.svg(payload)?.hasPrefix("<svg") == true)
        #expect(PaymentQR.epcPayload(ReceivedInvoice(try readOne("ubl-tc434-example2.xml"))) == nil, "NOK: no SEPA code")
        #expect(PaymentQR.epcPayload(ReceivedInvoice(try readOne("ubl-tc434-creditnote1.xml"))) == nil, "a credit note is not paid by the buyer")
    }

    @Test func sha256MatchesTheStandardsVectors() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}

/// Encodings and old formats other producers send.
@Suite struct EncodingTests {
    @Test func utf16AndLatin1AreRead() throws {
        let text = String(decoding: try fixture("xrechnung-01.01a-INVOICE_ubl.xml"), as: UTF8.self)
        let body = text.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in body.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let documents = try Inbox.read(bytes: utf16, filename: "utf16.xml")
        #expect(documents[0].document.totals.payable.plain == "336.90")

        // Latin-1 has no ellipsis: the one character of the file outside it is written as three dots.
        let latin = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n" + text.split(separator: "\n", maxSplits: 1)[1].replacingOccurrences(of: "…", with: "...")
        let bytes = latin.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        let latinDocument = try Inbox.read(bytes: bytes, filename: "latin1.xml")[0].document
        #expect(latinDocument.totals.payable.plain == "336.90")
        let utf8Document = try readOne("xrechnung-01.01a-INVOICE_ubl.xml")
        #expect(latinDocument.seller.name == utf8Document.seller.name)
    }

    @Test func zugferdOneIsNamed() {
        let old = "<rsm:CrossIndustryDocument xmlns:rsm=\"urn:ferd:CrossIndustryDocument:invoice:1p0\"/>"
        #expect(HostileTests.refusal(Array(old.utf8))?.contains("ZUGFeRD 1.0") == true)
    }
}
