import InvoicBook
import InvoicMoney

/// Why a file is not received: no e-invoice, or one that cannot be read. Nothing is written.
public struct Refusal: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var help: String
    public init(_ message: String, help: String) {
        self.message = message
        self.help = help
    }
    public var description: String { message }
}

/// Reads the XML of an e-invoice into a `ReceivedDocument`: UBL 2.1 `Invoice` and `CreditNote`
/// (EN 16931, XRechnung, Peppol BIS) and CII D16B `CrossIndustryInvoice` (Factur-X / ZUGFeRD of
/// every profile, XRechnung CII). The syntax is told by the root element.
public enum EInvoiceReader {
    public static func read(_ bytes: [UInt8]) throws(Refusal) -> ReceivedDocument {
        let all = try readAll(bytes)
        guard all.count == 1 else {
            throw Refusal("a FatturaPA batch of \(all.count) invoices, where one was expected", help: "receive the file with `invoic receive`, which takes each of its invoices")
        }
        return all[0]
    }

    /// Every e-invoice in `bytes`: one, or each invoice of a FatturaPA batch (lotto).
    public static func readAll(_ bytes: [UInt8]) throws(Refusal) -> [ReceivedDocument] {
        let root: XElement
        do {
            root = try XMLReader.parse(bytes)
        } catch {
            throw Refusal("no readable e-invoice: \(error.message)",
                          help: "an e-invoice is UBL or CII XML without a DOCTYPE; ask the supplier to send it again")
        }
        var reading = Reading()
        let document: ReceivedDocument
        // The root's local name alone is not enough: FeRD's drafts before ZUGFeRD 1.0 call theirs
        // `Invoice` too (namespace urn:un:unece:uncefact:data:standard:CBFBUY:5), and reading one
        // as UBL would refuse it for a missing cbc:ID instead of saying what it is.
        if let namespace = root.namespace, let expected = namespaces[root.name], namespace != expected {
            throw Refusal("no e-invoice invoic reads: the root element `\(root.name)` is in the namespace `\(namespace)`, not \(expected)",
                          help: "invoic receives EN 16931 invoices (UBL 2.1, UN/CEFACT CII D16B: XRechnung, Peppol BIS, Factur-X / ZUGFeRD 2); ask the supplier for one of them")
        }
        if root.name == "FatturaElettronica" {
            guard root.namespace == nil || root.namespace == FatturaPA.namespace else {
                throw Refusal("no FatturaPA: the root element `FatturaElettronica` is in the namespace `\(root.namespace ?? "")`, not \(FatturaPA.namespace)",
                              help: "invoic receives FatturaPA 1.2 (FPR12, FPA12); ask the supplier for the file the SdI delivered")
            }
            return try FatturaPA(root: root).read(&reading)
        }
        // Poland's FA(3), as KSeF delivers it; its older FA(2) (namespace .../2023/06/29/12648/) is refused.
        if root.name == "Faktura" {
            guard root.namespace == FA3.namespace else {
                throw Refusal("no FA(3): the root element `Faktura` is in the namespace `\(root.namespace ?? "")`, not \(FA3.namespace)",
                              help: "invoic receives Poland's FA(3) (KSeF since 1 February 2026); FA(2) and older are no longer issued: ask the supplier for the FA(3) file KSeF holds")
            }
            var result = try FA3(root: root).read(&reading)
            result.readingProblems = reading.problems
            return [result]
        }
        switch root.name {
        case "Invoice", "CreditNote":
            document = try UBL(root: root, isCreditNote: root.name == "CreditNote").read(&reading)
        case "CrossIndustryInvoice":
            document = try CII(root: root).read(&reading)
        case "CrossIndustryDocument":
            throw Refusal("a ZUGFeRD 1.0 invoice (CrossIndustryDocument), which invoic does not read",
                          help: "ask the supplier for ZUGFeRD 2 / Factur-X, XRechnung or Peppol BIS (EN 16931), which replaced it")
        default:
            throw Refusal("no e-invoice: the XML's root element is `\(root.name)`, not a UBL Invoice or CreditNote or a CII CrossIndustryInvoice",
                          help: "invoic receives EN 16931 invoices (UBL, CII, XRechnung, Peppol BIS, Factur-X / ZUGFeRD)")
        }
        var result = document
        result.readingProblems = reading.problems
        // The schema is judged on the bytes as received, after the reading (which knows BT-24,
        // whose Factur-X profile picks the CII schema).
        result.readingProblems += SchemaFindings.check(bytes, root: root.name, guideline: result.customization)
        result.readingProblems += SyntaxRule.check(root)
        // Factur-X's profile rules, as einvoice-check runs them over every CII (by the profile the
        // schema was picked by).
        result.readingProblems += FacturXRule.check(root, level: SchemaFindings.facturXLevel(result.customization) ?? "en16931")
        return [result]
    }

    /// The namespace each root element must be in (where one is declared).
    static let namespaces = [
        "Invoice": "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
        "CreditNote": "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
        "CrossIndustryInvoice": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
    ]

    /// Type codes of UNCL 1001 that EN 16931 counts as credit notes.
    static let creditNoteCodes: Set<String> = ["81", "83", "261", "262", "296", "308", "381", "396", "420", "458", "532"]
}

