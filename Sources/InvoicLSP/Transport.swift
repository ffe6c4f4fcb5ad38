#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The base protocol's framing: `Content-Length: N\r\n\r\n` then N bytes of JSON.
/// Reads block on a file descriptor; every malformed frame is reported, not fatal.
public final class MessageReader {
    public enum Frame: Sendable {
        case message([UInt8])
        /// A header without a usable Content-Length, or one above the bound: the bytes up to the
        /// next blank line are dropped and reading goes on.
        case malformed(String)
        case end
    }

    /// No editor sends a document above a few megabytes; a larger claim is refused unread.
    public static let maxContentLength = 64 << 20

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public func next() -> Frame {
        var contentLength: Int?
        var sawHeader = false
        while true {
            guard let line = readLine() else { return .end }
            if line.isEmpty {
                if !sawHeader { continue }  // stray blank lines between messages
                break
            }
            sawHeader = true
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = String(decoding: line[..<colon], as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            if name == "content-length" { contentLength = Int(value) ?? -1 }
        }
        guard let length = contentLength, length >= 0 else { return .malformed("a header without a valid Content-Length") }
        guard length <= Self.maxContentLength else {
            // Skip the announced body in bounded chunks, so the stream stays in step.
            var left = length
            while left > 0 {
                if start == buffer.count, !fill() { return .end }
                let take = min(left, buffer.count - start)
                start += take
                left -= take
            }
            return .malformed("a message of \(length) bytes, above the bound of \(Self.maxContentLength)")
        }
        while buffer.count - start < length {
            if !fill() { return .end }
        }
        let body = Array(buffer[start..<start + length])
        start += length
        return .message(body)
    }

    /// A header line without its CRLF (a bare LF is accepted too); nil at the end of the stream.
    private func readLine() -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = buffer[start..<end]
                start = newline + 1
                return line
            }
            // A header line is short; one that runs on for kilobytes is garbage, dropped.
            if buffer.count - start > 8192 { start = buffer.count }
            if !fill() { return nil }
        }
    }

    private func fill() -> Bool {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1 << 20 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
    }
}

/// Writes framed messages from any thread, one whole message at a time. A client that went away
/// (EPIPE: SIGPIPE is ignored by the server) makes `send` return false instead of killing us.
public final class MessageWriter: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var broken = false
    /// Messages kept instead of written (the handler tests read them).
    private var captured: [JSON]?

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// A writer that keeps what it is given.
    init(capturing: Void) {
        descriptor = -1
        captured = []
    }

    /// The messages kept so far, emptied.
    func takeCaptured() -> [JSON] {
        lock.withLock {
            defer { captured = [] }
            return captured ?? []
        }
    }

    @discardableResult
    public func send(_ message: JSON) -> Bool {
        if lock.withLock({ captured != nil }) {
            lock.withLock { captured?.append(message) }
            return true
        }
        let body = Array(message.serialized.utf8)
        let frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        return lock.withLock {
            guard !broken else { return false }
            var offset = 0
            while offset < frame.count {
                let count = frame[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { broken = true; return false }
                offset += count
            }
            return true
        }
    }

    public var isBroken: Bool { lock.withLock { broken } }
}
