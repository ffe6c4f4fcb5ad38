import InvoicBook
import InvoicMoney

/// Outgoing bank entries (debits) paired with the purchases they pay (issue 29): a debit of
/// exactly a purchase's open balance, in its currency, to the supplier's IBAN or naming the
/// purchase's number or payment reference. One candidate only: two purchases that fit equally
/// are left for the user. A debit whose bank reference a purchase already records is recorded.
public struct PurchaseMatch: Sendable {
    public enum Outcome: String, Sendable { case matched, recorded }
    public var transaction: BankTransaction
    public var purchase: Purchase
    public var outcome: Outcome
    /// `iban`, `number` or `reference`.
    public var basis: String
}

public enum PurchaseMatcher {
    public static func match(_ transactions: [BankTransaction], book: Book) -> [PurchaseMatch] {
        var results: [PurchaseMatch] = []
        var taken: [String: Int64] = [:]
        func key(_ purchase: Purchase) -> String { purchase.file }
        for transaction in transactions.sorted(by: { $0.date < $1.date }) where transaction.direction == .debit && transaction.isBooked && !transaction.isReversal {
            if let recorded = book.purchases.first(where: { $0.payments.contains { $0.reference == transaction.reference } }) {
                results.append(PurchaseMatch(transaction: transaction, purchase: recorded, outcome: .recorded, basis: "reference"))
                continue
            }
            let text = (transaction.remittance + " " + (transaction.structuredReference ?? "")).uppercased().filter { !$0.isWhitespace }
            let iban = transaction.counterpartyIBAN.map { $0.uppercased().filter { !$0.isWhitespace } }
            var fits: [(Purchase, String)] = []
            for purchase in book.purchases where purchase.kind == .invoice && purchase.currency == transaction.currency {
                let open = purchase.balance().minorUnits - taken[key(purchase), default: 0]
                guard open == transaction.amount else { continue }
                let supplierIBANs = (purchase.ibans + (book.suppliers[purchase.supplier]?.ibans ?? [])).map { $0.uppercased().filter { !$0.isWhitespace } }
                if let reference = purchase.paymentReference?.uppercased().filter({ !$0.isWhitespace }), reference.count >= 4, text.contains(reference) {
                    fits.append((purchase, "reference"))
                } else if purchase.number.count >= 3, text.contains(purchase.number.uppercased().filter { !$0.isWhitespace }) {
                    fits.append((purchase, "number"))
                } else if let iban, supplierIBANs.contains(iban) {
                    fits.append((purchase, "iban"))
                }
            }
            // A reference or number names one purchase; an IBAN with the amount only when it is the only one.
            let named = fits.filter { $0.1 != "iban" }
            let chosen = named.count == 1 ? named : (named.isEmpty && fits.count == 1 ? fits : [])
            guard let (purchase, basis) = chosen.first else { continue }
            taken[key(purchase), default: 0] += transaction.amount
            results.append(PurchaseMatch(transaction: transaction, purchase: purchase, outcome: .matched, basis: basis))
        }
        return results
    }
}
