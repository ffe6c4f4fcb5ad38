import Foundation
import InvoicBook
import InvoicPDF
import InvoicTestSupport
import Testing

/// A logo in PNG, JPEG or SVG is drawn into the template's box; one that cannot be decoded is an error.
@Suite struct LogoTests {
    static let invoice = "client: acme\nissued: 2026-03-12\nitems:\n  - description: Work\n    price: 100\n"

    func renderer(logo file: String, bytes: Data, template: String = "invoi") throws -> (PDFRenderer, Book) {
        let book = TestBook(["invoices/INV-0001.yaml": Self.invoice],
                            settings: "business: { name: Test Studio, logo: assets/\(file) }\ndefaults: { currency: USD, locale: en_US }\ntemplate: \(template)")
        try FileManager.default.createDirectory(atPath: book.root + "/assets", withIntermediateDirectories: true)
        try bytes.write(to: URL(fileURLWithPath: book.root + "/assets/\(file)"))
        defer { book.remove() }
        let checked = book.checkKeeping()
        #expect(!checked.diagnostics.hasErrors)
        return (try PDFRenderer(book: checked.book), checked.book)
    }

    @Test(arguments: ["logo.png", "logo.jpg"])
    func rasterLogosAreEmbedded(_ file: String) throws {
        let bytes = try Data(contentsOf: PDFTest.fixtures.appendingPathComponent("pdf/logos/\(file)"))
        for template in ["invoi", "classic"] {
            let (renderer, book) = try renderer(logo: file, bytes: bytes, template: template)
            let pdf = try PDFTest.render(try #require(book.document("INV-0001")), with: renderer)
            let images = try PDFTest.withFile(pdf) { try PDFTest.run("pdfimages", ["-list", $0]).stdout }
            #expect(images.split(separator: "\n").count == 3, "\(template): one image in \(images)")
            if file.hasSuffix(".jpg") { #expect(images.contains("jpeg"), "the JPEG is embedded as it is") }
        }
    }

    @Test func svgLogosAreDrawnAsVectors() throws {
        let studio = try PDFTest.example("studio")
        let pdf = try PDFTest.render(try #require(studio.document("INV-2026-001")), with: try PDFRenderer(book: studio))
        let images = try PDFTest.withFile(pdf) { try PDFTest.run("pdfimages", ["-list", $0]).stdout }
        #expect(images.split(separator: "\n").count == 2, "no raster image: \(images)")
    }

    @Test func aLogoThatIsNoImageIsAnError() throws {
        do {
            _ = try renderer(logo: "logo.png", bytes: Data("GIF89a not really".utf8))
            Issue.record("expected an invalid-logo error")
        } catch let error as TemplateError {
            #expect(error.diagnostics.first?.code.name == "invalid-logo")
            #expect(error.diagnostics.first?.file == "invoic.yaml")
        }
    }
}
