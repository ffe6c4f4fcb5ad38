import InvoicAuthoring

/// The "huella" of a registration record (AEAT, "Detalle de las especificaciones técnicas para
/// generación de la huella o hash de los registros de facturación", v0.1.2): SHA-256 over
/// `name=value&name=value...` in the order the specification lists, each value trimmed of spaces
/// at both ends, as 64 upper-case hexadecimal digits. The previous record's huella is empty in the
/// first record of a chain.
public enum VeriFactuHash {
    /// Section 3 a): the eight fields of a RegistroAlta.
    public static func alta(issuer: String, number: String, date: String, type: String, taxTotal: String, total: String,
                            previous: String, generated: String) -> String {
        hash([("IDEmisorFactura", issuer), ("NumSerieFactura", number), ("FechaExpedicionFactura", date), ("TipoFactura", type),
              ("CuotaTotal", taxTotal), ("ImporteTotal", total), ("Huella", previous), ("FechaHoraHusoGenRegistro", generated)])
    }

    /// Section 3 b): the five fields of a RegistroAnulacion.
    public static func anulacion(issuer: String, number: String, date: String, previous: String, generated: String) -> String {
        hash([("IDEmisorFacturaAnulada", issuer), ("NumSerieFacturaAnulada", number), ("FechaExpedicionFacturaAnulada", date),
              ("Huella", previous), ("FechaHoraHusoGenRegistro", generated)])
    }

    /// The string the hash is computed over (public for the tests and for `check`'s message).
    public static func input(_ fields: [(String, String)]) -> String {
        fields.map { "\($0.0)=\(trimmed($0.1))" }.joined(separator: "&")
    }

    static func hash(_ fields: [(String, String)]) -> String {
        SHA256.hex(Array(input(fields).utf8)).uppercased()
    }

    /// Spaces at the start and end are not part of a value (section 3).
    static func trimmed(_ value: String) -> String {
        var scalars = Substring(value)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
