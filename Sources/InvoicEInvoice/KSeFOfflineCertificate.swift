import COpenSSL
import Foundation
import InvoicAuthoring
import InvoicBook

/// A KSeF offline certificate with its private key (kody-qr.md, "KOD II"): what signs the link of
/// KOD II on an invoice issued offline. Read from a PEM file (the certificate and its key, the key
/// encrypted or not) or a PKCS#12 file, whose password comes from the environment, never the book.
///
/// The signature is what kody-qr.md asks: RSASSA-PSS with SHA-256, MGF1-SHA-256 and a 32-byte
/// salt for an RSA key of at least 2048 bits; ECDSA on P-256 with SHA-256, written as IEEE P1363
/// (r || s, 32 bytes each) for an EC key. Both are made deterministic, so the same book builds the
/// same PDF: the PSS salt is an HMAC of the message under a hash of the key, ECDSA's nonce is
/// RFC 6979's. A verifier cannot tell either from a random one (PSS verification reads the salt
/// back from the signature; ECDSA's verification does not see the nonce).
public final class KSeFOfflineCertificate: @unchecked Sendable {
    /// Why a certificate cannot sign: the message, said at `offline_certificate:`.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    enum Algorithm { case rsaPSS(modulusBits: Int), ecdsaP256 }

    /// EVP_PKEY, owned; used by one signature at a time (`lock`).
    private let key: OpaquePointer
    /// libcrypto, open: a certificate exists only once it is.
    private let crypto: invoic_libcrypto_api
    private let lock = NSLock()
    let algorithm: Algorithm
    /// The certificate's serial number as KSeF prints it: its bytes in upper-case hex (`01F20A5D352AE590`).
    public let serial: String

    deinit { crypto.EVP_PKEY_free(key) }

    private init(key: OpaquePointer, crypto: invoic_libcrypto_api, algorithm: Algorithm, serial: String) {
        self.key = key
        self.crypto = crypto
        self.algorithm = algorithm
        self.serial = serial
    }

