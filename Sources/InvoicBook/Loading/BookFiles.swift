/// The one way every stage lists and reads a book's files: the loader's bounded walk (hidden
/// entries skipped, linked folders not followed, so a link loop cannot trap it) and its read
/// (regular files only, opened without blocking, never more than a limit). A named pipe or a
/// huge file in the book can then stall or swamp no stage: not the build's fingerprints, not the
/// template or logo the PDF stage reads.
public enum BookFiles {
    /// `.yaml` and `.yml` files below `folder`, relative to the book, sorted.
    public static func yaml(below folder: String, in root: String) -> [String] {
        var walk = BookLoader.Walk(root: root, limit: BookLimits.standard.maxFiles)
        return walk.yamlFiles(in: folder, recursive: true)
    }

    /// `folder` and every folder below it, relative to the book, sorted.
    public static func folders(below folder: String, in root: String) -> [String] {
        var walk = BookLoader.Walk(root: root, limit: BookLimits.standard.maxFiles)
        _ = walk.yamlFiles(in: folder, recursive: true)
        return walk.folders.sorted()
    }

    /// The bytes of a regular file of at most `limit` bytes, relative to the book, whose real path
    /// stays inside the book; nil otherwise.
    public static func contents(of relative: String, in root: String, limit: Int) -> [UInt8]? {
        if case .success(let bytes) = BookLoader.read(relative, in: root, limit: limit) { return bytes }
        return nil
    }
}
