import ArgumentParser
import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicInbox

/// `invoic view`: any e-invoice, in the book or not, as a readable document.
struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view", abstract: "Show an e-invoice (XML, Factur-X / ZUGFeRD PDF, mail) as a readable document.",
        discussion: "Needs no book. Parties, references, lines, allowances and charges, tax, totals, payment, notes, attachments, and the EN 16931 rule findings last.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, html, pdf }

    @Argument(help: ArgumentHelp("The e-invoice, or the number of a purchase the book received (its original is shown).", valueName: "file")) var file: String
    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "out")) var output: String?
    @Option(help: "text, html or pdf; default: by --output's ending (.html, .pdf), text otherwise.") var format: Format?
    @Option(name: .customLong("locale"), help: ArgumentHelp("The reader's locale: the words, amounts and dates of the view, e.g. de_DE; default: the book's `defaults.locale` when run in a book, else en_US.", valueName: "locale"))
    var givenLocale: String?

    /// The book around the current folder, when there is one: the receiving book, whose locale,
    /// template, labels and paper the view takes.
    var receivingBook: Book? {
        let root = BookLocation.root(containing: ".")
        guard FileManager.default.fileExists(atPath: BookLoader.join(root, "invoic.yaml")) else { return nil }
        return try? BookLoader.load(at: root).0
    }

    /// The reader's: as given, else the book's (issue 37: a German book's user reads German
    /// amounts), else en_US.
    func locale(in book: Book?) -> String {
        givenLocale ?? book?.settings.defaults.locale?.value ?? "en_US"
    }

    /// `file`, or when no such file exists and the book received a purchase so numbered, its
    /// original (the evidence under purchases/), as `invoic receive` kept it.
    func path(in book: Book?) -> String {
        guard !FileManager.default.fileExists(atPath: file), let book, let purchase = book.purchase(file) else { return file }
        return BookLoader.join(book.root, purchase.source)
    }

    func run() throws {
        let book = receivingBook
        let file = path(in: book)
        let bytes: [UInt8]
        switch readFile(file) {
        case .success(let read): bytes = read
        case .failure(let refusal):
            Terminal.standardError.writePrintable("\(printable(file)): error: \(printable(refusal.message))\n  help: \(printable(refusal.help))\n")
            throw ExitCode(1)
        }
        let documents: [IncomingDocument]
        do { documents = try Inbox.read(bytes: bytes, filename: (file as NSString).lastPathComponent) } catch {
            Terminal.standardError.writePrintable("\(printable(file)): error: \(printable(error.message))\n  help: \(printable(error.help))\n")
            throw ExitCode(1)
        }
        let ending = output.map { ($0 as NSString).pathExtension.lowercased() }
        let chosen = format ?? (ending == "html" ? .html : ending == "pdf" ? .pdf : .text)
        if chosen == .pdf { return try writePDFs(documents, of: file, book: book) }
        let locale = self.locale(in: book)
        let rendered = documents.map { incoming in
            let received = incoming.received
            let findings = Findings.check(received)
            return chosen == .html ? ReceivedView.html(received, findings: findings, locale: locale, in: book)
                                   : ReceivedView.text(received, findings: findings, locale: locale, in: book)
        }.joined(separator: chosen == .html ? "\n" : "\n\n")
        if let output, output != "-" {
            do { try AtomicFile.write(Array(rendered.utf8), to: output) } catch {
                Terminal.standardError.writePrintable("error: \(printable("\(error)"))\n")
                throw ExitCode(2)
            }
        } else {
            // The supplier's texts, numbers and names reach the terminal through the one escaper.
            Terminal.standardOutput.writePrintable(rendered)
        }
    }

    /// One PDF per document read: to `--output`, or beside it numbered when the file held several
    /// (a mail with two invoices); to standard output only when it is no terminal.
    private func writePDFs(_ documents: [IncomingDocument], of file: String, book: Book?) throws {
        let name = (file as NSString).lastPathComponent
        guard let output else {
            guard isatty(STDOUT_FILENO) == 0, documents.count == 1 else {
                Terminal.standardError.writePrintable("error: a PDF view needs a file to go to\n  help: invoic view \(printable(file)) -o view.pdf\n")
                throw ExitCode(2)
            }
            FileHandle.standardOutput.write(Data(try pdf(documents[0], name: name, book: book)))
            return
        }
        for (index, incoming) in documents.enumerated() {
            var target = output
            if documents.count > 1 {
                let stem = (output as NSString).deletingPathExtension
                target = "\(stem)-\(index + 1).pdf"
            }
            let bytes = try pdf(incoming, name: name, book: book)
            do { try AtomicFile.write(bytes, to: target) } catch {
                Terminal.standardError.writePrintable("error: \(printable("\(error)"))\n")
                throw ExitCode(2)
            }
            if documents.count > 1 { Terminal.standardOutput.writePrintable("\(printable(target)): \(printable(incoming.document.number))\n") }
        }
    }

    private func pdf(_ incoming: IncomingDocument, name: String, book: Book?) throws -> [UInt8] {
        let received = incoming.received
        let findings = Findings.check(received)
        do {
            let (bytes, missing) = try ReceivedPDF.render(received, findings: findings, locale: locale(in: book), file: name, in: book)
            for text in missing { Terminal.standardError.writePrintable("warning: no font draws \(printable(text)); it prints as a box\n") }
            return bytes
        } catch {
            Terminal.standardError.writePrintable("error: \(printable("\(error)"))\n")
            throw ExitCode(2)
        }
    }
}
