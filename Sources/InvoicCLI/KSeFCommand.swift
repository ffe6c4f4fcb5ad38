import ArgumentParser
import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicBuild
import InvoicEInvoice
import InvoicKSeF
import InvoicPeppol

/// `invoic ksef`: Poland's KSeF 2.0 API (docs/poland.md). invoic sends the FA(3) files `build`
/// writes, keeps what it sent and KSeF's receipts (UPO) in outbox/, writes each KSeF number as the
/// document's `ksef:`, and fetches the invoices where the business is the buyer.
struct KSeFCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ksef",
        abstract: "Send FA(3) invoices to Poland's KSeF, see what became of them, fetch the ones you received.",
        subcommands: [KSeFSendCommand.self, KSeFStatusCommand.self, KSeFReceiveCommand.self])
}

/// The book's KSeF connection: its environment's API, the seller's NIP, the token from the environment.
private func connection(_ book: Book) throws -> (KSeFAPI, nip: String) {
    guard let nip = [book.settings.business.taxID, book.settings.business.taxNumber].compactMap({ $0 }).lazy.compactMap(Identifiers.polishNIP).first else {
        Terminal.standardError.writePrintable("error: the business has no Polish NIP (`tax_id:` in invoic.yaml): KSeF knows a business by its NIP\n")
        throw ExitCode(1)
    }
    guard let token = ProcessInfo.processInfo.environment[KSeFEndpoint.tokenVariable], !token.isEmpty else {
        Terminal.standardError.writePrintable("error: no KSeF token: set \(KSeFEndpoint.tokenVariable) to the token KSeF generated for NIP \(nip) (in KSeF's web app, \"Tokeny\"); it is never written in the book\n")
        throw ExitCode(1)
    }
    let environment = book.settings.ksef?.environment?.value ?? .test
    return (KSeFAPI(baseURL: KSeFEndpoint.baseURL(for: environment), token: token, nip: nip), nip)
}

/// The FA(3) documents not yet in KSeF: invoices and credit notes written as FA(3), issued, not void, without `ksef:`.
private func pendingDocuments(_ book: Book, today: Day) -> [Document] {
    book.documents.filter { document in
        document.kind.isBilling && document.ksef == nil && document.void == nil && document.issued.value <= today
            && book.einvoiceFormats(for: document).contains(.fa3)
    }
}

