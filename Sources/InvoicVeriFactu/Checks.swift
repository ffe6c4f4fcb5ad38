import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicXMLSchema
import Synchronization

/// What `check` says of a book with `verifactu:`: the chain of records must hold (an error at
/// the first broken link), every record must pass the AEAT's XML Schema, and an invoice issued
/// without its record is an error (`invoic send` and `void` write it; `invoic verifactu record`
/// writes any missing one).
public enum VeriFactuChecks {
    public static let chainBroken = DiagnosticCode("verifactu-chain-broken")
    public static let notRecorded = DiagnosticCode("verifactu-not-recorded")
    public static let recordInvalid = DiagnosticCode("verifactu-record-invalid")

    public static let rules = [
        Rule(chainBroken, summary: "a VeriFactu record was changed, removed or reordered",
             explanation: "Each record in verifactu/records/ carries the SHA-256 huella of its own fields and names the record before it with that one's huella (Orden HAC/1177/2024, art. 13; the AEAT's hash specification). `check` recomputes every huella and follows the chain; the first record whose huella or link does not hold is reported. Records are never edited: restore the file from git (`git checkout -- verifactu/records/`), and correct an invoice with a credit note (a rectificativa) or by voiding it, which add records.",
             example: "# file: verifactu/records/000002-alta-F-0002.xml\n<sum1:ImporteTotal>4.60</sum1:ImporteTotal>   <- was 41.60: the huella no longer matches"),
        Rule(notRecorded, summary: "an invoice issued in a VeriFactu book has no record",
             explanation: "A book with `verifactu:` keeps a registration record of every invoice and credit note when it is issued (sent), and of every voiding (RD 1007/2023): `invoic send` and `invoic void` write it. A document marked sent by hand (or whose record was lost) has none: `invoic verifactu record` writes the missing ones, chained after the last; commit them with the invoice.",
             example: "# file: invoices/F-0001.yaml\nsent: 2026-03-02   <- no verifactu/records/*-alta-F-0001.xml"),
        Rule(recordInvalid, summary: "a VeriFactu record does not pass the AEAT's XML Schema",
             explanation: "Every record in verifactu/records/ must validate against the AEAT's SuministroLR.xsd (with SuministroInformacion.xsd), the schema the AEAT's web service checks first; invoic carries them in resources/schemas/es-verifactu. A record invoic wrote always passes: one that does not was edited or written by another program. Restore it from git; records are never edited.",
             example: "# file: verifactu/records/000001-alta-F-0001.xml\n<sum1:TipoFactura>F9</sum1:TipoFactura>   <- not a value of ClaveTipoFacturaType"),
    ]

    /// The schema a record is one message of: SuministroLR.xsd, whose import of xmldsig by URL is
    /// resolved to the copy beside it. Loaded once per process; nil when it is not installed.
    static let schemaFile = "es-verifactu/SuministroLR.xsd"
    private static let loadedSchema = Mutex<XMLSchema??>(nil)
    static func schema() -> XMLSchema? {
        loadedSchema.withLock { cached in
            if let cached { return cached }
            let folder = SchemaFolder.file(schemaFile).map { ($0 as NSString).deletingLastPathComponent + "/" }
            let schema = folder.flatMap { try? XMLSchema(path: $0 + "SuministroLR.xsd", resolving: ["http://www.w3.org/TR/xmldsig-core/": $0]) }
            cached = .some(schema)
            return schema
        }
    }

    /// The first violation of each record that does not pass the schema.
    static func schemaDiagnostics(_ register: VeriFactuRegister, root: String, sources: inout [String: SourceFile]) -> [Diagnostic] {
        guard !register.entries.isEmpty else { return [] }
        guard let schema = schema() else {
            return [.warning(recordInvalid, "the AEAT's XML Schema (\(schemaFile)) is not installed: the VeriFactu records were not validated",
                             file: register.entries[0].file, range: SourceRange(line: 1, column: 1),
                             help: "install invoic with its resources/schemas (scripts/install.sh), or name the folder in INVOIC_SCHEMAS")]
        }
        var diagnostics: [Diagnostic] = []
        for entry in register.entries {
            guard let data = FileManager.default.contents(atPath: root + "/" + entry.file),
                  let violation = schema.validate(Array(data)).first else { continue }
            sources[entry.file] = SourceFile(path: entry.file, text: String(decoding: data, as: UTF8.self))
            // libxml2 names elements with their namespace in braces: written with the records' prefixes.
            let message = violation.message.replacingOccurrences(of: "{\(VeriFactuNamespace.info)}", with: "sum1:")
                .replacingOccurrences(of: "{\(VeriFactuNamespace.lr)}", with: "sum:")
            diagnostics.append(.error(recordInvalid, "the VeriFactu record does not pass the AEAT's schema (SuministroLR.xsd): \(message)",
                                      file: entry.file, range: SourceRange(line: max(1, violation.line), column: 1),
                                      help: "restore the record from git (`git checkout -- \(entry.file)`); records are never edited"))
        }
        return diagnostics
    }

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
        diagnostics += schemaDiagnostics(register, root: root, sources: &sources)
        for (kind, document) in register.pending(in: book) {
            diagnostics.append(.error(notRecorded, "\(document.kind.name) \(document.number) is \(kind == .alta ? "issued" : "voided") without its VeriFactu record",
                                        file: document.file, range: (kind == .alta ? document.sent?.range : document.void?.range) ?? document.issued.range,
                                        help: "run `invoic verifactu record` and commit the record with the \(document.kind.name)"))
        }
        return (diagnostics, sources)
    }
}
