import InvoicMoney

/// A tax the client withholds from what it pays and hands to the tax office on the seller's
/// behalf: Spain's retención de IRPF on a professional's invoice, Italy's ritenuta d'acconto
/// (RT01, RT02). `withholding: [{ kind: IRPF, rate: 15% }]` on the book's defaults, a client, a
/// document or a line. The kind is the tax's name as the country's forms write it, and the rate is
/// what the book says: invoic knows no rate (the law changes them; docs/spain.md lists 2026's).
public struct Withholding: Sendable, Hashable {
    /// `IRPF`, `RT01`, ...: printed, and the journal's sub-account (`Assets:Withholding:IRPF`).
    public var kind: String
    public var rate: Rate

    public init(kind: String, rate: Rate) {
        self.kind = kind
        self.rate = rate
    }
}

/// One withholding of a priced document: the kind and rate, the base it was computed on (the
/// taxable amount of the lines it applies to) and the amount withheld, rounded once.
public struct WithheldTax: Sendable, Hashable {
    public var withholding: Withholding
    public var kind: String { withholding.kind }
    public var rate: Rate { withholding.rate }
    public var base: Int64
    public var amount: Int64

    public init(withholding: Withholding, base: Int64, amount: Int64) {
        self.withholding = withholding
        self.base = base
        self.amount = amount
    }
}
