import Foundation
import InvoicTestSupport
import Testing

/// Issue 43, point 2: KOD II (kody-qr.md) on an FA(3) invoice issued offline, when the book names
/// a KSeF offline certificate. The certificate and key are made here by the openssl CLI (RSA 2048
/// in a PEM with an encrypted key; EC P-256 in a PKCS#12), the code read from the rendered page
/// by zxing-cpp, and its signature verified by the openssl CLI over the link as kody-qr.md
/// defines it: the path without `https://`, RSASSA-PSS SHA-256 (MGF1 SHA-256, 32-byte salt) or
/// ECDSA P-256 SHA-256 as r || s.
@Suite struct KSeFOfflineCodeTests {
    static let openssl = URL(fileURLWithPath: "/usr/bin/openssl")
    static let serial = "01F20A5D352AE590"

    @discardableResult
    static func ssl(_ arguments: [String], in folder: URL) throws -> ProcessOutput {
        let output = try runProcess(openssl, arguments, in: folder)
        try #require(output.status == 0, "openssl \(arguments.joined(separator: " ")): \(output.stderr)")
        return output
    }

    /// A copy of examples/poland with an offline invoice (no `ksef:`) and `offline_certificate:`.
    static func book(certificate: String) throws -> URL {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("poland"))
        try """
            client: kwadrat
            issued: 2026-11-20
            items:
              - { description: Backend development, quantity: 8, unit: godz., price: 150.00 }
            """.write(to: book.appendingPathComponent("invoices/2026/FV-2026-004.yaml"), atomically: true, encoding: .utf8)
        let settings = book.appendingPathComponent("invoic.yaml")
        let text = try String(contentsOf: settings, encoding: .utf8)
        let line = "  environment: test             # KSeF's test environment; production once the invoices are real\n"
        #expect(text.contains(line))
        try text.replacingOccurrences(of: line, with: line + "  offline_certificate: \(certificate)\n").write(to: settings, atomically: true, encoding: .utf8)
        return book
    }

    static func base64URLDecoded(_ text: String) -> [UInt8]? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map { [UInt8]($0) }
    }

    /// Builds the book with the password in the environment and returns FV-2026-004's codes.
    static func codes(_ book: URL, password: String) throws -> [String] {
        let built = try Invoic.run(["build", "--today", "2026-11-21"], in: book, environment: ["INVOIC_KSEF_CERTIFICATE_PASSWORD": password])
        #expect(built.status == 0, "\(built.stderr)")
        let pages = book.appendingPathComponent("pages")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        return try PolishBookTests.qrCodes(book.appendingPathComponent("build/FV-2026-004.pdf"), in: pages)
    }

    /// The link KOD II signs and its signature, after checking the link's fixed parts.
    static func split(_ url: String, book: URL) throws -> (signed: String, signature: [UInt8]) {
        let hash = try PolishBookTests.hash(book.appendingPathComponent("build/FV-2026-004.fa3.xml"))
        let signed = "qr-test.ksef.mf.gov.pl/certificate/Nip/6771234561/6771234561/\(serial)/\(hash)"
        #expect(url.hasPrefix("https://" + signed + "/"), "\(url)")
        let signature = try #require(base64URLDecoded(String(url.dropFirst(("https://" + signed + "/").count))))
        return (signed, signature)
    }

    @Test func rsaPSSSignedOfflineInvoice() throws {
        let secrets = FileManager.default.temporaryDirectory.appendingPathComponent("ksef-rsa-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: secrets, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: secrets) }
        try Self.ssl(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", "key.pem"], in: secrets)
        try Self.ssl(["req", "-x509", "-new", "-key", "key.pem", "-subj", "/CN=Anna Nowak/serialNumber=NIP-6771234561", "-days", "3650",
                      "-set_serial", "0x" + Self.serial, "-out", "cert.pem"], in: secrets)
        try Self.ssl(["pkey", "-in", "key.pem", "-aes256", "-passout", "pass:tajne hasło", "-out", "encrypted.pem"], in: secrets)
        try Self.ssl(["pkey", "-in", "key.pem", "-pubout", "-out", "public.pem"], in: secrets)
        let bundle = try String(contentsOf: secrets.appendingPathComponent("cert.pem"), encoding: .utf8)
            + String(contentsOf: secrets.appendingPathComponent("encrypted.pem"), encoding: .utf8)
        try bundle.write(to: secrets.appendingPathComponent("offline.pem"), atomically: true, encoding: .utf8)

        let book = try Self.book(certificate: secrets.appendingPathComponent("offline.pem").path)
        defer { try? FileManager.default.removeItem(at: book) }
        let codes = try Self.codes(book, password: "tajne hasło")
        #expect(codes.count == 2, "KOD I and KOD II: \(codes)")
        #expect(codes.first?.hasPrefix("https://qr-test.ksef.mf.gov.pl/invoice/6771234561/20-11-2026/") == true)
        let (signed, signature) = try Self.split(try #require(codes.last), book: book)
        #expect(signature.count == 256)
        try Data(signed.utf8).write(to: secrets.appendingPathComponent("message"))
        try Data(signature).write(to: secrets.appendingPathComponent("signature"))
        let pss = ["dgst", "-sha256", "-sigopt", "rsa_padding_mode:pss", "-sigopt", "rsa_pss_saltlen:32", "-sigopt", "rsa_mgf1_md:sha256",
                   "-verify", "public.pem", "-signature", "signature"]
        let verified = try runProcess(Self.openssl, pss + ["message"], in: secrets)
        #expect(verified.status == 0 && verified.stdout.contains("Verified OK"), "\(verified.stdout)\(verified.stderr)")
        // The same signature over another seller's link does not verify: the test can fail.
        try Data(signed.replacingOccurrences(of: "/6771234561/\(Self.serial)", with: "/1111111111/\(Self.serial)").utf8).write(to: secrets.appendingPathComponent("forged"))
        #expect(try runProcess(Self.openssl, pss + ["forged"], in: secrets).status != 0)

        let text = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-layout", book.appendingPathComponent("build/FV-2026-004.pdf").path, "-"]).stdout
        #expect(text.contains("OFFLINE") && text.contains("CERTYFIKAT"), "\(text)")
        // An invoice KSeF numbered has KOD I alone.
        #expect(try PolishBookTests.qrCodes(book.appendingPathComponent("build/FV-2026-001.pdf"), in: book.appendingPathComponent("pages")).count == 1)
        // Reproducible: the deterministic salt signs the same link the same way in a second build.
        let first = try Data(contentsOf: book.appendingPathComponent("build/FV-2026-004.pdf"))
        try FileManager.default.removeItem(at: book.appendingPathComponent("build"))
        #expect(try Invoic.run(["build", "--today", "2026-11-21"], in: book, environment: ["INVOIC_KSEF_CERTIFICATE_PASSWORD": "tajne hasło"]).status == 0)
        #expect(try Data(contentsOf: book.appendingPathComponent("build/FV-2026-004.pdf")) == first)

        // Another certificate is another PDF: the build does not keep the old one as up to date.
        try Self.ssl(["req", "-x509", "-new", "-key", "key.pem", "-subj", "/CN=Anna Nowak", "-days", "3650", "-set_serial", "0x02", "-out", "other.pem"], in: secrets)
        try (String(contentsOf: secrets.appendingPathComponent("other.pem"), encoding: .utf8) + String(contentsOf: secrets.appendingPathComponent("encrypted.pem"), encoding: .utf8))
            .write(to: secrets.appendingPathComponent("offline.pem"), atomically: true, encoding: .utf8)
        #expect(try Invoic.run(["build", "--today", "2026-11-21"], in: book, environment: ["INVOIC_KSEF_CERTIFICATE_PASSWORD": "tajne hasło"]).status == 0)
        let renewed = try PolishBookTests.qrCodes(book.appendingPathComponent("build/FV-2026-004.pdf"), in: book.appendingPathComponent("pages"))
        #expect(renewed.last?.contains("/6771234561/02/") == true, "\(renewed)")

        // A wrong password: no PDF, an error at the setting, and `check` says it too.
        try FileManager.default.removeItem(at: book.appendingPathComponent("build"))
        let wrong = try Invoic.run(["build", "--today", "2026-11-21"], in: book, environment: ["INVOIC_KSEF_CERTIFICATE_PASSWORD": "złe"])
        #expect(wrong.status != 0 && wrong.stderr.contains("error[ksef-offline-certificate]: KOD II cannot be signed") && wrong.stderr.contains("--> invoic.yaml:33:24"), "\(wrong.stderr)")
        let checked = try Invoic.run(["check", "--today", "2026-11-21", "--diagnostics-format", "gnu"], in: book, environment: ["INVOIC_KSEF_CERTIFICATE_PASSWORD": "złe"])
        #expect(checked.status == 1 && checked.stderr.contains("KOD II cannot be signed"), "\(checked.stderr)")
    }

    /// DER of an ECDSA signature (SEQUENCE of the two INTEGERs) from IEEE P1363's r || s, for openssl.
    static func der(p1363 signature: [UInt8]) -> [UInt8] {
        func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            var value = Array(bytes.drop { $0 == 0 })
            if value.isEmpty || value[0] & 0x80 != 0 { value.insert(0, at: 0) }
            return [0x02, UInt8(value.count)] + value
        }
        let body = integer(signature[0..<32]) + integer(signature[32..<64])
        return [0x30, UInt8(body.count)] + body
    }

    @Test func ecdsaP256SignedOfflineInvoiceFromPKCS12() throws {
        let secrets = FileManager.default.temporaryDirectory.appendingPathComponent("ksef-ec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: secrets, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: secrets) }
        try Self.ssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "key.pem"], in: secrets)
        try Self.ssl(["req", "-x509", "-new", "-key", "key.pem", "-subj", "/CN=Anna Nowak", "-days", "3650", "-set_serial", "0x" + Self.serial, "-out", "cert.pem"], in: secrets)
        try Self.ssl(["pkcs12", "-export", "-inkey", "key.pem", "-in", "cert.pem", "-passout", "pass:sekret", "-out", "offline.p12"], in: secrets)
        try Self.ssl(["pkey", "-in", "key.pem", "-pubout", "-out", "public.pem"], in: secrets)

        let book = try Self.book(certificate: secrets.appendingPathComponent("offline.p12").path)
        defer { try? FileManager.default.removeItem(at: book) }
        let codes = try Self.codes(book, password: "sekret")
        #expect(codes.count == 2, "\(codes)")
        let (signed, signature) = try Self.split(try #require(codes.last), book: book)
        #expect(signature.count == 64, "IEEE P1363: r || s, 32 bytes each")
        try Data(signed.utf8).write(to: secrets.appendingPathComponent("message"))
        try Data(Self.der(p1363: signature)).write(to: secrets.appendingPathComponent("signature"))
        let verified = try runProcess(Self.openssl, ["dgst", "-sha256", "-verify", "public.pem", "-signature", "signature", "message"], in: secrets)
        #expect(verified.status == 0 && verified.stdout.contains("Verified OK"), "\(verified.stdout)\(verified.stderr)")
    }
}
