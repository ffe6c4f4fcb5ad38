import ArgumentParser
import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicBuild
import InvoicDiagnostics
import InvoicEInvoice
import InvoicPeppol

/// `invoic peppol`: invoices over the Peppol network through an access point provider's API
/// (docs/peppol.md). invoic is not an access point; it hands the Peppol BIS file `export` writes
/// to one, and keeps what it sent and what became of it in outbox/.
struct PeppolCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peppol",
        abstract: "Send invoices over Peppol through an access point provider, follow their delivery, fetch what arrives, look up a participant.",
        subcommands: [PeppolSendCommand.self, PeppolStatusCommand.self, PeppolReceiveCommand.self, PeppolLookupCommand.self])
}

struct PeppolSendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send invoices and credit notes as Peppol BIS files through the book's access point provider (`peppol:` in invoic.yaml).",
        discussion: """
            The file is what `invoic export --format peppol` writes, from a book without errors, to the client's \
            electronic_address. Each attempt is recorded in outbox/<year>/<number>/ before the provider is called, \
            with the bytes sent; an attempt whose answer was lost is resolved by asking the provider, never by \
            sending again. A document already handed over is refused unless --resend says why. The API key comes \
            from the variable `token_env` names (default INVOIC_PEPPOL_TOKEN) or ~/.netrc. Each document handed \
            over records `sent:` and `sent_via: peppol`. --dry-run prints what would be sent and calls nothing.
            Exit status: 0 when every document was handed over, 1 when one was not.
            """)

    @Argument(help: ArgumentHelp("Invoice or credit note numbers, e.g. INV-0007.", valueName: "number")) var numbers: [String]
    @Option(help: ArgumentHelp("Send again a document already handed over, and why (recorded with the attempt).", valueName: "reason"))
    var resend: String?
    @OptionGroup var options: EditOptions

    func validate() throws {
        if numbers.isEmpty { throw ValidationError("name at least one invoice or credit note, e.g. `invoic peppol send INV-0007`") }
        if let resend, resend.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--resend needs a reason, e.g. --resend \"the client's access point was down\"") }
    }

    func run() throws {
        let checked = try bookWithoutErrors(options.directory, before: "sending over Peppol")
        let book = checked.book
        var failed: [String] = []
        for number in numbers {
            do {
                let (document, submission, settings) = try Self.prepare(number, checked: checked)
                if options.dryRun {
                    Terminal.standardOutput.writePrintable("would send \(number) (\(submission.fileName), \(submission.bytes.count) bytes, SHA-256 \(SHA256.hex(submission.bytes))) from \(submission.sender) to \(submission.receiver) through \(settings.provider.rawValue) at \(settings.url)\n")
                    continue
                }
                let outcome = try PeppolSender(root: options.directory, settings: settings).send(document, submission, resend: resend)
                let attempt: OutboxRecord.Attempt
                switch outcome {
                case .sent(let sent):
                    attempt = sent
                    Terminal.standardOutput.writePrintable("sent \(number) to \(submission.receiver) through \(settings.provider.rawValue): \(Self.describe(sent))\n")
                case .resolved(let resolved):
                    attempt = resolved
                    Terminal.standardOutput.writePrintable("\(number) was already handed to \(settings.provider.rawValue) by an interrupted send (nothing sent again): \(Self.describe(resolved))\n")
                }
                if attempt.state == .failed || attempt.state == .refused {
                    failed.append(number)
                } else if book.document(number)?.sentVia == nil {
                    try recordSentOverPeppol(number, options)
                }
            } catch let error as PeppolError {
                Terminal.standardError.writePrintable("error: \(number): \(error.message)\n")
                failed.append(number)
            }
        }
        _ = book
        if !failed.isEmpty {
            Terminal.standardError.writePrintable("error: not handed over: \(failed.joined(separator: ", "))\n")
            throw ExitCode(1)
        }
    }

    static func describe(_ attempt: OutboxRecord.Attempt) -> String {
        var text = attempt.state.rawValue
        if let detail = attempt.history.last?.detail { text += " (\(detail))" }
        if let id = attempt.providerID { text += ", provider id \(id)" }
        return text
    }

    /// The document, its Peppol BIS bytes exactly as `export --format peppol` writes them, and the
    /// provider settings for its client; a refusal says what to fix.
    static func prepare(_ number: String, checked: BookPipeline.Checked) throws(PeppolError) -> (Document, Submission, ProviderSettings) {
        let book = checked.book
        if book.document(number) == nil, let close = closestMatch(to: number, in: book.documents.filter(\.kind.isBilling).map(\.number)) {
            throw PeppolError("no invoice or credit note \(number) in this book; did you mean \(close)?")
        }
        return try Submission.make(number, in: book, canRender: checked.canRender)
    }
}

