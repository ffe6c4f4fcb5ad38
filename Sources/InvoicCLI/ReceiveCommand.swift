import ArgumentParser
import Foundation
import InvoicBook
import InvoicFrance
import InvoicDiagnostics
import InvoicInbox

/// `invoic receive`: suppliers' e-invoices into the book's purchases/. Only argument parsing and
/// printing here; reading, checking and writing are `Inbox.receive` (InvoicInbox), which the web
/// app and Peppol's receiver call too.
struct ReceiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receive", abstract: "Receive suppliers' e-invoices (XML, Factur-X / ZUGFeRD PDFs, mails) into purchases/.",
        discussion: """
            Reads UBL and CII (XRechnung, Peppol BIS, Factur-X / ZUGFeRD of every profile), PDFs that carry one, and .eml mails \
            with them attached. Each original is kept unchanged under purchases/<year>/ with a YAML record beside it; the \
            supplier's file is made in suppliers/ or recognised. What is no e-invoice is refused and nothing is written; the same \
            document received twice is recognised. A folder gives its files. Exits 1 when a file was refused.
            """)

    @Argument(help: ArgumentHelp("E-invoice files, French life-cycle status messages (CDAR), folders of them, or .eml mails.", valueName: "file"))
    var files: [String]

    @OptionGroup var options: EditOptions

    func run() throws {
        let root = options.directory
        guard FileManager.default.fileExists(atPath: BookLoader.join(root, BookSettings.fileName)) else {
            Terminal.standardError.writePrintable("error: no invoic.yaml in \(root): this is not an invoic book (run `invoic init`, or pass -C DIR)\n")
            throw ExitCode(2)
        }
        var refused = false
        for path in expand(files) {
            let outcomes: [ReceiveOutcome]
            switch readFile(path) {
            case .success(let bytes):
                if options.dryRun {
                    outcomes = dryRun(bytes, path)
                } else {
                    outcomes = Inbox.receive(bytes: bytes, filename: (path as NSString).lastPathComponent, into: root, today: options.today)
                }
            case .failure(let refusal):
                outcomes = [ReceiveOutcome(status: .refused, file: path, refusal: refusal)]
            }
            for outcome in outcomes {
                switch outcome.status {
                case .received where outcome.lifeCycleStatus != nil:
                    Terminal.standardOutput.writeLine("received \(printable(outcome.file)): status \(printable(outcome.lifeCycleStatus ?? "")) of \(printable(outcome.number ?? "")) -> \(outcome.record ?? "")")
                case .duplicate where outcome.lifeCycleStatus != nil:
                    Terminal.standardOutput.writeLine("already received \(printable(outcome.file)): status \(printable(outcome.lifeCycleStatus ?? "")) of \(printable(outcome.number ?? "")) is \(outcome.record ?? ""); nothing written")
                case .received:
                    let supplier = (outcome.supplier ?? "") + (outcome.newSupplier ? " (new supplier: suppliers/\(outcome.supplier ?? "").yaml)" : "")
                    Terminal.standardOutput.writeLine("received \(outcome.file): \(outcome.number ?? "") from \(supplier) -> \(outcome.record ?? "")")
                    for finding in outcome.findings { Terminal.standardOutput.writeLine("  finding \(finding.rule): \(finding.message)") }
                case .duplicate:
                    Terminal.standardOutput.writeLine("already received \(outcome.file): \(outcome.number ?? "") from \(outcome.supplier ?? "") is \(outcome.record ?? ""); nothing written")
                case .refused:
                    refused = true
                    let refusal = outcome.refusal
                    Terminal.standardError.write("\(printable(path)): error: \(printable(refusal?.message ?? "refused"))\n  help: \(printable(refusal?.help ?? ""))\n")
                }
            }
        }
        if refused { throw ExitCode(1) }
    }

    /// --dry-run: what would be received, read and checked but not written.
    private func dryRun(_ bytes: [UInt8], _ path: String) -> [ReceiveOutcome] {
        if CDARReader.looksLikeCDAR(bytes) { return dryRunStatus(bytes, path) }
        do throws(Refusal) {
            return try Inbox.read(bytes: bytes, filename: (path as NSString).lastPathComponent).map { incoming in
                ReceiveOutcome(status: .received, file: incoming.name, number: incoming.document.number, supplier: incoming.document.seller.name,
                               record: "(dry run: nothing written)", findings: Findings.check(incoming.document))
            }
        } catch {
            return [ReceiveOutcome(status: .refused, file: path, refusal: error)]
        }
    }

    /// --dry-run of a French life-cycle status: read and matched with the book, not kept.
    private func dryRunStatus(_ bytes: [UInt8], _ path: String) -> [ReceiveOutcome] {
        do throws(CDARError) {
            let book: Book
            do { book = try BookLoader.load(at: options.directory).0 } catch {
                throw CDARError("cannot read the book to match the status with its invoice: \(error)", help: "run `invoic check` and fix what it says")
            }
            return try LifeCycle.match(bytes, book: book).map { match in
                var outcome = ReceiveOutcome(status: .received, file: (path as NSString).lastPathComponent, number: match.document.number,
                                             record: "(dry run: nothing written)")
                outcome.lifeCycleStatus = "\(match.reference.status.code) \(match.reference.status.name)"
                return outcome
            }
        } catch {
            return [ReceiveOutcome(status: .refused, file: path, refusal: Refusal(error.description, help: error.help))]
        }
    }

    /// Files as given, a folder's files (sorted, hidden ones skipped, not below its sub-folders).
    private func expand(_ paths: [String]) -> [String] {
        var result: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                for name in names.sorted() where !name.hasPrefix(".") {
                    let full = (path as NSString).appendingPathComponent(name)
                    var sub: ObjCBool = false
                    if FileManager.default.fileExists(atPath: full, isDirectory: &sub), !sub.boolValue { result.append(full) }
                }
            } else {
                result.append(path)
            }
        }
        return result
    }
}

/// A regular file's bytes, bounded (a named pipe or a device is refused, never read).
func readFile(_ path: String) -> Result<[UInt8], Refusal> {
    var info = stat()
    guard stat(path, &info) == 0 else {
        return .failure(Refusal("cannot read \(path) (\(String(cString: strerror(errno))))", help: "check the file's name and permissions"))
    }
    guard info.st_mode & S_IFMT == S_IFREG else { return .failure(Refusal("\(path) is not a regular file", help: "give an e-invoice file, a folder or a mail")) }
    guard Int(info.st_size) <= Inbox.maximumFileSize else {
        return .failure(Refusal("no e-invoice: \(path) is \(info.st_size) bytes, more than the \(Inbox.maximumFileSize / 1024 / 1024) MB an e-invoice may have here",
                                help: "ask the supplier for the XML or the Factur-X / ZUGFeRD PDF"))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
        return .failure(Refusal("cannot read \(path)", help: "check the file's permissions"))
    }
    return .success([UInt8](data))
}
