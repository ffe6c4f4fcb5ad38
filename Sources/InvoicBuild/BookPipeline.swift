import Foundation
import InvoicBook
import InvoicEInvoice
import InvoicFacturX
import InvoicDiagnostics
import InvoicHistory
import InvoicInbox
import InvoicPDF
import InvoicReport

/// The steps every front end runs (the CLI's check, build and pdf, make, the tests), in this
/// order: load and decode the files, check the book, judge it against its git history, resolve
/// its assets (template, fonts, logo, and a glyph for every character), then, for a build: plan
/// what is stale, render the PDFs on all cores, render the report, write. `check` runs the steps
/// up to the assets, so it refuses exactly what a build would refuse.
///
/// The pipeline returns values and diagnostics; it never prints.
public struct BookPipeline: Sendable {
    /// When the book is judged against its git history.
    public enum History: String, Sendable {
        /// When the book keeps its history in git: `history: true` in invoic.yaml, or the book's
        /// folder is a git repository of its own. History that cannot be read is a warning.
        case whenKept
        /// Always (`--history`): history that cannot be read is an error.
        case required
        /// Never (`--no-history`).
        case skipped
    }

    public var root: String
    public var history: History
    /// Check what is staged in git (what the next commit records) instead of the working tree.
    public var staged: Bool

    public init(root: String, history: History = .whenKept, staged: Bool = false) {
        self.root = root
        self.history = history
        self.staged = staged
    }

    /// What the steps up to the assets found.
    public struct Checked {
        public var book: Book
        public var diagnostics: [Diagnostic]
        /// The text of every file a diagnostic may point into: the book's and its templates'.
        public var sources: [String: SourceFile]
        /// The renderer, once the template, its fonts and the logo resolved.
        public var renderer: PDFRenderer?
        /// The history the book was judged against, when it was.
        public var judgedHistory: BookHistory?

        public var hasErrors: Bool { diagnostics.hasErrors }

        /// Whether `document` can be rendered now: it has figures, the assets resolved, and no
        /// error stands in its own file, its client's file or invoic.yaml.
        public func canRender(_ document: Document) -> Bool {
            guard renderer != nil, document.figures != nil else { return false }
            let files = [document.file, BookSettings.fileName, book.clients[document.client.value]?.file].compactMap { $0 }
            return !diagnostics.contains { $0.severity == .error && files.contains($0.file ?? BookSettings.fileName) }
        }
    }

    /// The steps before rendering, in order.
    public enum Step: Int, Sendable, Comparable {
        /// Load, decode and check the book's files.
        case book
        /// Judge the book against its git history (as `history` says).
        case history
        /// Resolve the template, its fonts and the logo, and find characters no font draws.
        case assets

        public static func < (a: Step, b: Step) -> Bool { a.rawValue < b.rawValue }
    }

    /// Runs the steps up to `last` (all of them by default: what `check` runs).
    public func check(upTo last: Step = .assets) throws(PipelineError) -> Checked {
        // git reads the history on another thread while the book is loaded and checked.
        let judging = last >= .history && history != .skipped
        var reading = judging && (history == .required || Self.isRepository(root)) ? HistoryReading(at: root) : nil
        let (result, stagedFiles) = try load()
        if reading == nil, judging, result.book.settings.history { reading = HistoryReading(at: root) }
        var checked = Checked(book: result.book, diagnostics: result.diagnostics, sources: result.book.sources)
        // Each received e-invoice's record against its original (issue 29).
        checked.diagnostics += PurchaseAudit.check(result.book)
        if let reading { judge(&checked, against: reading, files: stagedFiles) }
        // `locked_until:` holds wherever the book is in git, kept history or not; a book that keeps
        // its history is also held to a lock since removed from the working tree.
        let written = result.book.settings.lockedUntil
        if judging, written != nil || reading != nil {
            judgeLock(&checked, written: written, reading: reading ?? HistoryReading(at: root), files: stagedFiles)
        }
        if last >= .assets { resolveAssets(&checked) }
        checked.diagnostics.sort()
        return checked
    }