    /// The certificate and key in `path` (PEM, else PKCS#12), the key decrypted with `password`;
    /// messages name the file as `shown` (as the book writes it).
    public static func load(path: String, password: String?, shown: String? = nil) throws(Failure) -> KSeFOfflineCertificate {
        let name = shown ?? path
        let crypto: invoic_libcrypto_api
        switch LibCrypto.opened {
        case .success(let api): crypto = api
        case .failure(let unavailable): throw Failure(message: "cannot read the KSeF offline certificate \(name): \(unavailable.message)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(message: "cannot read the KSeF offline certificate \(name)")
        }
        let bytes = [UInt8](data)
        var certificate: OpaquePointer?
        var key: OpaquePointer?
        let isPEM = bytes.starts(with: Array("-----BEGIN".utf8)) || String(decoding: bytes.prefix(4096), as: UTF8.self).contains("-----BEGIN ")
        let secret = password.map { Array($0.utf8CString) }
        if isPEM {
            certificate = bytes.withUnsafeBytes { raw in
                let bio = crypto.BIO_new_mem_buf(raw.baseAddress, Int32(raw.count))
                defer { crypto.BIO_free(bio) }
                return crypto.PEM_read_bio_X509(bio, nil, nil, nil)
            }
            key = bytes.withUnsafeBytes { raw in
                let bio = crypto.BIO_new_mem_buf(raw.baseAddress, Int32(raw.count))
                defer { crypto.BIO_free(bio) }
                // No callback and `u` the password: OpenSSL's default reads `u` as the passphrase;
                // an empty one keeps a PEM with an encrypted key from prompting on the terminal.
                var phrase = secret ?? [0]
                return phrase.withUnsafeMutableBytes { crypto.PEM_read_bio_PrivateKey(bio, nil, nil, $0.baseAddress) }
            }
        } else {
            var pointer: UnsafePointer<UInt8>? = nil
            let p12: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
                pointer = buffer.baseAddress
                return crypto.d2i_PKCS12(nil, &pointer, buffer.count)
            }
            guard let p12 else {
                throw Failure(message: "\(name) is neither PEM nor PKCS#12")
            }
            defer { crypto.PKCS12_free(p12) }
            var phrase = secret ?? [0]
            let parsed = phrase.withUnsafeMutableBufferPointer { crypto.PKCS12_parse(p12, $0.baseAddress, &key, &certificate, nil) }
            guard parsed == 1 else {
                crypto.ERR_clear_error()
                throw Failure(message: "cannot open the PKCS#12 file \(name): wrong password? (it is read from \(KSeFSettings.passwordVariable))")
            }
        }
        crypto.ERR_clear_error()
        guard let certificate else {
            crypto.EVP_PKEY_free(key)
            throw Failure(message: "\(name) holds no certificate (a PEM `CERTIFICATE` block or a PKCS#12 certificate)")
        }
        defer { crypto.X509_free(certificate) }
        guard let key else {
            throw Failure(message: "\(name) holds no private key that opens: the KSeF offline certificate's key must be in the file, its password in \(KSeFSettings.passwordVariable)")
        }
        guard crypto.X509_check_private_key(certificate, key) == 1 else {
            crypto.ERR_clear_error()
            crypto.EVP_PKEY_free(key)
            throw Failure(message: "the private key in \(name) is not the certificate's")
        }
        let algorithm: Algorithm
        switch crypto.EVP_PKEY_get_base_id(key) {
        case EVP_PKEY_RSA:
            let bits = Int(crypto.EVP_PKEY_get_bits(key))
            guard bits >= 2048 else {
                crypto.EVP_PKEY_free(key)
                throw Failure(message: "the RSA key in \(name) has \(bits) bits; KOD II needs at least 2048 (kody-qr.md)")
            }
            algorithm = .rsaPSS(modulusBits: bits)
        case EVP_PKEY_EC:
            var name = [CChar](repeating: 0, count: 64)
            var length = 0
            guard crypto.EVP_PKEY_get_utf8_string_param(key, "group", &name, name.count, &length) == 1,
                  String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) == "prime256v1" else {
                crypto.EVP_PKEY_free(key)
                throw Failure(message: "the EC key in \(name) is not on P-256 (secp256r1), the curve KOD II signs with (kody-qr.md)")
            }
            algorithm = .ecdsaP256
        default:
            crypto.EVP_PKEY_free(key)
            throw Failure(message: "the key in \(name) is neither RSA nor EC P-256, which KOD II signs with (kody-qr.md)")
        }
        guard let number = crypto.X509_get_serialNumber(certificate), let digits = crypto.ASN1_STRING_get0_data(number) else {
            crypto.EVP_PKEY_free(key)
            throw Failure(message: "the certificate in \(name) has no serial number")
        }
        let serial = UnsafeBufferPointer(start: digits, count: Int(crypto.ASN1_STRING_length(number))).map { String(format: "%02X", $0) }.joined()
        return KSeFOfflineCertificate(key: key, crypto: crypto, algorithm: algorithm, serial: serial)
    }

    /// The signature of `message`'s bytes, as kody-qr.md asks it.
    public func sign(_ message: [UInt8]) throws(Failure) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        let signature: [UInt8]?
        switch algorithm {
        case .rsaPSS(let bits): signature = rsaPSS(message, modulusBits: bits)
        case .ecdsaP256: signature = ecdsa(message)
        }
        crypto.ERR_clear_error()
        guard let signature else { throw Failure(message: "libcrypto could not sign KOD II's link") }
        return signature
    }

    // MARK: RSASSA-PSS (RFC 8017 §8.1.1, EMSA-PSS-ENCODE §9.1.1), the RSA operation by libcrypto

    private func rsaPSS(_ message: [UInt8], modulusBits: Int) -> [UInt8]? {
        let hash = SHA256.digest(message)
        let salt = HMACSHA256.mac(key: SHA256.digest(privateKeyDER() ?? []), message: message)
        let emBits = modulusBits - 1
        let emLength = (emBits + 7) / 8
        guard emLength >= hash.count + salt.count + 2 else { return nil }
        let h = SHA256.digest([UInt8](repeating: 0, count: 8) + hash + salt)
        let db = [UInt8](repeating: 0, count: emLength - salt.count - h.count - 2) + [1] + salt
        let mask = Self.mgf1(h, length: db.count)
        var masked = zip(db, mask).map { $0 ^ $1 }
        masked[0] &= UInt8(0xFF >> (8 * emLength - emBits))
        let encoded = masked + h + [0xBC]
        // The raw RSA operation takes a block as long as the modulus.
        let modulusLength = (modulusBits + 7) / 8
        let block = [UInt8](repeating: 0, count: modulusLength - encoded.count) + encoded
        guard let context = crypto.EVP_PKEY_CTX_new(key, nil) else { return nil }
        defer { crypto.EVP_PKEY_CTX_free(context) }
        guard crypto.EVP_PKEY_sign_init(context) == 1, crypto.EVP_PKEY_CTX_set_rsa_padding(context, RSA_NO_PADDING) == 1 else { return nil }
        var length = modulusLength
        var out = [UInt8](repeating: 0, count: modulusLength)
        guard crypto.EVP_PKEY_sign(context, &out, &length, block, block.count) == 1 else { return nil }
        return Array(out.prefix(length))
    }

    /// MGF1 with SHA-256 (RFC 8017 §B.2.1).
    static func mgf1(_ seed: [UInt8], length: Int) -> [UInt8] {
        var out: [UInt8] = []
        var counter: UInt32 = 0
        while out.count < length {
            out += SHA256.digest(seed + [UInt8(counter >> 24), UInt8((counter >> 16) & 0xFF), UInt8((counter >> 8) & 0xFF), UInt8(counter & 0xFF)])
            counter += 1
        }
        return Array(out.prefix(length))
    }

    private func privateKeyDER() -> [UInt8]? {
        let length = crypto.i2d_PrivateKey(key, nil)
        guard length > 0 else { return nil }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var pointer = buffer.baseAddress
            return crypto.i2d_PrivateKey(key, &pointer)
        }
        return written == length ? der : nil
    }

    // MARK: ECDSA P-256 with RFC 6979's nonce, computed with libcrypto's big numbers

    private func ecdsa(_ message: [UInt8]) -> [UInt8]? {
        guard let group = crypto.EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1), let context = crypto.BN_CTX_new() else { return nil }
        defer { crypto.EC_GROUP_free(group); crypto.BN_CTX_free(context) }
        guard let order = crypto.EC_GROUP_get0_order(group) else { return nil }
        var d: OpaquePointer?
        guard crypto.EVP_PKEY_get_bn_param(key, "priv", &d) == 1, let d else { return nil }
        defer { crypto.BN_clear_free(d) }
        var secret = [UInt8](repeating: 0, count: 32)
        guard crypto.BN_bn2binpad(d, &secret, 32) == 32 else { return nil }
        let hash = SHA256.digest(message)
        let z = crypto.BN_bin2bn(hash, 32, nil)
        defer { crypto.BN_free(z) }
        // bits2octets(h1): the hash reduced mod n, 32 bytes.
        guard crypto.BN_nnmod(z, z, order, context) == 1 else { return nil }
        var reduced = [UInt8](repeating: 0, count: 32)
        guard crypto.BN_bn2binpad(z, &reduced, 32) == 32 else { return nil }
        var nonces = RFC6979(secret: secret, hash: reduced)
        for _ in 0..<64 {
            let candidate = nonces.next()
            let k = crypto.BN_bin2bn(candidate, 32, nil)
            let point = crypto.EC_POINT_new(group)
            let (x, r, s, inverse) = (crypto.BN_new(), crypto.BN_new(), crypto.BN_new(), crypto.BN_new())
            defer { crypto.BN_clear_free(k); crypto.EC_POINT_free(point); crypto.BN_free(x); crypto.BN_free(r); crypto.BN_free(s); crypto.BN_clear_free(inverse) }
            guard crypto.BN_is_zero(k) == 0, crypto.BN_cmp(k, order) < 0 else { continue }
            guard crypto.EC_POINT_mul(group, point, k, nil, nil, context) == 1,
                  crypto.EC_POINT_get_affine_coordinates(group, point, x, nil, context) == 1,
                  crypto.BN_nnmod(r, x, order, context) == 1, crypto.BN_is_zero(r) == 0,
                  crypto.BN_mod_inverse(inverse, k, order, context) != nil,
                  crypto.BN_mod_mul(s, r, d, order, context) == 1,          // s = r·d
                  crypto.BN_mod_add(s, s, z, order, context) == 1,          // s = z + r·d
                  crypto.BN_mod_mul(s, s, inverse, order, context) == 1,    // s = k⁻¹(z + r·d)
                  crypto.BN_is_zero(s) == 0 else { continue }
            var signature = [UInt8](repeating: 0, count: 64)
            guard crypto.BN_bn2binpad(r, &signature, 32) == 32 else { return nil }
            let written = signature.withUnsafeMutableBufferPointer { crypto.BN_bn2binpad(s, $0.baseAddress! + 32, 32) }
            guard written == 32 else { return nil }
            return signature
        }
        return nil
    }
}

