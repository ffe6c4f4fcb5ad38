import ArgumentParser
import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicBuild
import InvoicDiagnostics
import InvoicEInvoice
import InvoicMail
import InvoicSDI

/// `invoic sdi`: Italy's Sistema di Interscambio by PEC (docs/italy.md). A small business mails
/// its FatturaPA files to the SdI's PEC address and reads the SdI's receipts from its PEC mailbox.
struct SDICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sdi",
        abstract: "Mail FatturaPA files to Italy's SdI by PEC and read its receipts (consegna, scarto, mancata consegna, ...).",
        subcommands: [SDISendCommand.self, SDIReceiveCommand.self])
}

struct SDISendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Mail invoices' and credit notes' FatturaPA files to the SdI's PEC address through the book's mail settings.",
        discussion: """
            The file is the one `invoic build` writes (IT<id>_<progressive>.xml), attached to a message from the \
            book's sender (`mail.from`, the business's PEC) to the SdI: sdi01@pec.fatturapa.it the first time, then \
            the address the SdI answered from. It leaves by `mail:` as `invoic mail` does (SMTP, the password from \
            $INVOIC_SMTP_PASSWORD or ~/.netrc; else sendmail). Before the mail leaves, the document records its \
            progressive (`sdi_progressive:`, never given twice) and outbox/<year>/<number>/sdi.yaml records the \
            attempt with the bytes, so a crash never sends it twice. A file the SdI rejected goes again under a \
            new progressive; one already sent is refused unless --resend says why. --dry-run sends nothing.
            """)

    @Argument(help: ArgumentHelp("Invoice or credit note numbers, e.g. 2026-001.", valueName: "number")) var numbers: [String]
    @Option(help: ArgumentHelp("Send again a document already mailed to the SdI, and why (recorded with the attempt).", valueName: "reason"))
    var resend: String?
    @OptionGroup var options: EditOptions

    func validate() throws {
        if numbers.isEmpty { throw ValidationError("name at least one invoice or credit note, e.g. `invoic sdi send 2026-001`") }
        if let resend, resend.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--resend needs a reason") }
    }

    func run() throws {
        var failed: [String] = []
        for number in numbers {
            do {
                try send(number)
            } catch let error as SDIError {
                Terminal.standardError.writePrintable("error: \(error.message)\n")
                failed.append(number)
            } catch let error as MailCommand.Refusal {
                Terminal.standardError.writePrintable("error: \(number): \(error.description)\n")
                failed.append(number)
            }
        }
        if !failed.isEmpty {
            Terminal.standardError.writePrintable("error: not sent to the SdI: \(failed.joined(separator: ", "))\n")
            throw ExitCode(1)
        }
    }

    private func send(_ number: String) throws {
        var checked = try bookWithoutErrors(options.directory, before: "sending to the SdI")
        var document = try Self.fatturaPA(number, in: checked.book)
        let outbox = SDIOutbox(root: options.directory)
        let record = try outbox.record(for: document)
        let written = document.sdiProgressive?.value
        var progressive = written ?? checked.book.sdiProgressive(for: document)
        let used = outbox.usedProgressives()
        if try SDISender.decide(record, number: number, progressive: written, resend: resend) || (written == nil && used.contains(progressive)) {
            // The next after every one the book or its records know: never one the SdI may have.
            let highest = ([checked.book.highestSDIProgressive] + used.compactMap { Int($0, radix: 36) }).max() ?? 0
            progressive = Book.base36(highest + 1, width: 5)
        }
        if options.dryRun {
            let name = "IT" + checked.book.sdiTransmitter + "_" + progressive + ".xml"
            Terminal.standardOutput.writePrintable("would send \(number) as \(name) to \(outbox.sdiAddress())\(progressive == written ? "" : " (recording sdi_progressive: \(progressive))")\n")
            return
        }
        if progressive != written {
            // The book keeps the progressive before the mail leaves: a crash after this still
            // finds it, and the file `build` writes from now on carries it.
            var quiet = options
            quiet.dryRun = false
            _ = try performEdit(quiet, showingDiff: false) { result, editor throws(AuthoringError) in
                let current = try InvoicCLI.document(number, in: result.book)
                let file = try editor.read(current.file)
                let facts = try DocumentFacts(document: current, text: file.text)
                return [FileChange(path: current.file, before: file.bytes, after: facts.sdiProgressive(progressive))]
            }
            checked = try bookWithoutErrors(options.directory, before: "sending to the SdI")
            document = try Self.fatturaPA(number, in: checked.book)
        }
        let book = checked.book
        guard let xml = EInvoiceWriter.xml(document, in: book, format: .fatturapa) else {
            throw SDIError("\(number): its FatturaPA cannot be written; `invoic check` says why")
        }
        let file = (name: book.einvoiceFileName(for: document, format: .fatturapa), bytes: Array(xml.utf8))
        let message = SDISender.message(file: file, from: try MailCommand.sender(book), to: outbox.sdiAddress(), number: number, date: Date())
        let transport = MailCommand.transport(book)
        let sender = SDISender(root: options.directory, deliver: { message throws in try transport.send(message) })
        switch try sender.send(document, progressive: progressive, file: file, message: message, resend: resend) {
        case .sent(let attempt):
            Terminal.standardOutput.writePrintable("sent \(number) as \(attempt.file) to \(attempt.to)\n")
            if document.sentVia == nil { try recordSent(number) }
        case .failed(let attempt, let reason):
            throw SDIError("\(number): the mail of \(attempt.file) was refused: \(reason)")
        }
    }

    /// The document, if it is an invoice or credit note whose formats include FatturaPA.
    static func fatturaPA(_ number: String, in book: Book) throws(SDIError) -> Document {
        guard let document = book.document(number), document.kind.isBilling else {
            let close = closestMatch(to: number, in: book.documents.filter(\.kind.isBilling).map(\.number)).map { "; did you mean \($0)?" } ?? ""
            throw SDIError("no invoice or credit note \(number) in this book\(close)")
        }
        if let void = document.void {
            throw SDIError("\(number) was voided on \(void.date.value): a void invoice is not sent; a sent one is corrected by a credit note (TD04)")
        }
        guard book.einvoiceFormats(for: document).contains(.fatturapa) else {
            throw SDIError("\(number) has no FatturaPA: add `einvoice: [fatturapa]` to invoic.yaml (an Italian book has it)")
        }
        return document
    }

    /// `sent:` (when missing) and `sent_via: sdi`, once the mail has left.
    private func recordSent(_ number: String) throws {
        var quiet = options
        quiet.dryRun = false
        _ = try performEdit(quiet) { result, editor throws(AuthoringError) in
            let current = try InvoicCLI.document(number, in: result.book)
            guard current.sentVia == nil else { return [] }
            let file = try editor.read(current.file)
            let facts = try DocumentFacts(document: current, text: file.text, account: result.book.recordedAccount(for: current))
            return [FileChange(path: current.file, before: file.bytes, after: try facts.send(on: options.today, via: .sdi))]
        }
    }
}

