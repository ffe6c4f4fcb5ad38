import InvoicDiagnostics

/// `verifactu:` in invoic.yaml: the book keeps Spain's VeriFactu registration records
/// (Real Decreto 1007/2023, Orden HAC/1177/2024) in `verifactu/records/` (docs/spain.md).
public struct VeriFactuSettings: Sendable {
    /// The issuer's NIF (IDEmisorFactura), checked with its control letter; its range for messages.
    public var nif: Located<String>
    /// The issuer's name as the records state it (NombreRazonEmisor); default the business's name.
    public var name: String?
    /// `test`: the QR code points at the AEAT's pre-production host (prewww2.aeat.es) and sending
    /// goes to the pre-production endpoint; `production` (the default) the real ones.
    public var environment: Environment = .production
    /// How a credit note corrects (TipoRectificativa): `difference` (I, por diferencias, the
    /// default: the credit note's own figures) or `substitution` (S, the corrected invoice's
    /// figures replaced).
    public var rectification: Rectification = .difference
    /// `rectification_code:`, the R1-R4 of the law a credit note's correction falls under (R1 by
    /// default: art. 80.1, 80.2 and errors of law; R4 the others); R5 is a simplified invoice's.
    public var rectificationCode: String = "R1"
    /// `certificate:`, the PKCS#12 file `invoic verifactu send` authenticates with (its password
    /// comes from the environment, never the book); nil until the book sends.
    public var certificate: Located<String>?
    public var range: SourceRange

    public enum Environment: String, Sendable, CaseIterable { case production, test }
    public enum Rectification: String, Sendable, CaseIterable { case difference, substitution }

    public init(nif: Located<String>, range: SourceRange) {
        self.nif = nif
        self.range = range
    }
}
