import Foundation
import Testing
@testable import InvoicCLI

/// `InvoicCommand.parse` parses a named leaf subcommand alone (cheaper than ArgumentParser's
/// whole tree); whatever it answers must be what `parseAsRoot` answers for the same line.
@Suite struct CommandSelectionTests {
    /// What a parse gives, comparable: the command's type and every parsed value (its dump), or
    /// the message and exit code ArgumentParser makes of the error.
    static func outcome(_ parse: () throws -> Any) -> String {
        do {
            let command = try parse()
            var text = "\(type(of: command))\n"
            dump(command, to: &text)
            return text
        } catch {
            return "error \(InvoicCommand.exitCode(for: error).rawValue)\n\(InvoicCommand.fullMessage(for: error))"
        }
    }

    static let lines: [[String]] = [
        ["pdf", "INV-0001"], ["pdf", "-C", "book", "-o", "out", "INV-0001", "invoices/INV-0002.yaml"],
        ["pdf", "-Cbook", "--copy", "--today", "2026-05-01", "--diagnostics-format", "json", "INV-0001"],
        ["pdf", "--no-history", "INV-0001"], ["pdf", "--", "-weird.yaml"],
        // help in every form: the root's screens, with the whole command stack
        ["pdf", "--help"], ["pdf", "-h"], ["pdf", "-C", "book", "-h", "INV-0001"], ["help", "pdf"], ["pdf", "help"],
        // usage errors: the root's messages and exit codes
        ["pdf"], ["pdf", "--bogus", "INV-0001"], ["pdf", "--today", "2026-05-01", "INV-0001"], ["pdf", "-o", "a.pdf", "A", "B"],
        ["pdf", "--diagnostics-format", "xml", "INV-0001"], ["pdf", "-C"], ["pdf", "--history", "--no-history", "INV-0001"],
        // what only the root answers
        ["pdf", "--version"], ["--version"], ["pdf", "--generate-completion-script", "bash"], ["pdf", "INV-0001", "--generate-completion-script"],
        ["--generate-completion-script", "zsh"], ["pdf", "---completion"], ["---completion", "pdf", "--", "--diagnostics-format", "0", "0"],
        ["pdf", "--experimental-dump-help"],
        // other commands: leaves, groups, nested leaves, unknown names
        ["check", "-C", "book"], ["check", "--bogus"], ["build", "--out", "x", "--jobs", "2"], ["purchase", "accept", "P-1", "--reason", "ok"],
        ["purchase", "accept", "--help"], ["help", "purchase", "reject"], ["purchase"], ["report"], ["new", "invoice", "--help"],
        ["explain", "missing-client"], ["nope"], ["-C", "book", "pdf", "INV-0001"], [],
    ]

    @Test(arguments: lines) func theDirectParseAnswersAsTheRootDoes(_ line: [String]) {
        #expect(Self.outcome { try InvoicCommand.parse(line) } == Self.outcome { try InvoicCommand.parseAsRoot(line) }, "\(line)")
    }

    /// The subcommand is found as ArgumentParser finds it, and only a leaf is parsed alone.
    @Test func everySubcommandIsFoundByItsName() {
        for command in InvoicCommand.configuration.subcommands {
            let found = InvoicCommand.leafSubcommand(named: command._commandName)
            if command.configuration.subcommands.isEmpty {
                #expect(found == command, "\(command._commandName)")
            } else {
                #expect(found == nil, "\(command._commandName) has subcommands")
            }
        }
        #expect(InvoicCommand.leafSubcommand(named: "help") == nil)
        #expect(InvoicCommand.leafSubcommand(named: "--version") == nil)
    }

    /// `invoic pdf N` takes the direct path (the point of it): pdf parsed as the root succeeds.
    @Test func pdfParsesAlone() throws {
        #expect(try PDFCommand.parseAsRoot(["-C", "book", "INV-0001"]) is PDFCommand)
        #expect(PDFCommand.configuration._superCommandName == "invoic")
    }
}
