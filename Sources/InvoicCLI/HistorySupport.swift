import ArgumentParser
import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicHistory
import InvoicReport

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
