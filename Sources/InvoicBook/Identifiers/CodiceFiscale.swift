extension Identifiers {
    /// What is wrong with an Italian codice fiscale, nil when it is one: 16 characters (a person's:
    /// surname, name, birth date and place, and the control letter of DM 23/12/1976; the digits
    /// of a homocode written as the letters LMNPQRSTUV), or 11 digits (a company's, the same as its
    /// partita IVA, with the Luhn-like check digit).
    public static func codiceFiscaleProblem(_ written: String) -> String? {
        let code = written.uppercased()
        if code.count == 11 {
            guard let digits = Optional(code.compactMap(\.wholeNumberValue)), digits.count == 11, code.allSatisfy(\.isASCII) else {
                return "a company's codice fiscale has 11 digits"
            }
            return luhn(digits) ? nil : "its check digit does not match: a digit is mistyped or two are swapped"
        }
        let characters = Array(code)
        let letters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let digitOrHomocode = Set("0123456789LMNPQRSTUV")
        // Positions of letters (surname, name, month, the place's letter) and of digits (year,
        // day, place number), which a homocode may replace by letters.
        let letterAt: Set<Int> = [0, 1, 2, 3, 4, 5, 8, 11, 15]
        guard characters.count == 16,
              characters.enumerated().allSatisfy({ letterAt.contains($0.offset) ? letters.contains($0.element) : digitOrHomocode.contains($0.element) })
        else {
            return "a codice fiscale is 16 characters (6 letters, 2 digits, a letter, 2 digits, a letter, 3 digits, a control letter) or 11 digits"
        }
        guard "ABCDEHLMPRST".contains(characters[8]) else { return "its 9th character, the birth month, is one of ABCDEHLMPRST" }
        // The odd positions (1st, 3rd, ...) weigh by this table, the even ones by their value.
        let odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]
        var sum = 0
        for (index, character) in characters.prefix(15).enumerated() {
            let value = character.wholeNumberValue ?? Int(character.asciiValue! - 65)
            sum += index % 2 == 0 ? odd[value] : value
        }
        let control = Character(UnicodeScalar(UInt8(65 + sum % 26)))
        return control == characters[15] ? nil : "its control letter should be \(control): a character is mistyped"
    }

    /// An Italian SdI recipient code (CodiceDestinatario): 7 capital letters and digits.
    public static func sdiRecipientProblem(_ code: String) -> String? {
        code.count == 7 && code.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) })
            ? nil : "a recipient code (codice destinatario) is 7 capital letters and digits, 0000000 for none"
    }
}
