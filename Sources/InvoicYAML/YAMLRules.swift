import InvoicDiagnostics

/// Codes the YAML layer reports, before any file means anything: `invoic explain` prints them.
public enum YAMLRules {
    public static let all: [Rule] = [
        Rule(.yamlSyntax, summary: "the file is not valid YAML",
             explanation: "The YAML parser stopped here. Common causes: a value with `: ` that needs quotes, an unclosed bracket or quote, uneven indentation, a tab used for indentation.",
             example: "notes: Note: paid by card   <- quote it: \"Note: paid by card\""),
        Rule(.invalidUtf8, summary: "the file is not UTF-8 text",
             explanation: "Books are UTF-8. A file saved as Latin-1, Windows-1252 or UTF-16, or one with control characters such as NUL, is rejected with the place of the first bad byte. So is a value that an escape (`\\0`, `\\e`, `\\x1b`) gives a control character: tab and line feed are the only ones allowed.",
             example: "name: Caf\\xE9   <- a Latin-1 byte; save the file as UTF-8"),
        Rule(.duplicateKey, summary: "a key appears twice in one mapping",
             explanation: "YAML would keep only one of the two values and silently drop the other; invoic refuses to guess which one you meant.",
             example: "total: 100.00\ntotal: 120.00"),
        Rule(.multipleDocuments, summary: "a file holds more than one YAML document",
             explanation: "One document per file: a `---` line followed by more content starts a second YAML document, which invoic would otherwise ignore.",
             example: "client: acme\n---\nclient: other"),
        Rule(.resourceLimit, summary: "a file exceeds a size, depth or expansion bound",
             explanation: "Bounds keep a broken or hostile file from hanging invoic or exhausting memory: file size (4 MiB), nesting depth (64), values including alias expansion (250,000), one value's length (256 KiB), items per document (10,000), payments per invoice (10,000), files and folders below clients/, invoices/, estimates/ and credit-notes/ (100,000), the logo's size (16 MiB).",
             example: "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n...   <- billion laughs"),
    ]
}

extension DiagnosticCode {
    public static let duplicateKey = DiagnosticCode("duplicate-key")
    public static let invalidUtf8 = DiagnosticCode("invalid-utf8")
    public static let multipleDocuments = DiagnosticCode("multiple-documents")
    public static let resourceLimit = DiagnosticCode("resource-limit")
    public static let yamlSyntax = DiagnosticCode("yaml-syntax")
}