struct KSeFSendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send the FA(3) invoices that have no KSeF number yet to KSeF, and write each number KSeF gives as `ksef:`.",
        discussion: """
            Authenticates with the KSeF token in \(KSeFEndpoint.tokenVariable) (never in the book), opens one \
            interactive session, sends each FA(3) file (the bytes `build` writes and KOD I hashes) encrypted \
            AES-256-CBC, closes the session, and keeps each invoice's UPO in outbox/<year>/<number>/ beside \
            ksef.yaml, the record written before the invoice leaves. An answer lost mid-way is settled by asking \
            KSeF on the next run, never by sending again. A correction is sent after the invoice it corrects has \
            its number. The environment is `ksef: {environment: test|demo|production}` (test by default). \
            --dry-run says what would be sent and calls nothing. Exit status: 0 when every one has its number, \
            1 otherwise.
            """)

    @Argument(help: ArgumentHelp("Invoice or credit note numbers; default: every FA(3) document without a KSeF number.", valueName: "number"))
    var numbers: [String] = []
    @OptionGroup var options: EditOptions

    func run() throws {
        var trouble = false
        // Two rounds: a correction's FA(3) names the corrected invoice's KSeF number, so it waits
        // until that invoice has one (tryby-offline.md: a correction follows its invoice).
        var waitingNumbers: Set<String> = []
        for round in 0..<2 {
            let checked = try bookWithoutErrors(options.directory, before: "sending to KSeF")
            let book = checked.book
            let pending = pendingDocuments(book, today: options.today)
            let pendingNumbers = Set(pending.map(\.number))
            var wanted: [Document]
            if round == 0 {
                for number in numbers where !pendingNumbers.contains(number) {
                    if let document = book.document(number) {
                        Terminal.standardOutput.writePrintable(document.ksef.map { "\(number) is in KSeF already: \($0.value)\n" } ?? "\(number) is not an FA(3) document waiting for KSeF\n")
                    } else {
                        Terminal.standardError.writePrintable("error: no invoice or credit note \(number) in this book\n")
                        trouble = true
                    }
                }
                wanted = pending.filter { numbers.isEmpty || numbers.contains($0.number) }
                let waiting = wanted.filter { $0.corrects.map { pendingNumbers.contains($0.value) } ?? false }
                for document in waiting where !wanted.contains(where: { $0.number == document.corrects?.value }) {
                    Terminal.standardError.writePrintable("error: \(document.number) corrects \(document.corrects?.value ?? ""), which has no KSeF number yet: send it first (`invoic ksef send \(document.corrects?.value ?? "") \(document.number)`)\n")
                    trouble = true
                }
                waitingNumbers = Set(waiting.filter { document in wanted.contains { $0.number == document.corrects?.value } }.map(\.number))
                wanted = wanted.filter { !waiting.map(\.number).contains($0.number) }
            } else {
                wanted = pending.filter { waitingNumbers.contains($0.number) }
                for document in wanted where document.corrects.map({ pendingNumbers.contains($0.value) }) ?? false {
                    Terminal.standardError.writePrintable("error: \(document.number): not sent, \(document.corrects?.value ?? "") has no KSeF number\n")
                    trouble = true
                }
                wanted = wanted.filter { !($0.corrects.map { pendingNumbers.contains($0.value) } ?? false) }
            }
            if wanted.isEmpty {
                if round == 0, numbers.isEmpty { Terminal.standardOutput.writePrintable("nothing to send: every FA(3) document has its KSeF number\n") }
                break
            }
            let items = wanted.compactMap { document -> KSeFSender.Item? in
                guard let xml = EInvoiceWriter.xml(document, in: book, format: .fa3) else { return nil }
                return KSeFSender.Item(document: document, file: Array(xml.utf8), offline: document.issued.value < options.today || document.sent != nil)
            }
            let (api, nip) = try connection(book)
            if options.dryRun {
                for item in items {
                    Terminal.standardOutput.writePrintable("would send \(item.document.number) (\(item.file.count) bytes, SHA-256 \(KSeFAPI.hash(item.file))\(item.offline ? ", offline" : "")) to \(api.baseURL) for NIP \(nip)\n")
                }
                for number in waitingNumbers.sorted() {
                    Terminal.standardOutput.writePrintable("would send \(number) once the invoice it corrects has its KSeF number\n")
                }
                break
            }
            let outcomes: [KSeFSender.Outcome]
            do {
                outcomes = try KSeFSender(root: options.directory, api: api, nip: nip).send(items)
            } catch {
                Terminal.standardError.writePrintable("error: \(error)\n")
                throw ExitCode(1)
            }
            for outcome in outcomes {
                switch outcome {
                case .accepted(let number, let ksef, let upo, let warning, let earlier):
                    Terminal.standardOutput.writePrintable("\(number): \(earlier ? "accepted earlier" : "accepted"), KSeF number \(ksef); UPO \(upo)\n")
                    if let warning { Terminal.standardError.writePrintable("warning: \(number): \(warning)\n") }
                    try recordKSeFNumber(number, ksef)
                case .pending(let number, let why):
                    Terminal.standardError.writePrintable("error: \(number): not confirmed by KSeF yet: \(why)\n")
                    trouble = true
                case .rejected(let number, let reason):
                    Terminal.standardError.writePrintable("error: \(number): rejected: \(reason)\n")
                    trouble = true
                }
            }
            if waitingNumbers.isEmpty { break }
        }
        if trouble { throw ExitCode(1) }
    }

    /// `ksef:` in the document's file, once KSeF gave the number (and its record holds the UPO).
    private func recordKSeFNumber(_ number: String, _ ksef: String) throws {
        var quiet = options
        quiet.dryRun = false
        _ = try performEdit(quiet, showingDiff: false) { result, editor throws(AuthoringError) in
            let current = try InvoicCLI.document(number, in: result.book)
            guard current.ksef == nil else { return [] }
            let file = try editor.read(current.file)
            let facts = try DocumentFacts(document: current, text: file.text)
            return [FileChange(path: current.file, before: file.bytes, after: try facts.ksef(number: ksef))]
        }
    }
}

