// libFuzzer target: any bytes as one document of a small book (Fuzz/book), through everything
// `invoic check` does: parse, decode, price, every book check, the status and the PDF file name,
// and the diagnostics rendered. It must report, never trap or hang.
//
// The bytes become invoices/INV-0002.yaml; FUZZ_DOCUMENT_PATH picks another file of the book
// (invoic.yaml, clients/acme.yaml, estimates/EST-0002.yaml). The book's other files are read once.
import Foundation
import InvoicDiagnostics
@testable import InvoicBook

private let root: String = {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    return ProcessInfo.processInfo.environment["FUZZ_BOOK"] ?? here.appendingPathComponent("book").path
}()
private let fuzzedPath = ProcessInfo.processInfo.environment["FUZZ_DOCUMENT_PATH"] ?? "invoices/INV-0002.yaml"

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
    var files = baseFiles + [(fuzzedPath, fuzzed)]
    if fuzzedPath == BookSettings.fileName { files = [(fuzzedPath, fuzzed)] + baseFiles }
    let (book, diagnostics) = BookLoader.assemble(root: root, files: files)
    let result = BookChecker.check(book, loadDiagnostics: diagnostics)
    let today = Day(year: 2026, month: 11, day: 21)!
    for document in result.book.documents {
        _ = result.book.status(of: document, today: today)
        _ = result.book.paidAmount(of: document, through: today)
        let name = result.book.pdfFileName(for: document)
        precondition(!name.contains("/") && name != ".pdf" && !name.hasPrefix("."), "an output name that leaves the folder: \(name)")
    }
    for format in [DiagnosticFormat.human, .gnu, .json] {
        _ = DiagnosticRenderer(format: format, sources: result.book.sources).render(result.diagnostics)
    }
    return 0
}
