import Foundation

/// The one way invoic writes a file: the bytes go to a temporary file (named
/// `.NAME.PID.RANDOM.tmp`, so a build can tell a write in flight from a leftover), reach the
/// disk (fsync), and only then take the file's name, so a reader, a crash or a full disk never
/// sees half a file. The temporary file is beside the target, or in a folder the caller names on
/// the same file system (a book's `.invoic/tmp/`, which git never lists), so a crash between the
/// two steps leaves nothing among the files a person keeps.
public enum AtomicFile {
    public enum Mode: Sendable {
        /// Replace whatever has the name.
        case replace
        /// Only create: when the name exists, nothing is written (`EEXIST`), so a new file never
        /// overwrites one the user wrote.
        case createNew
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var path: String
        /// The system's words for it.
        public var reason: String
        /// `errno` of the failing call.
        public var code: Int32

        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// - Parameter temporaryDirectory: where the temporary file is made; nil: beside `path`. When
    ///   it is on another file system than `path` (`EXDEV`), the write falls back to beside `path`.
    /// - Parameter durable: fsync the file and its folder, so the write outlives a power cut. A
    ///   build passes false for the outputs it derives and syncs their file system once, before it
    ///   records them (`OutputFolder.sync`): one flush instead of two per file.
    public static func write(_ bytes: [UInt8], to path: String, mode: Mode = .replace, temporaryDirectory: String? = nil,
                             durable: Bool = true) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        func failure(_ code: Int32 = errno) -> Failure { Failure(path: path, reason: String(cString: strerror(code)), code: code) }
        let temporary = try temporaryFile(with: bytes, named: url.lastPathComponent, in: temporaryDirectory ?? directory, durable: durable, failure: failure)
        let placed: Int32
        switch mode {
        case .replace:
            placed = rename(temporary, path)
        case .createNew:
            // link() fails when the name exists, where rename() would replace it.
            placed = link(temporary, path)
        }
        let code = errno
        if placed != 0 || mode == .createNew { unlink(temporary) }
        if placed != 0 {
            if code == EXDEV, temporaryDirectory != nil {
                return try write(bytes, to: path, mode: mode, durable: durable)
            }
            throw failure(code)
        }
        guard durable else { return }
        // The new name reaches the disk too: after a power cut the file is the old one or the new one.
        let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// `bytes` in a new file of `directory`, on the disk; its path.
    private static func temporaryFile(with bytes: [UInt8], named name: String, in directory: String, durable: Bool,
                                      failure: (Int32) -> Failure) throws(Failure) -> String {
        let temporary = directory + "/.\(name).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(errno) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written >= 0 else {
                let error = failure(errno)
                close(descriptor)
                unlink(temporary)
                throw error
            }
            offset += written
        }
        guard !durable || fsync(descriptor) == 0 else {
            let error = failure(errno)
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        return temporary
    }

    /// The process id a temporary file's name carries (`.NAME.PID.RANDOM.tmp`), if it is one.
    public static func writer(ofTemporary name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let parts = name.split(separator: ".")
        guard parts.count >= 4, UInt64(parts[parts.count - 2]) != nil, let pid = pid_t(parts[parts.count - 3]), pid > 0 else { return nil }
        return pid
    }

    /// Removes the temporary files of `directory` that a writer killed mid-write left: those whose
    /// process is gone. Files of a living process (this one included) are its writes in flight.
    public static func removeLeftovers(in directory: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names {
            guard let writer = writer(ofTemporary: name), writer != getpid() else { continue }
            if kill(writer, 0) == 0 || errno == EPERM { continue }
            unlink(directory + "/" + name)
        }
    }
}
