import Foundation

/// Received documents made to break a book (issue 38), generated at run time from the official
/// UBL example (Tests/Fixtures/received/ubl-tc434-example1.xml, number 12115118): each is legal
/// XML 1.0 that invoic reads, with what a supplier, a mail or an upload can put in it.
public enum HostileReceived {
    public static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/received")

    public static func example() throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent("ubl-tc434-example1.xml"), encoding: .utf8)
    }

    static let number = "<cbc:ID>12115118</cbc:ID>"
    static let note = "<cbc:Note>Alle leveringen"
    static let supplierParty = "<cac:AccountingSupplierParty>\n        <cac:Party>"

    /// `example()` with `original` replaced by `replacement` once; fails loudly when the example
    /// no longer holds `original`, so no case silently tests the unchanged file.
    static func edit(_ original: String, _ replacement: String, in text: String) -> String {
        guard let range = text.range(of: original) else { fatalError("the UBL example lacks \(original)") }
        return text.replacingCharacters(in: range, with: replacement)
    }

    /// A note holding C1 and C0 controls XML allows (U+009B by reference and raw, CR, DEL, NEL),
    /// and a number with U+009B: the record of it was refused by the book's own reader.
    public static func controlCharacters() throws -> [UInt8] {
        var text = edit(note, "<cbc:Note>&#x9B;31m red \u{9B}2J&#13;&#x7F;&#x85; Alle leveringen", in: try example())
        text = edit(number, "<cbc:ID>C1&#x9B;[31m</cbc:ID>", in: text)
        return Array(text.utf8)
    }

    /// A note of 300 KB: past the 256 KiB a value of the book may have.
    public static func longNote() throws -> [UInt8] {
        var text = edit(note, "<cbc:Note>" + String(repeating: "lang ", count: 60_000) + "Alle leveringen", in: try example())
        text = edit(number, "<cbc:ID>LONG-1</cbc:ID>", in: text)
        return Array(text.utf8)
    }

    /// The seller's electronic address with a 50 MB scheme attribute (read as `scheme:address`).
    public static func hugeAttribute() throws -> [UInt8] {
        var text = edit(supplierParty, supplierParty + "<cbc:EndpointID schemeID=\"" + String(repeating: "a", count: 50 * 1024 * 1024) + "\">123</cbc:EndpointID>", in: try example())
        text = edit(number, "<cbc:ID>HUGE-1</cbc:ID>", in: text)
        return Array(text.utf8)
    }

    /// A number whose line feed, written raw into a comment, added a key to the supplier's file.
    public static func injectedNumber() throws -> [UInt8] {
        Array(edit(number, "<cbc:ID>X-1&#10;category: injected</cbc:ID>", in: try example()).utf8)
    }

    /// A mail whose attachment is named, by RFC 2231, with a line feed and a key after it.
    public static func mailWithInjectedName() throws -> [UInt8] {
        let xml = edit(number, "<cbc:ID>MAIL-1</cbc:ID>", in: try example())
        let mail = """
            From: Supplier <billing@supplier.example>\r
            To: books@example.com\r
            Subject: Invoice\r
            MIME-Version: 1.0\r
            Content-Type: multipart/mixed; boundary="XYZ"\r
            \r
            --XYZ\r
            Content-Type: application/xml\r
            Content-Disposition: attachment;\r
             filename*=UTF-8''x%0Acategory%3A%20injected%0A%1B%5D0%3Bowned%07.xml\r
            Content-Transfer-Encoding: base64\r
            \r
            \(Data(xml.utf8).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed]))\r
            --XYZ--\r

            """
        return Array(mail.utf8)
    }

    /// A PDF whose trailer names a catalog that is not there: qpdf's object functions fail on it.
    public static let pdfWithoutCatalog = Array("%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Size 3 /Root 7 0 R >>\n%%EOF\n".utf8)

    /// An amount due that is no number.
    public static func malformedAmount() throws -> [UInt8] {
        let text = try example()
        guard let range = text.range(of: "<cbc:PayableAmount currencyID=\"EUR\">") else { fatalError("the UBL example lacks its PayableAmount") }
        var edited = text
        edited.insert(contentsOf: "12,5x", at: range.upperBound)
        return Array(edited.utf8)
    }

    /// Every generated case, by the file name it is received under.
    public static func all() throws -> [(name: String, bytes: [UInt8])] {
        [("control-characters.xml", try controlCharacters()), ("long-note.xml", try longNote()), ("huge-attribute.xml", try hugeAttribute()),
         ("injected-number.xml", try injectedNumber()), ("injected-name.eml", try mailWithInjectedName()),
         ("no-catalog.pdf", pdfWithoutCatalog), ("malformed-amount.xml", try malformedAmount())]
    }
}
