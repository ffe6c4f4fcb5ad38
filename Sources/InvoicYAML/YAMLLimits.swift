/// Bounds that keep a hostile or broken file from hanging the tool or exhausting memory.
/// Past a bound the parser stops with a `resource-limit` error; it never crashes.
public struct YAMLLimits: Sendable, Hashable {
    /// Bytes in one file. A real invoice is about one kilobyte.
    public var maxFileSize: Int
    /// Sequences and mappings open at once.
    public var maxDepth: Int
    /// Nodes in one file, counting every node an alias repeats: this bounds "billion laughs".
    public var maxNodes: Int
    /// Bytes in one scalar.
    public var maxScalarLength: Int

    public init(maxFileSize: Int, maxDepth: Int, maxNodes: Int, maxScalarLength: Int) {
        self.maxFileSize = maxFileSize
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.maxScalarLength = maxScalarLength
    }

    public static let standard = YAMLLimits(
        maxFileSize: 4 * 1024 * 1024,
        maxDepth: 64,
        maxNodes: 250_000,
        maxScalarLength: 256 * 1024
    )
}
