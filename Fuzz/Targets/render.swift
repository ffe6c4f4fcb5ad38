// libFuzzer target: any bytes as one document of a small book (Fuzz/book), and, whenever the
// book then checks clean, everything a build makes of it: the index report in every format
// (with its charts, scaled to the fuzzed figures) and the PDF of every document. A valid book
// must render, never trap: renderer arithmetic on extreme but valid figures is what this finds.
//
// The bytes become invoices/INV-0002.yaml, seeded from the example books' invoices.
import Foundation
import InvoicDiagnostics
@testable import InvoicBook
import InvoicPDF
import InvoicReport

private let root: String = {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    return ProcessInfo.processInfo.environment["FUZZ_BOOK"] ?? here.appendingPathComponent("book").path
}()
private let fuzzedPath = "invoices/INV-0002.yaml"

private let baseFiles: [(path: String, file: BookLoader.DecodedFile)] = {
    var walk = BookLoader.Walk(root: root, limit: BookLimits.standard.maxFiles)
    var paths = [BookSettings.fileName] + walk.yamlFiles(in: "clients", recursive: false)
    for kind in DocumentKind.allCases { paths += walk.yamlFiles(in: kind.folder, recursive: true) }
    precondition(paths.count > 3, "no fuzz book at \(root)")
    return paths.filter { $0 != fuzzedPath }.map { ($0, BookLoader.decode(path: $0, root: root, override: nil, limits: .standard)) }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let fuzzed = BookLoader.decode(path: fuzzedPath, root: root, override: bytes, limits: .standard)
    let (book, diagnostics) = BookLoader.assemble(root: root, files: baseFiles + [(fuzzedPath, fuzzed)])
    let result = BookChecker.check(book, loadDiagnostics: diagnostics)
    guard !result.diagnostics.hasErrors else { return 0 }
    for today in [Day(year: 2026, month: 11, day: 21)!, Day(year: 2031, month: 1, day: 1)!] {
        for (_, bytes) in IndexReport(book: result.book, today: today, warnings: result.diagnostics).renderAll() {
            precondition(!bytes.isEmpty)
        }
    }
    guard let renderer = try? PDFRenderer(book: result.book) else { return 0 }
    for document in result.book.documents {
        if case .success(let pdf) = renderer.render(document) { precondition(pdf.starts(with: Array("%PDF-".utf8))) }
    }
    return 0
}
