import Foundation

/// The build folder: the one place invoic writes. Every write is atomic (a temporary file in the
/// same folder, then rename), so a build killed at any moment leaves each output either old and
/// whole or new and whole, never truncated; and a rename replaces a link rather than following it.
public struct OutputFolder: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public func create() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func url(_ name: String) -> String { path.hasSuffix("/") ? path + name : path + "/" + name }

    public func exists(_ name: String) -> Bool {
        var info = stat()
        return lstat(url(name), &info) == 0
    }

    public func read(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: url(name)).map { [UInt8]($0) }
    }

    /// Writes `bytes` as `name` atomically.
    public func write(_ bytes: [UInt8], to name: String) throws {
        precondition(!name.contains("/") && name != "." && name != "..", "output names never leave the folder")
        let temporary = url(".\(name).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError(path: url(name), reason: String(cString: strerror(errno))) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                unlink(temporary)
                throw OutputError(path: url(name), reason: reason)
            }
            offset += written
        }
        close(descriptor)
        guard rename(temporary, url(name)) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw OutputError(path: url(name), reason: reason)
        }
    }

    /// Writes only when the content differs, so a build that changes nothing touches nothing.
    @discardableResult
    public func update(_ bytes: [UInt8], at name: String) throws -> Bool {
        if read(name) == bytes { return false }
        try write(bytes, to: name)
        return true
    }

    public func remove(_ name: String) {
        unlink(url(name))
    }

    /// Temporary files left by a build that was killed mid-write.
    func removeLeftovers() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") { remove(name) }
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
