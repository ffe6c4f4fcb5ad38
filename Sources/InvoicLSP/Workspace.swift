import Foundation
import InvoicBook

/// Where the book is, and the documents the editor holds open (their text, not the disk's).
struct Workspace: Sendable {
    /// The book's folder, absolute and without a trailing slash.
    let root: String

    struct OpenDocument: Sendable {
        var uri: String
        var version: Int
        var text: String
    }

    /// Open documents by path relative to the book (or absolute, when outside it).
    var open: [String: OpenDocument] = [:]
    /// The file the editor opened, changed or saved last: what `invoic.preview` shows without an argument.
    var lastActive: String?

    /// The path of `uri` relative to the book, or nil for a file outside it (or not a file: URI).
    func path(of uri: String) -> String? {
        guard let absolute = Self.filePath(uri) else { return nil }
        let standardized = URL(fileURLWithPath: absolute).standardizedFileURL.path
        guard standardized.hasPrefix(root + "/") else { return nil }
        return String(standardized.dropFirst(root.count + 1))
    }

    func uri(of path: String) -> String {
        Self.fileURI(path.hasPrefix("/") ? path : root + "/" + path)
    }

    func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : root + "/" + path }

    /// The open texts of the book's own files, which replace what is on disk when checking.
    var overrides: [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for (path, document) in open where BookFileDecoder.Kind(path: path) != nil {
            result[path] = Array(document.text.utf8)
        }
        return result
    }

    /// The text of a book file: the editor's when it is open, else the disk's.
    func text(of path: String) -> String? {
        if let document = open[path] { return document.text }
        return (try? Data(contentsOf: URL(fileURLWithPath: absolute(path)))).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: - file: URIs (RFC 8089), percent-encoded as VS Code writes them

    static func filePath(_ uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst("file://".count))
        // file://host/path: only the local host is ours.
        if !rest.hasPrefix("/") {
            guard let slash = rest.firstIndex(of: "/"), rest[..<slash] == "localhost" else { return nil }
            rest = rest[slash...]
        }
        return String(rest).removingPercentEncoding
    }

    static func fileURI(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(0x80)))
        allowed.insert(charactersIn: "/-._~")
        return "file://" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)
    }
}
