import Foundation
import InvoicBook
import InvoicPDF

/// "Nothing changed since the last build", decided by content before the book is even parsed:
/// a fingerprint of the bytes of every file a build reads (invoic.yaml, clients/, invoices/,
/// estimates/, credit-notes/, templates/, fonts/ and the logo), the day the report is computed for and the version of
/// invoic. It is written when a build succeeds and removed when one starts, so a build that was
/// interrupted is never mistaken for a finished one; and a no-op build still checks that every
/// output it recorded exists, so a deleted PDF is rebuilt.
public struct BuildStamp: Sendable {
    static let fileName = ".invoic-state"

    public let fingerprint: String
    /// The logo the last build read (a path named in invoic.yaml), kept so its bytes count too.
    let logo: String?

    /// - Parameters:
    ///   - context: everything else the outputs depend on: version, today.
    ///   - logo: the logo path to count; by default the one the last build read.
    public static func current(root: String, folder: OutputFolder, context: String, logo: String?? = nil) -> BuildStamp {
        let logo = logo ?? recorded(in: folder)?.logo
        var hash = Fingerprint()
        hash.add(context)
        // What the loader reads, read the way it reads: a named pipe or a huge file counts as
        // unreadable here (and the check that follows reports it); it never blocks.
        let limits = BookLimits.standard
        var paths = [(BookSettings.fileName, limits.yaml.maxFileSize)]
        paths += ["clients", "invoices", "estimates", "credit-notes", "templates"].flatMap { BookFiles.yaml(below: $0, in: root) }.map { ($0, limits.yaml.maxFileSize) }
        // The book's own fonts, which a template may name.
        paths += PDFRenderer.bookFonts(root).map { ("fonts/" + ($0 as NSString).lastPathComponent, limits.maxAssetSize) }
        if let logo { paths.append((logo, limits.maxAssetSize)) }
        // Each file read and hashed on every core (one thread read 10,000 files while the other
        // waited); the files' hashes are then taken in order. No file's bytes are kept: the
        // loader reads them again, in parallel too, which held 12 MB less at a build's peak than
        // handing them over.
        let digests = parallelMap(paths, serialBelow: 32) { path, limit -> Fingerprint? in
            guard let bytes = BookFiles.contents(of: path, in: root, limit: limit) else { return nil }
            var file = Fingerprint()
            bytes.withUnsafeBytes { file.add($0) }
            return file
        }
        for ((path, _), digest) in zip(paths, digests) {
            hash.add(path)
            if let digest { hash.add(digest) } else { hash.add("unreadable") }
        }
        return BuildStamp(fingerprint: hash.hex, logo: logo)
    }

    /// True when the last build finished with this fingerprint and all its outputs are still there.
    public func isUpToDate(in folder: OutputFolder) -> Bool {
        guard let last = Self.recorded(in: folder), last.fingerprint == fingerprint,
              let bytes = folder.read(Manifest.fileName) else { return false }
        let manifest = Manifest(text: String(decoding: bytes, as: UTF8.self))
        return manifest.entries.keys.allSatisfy { folder.exists($0) }
    }

    /// Forgets the last build's stamp: done before a build writes anything.
    public static func invalidate(in folder: OutputFolder) {
        folder.remove(fileName)
    }

    /// The logo path this stamp counted.
    public var countedLogo: String? { logo }

    /// Records a finished build.
    public static func record(_ stamp: BuildStamp, in folder: OutputFolder) throws {
        try folder.write(Array("\(stamp.fingerprint)\n\(stamp.logo ?? "")\n".utf8), to: fileName)
    }

    private static func recorded(in folder: OutputFolder) -> BuildStamp? {
        guard let bytes = folder.read(fileName) else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, !lines[0].isEmpty else { return nil }
        return BuildStamp(fingerprint: String(lines[0]), logo: lines[1].isEmpty ? nil : String(lines[1]))
    }
}

/// The files the last finished build read (relative to the book), one per line: a build that
/// finds nothing to do still writes the depfile make asks for from them.
enum BuildInputs {
    static let fileName = ".invoic-inputs"

    static func record(_ inputs: [String], in folder: OutputFolder) throws {
        try folder.update(Array(inputs.map { $0 + "\n" }.joined().utf8), at: fileName)
    }

    static func recorded(in folder: OutputFolder) -> [String]? {
        folder.read(fileName).map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) }
    }
}
