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

    /// The common `invoic pdf` lines skip ArgumentParser (PDFRequest): each one it takes must be
    /// exactly what ArgumentParser makes of it, and every other line is left to ArgumentParser.
    static let pdfLines: [[String]] = lines + [
        ["pdf", "-o", "out", "INV-0001"], ["pdf", "--output", "out.pdf", "INV-0001"], ["pdf", "INV-0001", "-C", "book"],
        ["pdf", "-C", "my book", "-o", "a b/x.PDF", "invoices/INV-0001.yaml"], ["pdf", "A", "B", "C", "-o", "dir"],
        ["pdf", "-C", "a", "-C", "b", "INV-1"], ["pdf", "-o", "a", "--output", "b", "INV-1"], ["pdf", "-C", "-o", "x", "INV-1"],
        ["pdf", "-o", "-", "INV-1"], ["pdf", "INV-1", "-o"], ["pdf", "--output=x", "INV-1"], ["pdf", "-C", "book"],
        ["pdf", "-o", "x.pdf", "A", "B"], ["pdf", "Ümlaut-ß", "-C", "ordner"], ["pdf", "help", "INV-1"],
    ]

    @Test(arguments: pdfLines) func theDirectPDFRequestIsArgumentParsers(_ line: [String]) throws {
        // A line the direct path does not take is ArgumentParser's, as every line was before.
        guard let direct = PDFRequest(directArguments: line) else { return }
        let command = try #require(try InvoicCommand.parseAsRoot(line) as? PDFCommand, "\(line)")
        try command.validate()
        #expect(command.request == direct, "\(line)")
    }

    @Test func theCommonPDFLinesTakeTheDirectPath() {
        #expect(PDFRequest(directArguments: ["pdf", "INV-0001"]) == PDFRequest(files: ["INV-0001"]))
        #expect(PDFRequest(directArguments: ["pdf", "-C", "book", "-o", "out", "INV-0001", "INV-0002"])
                == PDFRequest(givenDirectory: "book", output: "out", files: ["INV-0001", "INV-0002"]))
        for line in [["pdf"], ["pdf", "--copy", "INV-1"], ["pdf", "--", "INV-1"], ["pdf", "-Cbook", "INV-1"], ["check", "INV-1"], ["pdf", "help"]] {
            #expect(PDFRequest(directArguments: line) == nil, "\(line)")
        }
    }

    /// `invoic pdf N` takes the direct path (the point of it): pdf parsed as the root succeeds.
    @Test func pdfParsesAlone() throws {
        #expect(try PDFCommand.parseAsRoot(["-C", "book", "INV-0001"]) is PDFCommand)
        #expect(PDFCommand.configuration._superCommandName == "invoic")
    }
}
