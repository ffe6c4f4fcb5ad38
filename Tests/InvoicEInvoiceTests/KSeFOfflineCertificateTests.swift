import Foundation
@testable import InvoicEInvoice
import InvoicTestSupport
import Testing

/// KOD II's signatures against published vectors: ECDSA P-256 / SHA-256 with RFC 6979's
/// deterministic nonce (RFC 6979 A.2.5, message "sample"), the key loaded as a user gives it
/// (a PEM with the certificate, made by the openssl CLI around the RFC's private key).
@Suite struct KSeFOfflineCertificateTests {
    static func hex(_ text: String) -> [UInt8] {
        stride(from: 0, to: text.count, by: 2).map { offset in
            let start = text.index(text.startIndex, offsetBy: offset)
            return UInt8(text[start..<text.index(start, offsetBy: 2)], radix: 16)!
        }
    }

    @Test func rfc6979P256SHA256() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rfc6979-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // SEC 1 ECPrivateKey { version 1, the RFC's x, [0] prime256v1 }.
        let x = Self.hex("C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721")
        let der: [UInt8] = [0x30, 0x31, 0x02, 0x01, 0x01, 0x04, 0x20] + x + [0xA0, 0x0A, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
        try Data(der).write(to: folder.appendingPathComponent("key.der"))
        let openssl = URL(fileURLWithPath: "/usr/bin/openssl")
        for arguments in [["ec", "-inform", "DER", "-in", "key.der", "-out", "key.pem"],
                          ["req", "-x509", "-new", "-key", "key.pem", "-subj", "/CN=RFC 6979", "-days", "1", "-set_serial", "0x00A1", "-out", "cert.pem"]] {
            let run = try runProcess(openssl, arguments, in: folder)
            try #require(run.status == 0, "\(run.stderr)")
        }
        let pem = try String(contentsOf: folder.appendingPathComponent("cert.pem"), encoding: .utf8) + String(contentsOf: folder.appendingPathComponent("key.pem"), encoding: .utf8)
        try pem.write(to: folder.appendingPathComponent("both.pem"), atomically: true, encoding: .utf8)
        let certificate = try KSeFOfflineCertificate.load(path: folder.appendingPathComponent("both.pem").path, password: nil)
        #expect(certificate.serial == "A1")
        let signature = try certificate.sign(Array("sample".utf8))
        #expect(signature == Self.hex("EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716")
                           + Self.hex("F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8"))
        // RFC 6979 A.2.5, SHA-256, message "test": r and s.
        #expect(try certificate.sign(Array("test".utf8)) == Self.hex("F1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367")
                                                          + Self.hex("019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083"))
    }

    /// A file that is no certificate, or an RSA key under 2048 bits, is refused with the reason.
    @Test func refusals() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ksef-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "not a certificate".write(to: folder.appendingPathComponent("junk.pem"), atomically: true, encoding: .utf8)
        #expect(throws: KSeFOfflineCertificate.Failure.self) { try KSeFOfflineCertificate.load(path: folder.appendingPathComponent("junk.pem").path, password: nil) }
        #expect(throws: KSeFOfflineCertificate.Failure.self) { try KSeFOfflineCertificate.load(path: folder.appendingPathComponent("missing.pem").path, password: nil) }
        let openssl = URL(fileURLWithPath: "/usr/bin/openssl")
        for arguments in [["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", "key.pem"],
                          ["req", "-x509", "-new", "-key", "key.pem", "-subj", "/CN=small", "-days", "1", "-out", "cert.pem"]] {
            let run = try runProcess(openssl, arguments, in: folder)
            try #require(run.status == 0, "\(run.stderr)")
        }
        let pem = try String(contentsOf: folder.appendingPathComponent("cert.pem"), encoding: .utf8) + String(contentsOf: folder.appendingPathComponent("key.pem"), encoding: .utf8)
        try pem.write(to: folder.appendingPathComponent("small.pem"), atomically: true, encoding: .utf8)
        do {
            _ = try KSeFOfflineCertificate.load(path: folder.appendingPathComponent("small.pem").path, password: nil)
            Issue.record("a 1024-bit key was taken")
        } catch {
            #expect(error.message.contains("1024 bits"), "\(error.message)")
        }
    }
}
