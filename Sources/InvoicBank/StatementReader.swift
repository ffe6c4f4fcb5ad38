import Foundation
import InvoicBook
import InvoicDiagnostics

/// Reads bank statements in whatever format the bank exported: camt.053/054 (XML), MT940, or
/// CSV through the book's `bank:` layout; told apart by their content, not their names.
public enum StatementReader {
    /// The largest statement read: a year of a busy account is a few megabytes.
    static let maximumBytes = 64 << 20

    public static func read(path: String, displayName: String? = nil, layout: BankLayout?) throws(StatementError) -> [BankTransaction] {
        let file = displayName ?? path
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if (attributes[.size] as? NSNumber)?.intValue ?? 0 > maximumBytes {
                throw StatementError(file: file, "the statement is larger than \(maximumBytes >> 20) MB", help: "split it by month")
            }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as StatementError {
            throw error
        } catch {
            throw StatementError(file: file, "cannot read the statement: \((error as NSError).localizedDescription)", help: "check the path")
        }
        return try read(data, file: file, layout: layout)
    }

    public static func read(_ data: Data, file: String, layout: BankLayout?) throws(StatementError) -> [BankTransaction] {
        // A UTF-16 export (Excel's "Unicode text") is read as the text it is; expat reads UTF-16
        // XML itself, from its byte order mark.
        let unicode = try utf16Text(data, file: file)
        let start = unicode.map { Data($0.utf8.prefix(512)) } ?? data.prefix(512)
        let head = String(decoding: start, as: UTF8.self).trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}")))
        if head.isEmpty { throw StatementError(file: file, "the statement is empty", help: "export it again from the bank") }
        if head.hasPrefix("<") { return try CamtReader.read(data, file: file) }
        if unicode == nil, let nul = data.firstIndex(of: 0) {
            let line = data[..<nul].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            throw StatementError(file: file, line: line, "the statement holds NUL bytes: it is not text, or UTF-16 without a byte order mark",
                                 help: "export it again as UTF-8 text (or camt.053 XML)")
        }
        let text = unicode ?? String(decoding: data, as: UTF8.self)
        if head.hasPrefix(":20:") || head.hasPrefix("{1:") || (text.contains(":61:") && text.contains(":20:") && !text.contains("<")) {
            return try MT940Reader.read(text, file: file)
        }
        return try CSVStatementReader.read(data, layout: layout, file: file, text: unicode)
    }

    /// The text of a file that starts with a UTF-16 byte order mark (FF FE little endian,
    /// FE FF big endian), without it; nil for any other file.
    static func utf16Text(_ data: Data, file: String) throws(StatementError) -> String? {
        guard data.count >= 2 else { return nil }
        let first = data[data.startIndex], second = data[data.startIndex + 1]
        let littleEndian: Bool
        switch (first, second) {
        case (0xFF, 0xFE): littleEndian = true
        case (0xFE, 0xFF): littleEndian = false
        default: return nil
        }
        let bytes = data.dropFirst(2)
        guard bytes.count % 2 == 0 else {
            throw StatementError(file: file, "the statement is UTF-16 with an odd number of bytes: the file is cut off", help: "download or export it again")
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let a = UInt16(bytes[index]), b = UInt16(bytes[index + 1])
            units.append(littleEndian ? a | b << 8 : a << 8 | b)
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }
}

// Text from a statement is printed through InvoicDiagnostics' `printable`, the one terminal escaper.
