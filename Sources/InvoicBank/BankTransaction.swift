import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicMoney

/// One movement of money on a bank statement, as `invoic match` sees it whatever the format.
public struct BankTransaction: Sendable, Hashable {
    public enum Direction: String, Sendable, Hashable {
        /// Money in: a client paying.
        case credit
        /// Money out: a refund, or anything else the business paid.
        case debit
    }

    /// Where the transaction is written: the statement file and its line.
    public var file: String
    public var line: Int
    /// The booking date (the value date when the bank gives no booking date).
    public var date: Day
    /// Always positive, in minor units of `currency`; `direction` says which way.
    public var amount: Int64
    public var currency: Currency
    public var direction: Direction
    /// A booking that cancels an earlier one (camt `RvslInd`, MT940 `RC`/`RD`).
    public var isReversal = false
    /// Booked (camt `BOOK`); a pending or informational entry is listed, never recorded.
    public var isBooked = true
    /// The bank's reference: what a recorded payment carries so that the next run knows it.
    public var reference: String
    /// The payment's free text (unstructured remittance), lines joined by spaces.
    public var remittance: String
    /// A structured creditor reference: ISO 11649 `RF...` or a Swiss QR reference.
    public var structuredReference: String?
    public var counterparty: String?
    public var counterpartyIBAN: String?
    /// Another reference of the same money the bank may repeat when it reverses it (end-to-end id).
    public var endToEndID: String?
    /// The statement's own account as the bank writes it (camt `Acct/Id`, MT940 `:25:`): one
    /// booking exported in two formats is known by it, since its references differ (issue 38).
    public var account: String?

    public init(file: String, line: Int, date: Day, amount: Int64, currency: Currency, direction: Direction,
                reference: String, remittance: String) {
        self.file = file
        self.line = line
        self.date = date
        self.amount = amount
        self.currency = currency
        self.direction = direction
        self.reference = reference
        self.remittance = remittance
    }
}

/// A statement that cannot be read, at the place that breaks it.
public struct StatementError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String
    public var help: String?

    public init(file: String, line: Int? = nil, column: Int? = nil, _ message: String, help: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.help = help
    }

    /// The description with whatever came from the statement (a file name, a field's text)
    /// made safe for a terminal by `printable`.
    public var printableDescription: String {
        let place = [printable(file), line.map(String.init), line == nil ? nil : column.map(String.init)].compactMap { $0 }.joined(separator: ":")
        return "\(place): error: \(printable(message))" + (help.map { "\n  help: \(printable($0))" } ?? "")
    }

    /// `file:line:col: error: message`, then the help, as every invoic diagnostic.
    public var description: String {
        let place = [file, line.map(String.init), line == nil ? nil : column.map(String.init)].compactMap { $0 }.joined(separator: ":")
        return "\(place): error: \(message)" + (help.map { "\n  help: \($0)" } ?? "")
    }
}

/// Amount text as banks write it, to minor units: `1.234,56` with a decimal comma, `1,234.56`
/// with a point, a sign in front or behind (`150,00-`), no Double anywhere.
enum BankAmount {
    enum Sign { case positive, negative }

    static func parse(_ raw: String, decimalComma: Bool, currency: Currency) -> (amount: Int64, sign: Sign)? {
        var text = raw.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{00A0}", with: "").replacingOccurrences(of: " ", with: "")
        var sign = Sign.positive
        if text.hasPrefix("-") || text.hasPrefix("\u{2212}") { sign = .negative; text.removeFirst() } else if text.hasPrefix("+") { text.removeFirst() }
        if text.hasSuffix("-") { sign = .negative; text.removeLast() } else if text.hasSuffix("+") { text.removeLast() }
        if text.hasPrefix("(") && text.hasSuffix(")") { sign = .negative; text = String(text.dropFirst().dropLast()) }
        let (decimal, grouping): (Character, Character) = decimalComma ? (",", ".") : (".", ",")
        // Grouping marks are dropped only where they group thousands, so `1.5` with a decimal
        // comma is refused rather than read as 15.
        let parts = text.split(separator: decimal, omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first else { return nil }
        let groups = whole.split(separator: grouping, omittingEmptySubsequences: false)
        if groups.count > 1, !(1...3).contains(groups[0].count) || groups.dropFirst().contains(where: { $0.count != 3 }) { return nil }
        let plain = groups.joined() + (parts.count == 2 ? "." + parts[1] : "")
        guard !plain.isEmpty, plain.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              case .success(let number) = DecimalNumber.parse(plain), number.normalized.scale <= currency.exponent,
              let minor = number.normalized.minorUnits(in: currency) else { return nil }
        return (minor, sign)
    }
}

/// Letters and digits only, upper case: how references and invoice numbers are compared when a
/// bank may have dropped spaces, hyphens or slashes or changed the case.
func folded(_ text: String) -> String {
    String(text.uppercased().unicodeScalars.filter { $0.isASCII && CharacterSet.alphanumerics.contains($0) }.map(Character.init))
}


/// A stable reference for a transaction whose bank gave none: FNV-1a over what identifies it,
/// so the same statement read again gives the same reference.
func syntheticReference(_ parts: [String]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in parts.joined(separator: "\u{1F}").utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return "invoic-" + String(repeating: "0", count: 16 - hex.count) + hex
}
