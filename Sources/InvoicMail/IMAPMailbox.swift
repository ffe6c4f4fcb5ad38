import CSMTP
import Foundation

/// A mailbox on an IMAP server over TLS (imaps://), read through libcurl: the ids of its
/// messages, then each message as it was delivered. Nothing is marked, moved or deleted.
public struct IMAPMailbox: Sendable {
    /// `imaps://host[:port]/MAILBOX`, e.g. imaps://imaps.pec.aruba.it/INBOX.
    public var url: String
    public var username: String?
    public var password: String?
    public var idleTimeout = 60

    public init(url: String, username: String?, password: String?) throws(MailError) {
        guard let components = URLComponents(string: url), components.scheme?.lowercased() == "imaps", let host = components.host, !host.isEmpty else {
            throw MailError("`\(url)` is not an IMAP mailbox over TLS: write imaps://HOST/MAILBOX, e.g. imaps://imaps.pec.aruba.it/INBOX")
        }
        guard components.query == nil, components.fragment == nil, !url.contains(";") else {
            throw MailError("`\(url)`: name the mailbox only (imaps://HOST/MAILBOX), without ;UID, ?SEARCH or #")
        }
        self.url = url.hasSuffix("/") ? String(url.dropLast()) : url
        self.username = username
        self.password = password
    }

    /// The host, for the password's lookup in ~/.netrc.
    public var host: String { URLComponents(string: url)?.host ?? "" }

    /// The UIDs of the messages `criteria` selects (an IMAP SEARCH key: ALL, SINCE 1-Nov-2026, ...).
    public func uids(matching criteria: String = "ALL") throws(MailError) -> [Int] {
        let answer = try request(url, command: "UID SEARCH \(criteria)", limit: 16 * 1024 * 1024)
        return Self.searchResult(String(decoding: answer, as: UTF8.self))
    }

    /// The message of `uid` as delivered, at most `limit` bytes (nil when larger).
    public func message(uid: Int, limit: Int) throws(MailError) -> [UInt8]? {
        do {
            return try request("\(url)/;UID=\(uid)", command: nil, limit: limit)
        } catch where error.message.hasPrefix("larger than") {
            return nil
        }
    }

    /// The numbers of the untagged `* SEARCH` lines (RFC 3501 7.2.5).
    static func searchResult(_ text: String) -> [Int] {
        text.split(whereSeparator: \.isNewline).flatMap { line -> [Int] in
            let words = line.split(separator: " ")
            guard words.count >= 2, words[0] == "*", words[1].uppercased() == "SEARCH" else { return [] }
            return words.dropFirst(2).compactMap { Int($0) }.filter { $0 > 0 }
        }
    }

    private func request(_ url: String, command: String?, limit: Int) throws(MailError) -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var length = 0
        var error = [CChar](repeating: 0, count: 512)
        let result = invoic_imap_request(url, username ?? "", password ?? "", command, limit, idleTimeout, &data, &length, &error, error.count)
        defer { free(data) }
        guard result == 0 else {
            throw MailError(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        guard let data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: length))
    }
}
