import InvoicEInvoice
import InvoicMoney

/// The EN 16931 business rules checked over a received document, each reported by its rule id:
/// the presence rules (BR-01 to BR-16), the sums of the totals (BR-CO-10 to BR-CO-17), the rules
/// of each VAT category (BR-S/Z/E/AE/IC/G/O/AF/AG-01 to 10 and the rest, `CategoryRules`), the
/// decimals of amounts (BR-DEC), and what a payment needs (BR-CO-25, BR-61). A MINIMUM or BASIC WL
/// Factur-X carries no lines, and a MINIMUM no addresses, tax breakdown, prepaid amount nor
/// payment terms: the rules about
/// those parts are not applied to them (their profiles do not have them).
public enum Findings {
    /// The findings of a document as read: its model's business rules and the envelope's reading.
    public static func check(_ document: ReceivedDocument) -> [Finding] { check(ReceivedInvoice(document)) }

    public static func check(_ received: ReceivedInvoice) -> [Finding] {
        let document = received.model
        var findings = received.readingProblems
        func add(_ rule: String, _ message: String) { findings.append(Finding(rule: rule, message: message)) }
        let currency = document.currency
        func text(_ units: Int128) -> String { MoneyFormat.plain(Int64(clamping: units), currency) }
        func text(_ units: Int64?) -> String { units.map { MoneyFormat.plain($0, currency) } ?? "nothing" }
        let profile = received.profile
        let withoutLines = profile == "MINIMUM" || profile == "BASIC WL"
        let minimum = profile == "MINIMUM"

        if received.customization == nil { add("BR-01", "the specification identifier (BT-24) is missing") }
        // A trading name (BT-28 / BT-45) is no legal name: the rule wants BT-27 / BT-44.
        if document.seller.name.isEmpty || document.seller.nameIsTradingName { add("BR-06", "the seller's name (BT-27) is missing") }
        if document.buyer.name.isEmpty || document.buyer.nameIsTradingName { add("BR-07", "the buyer's name (BT-44) is missing") }
        if !minimum {
            // Without the whole address group the rule is BR-08 / BR-10; CEN's country rules
            // (BR-09 / BR-11) have the address as their context and are not reached then.
            if document.seller.writtenAddressLines == nil { add("BR-08", "the seller's postal address (BG-5) is missing") }
            else if document.seller.address?.country == nil { add("BR-09", "the seller's country code (BT-40) is missing") }
            if profile != "BASIC WL" && profile != "BASIC" {
                if document.buyer.writtenAddressLines == nil { add("BR-10", "the buyer's postal address (BG-8) is missing") }
                else if document.buyer.address?.country == nil { add("BR-11", "the buyer's country code (BT-55) is missing") }
            }
        }
        let statedLines = document.stated(.lineTotal), statedNet = document.stated(.taxExclusive), statedTotal = document.stated(.taxInclusive)
        let statedAllowances = document.stated(.allowanceTotal), statedCharges = document.stated(.chargeTotal), statedTax = document.stated(.taxTotal)
        if statedLines == nil && !minimum { add("BR-12", "the sum of line nets (BT-106) is missing") }
        if statedNet == nil { add("BR-13", "the total without VAT (BT-109) is missing") }
        if statedTotal == nil { add("BR-14", "the total with VAT (BT-112) is missing") }
        if document.lines.isEmpty && !withoutLines { add("BR-16", "the invoice has no line (BG-25)") }

        let summed = document.lines.filter(\.countsInTotals)
        let lineSum = exactSum(summed, currency)
        let allowances = document.allowancesCharges.filter { !$0.isCharge }.reduce(Int128(0)) { $0 + Int128($1.amount) }
        let charges = document.allowancesCharges.filter(\.isCharge).reduce(Int128(0)) { $0 + Int128($1.amount) }
        if !withoutLines, let stated = statedLines, Int128(stated) != lineSum {
            add("BR-CO-10", "the sum of line nets (BT-106) is \(text(stated)), the lines add up to \(text(lineSum))")
        }
        // CEN: BT-107 equals the sum, or neither BT-107 nor any document allowance is there (an
        // allowance of 0.00 without BT-107 breaks it too); BT-108 likewise.
        let hasAllowance = document.allowancesCharges.contains { !$0.isCharge }, hasCharge = document.allowancesCharges.contains(where: \.isCharge)
        if statedAllowances.map({ Int128($0) != allowances }) ?? hasAllowance {
            add("BR-CO-11", "the sum of allowances (BT-107) is \(text(statedAllowances)), the document allowances add up to \(text(allowances))")
        }
        if statedCharges.map({ Int128($0) != charges }) ?? hasCharge {
            add("BR-CO-12", "the sum of charges (BT-108) is \(text(statedCharges)), the document charges add up to \(text(charges))")
        }
        if let lines = statedLines, let net = statedNet {
            let expected = Int128(lines) - Int128(statedAllowances ?? 0) + Int128(statedCharges ?? 0)
            if Int128(net) != expected {
                add("BR-CO-13", "the total without VAT (BT-109) is \(text(net)), BT-106 - BT-107 + BT-108 is \(text(expected))")
            }
        }
        let groupTax = document.taxGroups.reduce(Int128(0)) { $0 + Int128($1.amount) }
        if !document.taxGroups.isEmpty, Int128(statedTax ?? 0) != groupTax {
            add("BR-CO-14", "the VAT total (BT-110) is \(text(statedTax)), the tax breakdown adds up to \(text(groupTax))")
        }
        if let net = statedNet, let total = statedTotal, Int128(total) != Int128(net) + Int128(statedTax ?? 0) {
            add("BR-CO-15", "the total with VAT (BT-112) is \(text(total)), BT-109 + BT-110 is \(text(Int128(net) + Int128(statedTax ?? 0)))")
        }
        // MINIMUM has no element for a prepaid amount, so its amount due may differ from its total.
        // XRechnung's extension adds third-party payments to the amount due (BR-DEX-09, which
        // replaces BR-CO-16 there; KoSIT's business case 05.01a).
        let extensionRule = received.isXRechnungExtension
        if !minimum, let expected = received.dueByFigures(thirdParty: extensionRule) {
            if Int128(document.payable) != expected {
                if extensionRule {
                    add("BR-DEX-09", "the amount due (BT-115) is \(text(document.payable)), BT-112 - BT-113 + BT-114 + the third-party payments (BT-DEX-002) is \(text(expected))")
                } else {
                    add("BR-CO-16", "the amount due (BT-115) is \(text(document.payable)), BT-112 - BT-113 + BT-114 is \(text(expected))")
                }
            }
        }
        for group in document.taxGroups {
            let category = group.statedCategory, rate = group.statedRate
            let taxable = received.money(group.taxable), tax = received.money(group.amount)
            let name = "the \(category) \(rate.map { "\($0.normalized)%" } ?? "") group".replacingOccurrences(of: "  ", with: " ")
            // CEN's test: a group whose rate is absent or rounds to 0 has a tax that rounds to 0
            // (units); any other, its tax within one unit of taxable x rate (the Factur-X
            // schematron's CII test admits exactly one unit, <=; CEN's UBL test does not, <).
            if let rate, !roundsToZero(rate) {
                if let expected = Self.tax(taxable, rate), !withinTolerance(tax, expected[0], inclusive: received.syntax == .cii) {
                    add("BR-CO-17", "\(name)'s tax (BT-117) is \(tax.plain), its taxable amount \(taxable.plain) x \(rate.normalized)% is \(text(expected[0]))")
                }
            } else if let unit = PowersOfTenInbox.value(currency.exponent), 2 * Int128(group.amount) >= unit || 2 * Int128(group.amount) < -unit {
                add("BR-CO-17", "\(name)'s tax (BT-117) is \(tax.plain), but its rate (BT-119) is \(rate.map { "\($0.normalized)%" } ?? "missing"), so it has none")
            }
            // Only the categories of EN 16931 (UNCL 5305's subset) have rules of their own; no BR-x
            // rule is made up for any other code. The code list is judged on the XML where CEN's
            // artefacts judge it: UBL's BR-CL-17 (cac:TaxCategory) and CII's FX-SCH-A-000587 are
            // rows of the syntax tables. A FatturaPA or FA(3) has no such row: its group's code,
            // as its reader mapped it, is held to the same list here, under the same id.
            guard let rules = CategoryRules.category(category) else {
                if received.syntax != .ubl, received.syntax != .cii, !CategoryRules.codeList.contains(category) {
                    add("BR-CL-17", "\(name)'s VAT category code `\(category)` (BT-118) is not one of UNCL 5305's as EN 16931 lists them (S, Z, E, AE, K, G, O, L, M, B)")
                }
                continue
            }
            findings += CategoryRules.group(group, rules, in: received, withLines: !withoutLines, name: name)
        }
        findings += CategoryRules.document(received)
        if !minimum, document.seller.vatID == nil, document.seller.legalID == nil, document.seller.writtenIdentifiers.isEmpty {
            add("BR-CO-26", "the seller is identified by neither a VAT identifier (BT-31), a legal registration (BT-30) nor an identifier (BT-29)")
        }
        // CEN's UBL rules never fire BR-CO-25 on a UBL CreditNote (their unit tests say so; an
        // amount due on a credit note is the seller's to pay back, and UBL's credit note has no
        // cbc:DueDate). The Factur-X rules check it on every CII document, credit notes too.
        let ublCreditNote = received.syntax == .ubl && document.kind == .creditNote
        if !minimum, !ublCreditNote, document.payable > 0, document.dueDate == nil, document.paymentTerms == nil {
            add("BR-CO-25", "an amount is due but neither a due date (BT-9) nor payment terms (BT-20) are given")
        }
        if let code = document.paymentMeans?.code, ["30", "58"].contains(code), received.accounts.isEmpty {
            add("BR-61", "the payment means is a credit transfer (\(code)) but no account to pay to (BT-84) is given")
        }
        return findings
    }

