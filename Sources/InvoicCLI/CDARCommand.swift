import ArgumentParser
import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicBuild
import InvoicDiagnostics
import InvoicFrance

/// `invoic cdar`: the French life-cycle statuses the seller sets itself (docs/france.md). Today
/// "encaissée" (212): a French book of services without `vat_on_debits:` owes one for every
/// payment it records. Written into a folder, not sent: the platform command sends them.
struct CDARCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cdar",
        abstract: "Write the French life-cycle statuses the seller still has to send (212 Encaissée) as CDAR files.",
        discussion: """
            A French seller of services whose VAT is due when paid (no `vat_on_debits:`) tells the administration, \
            through its platform, of every payment recorded on such an invoice (XP Z12-012, status 212 \
            "Encaissée", with the amount and its VAT rate). Each payment gives one CDAR, its bytes fixed by the \
            book: `<number>-212-<n>.xml` in --out (build/cdar by default). A status already kept in \
            outbox/<year>/<number>/cdar/ (sent) is not written again; --all writes them all.
            """)

    @OptionGroup var book: BookOptions

    @Option(help: "The folder to write into (relative to the book, or absolute).")
    var out = "build/cdar"

    @Flag(help: "Write every status the payments call for, sent or not.")
    var all = false

    func run() throws {
        let result = try runPipeline(BookPipeline(root: book.directory), upTo: .book)
        if result.diagnostics.hasErrors {
            Reporter(format: .human, root: book.directory, sources: result.sources).report(result.diagnostics)
            throw ExitCode(1)
        }
        let statuses = all ? SellerStatuses.all(book: result.book) : SellerStatuses.pending(book: result.book, root: book.directory)
        guard !statuses.isEmpty else {
            Terminal.standardError.write(SellerStatuses.vatDueOnReceipt(result.book.settings)
                ? "no status to send: every payment's 212 Encaissée is kept in the outbox\n"
                : "no status to send: the seller sets no status itself in this book (not French, goods, or VAT on debits)\n")
            return
        }
        let folder = out.hasPrefix("/") ? out : BookLoader.join(book.directory, out)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for status in statuses {
            try AtomicFile.write(status.bytes, to: BookLoader.join(folder, status.fileName))
            Terminal.standardOutput.writeLine("wrote \(out)/\(status.fileName): \(status.status.code) \(status.status.name) of \(printable(status.number))")
        }
    }
}
