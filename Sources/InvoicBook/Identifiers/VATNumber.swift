/// EU VAT identification numbers (BT-31, BT-48): a country prefix, then the national number with
/// its check digits where the country has them.
extension Identifiers {
    /// The prefixes of the EU's VAT numbers: the member states (Greece writes EL) and XI for
    /// Northern Ireland.
    static let euVATPrefixes: Set<String> = [
        "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "EL", "ES", "FI", "FR", "HR", "HU", "IE", "IT", "LT",
        "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK", "XI",
    ]

    /// Whether `text` is written as an EU VAT number (an EU prefix, then digits or letters), as
    /// opposed to another tax id a business prints (`US-12-3456789`, a sales tax permit).
    public static func looksLikeEUVATNumber(_ text: String) -> Bool {
        let compact = compact(text)
        guard compact.count >= 4, compact.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
        return euVATPrefixes.contains(String(compact.prefix(2))) && compact.dropFirst(2).contains(where: \.isNumber)
    }

    /// Whether `text` starts with a country code and has digits after it, as every VAT
    /// identifier on an e-invoice must (BR-CO-09): `DE143454214`, `GB284719326`, `CHE123456789`.
    public static func hasCountryPrefix(_ text: String) -> Bool {
        // A prefix, at most two more letters (ATU, CHE), then digits first: not a word such as
        // `TX Sales Tax Permit 3-20547`, which also starts with two letters.
        let compact = compact(text)
        let rest = compact.dropFirst(2)
        return (4...18).contains(compact.count) && compact.prefix(2).allSatisfy { $0.isASCII && $0.isLetter }
            && compact.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            && rest.prefix(while: \.isLetter).count <= 2 && rest.drop(while: \.isLetter).first?.isNumber == true
    }

    /// What is wrong with an EU VAT number, or nil. The check digits are verified for DE, AT, BE,
    /// NL, FR, IT, ES, PL, SE, DK and FI; the other member states' numbers are checked for shape.
    public static func vatNumberProblem(_ text: String) -> String? {
        let compact = compact(text)
        let country = String(compact.prefix(2))
        let number = compact.dropFirst(2)
        guard euVATPrefixes.contains(country) else {
            return "an EU VAT number starts with its country's code (DE, FR, ... EL for Greece)"
        }
        switch country {
        case "DE": return german(number)
        case "AT": return austrian(number)
        case "BE": return belgian(number)
        case "NL": return dutch(number)
        case "FR": return french(number)
        case "IT": return italian(number)
        case "ES": return spanish(number)
        case "PL": return weighted(number, country: "PL", length: 10, weights: [6, 5, 7, 2, 3, 4, 5, 6, 7]) { sum, digits in sum % 11 == digits[9] }
        case "SE": return swedish(number)
        case "DK": return weighted(number, country: "DK", length: 8, weights: [2, 7, 6, 5, 4, 3, 2, 1]) { sum, _ in sum % 11 == 0 }
        case "FI": return finnish(number)
        default:
            guard (2...13).contains(number.count), number.allSatisfy({ $0.isLetter || $0.isNumber }) else {
                return "a \(country) VAT number has 2 to 13 letters and digits after \(country)"
            }
            return nil
        }
    }

    private static let checkDigits = "its check digit does not match: a digit is mistyped or two are swapped"

    private static func weighted(_ number: Substring, country: String, length: Int, weights: [Int],
                                 valid: (Int, [Int]) -> Bool) -> String? {
        guard number.count == length, let digits = digits(number) else { return "a \(country) VAT number has \(length) digits after \(country)" }
        let sum = zip(digits, weights).reduce(0) { $0 + $1.0 * $1.1 }
        return valid(sum, digits) ? nil : checkDigits
    }

    /// ISO 7064 MOD 11,10 over the first 8 of 9 digits.
    private static func german(_ number: Substring) -> String? {
        guard number.count == 9, let digits = digits(number) else { return "a DE VAT number has 9 digits after DE" }
        var product = 10
        for digit in digits.prefix(8) {
            var sum = (digit + product) % 10
            if sum == 0 { sum = 10 }
            product = (2 * sum) % 11
        }
        let check = (11 - product) % 10
        return check == digits[8] ? nil : checkDigits
    }

    private static func austrian(_ number: Substring) -> String? {
        guard number.first == "U", number.count == 9, let digits = digits(number.dropFirst()) else {
            return "an AT VAT number is ATU and 8 digits"
        }
        var sum = 0
        for (index, digit) in digits.prefix(7).enumerated() {
            let value = index % 2 == 1 ? digit * 2 : digit
            sum += value / 10 + value % 10
        }
        return (10 - (sum + 4) % 10) % 10 == digits[7] ? nil : checkDigits
    }