struct SDIReceiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receive",
        abstract: "Read the SdI's receipts from the PEC mailbox and attach each to the record of the file it is about.",
        discussion: """
            The receipts (RC consegna, NS scarto with its errors, MC mancata consegna, DT decorrenza termini, AT, NE) \
            are XML files attached to the SdI's PEC mails, named after the file (IT..._00001_RC_001.xml). Each is \
            matched to a file `invoic sdi send` mailed, by its name and the SdI's id, kept beside the record in \
            outbox/<year>/<number>/ and its state shown by `check`, `report` and `serve`. A receipt about a file the \
            book did not send is reported and left; nothing in the mailbox is moved or deleted. \
            Exit status: 0, or 1 when a receipt was left or a message could not be read.
            """)

    @Option(help: ArgumentHelp("The PEC mailbox as a maildir (with cur/ and new/), e.g. one fetched by mbsync or getmail.", valueName: "dir"))
    var maildir: String?
    @Option(help: ArgumentHelp("The PEC mailbox on its IMAP server, over TLS: imaps://HOST/MAILBOX (the login `mail.username` or --user, the password from $INVOIC_IMAP_PASSWORD or ~/.netrc).", valueName: "url"))
    var imap: String?
    @Option(help: ArgumentHelp("The IMAP login; default: `mail.username` in invoic.yaml.", valueName: "login"))
    var user: String?
    @Option(help: ArgumentHelp("Only the IMAP messages delivered since this day (YYYY-MM-DD).", valueName: "date"))
    var since: Day?
    @OptionGroup var options: EditOptions

    func validate() throws {
        if (maildir == nil) == (imap == nil) { throw ValidationError("name the mailbox: --maildir DIR or --imap imaps://HOST/MAILBOX") }
    }

    func run() throws {
        let checked = try runPipeline(BookPipeline(root: options.directory, history: .skipped), upTo: .book)
        var trouble = false
        do {
            let messages = if let maildir { try SDIReceiver.maildirMessages(maildir) } else { try imapMessages(checked.book) }
            let outcomes = try SDIReceiver(root: options.directory).receive(messages, book: checked.book)
            if outcomes.isEmpty { Terminal.standardOutput.writePrintable("no receipt of the SdI in \(maildir ?? imap ?? "")\n") }
            for outcome in outcomes {
                switch outcome {
                case .attached(let receipt, let number, let state, let detail):
                    Terminal.standardOutput.writePrintable("\(number): \(state.rawValue) (\(receipt): \(detail))\n")
                case .known(let receipt, let number):
                    Terminal.standardOutput.writePrintable("\(number): \(receipt) is already attached\n")
                case .left(let receipt, let source, let why):
                    Terminal.standardError.writePrintable("error: \(source): \(receipt) left: \(why)\n")
                    trouble = true
                case .unreadable(let source, let why):
                    Terminal.standardError.writePrintable("error: \(source): not read: \(why)\n")
                    trouble = true
                }
            }
        } catch {
            Terminal.standardError.writePrintable("error: \(error.message)\n")
            throw ExitCode(1)
        }
        if trouble { throw ExitCode(1) }
    }

    /// The messages of the IMAP mailbox (all, or since --since), each at most
    /// `SDIReceiver.maximumMessageBytes`, the newest `SDIReceiver.maximumMessages`.
    private func imapMessages(_ book: Book) throws(SDIError) -> [(source: String, bytes: [UInt8]?)] {
        guard let imap else { return [] }
        do {
            let login = user ?? book.settings.mail?.username
            var mailbox = try IMAPMailbox(url: imap, username: login, password: nil)
            mailbox.password = Credentials.password(host: mailbox.host, login: login, variable: "INVOIC_IMAP_PASSWORD")
            let criteria = since.map { "SINCE \(Self.imapDate($0))" } ?? "ALL"
            let uids = try mailbox.uids(matching: criteria).suffix(SDIReceiver.maximumMessages)
            return try uids.map { uid throws(MailError) in
                ("\(mailbox.url)/;UID=\(uid)", try mailbox.message(uid: uid, limit: SDIReceiver.maximumMessageBytes))
            }
        } catch {
            throw SDIError("\(imap): \(error.message)")
        }
    }

    /// IMAP's date (RFC 3501 date-text): 1-Nov-2026.
    static func imapDate(_ day: Day) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(day.day)-\(months[day.month - 1])-\(day.year)"
    }
}
