import Foundation
import InvoicTestSupport
import Testing

/// `invoic pdf FILE... [-o OUT] [-C DIR]`, run as a user runs it.
@Suite struct PDFCommandTests {
    static let invoice = "client: acme\nissued: 2026-03-12\nitems:\n  - description: Work\n    price: 100\n"

    func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("invoic-pdf-cli-\(UUID().uuidString)")
    }

    @Test func rendersTheNamedFilesUnderTheBooksNamePattern() throws {
        let book = TestBook(["invoices/INV-0001.yaml": Self.invoice, "invoices/INV-0002.yaml": Self.invoice],
                            settings: TestBook.settings + "\npdf_name: \"{number} - {business}\"")
        defer { book.remove() }
        let out = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        // A path relative to the current directory, and one relative to the book.
        let result = try PDFTest.run(PDFTest.invoic.path, ["pdf", "-C", book.root, "-o", out.path,
                                                          book.root + "/invoices/INV-0001.yaml", "invoices/INV-0002.yaml"])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = ["INV-0001 - Test Studio.pdf", "INV-0002 - Test Studio.pdf"].map { out.appendingPathComponent($0).path }
        #expect(result.stdout == expected.joined(separator: "\n") + "\n")
        for path in expected { #expect(FileManager.default.fileExists(atPath: path)) }
    }

    @Test func aPDFFileNameForOneDocument() throws {
        let book = TestBook(["invoices/INV-0001.yaml": Self.invoice])
        defer { book.remove() }
        let out = temporaryFolder()
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let target = out.appendingPathComponent("mine.pdf").path
        let result = try PDFTest.run(PDFTest.invoic.path, ["pdf", "-C", book.root, "-o", target, "INV-0001"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == target + "\n")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: target)))
        #expect(bytes.starts(with: Array("%PDF-".utf8)))
    }

    @Test func aDocumentWithErrorsIsNotRenderedAndOthersAre() throws {
        let broken = "client: acme\nissued: 2026-03-13\nitems:\n  - description: Work\n    price: -5\n"
        let book = TestBook(["invoices/INV-0001.yaml": Self.invoice, "invoices/INV-0002.yaml": broken])
        defer { book.remove() }
        let out = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try PDFTest.run(PDFTest.invoic.path, ["pdf", "-C", book.root, "-o", out.path, "INV-0001", "INV-0002"],
                                     environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("negative-amount"))
        #expect(result.stderr.contains("not rendered: INV-0002"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("INV-0001.pdf").path))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("INV-0002.pdf").path))
    }

    @Test func aBadTemplateIsReportedAtItsLine() throws {
        let book = TestBook(["invoices/INV-0001.yaml": Self.invoice, "templates/mine.yaml": "extends: invoi\ncolors: {text: red}\n"],
                            settings: TestBook.settings + "\ntemplate: mine")
        defer { book.remove() }
        let result = try PDFTest.run(PDFTest.invoic.path, ["pdf", "-C", book.root, "--diagnostics-format", "gnu", "-o", book.root, "INV-0001"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("templates/mine.yaml:2:16: error: expected a colour"))
    }

    @Test func unknownFilesAndMissingArgumentsAreUsageErrors() throws {
        let book = TestBook(["invoices/INV-0001.yaml": Self.invoice])
        defer { book.remove() }
        #expect(try PDFTest.run(PDFTest.invoic.path, ["pdf", "-C", book.root, "INV-9999"]).status == 2)
        #expect(try PDFTest.run(PDFTest.invoic.path, ["pdf", "-C", book.root]).status == 2)
        #expect(try PDFTest.run(PDFTest.invoic.path, ["pdf", "-C", book.root, "-o", "x.pdf", "INV-0001", "INV-0001"]).status == 2)
    }
}
