import Foundation
import InvoicBook

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
        let start = data.prefix(512)
        let head = String(decoding: start, as: UTF8.self).trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}")))
        if head.isEmpty { throw StatementError(file: file, "the statement is empty", help: "export it again from the bank") }
        if head.hasPrefix("<") { return try CamtReader.read(data, file: file) }
        let text = String(decoding: data, as: UTF8.self)
        if head.hasPrefix(":20:") || head.hasPrefix("{1:") || (text.contains(":61:") && text.contains(":20:") && !text.contains("<")) {
            return try MT940Reader.read(text, file: file)
        }
        return try CSVStatementReader.read(data, layout: layout, file: file)
    }
}
