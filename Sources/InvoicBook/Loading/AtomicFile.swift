import Foundation

/// The one way invoic writes a file: the bytes go to a temporary file beside it (named
/// `.NAME.PID.RANDOM.tmp`, so a build can tell a write in flight from a leftover), reach the
/// disk (fsync), and only then take the file's name, so a reader, a crash or a full disk never
/// sees half a file.
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

    public static func write(_ bytes: [UInt8], to path: String, mode: Mode = .replace) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/.\(url.lastPathComponent).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        func failure(_ code: Int32 = errno) -> Failure { Failure(path: path, reason: String(cString: strerror(code)), code: code) }

        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure() }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written >= 0 else {
                let error = failure()
                close(descriptor)
                unlink(temporary)
                throw error
            }
            offset += written
        }
        guard fsync(descriptor) == 0 else {
            let error = failure()
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        switch mode {
        case .replace:
            guard rename(temporary, path) == 0 else {
                let error = failure()
                unlink(temporary)
                throw error
            }
        case .createNew:
            // link() fails when the name exists, where rename() would replace it.
            defer { unlink(temporary) }
            guard link(temporary, path) == 0 else { throw failure() }
        }
    }
}
