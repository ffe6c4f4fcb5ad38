import InvoicMoney

/// Where the goods or services went when it is not the buyer's address (EN 16931 BG-13, BG-15):
/// `deliver_to:` of a document, or of its client by default.
public struct DeliveryPlace: Sendable, Hashable {
    public var name: String?
    public var address: Address?

    public init(name: String? = nil, address: Address? = nil) {
        self.name = name
        self.address = address
    }
}

/// How the invoice is to be paid (EN 16931 BT-81, UNCL 4461): `payment_means:` of a document,
/// its client or `defaults:`, as a code or a word. Without one, an invoice of a book whose
/// account is an IBAN is paid by SEPA credit transfer (58), with another account by transfer (30).
public struct PaymentMeans: Sendable, Hashable, CustomStringConvertible {
    /// The UNCL 4461 code, e.g. "58".
    public let code: String

    public init(code: String) { self.code = code }

    public static let cash = PaymentMeans(code: "10")
    public static let creditTransfer = PaymentMeans(code: "30")
    public static let sepaCreditTransfer = PaymentMeans(code: "58")
    public static let sepaDirectDebit = PaymentMeans(code: "59")
    public static let directDebit = PaymentMeans(code: "49")
    public static let bankCard = PaymentMeans(code: "48")

    /// The words a book may write for the common codes.
    public static let words: KeyValuePairs<String, PaymentMeans> = [
        "sepa-credit-transfer": .sepaCreditTransfer, "credit-transfer": .creditTransfer, "sepa-direct-debit": .sepaDirectDebit,
        "direct-debit": .directDebit, "card": .bankCard, "cash": .cash,
    ]

    /// A code or word as written: `58`, `sepa-credit-transfer`; nil when it is neither a UNCL 4461
    /// code (1 to 97, ZZZ) nor one of the words.
    public init?(written text: String) {
        let folded = text.lowercased().replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: " ", with: "-")
        if let known = Self.words.first(where: { $0.key == folded }) {
            self = known.value
        } else if let number = Int(text), (1...97).contains(number), text.first != "0" || text == "0" {
            self.init(code: String(number))
        } else if text == "ZZZ" {
            self.init(code: text)
        } else {
            return nil
        }
    }

    /// A transfer to the seller's account (BT-84 required, BR-61).
    public var isTransfer: Bool { ["30", "58", "31", "42"].contains(code) }
    public var isDirectDebit: Bool { ["49", "59"].contains(code) }
    public var isCard: Bool { ["48", "54", "55"].contains(code) }

    public var description: String { code }
}

/// `tax_currency: {code, rate}`: a second currency the VAT total must be stated in (EN 16931 BT-6,
/// BT-111), e.g. the seller's national currency on an invoice in another: only the VAT total,
/// `round(tax x rate)`, is computed and printed; the rate itself is the book's to know.
public struct TaxCurrency: Sendable, Hashable {
    public var currency: Currency
    /// Units of `currency` per unit of the document's currency, e.g. 10.4852 SEK per EUR.
    public var rate: DecimalNumber

    public init(currency: Currency, rate: DecimalNumber) {
        self.currency = currency
        self.rate = rate
    }
}

/// What kind of invoice (EN 16931 BT-3): a commercial invoice (380, the default), a prepayment
/// (deposit) invoice (386), or one the buyer issues for the seller (self-billed, 389).
public enum InvoiceType: String, Sendable, CaseIterable {
    case commercial, prepayment, selfBilled = "self-billed"

    /// The UNCL 1001 code.
    public var code: String {
        switch self {
        case .commercial: "380"
        case .prepayment: "386"
        case .selfBilled: "389"
        }
    }
}
