import Foundation
import InvoicAuthoring
import InvoicBook

/// `invoic purchase accept|reject`: the user's decision on a received document that breaks fatal
/// rules (kept all the same: it is the supplier's invoice), written on its record as `decision:`
/// (the verdict, the reason, the day) before `payments:`, the record's other key the user writes.
/// The record's text is edited, never rewritten, under the book's lock; a decision made again
/// replaces the one before.
public enum PurchaseDecision {
    /// Writes the decision and returns what to print; refused (nothing written) with the reason.
    public static func decide(_ verdict: Purchase.Decision.Verdict, root: String, number: String, supplier: String?, reason: String,
                              on date: Day, dryRun: Bool = false) throws(Refusal) -> String {
        let why = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !why.isEmpty else {
            throw Refusal("a decision needs its reason", help: "say why, e.g. --reason \"asked the supplier for a corrected invoice\"")
        }
        let lock: BookLock
        do { lock = try BookLock(root: root) } catch { throw Refusal("cannot lock the book: \(error)", help: "check that the book's folder is writable") }
        defer { withExtendedLifetime(lock) {} }
        let book: Book
        do { book = try BookLoader.load(at: root).0 } catch { throw Refusal("\(error)", help: "run it in the book's folder, or pass -C DIR") }
        let purchase = try PurchasePayments.find(number, supplier: supplier, in: book)
        let path = BookLoader.join(root, purchase.file)
        guard let data = FileManager.default.contents(atPath: path) else { throw Refusal("cannot read \(purchase.file)", help: "check its permissions") }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The decision made before, with its comment: replaced.
        if let start = lines.firstIndex(where: { $0.hasPrefix("decision:") }) {
            var end = start + 1
            while end < lines.count, lines[end].hasPrefix(" ") || lines[end].hasPrefix("\t") { end += 1 }
            let from = start > 0 && lines[start - 1] == comment ? start - 1 : start
            lines.removeSubrange(from..<end)
        }
        guard let payments = lines.lastIndex(where: { $0.hasPrefix("payments:") }) else {
            throw Refusal("\(purchase.file) has no `payments:` to write the decision before",
                          help: "write it by hand: `decision: {status: \(verdict.rawValue), reason: ..., date: \(date)}`")
        }
        // The reason as the record's writer stores any text (a control character made visible),
        // quoted by the one scalar writer.
        let block = [comment, "decision:", "  status: \(verdict.rawValue)", "  reason: \(YAMLText.scalar(RecordValue.storable(why).text))", "  date: \(date)"]
        // Before the comment that introduces `payments:`.
        let at = payments > 0 && lines[payments - 1].hasPrefix("#") ? payments - 1 : payments
        lines.insert(contentsOf: block, at: at)
        let text = lines.joined(separator: "\n")
        let broken = purchase.fatalFindings.isEmpty ? "it breaks no fatal rule" : "it breaks \(purchase.fatalFindings.joined(separator: ", "))"
        let meaning = verdict == .accepted
            ? "kept as it is (\(broken)), counted in the input VAT and the payables"
            : "kept and listed, but out of the input VAT and the payables until a corrected document is received (\(broken))"
        if dryRun { return "would record purchase \(number) of \(purchase.supplier) as \(verdict.rawValue) on \(date) in \(purchase.file): \(meaning)" }
        do { try AtomicFile.write(Array(text.utf8), to: path, temporaryDirectory: BookLock.folder(of: root)) } catch {
            throw Refusal("cannot write \(purchase.file): \(error.reason)", help: "check that the book's folder is writable")
        }
        return "\(verdict.rawValue) purchase \(number) of \(purchase.supplier) on \(date): \(meaning); written in \(purchase.file)"
    }

    static let comment = "# Your decision on a document that breaks fatal rules: `invoic purchase accept|reject NUMBER --reason TEXT`."
}
