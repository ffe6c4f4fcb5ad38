import Foundation
import InvoicBook
import InvoicMail

/// A Peppol participant: `scheme:id`, the scheme an ISO 6523 ICD of the EAS list (0208, 9925, ...).
public struct Participant: Sendable, Hashable, CustomStringConvertible {
    public var scheme: String
    public var id: String

    public init(scheme: String, id: String) {
        self.scheme = scheme
        self.id = id
    }

    /// `0208:0477472701` as the book writes an `electronic_address`.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        self.init(scheme: parts[0], id: parts[1])
    }

    public var description: String { "\(scheme):\(id)" }
}

/// The Peppol BIS Billing 3.0 identifiers of what `invoic peppol send` hands over.
public enum PeppolBIS {
    public static let invoice = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1"
    public static let creditNote = "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1"
    public static let process = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0"
    public static let documentTypeScheme = "busdox-docid-qns"
    public static let processScheme = "cenbii-procid-ubl"
    public static let participantScheme = "iso6523-actorid-upis"
}

/// One document handed to a provider: the exact bytes `invoic export --format peppol` writes.
public struct Submission: Sendable {
    public var number: String
    public var fileName: String
    public var bytes: [UInt8]
    public var sender: Participant
    public var receiver: Participant
    public var isCreditNote: Bool
    /// The seller's country (ISO 3166-1), which Scrada asks as C1's country.
    public var senderCountry: String?
    /// The attempt's key, sent where the provider takes an idempotency key or a reference.
    public var key: String

    public init(number: String, fileName: String, bytes: [UInt8], sender: Participant, receiver: Participant, isCreditNote: Bool, senderCountry: String?, key: String) {
        self.number = number
        self.fileName = fileName
        self.bytes = bytes
        self.sender = sender
        self.receiver = receiver
        self.isCreditNote = isCreditNote
        self.senderCountry = senderCountry
        self.key = key
    }

    public var documentType: String { isCreditNote ? PeppolBIS.creditNote : PeppolBIS.invoice }
    public var process: String { PeppolBIS.process }
}

/// Where a transmission stands, as the outbox records it. `recorded`, `created` and `requested`
/// are invoic's own steps before the provider confirmed anything; the rest is what the provider says.
public enum TransmissionState: String, Sendable, CaseIterable {
    /// The attempt is written down; nothing was asked of the provider yet (or the answer was lost).
    case recorded
    /// The provider holds the document but has not been asked to transmit it (e-invoice.be's draft).
    case created
    /// invoic is about to make (or made) the call that transmits, and has no answer yet: written
    /// before that call, so a kill or a lost answer leaves this, and the next run asks the provider
    /// for the document's transmissions before anything is sent again.
    case requested
    /// The provider refused to take it (a wrong key, a file it rejects): nothing was transmitted,
    /// and a new `send` may try again without `--resend`.
    case refused
    /// The provider took it and is delivering it over Peppol.
    case transit
    /// The receiver's access point has it.
    case delivered
    /// The provider gave up; the reason is in the entry's detail.
    case failed

    /// The provider confirmed the attempt: sending again needs `--resend`.
    public var isConfirmed: Bool { self == .transit || self == .delivered || self == .failed }
    /// Nothing more will change: `status` stops asking.
    public var isFinal: Bool { self == .delivered || self == .failed || self == .refused }
    /// invoic does not know the outcome: the next `send` asks the provider before anything else.
    public var isUnresolved: Bool { self == .recorded || self == .created || self == .requested }
}

/// What a provider says of one document.
public struct ProviderStatus: Sendable, Equatable {
    public var state: TransmissionState
    public var detail: String?

    public init(_ state: TransmissionState, detail: String? = nil) {
        self.state = state
        self.detail = detail
    }
}

/// A document waiting in the provider's inbox.
public struct InboxEntry: Sendable, Equatable {
    public var id: String
    public var sender: String?
    public var number: String?

    public init(id: String, sender: String? = nil, number: String? = nil) {
        self.id = id
        self.sender = sender
        self.number = number
    }
}

/// What the provider knows of an attempt whose outcome the outbox does not record (invoic was
/// stopped between recording it and recording the answer).
public enum Resolution: Sendable, Equatable {
    /// Nothing was transmitted: sending now cannot send twice. The provider's id, when a
    /// document exists there (e-invoice.be's draft), is reused.
    case notTransmitted(providerID: String?)
    /// The provider has it, in this state.
    case known(providerID: String, ProviderStatus)
    /// The provider cannot tell (its API has no way to ask by invoic's key).
    case unknown(String)
}

