import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicPDF
import InvoicTestSupport
import Testing
@testable import InvoicBuild

/// The checked book's cache (`.invoic/cache/`, issue 41 point 10): a command about one document
/// takes the whole book's verdict from it only while every input is byte for byte what it was,
/// and then renders exactly the PDF a whole-book run renders.
@Suite struct CheckedBookCacheTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A book of three invoices and a credit note (which needs the invoice it corrects).
    static func book() -> TestBook {
        TestBook([
            "invoices/INV-0001.yaml": invoice(),
            "invoices/INV-0002.yaml": invoice(issued: "2026-03-02"),
            "invoices/INV-0003.yaml": invoice(issued: "2026-03-03", "sent: 2026-03-03\n"),
            "credit-notes/CN-0001.yaml": invoice(issued: "2026-03-04", "corrects: INV-0003\nreason: Refund\n"),
        ], settings: TestBook.settings + "\nnumbering: { invoice: \"INV-{seq:4}\", credit_note: \"CN-{seq:4}\" }\n")
    }

    /// The pipeline's answer for `number`, and whether it came from the cache: a verdict from the
    /// cache comes with a book of the wanted documents' files only, a whole-book run with all of them.
    static func check(_ root: String, _ number: String, history: BookPipeline.History = .whenKept) throws -> (BookPipeline.Checked, hit: Bool) {
        let checked = try BookPipeline(root: root, history: history).check(rendering: { wanted, _ in wanted == number })
        let all = try BookPipeline(root: root, history: .skipped).check(upTo: .book).book.documents.count
        return (checked, checked.book.documents.count < all)
    }

    static func pdf(_ checked: BookPipeline.Checked, _ number: String) throws -> [UInt8] {
        let document = try #require(checked.book.document(number))
        #expect(checked.canRender(document))
        return try FacturXPDF.render(document, with: #require(checked.renderer), book: checked.book).get()
    }

    static func cacheFile(_ root: String) -> String { root + "/.invoic/cache/book" }

    @Test func secondRunIsAHitWithTheSameVerdictAndPDF() throws {
        let book = Self.book()
        defer { book.remove() }
        let (cold, coldHit) = try Self.check(book.root, "INV-0002")
        #expect(!coldHit)
        let (warm, warmHit) = try Self.check(book.root, "INV-0002")
        #expect(warmHit)
        #expect(warm.book.documents.map(\.number) == ["INV-0002"])
        #expect(warm.diagnostics == cold.diagnostics)
        #expect(try Self.pdf(warm, "INV-0002") == Self.pdf(cold, "INV-0002"))
        // A credit note's PDF names the invoice it corrects and its date: that file comes too.
        let (note, noteHit) = try Self.check(book.root, "CN-0001")
        #expect(noteHit)
        #expect(Set(note.book.documents.map(\.number)) == ["CN-0001", "INV-0003"])
        let whole = try BookPipeline(root: book.root, history: .skipped).check()
        #expect(try Self.pdf(note, "CN-0001") == Self.pdf(whole, "CN-0001"))
    }

    /// The CJK fonts are set up for a whole book that has a Japanese document; a run that reads
    /// only an English one from the cache sets them up all the same, so its PDF is the same.
    @Test func theWholeBooksFontChoiceIsKept() throws {
        let book = TestBook([
            "invoices/INV-0001.yaml": invoice(),
            "invoices/INV-0002.yaml": invoice(issued: "2026-03-02", "locale: ja_JP\nnotes: ご利用ありがとうございます\n"),
        ])
        defer { book.remove() }
        let whole = try BookPipeline(root: book.root, history: .skipped).check()
        #expect(whole.renderer?.usesCJK == true)
        _ = try Self.check(book.root, "INV-0001")
        let (cached, hit) = try Self.check(book.root, "INV-0001")
        #expect(hit)
        #expect(cached.renderer?.usesCJK == true)
        #expect(try Self.pdf(cached, "INV-0001") == Self.pdf(whole, "INV-0001"))
    }

    /// Each change to an input, in a file other than the wanted document's too, is a miss, and
    /// the verdict is the new book's: an error another file now has is reported.
    @Test(arguments: ["edit another document", "add a document", "delete a document", "rename a document",
                      "change invoic.yaml", "add a template", "change a client", "edit the document", "add a font",
                      "change the logo", "add a received document"])
    func anyChangedInputIsAMiss(_ change: String) throws {
        let book = Self.book()
        defer { book.remove() }
        if change == "change the logo" {
            book.write("invoic.yaml", TestBook.settings.replacingOccurrences(of: "Test Studio }", with: "Test Studio, logo: logo.svg }")
                       + "\nnumbering: { invoice: \"INV-{seq:4}\", credit_note: \"CN-{seq:4}\" }\n")
            book.write("logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\"/></svg>\n")
        }
        let (cold, _) = try Self.check(book.root, "INV-0001")
        #expect(!cold.diagnostics.hasErrors)
        let (before, hit) = try Self.check(book.root, "INV-0001")
        #expect(hit)
        switch change {
        case "edit another document": book.write("invoices/INV-0002.yaml", invoice(client: "acne", issued: "2026-03-02"))
        case "add a document": book.write("invoices/INV-0005.yaml", invoice(issued: "2026-03-05"))
        case "delete a document": book.delete("invoices/INV-0002.yaml")
        case "rename a document":
            try FileManager.default.moveItem(atPath: book.root + "/invoices/INV-0002.yaml", toPath: book.root + "/invoices/INV-0004.yaml")
        case "change invoic.yaml": book.write("invoic.yaml", TestBook.settings + "\nnumbering: { invoice: \"INV-{seq:5}\", credit_note: \"CN-{seq:4}\" }\n")
        case "add a template": book.write("templates/mine.yaml", "extends: nope\n")
        case "change a client": book.write("clients/acme.yaml", "name: Acme Corp\ncurrency: EUR\n")
        case "edit the document": book.write("invoices/INV-0001.yaml", invoice(items: "  - { description: Design, quantity: 3, price: 100.00 }\n"))
        case "add a font": book.write("fonts/Broken.ttf", "not a font")
        case "change the logo":
            book.write("logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"10\"><rect width=\"20\" height=\"10\"/></svg>\n")
        case "add a received document": book.write("purchases/2026/x.xml", "<Invoice/>")
        default: Issue.record("unknown change \(change)")
        }
        let (after, afterHit) = try Self.check(book.root, "INV-0001")
        #expect(!afterHit, "\(change) must not be answered from the cache")
        let whole = try BookPipeline(root: book.root, history: .skipped).check()
        #expect(after.diagnostics == whole.diagnostics)
        switch change {
        case "edit another document": #expect(after.diagnostics.contains { $0.code.name == "unknown-client" && $0.file == "invoices/INV-0002.yaml" })
        case "rename a document": #expect(after.diagnostics != before.diagnostics)
        case "edit the document": #expect(after.book.document("INV-0001")?.figures?.total != before.book.document("INV-0001")?.figures?.total)
        default: break
        }
        // And the new verdict is the one kept (when the renderer could be set up: a verdict is kept only then).
        guard whole.renderer != nil else { return }
        let (again, againHit) = try Self.check(book.root, "INV-0001")
        #expect(againHit)
        #expect(again.diagnostics == whole.diagnostics)
    }

    /// A unit that is garbage, cut short, changed by one byte or written by another build of
    /// invoic is not trusted (and no crash): the run checks the whole book and writes it anew.
    @Test(arguments: ["garbage", "empty", "truncated", "flipped byte", "other build", "other key", "a folder", "a link"])
    func unusableCacheIsIgnoredAndRewritten(_ damage: String) throws {
        let book = Self.book()
        defer { book.remove() }
        let (cold, _) = try Self.check(book.root, "INV-0001")
        let path = Self.cacheFile(book.root)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let text = String(decoding: bytes, as: UTF8.self)
        let manager = FileManager.default
        switch damage {
        case "garbage": bytes = Array("\u{0}\u{1}not a cache at all\n\n\n\n\n".utf8)
        case "empty": bytes = []
        case "truncated": bytes = Array(bytes.prefix(bytes.count / 2))
        case "flipped byte": bytes[bytes.count - 10] ^= 0x01
        case "other build": bytes = Array(text.replacingOccurrences(of: "build \(ContentCache.build)", with: "build 0.1.0 1 2.3").utf8)
        case "other key":
            // Well framed and checksummed, but for other files.
            let payload = try #require(ContentCache.payload(of: bytes, key: text.split(separator: "\n")[2].dropFirst(4).description))
            bytes = ContentCache.framed(payload, key: "0123456789abcdef0123456789abcdef")
        default: break
        }
        try manager.removeItem(atPath: path)
        switch damage {
        case "a folder": try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        case "a link":
            // A link out of the book is never followed, not to read and not to write.
            let outside = manager.temporaryDirectory.appendingPathComponent("cache-outside-\(UUID().uuidString)").path
            try manager.createDirectory(atPath: outside, withIntermediateDirectories: true)
            defer { try? manager.removeItem(atPath: outside) }
            try manager.removeItem(atPath: book.root + "/.invoic/cache")
            try manager.createSymbolicLink(atPath: book.root + "/.invoic/cache", withDestinationPath: outside)
            let (run, hit) = try Self.check(book.root, "INV-0001")
            #expect(!hit)
            #expect(run.diagnostics == cold.diagnostics)
            #expect(try manager.contentsOfDirectory(atPath: outside).isEmpty)
            return
        default: try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
        let (damaged, damagedHit) = try Self.check(book.root, "INV-0001")
        #expect(!damagedHit)
        #expect(damaged.diagnostics == cold.diagnostics)
        #expect(try Self.pdf(damaged, "INV-0001") == Self.pdf(cold, "INV-0001"))
        if damage == "a folder" { return }
        let (repaired, repairedHit) = try Self.check(book.root, "INV-0001")
        #expect(repairedHit)
        #expect(repaired.diagnostics == cold.diagnostics)
    }

    /// Any bytes at all, decoded as a verdict: an answer or nil, never a crash or a read past the end.
    @Test func verdictDecoderSurvivesAnyBytes() throws {
        let book = Self.book()
        defer { book.remove() }
        _ = try Self.check(book.root, "INV-0001")
        let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.cacheFile(book.root))))
        let text = String(decoding: file, as: UTF8.self)
        let payload = try #require(ContentCache.payload(of: file, key: text.split(separator: "\n")[2].dropFirst(4).description))
        let verdict = try #require(CheckedBookVerdict(bytes: payload))
        #expect(verdict.bytes == payload)
        #expect(verdict.documents.map(\.number).sorted() == ["CN-0001", "INV-0001", "INV-0002", "INV-0003"])
        for cut in 0..<payload.count { #expect(CheckedBookVerdict(bytes: Array(payload.prefix(cut))) == nil) }
        var generator = SeededGenerator(seed: 41)
        for _ in 0..<2_000 {
            var bytes = payload
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            _ = CheckedBookVerdict(bytes: bytes)
        }
    }

    /// Runs at once: each answers the whole book's verdict, and what stays is one whole unit.
    @Test func concurrentRunsAreSafe() throws {
        let book = Self.book()
        defer { book.remove() }
        let whole = try BookPipeline(root: book.root, history: .skipped).check()
        let expected = try Self.pdf(whole, "INV-0001")
        let diagnostics = whole.diagnostics
        let root = book.root
        let results = Results()
        for round in 0..<3 {
            if round > 0 { book.write("invoices/INV-0002.yaml", invoice(issued: "2026-03-02", "notes: round \(round)\n")) }
            DispatchQueue.concurrentPerform(iterations: 6) { _ in
                do {
                    let checked = try BookPipeline(root: root).check(rendering: { number, _ in number == "INV-0001" })
                    let pdf = try Self.pdf(checked, "INV-0001")
                    results.add(checked.diagnostics == diagnostics && pdf == expected)
                } catch {
                    results.add(false)
                }
            }
        }
        #expect(results.all.count == 18 && results.all.allSatisfy { $0 })
        let (_, hit) = try Self.check(book.root, "INV-0001")
        #expect(hit)
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: book.root + "/.invoic/cache").sorted() == [".gitignore", "book", "stamps"])
    }

    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Bool] = []
        func add(_ value: Bool) { lock.withLock { values.append(value) } }
        var all: [Bool] { lock.withLock { values } }
    }

    /// A book whose repository's state cannot be read without git (here a `.git` folder that
    /// is no repository) is never answered from the cache; `--no-history` is cached all the same.
    /// Books in readable repositories: CheckedBookGitCacheTests.
    @Test func unreadableRepositoriesBypassTheCache() throws {
        let book = Self.book()
        defer { book.remove() }
        book.write("invoic.yaml", TestBook.settings + "\nhistory: true\nnumbering: { invoice: \"INV-{seq:4}\", credit_note: \"CN-{seq:4}\" }\n")
        try FileManager.default.createDirectory(atPath: book.root + "/.git", withIntermediateDirectories: true)
        _ = try Self.check(book.root, "INV-0001")
        #expect(!FileManager.default.fileExists(atPath: Self.cacheFile(book.root)))
        _ = try Self.check(book.root, "INV-0001", history: .skipped)
        let (_, hit) = try Self.check(book.root, "INV-0001", history: .skipped)
        #expect(hit)
        // Back to a run that reads git: the files-alone verdict is not taken for it.
        let (_, again) = try Self.check(book.root, "INV-0001")
        #expect(!again)
    }

    /// git never lists the cache: a book inside a repository stays clean after a cached run.
    @Test func gitNeverListsTheCache() throws {
        let book = Self.book()
        defer { book.remove() }
        let repository = URL(fileURLWithPath: book.root)
        // The repository is the book's parent's, so the book is not judged against it (no `.git` of its own).
        let parent = repository.deletingLastPathComponent().appendingPathComponent("cache-repo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let inside = parent.appendingPathComponent("book")
        try FileManager.default.copyItem(at: repository, to: inside)
        _ = try runGit(["init", "-q"], in: parent, day: 1)
        _ = try runGit(["add", "-A"], in: parent, day: 1)
        _ = try runGit(["commit", "-qm", "book"], in: parent, day: 1)
        _ = try Self.check(inside.path, "INV-0001")
        #expect(FileManager.default.fileExists(atPath: Self.cacheFile(inside.path)))
        let status = try runGit(["status", "--porcelain", "--untracked-files=all"], in: parent, day: 1)
        #expect(status.stdout == "")
    }

    /// Every document of every example book (Factur-X, XRechnung, KSeF's KOD I, credit notes, CJK,
    /// logos): its PDF from the cache is byte for byte the whole-book run's.
    @Test(arguments: ["autonomo", "conseil", "consulente-it", "contractor", "designer-it", "micro", "musician", "poland", "studio", "wholesale"])
    func examplePDFsAreByteIdentical(_ name: String) throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("cache-example-\(UUID().uuidString)").path
        try manager.copyItem(atPath: Self.repository.appendingPathComponent("examples/\(name)").path, toPath: root)
        defer { try? manager.removeItem(atPath: root) }
        try? manager.removeItem(atPath: root + "/build")
        try? manager.removeItem(atPath: root + "/.invoic/cache")
        let whole = try BookPipeline(root: root).check()
        _ = try BookPipeline(root: root).check(rendering: { _, _ in false })
        #expect(manager.fileExists(atPath: Self.cacheFile(root)))
        let renderable = whole.book.documents.filter { whole.canRender($0) }
        #expect(!renderable.isEmpty)
        for document in renderable {
            let cached = try BookPipeline(root: root).check(rendering: { number, _ in number == document.number })
            #expect(cached.book.documents.count < whole.book.documents.count || whole.book.documents.count == 1)
            #expect(cached.diagnostics == whole.diagnostics)
            #expect(cached.renderer?.usesCJK == whole.renderer?.usesCJK)
            #expect(try Self.pdf(cached, document.number) == Self.pdf(whole, document.number), "\(name) \(document.number)")
        }
    }
}
