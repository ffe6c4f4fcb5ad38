import ArgumentParser
import Foundation
import InvoicBook
import InvoicBuild
import InvoicDiagnostics
import InvoicPDF
import InvoicReport

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

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("-j takes a number of threads, 1 or more") }
    }

    func run() throws {
        let started = Date()
        let folder = OutputFolder(path: out ?? BookLoader.join(book.directory, "build"))
        // Nothing changed since the last successful build (by content): nothing to parse or write.
        let context = "invoic \(invoicVersion)\ntoday \(book.resolvedToday)"
        var stamp = BuildStamp.current(root: book.directory, folder: folder, context: context)
        if stamp.isUpToDate(in: folder) {
            if depfile != nil { try folder.write([], to: ".invoic-stamp") }
            if !quiet {
                let seconds = Date().timeIntervalSince(started)
                Terminal.standardError.write("up to date: nothing changed since the last build of \(folder.path) (\(String(format: "%.2f", seconds)) s)\n")
            }
            return
        }
        let result = try loadChecked(book)
        let reporter = Reporter(format: .human, root: book.directory, sources: result.book.sources)
        if result.diagnostics.hasErrors {
            reporter.report(result.diagnostics)
            Terminal.standardError.write("error: nothing was built; fix the errors above and build again\n")
            throw ExitCode(1)
        }
        if !quiet { reporter.report(result.diagnostics) }
        // The stamp counts the logo's bytes; read before the book, it knew only the last build's logo.
        let logo = result.book.settings.logo?.value
        if stamp.countedLogo != logo {
            stamp = BuildStamp.current(root: book.directory, folder: folder, context: context, logo: .some(logo))
        }
        let plan = BuildPlan(book: result.book, renderer: "invoic \(invoicVersion)")
        let report = IndexReport(book: result.book, today: book.resolvedToday, warnings: result.diagnostics,
                                 issuingCommits: issuingCommits(of: result.book))
        let pipeline = BuildPipeline(folder: folder, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let priced = result.book
        func show(_ diagnostics: [Diagnostic], sources: [SourceFile]) {
            Reporter(format: .human, root: book.directory, sources: result.book.sources.merging(
                sources.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })).report(diagnostics)
        }
        let summary: BuildPipeline.Summary
        do {
            summary = try pipeline.run(plan, extraFiles: report.renderAll().map { ($0.fileName, $0.bytes) }, stamp: stamp, makeRenderer: { () throws(RenderFailure) in
                do throws(TemplateError) {
                    return PDFDocumentRenderer(renderer: try PDFRenderer(book: priced))
                } catch {
                    throw RenderFailure(error.diagnostics, sources: error.sources)
                }
            }, progress: quiet ? nil : Progress(started: started).update)
        } catch let failure as RenderFailure {
            // The template (or its logo or fonts) is wrong: no document could be rendered.
            Progress.clear(quiet: quiet)
            show(failure.diagnostics, sources: failure.sources)
            Terminal.standardError.write("error: nothing was rendered; fix the template errors above and build again\n")
            throw ExitCode(1)
        }
        Progress.clear(quiet: quiet)

        if !summary.diagnostics.isEmpty {
            show(summary.diagnostics, sources: summary.sources)
            Terminal.standardError.write("error: \(plural(summary.diagnostics.errorCount, "document")) could not be rendered\n")
            throw ExitCode(1)
        }
        if let depfile {
            let outputs = [folder.url(".invoic-stamp")]
            let inputs = plan.inputs.map { BookLoader.join(book.directory, $0) }
            try folder.write([], to: ".invoic-stamp")
            try Array(Depfile.text(outputs: outputs, inputs: inputs).utf8).write(toFile: depfile)
        }
        if !quiet {
            let pdfs = summary.written.filter { $0.hasSuffix(".pdf") }.count
            let reports = summary.written.count - pdfs
            var parts = ["wrote \(plural(pdfs, "PDF"))" + (reports > 0 ? " and the report" : "")]
            parts.append("\(summary.upToDate) up to date")
            if !summary.removed.isEmpty { parts.append("removed \(summary.removed.count)") }
            let seconds = Date().timeIntervalSince(started)
            Terminal.standardError.write("\(parts.joined(separator: ", ")) in \(folder.path) (\(String(format: "%.2f", seconds)) s)\n")
        }
    }
}

/// The PDF renderer as the build pipeline drives it: one per worker thread.
struct PDFDocumentRenderer: DocumentRenderer {
    let renderer: PDFRenderer

    mutating func render(_ document: Document) -> Result<[UInt8], RenderFailure> {
        renderer.render(document).mapError { RenderFailure($0.diagnostics) }
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

extension Array where Element == UInt8 {
    func write(toFile path: String) throws {
        try Data(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
