// libFuzzer target: any bytes as a book's template file (templates/NAME.yaml), through the YAML
// layer, the template tree (`extends:` a built-in template, merged over it) and TemplateDecoder.
// It must report, never trap or hang.
//
// FUZZ_TEMPLATE_RENDER=1 goes all the way instead: the bytes are written as templates/fuzz.yaml of
// a copy of Fuzz/book, PDFRenderer resolves them from disk, and one invoice is rendered to PDF with
// them (about a hundred times slower, but it reaches the layout with hostile sizes and margins).
import Foundation
import InvoicDiagnostics
import InvoicYAML
@testable import InvoicBook
@testable import InvoicPDF

private let library = FontLibrary.shared()
private let render = ProcessInfo.processInfo.environment["FUZZ_TEMPLATE_RENDER"] == "1"

/// For the render mode: a private copy of Fuzz/book whose invoic.yaml names `template: fuzz`.
private let renderBook: (book: Book, document: Document)? = {
    guard render else { return nil }
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-fuzz-template-\(getpid())")
    try? FileManager.default.removeItem(at: copy)
    try! FileManager.default.copyItem(at: here.appendingPathComponent("book"), to: copy)
    try! FileManager.default.createDirectory(at: copy.appendingPathComponent("templates"), withIntermediateDirectories: true)
    var book = try! BookChecker.check(at: copy.path).book
    book.settings.template = Located("fuzz", at: SourceRange(line: 1, column: 1))
    return (book, book.documents.first { $0.figures != nil }!)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    if let (book, document) = renderBook {
        _ = FileManager.default.createFile(atPath: book.root + "/templates/fuzz.yaml", contents: Data(bytes))
        guard let renderer = try? PDFRenderer(book: book) else { return 0 }
        _ = renderer.render(document)
        return 0
    }
    let parsed = YAMLParser.parse(bytes, path: "templates/fuzz.yaml")
    guard !parsed.diagnostics.contains(where: { $0.severity == .error }), let root = parsed.root, root.mapping != nil else { return 0 }
    let node = TemplateNode(root, file: "templates/fuzz.yaml")
    var parentName = "invoi"
    if case .scalar(let name, _, _)? = node["extends"], !name.isEmpty { parentName = name }
    var resolver = TemplateResolver(bookRoot: "")
    guard let parent = resolver.resolve(parentName, requestedAt: node["extends"]?.place) else { return 0 }
    let merged = parent.merged(with: node.removing("extends"))
    var decoder = TemplateDecoder()
    if let template = decoder.decode(merged, name: "fuzz", library: library) {
        for locale in ["en_US", "de_AT", "fr_FR", "ja_JP"] { _ = Labels(template: template, locale: locale)["invoice"] }
    }
    _ = DiagnosticRenderer(format: .human, sources: ["templates/fuzz.yaml": parsed.source]).render(decoder.diagnostics)
    return 0
}
