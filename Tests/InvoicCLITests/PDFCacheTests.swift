import Foundation
import InvoicTestSupport
import Testing

/// `invoic pdf` with the checked book's cache (issue 41 point 10), as processes: the PDF and the
/// printed diagnostics are the same cold, warm, with a damaged cache and from runs at once.
@Suite struct PDFCacheTests {
    static func run(_ book: URL, _ out: String, _ arguments: [String] = ["INV-2026-003"]) throws -> (Invoic.Output, [UInt8]) {
        let output = try Invoic.run(["pdf", "-C", book.path, "-o", book.appendingPathComponent(out).path, "--diagnostics-format", "gnu"] + arguments)
        let bytes = (try? Data(contentsOf: book.appendingPathComponent(out).appendingPathComponent("INV-2026-003.pdf"))).map { [UInt8]($0) } ?? []
        return (output, bytes)
    }

    @Test func coldWarmDamagedAndConcurrentRunsPrintTheSamePDF() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        let cache = book.appendingPathComponent(".invoic/cache/book")
        try? FileManager.default.removeItem(at: cache)
        let (cold, coldPDF) = try Self.run(book, "cold")
        #expect(cold.status == 0, "\(cold.stderr)")
        #expect(!coldPDF.isEmpty)
        #expect(FileManager.default.fileExists(atPath: cache.path))
        let (warm, warmPDF) = try Self.run(book, "warm")
        #expect(warm.status == 0)
        #expect(warm.stderr == cold.stderr)
        #expect(warmPDF == coldPDF)

        // A damaged cache: same answer.
        try Data("invoic-cache 1\nnonsense".utf8).write(to: cache)
        let (damaged, damagedPDF) = try Self.run(book, "damaged")
        #expect(damaged.status == 0 && damaged.stderr == cold.stderr && damagedPDF == coldPDF)

        // Processes at once, cache absent: each prints the same PDF, one whole unit stays.
        try FileManager.default.removeItem(at: cache)
        let results = Outputs()
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            let outcome = try? Self.run(book, "at-once-\(index)")
            results.add(outcome.map { $0.0.status == 0 && $0.1 == coldPDF } ?? false)
        }
        #expect(results.all == [true, true, true, true])
        let (after, afterPDF) = try Self.run(book, "after")
        #expect(after.status == 0 && afterPDF == coldPDF)
        #expect(try FileManager.default.contentsOfDirectory(atPath: book.appendingPathComponent(".invoic/cache").path).sorted() == [".gitignore", "book", "icu", "stamps"])

        // An unknown number is still a usage error, cache or not.
        let (unknown, _) = try Self.run(book, "unknown", ["INV-2099-999"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("INV-2099-999 is not an invoice"))
    }

    /// An edit that breaks the document's client after a warm run: the next run sees it and refuses.
    @Test func anEditAfterAWarmRunIsSeen() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        _ = try Self.run(book, "one")
        let (warm, _) = try Self.run(book, "two")
        #expect(warm.status == 0)
        let file = book.appendingPathComponent("invoices/2026/INV-2026-003.yaml")
        let text = try String(contentsOf: file, encoding: .utf8)
        let client = try #require(text.split(separator: "\n").first { $0.hasPrefix("client:") })
        try text.replacingOccurrences(of: String(client), with: "client: nobody-here").write(to: file, atomically: true, encoding: .utf8)
        let (edited, _) = try Self.run(book, "three")
        #expect(edited.status == 1)
        #expect(edited.stderr.contains("INV-2026-003.yaml:1:9: error: invoice refers to a client that does not exist [unknown-client]"))
    }

    final class Outputs: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Bool] = []
        func add(_ value: Bool) { lock.withLock { values.append(value) } }
        var all: [Bool] { lock.withLock { values } }
    }
}
