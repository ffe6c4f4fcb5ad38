import Foundation

/// Where the book is when a command runs somewhere inside it: like git looking for `.git`, the
/// folder given (the current one by default) or the nearest folder above it that holds
/// `invoic.yaml`.
public enum BookLocation {
    /// The book folder that contains `start`, spelled relative to `start` the way the user
    /// would write it (`..`, `../..`, or `start` itself), so every path invoic prints can be
    /// opened from where they are. `start` itself when no folder up to `/` holds a book: the
    /// command then says there is no book there.
    public static func root(containing start: String) -> String {
        var candidate = start.isEmpty ? "." : start
        while true {
            if FileManager.default.fileExists(atPath: BookLoader.join(candidate, BookSettings.fileName)) { return candidate }
            if URL(fileURLWithPath: candidate).standardizedFileURL.path == "/" { return start }
            candidate = parent(of: candidate)
        }
    }

    /// The folder above `path`, lexically: `a/b` -> `a`, `a` -> `.`, `.` -> `..`, `..` -> `../..`.
    static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        if trimmed == "." { return ".." }
        if trimmed == ".." || trimmed.hasSuffix("/..") || trimmed.hasSuffix("/.") { return trimmed + "/.." }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
}
