import ArgumentParser
import InvoicBook
import InvoicDiagnostics
import InvoicHistory

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every file of a book and report what is wrong, with file, line and column.",
        discussion: "Exit status: 0 when there are no errors (warnings allowed), 1 when there are, 2 for a usage error or a missing book."
    )

    @OptionGroup var book: BookOptions

    @Option(name: .customLong("diagnostics-format"), help: "human, gnu (file:line:col: error: message [code]) or json.")
    var format: DiagnosticFormat = .human

    @Flag(help: "Also judge the book against its git history: issued invoices unchanged and kept, numbers never reused (default: `history:` in invoic.yaml).")
    var history = false

    @Flag(help: "Check what is staged in git (what the next commit records) instead of the working tree, as the pre-commit hook does.")
    var staged = false

    func run() throws {
        // git reads the history while the book is checked.
        let reading = history ? HistoryReading(at: book.directory) : nil
        let checked = staged ? try loadStaged(book) : (result: try loadChecked(book), files: nil)
        var result = checked.result
        if history || result.book.settings.history {
            let found = historyDiagnostics(result.book, root: book.directory, files: checked.files, asked: history, reading: reading)
            result.diagnostics = (result.diagnostics + found).sorted()
        }
        Reporter(format: format, root: book.directory, sources: result.book.sources).report(result.diagnostics)
        if result.diagnostics.hasErrors { throw ExitCode(1) }
    }
}

extension DiagnosticFormat: ExpressibleByArgument {}

/// Loads and checks the book, turning a missing book into exit status 2.
func loadChecked(_ options: BookOptions) throws -> BookChecker.Result {
    do {
        return try BookChecker.check(at: options.directory)
    } catch {
        Terminal.standardError.write("error: \(error)\n")
        throw ExitCode(2)
    }
}

/// Prints diagnostics with paths as the user can open them from where they ran invoic.
struct Reporter {
    var format: DiagnosticFormat
    var root: String
    var sources: [String: SourceFile]

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
        if format == .human, errors + warnings > 0 {
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
