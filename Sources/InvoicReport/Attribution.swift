import InvoicBook
import InvoicMoney

/// Exact proportional splits of money, for income by category.
///
/// An invoice's lines may carry different categories (a musician's show fees and travel on one
/// invoice). The money received on it is attributed in two exact steps:
/// 1. Each tax group's gross (`taxable + tax`, so after its share of the discount and with its
///    tax) is split over the group's lines in proportion to their amounts; summed by category
///    this gives each category's share of the invoice total, and the shares add up to the total.
/// 2. The amount received is split over those shares in proportion.
/// Each split is floor(amount x weight / sum of weights), and the units still missing go one
/// each to the largest remainders, ties to the earlier entry (largest-remainder method), so the
/// parts always add up to the amount exactly. A fully paid invoice gives each category exactly
/// its share of the total.
public enum Attribution {
    /// Splits `amount` over non-negative `weights` in proportion, by largest remainder; the parts
    /// sum to `amount`. With no weight at all, the first entry takes everything.
    public static func split(_ amount: Int64, weights: [Int64]) -> [Int64] {
        guard !weights.isEmpty else { return [] }
        let sum = weights.reduce(Int128(0)) { $0 + Int128(max(0, $1)) }
        guard sum > 0 else {
            var parts = [Int64](repeating: 0, count: weights.count)
            parts[0] = amount
            return parts
        }
        var floors: [Int128] = []
        var remainders: [Int128] = []
        for weight in weights {
            // |amount| < 2^63 and weight < 2^63: the product fits in Int128.
            var (quotient, remainder) = (Int128(amount) * Int128(max(0, weight))).quotientAndRemainder(dividingBy: sum)
            if remainder < 0 {
                quotient -= 1
                remainder += sum
            }
            floors.append(quotient)
            remainders.append(remainder)
        }
        let missing = Int128(amount) - floors.reduce(0, +)
        let order = weights.indices.sorted { remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1 }
        for index in order.prefix(Int(clamping: max(0, missing))) { floors[index] += 1 }
        // Each part lies between 0 and amount, so it fits in Int64.
        return floors.map { Int64($0) }
    }

    /// The share of `document`'s total that falls to each category, in the order categories first
    /// appear in its lines; a line without a category takes the document's (nil if none).
    /// The shares add up to the total exactly.
    public static func categoryShares(of document: Document) -> [(category: String?, amount: Int64)] {
        guard let figures = document.figures else { return [] }
        guard figures.lines.count == document.items.count, !figures.lines.isEmpty else {
            return [(document.category, figures.total)]
        }
        let categories = document.items.map { $0.category ?? document.category }
        var lineGross = [Int64](repeating: 0, count: figures.lines.count)
        for group in figures.breakdown.groups {
            let members = figures.lines.indices.filter { figures.lines[$0].tax == group.taxRate }
            let parts = split(group.taxable + group.tax, weights: members.map { figures.lines[$0].amount })
            for (index, part) in zip(members, parts) { lineGross[index] = part }
        }
        var order: [String?] = []
        var shares: [String?: Int64] = [:]
        for (category, amount) in zip(categories, lineGross) {
            if shares[category] == nil { order.append(category) }
            shares[category, default: 0] += amount
        }
        return order.map { ($0, shares[$0] ?? 0) }
    }

    /// `received` attributed to the document's categories, in proportion to their shares.
    public static func attribute(_ received: Int64, of document: Document) -> [(category: String?, amount: Int64)] {
        let shares = categoryShares(of: document)
        let parts = split(received, weights: shares.map(\.amount))
        return zip(shares, parts).map { ($0.category, $1) }
    }
}
