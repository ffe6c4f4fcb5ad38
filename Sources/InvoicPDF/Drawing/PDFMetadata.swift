/// What cairo 1.16 cannot write, written into its output: CreationDate and ModDate as valid
/// `D:` dates (the document's issue date, never the clock), and in the catalog the /Lang, the
/// /MarkInfo that says the structure tags cairo writes are the document's (a tagged PDF, for
/// screen readers), and the viewer preference to show the title, not the file name.
///
/// cairo writes `/CreationDate` from the clock in the local time zone (`(D:20261121182624Z)`,
/// `(D:20261122083427+14'00)`) and no /Lang. The date is replaced, the new entries are inserted,
/// and every cross-reference offset after them is moved by the change in length, so the file
/// stays valid (qpdf --check agrees) and the bytes depend on nothing but the inputs.
enum PDFMetadata {
    enum Failure: Error { case unexpectedLayout(String) }

    /// - Parameter figureText: the alternative text of the document's figures (the logo), which
    ///   cairo 1.16's structure tags cannot carry: written into each `/S /Figure` element.
    static func finish(_ pdf: [UInt8], date: (year: Int, month: Int, day: Int), language: String,
                       figureText: String? = nil) throws(Failure) -> [UInt8] {
        let stamp = Array((format4(date.year) + pad(date.month) + pad(date.day) + "000000Z").utf8)
        // cairo writes the clock's local time: (D:20261121182624Z) or (D:20261122083427+14'00).
        let key = Array("/CreationDate (D:".utf8)
        guard let creation = findLast(key, in: pdf) else { throw .unexpectedLayout("no /CreationDate") }
        let dateStart = creation + key.count
        guard let dateEnd = pdf[dateStart...].firstIndex(of: UInt8(ascii: ")")), dateEnd - dateStart <= 24,
              let endOfLine = pdf[dateEnd...].firstIndex(of: UInt8(ascii: "\n")) else {
            throw .unexpectedLayout("/CreationDate is not a PDF date")
        }
        let catalogKey = Array("/Type /Catalog\n".utf8)
        guard let catalog = findLast(catalogKey, in: pdf) else { throw .unexpectedLayout("no /Catalog") }
        let safeLanguage = String(language.unicodeScalars.filter { ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) || $0 == "-" })
        var figures: [Edit] = []
        if let figureText {
            let marker = Array("   /S /Figure\n".utf8)
            var from = 0
            while let found = find(marker, in: pdf, from: from) {
                figures.append(Edit(start: found + marker.count, end: found + marker.count,
                                    bytes: Array("   /Alt ".utf8) + literal(figureText) + Array("\n".utf8)))
                from = found + marker.count
            }
        }
        let edits: [Edit] = figures + [
            Edit(start: dateStart, end: dateEnd, bytes: stamp),
            Edit(start: endOfLine + 1, end: endOfLine + 1, bytes: Array("   /ModDate (D:".utf8) + stamp + Array(")\n".utf8)),
            Edit(start: catalog + catalogKey.count, end: catalog + catalogKey.count,
                 bytes: Array("   /Lang (\(safeLanguage.isEmpty ? "en" : safeLanguage))\n   /MarkInfo << /Marked true >>\n   /ViewerPreferences << /DisplayDocTitle true >>\n".utf8)),
        ].sorted { $0.start < $1.start }
        return try apply(edits, to: pdf)
    }

    /// Replaces `start..<end` with `bytes` (an insertion when the range is empty).
    private struct Edit {
        var start: Int
        var end: Int
        var bytes: [UInt8]
        var delta: Int { bytes.count - (end - start) }
    }

    /// Applies edits before the xref table and rewrites the classic xref table and startxref cairo writes.
    private static func apply(_ edits: [Edit], to bytes: [UInt8]) throws(Failure) -> [UInt8] {
        guard let startxrefAt = findLast(Array("startxref\n".utf8), in: bytes) else { throw .unexpectedLayout("no startxref") }
        let numberStart = startxrefAt + "startxref\n".utf8.count
        guard let numberEnd = bytes[numberStart...].firstIndex(of: UInt8(ascii: "\n")),
              let xrefOffset = Int(String(decoding: bytes[numberStart..<numberEnd], as: UTF8.self)),
              xrefOffset < bytes.count, bytes[xrefOffset...].starts(with: Array("xref\n".utf8)) else {
            throw .unexpectedLayout("startxref does not point at an xref table")
        }
        func moved(_ offset: Int) -> Int {
            offset + edits.filter { $0.end <= offset }.reduce(0) { $0 + $1.delta }
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 128)
        var position = 0
        for edit in edits {
            guard edit.start >= position, edit.end <= xrefOffset else { throw .unexpectedLayout("overlapping edits") }
            output += bytes[position..<edit.start]
            output += edit.bytes
            position = edit.end
        }
        output += bytes[position..<xrefOffset]

        // xref\n0 N\n then N entries of exactly 20 bytes: "oooooooooo ggggg n \n".
        var cursor = xrefOffset + "xref\n".utf8.count
        guard let headerEnd = bytes[cursor...].firstIndex(of: UInt8(ascii: "\n")) else { throw .unexpectedLayout("bad xref header") }
        let header = String(decoding: bytes[cursor..<headerEnd], as: UTF8.self).split(separator: " ")
        guard header.count == 2, let count = Int(header[1]) else { throw .unexpectedLayout("bad xref header") }
        output += bytes[xrefOffset..<headerEnd + 1]
        cursor = headerEnd + 1
        for _ in 0..<count {
            guard cursor + 20 <= bytes.count else { throw .unexpectedLayout("short xref table") }
            let entry = bytes[cursor..<cursor + 20]
            if entry[entry.startIndex + 17] == UInt8(ascii: "n"), let offset = Int(String(decoding: entry.prefix(10), as: UTF8.self)) {
                output += Array(format10(moved(offset)).utf8)
                output += entry.dropFirst(10)
            } else {
                output += entry
            }
            cursor += 20
        }
        output += bytes[cursor..<numberStart]
        output += Array(String(moved(xrefOffset)).utf8)
        output += bytes[numberEnd...]
        return output
    }

    private static func findLast(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = haystack.count - needle.count
        while index >= 0 {
            if haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index -= 1
        }
        return nil
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    private static func format4(_ value: Int) -> String { String(repeating: "0", count: max(0, 4 - String(value).count)) + String(value) }
    private static func format10(_ value: Int) -> String { String(repeating: "0", count: max(0, 10 - String(value).count)) + String(value) }

    /// The first index of `needle` in `haystack` at or after `from`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard needle.count <= haystack.count - from else { return nil }
        var index = from
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// `text` as a PDF string: UTF-16BE with its byte-order mark, in hexadecimal, so any text is safe.
    private static func literal(_ text: String) -> [UInt8] {
        let hex = ([0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }).map { String(format: "%02X", $0) }.joined()
        return Array("<\(hex)>".utf8)
    }
}
