import Foundation
import InvoicBook
import InvoicPDF

/// What invoic keeps between runs in a book's `.invoic/cache/`: units of derived data, each
/// stored under a name and valid for one key (a fingerprint of everything it was derived from).
/// A unit is used only when its key is the one asked for, so it is never trusted over a changed
/// file: the caller's key changes with any input's bytes.
///
/// Safe by construction: a unit is written whole to a temporary file and renamed into place
/// (two processes at once each leave a complete unit, the last one stays); it is read back only
/// when its header (format, invoic's build, key, length) and its checksum agree, so a file cut
/// short, corrupted, written by another version of invoic or by anything else is ignored (and
/// replaced by the next write), never trusted and never a crash. The folder holds a `.gitignore`
/// of `*`, which ignores the folder itself too, as `.invoic/tmp/` does: git never lists it, in new
/// books and in books made before the cache existed alike. A cache that cannot be written (a
/// read-only book) costs only speed.
public struct ContentCache: Sendable {
    /// The folder, relative to the book.
    public static let folderName = ".invoic/cache"
    /// A unit larger than this is not read (nothing invoic stores comes near it).
    static let maxUnitSize = 256 << 20

    public let folder: String

    public init(root: String) {
        folder = BookLoader.join(root, Self.folderName)
    }

    /// The unit `name` when it was stored for `key`; nil when there is none, or it is unusable.
    public func load(_ name: String, key: String) -> [UInt8]? {
        loadWithStat(name, key: key)?.payload
    }

    /// The unit `name` for `key` and its file's `stat` (the time it was written, for `FileStamps`).
    func loadWithStat(_ name: String, key: String) -> (payload: [UInt8], stat: stat)? {
        guard Self.isPlainFolder(folder), let (bytes, info) = Self.contentsAndStat(of: BookLoader.join(folder, name)),
              let payload = Self.payload(of: bytes, key: key) else { return nil }
        return (payload, info)
    }

    /// Stores `payload` as the unit `name` for `key`, replacing what was there; false when it
    /// could not be written.
    @discardableResult
    public func store(_ name: String, key: String, _ payload: [UInt8]) -> Bool {
        guard prepare() else { return false }
        do {
            // Not synced: a unit lost or torn by a power cut fails its checksum and is made again.
            try AtomicFile.write(Self.framed(payload, key: key), to: BookLoader.join(folder, name), temporaryDirectory: folder, durable: false)
            return true
        } catch {
            return false
        }
    }

    /// The key of a unit derived from `bytes` alone (one file's decoded form, for the language
    /// server's per-file units): the same function as the book's inputs are hashed with.
    public static func key(of bytes: [UInt8]) -> String {
        var hash = Fingerprint()
        bytes.withUnsafeBytes { hash.add($0) }
        return hash.hex
    }

    // MARK: - The frame

    /// The build of invoic that wrote a unit: its version and its executable's size and time, so
    /// a rebuilt binary (whose checks may differ under the same version) makes its own units.
    static let build: String = {
        var info = stat()
        let executable = stat("/proc/self/exe", &info) == 0 ? "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : "unknown"
        return "\(InvoicVersion.string) \(executable)"
    }()

    static let magic = "invoic-cache 1"

    static func framed(_ payload: [UInt8], key: String) -> [UInt8] {
        var check = Fingerprint()
        payload.withUnsafeBytes { check.add($0) }
        let header = "\(magic)\nbuild \(build)\nkey \(key)\nlength \(payload.count)\ncheck \(check.hex)\n"
        return Array(header.utf8) + payload
    }

    static func payload(of bytes: [UInt8], key: String) -> [UInt8]? {
        var lines: [String] = []
        var start = 0
        while lines.count < 5 {
            guard let newline = bytes[start...].firstIndex(of: 0x0A), newline - start < 4096 else { return nil }
            lines.append(String(decoding: bytes[start..<newline], as: UTF8.self))
            start = newline + 1
        }
        guard lines[0] == magic, lines[1] == "build \(build)", lines[2] == "key \(key)",
              lines[3] == "length \(bytes.count - start)" else { return nil }
        let payload = Array(bytes[start...])
        var check = Fingerprint()
        payload.withUnsafeBytes { check.add($0) }
        return lines[4] == "check \(check.hex)" ? payload : nil
    }

    // MARK: - Files

    /// Makes the folder and its `.gitignore`; false when `.invoic` or the cache folder is not a
    /// plain folder of the book (a link is never followed: it could point anywhere).
    private func prepare() -> Bool {
        let parent = (folder as NSString).deletingLastPathComponent
        for path in [parent, folder] {
            if !FileManager.default.fileExists(atPath: path) { mkdir(path, 0o755) }
            guard Self.isPlainFolder(path) else { return false }
        }
        let ignore = BookLoader.join(folder, ".gitignore")
        if !FileManager.default.fileExists(atPath: ignore) {
            let text = "# invoic's cache of the checked book, made again from the book's files when missing: git never lists this folder.\n*\n"
            // EEXIST: another process made it meanwhile.
            try? AtomicFile.write(Array(text.utf8), to: ignore, mode: .createNew, temporaryDirectory: folder, durable: false)
        }
        return true
    }

    static func isPlainFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// A regular file's bytes, read without following a link or blocking on a pipe, bounded.
    static func contents(of path: String) -> [UInt8]? {
        contentsAndStat(of: path)?.bytes
    }

    static func contentsAndStat(of path: String) -> (bytes: [UInt8], stat: stat)? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= maxUnitSize else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + done, $0.count - done) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            done += count
        }
        return (bytes, info)
    }
}
