/// UN/ECE Recommendation 20 unit codes (EN 16931 BT-129/BT-130), for the units a book writes in
/// words: `h`, `Std.`, `Tag`, `pcs`, `Stk.`, `m2` in any of invoic's languages. A line's
/// `unit_code:` overrides the mapping; a unit invoic does not know is `C62` ("one").
public enum UnitCode {
    /// UN/ECE Recommendation 20 codes printed as the symbol every language reads; a count (one,
    /// piece, each) prints none; other codes as they are.
    public static func symbol(_ code: String) -> String? {
        switch code.uppercased() {
        case "C62", "H87", "EA", "NAR", "XPP": return nil
        case "HUR": return "h"
        case "MIN": return "min"
        case "SEC": return "s"
        case "KGM": return "kg"
        case "GRM": return "g"
        case "TNE": return "t"
        case "MTR": return "m"
        case "KMT": return "km"
        case "CMT": return "cm"
        case "MMT": return "mm"
        case "MTK": return "m²"
        case "MTQ": return "m³"
        case "LTR": return "l"
        case "MLT": return "ml"
        case "KWH": return "kWh"
        case "KWT": return "kW"
        case "MWH": return "MWh"
        default: return code
        }
    }

    /// Every code invoic maps to, with what it measures.
    public static let known: [String: String] = [
        "C62": "one (a unit)", "H87": "piece", "HUR": "hour", "MIN": "minute", "DAY": "day", "WEE": "week",
        "MON": "month", "ANN": "year", "KMT": "kilometre", "MTR": "metre", "CMT": "centimetre", "MMT": "millimetre",
        "MTK": "square metre", "MTQ": "cubic metre", "KGM": "kilogram", "GRM": "gram", "TNE": "tonne", "LTR": "litre",
        "MLT": "millilitre", "KWH": "kilowatt hour", "LS": "lump sum", "SET": "set", "PR": "pair", "PK": "pack",
        "BX": "box", "D68": "number of words", "E48": "service unit", "EA": "each", "KWT": "kilowatt", "MWH": "megawatt hour",
        "SEC": "second", "NAR": "number of articles", "XPX": "pallet",
    ]

    private static let words: [String: [String]] = [
        "HUR": ["h", "hr", "hrs", "hour", "hours", "std", "stunde", "stunden", "heure", "heures", "hora", "horas", "ora", "ore",
                "uur", "uren", "godz", "godzina", "godziny", "godzin", "tim", "timme", "timmar", "time", "timer", "tunti", "tuntia",
                "hod", "hodina", "hodiny", "hodin", "時間", "小时", "小時"],
        "MIN": ["min", "mins", "minute", "minutes", "minuten", "minuto", "minutos", "minuti", "minut", "minuter", "minutter",
                "minuutti", "minuuttia", "分", "分钟"],
        "DAY": ["d", "day", "days", "tag", "tage", "jour", "jours", "día", "días", "dia", "dias", "giorno", "giorni", "dag", "dagen",
                "dagar", "dage", "dager", "dzień", "dni", "päivä", "päivää", "den", "dny", "dní", "日", "天"],
        "WEE": ["wk", "wks", "week", "weeks", "woche", "wochen", "semaine", "semaines", "semana", "semanas", "settimana", "settimane",
                "weken", "vecka", "veckor", "uge", "uger", "uke", "uker", "tydzień", "tygodnie", "viikko", "viikkoa", "týden", "týdny", "週", "周"],
        "MON": ["mo", "month", "months", "monat", "monate", "mois", "mes", "meses", "mese", "mesi", "maand", "maanden", "miesiąc",
                "miesiące", "månad", "månader", "måned", "måneder", "kuukausi", "kuukautta", "měsíc", "měsíce", "か月", "个月"],
        "ANN": ["yr", "yrs", "year", "years", "jahr", "jahre", "année", "années", "año", "años", "anno", "anni", "jaar", "jaren", "rok",
                "lata", "år", "vuosi", "vuotta", "年"],
        "H87": ["pc", "pcs", "piece", "pieces", "stk", "stück", "pièce", "pièces", "pce", "pza", "pieza", "piezas", "pz", "pezzo",
                "pezzi", "st", "stuk", "stuks", "szt", "sztuka", "sztuki", "kpl", "ks", "個", "个", "件"],
        "C62": ["unit", "units", "ea", "each", "einheit", "unité", "unidad", "unità", "eenheid", "jednostka", "enhet", "yksikkö", "jednotka"],
        "KMT": ["km", "kilometre", "kilometer", "kilometres", "kilometers"],
        "MTR": ["m", "metre", "meter", "metres", "meters", "mètre", "mètres", "metro", "metri", "metros"],
        "CMT": ["cm"], "MMT": ["mm"],
        "MTK": ["m2", "m²", "sqm", "qm"], "MTQ": ["m3", "m³", "cbm"],
        "KGM": ["kg", "kilo", "kilos", "kilogram", "kilogramm"], "GRM": ["g", "gram", "gramm", "gramme"],
        "TNE": ["tonne", "tonnes", "tonnen"],
        "LTR": ["l", "liter", "litre", "liters", "litres", "litro", "litri", "litr"], "MLT": ["ml"],
        "KWH": ["kwh"],
        "LS": ["lump sum", "flat", "flat rate", "pauschale", "pauschal", "forfait", "pauschalbetrag"],
        "SET": ["set", "sets", "jeu", "juego"],
        "PR": ["pair", "pairs", "paar", "paire", "par", "paio"],
        "PK": ["pack", "packs", "package", "packung", "paquet", "paquete", "confezione", "pak", "paket", "pakke", "pakkaus", "balení"],
        "XPX": ["pallet", "pallets", "pall", "pallar", "palle", "paller", "palette", "paletten", "palet", "palé", "pallet", "paleta", "paletka", "lava", "lavaa"],
        "BX": ["box", "boxes", "karton", "boîte", "caja", "scatola", "doos", "låda", "æske", "eske", "laatikko", "krabice"],
        "D68": ["word", "words", "wort", "wörter", "mot", "mots", "palabra", "palabras", "parola", "parole", "woord", "woorden",
                "słowo", "słowa", "ord", "sana", "sanaa", "slovo", "slova"],
    ]

    private static let byWord: [String: String] = {
        var map: [String: String] = [:]
        for (code, list) in words { for word in list { map[word] = code } }
        return map
    }()

    /// The code of a unit written in words: case, a trailing dot and surrounding spaces do not
    /// count (`Std.` is `std`); `C62` when invoic does not know the word.
    public static func code(forUnit unit: String?) -> String {
        guard let unit else { return "C62" }
        var key = unit.lowercased().trimmingCharacters(in: .whitespaces)
        while key.hasSuffix(".") { key.removeLast() }
        return byWord[key] ?? "C62"
    }

    /// A line's code: its `unit_code:`, else the code of its unit.
    public static func code(of item: LineItem) -> String {
        item.unitCode?.value ?? code(forUnit: item.unit)
    }
}
