import Foundation
import InvoicBook
import InvoicDiagnostics

/// What `check` says of a book with `verifactu:`: the chain of records must hold (an error at
/// the first broken link), and an invoice issued without its record is a warning until
/// `invoic verifactu record` writes it.
public enum VeriFactuChecks {
    public static let chainBroken = DiagnosticCode("verifactu-chain-broken")
    public static let notRecorded = DiagnosticCode("verifactu-not-recorded")

    public static let rules = [
        Rule(chainBroken, summary: "a VeriFactu record was changed, removed or reordered",
             explanation: "Each record in verifactu/records/ carries the SHA-256 huella of its own fields and names the record before it with that one's huella (Orden HAC/1177/2024, art. 13; the AEAT's hash specification). `check` recomputes every huella and follows the chain; the first record whose huella or link does not hold is reported. Records are never edited: restore the file from git (`git checkout -- verifactu/records/`), and correct an invoice with a credit note (a rectificativa) or by voiding it, which add records.",
             example: "# file: verifactu/records/000002-alta-F-0002.xml\n<sum1:ImporteTotal>4.60</sum1:ImporteTotal>   <- was 41.60: the huella no longer matches"),
        Rule(notRecorded, .warning, summary: "an invoice issued in a VeriFactu book has no record yet",
             explanation: "A book with `verifactu:` keeps a registration record of every invoice and credit note when it is issued (sent), and of every voiding. `invoic verifactu record` writes the missing ones, chained after the last; commit them with the invoice.",
             example: "# file: invoices/F-0001.yaml\nsent: 2026-03-02   <- no verifactu/records/*-alta-F-0001.xml"),
    ]

    public static func diagnostics(book: Book, root: String) -> (diagnostics: [Diagnostic], sources: [String: SourceFile]) {
        guard book.settings.verifactu != nil else { return ([], [:]) }
        let register = VeriFactuRegister.read(root: root)
        var diagnostics: [Diagnostic] = []
        var sources: [String: SourceFile] = [:]
        if let broken = register.firstBreak {
            let text = FileManager.default.contents(atPath: root + "/" + broken.file).map { String(decoding: $0, as: UTF8.self) } ?? ""
            sources[broken.file] = SourceFile(path: broken.file, text: text)
            diagnostics.append(.error(chainBroken, "the VeriFactu chain breaks here: \(broken.message)", file: broken.file,
                                      range: SourceRange(line: max(1, broken.line), column: 1),
                                      help: "restore the record from git (`git checkout -- \(broken.file)`); records are never edited: correct an invoice with a credit note or by voiding it"))
        }
        for (kind, document) in register.pending(in: book) {
            diagnostics.append(.warning(notRecorded, "\(document.kind.name) \(document.number) is \(kind == .alta ? "issued" : "voided") without its VeriFactu record",
                                        file: document.file, range: (kind == .alta ? document.sent?.range : document.void?.range) ?? document.issued.range,
                                        help: "run `invoic verifactu record` and commit the record with the \(document.kind.name)"))
        }
        return (diagnostics, sources)
    }
}
