import COpenSSL

/// libcrypto's functions, opened with dlopen on first use (COpenSSL): only KSeF and a KSeF
/// offline certificate need them, and linking libcrypto cost every command's start ~1 ms of the
/// dynamic loader (issue 41 point 10).
public enum LibCrypto {
    /// Why libcrypto cannot be opened (not installed, or not OpenSSL 3).
    public struct Unavailable: Error, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The functions, or why libcrypto cannot be opened; opened once, by the first caller.
    public static let opened: Result<invoic_libcrypto_api, Unavailable> = {
        var error = [CChar](repeating: 0, count: 512)
        guard let api = invoic_libcrypto_open(&error, error.count) else {
            return .failure(Unavailable(message: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        return .success(api.pointee)
    }()
}
