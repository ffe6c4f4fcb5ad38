import ArgumentParser
import Foundation

/// `invoic`: the compiler for a book of YAML invoices.
public struct InvoicCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "invoic",
        abstract: "Check and compile a book of plain-text invoices, estimates and clients.",
        version: invoicVersion,
        subcommands: [
            InitCommand.self, CheckCommand.self, BuildCommand.self, PDFCommand.self, ReportCommand.self,
            NewCommand.self, ConvertCommand.self, CreditCommand.self, ExportCommand.self, SendCommand.self, PayCommand.self, RefundCommand.self, StatementCommand.self, VoidCommand.self,
            AcceptCommand.self, DeclineCommand.self, MatchCommand.self, ReceiveCommand.self, PurchaseCommand.self, ViewCommand.self, RecurCommand.self, RemindCommand.self, MailCommand.self, PeppolCommand.self, SDICommand.self, CDARCommand.self, KSeFCommand.self, PlatformCommand.self, VeriFactuCommand.self, EReportCommand.self, ServeCommand.self, ExportJournalCommand.self, LogCommand.self, SchemaCommand.self, ExplainCommand.self, LockCommand.self,
            SyncCommand.self, GitCommand.self, MergeFileCommand.self,
            LSPCommand.self,
        ]
    )

    public init() {}

    /// Runs the command line and exits: 0 success, 1 errors in the book, 2 usage error, no book,
    /// or a failure of the system (an output that cannot be written).
    public static func runAndExit(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        do {
            // The common `invoic pdf` command lines skip ArgumentParser (PDFRequest).
            let run: () throws -> Void
            if let request = PDFRequest(directArguments: arguments) {
                run = request.run
            } else {
                var command = try parse(arguments)
                run = { try command.run() }
            }
            do {
                try run()
            } catch let error where !isArgumentParserError(error) {
                // The system refused something (a folder that cannot be written, a disk full):
                // not a finding in the book, so exit 2 like a missing book, in invoic's own voice.
                Terminal.standardError.write("error: \(error)\n")
                Foundation.exit(2)
            }
            Foundation.exit(0)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                Foundation.exit(0)
            }
            if !message.isEmpty { Terminal.standardError.write(message + "\n") }
            // ArgumentParser says 64 for a usage error; invoic's contract says 2.
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }

    /// The command `arguments` ask for, as `parseAsRoot` finds it, but cheaper in the common case.
    /// `parseAsRoot` first builds the whole tree of ~40 commands (each one's configuration) and
    /// probes every command line for `--generate-completion-script` with two more parsers, each
    /// through reflection, whose first use of a type costs a scan of the binary's conformances.
    /// When the first argument names a command without subcommands, that command alone is parsed;
    /// only a plain success is kept (the same type, no help asked). Anything else (help, a usage
    /// error, `--version`, a completion request) is parsed again from the root, so every message,
    /// help screen and exit code stays the root's own.
    static func parse(_ arguments: [String]) throws -> ParsableCommand {
        if let name = arguments.first, !name.hasPrefix("-"), let leaf = leafSubcommand(named: name),
           let command = try? leaf.parseAsRoot(Array(arguments.dropFirst())),
           type(of: command) == leaf {
            return command
        }
        return try parseAsRoot(arguments)
    }

    /// The subcommand without subcommands of its own called `name`, matched as ArgumentParser
    /// matches it (its name or an alias); in order, so only the configurations before it are built.
    static func leafSubcommand(named name: String) -> ParsableCommand.Type? {
        guard let command = configuration.subcommands.first(where: {
            $0._commandName == name || $0.configuration.aliases.contains(name)
        }) else { return nil }
        return command.configuration.subcommands.isEmpty ? command : nil
    }
}

/// ArgumentParser answers `help`, `--help` after a subcommand and usage errors found while a
/// command runs by throwing its own (internal) error types from `run()`; those go to its own
/// message and exit-code mapping, everything else is a failure of the system.
private func isArgumentParserError(_ error: Error) -> Bool {
    error is ExitCode || error is CleanExit || error is ValidationError
        || String(reflecting: type(of: error)).hasPrefix("ArgumentParser.")
}

/// Part of every build fingerprint: a new version rebuilds every output (0.2.0: credit notes, e-invoices, payment codes, tagged PDFs).
public let invoicVersion = InvoicVersion.string

/// The options every command that reads a book shares.
struct BookOptions: ParsableArguments {
    @Option(name: .customShort("C"), help: ArgumentHelp("The book's directory; default: the current one, or the nearest one above it with an invoic.yaml.", valueName: "dir"))
    var givenDirectory: String = "."

    /// The book's folder: run from a sub-folder, invoic finds the book above, as git does.
    var directory: String { BookLocation.root(containing: givenDirectory) }

    @Option(help: ArgumentHelp("The date statuses are computed for (YYYY-MM-DD); default: the system date.", valueName: "date"))
    var today: Day?

    var resolvedToday: Day { today ?? Day.today() }
}

import InvoicBook
import InvoicPDF

extension Day: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(argument)
    }
}

