import ArgumentParser
import Foundation
import InvoicBook
import InvoicServe

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Open the book as a local web app, live as you edit its files.",
        discussion: """
            Prints the URL and serves until interrupted (Ctrl-C). Pages: the dashboard with filters and \
            search, each document with its figures, payments, git history and PDF, each client, the \
            diagnostics, /index.json. Forms record sent, paid, accepted, declined, converted and voided \
            through the same edits as the command line, and write nothing that would add an error. \
            Only this machine can connect unless --host says otherwise.
            """)

    @Option(name: .customShort("C"), help: ArgumentHelp("The book's directory; default: the current one, or the nearest one above it with an invoic.yaml.", valueName: "dir"))
    var givenDirectory: String = "."
    @Option(help: "The port.") var port: Int = 8037
    @Option(help: "The address to listen on; anything but 127.0.0.1, ::1 or localhost lets other machines in.") var host = "127.0.0.1"
    @Flag(help: "Show the book; refuse every change.") var readOnly = false
    @Flag(help: "Open the dashboard in the browser (xdg-open).") var open = false
    @Option(help: ArgumentHelp("The date statuses are computed for (YYYY-MM-DD); default: the system date.", valueName: "date"))
    var today: Day?

    func validate() throws {
        if !(1...65535).contains(port) { throw ValidationError("--port \(port) is not a port (1 to 65535)") }
    }

    /// The command line runs commands synchronously; the server is async: it runs on the
    /// concurrency pool while this thread waits for it to stop (Ctrl-C or SIGTERM).
    func run() throws {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: Error?
        Task {
            do { try await serve() } catch { failure = error }
            done.signal()
        }
        done.wait()
        if let failure { throw failure }
    }

    func serve() async throws {
        let directory = BookLocation.root(containing: givenDirectory)
        let live: LiveBook
        do { live = try LiveBook(root: directory, today: today) } catch {
            Terminal.standardError.write("error: \(error)\n")
            throw ExitCode(2)
        }
        live.watch()
        let server = BookServer(live: live, options: .init(host: host, port: port, readOnly: readOnly))
        if !server.isLoopback {
            Terminal.standardError.write("warning: listening on \(host): other machines on the network can open this book\(readOnly ? "" : " and change it; consider --read-only")\n")
        }
        Terminal.standardOutput.write("invoic: serving \(directory) at \(server.url) (Ctrl-C to stop)\n")
        if open {
            let browser = Process()
            browser.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            browser.arguments = ["xdg-open", server.url]
            try? browser.run()
        }
        try await server.application().runService()
    }
}
