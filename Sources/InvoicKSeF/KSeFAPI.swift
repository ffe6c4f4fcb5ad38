import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicPeppol

/// Why a conversation with KSeF did not give what was asked.
public struct KSeFError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The HTTP status when KSeF answered (nil: no answer at all, the outcome is open).
    public var status: Int?
    public init(_ message: String, status: Int? = nil) {
        self.message = message
        self.status = status
    }
    public var description: String { message }
}

/// Where the API of each environment is (srodowiska.md; open-api.json's `servers`). Tests (and
/// nobody else) point invoic at a stand-in with `INVOIC_KSEF_API_URL`.
public enum KSeFEndpoint {
    public static let overrideVariable = "INVOIC_KSEF_API_URL"
    /// The variable that holds the KSeF token: never the book, which is in git.
    public static let tokenVariable = "INVOIC_KSEF_TOKEN"

    public static func baseURL(for environment: KSeFSettings.Environment, environmentVariables: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let url = environmentVariables[overrideVariable], !url.isEmpty { return url.hasSuffix("/") ? String(url.dropLast()) : url }
        switch environment {
        case .test: return "https://api-test.ksef.mf.gov.pl/v2"
        case .demo: return "https://api-demo.ksef.mf.gov.pl/v2"
        case .production: return "https://api.ksef.mf.gov.pl/v2"
        }
    }
}

/// One authenticated conversation with KSeF 2.0 (uwierzytelnianie.md, "Uwierzytelnianie za pomocą
/// tokena KSeF"): the Ministry's public keys, the challenge, the token and the challenge's
/// timestamp encrypted RSA-OAEP-SHA256, the operation's status, and the access and refresh
/// tokens. An access token that expires mid-run (401) is refreshed once, and when the refresh is
/// refused the whole authentication is made again; the request is then repeated once.
public final class KSeFAPI: @unchecked Sendable {
    public let baseURL: String
    let http: HTTPClient
    let token: String
    let nip: String
    /// Polls of an operation KSeF is still processing: the first after a quarter of a second, each
    /// next one twice as late, up to 4 s apart; `maximumPolls` of them (about 4 minutes) at most.
    let maximumPolls: Int
    private var accessToken: String?
    private var refreshToken: String?
    private var keys: (token: (KSeFCrypto.PublicKey, String?), symmetric: (KSeFCrypto.PublicKey, String?))?

    public init(baseURL: String, token: String, nip: String, http: HTTPClient = HTTPClient(), maximumPolls: Int = 60) {
        self.baseURL = baseURL
        var http = http
        http.timeoutSettings = nil
        self.http = http
        self.token = token
        self.nip = nip
        self.maximumPolls = maximumPolls
    }

    // MARK: - Requests

    /// A request to `path` (after the base URL); JSON in and out. `authorized`: with the access
    /// token, renewed on a 401 as the type's comment says.
    func call(_ method: String, _ path: String, json: [String: Any]? = nil, authorized: Bool = true, accept: String = "application/json",
              headers: [(String, String)] = []) throws(KSeFError) -> HTTPResponse {
        if authorized, accessToken == nil { try authenticate() }
        var response = try send(method, path, json: json, bearer: authorized ? accessToken : nil, accept: accept, headers: headers)
        if authorized, response.status == 401 {
            try renewAccess()
            response = try send(method, path, json: json, bearer: accessToken, accept: accept, headers: headers)
        }
        guard response.isSuccess else { throw Self.refusal(method, path, response) }
        return response
    }

    private func send(_ method: String, _ path: String, json: [String: Any]?, bearer: String?, accept: String, headers extra: [(String, String)] = []) throws(KSeFError) -> HTTPResponse {
        var headers = [("Accept", accept)] + extra
        if let bearer { headers.append(("Authorization", "Bearer \(bearer)")) }
        var body: [UInt8]?
        if let json {
            headers.append(("Content-Type", "application/json"))
            body = JSON.encode(json)
        } else if method == "POST" {
            body = []
        }
        do {
            return try http.perform(HTTPRequest(method, baseURL + path, headers: headers, body: body))
        } catch {
            throw KSeFError(error.message)
        }
    }

