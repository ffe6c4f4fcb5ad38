import Foundation
import InvoicDiagnostics

/// What a PDF says about itself, once in its Info dictionary and once in its XMP packet, the
/// two agreeing as PDF/A asks: title, author, subject, keywords, the language, the Producer
/// (invoic and its version), the dates (the document's issue date, never the clock) and the
/// PDF/UA-1 identification. docs/decisions.md ("PDF/UA-1") says what is claimed and how the
/// tests check it.
enum PDFMetadata {
    /// What the catalog and the XMP packet say about the document.
    struct Description {
        var title: String
        var author: String
        var subject: String
        /// A BCP 47 tag: `de-AT`.
        var language: String
        var date: (year: Int, month: Int, day: Int)
        var keywords: String = ""
        var creator: String = "invoic"
    }

    /// invoic and its version, the Producer of every PDF (the CLI reports the same version).
    static let producer = "invoic " + InvoicVersion.string

    /// `D:YYYYMMDD000000Z`, the document's date as a PDF date.
    static func pdfDate(_ date: (year: Int, month: Int, day: Int)) -> String {
        "D:" + format4(date.year) + pad(date.month) + pad(date.day) + "000000Z"
    }

    /// The XMP packet: the title, author and subject as the Info dictionary has them, the
    /// language, the dates, and the PDF/UA identification.
    static func xmp(_ description: Description) -> String {
        let date = "\(format4(description.date.year))-\(pad(description.date.month))-\(pad(description.date.day))T00:00:00Z"
        return """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
              <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                <rdf:Description rdf:about="" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">
                  <pdfuaid:part>1</pdfuaid:part>
                </rdf:Description>
                <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
                  <dc:format>application/pdf</dc:format>
                  <dc:title><rdf:Alt><rdf:li xml:lang="x-default">\(xmlEscape(description.title))</rdf:li></rdf:Alt></dc:title>
                  <dc:creator><rdf:Seq><rdf:li>\(xmlEscape(description.author))</rdf:li></rdf:Seq></dc:creator>
                  <dc:description><rdf:Alt><rdf:li xml:lang="x-default">\(xmlEscape(description.subject))</rdf:li></rdf:Alt></dc:description>
                  <dc:language><rdf:Bag><rdf:li>\(xmlEscape(description.language))</rdf:li></rdf:Bag></dc:language>
                </rdf:Description>
                <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
                  <xmp:CreatorTool>\(xmlEscape(description.creator))</xmp:CreatorTool>
                  <xmp:CreateDate>\(date)</xmp:CreateDate>
                  <xmp:ModifyDate>\(date)</xmp:ModifyDate>
                </rdf:Description>
                <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
                  <pdf:Producer>\(xmlEscape(producer))</pdf:Producer>
                  <pdf:Keywords>\(xmlEscape(description.keywords))</pdf:Keywords>
                </rdf:Description>
              </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>
            """
    }

    /// MarkupText's XML rule (InvoicDiagnostics): the one XML escaper of the tree.
    static func xmlEscape(_ text: String) -> String { MarkupText.xml(text) }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    private static func format4(_ value: Int) -> String { String(repeating: "0", count: max(0, 4 - String(value).count)) + String(value) }
}
