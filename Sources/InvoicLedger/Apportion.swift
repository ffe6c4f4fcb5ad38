/// Splits an amount over parts in proportion to their weights, exactly: each part is the floor
/// of amount x weight / total, and the minor units still missing go one each to the largest
/// remainders (ties to the earlier part), so the parts always sum to the amount. The same
/// largest-remainder rule pricing spreads a fixed discount with (InvoicMoney `Pricing.spread`).
enum Apportion {
    /// `weights` must not be negative; with no positive weight the whole amount goes to the first part.
    static func split(_ amount: Int64, over weights: [Int64]) -> [Int64] {
        guard !weights.isEmpty else { return [] }
        let total = weights.reduce(Int128(0)) { $0 + Int128(max(0, $1)) }
        guard total > 0 else { return [amount] + Array(repeating: 0, count: weights.count - 1) }
        let negative = amount < 0
        let magnitude = Int128(amount.magnitude)
        var floors: [Int128] = [], remainders: [Int128] = []
        for weight in weights {
            let (quotient, remainder) = (magnitude * Int128(max(0, weight))).quotientAndRemainder(dividingBy: total)
            floors.append(quotient)
            remainders.append(remainder)
        }
        let missing = magnitude - floors.reduce(0, +)
        let order = weights.indices.sorted { remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1 }
        for index in order.prefix(Int(missing)) { floors[index] += 1 }
        // Each part is at most |amount|, so it fits where the amount did.
        return floors.map { negative ? -Int64($0) : Int64($0) }
    }
}