/// The business term and the rule that requires the amount of an allowance or charge: BR-31 /
/// BR-36 on the document (BT-92 / BT-99), BR-41 / BR-43 on a line (BT-136 / BT-141).
struct AllowanceChargeRule {
    let field: String, rule: String, what: String
    init(isCharge: Bool, onLine: Bool) {
        switch (isCharge, onLine) {
        case (false, false): (field, rule, what) = ("BT-92", "BR-31", "a document allowance's amount")
        case (true, false): (field, rule, what) = ("BT-99", "BR-36", "a document charge's amount")
        case (false, true): (field, rule, what) = ("BT-136", "BR-41", "a line allowance's amount")
        case (true, true): (field, rule, what) = ("BT-141", "BR-43", "a line charge's amount")
        }
    }
}

/// What reading found against the rules of the syntax (figures with too many decimals).
struct Reading {
    var problems: [Finding] = []

    /// An amount of `currency`, exact when it has at most the currency's decimals; otherwise
    /// rounded half away from zero and reported (BR-DEC: amounts have at most two decimals).
    /// Why an amount the document must have was not read although it is there (`money` gave
    /// nil): it is no number, or too large; quoted, with its line. Nil when it is absent.
    func malformed(_ element: XElement?, _ what: String) -> Refusal? {
        guard let element, !element.text.isEmpty else { return nil }
        let shown = element.text.count > 40 ? String(element.text.prefix(40)) + "…" : element.text
        let problem: String
        if case .success = Reading.parse(element.text) { problem = "is too large for an amount" } else { problem = "is not a number" }
        return Refusal("\(what) `\(shown)` (line \(element.line)) \(problem)",
                       help: "an amount is digits with a point before the decimals, e.g. 119.00; ask the supplier for a corrected invoice")
    }

    mutating func money(_ element: XElement?, _ currency: Currency, field: String) -> Money? {
        guard let element, !element.text.isEmpty else { return nil }
        guard case .success(let number) = Reading.parse(element.text) else {
            problems.append(Finding(rule: "syntax", message: "\(field) `\(element.text)` (line \(element.line)) is not a number; read as absent"))
            return nil
        }
        if let units = number.minorUnits(in: currency) { return Money(units, currency) }
        let rounded = number.scale > currency.exponent
            ? PowersOfTenInbox.value(number.scale - currency.exponent).map { RoundingRule.halfAwayFromZero.divide(number.significand, by: $0) } : nil
        guard let rounded, rounded.magnitude <= UInt128(MoneyLimits.largestPrintable) else {
            problems.append(Finding(rule: "syntax", message: "\(field) \(element.text) (line \(element.line)) is too large for an amount; read as absent"))
            return nil
        }
        problems.append(Finding(rule: "BR-DEC", message: "\(field) \(element.text) (line \(element.line)) has more decimals than \(currency.code) has; read as \(MoneyFormat.plain(Int64(clamping: rounded), currency))"))
        return Money(Int64(clamping: rounded), currency)
    }

    /// An amount the rules require (BT-116, BT-117, BT-131): when absent it is reported under
    /// `rule` and read as zero, so the rest of the document can still be checked.
    mutating func money(_ element: XElement?, _ currency: Currency, field: String, required rule: String, _ what: String) -> Money {
        if let value = money(element, currency, field: field) { return value }
        if element?.text.isEmpty ?? true { problems.append(Finding(rule: rule, message: "\(what) (\(field)) is missing; read as 0")) }
        return Money(0, currency)
    }

    /// The written value of an amount, exact (no rounding to the currency), or nil.
    func exact(_ element: XElement?) -> DecimalNumber? {
        guard let text = element?.text, case .success(let number) = Reading.parse(text) else { return nil }
        return number
    }

    /// A quantity, price or rate; one that is there but no number is reported, never dropped in
    /// silence.
    mutating func decimal(_ element: XElement?) -> DecimalNumber? {
        guard let element, !element.text.isEmpty else { return nil }
        guard case .success(let number) = Reading.parse(element.text) else {
            problems.append(Finding(rule: "syntax", message: "\(element.name) `\(element.text)` (line \(element.line)) is not a number; read as absent"))
            return nil
        }
        return number
    }

    /// A number as XML Schema's xs:decimal writes it (the type of every amount, quantity and
    /// rate of UBL and CII, and what the CEN rules compute with): `336.`, `.9` and `-.5` are
    /// decimals there, though a book's own numbers are stricter (DecimalNumber.parse). No
    /// exponent, no comma: `3.369E2` and `336,90` are no xs:decimal.
    static func parse(_ text: String) -> Result<DecimalNumber, DecimalParseError> {
        var body = Substring(text)
        var sign = ""
        if let first = body.first, first == "+" || first == "-" { sign = String(first); body = body.dropFirst() }
        // One point with a digit on at least one side; the missing side is read as no digits.
        if body.filter({ $0 == "." }).count == 1, body.count > 1 {
            if body.hasPrefix(".") { body = "0" + body } else if body.hasSuffix(".") { body = body.dropLast() }
        }
        return DecimalNumber.parse(sign + body)
    }
}

/// `2026-11-03` (UBL) or `20261103` (CII format 102), or the first ten characters of a date-time.
func day(_ text: String?) -> Day? {
    guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
    if text.count == 8, text.allSatisfy(\.isNumber) {
        let digits = Array(text)
        return Day("\(String(digits[0..<4]))-\(String(digits[4..<6]))-\(String(digits[6..<8]))")
    }
    return Day(text.prefix(10))
}

extension Int64 {
    init(clamping value: Int128) {
        self = value > Int128(Int64.max) ? Int64.max : value < Int128(-Int64.max) ? -Int64.max : Int64(value)
    }
}

import Foundation

/// Base64 as attachments carry it (line breaks and spaces inside are allowed).
func base64Bytes(_ text: String) -> [UInt8]? {
    Data(base64Encoded: text.filter { !$0.isWhitespace }).map { [UInt8]($0) }
}
