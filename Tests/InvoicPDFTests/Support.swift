import Foundation
import InvoicBook
import InvoicPDF
import Testing

/// Paths, books and the poppler tools the PDF tests read their output back with.
enum PDFTest {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = repository.appendingPathComponent("Tests/Fixtures")
    static let examples = repository.appendingPathComponent("examples")
    static let exampleBooks = ["contractor", "musician", "studio"]

    /// The built `invoic` binary beside the test bundle.
    static let invoic: URL = {
        if let path = ProcessInfo.processInfo.environment["INVOIC_BIN"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("invoic")
    }()

    static func book(at url: URL) throws -> Book {
        let result = try BookChecker.check(at: url.path)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(url.lastPathComponent) should check clean: \(errors.map(\.message))")
        return result.book
    }

    static func example(_ name: String) throws -> Book { try book(at: examples.appendingPathComponent(name)) }

    static func render(_ document: Document, with renderer: PDFRenderer) throws -> [UInt8] {
        switch renderer.render(document) {
        case .success(let bytes): return bytes
        case .failure(let error): throw error
        }
    }

    // MARK: - poppler and qpdf

    struct ToolOutput {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ToolOutput {
        let process = Process()
        process.executableURL = tool.hasPrefix("/") ? URL(fileURLWithPath: tool) : URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = tool.hasPrefix("/") ? arguments : [tool] + arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        nonisolated(unsafe) var errData = Data()
        let reader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { usleep(500) }
        return ToolOutput(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                          stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Writes the bytes to a temporary file for a command-line tool, and removes it after.
    static func withFile<T>(_ bytes: [UInt8], _ body: (String) throws -> T) throws -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-pdf-\(UUID().uuidString).pdf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    static func text(_ pdf: [UInt8]) throws -> String {
        try withFile(pdf) { try run("pdftotext", ["-layout", $0, "-"]).stdout }
    }

    /// The text in drawing order, spaces dropped: a rotated, letter-spaced stamp reads as one word.
    static func squeezedText(_ pdf: [UInt8]) throws -> String {
        try withFile(pdf) { try run("pdftotext", ["-raw", $0, "-"]).stdout }.replacingOccurrences(of: " ", with: "")
    }

    static func info(_ pdf: [UInt8]) throws -> [String: String] {
        let output = try withFile(pdf) { try run("pdfinfo", ["-isodates", $0]).stdout }
        var fields: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    static func pageCount(_ pdf: [UInt8]) throws -> Int { Int(try info(pdf)["Pages"] ?? "") ?? 0 }

    /// `pdffonts` rows: (name, embedded).
    static func fonts(_ pdf: [UInt8]) throws -> [(name: String, embedded: Bool)] {
        let output = try withFile(pdf) { try run("pdffonts", [$0]).stdout }
        return output.split(separator: "\n").dropFirst(2).map { line in
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            // name type [type...] encoding emb sub uni object ID: emb is the fifth column from the end.
            return (String(columns.first ?? ""), columns.count >= 5 && columns[columns.count - 5] == "yes")
        }
    }

    static func qpdfCheck(_ pdf: [UInt8]) throws -> ToolOutput {
        try withFile(pdf) { try run("qpdf", ["--check", $0]) }
    }
}

/// Compares `actual` with a golden file. With RECORD=1 the file is rewritten and the test fails,
/// so a re-recording is always seen and reviewed, never silent.
func expectGolden(_ actual: String, at url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if ProcessInfo.processInfo.environment["RECORD"] == "1" {
        let changed = (try? String(contentsOf: url, encoding: .utf8)) != actual
        if changed {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
        }
        Issue.record("RECORD=1: \(changed ? "recorded" : "unchanged") \(url.path); run again without RECORD=1", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("no golden file \(url.path); record it with RECORD=1", sourceLocation: sourceLocation)
        return
    }
    #expect(actual == expected, "differs from \(url.path) (RECORD=1 re-records)", sourceLocation: sourceLocation)
}
