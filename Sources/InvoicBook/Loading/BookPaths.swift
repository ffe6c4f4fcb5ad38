import Foundation

/// Paths a book writes (`business.logo`, a template's file) name files inside the book's folder.
/// A book may come from someone else: an absolute path, a `..` step or a symbolic link leading
/// out of the folder would let it make invoic read, and embed in a PDF, any file on the machine.
public enum BookPaths {
    public enum Problem: Sendable, Hashable {
        /// `/etc/passwd`, `~/x` is a relative path and fine.
        case absolute
        /// A `..` step anywhere in the path, even one that would come back in.
        case parentStep
        /// A symbolic link on the way leads out of the book; the place it leads to.
        case linkOutside(String)
        /// A control character (NUL, a terminal escape).
        case controlCharacter

        public var message: String {
            switch self {
            case .absolute: return "is an absolute path"
            case .parentStep: return "steps out with `..`"
            case .linkOutside(let target): return "leads through a symbolic link to \(BookLoader.printable(target)), outside the book"
            case .controlCharacter: return "contains a control character"
            }
        }
    }

    /// Why `relative` does not name a place inside the book at `root`, or nil when it does (or when
    /// nothing exists there: whether it exists is another check's question).
    public static func problem(with relative: String, in root: String) -> Problem? {
        if relative.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return .controlCharacter }
        if relative.hasPrefix("/") { return .absolute }
        if relative.split(separator: "/", omittingEmptySubsequences: true).contains("..") { return .parentStep }
        return linkOutside(relative, in: root).map(Problem.linkOutside)
    }

    /// Where `relative` really is when symbolic links on the way (the file itself or a folder)
    /// lead out of the book at `root`; nil when it stays inside or nothing exists there. Every
    /// file the book's loader reads passes here first (issue 38): a client or invoice linked to
    /// `~/.netrc` must not be read, so none of its lines can reach a diagnostic.
    public static func linkOutside(_ relative: String, in root: String) -> String? {
        // Every file of the book passes here, so the common case is made cheap: when no step of
        // `relative` is a link or `..`, the file is below the book's folder whatever that folder
        // really is, and no real path is needed (glibc's realpath makes a readlink per component
        // of the whole path: 2,100 of them for one PDF in a 200-invoice book, 4 % of the run).
        if !mayLeave(relative, in: root) { return nil }
        guard let book = realPath(root.isEmpty ? "." : root) else { return nil }
        // The deepest part of the path that exists, links resolved: a linked folder on the way
        // counts even when the file below it does not exist.
        var components = relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        while !components.isEmpty {
            if let inside = realPath(BookLoader.join(root, components.joined(separator: "/"))) {
                return inside == book || inside.hasPrefix(book.hasSuffix("/") ? book : book + "/") ? nil : inside
            }
            components.removeLast()
        }
        return nil
    }

    /// Whether a step of `relative` below `root` could lead out of it: a `..`, or an existing
    /// entry that is a symbolic link (checked with lstat, one call per step, stopping at the first
    /// step that does not exist, below which nothing exists either). False means the path names a
    /// place inside the book or nothing; true sends the caller to the real paths.
    static func mayLeave(_ relative: String, in root: String) -> Bool {
        var path = root.isEmpty ? "." : root
        for component in relative.split(separator: "/", omittingEmptySubsequences: true) {
            if component == ".." { return true }
            if component == "." { continue }
            path += "/" + component
            var info = stat()
            guard lstat(path, &info) == 0 else { return false }
            if info.st_mode & S_IFMT == S_IFLNK { return true }
        }
        return false
    }

    /// The path with every link resolved, nil when it does not exist (a dangling link included).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
