import InvoicMoney

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
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}

extension VeriFactuSettings {
    /// DD-MM-AAAA, as the records and the QR code write a date.
    public static func date(_ day: Day) -> String {
        let parts = day.description.split(separator: "-")
        return "\(parts[2])-\(parts[1])-\(parts[0])"
    }

    /// ImporteTotal of `document`'s record: its total with VAT (a withholding is no part of it);
    /// a credit note's negative by difference, and by substitution the corrected invoice's total
    /// less the credit note's. Nil without figures.
    public func recordTotals(of document: Document, in book: Book) -> (taxTotal: Int64, total: Int64)? {
        guard let figures = document.figures else { return nil }
        guard document.kind == .creditNote else { return (figures.breakdown.tax, figures.total) }
        switch rectification {
        case .difference: return (-figures.breakdown.tax, -figures.total)
        case .substitution:
            guard let invoice = document.corrects.flatMap({ book.invoice($0.value) })?.figures else { return (-figures.breakdown.tax, -figures.total) }
            return (invoice.breakdown.tax - figures.breakdown.tax, invoice.total - figures.total)
        }
    }

    /// The URL of `document`'s QR code.
    public func qrURL(of document: Document, in book: Book) -> String? {
        guard let totals = recordTotals(of: document, in: book), let figures = document.figures else { return nil }
        return VeriFactuQR.url(nif: nif.value, number: document.number, date: Self.date(document.issued.value),
                               total: MoneyFormat.plain(totals.total, figures.currency), test: environment == .test)
    }
}
