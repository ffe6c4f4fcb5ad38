import InvoicEInvoice
import InvoicMoney

/// EN 16931's rules of each VAT category (UNCL 5305): BR-S, BR-Z, BR-E, BR-AE, BR-IC (K), BR-G,
/// BR-O, BR-AF (L, IGIC) and BR-AG (M, IPSI), numbered alike (01 the breakdown group, 02 to 04 the
/// seller's and buyer's identifiers, 05 to 07 the rate of a line, allowance and charge, 08 the
/// group's taxable amount, 09 its tax, 10 its exemption reason), plus BR-IC-11/12 and BR-O-11 to 14.
/// One table row per category says how its rules differ; each test is written from CEN's
/// compiled schematron (EN16931-UBL-validation.xslt for UBL, the Factur-X EN 16931 schematron,
/// which carries CEN's CII rules, for CII), where the two syntaxes' artefacts word a rule
/// differently the check follows the document's. Every one is `fatal` in both. CEN has no BR-IG
/// or BR-IP rules: IGIC and IPSI are BR-AF and BR-AG.
enum CategoryRules {
    /// What rules 02 to 04 ask of the parties when a line, allowance or charge is of the category.
    enum Identifiers {
        /// The seller's VAT identifier (BT-31), tax registration (BT-32) or tax representative's
        /// VAT identifier (BT-63): S, Z, E, L, M.
        case seller
        /// The same, and the buyer's VAT identifier (BT-48) or legal registration (BT-47): AE.
        case sellerAndBuyerOrLegal
        /// The seller's VAT identifier (BT-31) or its representative's (BT-63), and the buyer's
        /// VAT identifier (BT-48): K.
        case sellerVATAndBuyerVAT
        /// The seller's VAT identifier (BT-31) or its representative's (BT-63): G.
        case sellerVAT
        /// None of BT-31, BT-63, BT-48: O (the supply is outside VAT).
        case noVAT
    }

    /// What rules 05 to 07 ask of the rate (BT-152, BT-96, BT-103).
    enum RateRule { case positive, zero, nonNegative, absent }

    struct Category {
        /// UNCL 5305 code and the part of the rule ids.
        var code: String
        var rules: String
        /// CEN's name of the category, as its rule texts say it.
        var name: String
        /// Rule 01: the breakdown has exactly one group of the category (Z, E, AE, K, G, O), or at
        /// least one (S, L, M: one per rate).
        var oneGroup: Bool
        var identifiers: Identifiers
        var rate: RateRule
        /// Rules 08 and 09: a taxed category's groups are per rate, their taxable amount within
        /// CEN's ±1 of the lines' and their tax the taxable amount times the rate; an untaxed
        /// category's one group is the lines' sum and its tax 0.
        var taxed: Bool
        /// Rule 10: the group must give (true) or must not give (false) an exemption reason.
        var exemption: Bool
    }

    static let table: [Category] = [
        Category(code: "S", rules: "S", name: "standard rated", oneGroup: false, identifiers: .seller, rate: .positive, taxed: true, exemption: false),
        Category(code: "Z", rules: "Z", name: "zero rated", oneGroup: true, identifiers: .seller, rate: .zero, taxed: false, exemption: false),
        Category(code: "E", rules: "E", name: "exempt from VAT", oneGroup: true, identifiers: .seller, rate: .zero, taxed: false, exemption: true),
        Category(code: "AE", rules: "AE", name: "reverse charge", oneGroup: true, identifiers: .sellerAndBuyerOrLegal, rate: .zero, taxed: false, exemption: true),
        Category(code: "K", rules: "IC", name: "intra-community supply", oneGroup: true, identifiers: .sellerVATAndBuyerVAT, rate: .zero, taxed: false, exemption: true),
        Category(code: "G", rules: "G", name: "export outside the EU", oneGroup: true, identifiers: .sellerVAT, rate: .zero, taxed: false, exemption: true),
        Category(code: "O", rules: "O", name: "not subject to VAT", oneGroup: true, identifiers: .noVAT, rate: .absent, taxed: false, exemption: true),
        Category(code: "L", rules: "AF", name: "IGIC", oneGroup: false, identifiers: .seller, rate: .nonNegative, taxed: true, exemption: false),
        Category(code: "M", rules: "AG", name: "IPSI", oneGroup: false, identifiers: .seller, rate: .nonNegative, taxed: true, exemption: false),
    ]