struct KSeFStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show each FA(3) document's state in KSeF: pending, sent, accepted (with its KSeF number) or rejected (with the reason).",
        discussion: """
            Read from the book and outbox/<year>/<number>/ksef.yaml; KSeF is not asked (`invoic ksef send` \
            collects what it answered). Exit status: 0, or 1 when a document was rejected or a record cannot be read.
            """)

    @Argument(help: ArgumentHelp("Invoice or credit note numbers; default: every FA(3) document.", valueName: "number")) var numbers: [String] = []
    @OptionGroup var options: EditOptions

    func run() throws {
        let checked = try runPipeline(BookPipeline(root: options.directory, history: .skipped), upTo: .book)
        let book = checked.book
        var trouble = false
        let documents = book.documents.filter { document in
            document.kind.isBilling && book.einvoiceFormats(for: document).contains(.fa3) && (numbers.isEmpty || numbers.contains(document.number))
        }
        for number in numbers where !documents.contains(where: { $0.number == number }) {
            Terminal.standardError.writePrintable("error: no FA(3) invoice or credit note \(number) in this book\n")
            trouble = true
        }
        for document in documents {
            let record: KSeFRecord?
            do {
                record = try KSeFRecord.read(for: document, root: options.directory)
            } catch {
                Terminal.standardError.writePrintable("error: \(document.number): \(error.message)\n")
                trouble = true
                continue
            }
            let line: String
            switch (record?.current, document.ksef) {
            case (let attempt?, _) where attempt.state == .accepted:
                line = "accepted \(attempt.ksefNumber ?? document.ksef?.value ?? "")" + (attempt.upo.map { ", UPO \(BookLoader.join(Outbox.folder(for: document), $0))" } ?? "")
            case (_, let ksef?):
                line = "accepted \(ksef.value)"
            case (let attempt?, nil) where attempt.state == .rejected:
                line = "rejected: \(attempt.history.last?.detail ?? "no reason given")"
                trouble = true
            case (let attempt?, nil):
                line = "sent \(attempt.history.first?.at ?? "") (session \(attempt.session)), awaiting KSeF's answer: `invoic ksef send` collects it"
            case (nil, nil):
                line = document.void != nil ? "void, never sent" : "pending" + (document.issued.value < options.today ? " (offline: issued \(document.issued.value))" : "")
            }
            Terminal.standardOutput.writePrintable("\(document.number): \(line)\n")
        }
        if trouble { throw ExitCode(1) }
    }
}

struct KSeFReceiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receive",
        abstract: "Fetch the invoices KSeF holds where the business is the buyer into purchases/, each once.",
        discussion: """
            Asks KSeF for the invoices stored since --since (default: 90 days before today) where the book's NIP \
            is the buyer, fetches each one not yet under received/ksef/<KSeF number>/, checks its SHA-256 against \
            KSeF's list, and hands it to `invoic receive`'s pipeline. One the pipeline does not read is kept there \
            and handed to it again by the next run. Exit status: 0, or 1 when one was refused.
            """)

    @Option(help: ArgumentHelp("The first day (YYYY-MM-DD) of KSeF's storage dates to ask for.", valueName: "date")) var since: Day?
    @OptionGroup var options: EditOptions

    func run() throws {
        let checked = try runPipeline(BookPipeline(root: options.directory, history: .skipped), upTo: .book)
        let (api, _) = try connection(checked.book)
        let from = since ?? options.today.adding(days: -90)
        let outcomes: [KSeFReceiver.Outcome]
        do {
            outcomes = try KSeFReceiver(root: options.directory, api: api).receive(from: "\(from)T00:00:00Z", today: options.today)
        } catch {
            Terminal.standardError.writePrintable("error: \(error)\n")
            throw ExitCode(1)
        }
        if outcomes.isEmpty { Terminal.standardOutput.writePrintable("KSeF holds no invoice for this business as buyer since \(from)\n") }
        var refused = false
        for outcome in outcomes {
            switch outcome {
            case .received(let ksef, let record): Terminal.standardOutput.writePrintable("received \(ksef): \(record)\n")
            case .kept(let ksef, let file, let why): Terminal.standardOutput.writePrintable("fetched \(ksef) into \(file), not read into purchases/: \(why)\n")
            case .known(let ksef): Terminal.standardOutput.writePrintable("\(ksef) was fetched before\n")
            case .refused(let reason):
                Terminal.standardError.writePrintable("error: \(reason)\n")
                refused = true
            }
        }
        if refused { throw ExitCode(1) }
    }
}
