import InvoicYAML

/// Bounds on a whole book, beside the YAML layer's bounds on one file (`YAMLLimits`). Each keeps
/// a broken or hostile book from hanging invoic, exhausting memory or writing a name the file
/// system refuses. Past a bound invoic reports a diagnostic; it never crashes.
public struct BookLimits: Sendable, Hashable {
    /// One file's bounds: size, nesting depth, values (with what aliases repeat), one value's length.
    public var yaml: YAMLLimits
    /// Entries (files and folders) below `clients/`, `invoices/` and `estimates/`. A busy freelancer
    /// writes a few hundred documents a year; past this the book is not read at all.
    public var maxFiles: Int
    /// Lines under one document's `items:`.
    public var maxItems: Int
    /// Entries under one invoice's `payments:`.
    public var maxPayments: Int
    /// Bytes (UTF-8) of a file's name without `.yaml`: a document number or a client id. The PDF
    /// file name is made from the number, and file systems allow 255 bytes per name.
    public var maxNameLength: Int
    /// Bytes of an asset the book refers to (`business.logo`).
    public var maxAssetSize: Int

    public init(yaml: YAMLLimits = .standard, maxFiles: Int, maxItems: Int, maxPayments: Int, maxNameLength: Int, maxAssetSize: Int) {
        self.yaml = yaml
        self.maxFiles = maxFiles
        self.maxItems = maxItems
        self.maxPayments = maxPayments
        self.maxNameLength = maxNameLength
        self.maxAssetSize = maxAssetSize
    }

    public static let standard = BookLimits(
        yaml: .standard,
        maxFiles: 100_000,
        maxItems: 10_000,
        maxPayments: 10_000,
        maxNameLength: 128,
        maxAssetSize: 16 * 1024 * 1024
    )

    /// The most bytes a file name may have on the file systems invoic writes to.
    public static let maxFileNameBytes = 255
}
