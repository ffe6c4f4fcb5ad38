/// An amount in Polish words, as a Polish invoice states it after "słownie:" (docs/poland.md):
/// `8487.00 PLN` is "osiem tysięcy czterysta osiemdziesiąt siedem złotych 00/100". The whole
/// units are words, the minor units digits over 100 ("grosze as xx/100", the usual form, which
/// no one misreads); złoty takes its plural form from the number, another currency its code.
public enum PolishWords {
    /// `minorUnits` of `currency` in words; negative amounts (a correction) start with "minus".
    public static func amount(_ minorUnits: Int64, _ currency: Currency) -> String {
        let magnitude = minorUnits.magnitude
        let scale = UInt64(currency.minorUnitsPerMajorUnit)
        let whole = magnitude / scale
        var text = (minorUnits < 0 ? "minus " : "") + number(whole) + " "
        text += currency.code == "PLN" ? form(whole, "złoty", "złote", "złotych") : currency.code
        if currency.exponent > 0 {
            let fraction = String(magnitude % scale)
            text += " " + String(repeating: "0", count: currency.exponent - fraction.count) + fraction + "/" + String(scale)
        }
        return text
    }

    /// A whole number in words: 0 "zero", 1000 "tysiąc", 2000 "dwa tysiące", 5000 "pięć tysięcy".
    public static func number(_ value: UInt64) -> String {
        guard value > 0 else { return "zero" }
        var groups: [UInt64] = []
        var rest = value
        while rest > 0 {
            groups.append(rest % 1000)
            rest /= 1000
        }
        var words: [String] = []
        for (power, group) in groups.enumerated().reversed() where group > 0 {
            if power == 0 {
                words.append(hundreds(group))
            } else {
                let names = scales[power - 1]
                // One thousand is "tysiąc", never "jeden tysiąc" (and "milion", not "jeden milion").
                if group != 1 { words.append(hundreds(group)) }
                words.append(form(group, names.0, names.1, names.2))
            }
        }
        return words.joined(separator: " ")
    }

    /// The noun's form after `count`: the singular for exactly 1, the "few" form when the last
    /// digit is 2 to 4 but the last two are not 12 to 14 (dwa tysiące, dwadzieścia dwa tysiące,
    /// but dwanaście tysięcy), else the "many" form (pięć tysięcy, sto jeden tysięcy).
    public static func form(_ count: UInt64, _ one: String, _ few: String, _ many: String) -> String {
        if count == 1 { return one }
        let last = count % 10, lastTwo = count % 100
        return (2...4).contains(last) && !(12...14).contains(lastTwo) ? few : many
    }

    /// 1 to 999.
    private static func hundreds(_ value: UInt64) -> String {
        var words: [String] = []
        let h = Int(value / 100), rest = Int(value % 100)
        if h > 0 { words.append(hundredWords[h]) }
        if rest >= 20 {
            words.append(tensWords[rest / 10])
            if rest % 10 > 0 { words.append(unitWords[rest % 10]) }
        } else if rest >= 10 {
            words.append(teenWords[rest - 10])
        } else if rest > 0 {
            words.append(unitWords[rest])
        }
        return words.joined(separator: " ")
    }

    private static let unitWords = ["", "jeden", "dwa", "trzy", "cztery", "pięć", "sześć", "siedem", "osiem", "dziewięć"]
    private static let teenWords = ["dziesięć", "jedenaście", "dwanaście", "trzynaście", "czternaście", "piętnaście",
                                    "szesnaście", "siedemnaście", "osiemnaście", "dziewiętnaście"]
    private static let tensWords = ["", "", "dwadzieścia", "trzydzieści", "czterdzieści", "pięćdziesiąt", "sześćdziesiąt",
                                    "siedemdziesiąt", "osiemdziesiąt", "dziewięćdziesiąt"]
    private static let hundredWords = ["", "sto", "dwieście", "trzysta", "czterysta", "pięćset", "sześćset", "siedemset",
                                       "osiemset", "dziewięćset"]
    /// 10^3, 10^6, ... 10^18 (the long scale Polish uses: miliard is 10^9, bilion 10^12), in
    /// their three forms; UInt64 ends below 2 * 10^19.
    private static let scales: [(String, String, String)] = [
        ("tysiąc", "tysiące", "tysięcy"), ("milion", "miliony", "milionów"), ("miliard", "miliardy", "miliardów"),
        ("bilion", "biliony", "bilionów"), ("biliard", "biliardy", "biliardów"), ("trylion", "tryliony", "trylionów"),
    ]
}
