/// Poland's NIP (numer identyfikacji podatkowej): ten digits, the last a check digit (weights
/// 6 5 7 2 3 4 5 6 7, sum mod 11), the first three a tax office's code (FA(3)'s `TNrNIP`:
/// `[1-9]((\d[1-9])|([1-9]\d))\d{7}`). A book may write it as a Polish VAT number (`PL` first)
/// or with the dashes of print (`526-025-02-74`).
extension Identifiers {
    /// The ten digits of a valid NIP written in `text`; nil when it is not one.
    public static func polishNIP(_ text: String) -> String? {
        var compact = compact(text)
        if compact.hasPrefix("PL") { compact.removeFirst(2) }
        guard compact.count == 10, compact.allSatisfy({ $0.isASCII && $0.isNumber }), compact.first != "0",
              !compact.dropFirst().hasPrefix("00"), vatNumberProblem("PL" + compact) == nil else { return nil }
        return compact
    }
}