    /// KSeF's own words for a refusal: `ExceptionResponse` (exceptionCode, exceptionDescription,
    /// details) or a Problem Details body (title, detail), bounded.
    static func refusal(_ method: String, _ path: String, _ response: HTTPResponse) -> KSeFError {
        var words: [String] = []
        if let json = try? JSON(parsing: response.body) {
            for detail in json["exception"]["exceptionDetailList"].array {
                var line = [detail["exceptionCode"].string, detail["exceptionDescription"].string].compactMap { $0 }.joined(separator: " ")
                let more = detail["details"].array.compactMap(\.string)
                if !more.isEmpty { line += " (" + more.joined(separator: "; ") + ")" }
                if !line.isEmpty { words.append(line) }
            }
            if words.isEmpty { words = [json["title"].string, json["detail"].string].compactMap { $0 } }
        }
        let said = words.isEmpty ? "" : ": " + String(words.joined(separator: "; ").prefix(500))
        return KSeFError("KSeF answered \(method) \(path) with HTTP \(response.status)\(said)", status: response.status)
    }

    static func json(_ response: HTTPResponse) throws(KSeFError) -> JSON {
        do { return try JSON(parsing: response.body) } catch { throw KSeFError("KSeF's answer is not JSON: \(error.message)") }
    }

    static func required(_ value: JSON, _ what: String) throws(KSeFError) -> String {
        guard let text = value.string, !text.isEmpty, text.count <= 4096 else { throw KSeFError("KSeF's answer lacks \(what)") }
        return text
    }

    // MARK: - Authentication

    /// The Ministry's keys: the one for the KSeF token and the one for symmetric keys
    /// (`GET /security/public-key-certificates`, by `usage`).
    func publicKeys() throws(KSeFError) -> (token: (KSeFCrypto.PublicKey, String?), symmetric: (KSeFCrypto.PublicKey, String?)) {
        if let keys { return keys }
        let list = try Self.json(try call("GET", "/security/public-key-certificates", authorized: false)).array
        func key(_ usage: String) throws(KSeFError) -> (KSeFCrypto.PublicKey, String?) {
            guard let entry = list.first(where: { $0["usage"].array.contains { $0.string == usage } }),
                  let der = entry["certificate"].string.flatMap({ Data(base64Encoded: $0) }) else {
                throw KSeFError("KSeF published no public key for \(usage)")
            }
            return (try KSeFCrypto.PublicKey(der: Array(der)), entry["publicKeyId"].string)
        }
        let found = (token: try key("KsefTokenEncryption"), symmetric: try key("SymmetricKeyEncryption"))
        keys = found
        return found
    }

