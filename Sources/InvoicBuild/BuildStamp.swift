import Foundation

/// "Nothing changed since the last build", decided by content before the book is even parsed:
/// a fingerprint of the bytes of every file a build reads (invoic.yaml, clients/, invoices/,
/// estimates/, templates/ and the logo), the day the report is computed for and the version of
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
        var paths = ["invoic.yaml"] + ["clients", "invoices", "estimates", "templates"].flatMap { files(below: $0, in: root) }
        if let logo { paths.append(logo) }
        for path in paths {
            hash.add(path)
            // Only regular files are opened: a named pipe would block here, before the check
            // that reports it. Anything else counts by its kind, so a change still shows.
            let full = (root as NSString).appendingPathComponent(path)
            var info = stat()
            guard stat(full, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                hash.add("not a regular file: \(info.st_mode & S_IFMT)")
                continue
            }
            let data = FileManager.default.contents(atPath: full) ?? Data()
            data.withUnsafeBytes { hash.add($0) }
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

    /// YAML files below `folder` (links to files included, linked folders not followed), sorted.
    static func files(below folder: String, in root: String) -> [String] {
        var result: [String] = []
        var pending = [folder]
        let fileManager = FileManager.default
        while let relative = pending.popLast() {
            let directory = (root as NSString).appendingPathComponent(relative)
            guard let names = try? fileManager.contentsOfDirectory(atPath: directory) else { continue }
            for name in names {
                let path = relative + "/" + name
                let type = (try? fileManager.attributesOfItem(atPath: (root as NSString).appendingPathComponent(path)))?[.type] as? FileAttributeType
                if type == .typeDirectory {
                    pending.append(path)
                } else if name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                    // What the book's loader reads; anything else in these folders changes nothing.
                    result.append(path)
                }
            }
        }
        return result.sorted()
    }
}