    /// BR-CO-17 as CEN's schematron tests it: the stated tax may differ from the taxable amount
    /// times the rate, rounded to two decimals, by less than one unit of the currency (writers that
    /// compute the tax per line and add it up are a few cents off the group's product, and every
    /// validator accepts them); a difference of a whole unit or more breaks the rule.
    static func withinTolerance(_ stated: Money, _ expected: Int128, inclusive: Bool = false) -> Bool {
        guard let unit = PowersOfTenInbox.value(stated.currency.exponent) else { return true }
        let difference = Int128(stated.minorUnits).magnitude > expected.magnitude
            ? Int128(stated.minorUnits).magnitude - expected.magnitude : expected.magnitude - Int128(stated.minorUnits).magnitude
        return inclusive ? difference <= unit.magnitude : difference < unit.magnitude
    }

    /// Whether XPath's `round(rate)` is 0: -0.5 <= rate < 0.5.
    static func roundsToZero(_ rate: DecimalNumber) -> Bool {
        guard let half = PowersOfTenInbox.value(rate.scale).map({ $0 * 5 }) else { return false }
        return 10 * rate.significand >= -half && 10 * rate.significand < half
    }

    /// `taxable` x `rate` % rounded to the currency, half up and half even (the rule's XPath
    /// rounds half up; writers that round half even differ by a cent only on an exact half).
    static func tax(_ taxable: Money, _ rate: DecimalNumber) -> [Int128]? {
        guard let factor = PowersOfTenInbox.value(rate.scale + 2) else { return nil }
        let product = Int128(taxable.minorUnits) * rate.significand
        return [RoundingRule.halfAwayFromZero.divide(product, by: factor), RoundingRule.halfEven.divide(product, by: factor)]
    }

