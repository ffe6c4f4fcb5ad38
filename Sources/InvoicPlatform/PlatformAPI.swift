import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicPeppol

/// The platform's words and failures travel as InvoicPeppol's error: one HTTP client, one error.
public typealias PlatformError = PeppolError

/// How invoic proves who it is to the platform (XP Z12-013 §4.2: OAuth2, a bearer token as RFC
/// 6750 says). Both come from the environment, never from the book, and are never printed.
public enum PlatformCredentials: Sendable {
    /// A bearer token the platform issued (`$INVOIC_PA_TOKEN`).
    case token(String)
    /// An OAuth2 client id and secret, exchanged at `token_url:` for a bearer token (RFC 6749
    /// §4.4, the client credentials grant, the client authenticated with HTTP Basic, §2.3.1).
    case client(id: String, secret: String, tokenURL: String)

    /// The credentials `settings` calls for, read from `environment`; an error naming the
    /// variables to set otherwise.
    public static func resolve(_ settings: PlatformSettings, environment: [String: String] = ProcessInfo.processInfo.environment) throws(PlatformError) -> PlatformCredentials {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let tokenURL = settings.tokenURL?.value {
            guard let id = value(PlatformSettings.clientIDVariable), let secret = value(PlatformSettings.clientSecretVariable) else {
                throw PlatformError("no platform credentials: set \(PlatformSettings.clientIDVariable) and \(PlatformSettings.clientSecretVariable) to the OAuth2 client id and secret the platform gave (they are never written in the book)")
            }
            return .client(id: id, secret: secret, tokenURL: tokenURL)
        }
        guard let token = value(PlatformSettings.tokenVariable) else {
            throw PlatformError("no platform credentials: set \(PlatformSettings.tokenVariable) to the bearer token the platform gave, or name its OAuth2 endpoint as `token_url:` under `platform:` and set \(PlatformSettings.clientIDVariable) and \(PlatformSettings.clientSecretVariable) (docs/france.md)")
        }
        return .token(token)
    }

    /// Every form of every secret, for the one redaction of what the platform says.
    var secrets: [Secrets] {
        switch self {
        case .token(let token): [Secrets(token: token)]
        case .client(let id, let secret, _): [Secrets(token: "\(id):\(secret)")]
        }
    }
}

/// The AFNOR XP Z12-013 API of one platform: the Flow Service (annex A, `/v1/flows`) and the
/// Directory Service (annex B, `/v1/directory-line/search`), over InvoicPeppol's HTTP client.
/// Every text of the platform that leaves this type is cleaned (`clean`): redacted of the
/// credentials, on one line, bounded.
public final class PlatformAPI: @unchecked Sendable {
    public let flowURL: String
    public let directoryURL: String?
    let credentials: PlatformCredentials
    let client: HTTPClient
    /// The bearer token, once asked for (one token exchange per run).
    private var bearer: String?
    private var extraSecrets: [Secrets] = []

    public init(settings: PlatformSettings, credentials: PlatformCredentials) throws(PlatformError) {
        guard let flow = settings.flowURL?.value else { throw PlatformError("`platform:` names no `flow_url:`") }
        flowURL = Self.trimmed(flow)
        directoryURL = settings.directoryURL.map { Self.trimmed($0.value) }
        self.credentials = credentials
        var client = HTTPClient(connectTimeout: settings.connectTimeout?.value ?? HTTPClient.defaultConnectTimeout,
                                idleTimeout: settings.idleTimeout?.value ?? HTTPClient.defaultIdleTimeout)
        client.timeoutSettings = "platform"
        self.client = client
    }

    static func trimmed(_ url: String) -> String { url.hasSuffix("/") ? String(url.dropLast()) : url }

    /// A text of the platform's, fit to print and to store.
    public func clean(_ text: String) -> String {
        var text = text
        for secrets in credentials.secrets + extraSecrets { text = secrets.redact(text) }
        return ProviderText.clean(text, secrets: Secrets(token: ""))
    }

