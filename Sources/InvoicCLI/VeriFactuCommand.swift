import ArgumentParser
import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicBuild
import InvoicPDF
import InvoicPeppol
import InvoicVeriFactu

struct VeriFactuCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verifactu",
        abstract: "Spain: the VeriFactu registration records of the invoices issued, and their sending to the AEAT (a book with `verifactu:`; docs/spain.md).",
        subcommands: [VeriFactuRecordCommand.self, VeriFactuSendCommand.self])
}

struct VeriFactuRecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Write the missing records: a RegistroAlta for each invoice and credit note sent, a RegistroAnulacion for each voided (send and void write them; this catches up).",
        discussion: """
            Each record is a new file in verifactu/records/, chained after the last one by its huella (SHA-256); \
            none is ever rewritten. A book with errors, or whose chain is broken, gets no record. \
            FechaHoraHusoGenRegistro is the time now with its offset (--now and TZ set it). Commit the records with the invoices.
            """)

    @OptionGroup var options: EditOptions
    @Option(help: .hidden) var now: String?

    func run() throws {
        let checked = try bookWithoutErrors(options.directory, before: "writing VeriFactu records")
        guard checked.book.settings.verifactu != nil else {
            Terminal.standardError.write("error: the book has no `verifactu:` in invoic.yaml (docs/spain.md says what to write)\n")
            throw ExitCode(1)
        }
        let date = try now.map { text -> Date in
            guard let parsed = ISO8601DateFormatter().date(from: text) else { throw ValidationError("--now takes an ISO 8601 time, e.g. 2026-03-02T10:30:00Z") }
            return parsed
        } ?? Date()
        if options.dryRun {
            for (kind, document) in VeriFactuRegister.read(root: options.directory).pending(in: checked.book) {
                Terminal.standardOutput.writePrintable("would write the \(kind.rawValue) record of \(document.number)\n")
            }
            return
        }
        let lock = try BookLock(root: options.directory)
        defer { withExtendedLifetime(lock) {} }
        do {
            let written = try VeriFactuRegister.record(book: checked.book, root: options.directory, version: invoicVersion, now: date, timeZone: .current)
            for file in written { Terminal.standardOutput.writePrintable("wrote \(file)\n") }
            if written.isEmpty { Terminal.standardOutput.write("every issued document has its record\n") }
        } catch let error as VeriFactuRegister.RecordError {
            Terminal.standardError.writePrintable("error: \(error.description)\n")
            throw ExitCode(1)
        }
    }
}

