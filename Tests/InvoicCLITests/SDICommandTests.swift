import Foundation
import InvoicTestSupport
import Testing

/// `invoic sdi send` and `sdi receive` through the built binary: the FatturaPA mailed to an SMTP
/// server the test starts (scripts/smtp-sink.py), a kill between the mail leaving and its record,
/// and the SdI's receipts read from a maildir the test writes around the official examples of
/// ../shared/standards/it-fatturapa/notifications (read in place, never copied).
@Suite(.serialized) struct SDICommandTests {
    typealias Sink = MailCommandTests.Sink
    static let notifications = Standards.path("it-fatturapa/notifications")
    static let sender = "giulia@pec.example"

    /// examples/designer-it mailing through the sink on `port`.
    func makeBook(port: Int) throws -> URL {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("designer-it"))
        let settings = book.appendingPathComponent("invoic.yaml")
        try (String(contentsOf: settings, encoding: .utf8) + "\nmail:\n  host: 127.0.0.1\n  port: \(port)\n  security: none\n  from: Giulia Bianchi <\(Self.sender)>\n")
            .write(to: settings, atomically: true, encoding: .utf8)
        return book
    }

    func setPort(_ port: Int, in book: URL) throws {
        let settings = book.appendingPathComponent("invoic.yaml")
        let text = try String(contentsOf: settings, encoding: .utf8)
        try text.replacingOccurrences(of: #"port: \d+"#, with: "port: \(port)", options: .regularExpression).write(to: settings, atomically: true, encoding: .utf8)
    }

    func read(_ book: URL, _ path: String) throws -> String {
        try String(contentsOf: book.appendingPathComponent(path), encoding: .utf8)
    }

    /// An official receipt of `kind` about `file` (its NomeFile and the attachment's name changed
    /// to it), or as published when `file` is nil.
    static func receipt(_ kind: String, about file: String?) throws -> (name: String, bytes: [UInt8]) {
        let official = try String(contentsOfFile: notifications + "/IT01234567890_11111_\(kind)_001.xml", encoding: .utf8)
        guard let file else { return ("IT01234567890_11111_\(kind)_001.xml", Array(official.utf8)) }
        #expect(official.contains("<NomeFile>IT01234567890_11111.xml.p7m</NomeFile>") || kind == "EC" || kind == "SE")
        let text = official.replacingOccurrences(of: "<NomeFile>IT01234567890_11111.xml.p7m</NomeFile>", with: "<NomeFile>\(file).xml</NomeFile>")
        return ("\(file)_\(kind)_001.xml", Array(text.utf8))
    }

    /// A PEC mail as a PEC provider delivers the SdI's message: an S/MIME-signed envelope "per
    /// conto di" the SdI's address, holding daticert.xml and the original message (postacert.eml),
    /// whose attachment is the receipt, base64 in 76-character lines.
    static func pecMail(_ receipt: (name: String, bytes: [UInt8]), from sdi: String = "sdi23@pec.fatturapa.it") -> String {
        let encoded = Data(receipt.bytes).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
        return """
            Return-Path: <posta-certificata@pec.aruba.it>\r
            From: "Per conto di: \(sdi)" <posta-certificata@pec.aruba.it>\r
            Reply-To: \(sdi)\r
            To: \(sender)\r
            Subject: POSTA CERTIFICATA: \(receipt.name)\r
            MIME-Version: 1.0\r
            Content-Type: multipart/signed; protocol="application/pkcs7-signature"; micalg=sha-256; boundary="outer"\r
            \r
            --outer\r
            Content-Type: multipart/mixed; boundary="mixed"\r
            \r
            --mixed\r
            Content-Type: text/plain; charset=iso-8859-1\r
            \r
            Messaggio di posta certificata\r
            --mixed\r
            Content-Type: application/xml; name="daticert.xml"\r
            Content-Disposition: inline; filename="daticert.xml"\r
            \r
            <postacert tipo="posta-certificata" errore="nessuno"/>\r
            --mixed\r
            Content-Type: message/rfc822; name="postacert.eml"\r
            Content-Disposition: inline; filename="postacert.eml"\r
            \r
            From: \(sdi)\r
            To: \(sender)\r
            Subject: \(receipt.name)\r
            MIME-Version: 1.0\r
            Content-Type: multipart/mixed; boundary="inner"\r
            \r
            --inner\r
            Content-Type: text/plain\r
            \r
            Notifica\r
            --inner\r
            Content-Type: application/octet-stream; name="\(receipt.name)"\r
            Content-Disposition: attachment; filename="\(receipt.name)"\r
            Content-Transfer-Encoding: base64\r
            \r
            \(encoded)\r
            --inner--\r
            --mixed--\r
            --outer\r
            Content-Type: application/pkcs7-signature; name="smime.p7s"\r
            Content-Transfer-Encoding: base64\r
            \r
            MIAGCSqGSIb3DQEHAqCAMIACAQExDzANBglghkgBZQMEAgEFADCABgkqhkiG9w0BBwEAAKCA\r
            --outer--\r

            """
    }

    /// A maildir with `messages` in new/, named as a delivery agent names them.
    static func maildir(_ messages: [String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-maildir-\(UUID().uuidString)")
        for sub in ["new", "cur", "tmp"] { try FileManager.default.createDirectory(at: root.appendingPathComponent(sub), withIntermediateDirectories: true) }
        for (index, message) in messages.enumerated() {
            try Data(message.utf8).write(to: root.appendingPathComponent("new/1795000000.M\(index)P100.host"))
        }
        return root
    }

    /// The decoded attachment of a message the sink kept, and its file name.
    static func attachment(_ text: String) -> (name: String, bytes: Data)? {
        guard let part = MailCommandTests.parts(text).first(where: { $0.headers.contains("filename=") }) else { return nil }
        let name = part.headers.components(separatedBy: "filename=\"").last?.prefix { $0 != "\"" }
        return name.map { (String($0), part.body) }
    }

    @Test func mailsTheFileToTheSdIRecordsItAndNeverSendsTwice() throws {
        let sink = try Sink()
        defer { sink.stop() }
        let book = try makeBook(port: sink.port)
        defer { try? FileManager.default.removeItem(at: book) }

        let run = try Invoic.run(["sdi", "send", "2026/002", "--today", "2026-11-25"], in: book, environment: ["INVOIC_SMTP_PASSWORD": "pec-secret"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "sent 2026/002 as IT03456789019_00002.xml to sdi01@pec.fatturapa.it\n")
        let mail = try sink.message(1)
        #expect(mail.envelope["to"] as? [String] == ["<sdi01@pec.fatturapa.it>"], "the SdI's first PEC address")
        #expect(mail.envelope["from"] as? String == "<\(Self.sender)>")
        // The attachment is the file `export` writes, byte for byte, under the SdI's name.
        let attached = try #require(Self.attachment(mail.text))
        #expect(attached.name == "IT03456789019_00002.xml")
        let exported = try Invoic.run(["export", "--format", "fatturapa", "2026/002", "-o", "-"], in: book)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(String(decoding: attached.bytes, as: UTF8.self) == exported.stdout)
        #expect(exported.stdout.contains("<ProgressivoInvio>00002</ProgressivoInvio>"))
        // The book keeps the progressive and the record, with the bytes sent.
        let document = try read(book, "invoices/2026_002.yaml")
        #expect(document.contains("\nsent: 2026-11-25\nsent_via: sdi\nsdi_progressive: \"00002\"\n"), "\(document)")
        let record = try read(book, "outbox/2026/2026_002/sdi.yaml")
        #expect(record.contains("file: IT03456789019_00002.xml") && record.contains("state: recorded") && record.contains("state: sent"))
        #expect(try Data(contentsOf: book.appendingPathComponent("outbox/2026/2026_002/IT03456789019_00002.xml")) == attached.bytes)

        // Once sent, never again without a reason.
        let again = try Invoic.run(["sdi", "send", "2026/002"], in: book)
        #expect(again.status == 1)
        #expect(again.stderr.contains("2026/002 was already mailed to the SdI as IT03456789019_00002.xml"), "\(again.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sink.folder.appendingPathComponent("2.eml").path))
        // The next document takes the next progressive.
        let next = try Invoic.run(["sdi", "send", "2026/001"], in: book)
        #expect(next.stdout == "sent 2026/001 as IT03456789019_00003.xml to sdi01@pec.fatturapa.it\n", "\(next.stderr)")
        #expect(try Invoic.run(["check"], in: book).status == 0)
        // A voided invoice is not mailed.
        let draft = book.appendingPathComponent("invoices/2026_003.yaml")
        try (String(contentsOf: draft, encoding: .utf8) + "void:\n  date: 2026-05-01\n  reason: Emessa per errore\n").write(to: draft, atomically: true, encoding: .utf8)
        let void = try Invoic.run(["sdi", "send", "2026/003"], in: book)
        #expect(void.status == 1 && void.stderr.contains("2026/003 was voided on 2026-05-01"), "\(void.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sink.folder.appendingPathComponent("3.eml").path))
    }

    /// invoic killed after the SMTP server has the message and before it hears so: the record
    /// says `recorded`, and no later run mails it again on its own.
    @Test func killedBetweenTheMailAndTheRecordItIsNotSentAgain() throws {
        let hanging = try Sink(["--hang-after-data"])
        defer { hanging.stop() }
        let book = try makeBook(port: hanging.port)
        defer { try? FileManager.default.removeItem(at: book) }
        let process = Process()
        process.executableURL = Invoic.binary
        process.arguments = ["sdi", "send", "2026/002", "-C", book.path, "--today", "2026-11-25"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let kept = hanging.folder.appendingPathComponent("1.eml")
        while !FileManager.default.fileExists(atPath: kept.path), process.isRunning { usleep(20_000) }
        #expect(process.isRunning, "the server has the message and has not answered")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let record = try read(book, "outbox/2026/2026_002/sdi.yaml")
        #expect(record.contains("state: recorded") && !record.contains("state: sent"), "\(record)")

        let sink = try Sink()
        defer { sink.stop() }
        try setPort(sink.port, in: book)
        let rerun = try Invoic.run(["sdi", "send", "2026/002"], in: book)
        #expect(rerun.status == 1)
        #expect(rerun.stderr.contains("whether it left is unknown"), "\(rerun.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sink.folder.appendingPathComponent("1.eml").path), "nothing mailed again")
        let check = try Invoic.run(["check", "--today", "2026-11-30"], in: book)
        #expect(check.status == 0)
        #expect(check.stdout.contains("sdi-not-delivered") || check.stderr.contains("sdi-not-delivered"), "\(check.stdout)\(check.stderr)")

        // The SdI's receipt settles it: delivered, and still not sent again.
        let box = try Self.maildir([Self.pecMail(try Self.receipt("RC", about: "IT03456789019_00002"))])
        defer { try? FileManager.default.removeItem(at: box) }
        let received = try Invoic.run(["sdi", "receive", "--maildir", box.path], in: book)
        #expect(received.status == 0, "\(received.stderr)")
        #expect(received.stdout.hasPrefix("2026/002: delivered (IT03456789019_00002_RC_001.xml: RC ricevuta di consegna 2013-06-06T12:01:00Z)"), "\(received.stdout)")
        #expect(try Invoic.run(["sdi", "send", "2026/002"], in: book).status == 1)
        #expect(!FileManager.default.fileExists(atPath: sink.folder.appendingPathComponent("1.eml").path))
    }

    /// --resend after an interrupted send mails the same file under the same name: the SdI takes
    /// a name once, so the invoice cannot be issued twice.
    @Test func resendAfterAnInterruptedSendKeepsTheName() throws {
        let sink = try Sink()
        defer { sink.stop() }
        let book = try makeBook(port: sink.port)
        defer { try? FileManager.default.removeItem(at: book) }
        // What a kill leaves: the progressive in the document, the record without an answer.
        #expect(try Invoic.run(["sdi", "send", "2026/002"], in: book).status == 0)
        let path = book.appendingPathComponent("outbox/2026/2026_002/sdi.yaml")
        let record = try String(contentsOf: path, encoding: .utf8)
        let interrupted = String(record[..<record.range(of: "      - at", options: .backwards)!.lowerBound])
        try interrupted.write(to: path, atomically: true, encoding: .utf8)
        let resent = try Invoic.run(["sdi", "send", "2026/002", "--resend", "no answer from the PEC provider"], in: book)
        #expect(resent.status == 0, "\(resent.stderr)")
        #expect(try Self.attachment(sink.message(2).text)?.name == "IT03456789019_00002.xml")
        let after = try String(contentsOf: path, encoding: .utf8)
        #expect(after.contains("resend_reason: no answer from the PEC provider"))
        #expect(after.components(separatedBy: "progressive: \"00002\"").count == 3, "two attempts under one name")
    }

    @Test func receiptsFromAMaildirRejectionAndANewProgressive() throws {
        let sink = try Sink()
        defer { sink.stop() }
        let book = try makeBook(port: sink.port)
        defer { try? FileManager.default.removeItem(at: book) }
        #expect(try Invoic.run(["sdi", "send", "2026/002", "2026/001"], in: book).status == 0)

        let rc = try Self.receipt("RC", about: "IT03456789019_00002")
        let ns = try Self.receipt("NS", about: "IT03456789019_00003")
        // A receipt whose name and content disagree, and one about a file this book never sent.
        var mislabelled = try Self.receipt("MC", about: "IT03456789019_00004")
        mislabelled.name = "IT03456789019_00002_MC_001.xml"
        let stranger = try Self.receipt("MC", about: nil)
        let box = try Self.maildir([Self.pecMail(rc), Self.pecMail(ns), Self.pecMail(mislabelled), Self.pecMail(stranger)])
        defer { try? FileManager.default.removeItem(at: box) }
        // A message larger than any receipt's mail is not read.
        let huge = box.appendingPathComponent("cur/1795000009.M9P100.host:2,S")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 17 * 1024 * 1024)
        try handle.close()

        let received = try Invoic.run(["sdi", "receive", "--maildir", box.path], in: book)
        #expect(received.status == 1, "a receipt was left")
        #expect(received.stdout.contains("2026/002: delivered (IT03456789019_00002_RC_001.xml"), "\(received.stdout)")
        #expect(received.stdout.contains("2026/001: rejected (IT03456789019_00003_NS_001.xml: NS notifica di scarto 2013-06-06T12:00:00Z: 00100 Certificato di firma scaduto)"), "\(received.stdout)")
        #expect(received.stderr.contains("IT03456789019_00002_MC_001.xml left: its name says IT03456789019_00002 but it is about IT03456789019_00004.xml"), "\(received.stderr)")
        #expect(received.stderr.contains("IT01234567890_11111_MC_001.xml left: about IT01234567890_11111.xml.p7m, which this book did not send"), "\(received.stderr)")
        #expect(received.stderr.contains("1795000009.M9P100.host:2,S: not read: larger than 16 MB"), "\(received.stderr)")
        // The receipt is kept beside the record, as the SdI wrote it.
        #expect(try Data(contentsOf: book.appendingPathComponent("outbox/2026/2026_002/IT03456789019_00002_RC_001.xml")) == Data(rc.bytes))
        let record = try read(book, "outbox/2026/2026_001/sdi.yaml")
        #expect(record.contains("state: rejected") && record.contains("sdi_id: \"111\"") && record.contains("from: sdi23@pec.fatturapa.it"))
        #expect(record.contains("- code: \"00100\"\n            description: Certificato di firma scaduto"), "\(record)")

        // Read twice, attached once.
        let twice = try Invoic.run(["sdi", "receive", "--maildir", box.path], in: book)
        #expect(twice.stdout.contains("2026/002: IT03456789019_00002_RC_001.xml is already attached"))
        #expect(try read(book, "outbox/2026/2026_001/sdi.yaml") == record)
        // A receipt about the same file name under another SdI id is not about this file.
        var forged = try Self.receipt("DT", about: "IT03456789019_00002")
        forged.bytes = Array(String(decoding: forged.bytes, as: UTF8.self).replacingOccurrences(of: "<IdentificativoSdI>111</IdentificativoSdI>", with: "<IdentificativoSdI>999</IdentificativoSdI>").utf8)
        let other = try Self.maildir([Self.pecMail(forged)])
        defer { try? FileManager.default.removeItem(at: other) }
        let mismatch = try Invoic.run(["sdi", "receive", "--maildir", other.path], in: book)
        #expect(mismatch.status == 1 && mismatch.stderr.contains("IT03456789019_00002_DT_001.xml left: the SdI's id 999 is not 111, the one of IT03456789019_00002.xml"), "\(mismatch.stderr)")
        #expect(!(try read(book, "outbox/2026/2026_002/sdi.yaml")).contains("state: expired"))

        // The rejection is an error on the invoice, at its progressive.
        let check = try Invoic.run(["check", "--diagnostics-format", "gnu"], in: book)
        #expect(check.status == 1)
        let output = check.stdout + check.stderr
        #expect(output.contains("invoices/2026_001.yaml:"), "\(output)")
        #expect(output.contains("2026/001: the SdI rejected IT03456789019_00003.xml on"), "\(output)")
        #expect(output.contains("00100 Certificato di firma scaduto") && output.contains("sdi-rejected"), "\(output)")

        // The report states both.
        let report = try Invoic.run(["report", "--format", "json"], in: book)
        let json = try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any]
        let invoices = json?["invoices"] as? [[String: Any]] ?? []
        func sdiState(_ number: String) -> String? {
            (invoices.first { $0["number"] as? String == number }?["sdi"] as? [String: Any])?["state"] as? String
        }
        #expect(sdiState("2026/002") == "delivered", "\(report.stdout.prefix(300))")
        #expect(sdiState("2026/001") == "rejected")
        #expect(sdiState("2026/003") == nil)
        let html = try Invoic.run(["report", "--format", "html"], in: book)
        #expect(html.stdout.contains(">SdI: scartata</span>") && html.stdout.contains(">SdI: consegnata</span>"), "an Italian book: the SdI's Italian words")

        // Fixed and sent again: a new progressive, to the address the SdI answered from.
        let resent = try Invoic.run(["sdi", "send", "2026/001"], in: book)
        #expect(resent.status == 0, "\(resent.stderr)")
        #expect(resent.stdout == "sent 2026/001 as IT03456789019_00004.xml to sdi23@pec.fatturapa.it\n")
        let mail = try sink.message(3)
        #expect(mail.envelope["to"] as? [String] == ["<sdi23@pec.fatturapa.it>"])
        let attached = try #require(Self.attachment(mail.text))
        #expect(attached.name == "IT03456789019_00004.xml")
        #expect(String(decoding: attached.bytes, as: UTF8.self).contains("<ProgressivoInvio>00004</ProgressivoInvio>"))
        #expect(try read(book, "invoices/2026_001.yaml").contains("sdi_progressive: \"00004\"\n"))
        #expect(try Invoic.run(["check"], in: book).status == 0, "the current file is no longer rejected")
        // The unsent invoice comes after every progressive used.
        let next = try Invoic.run(["export", "--format", "fatturapa", "2026/003", "-o", "-"], in: book)
        #expect(next.stdout.contains("<ProgressivoInvio>00005</ProgressivoInvio>"))
    }

    /// MC: the SdI could not deliver; a warning to tell the buyer. DT: terms expired. Sent out of
    /// order, 2026/003 takes 00003 (the first free after none), then 2026/002 00005: 2026/001,
    /// issued before it and not sent, holds 00004 until it is.
    @Test func undeliveredIsAWarning() throws {
        let sink = try Sink()
        defer { sink.stop() }
        let book = try makeBook(port: sink.port)
        defer { try? FileManager.default.removeItem(at: book) }
        #expect(try Invoic.run(["sdi", "send", "2026/003", "2026/002"], in: book).status == 0)
        let box = try Self.maildir([Self.pecMail(try Self.receipt("MC", about: "IT03456789019_00003")),
                                    Self.pecMail(try Self.receipt("DT", about: "IT03456789019_00005"))])
        defer { try? FileManager.default.removeItem(at: box) }
        let received = try Invoic.run(["sdi", "receive", "--maildir", box.path], in: book)
        #expect(received.stdout.contains("2026/003: undelivered") && received.stdout.contains("2026/002: expired"), "\(received.stdout)\(received.stderr)")
        let check = try Invoic.run(["check"], in: book)
        #expect(check.status == 0)
        #expect((check.stdout + check.stderr).contains("2026/003: the SdI could not deliver IT03456789019_00003.xml"), "\(check.stdout)\(check.stderr)")
    }

    /// IMAP only over TLS, and a server that cannot be reached is said so (the tests have no IMAP
    /// server: the receipts' path is the maildir's).
    @Test func imapIsOverTLSOnly() throws {
        let book = try makeBook(port: 1)
        defer { try? FileManager.default.removeItem(at: book) }
        let clear = try Invoic.run(["sdi", "receive", "--imap", "imap://127.0.0.1/INBOX"], in: book)
        #expect(clear.status == 1 && clear.stderr.contains("is not an IMAP mailbox over TLS"), "\(clear.stderr)")
        let injected = try Invoic.run(["sdi", "receive", "--imap", "imaps://127.0.0.1/INBOX;UID=1"], in: book)
        #expect(injected.status == 1 && injected.stderr.contains("name the mailbox only"), "\(injected.stderr)")
        let closed = try Invoic.run(["sdi", "receive", "--imap", "imaps://127.0.0.1:1/INBOX"], in: book, environment: ["INVOIC_IMAP_PASSWORD": "x"])
        #expect(closed.status == 1 && closed.stderr.hasPrefix("error: imaps://127.0.0.1:1/INBOX: "), "\(closed.stderr)")
        let neither = try Invoic.run(["sdi", "receive"], in: book)
        #expect(neither.status == 64 || neither.status == 2 || neither.status == 1)
        #expect(neither.stderr.contains("--maildir DIR or --imap"), "\(neither.stderr)")
    }
}
