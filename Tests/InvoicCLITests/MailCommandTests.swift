import Foundation
import InvoicTestSupport
import Testing

/// `invoic mail` through the built binary: over SMTP to a server the test starts on 127.0.0.1
/// (scripts/smtp-sink.py), through a sendmail stand-in, and into a .eml file; what arrives is
/// parsed back: headers, text, the PDF byte for byte and the e-invoice the client takes.
@Suite(.serialized) struct MailCommandTests {
    /// The SMTP sink: its port and the folder it writes messages to.
    final class Sink {
        let process = Process()
        let folder: URL
        let port: Int

        init(_ options: [String] = []) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-smtp-\(UUID().uuidString)")
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", Invoic.repository.appendingPathComponent("scripts/smtp-sink.py").path, folder.path] + options
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            var line = Data()
            while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
            port = Int(String(decoding: line, as: UTF8.self)) ?? 0
        }

        func stop() {
            // SIGKILL: a child started from the test runner's thread may have SIGTERM blocked.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: folder)
        }

        func message(_ number: Int) throws -> (text: String, envelope: [String: Any]) {
            let text = try String(contentsOf: folder.appendingPathComponent("\(number).eml"), encoding: .utf8)
            let envelope = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("\(number).json"))) as? [String: Any] ?? [:]
            return (text, envelope)
        }
    }

    func makeBook(mail: String) throws -> URL {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        let settings = book.appendingPathComponent("invoic.yaml")
        try (String(contentsOf: settings, encoding: .utf8) + "\n" + mail).write(to: settings, atomically: true, encoding: .utf8)
        // The Peppol client gets an address, so its message carries the e-invoice too.
        let client = book.appendingPathComponent("clients/atelier-lumiere.yaml")
        try (String(contentsOf: client, encoding: .utf8) + "email: compta@atelier-lumiere.example\n").write(to: client, atomically: true, encoding: .utf8)
        return book
    }

    /// The MIME parts of a message: headers and the decoded body of each.
    static func parts(_ text: String) -> [(headers: String, body: Data)] {
        guard let boundaryRange = text.range(of: "boundary=\"") else { return [] }
        let boundary = String(text[boundaryRange.upperBound...].prefix { $0 != "\"" })
        return text.components(separatedBy: "--" + boundary).dropFirst().dropLast().map { part in
            let split = part.components(separatedBy: "\r\n\r\n")
            let headers = split[0], body = split.dropFirst().joined(separator: "\r\n\r\n")
            if headers.contains("base64") {
                return (headers, Data(base64Encoded: body.replacingOccurrences(of: "\r\n", with: "")) ?? Data())
            }
            return (headers, Data(body.utf8))
        }
    }

    @Test func sendsOverSMTPWithTheAttachmentsAndRecordsTheSending() throws {
        let sink = try Sink()
        defer { sink.stop() }
        #expect(sink.port > 0)
        let book = try makeBook(mail: "mail:\n  host: 127.0.0.1\n  port: \(sink.port)\n  security: none\n  username: hallo@studiobrenner.at\n  bcc: archiv@studiobrenner.at\n")
        defer { try? FileManager.default.removeItem(at: book) }
        // A draft: sending it records `sent:`.
        let draft = book.appendingPathComponent("invoices/2026/INV-2026-010.yaml")
        let before = try String(contentsOf: draft, encoding: .utf8)
        #expect(!before.contains("\nsent:"))
        let run = try Invoic.run(["mail", "INV-2026-010", "INV-2026-013", "--today", "2026-11-25"], in: book, environment: ["INVOIC_SMTP_PASSWORD": "s3cret"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("sent INV-2026-010 to Weingut Strasser <"), "\(run.stdout)")

        let first = try sink.message(1)
        #expect(first.envelope["from"] as? String == "<hallo@studiobrenner.at>")
        #expect((first.envelope["to"] as? [String])?.last == "<archiv@studiobrenner.at>", "the bcc is in the envelope")
        #expect(first.envelope["auth"] as? [String] == ["hallo@studiobrenner.at", "s3cret"], "the password from the environment")
        #expect(first.text.hasPrefix("From: Studio Brenner <hallo@studiobrenner.at>\r\nTo: Weingut Strasser <"))
        #expect(!first.text.contains("Bcc:") && first.text.contains("\r\nSubject: Invoice INV-2026-010 from Studio Brenner\r\n"), "\(first.text.prefix(400))")
        let parts = Self.parts(first.text)
        #expect(parts.count == 2)
        let body = String(decoding: parts[0].body, as: UTF8.self).replacingOccurrences(of: "=\r\n", with: "")
        #expect(body.contains("please find attached invoice INV-2026-010 of 20 Nov 2026 for =E2=82=AC1,176.00. Please pay by 4 Dec 2026."), "\(body)")
        // The PDF is the one `invoic pdf` makes.
        let pdf = try Invoic.run(["pdf", "INV-2026-010", "-o", book.appendingPathComponent("x.pdf").path], in: book)
        #expect(pdf.status == 0)
        #expect(parts[1].body == (try Data(contentsOf: book.appendingPathComponent("x.pdf"))))
        #expect(parts[1].headers.contains("filename=\"INV-2026-010.pdf\""))

        let peppol = try sink.message(2)
        let attachments = Self.parts(peppol.text).dropFirst().map(\.headers)
        #expect(attachments.count == 2 && attachments[1].contains("filename=\"INV-2026-013.peppol.xml\""), "\(attachments)")
        #expect(String(decoding: Self.parts(peppol.text)[2].body, as: UTF8.self).contains("<cbc:ID>INV-2026-013</cbc:ID>"))
        #expect(peppol.text.contains("Subject: Facture INV-2026-013 de Studio Brenner"), "in the client's language")

        let after = try String(contentsOf: draft, encoding: .utf8)
        #expect(after.contains("\nsent: 2026-11-25\n"))
        #expect(try Invoic.run(["check"], in: book).status == 0)
    }

    @Test func sendmailDryRunAndEmlFiles() throws {
        let book = try makeBook(mail: "mail:\n  sendmail: SENDMAIL\n")
        defer { try? FileManager.default.removeItem(at: book) }
        // A sendmail stand-in that keeps its arguments and the message.
        let sendmail = book.appendingPathComponent("fake-sendmail")
        try "#!/bin/sh\necho \"$@\" > \"$(dirname \"$0\")/sendmail-args\"\ncat > \"$(dirname \"$0\")/sendmail-message\"\n".write(to: sendmail, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sendmail.path)
        let settings = book.appendingPathComponent("invoic.yaml")
        try String(contentsOf: settings, encoding: .utf8).replacingOccurrences(of: "SENDMAIL", with: sendmail.path).write(to: settings, atomically: true, encoding: .utf8)

        let dry = try Invoic.run(["mail", "INV-2026-009", "--dry-run"], in: book)
        #expect(dry.status == 0 && dry.stdout.hasPrefix("would send INV-2026-009 to Kaffeerösterei Aumüller GmbH <"), "\(dry.stdout)\(dry.stderr)")
        #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent("sendmail-message").path))

        let eml = book.appendingPathComponent("out.eml")
        let written = try Invoic.run(["mail", "INV-2026-009", "-o", eml.path], in: book)
        #expect(written.status == 0 && written.stdout == eml.path + "\n", "\(written.stderr)")
        #expect(try String(contentsOf: eml, encoding: .utf8).contains("Subject: Rechnung INV-2026-009 von Studio Brenner\r\n"))
        // Python's email package, a reader that is not ours, finds no defect and every part.
        let parsed = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", """
            import email, email.policy, sys
            message = email.message_from_binary_file(open(sys.argv[1], "rb"), policy=email.policy.default)
            print(message["To"], message["Subject"], sep=" | ")
            for part in message.walk():
                assert not part.defects, part.defects
                if part.get_content_maintype() != "multipart":
                    content = part.get_content()
                    print(part.get_content_type(), part.get_filename(), content[:4] if isinstance(content, bytes) else content.splitlines()[0], sep=" | ")
            """, eml.path])
        #expect(parsed.status == 0, "\(parsed.stderr)")
        #expect(parsed.stdout == "Kaffeerösterei Aumüller GmbH <office@aumueller-kaffee.at> | Rechnung INV-2026-009 von Studio Brenner\n"
                + "text/plain | None | Guten Tag,\napplication/pdf | INV-2026-009.pdf | b'%PDF'\n", "\(parsed.stdout)")
        #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent("sendmail-message").path))

        let sent = try Invoic.run(["mail", "INV-2026-009", "--today", "2026-11-25"], in: book)
        #expect(sent.status == 0, "\(sent.stderr)")
        let arguments = try String(contentsOf: book.appendingPathComponent("sendmail-args"), encoding: .utf8)
        #expect(arguments.hasPrefix("-i -f hallo@studiobrenner.at -- office@"), "\(arguments)")
        let message = try String(contentsOf: book.appendingPathComponent("sendmail-message"), encoding: .utf8)
        #expect(message.hasPrefix("From: Studio Brenner <hallo@studiobrenner.at>\n") && !message.contains("\r\n"), "LF for sendmail")
    }

    @Test func refusesWhatCannotBeSent() throws {
        let book = try makeBook(mail: "mail:\n  host: 127.0.0.1\n  port: 1\n  security: none\n")
        defer { try? FileManager.default.removeItem(at: book) }
        let noAddress = try Invoic.run(["mail", "INV-2026-012"], in: book)
        #expect(noAddress.status == 1 && noAddress.stderr.contains("the client has no e-mail address; add `email:` to clients/bremen-kultur.yaml"))
        let unreachable = try Invoic.run(["mail", "INV-2026-011"], in: book)
        #expect(unreachable.status == 1 && unreachable.stderr.hasPrefix("error: INV-2026-011 was not sent: sending through 127.0.0.1:1 failed"), "\(unreachable.stderr)")
        let settings = book.appendingPathComponent("invoic.yaml")
        try (String(contentsOf: settings, encoding: .utf8) + "  password: hunter2\n").write(to: settings, atomically: true, encoding: .utf8)
        let password = try Invoic.run(["check"], in: book)
        #expect(password.status == 1 && password.stderr.contains("unknown key `password` in a mail"), "\(password.stderr)")
    }
}