    /// The lines' nets added as written and the sum rounded to the currency (half away from
    /// zero), as CEN's sums do: a line of four decimals is not rounded before it is added.
    static func exactSum(_ lines: [InvoiceModel.Line], _ currency: Currency) -> Int128 {
        let (sum, scale) = exactLineSum(lines, currency)
        return rounded(sum, from: scale, to: currency.exponent)
    }

    /// The lines' nets added as written, at the finest scale any is written with (at least the
    /// currency's): `(sum, scale)`.
    static func exactLineSum(_ lines: [InvoiceModel.Line], _ currency: Currency) -> (sum: Int128, scale: Int) {
        let values = lines.map { $0.exactNet ?? DecimalNumber(significand: Int128($0.net), scale: currency.exponent)! }
        let scale = values.map(\.scale).max().map { max($0, currency.exponent) } ?? currency.exponent
        var sum: Int128 = 0
        for value in values {
            guard let factor = PowersOfTenInbox.value(scale - value.scale) else { continue }
            let (product, overflow) = value.significand.multipliedReportingOverflow(by: factor)
            if !overflow { sum = sum &+ product }
        }
        return (sum, scale)
    }

    /// `value` at `scale` rounded to `target` decimals, half away from zero.
    static func rounded(_ value: Int128, from scale: Int, to target: Int) -> Int128 {
        guard let divisor = PowersOfTenInbox.value(scale - target) else { return value }
        return RoundingRule.halfAwayFromZero.divide(value, by: divisor)
    }
}

enum PowersOfTenInbox {
    static func value(_ exponent: Int) -> Int128? {
        guard exponent >= 0, exponent <= 36 else { return nil }
        var result: Int128 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