struct VeriFactuSendCommand: ParsableCommand {
    static let passwordVariable = "INVOIC_VERIFACTU_PASSWORD"

    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send the records the AEAT has not answered yet to its VERI*FACTU web service, and keep each answer beside its record.",
        discussion: """
            Posts the records of verifactu/records/ without an answer, in the order of the chain, up to 1,000 per SOAP message \
            (SistemaFacturacion.wsdl), authenticated with the PKCS#12 certificate `certificate:` under `verifactu:` names; \
            its password comes from the environment variable \(passwordVariable), never from the book. `environment: test` \
            sends to the AEAT's pre-production service (prewww1.aeat.es). Each answer (EstadoRegistro, CSV, the error code \
            and text) is written to verifactu/records/<record>.aeat.yaml: commit it. A record is marked `sending` before it \
            is posted: after a crash or a lost answer, run send again; the AEAT answers a record it already has as a \
            duplicate, which is taken as its acceptance. The next message waits for the AEAT's TiempoEsperaEnvio. \
            Exit status 1 when a record was rejected or the message did not go through.
            """)

    @OptionGroup var options: EditOptions
    @Option(help: .hidden) var now: String?
    /// A test's fake service, instead of the AEAT's.
    @Option(help: .hidden) var url: String?
    /// The CA that verifies a test's fake service.
    @Option(help: .hidden) var caFile: String?

    func run() throws {
        let checked = try bookWithoutErrors(options.directory, before: "sending VeriFactu records")
        guard let settings = checked.book.settings.verifactu else {
            Terminal.standardError.write("error: the book has no `verifactu:` in invoic.yaml (docs/spain.md says what to write)\n")
            throw ExitCode(1)
        }
        let date = try now.map { text -> Date in
            guard let parsed = ISO8601DateFormatter().date(from: text) else { throw ValidationError("--now takes an ISO 8601 time, e.g. 2026-03-02T10:30:00Z") }
            return parsed
        } ?? Date()
        guard let certificate = settings.certificate else {
            Terminal.standardError.write("error: `verifactu:` names no `certificate:`: write the path of the PKCS#12 file (.p12) of your qualified certificate, kept outside the book (docs/spain.md)\n")
            throw ExitCode(1)
        }
        let path = NSString(string: certificate.value).expandingTildeInPath
        let file = path.hasPrefix("/") ? path : BookLoader.join(options.directory, path)
        guard FileManager.default.isReadableFile(atPath: file) else {
            Terminal.standardError.writePrintable("error: invoic.yaml:\(certificate.range.start.line): the certificate \(file) cannot be read\n")
            throw ExitCode(1)
        }
        guard let password = ProcessInfo.processInfo.environment[Self.passwordVariable] else {
            Terminal.standardError.write("error: set \(Self.passwordVariable) to the password of the certificate (it is never written in the book)\n")
            throw ExitCode(1)
        }
        var client = HTTPClient()
        client.clientCertificate = .init(path: file, password: password)
        client.caFile = caFile
        let sender = VeriFactuSender(root: options.directory, book: checked.book, url: url, client: client)
        if options.dryRun {
            let known = (try? sender.submissions()) ?? [:]
            for entry in VeriFactuRegister.read(root: options.directory).entries where known[String(entry.file.split(separator: "/").last!)]?.state.isPending ?? true {
                Terminal.standardOutput.writePrintable("would send \(entry.file) to \(sender.url)\n")
            }
            return
        }
        let lock = try BookLock(root: options.directory)
        defer { withExtendedLifetime(lock) {} }
        let outcomes: [VeriFactuSender.Outcome]
        do {
            outcomes = try sender.send(now: date)
        } catch let error as VeriFactuSender.SendError {
            Self.report(error.outcomes)
            Terminal.standardError.writePrintable("error: \(error.description)\n")
            throw ExitCode(1)
        }
        if outcomes.isEmpty { Terminal.standardOutput.write("every record has the AEAT's answer\n") }
        Self.report(outcomes)
        if outcomes.contains(where: { !$0.submission.state.isAccepted }) { throw ExitCode(1) }
    }

    /// One line per record: its state, and the AEAT's CSV or error (its text is the server's:
    /// printed escaped).
    static func report(_ outcomes: [VeriFactuSender.Outcome]) {
        for outcome in outcomes {
            let submission = outcome.submission
            let detail = submission.history.last?.detail.map { " (\($0))" } ?? ""
            let csv = submission.csv.map { ", CSV \($0)" } ?? ""
            let line = "\(outcome.number) \(outcome.kind.rawValue): \(submission.state.rawValue)\(csv)\(detail)\n"
            if submission.state.isAccepted && submission.state != .aceptadoConErrores { Terminal.standardOutput.writePrintable(line) }
            else { Terminal.standardError.writePrintable((submission.state == .aceptadoConErrores ? "warning: " : "error: ") + line) }
        }
    }
}

/// Spain: a command that issued or voided a document (`send`, `void`, `mail`, `peppol send`)
/// writes its VeriFactu record at once (RD 1007/2023: the record is generated as the
/// invoice is issued), and with it any other record the book lacks, chained after the last. A
/// book without `verifactu:` pays only for reading invoic.yaml. The document's own change is
/// written already: a failure here is reported, exits 1, and `invoic check` keeps erring
/// (`verifactu-not-recorded`) until `invoic verifactu record` writes it.
func recordVeriFactu(_ options: EditOptions, now: Date = Date()) throws {
    guard !options.dryRun else { return }
    let settingsFile = BookLoader.join(options.directory, BookSettings.fileName)
    // Cheap first look: only a book whose invoic.yaml names verifactu is checked again.
    guard let text = FileManager.default.contents(atPath: settingsFile), String(decoding: text, as: UTF8.self).contains("verifactu") else { return }
    let lock = try BookLock(root: options.directory)
    defer { withExtendedLifetime(lock) {} }
    let checked = try runPipeline(BookPipeline(root: options.directory, history: .skipped))
    guard checked.book.settings.verifactu != nil else { return }
    guard !checked.hasErrors else {
        Terminal.standardError.write("error: the book has errors: no VeriFactu record was written; fix them and run `invoic verifactu record`\n")
        throw ExitCode(1)
    }
    do {
        let written = try VeriFactuRegister.record(book: checked.book, root: options.directory, version: invoicVersion, now: now, timeZone: .current)
        for file in written { Terminal.standardError.writePrintable("wrote \(BookLoader.join(options.directory, file))\n") }
    } catch let error as VeriFactuRegister.RecordError {
        Terminal.standardError.writePrintable("error: no VeriFactu record was written: \(error.description)\n")
        throw ExitCode(1)
    }
}