    // MARK: - Authentication

    private func token() throws(PlatformError) -> String {
        if let bearer { return bearer }
        switch credentials {
        case .token(let token):
            bearer = token
            return token
        case .client(let id, let secret, let tokenURL):
            let basic = Data("\(Self.formEncoded(id)):\(Self.formEncoded(secret))".utf8).base64EncodedString()
            let response = try client.perform(HTTPRequest("POST", tokenURL, headers: [
                ("Authorization", "Basic \(basic)"), ("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json"),
            ], body: Array("grant_type=client_credentials".utf8)))
            guard response.isSuccess else {
                throw PlatformError(clean("the platform's token endpoint refused the client id and secret (HTTP \(response.status)): \(String(response.text.prefix(300))); check \(PlatformSettings.clientIDVariable) and \(PlatformSettings.clientSecretVariable)"), isRefusal: true)
            }
            guard let token = try JSON(parsing: response.body)["access_token"].string, !token.isEmpty else {
                throw PlatformError("the platform's token endpoint answered no access_token")
            }
            extraSecrets.append(Secrets(token: token))
            bearer = token
            return token
        }
    }

    /// RFC 6749 Appendix B: the client id and secret form-encoded before Basic.
    static func formEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text).replacingOccurrences(of: "%20", with: "+")
    }

    /// One call with the bearer token and a fresh X-Request-Id (the annexes' log correlation).
    /// A 401 or 403 is the credentials', said as such; other statuses are the caller's to read.
    private func call(_ method: String, _ url: String, headers: [(String, String)] = [], body: [UInt8]? = nil) throws(PlatformError) -> HTTPResponse {
        let bearer = try token()
        let response: HTTPResponse
        do {
            response = try client.perform(HTTPRequest(method, url, headers: [
                ("Authorization", "Bearer \(bearer)"), ("X-Request-Id", UUID().uuidString.lowercased()),
            ] + headers, body: body))
        } catch {
            throw PlatformError(clean(error.message))
        }
        if response.status == 401 || response.status == 403 {
            let which: String
            switch credentials {
            case .token: which = PlatformSettings.tokenVariable
            case .client: which = "\(PlatformSettings.clientIDVariable) and \(PlatformSettings.clientSecretVariable)"
            }
            // The platform did not take anything from a caller it does not know: a refusal.
            throw PlatformError(clean("the platform refused the credentials (HTTP \(response.status)\(Self.errorText(response).map { ": \($0)" } ?? "")); check \(which)"), isRefusal: true)
        }
        return response
    }

    /// The annexes' Error object (`errorCode`, `errorMessage`), or the start of the body.
    static func errorText(_ response: HTTPResponse) -> String? {
        if let json = try? JSON(parsing: response.body), let code = json["errorCode"].string {
            return code + (json["errorMessage"].string.map { " \($0)" } ?? "")
        }
        let text = String(response.text.prefix(300)).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    private func failure(_ what: String, _ response: HTTPResponse) -> PlatformError {
        PlatformError(clean("\(what): HTTP \(response.status)\(Self.errorText(response).map { " \($0)" } ?? "")"))
    }

    // MARK: - Flow Service (annex A)

    /// What a deposit came to.
    public enum Deposit: Sendable {
        /// The platform took the flow (202): its id.
        case taken(flowID: String)
        /// The platform said no to this flow (400, 413, 422): it was not taken; why.
        case refused(String)
    }

    /// `POST /v1/flows`: the flow as multipart/form-data, `flowInfo` (JSON) and `file`.
    public func createFlow(info: [String: Any], fileName: String, mediaType: String, bytes: [UInt8]) throws(PlatformError) -> Deposit {
        let form = MultipartForm(parts: [
            .init(field: "flowInfo", mediaType: "application/json", bytes: JSON.encode(info)),
            .init(field: "file", fileName: fileName, mediaType: mediaType, bytes: bytes),
        ])
        let response = try call("POST", flowURL + "/v1/flows", headers: [("Content-Type", form.contentType), ("Accept", "application/json")], body: form.body)
        if response.isSuccess {
            guard let id = try JSON(parsing: response.body)["flowId"].string else {
                throw PlatformError("the platform took the flow but answered no flowId")
            }
            return .taken(flowID: try ProviderID.checked(id, from: "the platform"))
        }
        if [400, 413, 415, 422].contains(response.status) {
            return .refused(clean("HTTP \(response.status)\(Self.errorText(response).map { " \($0)" } ?? "")"))
        }
        // 429, 5xx: the platform may or may not hold the flow; the tracking id settles it later.
        throw failure("POST /v1/flows", response)
    }

    /// `POST /v1/flows/search`: the flows matching `filters` (SearchFlowFilters), page after
    /// page: the search has no offset (§4.3), so the next page starts after the last one's
    /// `updatedAt`.
    public func searchFlows(_ filters: [String: Any], limit: Int = 100) throws(PlatformError) -> [JSON] {
        var found: [JSON] = []
        var seen: Set<String> = []
        var filters = filters
        for _ in 0..<1000 {
            let response = try call("POST", flowURL + "/v1/flows/search", headers: [("Content-Type", "application/json"), ("Accept", "application/json")],
                                    body: JSON.encode(["where": filters, "limit": limit]))
            guard response.isSuccess else { throw failure("POST /v1/flows/search", response) }
            let results = try JSON(parsing: response.body)["results"].array
            var fresh = 0
            for result in results {
                let id = result["flowId"].string ?? ""
                if seen.insert(id).inserted {
                    found.append(result)
                    fresh += 1
                }
            }
            guard results.count >= limit, fresh > 0, let last = results.last?["updatedAt"].string else { break }
            filters["updatedAfter"] = last
        }
        return found
    }

    /// `GET /v1/flows/{flowId}`: its metadata (the Flow object, with its acknowledgement).
    public func flow(_ id: String) throws(PlatformError) -> JSON {
        let response = try call("GET", flowURL + "/v1/flows/" + Self.pathSegment(id), headers: [("Accept", "application/json")])
        guard response.isSuccess else { throw failure("GET /v1/flows/\(id)", response) }
        return try JSON(parsing: response.body)
    }

    /// `GET /v1/flows/{flowId}?docType=Original`: the file as its emitter gave it.
    public func download(_ id: String) throws(PlatformError) -> [UInt8] {
        let response = try call("GET", flowURL + "/v1/flows/" + Self.pathSegment(id) + "?docType=Original", headers: [("Accept", "application/octet-stream")])
        guard response.isSuccess else { throw failure("GET /v1/flows/\(id)", response) }
        return response.body
    }

    static func pathSegment(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? id
    }

    // MARK: - Directory Service (annex B)

    /// `POST /v1/directory-line/search` by SIREN: the directory lines (where the company
    /// receives: its addressing identifier, SIRET, routing code, platform) of that SIREN only.
    public func directoryLines(siren: String) throws(PlatformError) -> [JSON] {
        guard let directoryURL else {
            throw PlatformError("`platform:` names no `directory_url:`, the platform's Directory Service (annex B of XP Z12-013)")
        }
        // The annex's SIREN filter has only the `contains` operator; the lines of other SIRENs
        // that contain these digits are left out here.
        let request: [String: Any] = ["filters": ["siren": ["op": "contains", "value": siren]], "limit": 100]
        let response = try call("POST", directoryURL + "/v1/directory-line/search", headers: [("Content-Type", "application/json"), ("Accept", "application/json")],
                                body: JSON.encode(request))
        if response.status == 404 { return [] }
        guard response.isSuccess else { throw failure("POST /v1/directory-line/search", response) }
        return try JSON(parsing: response.body)["results"].array.filter { $0["siren"].string == siren }
    }
}
