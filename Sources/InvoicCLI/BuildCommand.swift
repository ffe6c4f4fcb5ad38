import ArgumentParser
import Foundation
import InvoicBook
import InvoicBuild
import InvoicDiagnostics

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Check the book, then write a PDF for every document and the index report.",
        discussion: """
            While the book has errors, no PDF is written and the exit status is 1: a wrong invoice never reaches \
            a client. Only outputs whose inputs changed are rewritten; outputs of deleted documents are removed.
            """
    )

    @OptionGroup var book: BookOptions

    @Option(help: ArgumentHelp("The output folder; default build/ in the book.", valueName: "dir"))
    var out: String?

    @Option(name: [.customShort("j"), .customLong("jobs")], help: "Render on this many threads; default all cores.")
    var jobs: Int?

    @Option(help: ArgumentHelp("Write make-format dependencies to this file (and touch .invoic-stamp in the output folder).", valueName: "file"))
    var depfile: String?

    @OptionGroup var historyOptions: HistoryOptions

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("-j takes a number of threads, 1 or more") }
    }

    func run() throws {
        let started = Date()
        let folder = OutputFolder(path: out ?? BookLoader.join(book.directory, "build"))
        let pipeline = BookPipeline(root: book.directory, history: historyOptions.policy)
        let request = BookPipeline.BuildRequest(folder: folder, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                                                today: book.resolvedToday, depfile: depfile, version: invoicVersion)
        let outcome: BookPipeline.BuildOutcome
        do {
            outcome = try pipeline.build(request, progress: quiet ? nil : Progress(started: started).update)
        } catch let error as PipelineError {
            Terminal.standardError.write("error: \(error)\n")
            throw ExitCode(2)
        } catch let failure as RenderFailure {
            // Resolved once by the check, the template failed for a worker: report it like the check would.
            Progress.clear(quiet: quiet)
            Reporter(format: .human, root: book.directory, sources: Dictionary(failure.sources.map { ($0.path, $0) }) { a, _ in a })
                .report(failure.diagnostics)
            Terminal.standardError.write("error: nothing was rendered; fix the template errors above and build again\n")
            throw ExitCode(1)
        }
        Progress.clear(quiet: quiet)
        let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
        switch outcome {
        case .upToDate:
            if !quiet { Terminal.standardError.write("up to date: nothing changed since the last build of \(folder.path) (\(seconds) s)\n") }
        case .refused(let checked):
            Reporter(format: .human, root: book.directory, sources: checked.sources).report(checked.diagnostics)
            Terminal.standardError.write("error: nothing was built; fix the errors above and build again\n")
            throw ExitCode(1)
        case .built(let checked, let summary):
            var sources = checked.sources
            for source in summary.sources where sources[source.path] == nil { sources[source.path] = source }
            let reporter = Reporter(format: .human, root: book.directory, sources: sources)
            if !quiet { reporter.report(checked.diagnostics) }
            if !summary.diagnostics.isEmpty {
                reporter.report(summary.diagnostics)
                Terminal.standardError.write("error: \(plural(summary.diagnostics.errorCount, "document")) could not be rendered\n")
                throw ExitCode(1)
            }
            if !quiet {
                let pdfs = summary.written.filter { $0.hasSuffix(".pdf") }.count
                let einvoices = summary.written.filter { $0.hasSuffix(".xml") }.count
                let reports = summary.written.count - pdfs - einvoices
                var parts = ["wrote \(plural(pdfs, "PDF"))" + (einvoices > 0 ? ", \(plural(einvoices, "e-invoice"))" : "")
                             + (reports > 0 ? " and the report" : "")]
                parts.append("\(summary.upToDate) up to date")
                if !summary.removed.isEmpty { parts.append("removed \(summary.removed.count)") }
                Terminal.standardError.write("\(parts.joined(separator: ", ")) in \(folder.path) (\(seconds) s)\n")
            }
        }
    }
}

/// `[ 812/10000] INV-0812.pdf` on one terminal line, once a build has taken more than a moment.
struct Progress: Sendable {
    let started: Date

    @Sendable func update(done: Int, total: Int, name: String) {
        guard Terminal.standardError.isInteractive, Date().timeIntervalSince(started) > 0.5 else { return }
        let width = String(total).count
        let count = String(repeating: " ", count: width - String(done).count) + String(done)
        Terminal.standardError.write("\r\u{1B}[K[\(count)/\(total)] \(name)")
    }

    static func clear(quiet: Bool) {
        if !quiet, Terminal.standardError.isInteractive { Terminal.standardError.write("\r\u{1B}[K") }
    }
}
