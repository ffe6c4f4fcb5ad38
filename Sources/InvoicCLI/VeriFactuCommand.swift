import ArgumentParser
import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicPDF
import InvoicVeriFactu

struct VeriFactuCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verifactu",
        abstract: "Spain: write the VeriFactu registration records of the invoices issued (a book with `verifactu:`; docs/spain.md).",
        subcommands: [VeriFactuRecordCommand.self])
}

struct VeriFactuRecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Write the missing records: a RegistroAlta for each invoice and credit note sent, a RegistroAnulacion for each voided.",
        discussion: """
            Each record is a new file in verifactu/records/, chained after the last one by its huella (SHA-256); \
            none is ever rewritten. A book with errors, or whose chain is broken, gets no record. \
            FechaHoraHusoGenRegistro is the time now with its offset (--now and TZ set it). Commit the records with the invoices.
            """)

    @OptionGroup var options: EditOptions
    @Option(help: .hidden) var now: String?

    func run() throws {
        let checked = try bookWithoutErrors(options.directory, before: "writing VeriFactu records")
        guard checked.book.settings.verifactu != nil else {
            Terminal.standardError.write("error: the book has no `verifactu:` in invoic.yaml (docs/spain.md says what to write)\n")
            throw ExitCode(1)
        }
        let date = try now.map { text -> Date in
            guard let parsed = ISO8601DateFormatter().date(from: text) else { throw ValidationError("--now takes an ISO 8601 time, e.g. 2026-03-02T10:30:00Z") }
            return parsed
        } ?? Date()
        if options.dryRun {
            for (kind, document) in VeriFactuRegister.read(root: options.directory).pending(in: checked.book) {
                Terminal.standardOutput.writePrintable("would write the \(kind.rawValue) record of \(document.number)\n")
            }
            return
        }
        let lock = try BookLock(root: options.directory)
        defer { withExtendedLifetime(lock) {} }
        do {
            let written = try VeriFactuRegister.record(book: checked.book, root: options.directory, version: invoicVersion, now: date, timeZone: .current)
            for file in written { Terminal.standardOutput.writePrintable("wrote \(file)\n") }
            if written.isEmpty { Terminal.standardOutput.write("every issued document has its record\n") }
        } catch let error as VeriFactuRegister.RecordError {
            Terminal.standardError.writePrintable("error: \(error.description)\n")
            throw ExitCode(1)
        }
    }
}