    private static func belgian(_ number: Substring) -> String? {
        guard number.count == 10, let digits = digits(number), digits[0] <= 1 else {
            return "a BE VAT number has 10 digits after BE, the first 0 or 1"
        }
        let body = digits.prefix(8).reduce(0) { $0 * 10 + $1 }
        return 97 - body % 97 == digits[8] * 10 + digits[9] ? nil : checkDigits
    }

    /// Nine digits, B and two digits: the 11-test of the old numbers or, for the numbers issued to
    /// sole traders since 2020, MOD 97 over the whole number.
    private static func dutch(_ number: Substring) -> String? {
        let characters = Array(number)
        guard characters.count == 12, characters[9] == "B", let digits = digits(number.prefix(9)), self.digits(number.suffix(2)) != nil else {
            return "an NL VAT number is NL, 9 digits, B and 2 digits"
        }
        let elevenTest = zip(digits.prefix(8), [9, 8, 7, 6, 5, 4, 3, 2]).reduce(0) { $0 + $1.0 * $1.1 } % 11 == digits[8]
        return elevenTest || mod97("NL" + number) == 1 ? nil : checkDigits
    }

    /// Two key characters and the 9-digit SIREN; a numeric key is (12 + 3 x (SIREN mod 97)) mod 97.
    private static func french(_ number: Substring) -> String? {
        guard number.count == 11, let siren = digits(number.suffix(9)), number.prefix(2).allSatisfy({ $0.isLetter || $0.isNumber }) else {
            return "an FR VAT number is FR, a 2-character key and the 9-digit SIREN"
        }
        guard let key = digits(number.prefix(2)) else { return nil }  // letter keys carry no check
        let value = siren.reduce(0) { $0 * 10 + $1 }
        return (12 + 3 * (value % 97)) % 97 == key[0] * 10 + key[1] ? nil : checkDigits
    }

    private static func italian(_ number: Substring) -> String? {
        guard number.count == 11, let digits = digits(number) else { return "an IT VAT number (partita IVA) has 11 digits after IT" }
        return luhn(digits) ? nil : checkDigits
    }

    /// NIF: a DNI (8 digits and a letter), an NIE (X, Y or Z, 7 digits and a letter) or a CIF
    /// (a letter, 7 digits and a digit or letter control).
    private static func spanish(_ number: Substring) -> String? {
        let characters = Array(number)
        guard characters.count == 9, characters.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            return "an ES VAT number has 9 letters and digits after ES"
        }
        let letters = Array("TRWAGMYFPDXBNJZSQVHLCKE")
        func dni(_ digits: [Int], _ letter: Character) -> String? {
            letters[digits.reduce(0) { $0 * 10 + $1 } % 23] == letter ? nil : checkDigits
        }
        if let digits = digits(number.prefix(8)) { return dni(digits, characters[8]) }
        if let first = "XYZ".firstIndex(of: characters[0]), let rest = digits(number.dropFirst().prefix(7)) {
            return dni([ "XYZ".distance(from: "XYZ".startIndex, to: first)] + rest, characters[8])
        }
        guard "ABCDEFGHJNPQRSUVW".contains(characters[0]), let middle = digits(number.dropFirst().prefix(7)) else {
            return "an ES VAT number is a DNI (8 digits, a letter), an NIE (X, Y or Z, 7 digits, a letter) or a CIF (a letter, 7 digits, a control)"
        }
        var sum = 0
        for (index, digit) in middle.enumerated() {
            if index % 2 == 0 {
                let doubled = digit * 2
                sum += doubled / 10 + doubled % 10
            } else {
                sum += digit
            }
        }
        let control = (10 - sum % 10) % 10
        let written = characters[8]
        return written.wholeNumberValue == control || written == Array("JABCDEFGHI")[control] ? nil : checkDigits
    }

    /// The 10-digit organisation number (Luhn) and 01.
    private static func swedish(_ number: Substring) -> String? {
        guard number.count == 12, let digits = digits(number), number.hasSuffix("01") else {
            return "an SE VAT number is SE, the 10-digit organisation number and 01"
        }
        return luhn(Array(digits.prefix(10))) ? nil : checkDigits
    }

    private static func finnish(_ number: Substring) -> String? {
        guard number.count == 8, let digits = digits(number) else { return "an FI VAT number has 8 digits after FI" }
        let remainder = zip(digits.prefix(7), [7, 9, 10, 5, 8, 4, 2]).reduce(0) { $0 + $1.0 * $1.1 } % 11
        guard remainder != 1 else { return checkDigits }
        return (remainder == 0 ? 0 : 11 - remainder) == digits[7] ? nil : checkDigits
    }
}