struct PeppolStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Ask the provider what became of sent documents and append what changed to their outbox records.",
        discussion: """
            Without numbers: every document in outbox/ whose last transmission is not delivered. Prints each \
            document's state (recorded, created, requested, transit, delivered, failed, refused) with the provider's reason. \
            Exit status: 0, or 1 when a transmission failed or a provider could not be asked.
            """)

    @Argument(help: ArgumentHelp("Invoice or credit note numbers; default: every one not yet delivered.", valueName: "number")) var numbers: [String] = []
    @OptionGroup var options: EditOptions

    func run() throws {
        let checked = try runPipeline(BookPipeline(root: options.directory, history: .skipped), upTo: .book)
        let book = checked.book
        let states = PeppolChecks.states(root: options.directory)
        let wanted = numbers.isEmpty ? states.filter { $0.value.state != .delivered }.keys.sorted() : numbers
        // A record invoic cannot read is a document that may be in transit, never a delivered one.
        let unreadable = PeppolChecks.unreadable(root: options.directory)
        var trouble = false
        for (path, error) in unreadable where numbers.isEmpty {
            Terminal.standardError.writePrintable("error: \(path) cannot be read, so its invoice may be in transit: \(error.message)\n")
            trouble = true
        }
        if wanted.isEmpty, unreadable.isEmpty { Terminal.standardOutput.writePrintable("nothing in transit: every document in outbox/ is delivered\n") }
        for number in wanted {
            guard let document = book.document(number) else {
                Terminal.standardError.writePrintable("error: no document \(number) in this book\n")
                trouble = true
                continue
            }
            let path = BookLoader.join(Outbox.folder(for: document), Outbox.recordName)
            if let (_, error) = unreadable.first(where: { $0.path == path }) {
                Terminal.standardError.writePrintable("error: \(number): \(path) cannot be read, so it may be in transit: \(error.message)\n")
                trouble = true
                continue
            }
            guard let recorded = states[number] else {
                Terminal.standardOutput.writePrintable("\(number): never sent over Peppol\n")
                continue
            }
            do {
                let client = book.clients[document.client.value]
                var peppol = (book.settings.peppol ?? PeppolSettings()).overridden(by: client?.peppol)
                // Ask the provider the attempt went to, whatever the settings say now.
                peppol.provider = PeppolSettings.Provider(rawValue: recorded.provider).map { Located($0, at: SourceRange(line: 1, column: 1)) } ?? peppol.provider
                peppol.url = Located(recorded.url, at: SourceRange(line: 1, column: 1))
                let settings = try ProviderSettings.resolve(peppol)
                let result = try PeppolSender(root: options.directory, settings: settings).refreshStatus(of: document)
                guard let (attempt, changed) = result else { continue }
                Terminal.standardOutput.writePrintable("\(number): \(PeppolSendCommand.describe(attempt))\(changed ? "" : " (unchanged)")\n")
                if attempt.state == .failed || attempt.state == .refused { trouble = true }
                // A send stopped before it could note the invoice as sent is noted now.
                if attempt.state.isConfirmed, attempt.state != .failed, document.sentVia == nil { try recordSentOverPeppol(number, options) }
            } catch {
                Terminal.standardError.writePrintable("error: \(number): \(error)\n")
                trouble = true
            }
        }
        if trouble { throw ExitCode(1) }
    }
}

