import InvoicDiagnostics

/// `peppol:` in invoic.yaml (a client's file may override any key): which access point provider
/// `invoic peppol` hands the Peppol BIS files to. The API key is never in the book (the book is in
/// git): it comes from the environment variable `token_env` names, or ~/.netrc for the URL's host.
public struct PeppolSettings: Sendable {
    public enum Provider: String, Sendable, CaseIterable {
        case einvoiceBe = "e-invoice.be"
        case recommand
        case scrada
        case http

        /// The provider's production API; `http` has none (its `url:` is required).
        public var productionURL: String? {
            switch self {
            case .einvoiceBe: "https://api.e-invoice.be"
            case .recommand: "https://app.recommand.eu"
            case .scrada: "https://api.scrada.be"
            case .http: nil
            }
        }
    }

    public var provider: Located<Provider>?
    public var url: Located<String>?
    public var tokenVariable: Located<String>?
    /// Recommand's and Scrada's company id: their API paths name the sending company.
    public var company: Located<String>?
    /// Seconds to wait for a connection to the provider, and for its next byte once connected
    /// (`connect_timeout`, `idle_timeout`); nil: invoic's defaults, 10 and 30.
    public var connectTimeout: Located<Int>?
    public var idleTimeout: Located<Int>?
    public var range: SourceRange?

    public init() {}

    public static let defaultTokenVariable = "INVOIC_PEPPOL_TOKEN"

    /// These settings with each key the client's file sets over the book's.
    public func overridden(by client: PeppolSettings?) -> PeppolSettings {
        guard let client else { return self }
        var merged = self
        if let value = client.provider { merged.provider = value }
        if let value = client.url { merged.url = value }
        if let value = client.tokenVariable { merged.tokenVariable = value }
        if let value = client.company { merged.company = value }
        if let value = client.connectTimeout { merged.connectTimeout = value }
        if let value = client.idleTimeout { merged.idleTimeout = value }
        return merged
    }

    /// The API's base URL: `url:`, else the provider's production URL.
    public var resolvedURL: String? { url?.value ?? provider?.value.productionURL }
    public var resolvedTokenVariable: String { tokenVariable?.value ?? Self.defaultTokenVariable }
}
