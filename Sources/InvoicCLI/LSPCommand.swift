import ArgumentParser
import Foundation
import InvoicBook
import InvoicLSP

struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run the language server on stdin and stdout, for an editor: diagnostics as you type, quick fixes, completion, hover, navigation, preview.",
        discussion: "The editor starts it; see docs/editors.md. The book is the workspace folder the editor opens (or the book above it). Exit status: 0 after `shutdown` and `exit`, 1 when the input ends without them."
    )

    @Option(help: ArgumentHelp("The date statuses and balances are computed for (YYYY-MM-DD); default: the system date.", valueName: "date"))
    var today: Day?

    @Flag(help: .hidden) var stdio = false  // what VS Code's clients pass by default

    func run() throws {
        let server = LanguageServer(writer: MessageWriter(descriptor: 1), today: today)
        let status = server.run(reading: MessageReader(descriptor: 0))
        throw ExitCode(status)
    }
}
