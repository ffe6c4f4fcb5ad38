/// `ksef:` in invoic.yaml: how the book meets Poland's KSeF (docs/poland.md).
public struct KSeFSettings: Sendable {
    /// The three KSeF environments (srodowiska.md); the QR codes on the PDFs point to each one's
    /// own host, so a book issuing real invoices says `environment: production`.
    public enum Environment: String, Sendable, CaseIterable {
        case test, demo, production

        /// The host of the verification links (kody-qr.md, "Środowiska").
        public var qrHost: String {
            switch self {
            case .test: "qr-test.ksef.mf.gov.pl"
            case .demo: "qr-demo.ksef.mf.gov.pl"
            case .production: "qr.ksef.mf.gov.pl"
            }
        }
    }

    /// The environment; test when unset, so a new book cannot print a production code by mistake.
    public var environment: Located<Environment>?

    /// `offline_certificate:`, the file (PEM or PKCS#12, outside git) holding the KSeF offline
    /// certificate and its private key: invoices issued offline carry KOD II, signed with it.
    /// Its password, if any, is read from `passwordVariable`, never from the book.
    public var offlineCertificate: Located<String>?
    public static let passwordVariable = "INVOIC_KSEF_CERTIFICATE_PASSWORD"

    public init(environment: Located<Environment>? = nil) {
        self.environment = environment
    }
}
