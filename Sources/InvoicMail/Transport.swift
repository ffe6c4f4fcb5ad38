import CSMTP
import Foundation

/// Why a message could not be sent.
public struct MailError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// How messages leave: the local `sendmail` (Postfix, msmtp, ...), or an SMTP server.
public enum MailTransport: Sendable {
    case sendmail(path: String)
    case smtp(SMTPServer)

    public func send(_ message: MailMessage) throws(MailError) {
        switch self {
        case .sendmail(let path): try Self.sendmail(message, path: path)
        case .smtp(let server): try server.send(message)
        }
    }

    /// `sendmail -i -f FROM -- RECIPIENT...` with the message on standard input.
    private static func sendmail(_ message: MailMessage, path: String) throws(MailError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-i", "-f", message.from.address, "--"] + message.recipients
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do { try process.run() } catch {
            throw MailError("cannot run \(path): \((error as NSError).localizedDescription); install a sendmail (e.g. msmtp-mta) or set `mail.host` for SMTP")
        }
        // sendmail reads LF line ends; CRLF is what the message is written with for SMTP.
        let text = String(decoding: message.rfc5322(), as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        input.fileHandleForWriting.write(Data(text.utf8))
        try? input.fileHandleForWriting.close()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw MailError("\(path) failed (exit \(process.terminationStatus)): \(String(decoding: stderr, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }
}

/// An SMTP server, reached through libcurl: STARTTLS (587, the default), TLS from the start
/// (465) or, for a server on this machine, none.
public struct SMTPServer: Sendable {
    public enum Security: String, Sendable, CaseIterable {
        case starttls, tls, none
    }

    public var host: String
    public var port: Int
    public var security: Security
    public var username: String?
    public var password: String?
    public var timeout = 60

    public init(host: String, port: Int, security: Security, username: String?, password: String?) {
        self.host = host
        self.port = port
        self.security = security
        self.username = username
        self.password = password
    }

    func send(_ message: MailMessage) throws(MailError) {
        let bytes = message.rfc5322()
        let recipients = message.recipients.map { "<\($0)>" }
        let from = "<\(message.from.address)>"
        var error = [CChar](repeating: 0, count: 512)
        let security: Int32 = switch self.security {
        case .none: Int32(INVOIC_SMTP_NONE.rawValue)
        case .starttls: Int32(INVOIC_SMTP_STARTTLS.rawValue)
        case .tls: Int32(INVOIC_SMTP_TLS.rawValue)
        }
        let result: Int32 = withCStrings(recipients) { pointers in
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { text in
                    invoic_smtp_send(host, Int32(port), security, username ?? "", password ?? "", from,
                                     pointers, pointers.count, text.baseAddress, text.count, timeout, &error, error.count)
                }
            }
        }
        if result != 0 {
            throw MailError("sending through \(host):\(port) failed: \(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        }
    }
}

/// Calls `body` with C strings of `strings` that live for the call.
private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> Result) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies.map { UnsafePointer($0) })
}
