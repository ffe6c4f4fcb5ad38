import ArgumentParser
import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicHistory
import InvoicReport

/// `check --staged`: the book as staged in git, and the paths of its files there. Diagnostics about
/// documents and clients that are only in the working tree are left out: they are not being committed.
func loadStaged(_ options: BookOptions) throws -> (result: BookChecker.Result, files: Set<String>?) {
    let staged: [String: [UInt8]]
    do {
        staged = try BookHistory.stagedFiles(at: options.directory)
    } catch {
        Terminal.standardError.write("error: --staged: \(error)\n  = help: \(error.help)\n")
        throw ExitCode(2)
    }
    let files = Set(staged.keys)
    let book: BookChecker.Result
    do {
        book = try BookChecker.check(at: options.directory, overrides: staged)
    } catch {
        Terminal.standardError.write("error: \(error)\n")
        throw ExitCode(2)
    }
    var result = book
    result.diagnostics.removeAll { diagnostic in
        guard let file = diagnostic.file, ["invoices/", "estimates/", "clients/"].contains(where: file.hasPrefix) else { return false }
        return !files.contains(file)
    }
    return (result, files)
}

/// The history check's findings for `book`; when there is no history to read, one
/// `history-unavailable` diagnostic: an error if `--history` was asked for, else a warning.
/// - Parameter reading: the history, if its reading was started before the book was checked.
func historyDiagnostics(_ book: Book, root: String, files: Set<String>?, asked: Bool, reading: HistoryReading? = nil) -> [Diagnostic] {
    do {
        return try (reading ?? HistoryReading(at: root)).history().judge(book, files: files)
    } catch {
        return [HistoryIsReadable.diagnostic(error, asked: asked)]
    }
}

/// `init --hooks`: installs the pre-commit hook, making the folder a repository first if needed.
func installPreCommitHook(in directory: String) throws {
    do {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        switch try PreCommitHook.install(at: directory, initializeRepository: true, executable: executable) {
        case .installed(let path, let created):
            Terminal.standardError.write("\(created ? "made \(directory) a git repository and " : "")installed the pre-commit hook \(path)\n")
        case .alreadyInstalled(let path):
            Terminal.standardError.write("the pre-commit hook \(path) already checks this book\n")
        case .foreignHook(let path, let line):
            Terminal.standardError.write("error: \(path) is another program's hook; invoic leaves it alone. Add this line to it:\n    \(line)\n")
            throw ExitCode(1)
        }
    } catch let error as HistoryError {
        Terminal.standardError.write("error: \(error)\n  = help: \(error.help)\n")
        throw ExitCode(1)
    }
}

/// For the report: the commit that issued each invoice, when the book keeps its history
/// (`history: true`). A book that merely sits inside some git repository is not asked, so its
/// report does not change with commits that are not about it.
func issuingCommits(of book: Book) -> [String: IndexReport.IssuingCommit] {
    guard book.settings.history else { return [:] }
    return BookHistory.issuingCommits(root: book.root).mapValues { commit in
        IndexReport.IssuingCommit(shortHash: commit.shortHash, author: commit.author, date: String(commit.timestamp.prefix(10)))
    }
}
