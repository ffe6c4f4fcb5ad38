import ArgumentParser
import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicBuild
import InvoicEInvoice
import InvoicFrance
import InvoicPeppol
import InvoicPlatform

/// `invoic pa`: a French approved platform (plateforme agréée) through the AFNOR XP Z12-013 API
/// (docs/france.md): invoices deposited as flows at its Flow Service, each once, with the record in
/// outbox/; its acknowledgements and the life-cycle statuses of the invoices sent; the invoices
/// received; and its Directory Service, where a buyer receives.
struct PlatformCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pa",
        abstract: "Send invoices through a French approved platform (AFNOR XP Z12-013 API), follow them, fetch what arrives, look a buyer up in the directory.",
        subcommands: [PlatformSendCommand.self, PlatformStatusCommand.self, PlatformReceiveCommand.self, PlatformLookupCommand.self])
}

/// The book's platform: its settings and the credentials of the environment.
private func platformAPI(_ book: Book) throws -> PlatformAPI {
    guard let settings = book.settings.platform else {
        Terminal.standardError.writePrintable("error: no platform: add `platform: {flow_url: https://.../flow-service, directory_url: https://.../directory-service}` to invoic.yaml (docs/france.md)\n")
        throw ExitCode(1)
    }
    do {
        return try PlatformAPI(settings: settings, credentials: try PlatformCredentials.resolve(settings))
    } catch {
        Terminal.standardError.writePrintable("error: \(error.message)\n")
        throw ExitCode(1)
    }
}

/// The syntax invoices go in: `platform: {syntax:}`, else the first of Factur-X, CII, UBL the book
/// writes for the document, else CII.
private func syntax(for document: Document, in book: Book) -> PlatformSettings.Syntax {
    if let chosen = book.settings.platform?.syntax?.value { return chosen }
    let formats = book.einvoiceFormats(for: document)
    return PlatformSettings.Syntax.allCases.first { formats.contains($0.format) } ?? .cii
}

/// The document's file, exactly as `build` (and `export`) writes it, as a flow to deposit.
private func flow(for document: Document, checked: BookPipeline.Checked) throws(PlatformError) -> Flow {
    let book = checked.book
    let chosen = syntax(for: document, in: book)
    let problems = book.einvoiceProblems(of: document, as: [chosen.format])
    guard problems.isEmpty else {
        throw PlatformError("not a valid \(chosen.rawValue) file: " + problems.map(\.message).joined(separator: "; ") + " (`invoic export --format \(chosen.rawValue) \(document.number)` shows where)")
    }
    let bytes: [UInt8]
    let annexSyntax: String
    switch chosen {
    case .facturX:
        guard checked.canRender(document), let renderer = checked.renderer else {
            throw PlatformError("the Factur-X PDF of \(document.number) cannot be made (`invoic export --format factur-x \(document.number)` says why)")
        }
        switch FacturXPDF.render(document, with: renderer, book: book, facturX: true) {
        case .success(let pdf): bytes = pdf
        case .failure(let failure): throw PlatformError(failure.diagnostics.map(\.message).joined(separator: "; "))
        }
        annexSyntax = "Factur-X"
    case .cii, .ubl:
        guard checked.canRender(document), let xml = EInvoiceWriter.xml(document, in: book, format: chosen.format) else {
            throw PlatformError("the \(chosen.rawValue) file of \(document.number) cannot be written (`invoic export --format \(chosen.rawValue) \(document.number)` says why)")
        }
        bytes = Array(xml.utf8)
        annexSyntax = chosen == .cii ? "CII" : "UBL"
    }
    // invoic writes EN 16931 with the French CIUS's rules (BR-FR): the annex's profile CIUS.
    return Flow(label: document.number, fileName: book.einvoiceFileName(for: document, format: chosen.format), syntax: annexSyntax,
                profile: "CIUS", processingRule: "B2B", bytes: bytes, folder: Outbox.folder(for: document))
}

private func describe(_ attempt: FlowRecord.Attempt) -> String {
    var text = attempt.state.rawValue
    if let detail = attempt.history.last?.detail { text += " (\(detail))" }
    if let id = attempt.flowID { text += ", flow id \(id)" }
    return text
}