    func authenticate() throws(KSeFError) {
        let (tokenKey, tokenKeyID) = try publicKeys().token
        let challenge = try Self.json(try call("POST", "/auth/challenge", authorized: false))
        let challengeText = try Self.required(challenge["challenge"], "the challenge")
        guard let milliseconds = challenge["timestampMs"].string, Int64(milliseconds) != nil else { throw KSeFError("KSeF's challenge lacks its timestampMs") }
        // "{token}|{timestampMs}", encrypted for the Ministry (uwierzytelnianie.md 2.2.1).
        let encrypted = try KSeFCrypto.encryptRSAOAEP(Array("\(token)|\(milliseconds)".utf8), for: tokenKey)
        var request: [String: Any] = [
            "challenge": challengeText,
            "contextIdentifier": ["type": "Nip", "value": nip],
            "encryptedToken": Data(encrypted).base64EncodedString(),
        ]
        if let tokenKeyID { request["publicKeyId"] = tokenKeyID }
        let started = try Self.json(try call("POST", "/auth/ksef-token", json: request, authorized: false))
        let reference = try Self.required(started["referenceNumber"], "the authentication's reference number")
        let operationToken = try Self.required(started["authenticationToken"]["token"], "the authentication token")
        // The operation is asynchronous: its status, until 200 (or a refusal).
        var polls = 0
        while true {
            let response = try send("GET", "/auth/\(Self.escape(reference))", json: nil, bearer: operationToken, accept: "application/json")
            guard response.isSuccess else { throw Self.refusal("GET", "/auth/{referenceNumber}", response) }
            let status = try Self.json(response)["status"]
            let code = Int(status["code"].string ?? "") ?? 0
            if code == 200 { break }
            if code != 100 {
                let details = status["details"].array.compactMap(\.string).joined(separator: "; ")
                throw KSeFError("KSeF refused the authentication with the KSeF token (\(code) \(status["description"].string ?? "")\(details.isEmpty ? "" : ": \(details)")); check \(KSeFEndpoint.tokenVariable) and that the token has the right to send invoices for NIP \(nip)")
            }
            polls += 1
            if polls >= maximumPolls { throw KSeFError("KSeF is still authenticating after \(polls) polls; run the command again") }
            wait(polls)
        }
        let redeemed = try send("POST", "/auth/token/redeem", json: nil, bearer: operationToken, accept: "application/json")
        guard redeemed.isSuccess else { throw Self.refusal("POST", "/auth/token/redeem", redeemed) }
        let tokens = try Self.json(redeemed)
        accessToken = try Self.required(tokens["accessToken"]["token"], "the access token")
        refreshToken = try Self.required(tokens["refreshToken"]["token"], "the refresh token")
    }

    /// After a 401: the refresh token for a new access token, or, when KSeF refuses it too (it
    /// expired or was revoked), the whole authentication again.
    func renewAccess() throws(KSeFError) {
        if let refreshToken {
            let response = try send("POST", "/auth/token/refresh", json: nil, bearer: refreshToken, accept: "application/json")
            if response.isSuccess, let token = try Self.json(response)["accessToken"]["token"].string, !token.isEmpty {
                accessToken = token
                return
            }
        }
        accessToken = nil
        refreshToken = nil
        try authenticate()
    }

    /// A path segment as KSeF's references are (letters, digits, `-`); anything else escaped.
    static func escape(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-")) ?? ""
    }

    func wait(_ poll: Int) { Thread.sleep(forTimeInterval: 0.125 * Double(1 << min(max(poll, 1), 5))) }

    // MARK: - The interactive session (sesja-interaktywna.md)

    /// A session's AES key and IV, made here and given to KSeF encrypted for it.
    public struct SessionKey: Sendable {
        public let key: [UInt8]
        public let iv: [UInt8]
    }

    /// `POST /sessions/online` for FA(3): the session's reference number and its key.
    func openSession() throws(KSeFError) -> (reference: String, key: SessionKey) {
        let (symmetricKey, keyID) = try publicKeys().symmetric
        let key = SessionKey(key: try KSeFCrypto.randomBytes(32), iv: try KSeFCrypto.randomBytes(16))
        var encryption: [String: Any] = [
            "encryptedSymmetricKey": Data(try KSeFCrypto.encryptRSAOAEP(key.key, for: symmetricKey)).base64EncodedString(),
            "initializationVector": Data(key.iv).base64EncodedString(),
        ]
        if let keyID { encryption["publicKeyId"] = keyID }
        let answer = try Self.json(try call("POST", "/sessions/online", json: [
            "formCode": ["systemCode": "FA (3)", "schemaVersion": "1-0E", "value": "FA"],
            "encryption": encryption,
        ]))
        return (try Self.reference(answer["referenceNumber"], "the session's reference number"), key)
    }

