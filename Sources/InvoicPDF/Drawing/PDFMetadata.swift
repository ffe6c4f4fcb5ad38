import Foundation

/// What cairo 1.16 cannot write, written into its output so that every PDF is PDF/UA-1
/// (accessible) and reproducible:
/// - CreationDate and ModDate as valid `D:` dates, the document's issue date, never the clock
///   (cairo writes the clock's local time: `(D:20261121182624Z)`, `(D:20261122083427+14'00)`);
/// - in the catalog the /Lang, the /MarkInfo that says the structure tags are the document's,
///   the viewer preference to show the title, and an XMP packet with the title and the PDF/UA
///   identification (`pdfuaid:part` 1);
/// - the alternative text of every figure (cairo's structure tags carry no attributes), and
///   /Scope /Column on the table's header cells, so each cell's header is known;
/// - /CIDToGIDMap /Identity on CID fonts, the default that PDF/UA wants written out;
/// - the page decorations outside every tag marked as artifacts (ArtifactMarking);
/// - on each link annotation its address as /Contents and the print flag, and on pages with
///   links /Tabs /S, so links are visited in the structure's order.
/// docs/decisions.md ("PDF/UA-1") says what is claimed and how the tests check it.
enum PDFMetadata {
    typealias Failure = CairoPDF.Failure

    /// What the catalog and the XMP packet say about the document.
    struct Description {
        var title: String
        var author: String
        var subject: String
        /// A BCP 47 tag: `de-AT`.
        var language: String
        var date: (year: Int, month: Int, day: Int)
        /// The alternative text of each `Figure` tag, in the order the pages open them.
        var figureTexts: [String] = []
    }