struct PlatformSendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Deposit invoices and credit notes at the book's approved platform (`platform:` in invoic.yaml) as flows.",
        discussion: """
            The file is the Factur-X, CII or UBL `build` writes (`platform: {syntax:}`, else the first of these the \
            book writes), from a book without errors, posted to the Flow Service (POST /v1/flows) with its flowInfo: \
            syntax, profile CIUS, processing rule B2B, a tracking id and the SHA-256 the platform checks. Each deposit \
            is recorded in outbox/<year>/<number>/pa.yaml with the bytes before the platform is called, under the \
            book's lock; a deposit whose answer was lost is looked up by its tracking id, never deposited blindly \
            again. A refusal is kept with its reason. A document deposited already is refused unless --resend says \
            why. Without numbers: every invoice and credit note issued, not void, to a client with a `siren:`, not \
            deposited yet (one refused goes again). Credentials: $INVOIC_PA_TOKEN (a bearer token), or $INVOIC_PA_CLIENT_ID and \
            $INVOIC_PA_CLIENT_SECRET with `token_url:`; never in the book. Each document deposited records `sent:` and \
            `sent_via: pa`. Without numbers, then, the seller's own life-cycle statuses not yet sent (212 Encaissée, \
            `invoic cdar`) of the invoices deposited go as CDAR flows, each with its record \
            outbox/<year>/<number>/pa-<file>.yaml, and are kept under cdar/ once the platform took them. \
            --ereport PERIOD (with --platform and --platform-name, as `invoic ereport` takes them) deposits that \
            period's e-reporting files (Flux 10, syntax FRR) instead, each once, recorded in \
            outbox/ereport/<period>/pa-<file>.yaml. --dry-run says what would be sent and calls nothing. \
            Exit status: 0 when every flow was deposited, 1 otherwise.
            """)

    @Argument(help: ArgumentHelp("Invoice or credit note numbers; default: every one to a French business not yet deposited.", valueName: "number"))
    var numbers: [String] = []
    @Option(help: ArgumentHelp("Deposit again a document deposited already, and why (recorded with the attempt).", valueName: "reason"))
    var resend: String?
    @Option(help: ArgumentHelp("Deposit the e-reporting files (Flux 10) of this period instead: a decade (2026-09-D1), a month (2026-09) or two months (2026-B5).", valueName: "period"))
    var ereport: String?
    @Option(help: ArgumentHelp("With --ereport: the 4-character matricule of the platform, written in the files.", valueName: "matricule"))
    var platform: String?
    @Option(help: ArgumentHelp("With --ereport: the platform's name, written in the files.", valueName: "name"))
    var platformName: String?
    @Option(help: .hidden) var now: String?
    @OptionGroup var options: EditOptions

    func validate() throws {
        if let resend, resend.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--resend needs a reason, e.g. --resend \"the platform lost it\"") }
        if let ereport {
            if EReportingPeriod(ereport) == nil { throw ValidationError("`\(ereport)` is not an e-reporting period: \(EReportingPeriod.help)") }
            if !numbers.isEmpty { throw ValidationError("--ereport sends a period's e-reporting files, not invoices: give no numbers with it") }
            if platform == nil || platformName == nil { throw ValidationError("--ereport needs --platform MATRICULE and --platform-name NAME (they are written in the files)") }
        } else if platform != nil || platformName != nil {
            throw ValidationError("--platform and --platform-name go with --ereport PERIOD")
        }
    }

    func run() throws {
        let checked = try bookWithoutErrors(options.directory, before: "sending to the platform")
        let book = checked.book
        if let ereport, let period = EReportingPeriod(ereport) { return try sendReport(period, checked: checked) }
        var failed: [String] = []
        var documents: [Document] = []
        // The seller's own statuses about its e-invoices (to a French business, as below); the
        // payments of the others go in the e-reporting (`--ereport`).
        let statuses = !numbers.isEmpty ? [] : SellerStatuses.pending(book: book, root: options.directory).filter {
            SellerStatuses.isAboutEInvoice($0, in: book)
        }
        if numbers.isEmpty {
            documents = book.documents.filter { document in
                guard document.kind.isBilling, document.void == nil, document.issued.value <= options.today,
                      book.clients[document.client.value]?.contact.siren != nil else { return false }
                let path = BookLoader.join(Outbox.folder(for: document), FlowRecord.invoiceRecordName)
                guard let record = try? FlowRecord.read(path, root: options.directory), let current = record.current else { return true }
                return current.state == .recorded || current.state == .refused
            }
            if documents.isEmpty && statuses.isEmpty {
                Terminal.standardOutput.writePrintable("nothing to send: every invoice to a French business and every status of the seller is deposited\n")
            }
        } else {
            for number in numbers {
                guard let document = book.document(number), document.kind.isBilling else {
                    Terminal.standardError.writePrintable("error: \(book.document(number) == nil ? "no invoice or credit note \(number) in this book" : "\(number) is an estimate; only invoices and credit notes go to the platform")\n")
                    failed.append(number)
                    continue
                }
                documents.append(document)
            }
        }
        let api = (documents.isEmpty && statuses.isEmpty) || options.dryRun ? nil : try platformAPI(book)
        for document in documents {
            let number = document.number
            do {
                let flow = try flow(for: document, checked: checked)
                guard let api else {
                    Terminal.standardOutput.writePrintable("would send \(number) (\(flow.fileName), \(flow.syntax), \(flow.bytes.count) bytes, SHA-256 \(SHA256.hex(flow.bytes))) to \(book.settings.platform?.flowURL?.value ?? "the platform (no `platform:` yet)")\n")
                    continue
                }
                switch try FlowSender(root: options.directory, api: api).send(flow, resend: resend) {
                case .deposited(let attempt):
                    Terminal.standardOutput.writePrintable("sent \(number) (\(flow.syntax)): \(describe(attempt))\n")
                case .resolved(let attempt):
                    Terminal.standardOutput.writePrintable("\(number) was deposited by an interrupted send (nothing sent again): \(describe(attempt))\n")
                    if attempt.state == .refused || attempt.state == .rejected { failed.append(number) }
                }
                if book.document(number)?.sentVia == nil { try recordSent(number) }
            } catch let error as PlatformError {
                Terminal.standardError.writePrintable("error: \(number): \(error.message)\n")
                failed.append(number)
            }
        }
        // After the invoices: a status is about an invoice the platform has, so it goes after it.
        for status in statuses where !failed.contains(status.number) {
            guard let document = book.document(status.number) else { continue }
            do {
                if try !sendStatus(status, of: document, api: api) { continue }
            } catch let error as PlatformError {
                Terminal.standardError.writePrintable("error: \(status.id): \(error.message)\n")
                failed.append(status.id)
            }
        }
        if !failed.isEmpty {
            Terminal.standardError.writePrintable("error: not deposited: \(failed.joined(separator: ", "))\n")
            throw ExitCode(1)
        }
    }

    /// Deposits one of the seller's own statuses (a CDAR, `SellerStatuses`) about an invoice the
    /// platform took, through the same record-first path as the invoice (its own record beside the
    /// invoice's), then keeps it under the invoice's cdar/ (`LifeCycle.keep`), so it is no longer
    /// pending. A deposit taken whose keeping was cut off is kept by the next run, never sent again.
    /// False when it waits for its invoice.
    private func sendStatus(_ status: SellerStatuses.Pending, of document: Document, api: PlatformAPI?) throws -> Bool {
        let folder = Outbox.folder(for: document)
        let invoiceRecord = try FlowRecord.read(BookLoader.join(folder, FlowRecord.invoiceRecordName), root: options.directory)
        guard let state = invoiceRecord?.current?.state, state == .deposited || state == .accepted else {
            Terminal.standardOutput.writePrintable("not yet: status \(status.status.code) \(status.status.name) of \(status.number) waits until the platform has \(status.number)\n")
            return false
        }
        let flow = Flow(label: "\(status.number) status \(status.status.code) \(status.id)", fileName: status.fileName, syntax: "CDAR",
                        bytes: status.bytes, folder: folder, recordName: "pa-" + (status.fileName as NSString).deletingPathExtension + ".yaml")
        guard let api else {
            Terminal.standardOutput.writePrintable("would send status \(status.status.code) \(status.status.name) of \(status.number) (\(flow.fileName), CDAR, \(flow.bytes.count) bytes, SHA-256 \(SHA256.hex(flow.bytes)))\n")
            return true
        }
        let attempt: FlowRecord.Attempt
        if let current = try FlowRecord.read(flow.recordPath, root: options.directory)?.current,
           current.state == .deposited || current.state == .accepted, current.sha256 == SHA256.hex(flow.bytes) {
            attempt = current
        } else {
            switch try FlowSender(root: options.directory, api: api).send(flow, resend: nil) {
            case .deposited(let taken), .resolved(let taken): attempt = taken
            }
        }
        guard attempt.state == .deposited || attempt.state == .accepted else {
            throw PlatformError("the platform did not take it: \(describe(attempt))")
        }
        let lock: BookLock
        do { lock = try BookLock(root: options.directory) } catch { throw PlatformError("\(error)") }
        defer { withExtendedLifetime(lock) {} }
        do {
            let kept = try LifeCycle.keep(status.bytes, code: status.status.code, for: document, root: options.directory,
                                          temporaryDirectory: BookLock.folder(of: options.directory))
            Terminal.standardOutput.writePrintable("sent status \(status.status.code) \(status.status.name) of \(status.number) (CDAR): \(describe(attempt)); kept as \(kept.path)\n")
        } catch {
            throw PlatformError("deposited, but not kept: \(error.message) (\(error.help)); the next `invoic pa send` keeps it without sending it again")
        }
        return true
    }

    /// `--ereport PERIOD`: the period's Flux 10 files (`EReporting.files`, as `invoic ereport`
    /// writes them), each deposited once (syntax FRR) with its record in outbox/ereport/<period>/.
    private func sendReport(_ period: EReportingPeriod, checked: BookPipeline.Checked) throws {
        let time = try now.map { text -> Date in
            guard let parsed = ISO8601DateFormatter().date(from: text) else { throw ValidationError("--now takes an ISO 8601 time, e.g. 2026-10-01T08:00:00Z") }
            return parsed
        } ?? Date()
        let result = EReporting.files(book: checked.book, period: period, platform: .init(matricule: platform ?? "", name: platformName ?? ""), now: time)
        if !result.diagnostics.isEmpty {
            Reporter(format: .human, root: options.directory, sources: checked.sources, summarizing: false).report(result.diagnostics)
        }
        guard !result.diagnostics.hasErrors else { throw ExitCode(1) }
        let api = options.dryRun ? nil : try platformAPI(checked.book)
        let folder = "outbox/ereport/\(period)"
        var failed: [String] = []
        for file in result.files {
            let flow = Flow(label: "e-reporting \(file.name)", fileName: file.name, syntax: "FRR", bytes: file.bytes, folder: folder,
                            recordName: "pa-" + (file.name as NSString).deletingPathExtension + ".yaml")
            guard let api else {
                Terminal.standardOutput.writePrintable("would send \(file.name) (FRR, \(file.flowType), \(file.bytes.count) bytes, SHA-256 \(SHA256.hex(file.bytes)))\n")
                continue
            }
            do {
                switch try FlowSender(root: options.directory, api: api).send(flow, resend: resend) {
                case .deposited(let attempt):
                    Terminal.standardOutput.writePrintable("sent \(file.name) (FRR, \(file.flowType)): \(describe(attempt))\n")
                case .resolved(let attempt):
                    Terminal.standardOutput.writePrintable("\(file.name) was deposited by an interrupted send (nothing sent again): \(describe(attempt))\n")
                    if attempt.state == .refused || attempt.state == .rejected { failed.append(file.name) }
                }
            } catch {
                Terminal.standardError.writePrintable("error: \(file.name): \(error.message)\n")
                failed.append(file.name)
            }
        }
        if !failed.isEmpty {
            Terminal.standardError.writePrintable("error: not deposited: \(failed.joined(separator: ", "))\n")
            throw ExitCode(1)
        }
    }

    /// `sent:` and `sent_via: pa` in the document, once the platform took it.
    private func recordSent(_ number: String) throws {
        var quiet = options
        quiet.dryRun = false
        _ = try performEdit(quiet, showingDiff: false) { result, editor throws(AuthoringError) in
            let current = try InvoicCLI.document(number, in: result.book)
            guard current.sentVia == nil else { return [] }
            let file = try editor.read(current.file)
            let facts = try DocumentFacts(document: current, text: file.text, account: result.book.recordedAccount(for: current))
            return [FileChange(path: current.file, before: file.bytes, after: try facts.send(on: options.today, via: .pa))]
        }
    }
}

