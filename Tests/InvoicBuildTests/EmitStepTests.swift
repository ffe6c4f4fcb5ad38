import Foundation
import InvoicBook
import InvoicTestSupport
import Testing
@testable import InvoicBuild

/// Renders a document as a line of text: enough to see what was rendered from what.
struct TextRenderer: DocumentRenderer {
    mutating func render(_ output: BuildPlan.Output) -> Result<[UInt8], RenderFailure> {
        let document = output.document
        if document.notes == "fail" { return .failure(RenderFailure([.error(.missingGlyph, "cannot render", file: document.file)])) }
        return .success(Array("\(document.number) \(document.figures!.total) \(document.items.map(\.description))\n".utf8))
    }
}

@Suite struct EmitStepTests {
    let book = TestBook([
        "invoices/INV-0001.yaml": invoice(),
        "invoices/INV-0002.yaml": invoice(issued: "2026-03-02"),
        "estimates/EST-0001.yaml": invoice(),
    ])

    func build(jobs: Int = 2, out: String? = nil) throws -> EmitStep.Summary {
        let result = book.checkKeeping()
        #expect(!result.diagnostics.hasErrors)
        let pipeline = EmitStep(folder: OutputFolder(path: out ?? book.root + "/build"), jobs: jobs)
        return try pipeline.run(BuildPlan(book: result.book, renderer: "test 1"), extraFiles: { [("index.txt", Array("index\n".utf8))] },
                                makeRenderer: { TextRenderer() })
    }

    func mtime(_ name: String) throws -> Date {
        try FileManager.default.attributesOfItem(atPath: book.root + "/build/" + name)[.modificationDate] as! Date
    }

    @Test func secondBuildWritesNothing() throws {
        defer { book.remove() }
        let first = try build()
        #expect(first.written.sorted() == ["EST-0001.pdf", "INV-0001.pdf", "INV-0002.pdf", "index.txt"])
        let before = try mtime("INV-0001.pdf")
        let second = try build()
        #expect(second.written == [])
        #expect(second.upToDate == 3)
        #expect(try mtime("INV-0001.pdf") == before)
    }

    @Test func changingOneInvoiceRewritesOnlyIt() throws {
        defer { book.remove() }
        _ = try build()
        book.write("invoices/INV-0002.yaml", invoice(issued: "2026-03-02", items: "  - { description: Other, price: 5 }\n"))
        let summary = try build()
        #expect(summary.written == ["INV-0002.pdf"])
        #expect(String(decoding: FileManager.default.contents(atPath: book.root + "/build/INV-0002.pdf")!, as: UTF8.self) == "INV-0002 500 [\"Other\"]\n")
    }

    @Test func touchingWithoutChangingRewritesNothing() throws {
        defer { book.remove() }
        _ = try build()
        book.write("invoices/INV-0001.yaml", invoice())
        book.write("invoic.yaml", TestBook.settings)
        #expect(try build().written == [])
    }

    @Test func sharedInputsRebuildEverything() throws {
        defer { book.remove() }
        _ = try build()
        book.write("clients/acme.yaml", "name: Acme Corporation\n")
        #expect(try build().written.count == 3)
        book.write("invoic.yaml", TestBook.settings + "\n# a comment is a change to the file\n")
        #expect(try build().written.count == 3)
    }

    @Test func deletingAnInvoiceRemovesItsPDF() throws {
        defer { book.remove() }
        _ = try build()
        book.delete("estimates/EST-0001.yaml")
        let summary = try build()
        #expect(summary.removed == ["EST-0001.pdf"])
        #expect(!FileManager.default.fileExists(atPath: book.root + "/build/EST-0001.pdf"))
    }

    @Test func aMissingOutputIsRepaired() throws {
        defer { book.remove() }
        _ = try build()
        try FileManager.default.removeItem(atPath: book.root + "/build/INV-0001.pdf")
        #expect(try build().written == ["INV-0001.pdf"])
    }

    @Test func jobCountDoesNotChangeTheBytes() throws {
        defer { book.remove() }
        _ = try build(jobs: 1, out: book.root + "/one")
        _ = try build(jobs: 2, out: book.root + "/two")
        for name in ["INV-0001.pdf", "INV-0002.pdf", "EST-0001.pdf", ".invoic-manifest"] {
            #expect(FileManager.default.contents(atPath: book.root + "/one/" + name) == FileManager.default.contents(atPath: book.root + "/two/" + name))
        }
    }

    @Test func aDocumentThatFailsToRenderLeavesNoStalePDF() throws {
        defer { book.remove() }
        _ = try build()
        book.write("invoices/INV-0002.yaml", invoice(issued: "2026-03-02", "notes: fail\n"))
        let summary = try build()
        #expect(summary.diagnostics.map(\.code.name) == ["missing-glyph"])
        #expect(!FileManager.default.fileExists(atPath: book.root + "/build/INV-0002.pdf"))
        book.write("invoices/INV-0002.yaml", invoice(issued: "2026-03-02"))
        #expect(try build().written == ["INV-0002.pdf"])
    }
}

@Suite struct OutputFolderTests {
    @Test func aFailedWriteLeavesTheOldFileAndNoTemporary() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-out-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = OutputFolder(path: root)
        try folder.create()
        try folder.write(Array("old".utf8), to: "a.pdf")
        // A directory where the output goes makes the rename fail after the data was written.
        try FileManager.default.createDirectory(atPath: root + "/b.pdf/inside", withIntermediateDirectories: true)
        #expect(throws: OutputError.self) { try folder.write(Array("new".utf8), to: "b.pdf") }
        #expect(folder.read("a.pdf") == Array("old".utf8))
        let names = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
        #expect(names == ["a.pdf", "b.pdf"])
    }

    @Test func writingReplacesALinkInsteadOfFollowingIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-out-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = OutputFolder(path: root + "/build")
        try folder.create()
        try "precious".write(toFile: root + "/outside.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/build/x.pdf", withDestinationPath: root + "/outside.txt")
        try folder.write(Array("pdf".utf8), to: "x.pdf")
        #expect(try String(contentsOfFile: root + "/outside.txt", encoding: .utf8) == "precious")
        #expect(folder.read("x.pdf") == Array("pdf".utf8))
    }

    @Test func depfileListsInputsAsTargetsToo() {
        let text = Depfile.text(outputs: ["build/a.pdf"], inputs: ["invoic.yaml", "invoices/my file.yaml"])
        #expect(text == "build/a.pdf: \\\n invoic.yaml \\\n invoices/my\\ file.yaml\n\ninvoic.yaml:\n\ninvoices/my\\ file.yaml:\n")
    }
}