    /// The book from the working tree, or as staged in git with the paths staged. Diagnostics
    /// about documents and clients only in the working tree are left out when staged: they are
    /// not being committed.
    private func load() throws(PipelineError) -> (CheckedBook, Set<String>?) {
        guard staged else {
            do { return (try BookChecker.check(at: root), nil) } catch { throw .noBook(error) }
        }
        let files: [String: [UInt8]]
        do { files = try BookHistory.stagedFiles(at: root) } catch { throw .staged(error) }
        var result: CheckedBook
        do { result = try BookChecker.check(at: root, overrides: files) } catch { throw .noBook(error) }
        result.diagnostics.removeAll { diagnostic in
            guard let file = diagnostic.file, ["invoices/", "estimates/", "clients/"].contains(where: file.hasPrefix) else { return false }
            return files[file] == nil
        }
        return (result, Set(files.keys))
    }

    private func judge(_ checked: inout Checked, against reading: HistoryReading, files: Set<String>?) {
        do {
            let history = try reading.history()
            checked.judgedHistory = history
            checked.diagnostics += history.judge(checked.book, files: files)
            checked.diagnostics += NumbersAreReserved.diagnostics(checked.book, root: root)
        } catch {
            checked.diagnostics.append(HistoryIsReadable.diagnostic(error, asked: self.history == .required))
        }
    }

    /// The period lock: the locked periods of the book as they were in the commit that locked them.
    private func judgeLock(_ checked: inout Checked, written: Located<Day>?, reading: HistoryReading, files: Set<String>?) {
        do {
            checked.diagnostics += PeriodLock.judge(checked.book, written: written, history: try reading.history(), files: files)
        } catch {
            // A book without a lock and without a readable history: the history check says so.
            if written != nil { checked.diagnostics.append(PeriodLock.diagnostic(.history(error), settings: checked.book.settings)) }
        }
    }

    /// Resolves the template, its fonts and the logo as the renderer does (it is the renderer),
    /// and finds the characters no font draws.
    private func resolveAssets(_ checked: inout Checked) {
        do {
            let renderer = try PDFRenderer(book: checked.book)
            checked.diagnostics += renderer.missingGlyphs()
            checked.renderer = renderer
        } catch {
            // A logo or template path the book's own checks already found wrong (missing, outside
            // the book) is reported once, by them.
            let reported = Set(checked.diagnostics.filter { $0.severity == .error }.map { "\($0.file ?? "") \(String(describing: $0.range))" })
            checked.diagnostics += error.diagnostics.filter { !reported.contains("\($0.file ?? "") \(String(describing: $0.range))") }
            for source in error.sources { checked.sources[source.path] = source }
        }
    }

    /// A book in a folder that is a git repository of its own (`.git` there: a folder, or a file
    /// for a worktree) keeps its history; a book that merely sits inside some other repository,
    /// like the examples of a project, does not unless it says `history: true`.
    static func isRepository(_ root: String) -> Bool {
        FileManager.default.fileExists(atPath: BookLoader.join(root, ".git"))
    }
}

/// The book cannot be read at all: the command has nothing to check.
public enum PipelineError: Error, Sendable, CustomStringConvertible {
    case noBook(BookLoadError)
    /// `--staged`, and git cannot give the staged files.
    case staged(HistoryError)

    public var description: String {
        switch self {
        case .noBook(let error): return "\(error)"
        case .staged(let error): return "--staged: \(error)\n  = help: \(error.help)"
        }
    }
}

// MARK: - Build

extension BookPipeline {
    public struct BuildRequest: Sendable {
        public var folder: OutputFolder
        public var jobs: Int
        /// The day the report's statuses are computed for.
        public var today: Day
        /// Where to write make-format dependencies (and touch `.invoic-stamp` in the folder).
        public var depfile: String?
        /// Names what renders, so a new version of invoic rebuilds everything.
        public var version: String