struct PlatformStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Ask the platform about the flows deposited, and fetch the life-cycle status messages (CDAR) of the invoices sent.",
        discussion: """
            For each deposit in outbox/ not yet acknowledged: a deposit without an answer is searched for by its \
            tracking id, a deposited one is read (GET /v1/flows/{flowId}): its acknowledgement Ok (accepted) or \
            Error (rejected, with the reasons) is appended to its record. Then the incoming CustomerInvoiceLC flows \
            (the statuses: déposée, reçue, approuvée, refusée, encaissée...) are each downloaded once and handed to \
            `invoic receive`'s pipeline; one it does not read is kept under received/pa/<flow id>/ and handed to \
            it again by the next run, never downloaded again. Exit status: 0, or 1 when a flow was refused or \
            rejected or the platform could not be asked.
            """)

    @Argument(help: ArgumentHelp("Invoice or credit note numbers; default: every one deposited and not yet acknowledged.", valueName: "number")) var numbers: [String] = []
    @OptionGroup var options: EditOptions

    func run() throws {
        let checked = try runPipeline(BookPipeline(root: options.directory, history: .skipped), upTo: .book)
        let book = checked.book
        let api = try platformAPI(book)
        var trouble = false
        let documents = numbers.isEmpty ? book.documents.filter(\.kind.isBilling) : numbers.compactMap { number in
            let document = book.document(number)
            if document == nil {
                Terminal.standardError.writePrintable("error: no document \(number) in this book\n")
                trouble = true
            }
            return document
        }
        let sender = FlowSender(root: options.directory, api: api)
        for document in documents {
            let path = BookLoader.join(Outbox.folder(for: document), FlowRecord.invoiceRecordName)
            do {
                guard let (attempt, changed) = try sender.refresh((document.number, path)) else {
                    if !numbers.isEmpty { Terminal.standardOutput.writePrintable("\(document.number): never deposited at the platform\n") }
                    continue
                }
                if !numbers.isEmpty || changed || attempt.state == .deposited || attempt.state == .recorded {
                    Terminal.standardOutput.writePrintable("\(document.number): \(describe(attempt))\(changed ? "" : " (unchanged)")\n")
                }
                if attempt.state == .rejected || attempt.state == .refused { trouble = true }
            } catch {
                Terminal.standardError.writePrintable("error: \(document.number): \(error.message)\n")
                trouble = true
            }
        }
        trouble = report(try receive(api, types: FlowReceiver.statusTypes), empty: "no new status message at the platform") || trouble
        if trouble { throw ExitCode(1) }
    }

    private func receive(_ api: PlatformAPI, types: [String]) throws -> [FlowReceiver.Outcome] {
        do {
            return try FlowReceiver(root: options.directory, api: api).receive(types: types, today: options.today)
        } catch {
            Terminal.standardError.writePrintable("error: \(error.message)\n")
            throw ExitCode(1)
        }
    }
}

