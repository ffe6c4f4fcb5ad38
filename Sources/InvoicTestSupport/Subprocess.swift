import Foundation

/// What a finished process printed and how it exited.
public struct ProcessOutput: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// Runs a program to the end, as a test runs the built `invoic`, git or pdftotext.
/// - Parameters:
///   - environment: added to (or replacing in) this process's environment.
///   - dropping: names of this process's variables not to pass on (e.g. `GIT_` ones).
public func runProcess(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                       environment: [String: String] = [:], dropping: (String) -> Bool = { _ in false }) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment.filter { !dropping($0.key) }
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Both pipes are read while the child runs, so a large output cannot fill one and stall it.
    nonisolated(unsafe) var errData = Data()
    let errReader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
    errReader.start()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errReader.isFinished { usleep(500) }
    return ProcessOutput(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
}
