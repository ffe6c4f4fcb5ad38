/// Electronic addresses (BT-34, BT-49: `scheme:id`, the Peppol participant) and Leitweg-IDs.
extension Identifiers {
    /// The Electronic Address Scheme codes (CEF EAS code list) invoic accepts: every code of the
    /// list, so an address under a scheme invoic has no check for is still taken as written.
    static let electronicAddressSchemes: Set<String> = [
        "0002", "0007", "0009", "0037", "0060", "0088", "0096", "0097", "0106", "0130", "0135", "0142", "0147",
        "0151", "0154", "0158", "0170", "0177", "0183", "0184", "0188", "0190", "0191", "0192", "0193", "0194",
        "0195", "0196", "0198", "0199", "0200", "0201", "0202", "0203", "0204", "0205", "0208", "0209", "0210",
        "0211", "0212", "0213", "0215", "0216", "0217", "0218", "0219", "0220", "0221", "0225", "0230", "0235",
        "0240", "9901", "9910", "9913", "9914", "9915", "9918", "9919", "9920", "9922", "9923", "9924", "9925",
        "9926", "9927", "9928", "9929", "9930", "9931", "9932", "9933", "9934", "9935", "9936", "9937", "9938",
        "9939", "9940", "9941", "9942", "9943", "9944", "9945", "9946", "9947", "9948", "9949", "9950", "9951",
        "9952", "9953", "9957", "9959", "AN", "AQ", "AS", "AU", "EM",
    ]

    /// The scheme of `scheme:id` as written (upper-cased), or nil when there is no `:`.
    public static func electronicAddressScheme(_ text: String) -> String? {
        let parts = text.split(separator: ":", maxSplits: 1)
        return parts.count == 2 ? String(parts[0]).trimmingWhitespace.uppercased() : nil
    }

    /// Whether Peppol delivers to `scheme` (PEPPOL-EN16931-CL008): Peppol's participant scheme list
    /// holds the numeric codes of the EAS list only; its letter codes (EM e-mail, AN, AQ, AS, AU)
    /// are EN 16931 addresses no Peppol access point routes to.
    public static func isPeppolScheme(_ scheme: String) -> Bool {
        electronicAddressSchemes.contains(scheme) && scheme.allSatisfy(\.isNumber)
    }

    /// EAS codes whose identifier is a VAT number of one country.
    static let vatSchemes: [String: String] = [
        "9914": "AT", "9925": "BE", "9930": "DE", "9931": "EE", "9933": "EL", "9920": "ES", "9957": "FR",
        "9906": "IT", "9944": "NL", "9945": "PL", "9955": "SE", "9902": "DK", "9934": "HR", "9935": "IE",
    ]

