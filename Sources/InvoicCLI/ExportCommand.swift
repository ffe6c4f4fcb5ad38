import ArgumentParser
import Foundation
import InvoicBook
import InvoicBuild
import InvoicDiagnostics
import InvoicEInvoice
import InvoicPDF

extension EInvoiceFormat: ExpressibleByArgument {}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write invoices and credit notes as e-invoices (UBL, CII, XRechnung, Peppol BIS, Poland's FA(3), Italy's FatturaPA) in any format, whatever the book's einvoice: says.",
        discussion: """
            The whole book is checked first, with the rules of the chosen format (XRechnung's BR-DE-*, \
            Peppol's PEPPOL-EN16931-*); a document with errors is not written. Files are named \
            <name>.<format>.xml in the current directory or -o DIR; -o FILE names the file of a single \
            document, and -o - writes it to standard output. factur-x writes the document's PDF made \
            PDF/A-3b with its CII inside, <name>.pdf (what `invoic build` writes with `einvoice: [factur-x]`).
            Exit status: 0 when every named document was written, 1 when one was not, 2 for a usage error.
            """
    )

    @Option(name: .customShort("C"), help: ArgumentHelp("The book's directory; default: the current one, or the nearest one above it with an invoic.yaml.", valueName: "dir"))
    var givenDirectory: String = "."

    var directory: String { BookLocation.root(containing: givenDirectory) }

    @Option(help: ArgumentHelp("ubl, cii, xrechnung, xrechnung-cii, peppol, fa3 (Poland's KSeF), fatturapa (Italy's SdI, named IT<id>_<progressive>.xml) or factur-x (a PDF).", valueName: "format"))
    var format: EInvoiceFormat

    @Option(name: .shortAndLong, help: ArgumentHelp("A directory (created when missing), a file name ending in .xml (.pdf for factur-x) for one document, or - for standard output.", valueName: "out"))
    var output: String?

    @Option(name: .customLong("diagnostics-format"), help: "human, gnu (file:line:col: error: message [code]) or json.")
    var diagnosticsFormat: DiagnosticFormat = .human

    @Argument(help: ArgumentHelp("Invoice or credit note numbers, e.g. INV-0007.", valueName: "number"))
    var numbers: [String]

    @OptionGroup var historyOptions: HistoryOptions

    func validate() throws {
        if numbers.isEmpty { throw ValidationError("name at least one invoice or credit note, e.g. `invoic export --format ubl INV-0001`") }
        if let output, output == "-" || output.lowercased().hasSuffix(fileSuffix), numbers.count > 1 {
            throw ValidationError("-o \(output) names one file, but \(numbers.count) documents were given: pass a directory")
        }
    }

    /// One document's export: what stopped it, or its bytes (written unless they go to standard output).
    struct Outcome: Sendable {
        var problems: [Diagnostic] = []
        var bytes: [UInt8]?
        var failure: String?
    }

    static func write(_ bytes: [UInt8], to path: String?) -> Outcome {
        guard let path else { return Outcome(bytes: bytes) }
        do {
            try AtomicFile.write(bytes, to: path)
            return Outcome(bytes: bytes)
        } catch {
            return Outcome(failure: "\(error)")
        }
    }

    /// What a file name given to -o ends with: the format's files are XML, Factur-X's a PDF.
    var fileSuffix: String { format == .facturX ? ".pdf" : ".xml" }

    func run() throws {
        let checked = try runPipeline(BookPipeline(root: directory, history: historyOptions.policy))
        let book = checked.book
        var diagnostics = checked.diagnostics
        var blocked: [String] = []
        var documents: [Document] = []
        for number in numbers {
            guard let document = book.document(number), document.kind.isBilling else {
                let what = book.document(number).map { "\($0.number) is an estimate; only invoices and credit notes are e-invoices" }
                    ?? "no invoice or credit note \(number) in the book in \(directory)"
                    + (closestMatch(to: number, in: book.documents.filter(\.kind.isBilling).map(\.number)).map { "; did you mean \($0)?" } ?? "")
                Terminal.standardError.write("error: \(what)\n")
                throw ExitCode(2)
            }
            documents.append(document)
        }
        // Each document is written on its own, so they are made and written on all cores (most of
        // the time goes to the file system, making a thousand files).
        let format = self.format
        let toStandardOutput = output == "-"
        let fileSuffix = self.fileSuffix
        if let output, !toStandardOutput, !output.lowercased().hasSuffix(fileSuffix) {
            try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        }
        let targets = documents.map { document -> (Document, Bool, String) in
            let path = output.flatMap { $0.lowercased().hasSuffix(fileSuffix) ? $0 : nil }
                ?? BookLoader.join(output ?? "", book.einvoiceFileName(for: document, format: format))
            return (document, checked.canRender(document), path)
        }
        let results: [Outcome]
        if format == .facturX, let renderer = checked.renderer {
            // One renderer, one thread at a time: the PDFs are made in turn.
            results = targets.map { document, renderable, path in
                let problems = book.einvoiceProblems(of: document, as: [format])
                guard renderable, problems.isEmpty else { return Outcome(problems: problems) }
                switch FacturXPDF.render(document, with: renderer, book: book, facturX: true) {
                case .success(let bytes): return Self.write(bytes, to: toStandardOutput ? nil : path)
                case .failure(let failure): return Outcome(problems: failure.diagnostics)
                }
            }
        } else {
            results = parallelMap(targets) { document, renderable, path in
                let problems = book.einvoiceProblems(of: document, as: [format])
                guard renderable, problems.isEmpty, let xml = EInvoiceWriter.xml(document, in: book, format: format) else { return Outcome(problems: problems) }
                return Self.write(Array(xml.utf8), to: toStandardOutput ? nil : path)
            }
        }
        for result in results { diagnostics += result.problems }
        Reporter(format: diagnosticsFormat, root: directory, sources: checked.sources).report(diagnostics.sorted())
        for ((document, _, path), result) in zip(targets, results) {
            if let failure = result.failure { Terminal.standardError.write("error: \(failure)\n") }
            guard let bytes = result.bytes else {
                blocked.append(document.number)
                continue
            }
            if toStandardOutput { FileHandle.standardOutput.write(Data(bytes)) } else { print(path) }
        }
        if !blocked.isEmpty {
            Terminal.standardError.write("error: not written: \(blocked.joined(separator: ", "))\n")
            throw ExitCode(1)
        }
    }
}