    static func finish(_ bytes: [UInt8], _ description: Description) throws(Failure) -> [UInt8] {
        var pdf = try CairoPDF(bytes)
        let stamp = format4(description.date.year) + pad(description.date.month) + pad(description.date.day) + "000000Z"

        if let info = pdf.info {
            guard let contents = pdf.contents(of: info) else { throw .unexpectedLayout("no /Info object") }
            // cairo writes the clock's local time: (D:20261121182624Z) or (D:20261122083427+14'00).
            let key = Array("/CreationDate (D:".utf8)
            guard let creation = CairoPDF.find(key, in: contents) else { throw .unexpectedLayout("no /CreationDate") }
            let dateStart = creation + key.count
            guard let dateEnd = contents[dateStart...].firstIndex(of: UInt8(ascii: ")")), dateEnd - dateStart <= 24,
                  let endOfLine = contents[dateEnd...].firstIndex(of: UInt8(ascii: "\n")) else {
                throw .unexpectedLayout("/CreationDate is not a PDF date")
            }
            pdf.replace(info, with: Array(contents[..<dateStart]) + Array(stamp.utf8) + Array(contents[dateEnd...endOfLine])
                        + Array("   /ModDate (D:\(stamp))\n".utf8) + Array(contents[(endOfLine + 1)...]))
        }

        // Objects are told apart by how cairo begins them, so the font programs and content
        // streams (most of the bytes) are never searched. Figures are numbered in the order the
        // pages open them, which is the order of their alternative texts.
        var figureTexts = description.figureTexts[...]
        for number in pdf.objectNumbers.sorted() {
            guard let contents = pdf.contents(of: number) else { continue }
            if contents.starts(with: Self.figure), let text = figureTexts.popFirst() {
                pdf.replace(number, with: insert("   /Alt \(literal(text))\n", into: contents, at: contents.startIndex + Self.figure.count))
            } else if contents.starts(with: Self.headerCell) {
                pdf.replace(number, with: insert("   /A << /O /Table /Scope /Column >>\n", into: contents, at: contents.startIndex + Self.headerCell.count))
            } else if contents.starts(with: Self.cidFont), CairoPDF.find(Array("/CIDToGIDMap".utf8), in: contents) == nil {
                pdf.replace(number, with: insert("   /CIDToGIDMap /Identity\n", into: contents, at: contents.startIndex + Self.cidFont.count))
            } else if contents.starts(with: Self.page) {
                try markArtifacts(onPage: contents, in: &pdf)
                // Links are visited in the order of the structure tree.
                if CairoPDF.find(Array("/Annots".utf8), in: contents) != nil, let endOfLine = contents.firstIndex(of: 10) {
                    pdf.replace(number, with: insert("   /Tabs /S\n", into: contents, at: endOfLine + 1))
                }
            } else if contents.starts(with: Self.link) {
                // What the link is, for a reader that lists a page's links; printed with the page (PDF/A).
                pdf.replace(number, with: insert("   /Contents \(literal(linkText(contents)))\n   /F 4\n", into: contents, at: contents.startIndex + Self.link.count))
            }
        }

        let metadata = Array(xmp(description).utf8)
        let metadataObject = pdf.add(Array("<< /Type /Metadata\n   /Subtype /XML\n   /Length \(metadata.count)\n>>\nstream\n".utf8)
                                     + metadata + Array("\nendstream\n".utf8))
        let catalogKey = Array("/Type /Catalog\n".utf8)
        guard let catalog = pdf.contents(of: pdf.root), let at = CairoPDF.find(catalogKey, in: catalog) else { throw .unexpectedLayout("no /Catalog") }
        let safeLanguage = String(description.language.unicodeScalars.filter { ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) || $0 == "-" })
        pdf.replace(pdf.root, with: insert("""
               /Lang (\(safeLanguage.isEmpty ? "en" : safeLanguage))
               /MarkInfo << /Marked true >>
               /ViewerPreferences << /DisplayDocTitle true >>
               /Metadata \(metadataObject) 0 R

            """, into: catalog, at: at + catalogKey.count))
        return pdf.write()
    }

    private static let figure = Array("<< /Type /StructElem\n   /S /Figure\n".utf8)
    private static let headerCell = Array("<< /Type /StructElem\n   /S /TH\n".utf8)
    private static let cidFont = Array("<< /Type /Font\n   /Subtype /CIDFontType2\n".utf8)
    private static let page = Array("<< /Type /Page ".utf8)
    private static let link = Array("<< /Type /Annot\n   /Subtype /Link\n".utf8)

    /// The address a link annotation's `/URI (mailto:...)` goes to, percent-decoded.
    private static func linkText(_ annotation: ArraySlice<UInt8>) -> String {
        let key = Array("/URI (".utf8)
        guard let start = CairoPDF.find(key, in: annotation), let end = annotation[(start + key.count)...].firstIndex(of: UInt8(ascii: ")")) else { return "" }
        let uri = String(decoding: annotation[(start + key.count)..<end], as: UTF8.self)
        let address = uri.hasPrefix("mailto:") ? String(uri.dropFirst(7)) : uri
        return address.removingPercentEncoding ?? address
    }

    /// Rewrites the page's content stream (`/Contents N 0 R`, its length in object `/Length M 0 R`)
    /// with its untagged painting marked as artifacts.
    private static func markArtifacts(onPage page: ArraySlice<UInt8>, in pdf: inout CairoPDF) throws(Failure) {
        guard let stream = reference("/Contents", in: page), let contents = pdf.contents(of: stream),
              let lengthObject = reference("/Length", in: contents), let lengthText = pdf.contents(of: lengthObject),
              let length = Int(String(decoding: lengthText, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
              CairoPDF.find(Array("/Filter /FlateDecode\n".utf8), in: contents) != nil,
              let streamKeyword = CairoPDF.find(Array(">>\nstream\n".utf8), in: contents) else {
            throw .unexpectedLayout("a page's content stream is not a FlateDecode stream with an indirect /Length")
        }
        let dataStart = streamKeyword + ">>\nstream\n".utf8.count
        guard dataStart + length <= contents.endIndex, let data = Flate.inflate(contents[dataStart..<(dataStart + length)]) else {
            throw .unexpectedLayout("a page's content stream cannot be inflated")
        }
        let marked = Flate.deflate(try ArtifactMarking.mark(data))
        pdf.replace(stream, with: Array(contents[..<dataStart]) + marked + Array(contents[(dataStart + length)...]))
        pdf.replace(lengthObject, with: Array("   \(marked.count)\n".utf8))
    }

    /// The object number in `key N 0 R`.
    private static func reference(_ key: String, in contents: ArraySlice<UInt8>) -> Int? {
        guard let found = CairoPDF.find(Array((key + " ").utf8), in: contents) else { return nil }
        let digits = contents[(found + key.utf8.count + 1)...].prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        guard contents[digits.endIndex...].starts(with: Array(" 0 R".utf8)) else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    private static func insert(_ text: String, into contents: ArraySlice<UInt8>, at index: Int) -> [UInt8] {
        Array(contents[..<index]) + Array(text.utf8) + Array(contents[index...])
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
                  <xmp:CreatorTool>invoic</xmp:CreatorTool>
                  <xmp:CreateDate>\(date)</xmp:CreateDate>
                  <xmp:ModifyDate>\(date)</xmp:ModifyDate>
                </rdf:Description>
              </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>
            """
    }

    static func xmlEscape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            // XML 1.0 cannot carry the other C0 controls at all.
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}": continue
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    private static func format4(_ value: Int) -> String { String(repeating: "0", count: max(0, 4 - String(value).count)) + String(value) }

    /// `text` as a PDF string: UTF-16BE with its byte-order mark, in hexadecimal, so any text is safe.
    private static func literal(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var digits = Array("<FEFF".utf8)
        for unit in text.utf16 {
            for shift in [12, 8, 4, 0] { digits.append(hex[Int(unit >> UInt16(shift) & 15)]) }
        }
        digits.append(UInt8(ascii: ">"))
        return String(decoding: digits, as: UTF8.self)
    }
}
