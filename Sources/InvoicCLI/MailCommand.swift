import ArgumentParser
import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicBuild
import InvoicDiagnostics
import InvoicEInvoice
import InvoicMail
import InvoicPDF

struct MailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mail",
        abstract: "E-mail documents to their clients with the PDF (and the e-invoice the client takes) attached, and record them as sent.",
        discussion: """
            From the business (`mail.from`, else its name and e-mail) to the client's `email:`; subject and \
            text in the document's language (the labels mail_subject, mail_body and mail_payment, which \
            `labels:` overrides). With `mail.host` it speaks SMTP (STARTTLS on 587 by default; the password \
            from $INVOIC_SMTP_PASSWORD or ~/.netrc); without, it runs sendmail. Each message sent records \
            `sent:` like `invoic send`. -o writes the message as a .eml file instead (`-` for standard \
            output) and --dry-run prints each message it would send (headers, text, attachments); neither sends nor records anything.
            """)

    @Argument(help: ArgumentHelp("The documents to send, e.g. INV-0007.", valueName: "number")) var numbers: [String]
    @Option(name: .shortAndLong, help: ArgumentHelp("Write the message to this .eml file (a folder for several, - for standard output) instead of sending it.", valueName: "file"))
    var output: String?
    @OptionGroup var options: EditOptions

    func validate() throws {
        if numbers.isEmpty { throw ValidationError("name at least one document, e.g. `invoic mail INV-0007`") }
    }

    func run() throws {
        let checked = try bookWithoutErrors(options.directory, before: "mailing")
        let book = checked.book
        guard let renderer = checked.renderer else { throw ExitCode(1) }
        var messages: [(document: Document, message: MailMessage)] = []
        for number in numbers {
            do {
                messages.append(try Self.compose(number, book: book, renderer: renderer, today: options.today))
            } catch {
                Terminal.standardError.write("error: \(error)\n")
                throw ExitCode(1)
            }
        }
        if let output {
            try write(messages.map(\.message), to: output, book: book, documents: messages.map(\.document))
            return
        }
        for (document, message) in messages {
            let summary = "\(document.number) to \(message.to.map(\.readable).joined(separator: ", ")): \(message.subject) ("
                + message.attachments.map(\.fileName).joined(separator: ", ") + ")"
            if options.dryRun {
                Terminal.standardOutput.write("would send \(summary)\n" + Self.preview(message) + "\n")
                continue
            }
            do {
                try Self.transport(book).send(message)
            } catch {
                Terminal.standardError.write("error: \(document.number) was not sent: \(error)\n")
                throw ExitCode(1)
            }
            Terminal.standardOutput.write("sent \(summary)\n")
            if document.sent == nil {
                _ = try performEdit(options) { result, editor throws(AuthoringError) in
                    let current = try InvoicCLI.document(document.number, in: result.book)
                    let file = try editor.read(current.file)
                    let facts = try DocumentFacts(document: current, text: file.text, account: result.book.recordedAccount(for: current))
                    return [FileChange(path: current.file, before: file.bytes, after: try facts.send(on: options.today))]
                }
                try recordVeriFactu(options)
            }
        }
    }

    /// The message as the client would read it: its headers, its text, and the attachments by
    /// name and size (their bytes are what `-o` writes).
    static func preview(_ message: MailMessage) -> String {
        var lines = ["From: \(message.from.readable)", "To: \(message.to.map(\.readable).joined(separator: ", "))"]
        if !message.bcc.isEmpty { lines.append("Bcc: \(message.bcc.map(\.readable).joined(separator: ", "))") }
        lines.append("Subject: \(message.subject)")
        lines.append("")
        lines.append(message.body.hasSuffix("\n") ? String(message.body.dropLast()) : message.body)
        lines.append("")
        for attachment in message.attachments {
            let size = attachment.bytes.count < 1024 ? "\(attachment.bytes.count) bytes" : "\((attachment.bytes.count + 512) / 1024) KB"
            lines.append("attached: \(attachment.fileName) (\(attachment.mediaType), \(size))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// The message for one document: its PDF (Factur-X when the book asks) and the e-invoices its
    /// client takes, the text in its language.
    static func compose(_ number: String, book: Book, renderer: PDFRenderer, today: Day) throws -> (Document, MailMessage) {
        guard let document = book.document(number) else {
            let suggestion = closestMatch(to: number, in: book.documents.map(\.number)).map { "; did you mean \($0)?" } ?? ""
            throw Refusal(description: "no document \(number) in this book\(suggestion)")
        }
        let client = book.clients[document.client.value]
        guard let email = client?.contact.email, let to = MailAddress(parsing: email).map({ MailAddress(name: $0.name ?? client?.contact.name, address: $0.address) }) else {
            throw Refusal(description: "\(number): the client has no e-mail address; add `email:` to clients/\(document.client.value).yaml")
        }
        let from = try sender(book)
        // A book that asks for Factur-X mails the Factur-X PDF, written in one pass.
        let rendered = FacturXPDF.isAsked(for: document, in: book)
            ? FacturXPDF.render(document, with: renderer, book: book)
            : renderer.render(document).mapError { RenderFailure($0.diagnostics) }
        let pdf: [UInt8]
        switch rendered {
        case .success(let bytes): pdf = bytes
        case .failure(let failure): throw Refusal(description: "\(number) cannot be rendered: \(failure.diagnostics.map(\.message).joined(separator: "; "))")
        }
        var attachments = [MailAttachment(fileName: book.pdfFileName(for: document), mediaType: "application/pdf", bytes: pdf)]
        if document.kind.isBilling {
            for format in book.einvoiceFormats(for: document) where format != .facturX {
                guard let xml = EInvoiceWriter.xml(document, in: book, format: format) else { continue }
                attachments.append(MailAttachment(fileName: book.einvoiceFileName(for: document, format: format), mediaType: "application/xml", bytes: Array(xml.utf8)))
            }
        }
        let text = renderer.mailText(for: document, today: today)
        let now = Date()
        let stamp = Int(now.timeIntervalSince1970)
        let domain = from.address.split(separator: "@").last.map(String.init) ?? "invoic"
        var message = MailMessage(from: from, to: [to], subject: text.subject, body: text.body, attachments: attachments, date: now,
                                  messageID: "\(DocumentKind.fileStem(forNumber: number)).\(stamp).\(UInt32.random(in: 0...UInt32.max))@\(domain)")
        if let bcc = book.settings.mail?.bcc.flatMap({ MailAddress(parsing: $0.value) }) { message.bcc = [bcc] }
        return (document, message)
    }

    /// Who mails: `mail.from`, else the business's name and e-mail (`invoic sdi send` too).
    static func sender(_ book: Book) throws -> MailAddress {
        let business = book.settings.business
        let written = book.settings.mail?.from?.value ?? business.email.map { "\(business.name) <\($0)>" }
        guard let written, let from = MailAddress(parsing: written) else {
            throw Refusal(description: "no sender: add `email:` under `business:` or `from:` under `mail:` in invoic.yaml")
        }
        return from
    }

    /// The book's way out: SMTP with `mail.host` (the password from the environment or ~/.netrc), else sendmail.
    static func transport(_ book: Book) -> MailTransport {
        let settings = book.settings.mail ?? MailSettings()
        guard let host = settings.host?.value else { return .sendmail(path: settings.sendmail) }
        let security = SMTPServer.Security(rawValue: settings.security.rawValue) ?? .starttls
        let password = Credentials.password(host: host, login: settings.username, variable: settings.passwordVariable)
        return .smtp(SMTPServer(host: host, port: settings.resolvedPort, security: security, username: settings.username, password: password))
    }

    private func write(_ messages: [MailMessage], to output: String, book: Book, documents: [Document]) throws {
        if output == "-" {
            for message in messages { Terminal.standardOutput.write(String(decoding: message.rfc5322(), as: UTF8.self)) }
            return
        }
        let single = messages.count == 1 && !output.hasSuffix("/")
        if !single { try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) }
        for (message, document) in zip(messages, documents) {
            let path = single ? output : BookLoader.join(output, DocumentKind.fileStem(forNumber: document.number) + ".eml")
            do { try AtomicFile.write(message.rfc5322(), to: path) } catch {
                Terminal.standardError.write("error: cannot write \(path): \(error)\n")
                throw ExitCode(1)
            }
            Terminal.standardOutput.write(path + "\n")
        }
    }
}