    /// What is wrong with `scheme:id`, or nil: a known scheme, and the id's check digits where the
    /// scheme has them (0208 Belgian enterprise number, 0088 GLN, 0192 Norwegian organisation
    /// number, 0184 Danish CVR, 0007 Swedish organisation number, 0009 SIRET, 0002 SIRENE,
    /// 0204 Leitweg-ID, VAT number schemes).
    public static func electronicAddressProblem(_ text: String) -> String? {
        let parts = text.split(separator: ":", maxSplits: 1).map { String($0).trimmingWhitespace }
        guard parts.count == 2, !parts[1].isEmpty else {
            return "an electronic address is SCHEME:ID, e.g. 0208:0123456749 (Belgian enterprise number) or 9930:DE136695976"
        }
        let scheme = parts[0].uppercased(), id = parts[1]
        guard electronicAddressSchemes.contains(scheme) else {
            return "`\(parts[0])` is not a scheme of the EAS code list (0208, 0088, 9930, ... EM for e-mail)"
        }
        let compact = compact(id)
        func numeric(_ length: Int, _ name: String) -> [Int]? {
            compact.count == length ? digits(Substring(compact)) : nil
        }
        switch scheme {
        case "0208":
            guard let digits = numeric(10, "enterprise number"), digits[0] <= 1 else { return "a 0208 address is a 10-digit Belgian enterprise number" }
            return 97 - digits.prefix(8).reduce(0) { $0 * 10 + $1 } % 97 == digits[8] * 10 + digits[9] ? nil : checkDigitWords
        case "0088":
            guard let digits = numeric(13, "GLN") else { return "a 0088 address is a 13-digit GLN" }
            return gs1(digits) ? nil : checkDigitWords
        case "0192":
            guard let digits = numeric(9, "organisation number") else { return "a 0192 address is a 9-digit Norwegian organisation number" }
            let remainder = zip(digits.prefix(8), [3, 2, 7, 6, 5, 4, 3, 2]).reduce(0) { $0 + $1.0 * $1.1 } % 11
            let check = remainder == 0 ? 0 : 11 - remainder
            return check != 10 && check == digits[8] ? nil : checkDigitWords
        case "0184":
            guard let digits = numeric(8, "CVR") else { return "a 0184 address is an 8-digit Danish CVR number" }
            return zip(digits, [2, 7, 6, 5, 4, 3, 2, 1]).reduce(0) { $0 + $1.0 * $1.1 } % 11 == 0 ? nil : checkDigitWords
        case "0007":
            guard let digits = numeric(10, "organisation number") else { return "a 0007 address is a 10-digit Swedish organisation number" }
            return luhn(digits) ? nil : checkDigitWords
        case "0009":
            guard let digits = numeric(14, "SIRET") else { return "a 0009 address is a 14-digit SIRET" }
            return luhn(digits) ? nil : checkDigitWords
        case "0002":
            guard let digits = numeric(9, "SIREN") else { return "a 0002 address is a 9-digit SIREN" }
            return luhn(digits) ? nil : checkDigitWords
        case "0225":
            // The French annuaire's address: the SIREN, optionally followed by `_` and a suffix
            // (SIRET, routing code) the receiver chose (XP Z12-013, BR-FR-23).
            let siren = String(compact.prefix { $0 != "_" })
            if let problem = sirenProblem(siren) { return "a 0225 address begins with the receiver's SIREN: \(problem)" }
            return nil
        case "0204":
            return leitwegIDProblem(id)
        case "EM":
            let at = id.split(separator: "@", omittingEmptySubsequences: false)
            return at.count == 2 && !at[0].isEmpty && at[1].contains(".") && !id.contains(" ") ? nil : "an EM address is an e-mail address"
        default:
            if let country = vatSchemes[scheme] {
                let number = compact.hasPrefix(country) ? compact : country + compact
                return vatNumberProblem(number)
            }
            return compact.isEmpty ? "the id after the scheme is empty" : nil
        }
    }

    /// A Leitweg-ID (the German public buyer's routing id, XRechnung BT-10): a coarse address of
    /// 2 to 12 digits, an optional fine address of up to 30 letters and digits, and two check
    /// digits (ISO 7064 MOD 97-10 over the rest, hyphens left out), joined by hyphens.
    public static func leitwegIDProblem(_ text: String) -> String? {
        let parts = text.trimmingWhitespace.uppercased().split(separator: "-", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), let coarse = parts.first, (2...12).contains(coarse.count), digits(coarse) != nil,
              let check = parts.last, check.count == 2, digits(check) != nil else {
            return "a Leitweg-ID is COARSE-FINE-CHECK: 2 to 12 digits, up to 30 letters and digits (optional), 2 check digits, e.g. 04011000-1234512345-06"
        }
        if parts.count == 3 {
            let fine = parts[1]
            guard (1...30).contains(fine.count), fine.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                return "the fine address of a Leitweg-ID has up to 30 letters and digits"
            }
        }
        return mod97(parts.joined()) == 1 ? nil : checkDigitWords
    }

    static let checkDigitWords = "its check digits do not match: a character is mistyped or two are swapped"
}