    static func category(_ code: String?) -> Category? { table.first { $0.code == code } }

    /// UNCL 5305's codes as CEN's code-list rules (BR-CL-17, BR-CL-18) list them: the table's and
    /// B (Italy's split payment, which has no BR-x rules of its own but BR-B-01 and 02).
    static let codeList: Set<String> = Set(table.map(\.code) + ["B"])

    /// The rules whose context is the whole document (01 to 07, BR-IC-11/12, BR-O-11 to 14).
    static func document(_ received: ReceivedInvoice) -> [Finding] {
        var findings: [Finding] = []
        func add(_ rule: String, _ message: String) { findings.append(Finding(rule: rule, message: message)) }
        let document = received.model
        let cii = received.syntax == .cii
        let allowances = document.allowancesCharges.filter { !$0.isCharge }, charges = document.allowancesCharges.filter(\.isCharge)
        let seller = document.seller, buyer = document.buyer
        let representativeVAT = document.taxRepresentative?.vatID
        let sellerAny = seller.vatID != nil || seller.taxNumber != nil || representativeVAT != nil
        let sellerVAT = seller.vatID != nil || representativeVAT != nil

        for category in table {
            let lines = document.lines.filter { $0.statedCategory == category.code }
            let ownAllowances = allowances.filter { $0.statedCategory == category.code }
            let ownCharges = charges.filter { $0.statedCategory == category.code }
            let groups = document.taxGroups.filter { $0.statedCategory == category.code }.count
            let used = !lines.isEmpty || !ownAllowances.isEmpty || !ownCharges.isEmpty
            let id = "BR-\(category.rules)"

            // 01. CEN's UBL test counts the breakdown's own category too (a single group no line
            // uses passes, and a taxed category's group that nothing uses fails); its CII test
            // asks for a group once a line or allowance uses the category.
            let broken01: Bool
            if category.oneGroup {
                if cii { broken01 = category.code == "O" ? (groups > 1 || (groups == 1 && !used)) : !(groups == 0 && !used) && !(groups == 1 && used) }
                else { broken01 = (used || groups > 0) && groups != 1 }
            } else if cii {
                // Factur-X counts the line's (or allowance's) tax and the breakdown's together.
                broken01 = groups == 0 && (lines.count == 1 || ownAllowances.count + ownCharges.count == 1)
            } else {
                broken01 = used ? groups == 0 : groups > 0
            }
            if broken01 {
                let wanted = category.oneGroup ? "exactly one VAT breakdown group (BG-23)" : "a VAT breakdown group (BG-23)"
                add("\(id)-01", used ? "lines, allowances or charges are \(category.name) (\(category.code)) but the document has \(groups) \(category.code) groups in its VAT breakdown; it must have \(wanted) of the category"
                                     : "the VAT breakdown has \(groups) \(category.code) groups (\(category.name)) but no line, allowance or charge is of the category")
            }

            // 02 to 04.
            let identified: Bool
            let who: String
            switch category.identifiers {
            case .seller:
                identified = sellerAny
                who = "the seller's VAT identifier (BT-31), tax registration (BT-32) or tax representative's VAT identifier (BT-63)"
            case .sellerAndBuyerOrLegal:
                identified = sellerAny && (buyer.vatID != nil || buyer.legalID != nil)
                who = "the seller's VAT identifier (BT-31), tax registration (BT-32) or tax representative's VAT identifier (BT-63), and the buyer's VAT identifier (BT-48) or legal registration (BT-47)"
            case .sellerVATAndBuyerVAT:
                identified = sellerVAT && buyer.vatID != nil
                who = "the seller's VAT identifier (BT-31) or tax representative's VAT identifier (BT-63), and the buyer's VAT identifier (BT-48)"
            case .sellerVAT:
                identified = sellerVAT
                who = "the seller's VAT identifier (BT-31) or tax representative's VAT identifier (BT-63)"
            case .noVAT:
                identified = seller.vatID == nil && representativeVAT == nil && buyer.vatID == nil
                who = "no VAT identifier: the seller's (BT-31), its tax representative's (BT-63) and the buyer's (BT-48) must be absent"
            }
            if !identified {
                let needs = category.identifiers == .noVAT ? "must have \(who)" : "must name \(who)"
                for (number, used, what) in [("02", !lines.isEmpty, "a line (BG-25)"), ("03", !ownAllowances.isEmpty, "a document allowance (BG-20)"),
                                             ("04", !ownCharges.isEmpty, "a document charge (BG-21)")] where used {
                    add("\(id)-\(number)", "\(what) is \(category.name) (\(category.code)), so the invoice \(needs)")
                }
            }

            // 05 to 07. (Factur-X's CII rule for an IGIC line asks for a rate above zero.)
            let rule = cii && category.code == "L" ? RateRule.positive : category.rate
            func rateBroken(_ rate: DecimalNumber?) -> Bool {
                switch rule {
                case .positive: (rate?.significand ?? 0) <= 0
                case .zero: rate.map { !$0.isZero } ?? true
                case .nonNegative: (rate?.significand ?? -1) < 0
                case .absent: rate != nil
                }
            }
            let wanted = switch rule {
            case .positive: "above zero"
            case .zero: "0"
            case .nonNegative: "0 or above"
            case .absent: "absent"
            }
            func written(_ rate: DecimalNumber?) -> String { rate.map { "\($0.normalized)%" } ?? "missing" }
            for line in lines where rateBroken(line.statedRate) {
                add("\(id)-05", "line \(line.id) is \(category.name) (\(category.code)); its VAT rate (BT-152) is \(written(line.statedRate)), it must be \(wanted)")
            }
            for allowance in ownAllowances where rateBroken(allowance.statedRate) {
                add("\(id)-06", "a document allowance (BG-20) is \(category.name) (\(category.code)); its VAT rate (BT-96) is \(written(allowance.statedRate)), it must be \(wanted)")
            }
            for charge in ownCharges where rateBroken(charge.statedRate) {
                add("\(id)-07", "a document charge (BG-21) is \(category.name) (\(category.code)); its VAT rate (BT-103) is \(written(charge.statedRate)), it must be \(wanted)")
            }
        }

        if document.taxGroups.contains(where: { $0.statedCategory == "K" }) {
            if document.deliveryDate == nil, document.statedPeriod?.start == nil, document.statedPeriod?.end == nil {
                add("BR-IC-11", "the VAT breakdown has an intra-community supply (K) but neither the actual delivery date (BT-72) nor the invoicing period (BG-14) is given")
            }
            if document.deliverTo?.address.country == nil {
                add("BR-IC-12", "the VAT breakdown has an intra-community supply (K) but the deliver-to country (BT-80) is missing")
            }
        }
        if document.taxGroups.contains(where: { $0.statedCategory == "O" }) {
            let otherGroups = document.taxGroups.contains { $0.statedCategory != "O" }
            let otherLines = document.lines.contains { $0.statedCategory != nil && $0.statedCategory != "O" }
            let otherAllowances = allowances.contains { $0.statedCategory != nil && $0.statedCategory != "O" }
            let otherCharges = charges.contains { $0.statedCategory != nil && $0.statedCategory != "O" }
            // The Factur-X schematron tests 11 and 12 both over every tax of the document (groups
            // and lines), and 13 and 14 both over every allowance and charge.
            if cii ? otherGroups || otherLines : otherGroups {
                add("BR-O-11", "the VAT breakdown has a group not subject to VAT (O) and other groups; such an invoice has no other")
            }
            if cii ? otherGroups || otherLines : otherLines {
                add("BR-O-12", "the VAT breakdown has a group not subject to VAT (O) but a line is of another VAT category")
            }
            if cii ? otherAllowances || otherCharges : otherAllowances {
                add("BR-O-13", "the VAT breakdown has a group not subject to VAT (O) but a document allowance is of another VAT category")
            }
            if cii ? otherAllowances || otherCharges : otherCharges {
                add("BR-O-14", "the VAT breakdown has a group not subject to VAT (O) but a document charge is of another VAT category")
            }
        }
        return findings
    }

