import ArgumentParser
import Foundation
import InvoicBook

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Open the book as a local web app, live as you edit its files.",
        discussion: """
            Prints the URL and serves until interrupted (Ctrl-C). Pages: the dashboard with filters and \
            search, each document with its figures, payments, git history and PDF, each client, the \
            diagnostics, /index.json. Forms record sent, paid, accepted, declined, converted and voided \
            through the same edits as the command line, write new invoices and estimates and edit \
            drafts and any YAML file of the book, and write nothing that would add an error. \
            Only this machine can connect unless --host says otherwise. The server is the program \
            invoic-serve, installed beside invoic.
            """)

    @Option(name: .customShort("C"), help: ArgumentHelp("The book's directory; default: the current one, or the nearest one above it with an invoic.yaml.", valueName: "dir"))
    var givenDirectory: String = "."
    @Option(help: "The port.") var port: Int = 8037
    @Option(help: "The address to listen on; anything but 127.0.0.1, ::1 or localhost lets other machines in.") var host = "127.0.0.1"
    @Flag(help: "Show the book; refuse every change.") var readOnly = false
    @Flag(help: "Open the dashboard in the browser (xdg-open).") var open = false
    @Flag(help: "After each change the app writes, run `invoic sync`: commit, merge with the remote, check, push (docs/teams.md).") var sync = false
    @Option(help: ArgumentHelp("The date statuses are computed for (YYYY-MM-DD); default: the system date.", valueName: "date"))
    var today: Day?

    func validate() throws {
        if !(1...65535).contains(port) { throw ValidationError("--port \(port) is not a port (1 to 65535)") }
    }

    /// Hands over to invoic-serve (exec: the same process, its signals and exit status), so the
    /// web server's libraries never slow down the start of every other command.
    func run() throws {
        let here = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let helper = here.appendingPathComponent("invoic-serve").path
        guard FileManager.default.isExecutableFile(atPath: helper) else {
            Terminal.standardError.write("error: \(helper) is missing: invoic serve runs the program invoic-serve from beside invoic; build it with `make` (or `swift build -c release --product invoic-serve`)\n")
            throw ExitCode(2)
        }
        var arguments = ["invoic-serve", "--directory", BookLocation.root(containing: givenDirectory), "--host", host, "--port", String(port)]
        if readOnly { arguments.append("--read-only") }
        if open { arguments.append("--open") }
        if sync { arguments.append("--sync") }
        if let today { arguments += ["--today", today.description] }
        let pointers = arguments.map { strdup($0) } + [nil]
        execv(helper, pointers)
        Terminal.standardError.write("error: cannot run \(helper): \(String(cString: strerror(errno)))\n")
        throw ExitCode(2)
    }
}
