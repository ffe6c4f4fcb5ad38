import Foundation
import InvoicKSeF
import InvoicTestSupport
import InvoicXMLSchema
import Testing

/// invoic's ciphers judged by independent implementations: the OpenSSL command line decrypts what
/// invoic encrypts (RSA-OAEP with SHA-256 and MGF1-SHA-256; AES-256-CBC with PKCS#7), and invoic
/// decrypts what the command line encrypts.
@Suite struct KSeFCryptoTests {
    static let openssl = URL(fileURLWithPath: "/usr/bin/openssl")

    /// A fresh RSA key and its self-signed certificate in a scratch folder (removed by the caller).
    static func keyPair() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-ksef-crypto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let made = try runProcess(openssl, ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=test",
                                            "-keyout", folder.appendingPathComponent("key.pem").path, "-out", folder.appendingPathComponent("cert.pem").path])
        #expect(made.status == 0, "\(made.stderr)")
        for (input, output, kind) in [("cert.pem", "cert.der", "x509"), ("key.pem", "pub.der", "pkey")] {
            let arguments = kind == "x509" ? ["x509", "-in", folder.appendingPathComponent(input).path, "-outform", "DER", "-out", folder.appendingPathComponent(output).path]
                : ["pkey", "-in", folder.appendingPathComponent(input).path, "-pubout", "-outform", "DER", "-out", folder.appendingPathComponent(output).path]
            #expect(try runProcess(openssl, arguments).status == 0)
        }
        return folder
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test(arguments: ["cert.der", "pub.der"])
    func rsaOAEPIsDecryptedByOpenSSL(keyFile: String) throws {
        let folder = try Self.keyPair()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The certificate KSeF serves and the bare public key open-api.json's example shows.
        let key = try KSeFCrypto.PublicKey(der: Array(try Data(contentsOf: folder.appendingPathComponent(keyFile))))
        let plain = Array("20261121-EC-0123456789-ABCDEF0123-77|nip-6771234561|secret|1763722800123".utf8)
        let cipher = try KSeFCrypto.encryptRSAOAEP(plain, for: key)
        #expect(cipher.count == 256)
        try Data(cipher).write(to: folder.appendingPathComponent("cipher.bin"))
        let decrypted = try runProcess(Self.openssl, ["pkeyutl", "-decrypt", "-inkey", folder.appendingPathComponent("key.pem").path,
                                                      "-in", folder.appendingPathComponent("cipher.bin").path,
                                                      "-pkeyopt", "rsa_padding_mode:oaep", "-pkeyopt", "rsa_oaep_md:sha256", "-pkeyopt", "rsa_mgf1_md:sha256"])
        #expect(decrypted.status == 0, "\(decrypted.stderr)")
        #expect(decrypted.stdout == String(decoding: plain, as: UTF8.self))
        // OAEP is randomised: the same text twice is two ciphertexts.
        #expect(try KSeFCrypto.encryptRSAOAEP(plain, for: key) != cipher)
        // With SHA-1 (OpenSSL's OAEP default) it does not decrypt: invoic's digest is SHA-256.
        let sha1 = try runProcess(Self.openssl, ["pkeyutl", "-decrypt", "-inkey", folder.appendingPathComponent("key.pem").path,
                                                 "-in", folder.appendingPathComponent("cipher.bin").path, "-pkeyopt", "rsa_padding_mode:oaep"])
        #expect(sha1.status != 0)
    }

    @Test func aesIsTheOpenSSLOne() throws {
        let folder = try Self.keyPair()
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = try KSeFCrypto.randomBytes(32), iv = try KSeFCrypto.randomBytes(16)
        #expect(key != (try KSeFCrypto.randomBytes(32)))
        for length in [0, 1, 15, 16, 17, 4099] {
            let plain = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
            let cipher = try KSeFCrypto.encryptAES256CBC(plain, key: key, iv: iv)
            // PKCS#7: always padded, to the next whole block.
            #expect(cipher.count == (length / 16 + 1) * 16)
            try Data(cipher).write(to: folder.appendingPathComponent("aes.bin"))
            let decrypted = try runProcess(URL(fileURLWithPath: "/usr/bin/sh"), ["-c",
                "openssl enc -d -aes-256-cbc -K \(Self.hex(key)) -iv \(Self.hex(iv)) -in '\(folder.appendingPathComponent("aes.bin").path)' | od -An -v -tx1 | tr -d ' \\n'"])
            #expect(decrypted.stdout == Self.hex(plain), "\(length) bytes: \(decrypted.stderr)")
            #expect(try KSeFCrypto.decryptAES256CBC(cipher, key: key, iv: iv) == plain)
        }
        // And the other way: what OpenSSL encrypts, invoic decrypts.
        try Data("Faktura FV-2026-004".utf8).write(to: folder.appendingPathComponent("plain.txt"))
        let encrypted = try runProcess(URL(fileURLWithPath: "/usr/bin/sh"), ["-c",
            "openssl enc -aes-256-cbc -K \(Self.hex(key)) -iv \(Self.hex(iv)) -in '\(folder.appendingPathComponent("plain.txt").path)' -out '\(folder.appendingPathComponent("o.bin").path)'"])
        #expect(encrypted.status == 0)
        let fromOpenSSL = Array(try Data(contentsOf: folder.appendingPathComponent("o.bin")))
        #expect(try KSeFCrypto.decryptAES256CBC(fromOpenSSL, key: key, iv: iv) == Array("Faktura FV-2026-004".utf8))
        // A wrong key does not decrypt to the text (the padding check fails, or the text differs).
        var other = key
        other[0] ^= 1
        #expect((try? KSeFCrypto.decryptAES256CBC(fromOpenSSL, key: other, iv: iv)) != Array("Faktura FV-2026-004".utf8))
        #expect(throws: KSeFError.self) { try KSeFCrypto.encryptAES256CBC([1], key: [1, 2], iv: iv) }
    }

    @Test func aKeyThatIsNoneIsRefused() throws {
        #expect(throws: KSeFError.self) { try KSeFCrypto.PublicKey(der: Array("MIIBIjANBgkq not DER".utf8)) }
        #expect(throws: KSeFError.self) { try KSeFCrypto.PublicKey(der: []) }
    }

    /// The Ministry's own UPO example (ksef-docs, faktury/upo/przyklady/v4-3): what invoic accepts as
    /// the receipt of its invoice, and what it refuses.
    @Test func theMinistrysUPOExample() throws {
        let path = Standards.path("pl-ksef/faktury/upo/przyklady/v4-3/kontekst-nip/upo-faktura-kontekst-id-nip.xml")
        let bytes = Array(try #require(FileManager.default.contents(atPath: path), "../shared/standards/pl-ksef is absent"))
        let warning = try KSeFSender.checkUPO(bytes, ksefNumber: "5265877635-20250916-0200A0D6723E-C2", sha256: "GZMGNVzs3krF6URKgvaw77OOeG3nJ+WGziT5xguliQ8=")
        // The test environment names itself where the schema fixes "Ministerstwo Finansów": a
        // warning, not a refusal (the number and the hash are what the receipt confirms).
        let schema = try XMLSchema(path: Standards.path("pl-ksef/faktury/upo/schemy/upo-v4-3.xsd"))
        let violations = schema.validate(bytes)
        #expect(violations.count == 1 && violations.first?.message.contains("NazwaPodmiotuPrzyjmujacego") == true, "\(violations)")
        #expect(warning?.contains("does not validate against upo-v4-3.xsd") == true, "\(String(describing: warning))")
        // The same receipt with the name the schema fixes validates, and gives no warning.
        let fixed = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "Ministerstwo Finansów - środowisko testowe (TE)", with: "Ministerstwo Finansów")
        #expect(schema.validate(Array(fixed.utf8)) == [])
        #expect(try KSeFSender.checkUPO(Array(fixed.utf8), ksefNumber: "5265877635-20250916-0200A0D6723E-C2", sha256: "GZMGNVzs3krF6URKgvaw77OOeG3nJ+WGziT5xguliQ8=") == nil)
        #expect(throws: KSeFError.self) {
            try KSeFSender.checkUPO(bytes, ksefNumber: "5265877635-20250916-0200A0D6723E-C2", sha256: "AAAAGNVzs3krF6URKgvaw77OOeG3nJ+WGziT5xguliQ8=")
        }
        #expect(throws: KSeFError.self) {
            try KSeFSender.checkUPO(bytes, ksefNumber: "5265877635-20250826-0100001AF629-AF", sha256: "GZMGNVzs3krF6URKgvaw77OOeG3nJ+WGziT5xguliQ8=")
        }
        #expect(throws: KSeFError.self) { try KSeFSender.checkUPO(Array("<html/>".utf8), ksefNumber: "x", sha256: "y") }
        #expect(throws: KSeFError.self) { try KSeFSender.checkUPO(Array("not xml <".utf8), ksefNumber: "x", sha256: "y") }
    }

    @Test func theOutboxRecordReadsBackWhatItWrites() throws {
        var record = KSeFRecord(number: "FV-2026-004")
        record.attempts.append(KSeFRecord.Attempt(
            url: "https://api-test.ksef.mf.gov.pl/v2", file: "FV-2026-004.fa3.xml", sha256: "GZMGNVzs3krF6URKgvaw77OOeG3nJ+WGziT5xguliQ8=", offline: true,
            session: "20261121-SO-0123456789-ABCDEF0123-77", invoiceReference: "20261121-EE-0123456789-ABCDEF0123-78",
            ksefNumber: "6771234561-20261121-0100000A0001-3C", upo: "FV-2026-004.upo.xml",
            history: [.init(at: "2026-11-21T10:00:00Z", state: .recorded, detail: nil), .init(at: "2026-11-21T10:00:01Z", state: .accepted, detail: "a: b # c\n\"d\"")]))
        let read = try KSeFRecord.parse(Array(record.yaml().utf8), path: "ksef.yaml")
        #expect(read == record)
        #expect(throws: KSeFError.self) { try KSeFRecord.parse(Array("number: X\nattempts:\n  - url: u\n".utf8), path: "ksef.yaml") }
        #expect(throws: KSeFError.self) { try KSeFRecord.parse(Array("[".utf8), path: "ksef.yaml") }
    }
}
