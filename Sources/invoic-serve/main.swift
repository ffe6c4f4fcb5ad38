import Foundation
import InvoicBook
import InvoicServe

/// The `invoic-serve` program: `invoic serve` hands over to it (exec), so the web server, SwiftNIO
/// and their startup cost live in a binary of their own, and every other command starts as fast
/// as before. Arguments come checked from `invoic serve`:
/// `--directory DIR --host HOST --port PORT [--read-only] [--open] [--sync] [--today YYYY-MM-DD]`.
enum ServeMain {
    static func run(_ arguments: [String]) -> Int32 {
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if ["--read-only", "--open", "--sync"].contains(argument) {
                flags.insert(argument)
                index += 1
            } else if index + 1 < arguments.count {
                values[argument] = arguments[index + 1]
                index += 2
            } else {
                return fail("invoic-serve: unexpected argument \(argument); run it as `invoic serve`")
            }
        }
        guard let directory = values["--directory"], let host = values["--host"], let port = values["--port"].flatMap(Int.init) else {
            return fail("invoic-serve: run it as `invoic serve` (see `invoic serve --help`)")
        }
        let live: LiveBook
        do { live = try LiveBook(root: directory, today: values["--today"].flatMap { Day($0) }) } catch {
            return fail("error: \(error)", status: 2)
        }
        live.watch()
        // `--sync`: `invoic sync` after each write, the invoic beside this program.
        let invoic = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("invoic").path
        let sync = flags.contains("--sync") ? [invoic, "sync", "-C", directory] : nil
        let server = BookServer(live: live, options: .init(host: host, port: port, readOnly: flags.contains("--read-only"), sync: sync))
        let readOnly = flags.contains("--read-only"), open = flags.contains("--open")
        // Said once the port is bound: a port in use is then the first and only line.
        let running: @Sendable () async -> Void = {
            if !server.isLoopback {
                FileHandle.standardError.write(Data("warning: listening on \(host): other machines on the network can open this book\(readOnly ? "" : " and change it; consider --read-only")\n".utf8))
            }
            FileHandle.standardOutput.write(Data("invoic: serving \(directory) at \(server.url) (Ctrl-C to stop)\n".utf8))
            if open {
                let browser = Process()
                browser.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                browser.arguments = ["xdg-open", server.url]
                try? browser.run()
            }
        }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: Error?
        Task {
            do { try await server.application(onServerRunning: running).runService() } catch { failure = error }
            done.signal()
        }
        done.wait()
        if let failure { return fail(describe(failure, host: host, port: port)) }
        return 0
    }

    /// A server that could not start, in words: the port in use, or not ours to take.
    static func describe(_ error: Error, host: String, port: Int) -> String {
        let text = "\(error)"
        if text.contains(String(cString: strerror(EADDRINUSE))) {
            return "error: port \(port) on \(host) is already in use (another invoic serve?); choose another with --port"
        }
        if text.contains(String(cString: strerror(EACCES))) {
            return "error: cannot listen on port \(port): permission denied (ports below 1024 need privileges); choose another with --port"
        }
        return "error: cannot serve on \(host):\(port): \(text)"
    }

    private static func fail(_ message: String, status: Int32 = 1) -> Int32 {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return status
    }
}

exit(ServeMain.run(Array(CommandLine.arguments.dropFirst())))
