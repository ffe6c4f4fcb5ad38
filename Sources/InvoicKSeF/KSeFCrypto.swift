import COpenSSL
import Foundation
import InvoicEInvoice

/// The ciphers KSeF asks for, through libcrypto's EVP interface (uwierzytelnianie.md 2.2,
/// sesja-interaktywna.md): the KSeF token and the session key are encrypted RSAES-OAEP with
/// SHA-256 as the digest and in MGF1 for the Ministry's public key; each invoice AES-256-CBC
/// with PKCS#7 padding under the session key.
public enum KSeFCrypto {
    /// A public key of the Ministry, from the API's `certificate` field: the DER of an X.509
    /// certificate (what the API serves) or of a bare SubjectPublicKeyInfo (what open-api.json's
    /// example shows for the token key); both are read.
    public final class PublicKey: @unchecked Sendable {
        let key: OpaquePointer
        /// libcrypto, open: a key exists only once it is.
        let crypto: invoic_libcrypto_api

        public init(der: [UInt8]) throws(KSeFError) {
            let crypto = try KSeFCrypto.libcrypto()
            self.crypto = crypto
            var found: OpaquePointer?
            der.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                var cursor: UnsafePointer<UInt8>? = base
                if let certificate = crypto.d2i_X509(nil, &cursor, buffer.count) {
                    found = crypto.X509_get_pubkey(certificate)
                    crypto.X509_free(certificate)
                    return
                }
                crypto.ERR_clear_error()
                cursor = base
                found = crypto.d2i_PUBKEY(nil, &cursor, buffer.count)
            }
            guard let found else {
                crypto.ERR_clear_error()
                throw KSeFError("the public key KSeF published is neither an X.509 certificate nor a public key in DER")
            }
            guard crypto.EVP_PKEY_get_base_id(found) == EVP_PKEY_RSA else {
                crypto.EVP_PKEY_free(found)
                throw KSeFError("the public key KSeF published is not an RSA key; invoic encrypts with RSA-OAEP only")
            }
            key = found
        }

        deinit { crypto.EVP_PKEY_free(key) }
    }

    /// RSAES-OAEP, SHA-256 and MGF1 with SHA-256, no label.
    public static func encryptRSAOAEP(_ plain: [UInt8], for key: PublicKey) throws(KSeFError) -> [UInt8] {
        let crypto = key.crypto
        guard let context = crypto.EVP_PKEY_CTX_new(key.key, nil) else { throw failure("RSA context", crypto) }
        defer { crypto.EVP_PKEY_CTX_free(context) }
        guard crypto.EVP_PKEY_encrypt_init(context) == 1,
              crypto.EVP_PKEY_CTX_set_rsa_padding(context, RSA_PKCS1_OAEP_PADDING) == 1,
              crypto.EVP_PKEY_CTX_set_rsa_oaep_md(context, crypto.EVP_sha256()) == 1,
              crypto.EVP_PKEY_CTX_set_rsa_mgf1_md(context, crypto.EVP_sha256()) == 1 else { throw failure("RSA-OAEP setup", crypto) }
        var length = 0
        guard crypto.EVP_PKEY_encrypt(context, nil, &length, plain, plain.count) == 1 else { throw failure("RSA-OAEP (is the text longer than the key allows?)", crypto) }
        var out = [UInt8](repeating: 0, count: length)
        guard crypto.EVP_PKEY_encrypt(context, &out, &length, plain, plain.count) == 1 else { throw failure("RSA-OAEP", crypto) }
        return Array(out.prefix(length))
    }

    /// AES-256-CBC with PKCS#7 padding: `key` 32 bytes, `iv` 16.
    public static func encryptAES256CBC(_ plain: [UInt8], key: [UInt8], iv: [UInt8]) throws(KSeFError) -> [UInt8] {
        try aes256CBC(plain, key: key, iv: iv, encrypting: true)
    }

    public static func decryptAES256CBC(_ cipher: [UInt8], key: [UInt8], iv: [UInt8]) throws(KSeFError) -> [UInt8] {
        try aes256CBC(cipher, key: key, iv: iv, encrypting: false)
    }

    private static func aes256CBC(_ input: [UInt8], key: [UInt8], iv: [UInt8], encrypting: Bool) throws(KSeFError) -> [UInt8] {
        guard key.count == 32, iv.count == 16 else { throw KSeFError("AES-256-CBC takes a 32-byte key and a 16-byte IV") }
        let crypto = try libcrypto()
        guard let context = crypto.EVP_CIPHER_CTX_new() else { throw failure("AES context", crypto) }
        defer { crypto.EVP_CIPHER_CTX_free(context) }
        var out = [UInt8](repeating: 0, count: input.count + 32)
        var written: Int32 = 0
        var last: Int32 = 0
        let ok: Bool = out.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress,
                  crypto.EVP_CipherInit_ex(context, crypto.EVP_aes_256_cbc(), nil, key, iv, encrypting ? 1 : 0) == 1,
                  crypto.EVP_CipherUpdate(context, base, &written, input, Int32(input.count)) == 1,
                  crypto.EVP_CipherFinal_ex(context, base + Int(written), &last) == 1 else { return false }
            return true
        }
        guard ok else { throw failure(encrypting ? "AES-256-CBC encryption" : "AES-256-CBC decryption (wrong key, IV or padding)", crypto) }
        return Array(out.prefix(Int(written + last)))
    }

    /// Bytes from OpenSSL's CSPRNG: the session key and its IV.
    public static func randomBytes(_ count: Int) throws(KSeFError) -> [UInt8] {
        let crypto = try libcrypto()
        var bytes = [UInt8](repeating: 0, count: count)
        guard crypto.RAND_bytes(&bytes, Int32(count)) == 1 else { throw failure("random bytes", crypto) }
        return bytes
    }

    /// libcrypto's functions, or a KSeFError saying why it cannot be opened.
    static func libcrypto() throws(KSeFError) -> invoic_libcrypto_api {
        switch LibCrypto.opened {
        case .success(let api): return api
        case .failure(let unavailable): throw KSeFError(unavailable.message)
        }
    }

    private static func failure(_ what: String, _ crypto: invoic_libcrypto_api) -> KSeFError {
        let code = crypto.ERR_get_error()
        var text = [CChar](repeating: 0, count: 256)
        crypto.ERR_error_string_n(code, &text, text.count)
        crypto.ERR_clear_error()
        let reason = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return KSeFError("\(what) failed in libcrypto\(code == 0 ? "" : ": \(reason)")")
    }
}