/// Prints what a receiving run did; true when something was refused.
private func report(_ outcomes: [FlowReceiver.Outcome], empty: String) -> Bool {
    if outcomes.isEmpty { Terminal.standardOutput.writePrintable(empty + "\n") }
    var refused = false
    for outcome in outcomes {
        switch outcome {
        case .received(let id, let record): Terminal.standardOutput.writePrintable("received flow \(id): \(record)\n")
        case .kept(let id, let file, let why): Terminal.standardOutput.writePrintable("fetched flow \(id) into \(file), not read by `invoic receive`: \(why)\n")
        case .known(let id): Terminal.standardOutput.writePrintable("flow \(id) was fetched before\n")
        case .refused(let reason):
            Terminal.standardError.writePrintable("error: \(reason)\n")
            refused = true
        }
    }
    return refused
}

struct PlatformReceiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receive",
        abstract: "Fetch the invoices the platform received for the business (SupplierInvoice flows) into purchases/, each once.",
        discussion: """
            Searches the platform's incoming flows, downloads each one not yet under received/pa/<flow id>/ (the \
            original file, GET /v1/flows/{flowId}?docType=Original), checks its SHA-256 when the platform gives one, \
            and hands it to `invoic receive`'s pipeline. One the pipeline does not read is kept there and handed to \
            it again by the next run. Exit status: 0, or 1 when one was refused.
            """)

    @OptionGroup var options: EditOptions

    func run() throws {
        let checked = try runPipeline(BookPipeline(root: options.directory, history: .skipped), upTo: .book)
        let api = try platformAPI(checked.book)
        let outcomes: [FlowReceiver.Outcome]
        do {
            outcomes = try FlowReceiver(root: options.directory, api: api).receive(types: FlowReceiver.invoiceTypes, today: options.today)
        } catch {
            Terminal.standardError.writePrintable("error: \(error.message)\n")
            throw ExitCode(1)
        }
        if report(outcomes, empty: "no invoice waiting at the platform") { throw ExitCode(1) }
    }
}

