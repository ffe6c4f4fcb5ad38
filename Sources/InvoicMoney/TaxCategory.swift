/// The VAT category of a tax group (UNCL 5305; EN 16931 BT-118, BT-151): what the law says about
/// the tax of the lines in it, beside the rate.
public enum TaxCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    case standard = "S"
    case zero = "Z"
    case exempt = "E"
    case reverseCharge = "AE"
    case intraCommunity = "K"
    case export = "G"
    case outsideScope = "O"
    /// Canary Islands IGIC.
    case canaryIslands = "L"
    /// Ceuta and Melilla IPSI.
    case ceutaMelilla = "M"
    /// Italian split payment.
    case splitPayment = "B"

    /// The word a book writes for the category in `tax:` (the rare ones only as `{category: L}`).
    public var word: String? {
        switch self {
        case .zero: return "zero"
        case .exempt: return "exempt"
        case .reverseCharge: return "reverse-charge"
        case .intraCommunity: return "intra-eu"
        case .export: return "export"
        case .outsideScope: return "outside-scope"
        case .standard, .canaryIslands, .ceutaMelilla, .splitPayment: return nil
        }
    }

    public static func named(_ word: String) -> TaxCategory? {
        allCases.first { $0.word == word || $0.rawValue == word }
    }

    /// Categories whose rate is always 0 %: no tax is charged on their lines.
    public var isUntaxed: Bool {
        switch self {
        case .zero, .exempt, .reverseCharge, .intraCommunity, .export, .outsideScope: return true
        case .standard, .canaryIslands, .ceutaMelilla, .splitPayment: return false
        }
    }

    /// Categories that must say why no VAT is charged (BT-120/BT-121: BR-E-10, BR-AE-10,
    /// BR-IC-10, BR-G-10, BR-O-10); a standard or zero-rated group must not (BR-S-10, BR-Z-10).
    public var needsExemptionReason: Bool {
        switch self {
        case .exempt, .reverseCharge, .intraCommunity, .export, .outsideScope: return true
        default: return false
        }
    }

    public static func < (a: TaxCategory, b: TaxCategory) -> Bool { a.rawValue < b.rawValue }
}

/// The tax of a line or a group: a category and its rate. `20%` is standard-rated, `0%` zero-rated.
public struct TaxRate: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var category: TaxCategory
    public var rate: Rate

    public init(_ category: TaxCategory, _ rate: Rate = .zero) {
        self.category = category
        self.rate = rate
    }

    /// A rate written alone: standard-rated, or zero-rated at 0 %.
    public init(rate: Rate) {
        self.init(rate.isZero ? .zero : .standard, rate)
    }

    public var isZero: Bool { rate.isZero }

    /// As a book writes it: `20%`, `0%`, `reverse-charge`, `L 7%`.
    public var description: String {
        switch category {
        case .standard, .zero: return rate.description
        default: return category.word ?? "\(category.rawValue) \(rate)"
        }
    }

    /// By rate, then category, so a book's groups come out in the same order every time.
    public static func < (a: TaxRate, b: TaxRate) -> Bool {
        a.rate != b.rate ? a.rate < b.rate : a.category < b.category
    }
}
