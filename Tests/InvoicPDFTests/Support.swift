import Foundation
import InvoicTestSupport
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

    static func render(_ document: Document, with renderer: PDFRenderer, copy: DocumentCopy? = nil) throws -> [UInt8] {
        switch renderer.render(document, copy: copy) {
        case .success(let bytes): return bytes
        case .failure(let error): throw error
        }
    }

    // MARK: - poppler and qpdf

    typealias ToolOutput = ProcessOutput

    @discardableResult
    static func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ToolOutput {
        let absolute = tool.hasPrefix("/")
        return try runProcess(URL(fileURLWithPath: absolute ? tool : "/usr/bin/env"), absolute ? arguments : [tool] + arguments,
                              environment: environment)
    }

    /// Writes the bytes to a temporary file for a command-line tool, and removes it after.
    static func withFile<T>(_ bytes: [UInt8], _ body: (String) throws -> T) throws -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-pdf-\(UUID().uuidString).pdf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    /// scripts/pdf-conformance.py in the venv `make test` makes: PDF/UA-1 for every file (and
    /// PDF/A-3b when `archival`), by page-validation; exit status 0 when all conform.
    static func conformance(_ paths: [String], archival: Bool = false) throws -> ToolOutput {
        let python = repository.appendingPathComponent(".build/einvoice-venv/bin/python")
        let script = repository.appendingPathComponent("scripts/pdf-conformance.py").path
        return try runProcess(python, [script] + (archival ? ["--pdfa3b"] : []) + paths)
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
