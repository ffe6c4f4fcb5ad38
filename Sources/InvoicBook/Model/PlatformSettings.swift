import InvoicDiagnostics

/// `platform:` in invoic.yaml: the French approved platform (plateforme agréée) `invoic pa` talks
/// to through the AFNOR XP Z12-013 API (docs/france.md): its Flow Service, its Directory Service,
/// and, when the platform issues OAuth2 tokens for a client id and secret, its token endpoint.
/// No credential is ever in the book: they come from the environment.
public struct PlatformSettings: Sendable {
    /// The syntax of the invoices sent (the standard's FlowSyntax).
    public enum Syntax: String, Sendable, CaseIterable {
        case facturX = "factur-x"
        case cii
        case ubl

        /// The book's format that writes this syntax.
        public var format: EInvoiceFormat {
            switch self {
            case .facturX: .facturX
            case .cii: .cii
            case .ubl: .ubl
            }
        }
    }

    /// `flow_url:`, the Flow Service's base URL (the servers entry of annex A, e.g.
    /// https://api.flow.example.fr/flow-service); the paths `/v1/flows...` follow it.
    public var flowURL: Located<String>?
    /// `directory_url:`, the Directory Service's base URL (annex B); `invoic pa lookup` needs it.
    public var directoryURL: Located<String>?
    /// `token_url:`, the platform's OAuth2 token endpoint: with it, invoic asks for a bearer token
    /// with the client id and secret of the environment (client credentials grant); without it,
    /// the bearer token itself is in the environment.
    public var tokenURL: Located<String>?
    /// `syntax:`, the invoices' syntax; by default the first of factur-x, cii, ubl the book writes.
    public var syntax: Located<Syntax>?
    public var connectTimeout: Located<Int>?
    public var idleTimeout: Located<Int>?
    public var range: SourceRange?

    /// The bearer token, without `token_url:`.
    public static let tokenVariable = "INVOIC_PA_TOKEN"
    /// The OAuth2 client id and secret, with `token_url:`.
    public static let clientIDVariable = "INVOIC_PA_CLIENT_ID"
    public static let clientSecretVariable = "INVOIC_PA_CLIENT_SECRET"

    public init() {}
}
