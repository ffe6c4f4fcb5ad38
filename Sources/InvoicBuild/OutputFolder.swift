import Foundation
import InvoicBook

/// The build folder: the one place invoic writes. Every write is atomic (a temporary file in the
/// same folder, then rename), so a build killed at any moment leaves each output either old and
/// whole or new and whole, never truncated; and a rename replaces a link rather than following it.
/// Nothing here follows a symbolic link: not the folder itself, not an output, not a file read
/// back (the manifest, a report compared before rewriting). Names are plain file names: one
/// with a `/` (from a damaged or hostile manifest) is never written nor removed.
public struct OutputFolder: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public func create() throws {
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            throw OutputError(path: path, reason: "it is a symbolic link; invoic never writes through a link (remove it, or pass the real folder)")
        }
        // mkdir -p by hand, so a failure names the folder and the system's reason in plain words.
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0, errno != EEXIST {
                throw OutputError(path: path, reason: "cannot create \(prefix): \(String(cString: strerror(errno)))")
            }
            var folder = stat()
            guard stat(prefix, &folder) == 0, folder.st_mode & S_IFMT == S_IFDIR else {
                throw OutputError(path: path, reason: "\(prefix) is not a folder")
            }
            prefix += "/"
        }
    }

    /// A name that stays in the folder: not empty, `.` or `..`, and without `/` or NUL.
    public static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.utf8.contains(0)
    }

    public func url(_ name: String) -> String { path.hasSuffix("/") ? path + name : path + "/" + name }

    public func exists(_ name: String) -> Bool {
        var info = stat()
        return lstat(url(name), &info) == 0
    }

    /// The bytes of a regular file in the folder; nil for anything else (a link, a FIFO, a folder).
    public func read(_ name: String) -> [UInt8]? {
        guard Self.isPlainName(name) else { return nil }
        let descriptor = open(url(name), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? bytes : nil }
            bytes += chunk[..<count]
        }
    }

    /// Writes `bytes` as `name` atomically; `durable`: on the disk before it returns, else only
    /// after the next `sync()` (a build's outputs: it syncs once before recording them).
    public func write(_ bytes: [UInt8], to name: String, durable: Bool = true) throws {
        guard Self.isPlainName(name) else { throw OutputError(path: url(name), reason: "an output name must be a plain file name") }
        do {
            try AtomicFile.write(bytes, to: url(name), durable: durable)
        } catch {
            throw OutputError(path: url(name), reason: error.reason)
        }
    }

    /// Writes only when the content differs, so a build that changes nothing touches nothing.
    @discardableResult
    public func update(_ bytes: [UInt8], at name: String, durable: Bool = true) throws -> Bool {
        if read(name) == bytes { return false }
        try write(bytes, to: name, durable: durable)
        return true
    }

    /// Puts every write made so far on the disk: syncfs(2) of the folder's file system (one flush
    /// for a build's thousands of outputs, where an fsync each cost a journal commit each), or
    /// sync(2) where syncfs is missing.
    public func sync() {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return }
        defer { close(folder) }
        if let syncfs = Self.syncfs, syncfs(folder) == 0 { return }
        Glibc.sync()
    }

    /// glibc declares syncfs only under _GNU_SOURCE, which Swift's Glibc module does not define.
    private static let syncfs: (@convention(c) (Int32) -> Int32)? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs")
        .map { unsafeBitCast($0, to: (@convention(c) (Int32) -> Int32).self) }

    /// Removes an output (a link is removed, not what it points to); a name that is not plain is ignored.
    public func remove(_ name: String) {
        guard Self.isPlainName(name) else { return }
        unlink(url(name))
    }

    /// Temporary files left by a build that was killed mid-write. A temporary file names the
    /// process that writes it (`.NAME.PID.RANDOM.tmp`); one whose process still runs is another
    /// invoic's write in flight (a `--depfile` stamp, a concurrent `invoic pdf`) and is left alone.
    func removeLeftovers() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            if let writer = Self.writer(ofTemporary: name), writer != getpid(), kill(writer, 0) == 0 || errno == EPERM { continue }
            remove(name)
        }
    }

    /// The process id a temporary file name carries, if it carries one.
    static func writer(ofTemporary name: String) -> pid_t? {
        let parts = name.split(separator: ".")
        guard parts.count >= 4, let pid = pid_t(parts[parts.count - 3]), pid > 0 else { return nil }
        return pid
    }
}

public struct OutputError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String

    public var description: String { "cannot write \(path): \(reason)" }
}

/// An exclusive lock on the build folder: two builds of one book at once take turns.
final class BuildLock {
    private let descriptor: Int32

    init(folder: OutputFolder) throws {
        descriptor = open(folder.url(".invoic-lock"), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError(path: folder.url(".invoic-lock"), reason: String(cString: strerror(errno))) }
        flock(descriptor, LOCK_EX)
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
