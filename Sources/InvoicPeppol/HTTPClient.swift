import CSMTP
import Foundation

/// Why a conversation with the provider (or the SML, or an SMP) did not give what was asked.
public struct PeppolError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The provider answered and said no (an HTTP error status): it did not take the document.
    /// Any other failure (no connection, a timeout) leaves the outcome open.
    public var isRefusal = false
    public init(_ message: String, isRefusal: Bool = false) {
        self.message = message
        self.isRefusal = isRefusal
    }
    public var description: String { message }
}

/// One HTTP request, as the adapters describe it.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: String
    public var headers: [(String, String)]
    public var body: [UInt8]?

    public init(_ method: String, _ url: String, headers: [(String, String)] = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    public var body: [UInt8]
    public var text: String { String(decoding: body, as: UTF8.self) }
    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// HTTP(S) through libcurl, which CSMTP opens on the first request (docs/decisions.md, "Peppol
/// over HTTP"): URLSession would bring FoundationNetworking, and with it libcurl linked, into
/// every command's start.
public struct HTTPClient: Sendable {
    /// Seconds to connect (name resolution included): `connect_timeout` under `peppol:`.
    public var connectTimeout: Int
    /// Seconds with no byte moving either way, a provider that went silent: `idle_timeout`.
    public var idleTimeout: Int
    /// Seconds for the whole request, which bounds a provider that trickles a byte at a time.
    public var totalTimeout: Int

    /// TLS client authentication (the AEAT's VeriFactu service): a PKCS#12 file and its password.
    public struct ClientCertificate: Sendable {
        public var path: String
        public var password: String
        public init(path: String, password: String) {
            self.path = path
            self.password = password
        }
    }
    public var clientCertificate: ClientCertificate?
    /// The CA bundle that verifies the server, instead of the system's (a test's own CA).
    public var caFile: String?

    public static let defaultConnectTimeout = 10
    public static let defaultIdleTimeout = 30
    /// The settings that name the timeouts, for the messages (`peppol:`); nil where they are fixed (KSeF).
    public var timeoutSettings: String? = "peppol"

    public init(connectTimeout: Int = defaultConnectTimeout, idleTimeout: Int = defaultIdleTimeout, totalTimeout: Int = 600) {
        self.connectTimeout = connectTimeout
        self.idleTimeout = idleTimeout
        self.totalTimeout = max(totalTimeout, connectTimeout + idleTimeout)
    }

    public func perform(_ request: HTTPRequest) throws(PeppolError) -> HTTPResponse {
        let lines = request.headers.map { "\($0.0): \($0.1)" }
        var error = [CChar](repeating: 0, count: 512)
        var response = invoic_http_response()
        let limits = invoic_http_limits(connect_seconds: connectTimeout, idle_seconds: idleTimeout, total_seconds: totalTimeout)
        let copies = lines.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
        let tlsStrings: [UnsafeMutablePointer<CChar>?] = [clientCertificate?.path, clientCertificate == nil ? nil : "P12", clientCertificate?.password, caFile]
            .map { $0.flatMap { strdup($0) } }
        defer { tlsStrings.forEach { free($0) } }
        var tls = invoic_http_tls(certificate: UnsafePointer(tlsStrings[0]), certificate_type: UnsafePointer(tlsStrings[1]),
                                  password: UnsafePointer(tlsStrings[2]), ca_file: UnsafePointer(tlsStrings[3]))
        let result: Int32 = pointers.withUnsafeBufferPointer { headers in
            if let body = request.body {
                return body.withUnsafeBufferPointer { bytes in
                    invoic_http_request_tls(request.method, request.url, headers.baseAddress, headers.count,
                                            bytes.baseAddress ?? UnsafePointer(bitPattern: 1), bytes.count, limits, &tls, &response, &error, error.count)
                }
            }
            return invoic_http_request_tls(request.method, request.url, headers.baseAddress, headers.count, nil, 0, limits, &tls, &response, &error, error.count)
        }
        defer { invoic_http_free(&response) }
        guard result == 0 else {
            let reason: String
            switch response.timed_out {
            case (INVOIC_HTTP_CONNECT_TIMEOUT):
                reason = "no connection within \(connectTimeout) s" + (timeoutSettings.map { " (the connect timeout, `connect_timeout:` under `\($0):`)" } ?? "")
            case (INVOIC_HTTP_IDLE_TIMEOUT):
                reason = "no answer: nothing came for \(idleTimeout) s" + (timeoutSettings.map { " (the idle timeout, `idle_timeout:` under `\($0):`)" } ?? "")
            case (INVOIC_HTTP_TOTAL_TIMEOUT):
                reason = "the answer took over \(totalTimeout) s in all (the total timeout)"
            default:
                reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            throw PeppolError("\(request.method) \(Self.withoutQuery(request.url)) failed: \(reason)")
        }
        let body = response.body.map { Array(UnsafeBufferPointer(start: $0, count: response.length)) } ?? []
        return HTTPResponse(status: response.status, body: body)
    }

    /// A URL as printed in a message: without its query, where some APIs take keys.
    static func withoutQuery(_ url: String) -> String {
        String(url.prefix { $0 != "?" })
    }
}

/// A multipart/form-data body (RFC 7578): one file field, as e-invoice.be's upload takes it, or
/// several parts, as the AFNOR Flow Service takes a flow (its JSON `flowInfo` and the `file`).
public struct MultipartForm: Sendable {
    public struct Part: Sendable {
        public var field: String
        public var fileName: String?
        public var mediaType: String
        public var bytes: [UInt8]
        public init(field: String, fileName: String? = nil, mediaType: String, bytes: [UInt8]) {
            self.field = field
            self.fileName = fileName
            self.mediaType = mediaType
            self.bytes = bytes
        }
    }

    public let boundary: String
    public let body: [UInt8]

    public init(field: String, fileName: String, mediaType: String, bytes: [UInt8], boundary: String = "invoic-" + UUID().uuidString) {
        self.init(parts: [Part(field: field, fileName: fileName, mediaType: mediaType, bytes: bytes)], boundary: boundary)
    }

    public init(parts: [Part], boundary: String = "invoic-" + UUID().uuidString) {
        self.boundary = boundary
        var body: [UInt8] = []
        for part in parts {
            let name = part.fileName.map { "; filename=\"\($0)\"" } ?? ""
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.field)\"\(name)\r\nContent-Type: \(part.mediaType)\r\n\r\n".utf8)
            body += part.bytes
            body += Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        self.body = body
    }

    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }
}

/// JSON from a provider, read leniently: a field missing or of another type is nil, never a crash.
public struct JSON: @unchecked Sendable {
    public let value: Any?

    public init(_ value: Any?) { self.value = value }

    public init(parsing bytes: [UInt8]) throws(PeppolError) {
        do {
            value = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            let start = String(decoding: bytes.prefix(200), as: UTF8.self)
            throw PeppolError("the answer is not JSON: \(start)")
        }
    }

    public subscript(key: String) -> JSON { JSON((value as? [String: Any])?[key]) }
    public var string: String? {
        if let text = value as? String { return text }
        if let number = value as? NSNumber, !(value is Bool) { return number.stringValue }
        return nil
    }
    public var bool: Bool? { value as? Bool }
    public var array: [JSON] { (value as? [Any])?.map(JSON.init) ?? [] }
    public var isNull: Bool { value == nil || value is NSNull }

    /// Compact JSON text, for a detail the provider gave as an object.
    public var text: String? {
        guard let value, !(value is NSNull) else { return nil }
        if let string { return string }
        guard JSONSerialization.isValidJSONObject(value), let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    public static func encode(_ object: [String: Any]) -> [UInt8] {
        Array((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8))
    }
}