    /// A reference number as KSeF writes them (open-api.json's ReferenceNumber: 36 characters);
    /// anything else is refused before it reaches a record or a URL.
    static func reference(_ value: JSON, _ what: String) throws(KSeFError) -> String {
        guard let text = value.string, text.count == 36, text.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") }) else {
            throw KSeFError("KSeF's answer lacks \(what) (or it is not one: 36 letters, digits and dashes)")
        }
        return text
    }

    /// `POST /sessions/online/{ref}/invoices`: the FA(3) file encrypted under the session key, with
    /// the SHA-256 (Base64) and size of the file and of its ciphertext. Returns the invoice's reference.
    func sendInvoice(_ file: [UInt8], session: String, key: SessionKey, offline: Bool) throws(KSeFError) -> String {
        let encrypted = try KSeFCrypto.encryptAES256CBC(file, key: key.key, iv: key.iv)
        let answer = try Self.json(try call("POST", "/sessions/online/\(Self.escape(session))/invoices", json: [
            "invoiceHash": Self.hash(file), "invoiceSize": file.count,
            "encryptedInvoiceHash": Self.hash(encrypted), "encryptedInvoiceSize": encrypted.count,
            "encryptedInvoiceContent": Data(encrypted).base64EncodedString(),
            "offlineMode": offline,
        ]))
        return try Self.reference(answer["referenceNumber"], "the invoice's reference number")
    }

    func closeSession(_ session: String) throws(KSeFError) {
        _ = try call("POST", "/sessions/online/\(Self.escape(session))/close")
    }

    /// `GET /sessions/{ref}`: the session's status code and description.
    func sessionStatus(_ session: String) throws(KSeFError) -> (code: Int, description: String) {
        let status = try Self.json(try call("GET", "/sessions/\(Self.escape(session))"))["status"]
        return (Int(status["code"].string ?? "") ?? 0, status["description"].string ?? "")
    }

    /// Every invoice KSeF holds for `session` (`GET /sessions/{ref}/invoices`, page by page): how
    /// an attempt whose answer was lost is found, by the hash of its file.
    func sessionInvoices(_ session: String) throws(KSeFError) -> [JSON] {
        var found: [JSON] = []
        var continuation: String?
        repeat {
            // The next page is asked with the last answer's token in `x-continuation-token`.
            let page = try Self.json(try call("GET", "/sessions/\(Self.escape(session))/invoices?pageSize=1000",
                                              headers: continuation.map { [("x-continuation-token", $0)] } ?? []))
            found += page["invoices"].array
            continuation = page["continuationToken"].string
        } while continuation?.isEmpty == false && found.count <= 100_000
        return found
    }

    /// `GET /sessions/{ref}/invoices/{invoiceRef}`: the invoice's status, with its KSeF number once it has one.
    func invoiceStatus(session: String, invoice: String) throws(KSeFError) -> JSON {
        try Self.json(try call("GET", "/sessions/\(Self.escape(session))/invoices/\(Self.escape(invoice))"))
    }

    /// The invoice's UPO (`GET /sessions/{ref}/invoices/ksef/{ksefNumber}/upo`), as XML bytes.
    func invoiceUPO(session: String, ksefNumber: String) throws(KSeFError) -> [UInt8] {
        try call("GET", "/sessions/\(Self.escape(session))/invoices/ksef/\(Self.escape(ksefNumber))/upo", accept: "application/xml").body
    }

    // MARK: - Receiving

    /// One page of `POST /invoices/query/metadata` for the invoices where the book's business is
    /// the buyer (`Subject2`), by the date KSeF stored them, oldest first.
    func purchaseMetadata(from: String, offset: Int, pageSize: Int) throws(KSeFError) -> JSON {
        try Self.json(try call("POST", "/invoices/query/metadata?sortOrder=Asc&pageOffset=\(offset)&pageSize=\(pageSize)", json: [
            "subjectType": "Subject2",
            "dateRange": ["dateType": "PermanentStorage", "from": from],
        ]))
    }

    /// `GET /invoices/ksef/{ksefNumber}`: the invoice's XML.
    func invoice(ksefNumber: String) throws(KSeFError) -> [UInt8] {
        try call("GET", "/invoices/ksef/\(Self.escape(ksefNumber))", accept: "application/xml").body
    }

    /// Base64 of the SHA-256, as KSeF writes hashes (Sha256HashBase64).
    public static func hash(_ bytes: [UInt8]) -> String {
        Data(InvoicAuthoring.SHA256.digest(bytes)).base64EncodedString()
    }
}
