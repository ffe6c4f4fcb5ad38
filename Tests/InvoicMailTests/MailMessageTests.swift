import Foundation
@testable import InvoicMail
import InvoicTestSupport
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

/// Names as a book may write them: a `name: |` block with line feeds, eighty words, text that looks
/// like an encoded word. Every header line stays within RFC 5322's limits, and Python's `email`
/// package (a reader that is not ours, with its strict policy) reads back the names as one line.
@Suite struct MailHeaderTests {
    static let longName = (1...80).map { "Word\($0)" }.joined(separator: " ")

    static let message = MailMessage(
        from: MailAddress(name: "Studio Brenner\nGrafik & Design\n", address: "hallo@brenner.example"),
        to: [MailAddress(name: longName, address: "a@acme.example"),
             MailAddress(name: "=?utf-8?q?Evil?= Corp", address: "b@acme.example"),
             MailAddress(name: "Kaffeerösterei\r\nAumüller\tGmbH " + String(repeating: "ä", count: 90), address: "c@acme.example"),
             MailAddress(name: String(repeating: "x", count: 120), address: "d@acme.example")],
        subject: "Invoice INV-1 from Studio Brenner\nGrafik =?utf-8?b?SGk=?= " + longName,
        body: "Hello", attachments: [], date: Date(timeIntervalSince1970: 1_795_597_067), messageID: "INV-1.1@brenner.example")

    @Test func everyHeaderLineIsShortAndControlCharactersAreSpaces() {
        let text = String(decoding: Self.message.rfc5322(), as: UTF8.self)
        let head = text.components(separatedBy: "\r\n\r\n")[0]
        #expect(!head.replacingOccurrences(of: "\r\n", with: "").contains { $0 == "\n" || $0 == "\r" || $0 == "\t" })
        for line in head.components(separatedBy: "\r\n") { #expect(line.count <= 78, "\(line.count): \(line)") }
        // An encoded word is at most 75 characters (RFC 2047 2).
        for word in head.split(whereSeparator: { $0 == " " || $0 == "\r" || $0 == "\n" }) where word.hasPrefix("=?") {
            #expect(word.count <= 75, "\(word)")
        }
        // The literal `=?utf-8?q?Evil?=` is sent encoded, so no reader decodes it.
        #expect(!head.contains("=?utf-8?q?Evil?="))
        #expect(MailMessage.oneLine("Studio Brenner\nGrafik\u{2028}Design\n") == "Studio Brenner Grafik Design")
        #expect(Self.message.from.readable == "Studio Brenner Grafik & Design <hallo@brenner.example>")
    }

    @Test func pythonsStrictParserReadsTheNamesBack() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-mail-\(UUID().uuidString).eml")
        try Data(Self.message.rfc5322()).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let parsed = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", """
            import email, email.header, email.policy, email.utils, json, sys
            message = email.message_from_binary_file(open(sys.argv[1], "rb"), policy=email.policy.strict)
            defects = [str(d) for d in message.defects]
            for name in ("From", "To", "Subject"):
                defects += [f"{name}: {d}" for d in message[name].defects]
            # Names as RFC 2047 decodes them: Python 3.11's address parser keeps the space between
            # two encoded words (RFC 2047 6.2 drops it), decode_header does not.
            raw = email.message_from_binary_file(open(sys.argv[1], "rb"), policy=email.policy.compat32)
            def names(header):
                text = str(email.header.make_header(email.header.decode_header(raw[header])))
                return [name for name, _ in email.utils.getaddresses([text])]
            print(json.dumps({"from": names("From")[0], "to": names("To"),
                              "addresses": [a.addr_spec for a in message["To"].addresses],
                              "subject": str(message["Subject"]), "defects": defects}))
            """, path.path])
        #expect(parsed.status == 0, "\(parsed.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [String: Any])
        #expect(json["defects"] as? [String] == [])
        #expect(json["from"] as? String == "Studio Brenner Grafik & Design")
        #expect(json["to"] as? [String] == [Self.longName, "=?utf-8?q?Evil?= Corp",
                                          "Kaffeerösterei Aumüller GmbH " + String(repeating: "ä", count: 90), String(repeating: "x", count: 120)])
        #expect(json["addresses"] as? [String] == ["a@acme.example", "b@acme.example", "c@acme.example", "d@acme.example"])
        #expect(json["subject"] as? String == "Invoice INV-1 from Studio Brenner Grafik =?utf-8?b?SGk=?= " + Self.longName)
    }
}
