import Foundation
@testable import InvoicMail
import Testing

/// Messages as RFC 5322 and MIME write them: encoded words, quoted-printable, base64 attachments
/// with RFC 2231 names, CRLF lines of at most 78 characters; and the netrc a password comes from.
@Suite struct MailMessageTests {
    static let message = MailMessage(
        from: MailAddress(name: "Müller & Söhne Grafik", address: "rechnung@mueller.example"),
        to: [MailAddress(name: "Acme, Inc.", address: "billing@acme.example")],
        subject: "Rechnung RE-2026/07 von Müller & Söhne Grafik, mit einem recht langen Betreff",
        body: "Guten Tag,\n\nanbei die Rechnung über 1.234,56 €.\n" + String(repeating: "lang ", count: 30) + "\n= Ende",
        attachments: [MailAttachment(fileName: "RE-2026_07 Müller.pdf", mediaType: "application/pdf", bytes: Array(0...255).map(UInt8.init))],
        date: Date(timeIntervalSince1970: 1_795_597_067), messageID: "RE-2026_07.1@mueller.example")

    @Test func headersAreASCIIAndEveryLineIsShort() {
        let text = String(decoding: Self.message.rfc5322(), as: UTF8.self)
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "CRLF only")
        for line in text.components(separatedBy: "\r\n") { #expect(line.count <= 78, "\(line)") }
        #expect(text.hasPrefix("From: =?UTF-8?B?"))
        #expect(text.contains("\r\nTo: \"Acme, Inc.\" <billing@acme.example>\r\n"))
        #expect(text.contains("\r\nDate: Wed, 25 Nov 2026 08:57:47 +0000\r\n"))
        #expect(text.contains("\r\nMessage-ID: <RE-2026_07.1@mueller.example>\r\n"))
        #expect(text.contains("filename*=UTF-8''RE-2026_07%20M%C3%BCller.pdf"))
    }

    @Test func encodedWordsAndQuotedPrintableDecodeToTheText() throws {
        let subject = Self.message.subject
        let encoded = MailMessage.encodedWords(subject)
        let decoded = encoded.components(separatedBy: "\r\n ").map { word -> String in
            let base64 = word.dropFirst("=?UTF-8?B?".count).dropLast(2)
            return String(decoding: Data(base64Encoded: String(base64))!, as: UTF8.self)
        }.joined()
        #expect(decoded == subject)
        let qp = MailMessage.quotedPrintable(Self.message.body)
        #expect(qp.contains("=C3=BCber") && qp.contains("=E2=82=AC") && qp.contains("=3D Ende"))
        // Undo the soft breaks and the escapes: the text comes back.
        let unfolded = qp.replacingOccurrences(of: "=\r\n", with: "")
        var bytes: [UInt8] = []
        let utf8 = Array(unfolded.utf8)
        var position = 0
        while position < utf8.count {
            if utf8[position] == UInt8(ascii: "="), position + 2 < utf8.count, let byte = UInt8(String(decoding: utf8[(position + 1)...(position + 2)], as: UTF8.self), radix: 16) {
                bytes.append(byte)
                position += 3
            } else {
                bytes.append(utf8[position])
                position += 1
            }
        }
        #expect(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n") == Self.message.body)
    }

    @Test func theAttachmentIsItsBytesInBase64() throws {
        let text = String(decoding: Self.message.rfc5322(), as: UTF8.self)
        let part = try #require(text.components(separatedBy: "Content-Transfer-Encoding: base64\r\n\r\n").last)
        let base64 = part.components(separatedBy: "\r\n--").first!.replacingOccurrences(of: "\r\n", with: "")
        #expect(Data(base64Encoded: base64).map(Array.init) == Array(0...255).map(UInt8.init))
        #expect(text.hasSuffix("--invoic-" + MailMessage.boundary(for: Self.message.messageID) + "--\r\n"))
    }

    @Test func addressesAreParsedAndChecked() {
        #expect(MailAddress(parsing: "Jana Müller <jana@example.com>") == MailAddress(name: "Jana Müller", address: "jana@example.com"))
        #expect(MailAddress(parsing: "\"Acme, Inc.\" <b@acme.example>")?.name == "Acme, Inc.")
        #expect(MailAddress(parsing: "b@acme.example")?.name == nil)
        for bad in ["acme.example", "a@b", "a b@c.de", "@c.de", "a@c.de\r\nBcc: x@y.z"] { #expect(MailAddress(parsing: bad) == nil, "\(bad)") }
    }

    @Test func thePasswordComesFromTheEnvironmentOrNetrc() throws {
        let netrc = "machine smtp.example.com\n  login jana\n  password from-netrc\ndefault login anon password other\n"
        #expect(Credentials.netrc(netrc, host: "smtp.example.com", login: "jana")?.password == "from-netrc")
        #expect(Credentials.netrc(netrc, host: "elsewhere.example", login: nil)?.password == "other")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-netrc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try netrc.write(to: folder.appendingPathComponent("netrc"), atomically: true, encoding: .utf8)
        let environment = ["NETRC": folder.appendingPathComponent("netrc").path]
        #expect(Credentials.password(host: "smtp.example.com", login: "jana", variable: "PW", environment: environment) == "from-netrc")
        #expect(Credentials.password(host: "smtp.example.com", login: "jana", variable: "PW", environment: environment.merging(["PW": "env"]) { $1 }) == "env")
    }
}