        public init(folder: OutputFolder, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, today: Day,
                    depfile: String? = nil, version: String) {
            self.folder = folder
            self.jobs = jobs
            self.today = today
            self.depfile = depfile
            self.version = version
        }
    }

    public enum BuildOutcome {
        /// Nothing changed since the last build (by content): nothing was parsed or written.
        case upToDate
        /// The book has errors: nothing was written.
        case refused(Checked)
        /// Written; `summary.diagnostics` holds the documents that still could not be rendered.
        case built(Checked, EmitStep.Summary)
    }

    /// Check, then plan, render, report and write; the depfile is written on every path, so make
    /// always knows what to watch.
    public func build(_ request: BuildRequest, progress: EmitStep.Progress? = nil) throws -> BuildOutcome {
        let folder = request.folder
        let context = "invoic \(request.version)\ntoday \(request.today)"
        var stamp = BuildStamp.current(root: root, folder: folder, context: context)
        if stamp.isUpToDate(in: folder), let inputs = BuildInputs.recorded(in: folder) {
            try writeDepfile(request, inputs: inputs)
            return .upToDate
        }
        var checked = try check()
        if checked.hasErrors { return .refused(checked) }
        // The renderer the check resolved becomes the first worker's, so a build sets up no more
        // renderers (fonts, a font map: memory and time) than it has workers.
        let spare = RendererHandoff(checked.renderer.take())
        // The stamp counts the logo's bytes; read before the book, it knew only the last build's logo.
        let logo = checked.book.settings.logo?.value
        if stamp.countedLogo != logo {
            stamp = BuildStamp.current(root: root, folder: folder, context: context, logo: .some(logo))
        }
        let book = checked.book
        // KOD II is signed with a certificate outside the book, which the stamp (taken before the
        // book is read) cannot count: such a book is always planned, and the outputs' own
        // fingerprints (which count the certificate's bytes) still skip what did not change.
        let offline = book.settings.ksef?.offlineCertificate != nil
        if offline { BuildStamp.invalidate(in: folder) }
        let plan = BuildPlan(book: book, renderer: "invoic \(request.version)")
        let report = IndexReport(book: book, today: request.today, warnings: checked.diagnostics,
                                 issuingCommits: Self.issuingCommits(of: book, history: checked.judgedHistory))
        let emit = EmitStep(folder: folder, jobs: request.jobs)
        let summary = try emit.run(plan, extraFiles: { report.renderAll().map { ($0.fileName, $0.bytes) } }, stamp: offline ? nil : stamp,
                                   inputs: plan.inputs, makeRenderer: { () throws(RenderFailure) in
            if let resolved = spare.take() { return PDFDocumentRenderer(renderer: resolved, book: book) }
            do throws(TemplateError) {
                return PDFDocumentRenderer(renderer: try PDFRenderer(book: book), book: book)
            } catch {
                throw RenderFailure(error.diagnostics, sources: error.sources)
            }
        }, progress: progress)
        if summary.diagnostics.isEmpty { try writeDepfile(request, inputs: plan.inputs) }
        return .built(checked, summary)
    }

    private func writeDepfile(_ request: BuildRequest, inputs: [String]) throws {
        guard let depfile = request.depfile else { return }
        try request.folder.write([], to: ".invoic-stamp")
        let text = Depfile.text(outputs: [request.folder.url(".invoic-stamp")], inputs: inputs.map { BookLoader.join(root, $0) })
        try AtomicFile.write(Array(text.utf8), to: depfile)
    }

    /// For the report: the commit that issued each invoice, when the book keeps its history
    /// (`history: true`); from the history already judged when there is one. A book that merely
    /// sits inside some git repository is not asked, so its report does not change with commits
    /// that are not about it.
    public static func issuingCommits(of book: Book, history: BookHistory? = nil) -> [String: IndexReport.IssuingCommit] {
        guard book.settings.history else { return [:] }
        let commits = history?.issuingCommits() ?? BookHistory.issuingCommits(root: book.root)
        return commits.mapValues { commit in
            IndexReport.IssuingCommit(shortHash: commit.shortHash, author: commit.author, date: String(commit.timestamp.prefix(10)))
        }
    }
}