struct PeppolReceiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receive",
        abstract: "Fetch the documents waiting in the provider's Peppol inbox into the book, each once, and acknowledge them.",
        discussion: """
            Each document is kept under received/peppol/<provider id>/ (the file and a record of the provider's id) \
            before the provider is told it was taken, so an interrupted run loses nothing and takes nothing twice.
            """)

    @OptionGroup var options: EditOptions

    func run() throws {
        let checked = try runPipeline(BookPipeline(root: options.directory, history: .skipped), upTo: .book)
        do {
            let settings = try ProviderSettings.resolve(checked.book.settings.peppol)
            let outcomes = try PeppolReceiver(root: options.directory, settings: settings).receive()
            if outcomes.isEmpty { Terminal.standardOutput.writePrintable("the inbox at \(settings.provider.rawValue) is empty\n") }
            var refused = false
            for outcome in outcomes {
                switch outcome {
                case .taken(let id, let path): Terminal.standardOutput.writePrintable("received \(id): \(path)\n")
                case .acknowledged(let id): Terminal.standardOutput.writePrintable("\(id) was already in the book; acknowledged now\n")
                case .known(let id): Terminal.standardOutput.writePrintable("\(id) is already in the book\n")
                case .refused(let reason):
                    Terminal.standardError.writePrintable("error: \(reason)\n")
                    refused = true
                }
            }
            if refused { throw ExitCode(1) }
        } catch let error as PeppolError {
            Terminal.standardError.writePrintable("error: \(error)\n")
            throw ExitCode(1)
        }
    }
}

struct PeppolLookupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lookup",
        abstract: "Ask the Peppol network whether a participant can receive invoices and credit notes, without any provider.",
        discussion: """
            The SML's DNS name of the participant (base32 of the SHA-256 of the lower-cased scheme:id), its NAPTR \
            record Meta:SMP, then the SMP's ServiceGroup and the ServiceMetadata of the Peppol BIS invoice and credit \
            note. Exit status: 0 when it receives Peppol BIS invoices, 1 when it does not (or the network could not \
            be asked), 2 for a usage error.
            """)

    @Argument(help: ArgumentHelp("The participant, scheme:id, e.g. 0208:0477472701.", valueName: "participant")) var participant: String
    @Flag(help: "Ask the Peppol test network's SML (acc.edelivery.tech.ec.europa.eu).") var test = false
    @Option(help: ArgumentHelp("Another SML zone, e.g. for a migration of the SML.", valueName: "zone")) var sml: String?
    @Option(help: ArgumentHelp("The name server to ask instead of the system's, IPv4[:port].", valueName: "address")) var nameserver: String?

    func validate() throws {
        if let problem = Identifiers.electronicAddressProblem(participant) { throw ValidationError("\(participant): \(problem)") }
    }

    func run() throws {
        guard let id = Participant(participant) else { throw ValidationError("write the participant as scheme:id, e.g. 0208:0477472701") }
        let zone = sml ?? (test ? PeppolLookup.testZone : PeppolLookup.productionZone)
        let lookup = PeppolLookup(zone: zone, nameserver: nameserver ?? ProcessInfo.processInfo.environment["INVOIC_PEPPOL_NAMESERVER"])
        Terminal.standardOutput.writePrintable("\(id): \(PeppolLookup.hostName(of: id, zone: zone))\n")
        do {
            let answer = try lookup.lookUp(id)
            var lines = ["SMP: \(answer.smp)"]
            for (name, capability) in [("invoice", answer.invoice), ("credit note", answer.creditNote)] {
                if let capability {
                    lines.append("\(name): yes (Peppol BIS Billing 3.0; process \(capability.processes.joined(separator: ", "))"
                        + (capability.transportProfile.map { "; \($0)" } ?? "") + (capability.endpoint.map { " at \($0)" } ?? "") + ")")
                } else {
                    lines.append("\(name): no")
                }
            }
            lines.append("document types: \(answer.documentTypes.count)")
            lines += answer.documentTypes.map { "  \($0)" }
            Terminal.standardOutput.writePrintable(lines.joined(separator: "\n") + "\n")
            if answer.invoice == nil {
                Terminal.standardError.writePrintable("error: \(id) does not receive Peppol BIS invoices\n")
                throw ExitCode(1)
            }
        } catch let error as PeppolError {
            Terminal.standardError.writePrintable("error: \(error.message)\n")
            throw ExitCode(1)
        }
    }
}

/// `sent:` (when missing) and `sent_via: peppol` in the document's file, once the provider has it.
func recordSentOverPeppol(_ number: String, _ options: EditOptions) throws {
    var quiet = options
    quiet.dryRun = false
    _ = try performEdit(quiet) { result, editor throws(AuthoringError) in
        let current = try InvoicCLI.document(number, in: result.book)
        guard current.sentVia == nil else { return [] }
        let file = try editor.read(current.file)
        let facts = try DocumentFacts(document: current, text: file.text, account: result.book.recordedAccount(for: current))
        return [FileChange(path: current.file, before: file.bytes, after: try facts.send(on: options.today, via: .peppol))]
    }
    try recordVeriFactu(quiet)
}
