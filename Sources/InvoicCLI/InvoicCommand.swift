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
            NewCommand.self, ConvertCommand.self, SendCommand.self, PayCommand.self, VoidCommand.self,
            AcceptCommand.self, DeclineCommand.self, LogCommand.self, SchemaCommand.self, ExplainCommand.self,
        ]
    )

    public init() {}

    /// Runs the command line and exits: 0 success, 1 errors in the book, 2 usage error or no book.
    public static func runAndExit(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
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
}

public let invoicVersion = "0.1.0"

/// The options every command that reads a book shares.
struct BookOptions: ParsableArguments {
    @Option(name: .customShort("C"), help: ArgumentHelp("The book's directory.", valueName: "dir"))
    var directory: String = "."

    @Option(help: ArgumentHelp("The date statuses are computed for (YYYY-MM-DD); default: the system date.", valueName: "date"))
    var today: Day?

    var resolvedToday: Day { today ?? Day.today() }
}

import InvoicBook

extension Day: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(argument)
    }
}

/// Failures that end a command with a message and an exit code, printed by `runAndExit`.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    var exitCode: Int32
}
