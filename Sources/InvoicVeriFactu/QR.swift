/// The URL of the QR code a VeriFactu invoice carries (AEAT, "Características del QR y
/// especificaciones del servicio de cotejo", section 4): the AEAT's validation service with the
/// issuer's NIF, the number (series included), the issue date DD-MM-AAAA and the total, each
/// percent-encoded as UTF-8 (so `&` in a number is `%26`).
public enum VeriFactuQR {
    public static func url(nif: String, number: String, date: String, total: String, test: Bool) -> String {
        let host = test ? "prewww2.aeat.es" : "www2.agenciatributaria.gob.es"
        return "https://\(host)/wlpl/TIKE-CONT/ValidarQR?nif=\(encoded(nif))&numserie=\(encoded(number))&fecha=\(encoded(date))&importe=\(encoded(total))"
    }

    /// RFC 3986 unreserved characters stay; every other byte of the UTF-8 is `%XX`.
    static func encoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || "-._~".unicodeScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
