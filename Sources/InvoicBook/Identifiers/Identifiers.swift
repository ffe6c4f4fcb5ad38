/// Checks of the identifiers an invoice carries (VAT ids, IBANs, BICs, electronic addresses,
/// Leitweg-IDs) that need no network: their shape and, where the identifier has them, their check
/// digits. Each returns nil for a valid identifier, else what is wrong in words a user can act on.
///
/// They are pure functions of the text. The decoder reports their findings at the value's line
/// and column (`invalid-vat-id`, `invalid-iban`, ...); the e-invoice profiles call them too.
public enum Identifiers {
    /// Letters and digits only, upper-cased: the form check digits are computed on. Spaces, dots
    /// and hyphens are how people group identifiers when they write them.
    static func compact(_ text: String) -> String {
        String(text.uppercased().filter { $0 != " " && $0 != "." && $0 != "-" && $0 != "\u{00A0}" })
    }

    static func digits(_ text: Substring) -> [Int]? {
        let values = text.map { $0.wholeNumberValue }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil }), text.allSatisfy(\.isASCII) else { return nil }
        return values.map { $0! }
    }

    /// ISO 7064 MOD 97-10 of a string of digits and letters (A = 10 ... Z = 35), as IBANs, Leitweg-IDs
    /// and some VAT ids use it; nil when a character is neither.
    static func mod97(_ text: some StringProtocol) -> Int? {
        var remainder = 0
        for character in text {
            guard character.isASCII else { return nil }
            if let digit = character.wholeNumberValue {
                remainder = (remainder * 10 + digit) % 97
            } else if let ascii = character.asciiValue, (65...90).contains(ascii) {
                remainder = (remainder * 100 + Int(ascii) - 55) % 97
            } else {
                return nil
            }
        }
        return remainder
    }

    /// The Luhn check (ISO/IEC 7812): SIREN, SIRET, Swedish organisation numbers, Italian VAT ids.
    static func luhn(_ digits: [Int]) -> Bool {
        var sum = 0
        for (index, digit) in digits.reversed().enumerated() {
            if index % 2 == 1 {
                let doubled = digit * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            } else {
                sum += digit
            }
        }
        return sum % 10 == 0
    }

    /// The GS1 check digit of a GLN (13 digits) or GTIN.
    static func gs1(_ digits: [Int]) -> Bool {
        guard let check = digits.last else { return false }
        let body = digits.dropLast()
        let sum = body.reversed().enumerated().reduce(0) { sum, element in sum + element.element * (element.offset % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10 == check
    }
}

// MARK: - IBAN and BIC

extension Identifiers {
    /// IBAN lengths by country (SWIFT IBAN registry), for the countries of SEPA and a few more.
    static let ibanLengths: [String: Int] = [
        "AD": 24, "AE": 23, "AL": 28, "AT": 20, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29, "CH": 21,
        "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "EE": 20, "ES": 24, "FI": 18, "FO": 18, "FR": 27, "GB": 22,
        "GE": 22, "GI": 23, "GL": 18, "GR": 27, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IS": 26, "IT": 27,
        "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MD": 24,
        "ME": 22, "MK": 19, "MT": 31, "MU": 30, "NL": 18, "NO": 15, "PK": 24, "PL": 28, "PS": 29, "PT": 25,
        "QA": 29, "RO": 24, "RS": 22, "SA": 24, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "TN": 24, "TR": 26,
        "UA": 29, "VA": 22, "XK": 20,
    ]

    /// Whether `text` is written like an IBAN (two letters, two digits, then letters and digits),
    /// as opposed to a domestic account number such as `Checking 4120038716`.
    public static func looksLikeIBAN(_ text: String) -> Bool {
        let compact = compact(text)
        guard compact.count >= 15, compact.count <= 34, compact.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
        let characters = Array(compact)
        return characters[0].isLetter && characters[1].isLetter && characters[2].isNumber && characters[3].isNumber
    }

    public static func ibanProblem(_ text: String) -> String? {
        let iban = compact(text)
        guard iban.count >= 5, iban.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            return "an IBAN is a country code, two check digits and the account, in letters and digits"
        }
        let country = String(iban.prefix(2))
        if let length = ibanLengths[country], iban.count != length {
            return "an IBAN of \(country) has \(length) characters, this one \(iban.count)"
        }
        guard mod97(iban.dropFirst(4) + iban.prefix(4)) == 1 else {
            return "its check digits do not match (ISO 13616 mod 97): a character is mistyped or two are swapped"
        }
        return nil
    }

    /// A BIC (ISO 9362): 4 letters for the bank, 2 for the country, 2 letters or digits for the
    /// place, and optionally 3 for the branch.
    public static func bicProblem(_ text: String) -> String? {
        let bic = Array(text.trimmingWhitespace.uppercased())
        guard bic.count == 8 || bic.count == 11 else { return "a BIC has 8 or 11 characters, this one \(bic.count)" }
        guard bic.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return "a BIC has only letters and digits" }
        guard bic[0..<6].allSatisfy(\.isLetter) else { return "a BIC starts with 4 letters for the bank and 2 for the country" }
        return nil
    }
}

extension String {
    /// Without spaces at either end. A slice trimmed in place: `drop`/`reversed` twice made the
    /// runtime look up four nested generic types on first use (0.7 % of a one-shot `invoic pdf`,
    /// for the BIC in invoic.yaml).
    var trimmingWhitespace: String {
        var slice = self[...]
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return String(slice)
    }
}

// MARK: - SIREN and SIRET (France)

extension Identifiers {
    /// A SIREN: the 9-digit number of a French business in the SIRENE register, its last digit a
    /// Luhn check (INSEE). Spaces are how it is printed ("123 456 782") and are ignored.
    public static func sirenProblem(_ text: String) -> String? {
        let compact = compact(text)
        guard compact.count == 9, let digits = digits(Substring(compact)) else { return "a SIREN has 9 digits, this one `\(text)`" }
        return luhn(digits) ? nil : "its Luhn check digit does not match: a digit is mistyped or two are swapped"
    }

    /// A SIRET: the SIREN and a 5-digit establishment number (NIC), the 14 digits Luhn-checked.
    /// La Poste's establishments (SIREN 356000000) use another key and are taken as written.
    public static func siretProblem(_ text: String) -> String? {
        let compact = compact(text)
        guard compact.count == 14, let digits = digits(Substring(compact)) else { return "a SIRET has 14 digits (the SIREN and the 5-digit NIC)" }
        if compact.hasPrefix("356000000") { return nil }
        if let problem = sirenProblem(String(compact.prefix(9))) { return "its first 9 digits are not a SIREN: \(problem)" }
        return luhn(digits) ? nil : "its Luhn check digit does not match: a digit is mistyped or two are swapped"
    }

    /// The SIREN of `text` as the schemes write it, digits only; nil when it is not 9 digits.
    public static func sirenDigits(_ text: String) -> String? {
        let compact = compact(text)
        return compact.count == 9 && compact.allSatisfy({ $0.isASCII && $0.isNumber }) ? compact : nil
    }

    /// The SIRET of `text` as scheme 0009 writes it, digits only; nil when it is not 14 digits.
    public static func siretDigits(_ text: String) -> String? {
        let compact = compact(text)
        return compact.count == 14 && compact.allSatisfy({ $0.isASCII && $0.isNumber }) ? compact : nil
    }
}
