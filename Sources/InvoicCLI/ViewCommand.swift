import ArgumentParser
import Foundation
import InvoicBook
import InvoicInbox

/// `invoic view`: any e-invoice, in the book or not, as a readable document.
struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view", abstract: "Show an e-invoice (XML, Factur-X / ZUGFeRD PDF, mail) as a readable document.",
        discussion: "Needs no book. Parties, references, lines, allowances and charges, tax, totals, payment, notes, attachments, and the EN 16931 rule findings last.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, html }

    @Argument(help: ArgumentHelp("The e-invoice.", valueName: "file")) var file: String
    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "out")) var output: String?
    @Option(help: "text or html; default: html when --output ends in .html, text otherwise.") var format: Format?
    @Option(help: ArgumentHelp("The locale of amounts and numbers, e.g. de_DE; default en_US.", valueName: "locale")) var locale: String = "en_US"

    func run() throws {
        let bytes: [UInt8]
        switch readFile(file) {
        case .success(let read): bytes = read
        case .failure(let refusal):
            Terminal.standardError.write("\(file): error: \(refusal.message)\n  help: \(refusal.help)\n")
            throw ExitCode(1)
        }
        let documents: [IncomingDocument]
        do { documents = try Inbox.read(bytes: bytes, filename: (file as NSString).lastPathComponent) } catch {
            Terminal.standardError.write("\(file): error: \(error.message)\n  help: \(error.help)\n")
            throw ExitCode(1)
        }
        let chosen = format ?? (output?.lowercased().hasSuffix(".html") == true ? .html : .text)
        if output?.lowercased().hasSuffix(".pdf") == true {
            Terminal.standardError.write("error: a PDF view is not made yet; use -o FILE.html or --format text\n")
            throw ExitCode(2)
        }
        let rendered = documents.map { incoming in
            let findings = Findings.check(incoming.document)
            return chosen == .html ? ReceivedView.html(incoming.document, findings: findings, locale: locale)
                                   : ReceivedView.text(incoming.document, findings: findings, locale: locale)
        }.joined(separator: chosen == .html ? "\n" : "\n\n")
        if let output, output != "-" {
            do { try AtomicFile.write(Array(rendered.utf8), to: output) } catch {
                Terminal.standardError.write("error: \(error)\n")
                throw ExitCode(2)
            }
        } else {
            print(rendered, terminator: "")
        }
    }
}