/// What the emit step drives, one per worker thread: the PDF renderer for a document's PDF, the
/// e-invoice writer for its XML.
struct PDFDocumentRenderer: DocumentRenderer {
    let renderer: PDFRenderer
    let book: Book

    mutating func render(_ output: BuildPlan.Output) -> Result<[UInt8], RenderFailure> {
        if let format = output.einvoice {
            guard let xml = EInvoiceWriter.xml(output.document, in: book, format: format) else { return .failure(RenderFailure([])) }
            return .success(Array(xml.utf8))
        }
        return FacturXPDF.render(output.document, with: renderer, book: book)
    }
}

/// A document's PDF with what its e-invoices put on it, for `build`, `invoic pdf` and `mail` alike:
/// Factur-X (its XML inside), and Poland's KSeF KOD I (the QR code of the FA(3) file's hash) and,
/// on an invoice issued offline, KOD II (the offline certificate's signed link).
public enum FacturXPDF {
    /// Whether the book asks for `document`'s PDF to carry or show its e-invoice.
    public static func isAsked(for document: Document, in book: Book) -> Bool {
        let formats = book.einvoiceFormats(for: document)
        return formats.contains(.facturX) || formats.contains(.fa3)
    }

    /// The document's PDF: when asked, as Factur-X, PDF/A-3b carrying its CII, profile EN 16931,
    /// or, for a buyer that also takes XRechnung, its XRechnung CII as `xrechnung.xml` (profile
    /// XRECHNUNG), written in one pass by the PDF writer; with KSeF's KOD I when the book writes
    /// it as FA(3). A copy (`copy:`) is never Factur-X but shows KOD I too; `invoic export
    /// --format factur-x` asks for Factur-X whatever the book says (`facturX: true`).
    public static func render(_ document: Document, with renderer: PDFRenderer, book: Book, copy: DocumentCopy? = nil,
                              facturX: Bool? = nil) -> Result<[UInt8], RenderFailure> {
        let formats = book.einvoiceFormats(for: document)
        let verification: VerificationCode?
        switch KSeF.verificationCodes(of: document, in: book) {
        case .success(let codes):
            verification = codes.map { VerificationCode(url: $0.invoice.url, caption: $0.invoice.caption,
                                                        certificate: $0.certificate.map { .init(url: $0.url, caption: $0.caption) }) }
        case .failure(let failure): return .failure(RenderFailure([failure.diagnostic]))
        }
        guard copy == nil, facturX ?? formats.contains(.facturX) else {
            return renderer.render(document, copy: copy, verification: verification).mapError { RenderFailure($0.diagnostics) }
        }
        let xrechnung = formats.contains { $0.isXRechnung }
        guard let xml = EInvoiceWriter.xml(document, in: book, format: xrechnung ? .xrechnungCII : .facturX) else { return .failure(RenderFailure([])) }
        let extended = book.settings.einvoiceProfile?.value == .extendedCTCFR
        switch FacturX.archive(xml, profile: xrechnung ? .xrechnung : extended ? .extended : .en16931) {
        case .success(let archive):
            return renderer.render(document, archive: archive, verification: verification).mapError { RenderFailure($0.diagnostics) }
        case .failure(let failure):
            return .failure(RenderFailure([.error(.facturXFailed, "\(document.number) could not be made Factur-X: \(failure)", file: document.file)]))
        }
    }
}

/// One renderer handed from the thread that made it to the one worker that takes it first: a
/// renderer is used by one thread at a time, and this one only ever by its taker.
private final class RendererHandoff: @unchecked Sendable {
    private var renderer: PDFRenderer?
    private let lock = NSLock()

    init(_ renderer: PDFRenderer?) { self.renderer = renderer }

    func take() -> PDFRenderer? { lock.withLock { renderer.take() } }
}