/// An access point provider's API: each adapter maps these five calls to its requests.
public protocol PeppolProvider: Sendable {
    var settings: ProviderSettings { get }

    /// Transmits `submission`. `created` is called with the provider's id as soon as one exists and
    /// before anything is transmitted, so the outbox holds it before the transmitting call
    /// (`existingID`: a document created by an earlier attempt, to transmit instead of creating it again);
    /// `transmitting` right before the call that transmits, so the outbox says "requested" first.
    /// Returns the provider's id and the state it answered.
    func send(_ submission: Submission, existingID: String?, created: (String) throws -> Void, transmitting: () throws -> Void) throws -> (id: String, status: ProviderStatus)

    func status(id: String) throws(PeppolError) -> ProviderStatus

    /// Asks about an attempt recorded but not confirmed: never sends. `requested`: the outbox says
    /// the transmitting call was made, so a document the provider still shows as untransmitted
    /// may be on its way, and is not `notTransmitted` unless the provider's own record says so.
    func resolve(key: String, providerID: String?, requested: Bool) throws(PeppolError) -> Resolution

    func inbox() throws(PeppolError) -> [InboxEntry]
    func fetch(id: String) throws(PeppolError) -> [UInt8]
    func acknowledge(id: String) throws(PeppolError)
}

/// A provider's settings as resolved for one client: the API, its key and the company.
public struct ProviderSettings: Sendable {
    public var provider: PeppolSettings.Provider
    public var url: String
    public var token: String
    public var company: String?
    public var client: HTTPClient

    public init(provider: PeppolSettings.Provider, url: String, token: String, company: String?, client: HTTPClient = HTTPClient()) {
        self.provider = provider
        self.url = url.hasSuffix("/") ? String(url.dropLast()) : url
        self.token = token
        self.company = company
        self.client = client
    }

    /// The settings of `settings` (the book's, with the client's over them), the key read from
    /// the environment variable, else ~/.netrc for the URL's host.
    public static func resolve(_ settings: PeppolSettings?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(PeppolError) -> ProviderSettings {
        guard let settings, let provider = settings.provider?.value else {
            throw PeppolError("no Peppol provider: add `peppol: {provider: e-invoice.be}` to invoic.yaml (docs/peppol.md)")
        }
        guard let url = settings.resolvedURL else {
            throw PeppolError("the `http` provider needs `url:` under `peppol:`")
        }
        let host = url.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map { String($0.split(separator: ":").first ?? $0) } ?? ""
        let variable = settings.resolvedTokenVariable
        guard let token = Credentials.password(host: host, login: nil, variable: variable, environment: environment), !token.isEmpty else {
            throw PeppolError("no API key for \(provider.rawValue): set $\(variable), or add `machine \(host) password KEY` to ~/.netrc")
        }
        let client = HTTPClient(connectTimeout: settings.connectTimeout?.value ?? HTTPClient.defaultConnectTimeout,
                                idleTimeout: settings.idleTimeout?.value ?? HTTPClient.defaultIdleTimeout)
        return ProviderSettings(provider: provider, url: url, token: token, company: settings.company?.value, client: client)
    }

    /// The adapter of this provider.
    public func adapter() -> any PeppolProvider {
        switch provider {
        case .einvoiceBe: EInvoiceBeProvider(settings: self)
        case .recommand: RecommandProvider(settings: self)
        case .scrada: ScradaProvider(settings: self)
        case .http: GenericHTTPProvider(settings: self)
        }
    }

    func perform(_ request: HTTPRequest) throws(PeppolError) -> HTTPResponse {
        try client.perform(request)
    }

    /// `response` when it says success, else an error with the provider's own words.
    func expectSuccess(_ response: HTTPResponse, _ what: String) throws(PeppolError) -> HTTPResponse {
        guard response.isSuccess else {
            let words = (try? JSON(parsing: response.body)).flatMap { json in
                json["detail"].text ?? json["message"].text ?? json["error"].text ?? json["errors"].text
            } ?? String(decoding: response.body.prefix(300), as: UTF8.self)
            let hint = response.status == 401 || response.status == 403 ? " (is the API key right, and for this URL?)" : ""
            throw PeppolError("\(provider.rawValue) refused to \(what): HTTP \(response.status)\(hint): \(clean(words))",
                              isRefusal: (400..<500).contains(response.status))
        }
        return response
    }
}

/// Escapes `text` for a URL path segment or a query value.
func percentEncoded(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
}
