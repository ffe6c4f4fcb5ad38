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

    /// The ToUnicode map of each font of a PDF expanded by `qpdf --qdf` (its streams readable),
    /// by resource name (`F0`), for reading the glyph codes of a content stream back as text.
    static func toUnicodeMaps(_ expanded: String) -> [String: [UInt32: String]] {
        func object(_ number: Substring) -> String? {
            guard let start = expanded.range(of: "\n\(number) 0 obj\n") else { return nil }
            return expanded[start.upperBound...].components(separatedBy: "\nendobj")[0]
        }
        var maps: [String: [UInt32: String]] = [:]
        guard let fonts = expanded.range(of: "/Font <<") else { return maps }
        let entries = expanded[fonts.upperBound...].prefix { $0 != ">" }.split(whereSeparator: \.isWhitespace)
        var index = 0
        while index + 3 < entries.count {
            let name = String(entries[index].dropFirst())
            if let font = object(entries[index + 1]), let reference = font.range(of: "/ToUnicode ") {
                let number = font[reference.upperBound...].prefix { !$0.isWhitespace }
                var map: [UInt32: String] = [:]
                for line in (object(number) ?? "").split(separator: "\n") where line.hasPrefix("<") {
                    let parts = line.split(separator: " ")
                    guard parts.count == 2, let code = UInt32(parts[0].dropFirst().dropLast(), radix: 16) else { continue }
                    let digits = Array(parts[1].dropFirst().dropLast())
                    let units = stride(from: 0, to: digits.count - 3, by: 4).compactMap { UInt16(String(digits[$0..<$0 + 4]), radix: 16) }
                    map[code] = String(decoding: units, as: UTF16.self)
                }
                maps[name] = map
            }
            index += 4   // /F0 12 0 R
        }
        return maps
    }
}
