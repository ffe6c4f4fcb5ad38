import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicMoney

/// `invoic pay` on a purchase: a payment appended to the record's `payments:`, the only key of a
/// record the user writes. The record's text is edited, never rewritten, under the book's lock.
public enum PurchasePayments {
    public enum Amount: Sendable { case full, exactly(String) }

    /// Records the payment and returns what to print; refused (nothing written) with the reason.
    public static func pay(root: String, number: String, supplier: String?, amount: Amount, on date: Day,
                           method: String?, reference: String?, dryRun: Bool = false) throws(Refusal) -> String {
        let lock: BookLock
        do { lock = try BookLock(root: root) } catch { throw Refusal("cannot lock the book: \(error)", help: "check that the book's folder is writable") }
        defer { withExtendedLifetime(lock) {} }
        let book: Book
        do { book = try BookLoader.load(at: root).0 } catch { throw Refusal("\(error)", help: "run it in the book's folder, or pass -C DIR") }
        let purchase = try find(number, supplier: supplier, in: book)
        let balance = purchase.balance()
        let paid: Money
        switch amount {
        case .full:
            guard balance.minorUnits > 0 else { throw Refusal("purchase \(number) of \(purchase.supplier) is paid already", help: "nothing is left to pay") }
            paid = balance
        case .exactly(let text):
            // Typed in the book's locale, as an invoice's payment is (`119,00` in de_DE).
            let locale = book.settings.defaults.locale?.value ?? Defaults.fallbackLocale
            guard case .success(let units) = TypedAmount.minorUnits(text, locale: locale, currency: purchase.currency), units > 0 else {
                throw Refusal("`\(text)` is not a positive amount in \(purchase.currency.code) with at most \(purchase.currency.exponent) decimals",
                              help: "write it like \(TypedAmount.example(locale: locale, currency: purchase.currency))")
            }
            guard units <= balance.minorUnits else {
                throw Refusal("\(Money(units, purchase.currency).plain) is more than the \(balance.plain) \(purchase.currency.code) still to pay on purchase \(number)", help: "pay at most what is due (--full pays exactly that)")
            }
            paid = Money(units, purchase.currency)
        }
        let path = BookLoader.join(root, purchase.file)
        guard let data = FileManager.default.contents(atPath: path) else { throw Refusal("cannot read \(purchase.file)", help: "check its permissions") }
        var text = String(decoding: data, as: UTF8.self)
        var fields = ["date: \(date)", "amount: \(paid.plain)"]
        if let method { fields.append("method: \(YAMLText.scalar(method, in: .flow))") }
        if let reference { fields.append("reference: \(YAMLText.scalar(reference, in: .flow))") }
        let item = "  - {\(fields.joined(separator: ", "))}\n"
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let index = lines.firstIndex(where: { $0.hasPrefix("payments:") && $0.dropFirst("payments:".count).trimmingCharacters(in: .whitespaces) == "[]" }) {
            lines[index] = "payments:\n" + item.dropLast()
            text = lines.joined(separator: "\n")
        } else if let index = lines.lastIndex(where: { $0.hasPrefix("payments:") }),
                  lines[(index + 1)...].allSatisfy({ $0.isEmpty || $0.hasPrefix(" ") || $0.hasPrefix("#") }) {
            if !text.hasSuffix("\n") { text += "\n" }
            text += item
        } else {
            throw Refusal("\(purchase.file) has no `payments:` list at its end to add to", help: "add the payment by hand: `- {date: \(date), amount: \(paid.plain)}` under `payments:`")
        }
        if dryRun { return "would record \(paid.plain) \(purchase.currency.code) paid on \(date) for purchase \(number) of \(purchase.supplier) in \(purchase.file)" }
        do { try AtomicFile.write(Array(text.utf8), to: path, temporaryDirectory: BookLock.folder(of: root)) } catch {
            throw Refusal("cannot write \(purchase.file): \(error.reason)", help: "check that the book's folder is writable")
        }
        let left = balance.minorUnits - paid.minorUnits
        return "recorded \(paid.plain) \(purchase.currency.code) paid on \(date) for purchase \(number) of \(purchase.supplier) (\(left == 0 ? "paid in full" : "\(Money(left, purchase.currency).plain) left to pay")) in \(purchase.file)"
    }

    /// The purchase numbered `number` (of `supplier` when given; an invoice before a credit note,
    /// and the corrected document before the one rejected for it), refused when there is none or
    /// several suppliers sent one so numbered.
    static func find(_ number: String, supplier: String?, in book: Book) throws(Refusal) -> Purchase {
        let matching = book.purchases.filter { $0.number == number && (supplier == nil || $0.supplier == supplier) }
        let preferred = matching.filter { !$0.isRejected }
        guard let purchase = preferred.first(where: { $0.kind == .invoice }) ?? preferred.first ?? matching.first(where: { $0.kind == .invoice }) ?? matching.first else {
            throw Refusal("no purchase numbered \(number)\(supplier.map { " from \($0)" } ?? "") in purchases/",
                          help: "receive it first (`invoic receive FILE`); `invoic report` lists the purchases")
        }
        if Set(matching.map(\.supplier)).count > 1 {
            throw Refusal("\(matching.count) suppliers sent a document numbered \(number): \(matching.map(\.supplier).joined(separator: ", "))", help: "name one with --supplier ID")
        }
        return purchase
    }
}
