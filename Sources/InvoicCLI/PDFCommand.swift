import ArgumentParser
import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicBuild
import InvoicPDF

struct PDFCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pdf",
        // Read only when `pdf` is parsed as the root (InvoicCommand.parse's direct path): it then
        // skips ArgumentParser's check for `--generate-completion-script` (~0.8 ms of reflection);
        // such a request is an unknown option there, so it is parsed again from `invoic`'s root.
        _superCommandName: "invoic",
        abstract: "Render the named invoices, estimates and credit notes to PDF.",
        discussion: """
            The whole book is checked first; a document with errors in its own file, its client's file \
            or invoic.yaml is not rendered. Files are named by the book's `pdf_name` pattern ({number} \
            by default) and written to the current directory, or to -o. The path of each PDF written is printed.
            Exit status: 0 when every named document was rendered, 1 when one was not, 2 for a usage error.
            """
    )

    @Option(name: .customShort("C"), help: ArgumentHelp("The book's directory; default: the current one, or the nearest one above it with an invoic.yaml.", valueName: "dir"))
    var givenDirectory: String = "."

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Where to write: a directory (created when missing), or a file name ending in .pdf for a single document.",
        valueName: "out"))
    var output: String?

    @Option(name: .customLong("diagnostics-format"), help: "human, gnu (file:line:col: error: message [code]) or json.")
    var format: DiagnosticFormat = .human

    @Argument(help: ArgumentHelp(
        "Document files (invoices/INV-0001.yaml, relative to the current directory or to the book) or numbers (INV-0001).",
        valueName: "file"))
    var files: [String]

    @Flag(help: "Print a copy that shows where each document stands on --today (paid, void, credited, what is still due), marked COPY with its date, named NAME-copy-DATE.pdf; never the document as issued, which does not change once issued.")
    var copy = false

    @Option(help: ArgumentHelp("With --copy: the day the copy shows (YYYY-MM-DD); default: the system date.", valueName: "date"))
    var today: Day?

    @OptionGroup var historyOptions: HistoryOptions

    func validate() throws {
        if today != nil && !copy { throw ValidationError("--today goes with --copy: a document as issued does not depend on the day") }
        if files.isEmpty { throw ValidationError("name at least one document file, e.g. `invoic pdf invoices/INV-0001.yaml`") }
        if let output, output.lowercased().hasSuffix(".pdf"), files.count > 1 {
            throw ValidationError("-o \(output) names one file, but \(files.count) documents were given: pass a directory")
        }
    }

    func run() throws { try request.run() }

    var request: PDFRequest {
        PDFRequest(givenDirectory: givenDirectory, output: output, format: format, files: files,
                   copy: copy, today: today, history: historyOptions.policy)
    }
}

/// What `invoic pdf` is asked to do, in plain values: made by ArgumentParser's `PDFCommand`, or,
/// for the common command lines, straight from the arguments (`init?(directArguments:)`).
struct PDFRequest: Equatable {
    var givenDirectory = "."
    var output: String?
    var format: DiagnosticFormat = .human
    var files: [String]
    var copy = false
    var today: Day?
    var history: BookPipeline.History = .whenKept

    /// The book's folder: run from a sub-folder, invoic finds the book above, as git does.
    var directory: String { BookLocation.root(containing: givenDirectory) }
}