    /// The rules whose context is one group of the VAT breakdown (08, 09, 10). `withLines` is
    /// false for a profile without lines (MINIMUM, BASIC WL), which has no sums to compare with.
    static func group(_ group: InvoiceModel.TaxGroup, _ category: Category, in received: ReceivedInvoice, withLines: Bool, name: String) -> [Finding] {
        var findings: [Finding] = []
        func add(_ rule: String, _ message: String) { findings.append(Finding(rule: rule, message: message)) }
        let id = "BR-\(category.rules)"
        let document = received.model
        let currency = document.currency
        let cii = received.syntax == .cii
        let rate = group.statedRate, taxable = received.money(group.taxable), tax = received.money(group.amount)

        if category.taxed {
            // 09: CEN's schematron, on magnitudes: |BT-117| within ±1 of |BT-116| x BT-119 rounded
            // to cents; without a rate (BR-48) the product is empty and the rule broken.
            // (The product keeps the rate's sign: a negative rate's is below zero.)
            let magnitude = Int128(Int128(group.amount).magnitude)
            let product = rate.flatMap { Self.tax(Money(Int64(clamping: Int128(group.taxable).magnitude), currency), $0) }
            let unit = PowersOfTenInbox.value(currency.exponent) ?? 1
            if product.map({ ($0 - magnitude).magnitude >= unit.magnitude }) ?? true {
                add("\(id)-09", "\(name)'s tax (BT-117) is \(tax.plain), its taxable amount \(taxable.plain) x \(rate.map { "\($0.normalized)%" } ?? "no rate") is \(product.map { MoneyFormat.plain(Int64(clamping: $0), currency) } ?? "nothing")")
            }
        } else if group.amount != 0 {
            add("\(id)-09", "\(name) is untaxed but its tax (BT-117) is \(tax.plain)")
        }

        // 08: the lines of the category (of the group's rate, for a taxed one), less its document
        // allowances, plus its charges. CEN's UBL test: a taxed group within ±1 of the exact sum
        // (and some line or allowance at its rate; the test's `TaxableAmount - 1` is a double, so
        // a difference of exactly 1.00 passes in practice), an untaxed one equal to it; its CII test: the
        // sums each rounded to cents, a taxed group equal to them, an untaxed one within ±1.
        // A taxed group without a rate is no rate's ("every $rate in ()" holds).
        if withLines, !document.lines.isEmpty, !(category.taxed && rate == nil) {
            let matches = { (code: String?, written: DecimalNumber?) in
                code == category.code && (!category.taxed || (written?.normalized ?? DecimalNumber(integer: 0)) == rate?.normalized)
            }
            let lines = document.lines.filter(\.countsInTotals).filter { matches($0.statedCategory, $0.statedRate) }
            let adjustments = document.allowancesCharges.filter { matches($0.statedCategory, $0.statedRate) }
            let (lineSum, scale) = Findings.exactLineSum(lines, currency)
            let adjustment = adjustments.reduce(Int128(0)) { $0 + ($1.isCharge ? 1 : -1) * Int128($1.amount) }
            let unit = PowersOfTenInbox.value(currency.exponent) ?? 1
            let broken: Bool
            let sumText: String
            if cii {
                let sum = Findings.rounded(lineSum, from: scale, to: currency.exponent) + adjustment
                let difference = (Int128(group.taxable) - sum).magnitude
                broken = category.taxed ? difference != 0 : difference > unit.magnitude
                sumText = MoneyFormat.plain(Int64(clamping: sum), currency)
            } else {
                let up = PowersOfTenInbox.value(scale - currency.exponent) ?? 1
                let sum = lineSum + adjustment * up
                let difference = (Int128(group.taxable) * up - sum).magnitude
                broken = category.taxed ? difference > (unit * up).magnitude || (lines.isEmpty && adjustments.isEmpty) : difference != 0
                sumText = DecimalNumber(significand: sum, scale: scale).map { scale > currency.exponent ? $0.description : MoneyFormat.plain(Int64(clamping: sum), currency) }
                    ?? MoneyFormat.plain(Int64(clamping: sum), currency)
            }
            if broken {
                add("\(id)-08", "\(name)'s taxable amount (BT-116) is \(taxable.plain), its lines, allowances and charges add up to \(sumText)")
            }
        }

        let hasExemption = group.exemptionReason != nil || group.exemptionCode != nil
        if category.exemption && !hasExemption {
            add("\(id)-10", "\(name) (\(category.name)) gives no exemption reason (BT-120) nor code (BT-121)")
        } else if !category.exemption && hasExemption {
            add("\(id)-10", "\(name) (\(category.name)) must not give an exemption reason (BT-120) or code (BT-121)")
        }
        return findings
    }

    /// `taxable` x `rate` % rounded to the currency, half away from zero.
    static func tax(_ taxable: Money, _ rate: DecimalNumber) -> Int128? { Findings.tax(taxable, rate)?.first }
}
