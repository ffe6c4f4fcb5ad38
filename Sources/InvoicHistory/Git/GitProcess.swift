import Foundation

/// Runs `git` in the book's folder and returns what it printed. The only place that starts a process.
struct GitProcess: Sendable {
    /// The book's folder; git finds the repository from there.
    let directory: String

    /// Runs `git -C directory arguments`, feeding `input` to its standard input.
    func run(_ arguments: [String], input: [UInt8]? = nil) throws(HistoryError) -> [UInt8] {
        let outcome = try attempt(arguments, input: input)
        guard outcome.status == 0 else {
            if outcome.status == 127 { throw .gitUnavailable }
            if outcome.errors.contains("not a git repository") { throw .notARepository(directory) }
            throw .gitFailed(command: arguments.prefix(while: { $0 != "--" }).joined(separator: " "), message: outcome.errors)
        }
        return outcome.output
    }

    /// What one run of git said, whether it succeeded or not: a refused push prints its
    /// per-reference verdicts on standard output and exits with 1.
    struct Outcome: Sendable {
        /// The exit status; -1 when git was killed by a signal.
        var status: Int32
        var output: [UInt8]
        var errors: String
        var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// Runs git like ``run(_:input:)`` and hands back its status and output instead of throwing
    /// on failure. Throws only when git cannot be started.
    func attempt(_ arguments: [String], input: [UInt8]? = nil) throws(HistoryError) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory.isEmpty ? "." : directory] + arguments
        process.environment = Self.environment
        let output = Pipe(), errors = Pipe()
        let feed = input.map { _ in Pipe() }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = feed ?? FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .gitUnavailable
        }
        // Write and drain on other threads, so neither pipe can fill up and stall git.
        let writer = feed.map { pipe in
            Thread.detachNewThreadWithResult {
                try? pipe.fileHandleForWriting.write(contentsOf: input ?? [])
                try? pipe.fileHandleForWriting.close()
                return [UInt8]()
            }
        }
        let stderr = Thread.detachNewThreadWithResult { [UInt8](errors.fileHandleForReading.readDataToEndOfFile()) }
        let stdout = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        _ = writer?.value
        let message = String(decoding: stderr.value, as: UTF8.self)
        let status = process.terminationReason == .exit ? process.terminationStatus : -1
        return Outcome(status: status, output: stdout, errors: message)
    }

    /// Lines of output split at NUL (`-z` output).
    func fields(_ arguments: [String]) throws(HistoryError) -> [String] {
        try run(arguments).split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// In a git hook, git may export a relative GIT_DIR or GIT_INDEX_FILE; `-C` would then
    /// resolve them from the book's folder instead of the hook's, so they are made absolute.
    static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        let here = FileManager.default.currentDirectoryPath
        for key in ["GIT_DIR", "GIT_INDEX_FILE", "GIT_WORK_TREE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR"] {
            if let value = environment[key], !value.isEmpty, !value.hasPrefix("/") {
                environment[key] = here + "/" + value
            }
        }
        environment["GIT_PAGER"] = "cat"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        environment["LC_ALL"] = "C"
        return environment
    }()
}

/// A value computed on another thread, read once it is done.
final class ThreadResult<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Value?

    fileprivate func finish(_ value: Value) {
        result = value
        done.signal()
    }

    var value: Value {
        done.wait()
        done.signal()
        return result!
    }
}

extension Thread {
    static func detachNewThreadWithResult<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> ThreadResult<Value> {
        let result = ThreadResult<Value>()
        Thread.detachNewThread { result.finish(body()) }
        return result
    }
}
