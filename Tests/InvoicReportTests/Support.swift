import Foundation
import InvoicBook
@testable import InvoicReport
import Testing

enum Paths {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let examples = repository.appendingPathComponent("examples")
    static let reports = repository.appendingPathComponent("Tests/Fixtures/reports")
}

/// The report of a book on disk, checked like `invoic report` does; the book must have no errors.
func loadReport(at root: String, today: String, filter: IndexReport.Filter = IndexReport.Filter(),
            sourceLocation: SourceLocation = #_sourceLocation) throws -> IndexReport {
    let result = try BookChecker.check(at: root)
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "the book has errors: \(errors.map(\.message))", sourceLocation: sourceLocation)
    return IndexReport(book: result.book, today: Day(today)!, warnings: result.diagnostics, filter: filter)
}

/// A book written to a temporary folder from `path: text` pairs; removed by `remove()`.
struct ScratchBook {
    let root: String

    static let settings = """
        business: { name: Test Studio }
        defaults: { currency: USD, locale: en_US, terms: 30, validity: 30 }
        """

    init(_ files: [String: String], settings: String = ScratchBook.settings, clients: [String: String] = ["acme": "name: Acme Corp\n"]) {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-report-test-\(UUID().uuidString)").path
        var all = files
        if all["invoic.yaml"] == nil { all["invoic.yaml"] = settings }
        for (id, text) in clients where all["clients/\(id).yaml"] == nil { all["clients/\(id).yaml"] = text }
        for (path, text) in all {
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try! text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// The report as of `today`; the folder is removed.
    func report(today: String, filter: IndexReport.Filter = IndexReport.Filter(),
                sourceLocation: SourceLocation = #_sourceLocation) throws -> IndexReport {
        defer { try? FileManager.default.removeItem(atPath: root) }
        return try loadReport(at: root, today: today, filter: filter, sourceLocation: sourceLocation)
    }
}