struct PlatformLookupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lookup",
        abstract: "Ask the platform's Directory Service where a French business receives its invoices.",
        discussion: """
            SIREN (9 digits) or a client of the book (its `siren:`). Prints each directory line: the addressing \
            identifier (the electronic address, scheme 0225), the SIRET and routing code it is for, the platform's \
            type and status. --write sets the client's `electronic_address:` to the line for the whole company (the \
            only line, or the one without SIRET, routing code or suffix); an address the client has already is \
            replaced only with --replace, never silently.
            """)

    @Argument(help: ArgumentHelp("A SIREN, or a client's id.", valueName: "siren-or-client")) var target: String
    @Flag(help: "Write the address found as the client's `electronic_address:` (only where it has none).") var write = false
    @Flag(help: "With --write: replace an `electronic_address:` the client has already.") var replace = false
    @OptionGroup var options: EditOptions

    func run() throws {
        let checked = try runPipeline(BookPipeline(root: options.directory, history: .skipped), upTo: .book)
        let book = checked.book
        let digits = target.filter { !$0.isWhitespace }
        let client = book.clients[target]
        let siren: String
        if digits.count == 9, digits.allSatisfy(\.isNumber) && digits.allSatisfy(\.isASCII) {
            siren = digits
        } else if let client {
            guard let own = client.contact.siren?.filter({ $0.isASCII && $0.isNumber }), own.count == 9 else {
                Terminal.standardError.writePrintable("error: client \(target) has no `siren:`; add it to \(client.file) (the directory is searched by SIREN)\n")
                throw ExitCode(1)
            }
            siren = own
        } else {
            Terminal.standardError.writePrintable("error: `\(target)` is neither a SIREN (9 digits) nor a client of this book\n")
            throw ExitCode(2)
        }
        if write, client == nil {
            Terminal.standardError.writePrintable("error: --write needs a client (`invoic pa lookup CLIENT --write`): a SIREN alone names no file to write to\n")
            throw ExitCode(2)
        }
        let api = try platformAPI(book)
        let lines: [JSON]
        do { lines = try api.directoryLines(siren: siren) } catch {
            Terminal.standardError.writePrintable("error: \(error.message)\n")
            throw ExitCode(1)
        }
        guard !lines.isEmpty else {
            Terminal.standardOutput.writePrintable("SIREN \(siren) is not in the directory: it names no platform where it receives\n")
            throw ExitCode(1)
        }
        for line in lines {
            var parts = ["0225:" + api.clean(line["addressingIdentifier"].string ?? "?")]
            if let name = line["legalUnit"]["businessName"].string { parts.append(api.clean(name)) }
            if let siret = line["siret"].string { parts.append("SIRET " + api.clean(siret)) }
            if let routing = line["routingCode"]["routingIdentifier"].string { parts.append("routing code " + api.clean(routing)) }
            if let suffix = line["addressingSuffix"].string { parts.append("suffix " + api.clean(suffix)) }
            let platform = line["platform"]
            if let type = platform["platformType"].string {
                parts.append("platform " + api.clean(type) + (platform["platformStatus"].string.map { " (\(api.clean($0)))" } ?? ""))
            }
            Terminal.standardOutput.writePrintable(parts.joined(separator: ", ") + "\n")
        }
        guard write, let client else { return }
        let whole = lines.filter { $0["siret"].isNull && $0["routingCode"].isNull && $0["addressingSuffix"].isNull }
        guard let line = lines.count == 1 ? lines.first : whole.count == 1 ? whole.first : nil,
              let identifier = line["addressingIdentifier"].string, ProviderID.problem(identifier) == nil else {
            Terminal.standardError.writePrintable("error: the directory has no single line for the whole company; write the one you want as `electronic_address:` in \(client.file)\n")
            throw ExitCode(1)
        }
        let address = "0225:" + identifier
        if let existing = client.contact.electronicAddress {
            if existing == address {
                Terminal.standardOutput.writePrintable("\(client.file) has this electronic_address already\n")
                return
            }
            guard replace else {
                Terminal.standardError.writePrintable("error: \(client.file) has electronic_address \(existing), the directory says \(address); nothing written (--replace replaces it)\n")
                throw ExitCode(1)
            }
        }
        _ = try performEdit(options) { _, editor throws(AuthoringError) in
            let file = try editor.read(client.file)
            let after = try TopLevelKeys(text: file.text, path: client.file).setting("electronic_address", to: YAMLText.quoted(address))
            return [FileChange(path: client.file, before: file.bytes, after: after)]
        }
        if !options.dryRun { Terminal.standardOutput.writePrintable("wrote electronic_address: \(address) in \(client.file)\n") }
    }
}