/// The nonces of RFC 6979 §3.2 for a 256-bit order and SHA-256 (qlen = hlen = 256): HMAC-DRBG
/// seeded with the private key and the reduced hash; `next()` gives each candidate k in turn (the
/// caller skips one outside [1, n-1], as step h.3 does).
struct RFC6979 {
    private var k: [UInt8]
    private var v: [UInt8]
    private var started = false

    init(secret: [UInt8], hash: [UInt8]) {
        v = [UInt8](repeating: 1, count: 32)
        k = [UInt8](repeating: 0, count: 32)
        k = HMACSHA256.mac(key: k, message: v + [0] + secret + hash)
        v = HMACSHA256.mac(key: k, message: v)
        k = HMACSHA256.mac(key: k, message: v + [1] + secret + hash)
        v = HMACSHA256.mac(key: k, message: v)
    }

    mutating func next() -> [UInt8] {
        if started {
            k = HMACSHA256.mac(key: k, message: v + [0])
            v = HMACSHA256.mac(key: k, message: v)
        }
        started = true
        v = HMACSHA256.mac(key: k, message: v)
        return v
    }
}

/// HMAC-SHA256 (RFC 2104) over invoic's SHA-256.
enum HMACSHA256 {
    static func mac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > 64 ? SHA256.digest(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        let inner = SHA256.digest(block.map { $0 ^ 0x36 } + message)
        return SHA256.digest(block.map { $0 ^ 0x5C } + inner)
    }
}