extension PDFRequest {
    /// `invoic pdf` as most command lines say it: document names with `-C DIR` and `-o OUT` at
    /// most once each, in any order. ArgumentParser builds `PDFCommand` by reflecting on its
    /// property wrappers, which costs ~3 ms of a ~30 ms one-shot PDF (the Swift runtime's first look
    /// at each wrapper's type; issue 41 point 10). Anything else (another option, `--`, `-C=DIR`,
    /// a value that looks like an option, help, a usage error) is nil: ArgumentParser parses
    /// it, so every message, help screen and exit code stays its own (CommandSelectionTests
    /// compares both on every form).
    init?(directArguments arguments: [String]) {
        guard arguments.first == "pdf" else { return nil }
        var directory: String?
        var output: String?
        var files: [String] = []
        var rest = arguments.dropFirst()[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "-C", "-o", "--output":
                guard let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
                if argument == "-C" {
                    guard directory == nil else { return nil }
                    directory = value
                } else {
                    guard output == nil else { return nil }
                    output = value
                }
            default:
                guard !argument.hasPrefix("-"), argument != "help" else { return nil }
                files.append(argument)
            }
        }
        // PDFCommand.validate's rules: at least one document, a file name for one document only.
        guard !files.isEmpty else { return nil }
        if let output, output.lowercased().hasSuffix(".pdf"), files.count > 1 { return nil }
        self.init(givenDirectory: directory ?? ".", output: output, files: files)
    }

    func run() throws {
        let pipeline = BookPipeline(root: directory, history: history)
        // What ICU answered in earlier runs on this book (its locales, formats, dates, rates), and
        // after the run what it answered anew: a one-shot PDF asks ICU nothing asked before.
        ICUAnswersUnit.load(root: pipeline.root)
        defer { ICUAnswersUnit.store(root: pipeline.root) }
        // A copy shows the document's account (payments, credit notes: other files), so it needs
        // the whole book; the document as issued needs its own files and the book's verdict,
        // which the book's cache keeps.
        // The paths the arguments name, made once (a URL per document and argument cost more than the cache saves).
        let numbers = Set(files)
        let paths = Set(files.flatMap(namedPaths))
        let checked = try copy ? runPipeline(pipeline) : runPipeline { () throws(PipelineError) in
            try pipeline.check(rendering: { number, file in numbers.contains(number) || paths.contains(normalize(file)) })
        }
        let book = checked.book
        var documents: [Document] = []
        var unknown: [String] = []
        for file in files {
            if let document = find(file, in: book) { documents.append(document) } else { unknown.append(file) }
        }
        guard unknown.isEmpty else {
            for file in unknown {
                Terminal.standardError.write("error: \(file) is not an invoice, estimate or credit note of the book in \(directory)\n")
            }
            throw ExitCode(2)
        }

        var diagnostics = checked.diagnostics
        var blocked = documents.filter { !checked.canRender($0) }.map(\.number)
        let outputIsFile = output?.lowercased().hasSuffix(".pdf") == true
        let folder = outputIsFile ? nil : output
        if let folder {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        var written: [String] = []
        if let renderer = checked.renderer {
            for document in documents where !blocked.contains(document.number) {
                let copy = self.copy ? DocumentCopy(of: document, in: book, on: today ?? Day.today()) : nil
                // A book that asks for Factur-X gets it from `invoic pdf` too.
                let rendered = FacturXPDF.isAsked(for: document, in: book)
                    ? FacturXPDF.render(document, with: renderer, book: book, copy: copy)
                    : renderer.render(document, copy: copy).mapError { RenderFailure($0.diagnostics) }
                switch rendered {
                case .failure(let failure):
                    diagnostics += failure.diagnostics
                    blocked.append(document.number)
                case .success(let bytes):
                    var name = book.pdfFileName(for: document)
                    if let copy { name = String(name.dropLast(4)) + "-copy-\(copy.date).pdf" }
                    let path = outputIsFile ? output! : BookLoader.join(folder ?? "", name)
                    do {
                        try AtomicFile.write(bytes, to: path)
                        written.append(path)
                    } catch {
                        Terminal.standardError.write("error: \(error)\n")
                        blocked.append(document.number)
                    }
                }
            }
        }
        Reporter(format: format, root: directory, sources: checked.sources).report(diagnostics.sorted())
        for path in written { print(path) }
        if !blocked.isEmpty {
            Terminal.standardError.write("error: not rendered: \(blocked.joined(separator: ", "))\n")
            throw ExitCode(1)
        }
    }

    /// A document by its file (relative to the current directory or to the book) or its number.
    private func find(_ argument: String, in book: Book) -> Document? {
        if let document = book.document(argument) { return document }
        let paths = namedPaths(argument)
        return book.documents.first { paths.contains(normalize($0.file)) }
    }

    /// The book's paths `argument` may name (relative to the current directory or to the book), normalized.
    private func namedPaths(_ argument: String) -> [String] {
        [argument, relativeToBook(argument)].compactMap { $0 }.map(normalize)
    }

    private func relativeToBook(_ path: String) -> String? {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path
        guard absolute.hasPrefix(root + "/") else { return nil }
        return String(absolute.dropFirst(root.count + 1))
    }

    private func normalize(_ path: String) -> String {
        var parts = path.split(separator: "/").filter { $0 != "." }
        if parts.first == "" { parts.removeFirst() }
        return parts.joined(separator: "/")
    }
}
