import Foundation
import ArgumentParser
import InvoicBook
import InvoicDiagnostics
import InvoicBuild
import InvoicEInvoice
import InvoicFrance
import InvoicPeppol
import InvoicPlatform
import InvoicSDI
import InvoicVeriFactu

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every file of a book and report what is wrong, with file, line and column.",
        discussion: "Exit status: 0 when there are no errors (warnings allowed), 1 when there are, 2 for a usage error or a missing book."
    )

    @OptionGroup var book: BookOptions

    @Option(name: .customLong("diagnostics-format"), help: "human, gnu (file:line:col: error: message [code]) or json.")
    var format: DiagnosticFormat = .human

    @OptionGroup var historyOptions: HistoryOptions

    @Flag(help: "Check what is staged in git (what the next commit records) instead of the working tree, as the pre-commit hook does.")
    var staged = false

    @Flag(help: "Also ask the Peppol network whether each client with an electronic_address can receive Peppol invoices (a book with `peppol:`).")
    var online = false

    @Option(help: .hidden) var nameserver: String?

    func run() throws {
        var checked = try runPipeline(BookPipeline(root: book.directory, history: historyOptions.policy, staged: staged))
        checked.diagnostics = (checked.diagnostics + RecurringInvoicesAreWritten.diagnostics(checked.book, today: book.resolvedToday)
            + KSeFInvoicesAreSent.diagnostics(checked.book, today: book.resolvedToday)
            + [KSeF.offlineCertificate(of: checked.book)].compactMap { if case .failure(let failure) = $0 { failure.diagnostic } else { nil } }).sorted()
        // The outbox is the book's record of Peppol transmissions: one that failed is a warning.
        if !staged {
            let outbox = PeppolChecks.diagnostics(root: book.directory, today: book.resolvedToday)
            checked.diagnostics = (checked.diagnostics + outbox.diagnostics).sorted()
            checked.sources.merge(outbox.sources) { current, _ in current }
            // Italy: a file the SdI rejected is an error on its invoice (docs/italy.md).
            let sdi = SDIChecks.diagnostics(book: checked.book, root: book.directory, today: book.resolvedToday)
            checked.diagnostics = (checked.diagnostics + sdi.diagnostics).sorted()
            checked.sources.merge(sdi.sources) { current, _ in current }
            // France: the latest life-cycle status (CDAR) of each sent document (docs/france.md).
            let lifeCycle = LifeCycleChecks.diagnostics(book: checked.book, root: book.directory)
            checked.diagnostics = (checked.diagnostics + lifeCycle.diagnostics + LifeCycleChecks.unsentStatuses(book: checked.book, root: book.directory)).sorted()
            // France: a deposit at the platform refused, rejected or unanswered (docs/france.md).
            let platform = PlatformChecks.diagnostics(book: checked.book, root: book.directory, today: book.resolvedToday)
            checked.diagnostics = (checked.diagnostics + platform.diagnostics).sorted()
            checked.sources.merge(platform.sources) { current, _ in current }
            // Spain: the VeriFactu chain must hold, and every issued invoice have its record.
            let verifactu = VeriFactuChecks.diagnostics(book: checked.book, root: book.directory)
            checked.diagnostics = (checked.diagnostics + verifactu.diagnostics).sorted()
            checked.sources.merge(verifactu.sources) { current, _ in current }
        }
        if online {
            let lookup = PeppolLookup(nameserver: nameserver ?? ProcessInfo.processInfo.environment["INVOIC_PEPPOL_NAMESERVER"])
            checked.diagnostics = (checked.diagnostics + PeppolChecks.onlineDiagnostics(book: checked.book, sources: checked.sources, lookup: lookup)).sorted()
        }
        // A clean book ends with the one line below, which counts the warnings too.
        Reporter(format: format, root: book.directory, sources: checked.sources, summarizing: checked.hasErrors).report(checked.diagnostics)
        if checked.hasErrors { throw ExitCode(1) }
        if format == .human { Terminal.standardError.write(Self.summary(checked.book, warnings: checked.diagnostics.warningCount) + "\n") }
    }

    /// The one line a clean check ends with, as a compiler's: what it read and what it found.
    /// "checked 31 documents (24 invoices, 5 estimates, 2 credit notes), 8 clients: no errors, 1 warning"
    static func summary(_ book: Book, warnings: Int) -> String {
        let kinds = DocumentKind.allCases.compactMap { kind -> String? in
            let count = book.documents.count { $0.kind == kind }
            return count > 0 ? plural(count, kind.name) : nil
        }
        var read = plural(book.documents.count, "document")
        if kinds.count > 1 { read += " (\(kinds.joined(separator: ", ")))" }
        read += ", \(plural(book.clients.count, "client"))"
        if !book.recurring.isEmpty { read += ", \(plural(book.recurring.count, "recurring schedule"))" }
        return "checked \(read): no errors, \(warnings == 0 ? "no warnings" : plural(warnings, "warning"))"
    }
}

