import Dispatch
import Foundation
import Synchronization
import InvoicBook
@testable import InvoicPDF
import Testing

/// The same files give the same bytes: twice in one process, in two renderers, and in another
/// process with another time zone and language. The dates in the file are the issue date.
@Suite struct ReproducibilityTests {
    @Test func renderingTwiceGivesTheSameBytes() throws {
        let book = try PDFTest.example("studio")
        let first = try PDFRenderer(book: book), second = try PDFRenderer(book: book)
        for document in book.documents {
            let a = try PDFTest.render(document, with: first)
            let b = try PDFTest.render(document, with: first)
            let c = try PDFTest.render(document, with: second)
            #expect(a == b, "\(document.number) changed on the second render")
            #expect(a == c, "\(document.number) differs between renderers")
        }
    }

    /// `invoic build -j N` gives each thread its own renderer: the bytes do not depend on it. The
    /// Unicode book uses more than the ten font faces cairo 1.16 keeps open, the case that crashed
    /// before the faces were shared (see FontLibrary).
    @Test(arguments: ["examples/studio", "Tests/Fixtures/books/unicode"])
    func renderersOnSeveralThreadsWriteTheSameBytes(_ path: String) throws {
        let book = try PDFTest.book(at: PDFTest.repository.appendingPathComponent(path))
        let serialRenderer = try PDFRenderer(book: book)
        let serial = try book.documents.map { try PDFTest.render($0, with: serialRenderer) }
        let results = Mutex<[[UInt8]?]>(Array(repeating: nil, count: book.documents.count))
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            guard let renderer = try? PDFRenderer(book: book) else { return }
            for index in stride(from: worker, to: book.documents.count, by: 4) {
                if case .success(let bytes) = renderer.render(book.documents[index]) {
                    results.withLock { $0[index] = bytes }
                }
            }
        }
        let parallel = results.withLock { $0 }
        for (index, document) in book.documents.enumerated() {
            #expect(parallel[index] == serial[index], "\(document.number) differs when rendered in parallel")
        }
    }

    @Test func anotherProcessWithAnotherTimeZoneAndLanguageWritesTheSameBytes() throws {
        let bookURL = PDFTest.examples.appendingPathComponent("studio")
        let book = try PDFTest.book(at: bookURL)
        let document = try #require(book.document("INV-2026-002"))
        let here = try PDFTest.render(document, with: try PDFRenderer(book: book))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-repro-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for environment in [["TZ": "Pacific/Kiritimati", "LANG": "de_DE.UTF-8", "LC_ALL": "ja_JP.UTF-8"],
                            ["TZ": "America/Los_Angeles", "LANG": "C", "LC_ALL": "C"]] {
            let result = try PDFTest.run(PDFTest.invoic.path, ["pdf", "-C", bookURL.path, "-o", folder.path, document.file],
                                         environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            let there = try [UInt8](Data(contentsOf: folder.appendingPathComponent("INV-2026-002.pdf")))
            #expect(there == here, "bytes differ under \(environment)")
        }
    }

    @Test func metadataComesFromTheDocument() throws {
        let book = try PDFTest.example("studio")
        let document = try #require(book.document("INV-2026-002"))
        let pdf = try PDFTest.render(document, with: try PDFRenderer(book: book))
        let info = try PDFTest.info(pdf)
        #expect(info["Title"] == "Rechnung INV-2026-002")
        #expect(info["Author"] == "Studio Brenner")
        #expect(info["Subject"] == "Rechnung INV-2026-002 – Kaffeerösterei Aumüller GmbH – Verpackungsrelaunch 2026")
        #expect(info["Keywords"] == "invoice, INV-2026-002, Kaffeerösterei Aumüller GmbH, Verpackungsrelaunch 2026, EUR")
        #expect(info["CreationDate"] == "2026-02-16T00:00:00Z")
        #expect(info["ModDate"] == "2026-02-16T00:00:00Z")
        let raw = String(decoding: pdf, as: UTF8.self)
        #expect(raw.contains("/CreationDate (D:20260216000000Z)"))
        #expect(raw.contains("/ModDate (D:20260216000000Z)"))
        #expect(raw.contains("/Lang (de-DE)"))
        #expect(try PDFTest.qpdfCheck(pdf).status == 0)
    }
}

/// Renderers on different threads never share FreeType faces: cairo keeps its font faces per
/// FreeType face, and sharing them once made a document embed a font twice (other bytes, about
/// one build in 300). Configurations are pooled, so a build opens faces once per thread.
@Suite struct FontConfigurationPoolTests {
    @Test func enginesInUseAtOnceHaveTheirOwnFacesAndFinishedOnesAreReused() {
        let library = FontLibrary(cjk: false)
        let first = library.checkOut(.all)
        let second = library.checkOut(.all)
        #expect(first.config != second.config)
        library.checkIn(second)
        let third = library.checkOut(.all)
        #expect(third.config == second.config, "a configuration given back is used again")
        library.checkIn(third)
        library.checkIn(first)
    }
}