/// When check, build and pdf judge the book against its git history.
struct HistoryOptions: ParsableArguments {
    @Flag(help: "Judge the book against its git history even when it does not keep one: issued invoices unchanged and kept, numbers never reused (by default only a book with `history: true` or its own git repository is judged).")
    var history = false

    @Flag(help: "Do not judge the book against its git history.")
    var noHistory = false

    func validate() throws {
        if history && noHistory { throw ValidationError("--history and --no-history contradict each other: pass one") }
    }

    var policy: BookPipeline.History { history ? .required : noHistory ? .skipped : .whenKept }
}

/// The checked book (its template and fonts resolved) for a command that sends something out:
/// nothing leaves a book with errors, which are printed, exit status 1.
func bookWithoutErrors(_ directory: String, before doing: String) throws -> BookPipeline.Checked {
    let checked = try runPipeline(BookPipeline(root: directory, history: .skipped))
    if checked.hasErrors {
        Reporter(format: .human, root: directory, sources: checked.sources).report(checked.diagnostics)
        Terminal.standardError.write("error: the book has errors; fix them before \(doing) (`invoic check`)\n")
        throw ExitCode(1)
    }
    return checked
}

/// Runs the pipeline's checking steps, turning a missing book into exit status 2.
func runPipeline(_ pipeline: BookPipeline, upTo last: BookPipeline.Step = .assets) throws -> BookPipeline.Checked {
    try runPipeline { () throws(PipelineError) in try pipeline.check(upTo: last) }
}

/// Runs one of the pipeline's checks; a book that cannot be read at all is exit status 2.
func runPipeline(_ check: () throws(PipelineError) -> BookPipeline.Checked) throws -> BookPipeline.Checked {
    do {
        return try check()
    } catch {
        Terminal.standardError.write("error: \(error)\n")
        throw ExitCode(2)
    }
}

extension DiagnosticFormat: ExpressibleByArgument {}

/// Prints diagnostics with paths as the user can open them from where they ran invoic.
struct Reporter {
    var format: DiagnosticFormat
    var root: String
    var sources: [String: SourceFile]
    /// End with "the book has N errors and M warnings" (`check` of a clean book says more).
    var summarizing = true

    func report(_ diagnostics: [Diagnostic]) {
        let shown = diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.file = diagnostic.file.map(displayPath)
            return diagnostic
        }
        let renderer = DiagnosticRenderer(
            format: format, color: format == .human && Terminal.standardError.allowsColor,
            sources: Dictionary(uniqueKeysWithValues: sources.map { (displayPath($0.key), $0.value) }))
        if format == .json {
            Terminal.standardOutput.write(renderer.render(shown))
            return
        }
        Terminal.standardError.write(renderer.render(shown))
        let errors = diagnostics.errorCount, warnings = diagnostics.warningCount
        if format == .human, summarizing, errors + warnings > 0 {
            let summary = [errors > 0 ? plural(errors, "error") : nil, warnings > 0 ? plural(warnings, "warning") : nil]
                .compactMap { $0 }.joined(separator: " and ")
            Terminal.standardError.write("\(errors > 0 ? "error" : "warning"): the book has \(summary)\n")
        }
    }

    func displayPath(_ path: String) -> String {
        if root == "." || root.isEmpty { return path }
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        return path == "." ? base : base + "/" + path
    }
}

func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
