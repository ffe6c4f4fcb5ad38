import Foundation

/// A name and an e-mail address, written as RFC 5322 wants: `"Müller, Jana" <jana@example.com>`
/// with a non-ASCII name as an RFC 2047 encoded word.
public struct MailAddress: Sendable, Hashable, CustomStringConvertible {
    public var name: String?
    public var address: String

    public init(name: String?, address: String) {
        self.name = name
        self.address = address
    }

    /// `Jana Müller <jana@example.com>` or a bare address; nil when there is no `@`.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let open = trimmed.lastIndex(of: "<"), trimmed.hasSuffix(">") {
            let address = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
            var name = trimmed[..<open].trimmingCharacters(in: .whitespaces)
            if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 { name = String(name.dropFirst().dropLast()) }
            self.init(name: name.isEmpty ? nil : name, address: address)
        } else {
            self.init(name: nil, address: trimmed)
        }
        guard MailAddress.isPlausible(address) else { return nil }
    }

    /// One `@`, something on both sides, no spaces, brackets or line breaks.
    public static func isPlausible(_ address: String) -> Bool {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".")
            && !address.contains { $0.isWhitespace || "<>()[]\\,;:\"".contains($0) || !$0.isASCII }
    }

    /// `Name <address>` as a person reads it, for messages on the terminal.
    public var readable: String { name.map { "\(MailMessage.oneLine($0)) <\(address)>" } ?? address }

    public var description: String { MailMessage.phrase(self).joined(separator: " ") }
}

/// A file sent with a message.
public struct MailAttachment: Sendable {
    public var fileName: String
    public var mediaType: String
    public var bytes: [UInt8]

    public init(fileName: String, mediaType: String, bytes: [UInt8]) {
        self.fileName = fileName
        self.mediaType = mediaType
        self.bytes = bytes
    }
}

/// An e-mail as RFC 5322 and MIME (RFC 2045-2047, 2231) write it: a plain-text part in UTF-8,
/// quoted-printable, and each attachment in base64, in one multipart/mixed message. Lines end
/// with CRLF and none is longer than 78 characters, so any SMTP server carries it unchanged.
public struct MailMessage: Sendable {
    public var from: MailAddress
    public var to: [MailAddress]
    public var bcc: [MailAddress] = []
    public var subject: String
    public var body: String
    public var attachments: [MailAttachment]
    public var date: Date
    /// Without the angle brackets: `INV-0007.20261125T091500Z@studio.example`.
    public var messageID: String

    public init(from: MailAddress, to: [MailAddress], subject: String, body: String, attachments: [MailAttachment], date: Date, messageID: String) {
        self.from = from
        self.to = to
        self.subject = subject
        self.body = body
        self.attachments = attachments
        self.date = date
        self.messageID = messageID
    }

    /// Everyone the message goes to, for the SMTP envelope (Bcc is in no header).
    public var recipients: [String] { (to + bcc).map(\.address) }

    /// The message as it goes over the wire.
    public func rfc5322() -> [UInt8] {
        let boundary = "invoic-" + Self.boundary(for: messageID)
        var lines = [
            Self.folded("From:", Self.phrase(from)),
            Self.folded("To:", to.enumerated().flatMap { index, address in
                var pieces = Self.phrase(address)
                if index < to.count - 1 { pieces[pieces.count - 1] += "," }
                return pieces
            }),
            Self.folded("Subject:", Self.textWords(subject)),
            "Date: " + Self.rfc5322Date(date),
            "Message-ID: <\(messageID)>",
            "MIME-Version: 1.0",
            "Content-Type: multipart/mixed; boundary=\"\(boundary)\"",
            "",
            "This is a message in MIME format.",
            "",
            "--\(boundary)",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: quoted-printable",
            "",
            Self.quotedPrintable(body),
        ]
        for attachment in attachments {
            lines += [
                "--\(boundary)",
                "Content-Type: \(attachment.mediaType); " + Self.parameter("name", attachment.fileName),
                "Content-Disposition: attachment; " + Self.parameter("filename", attachment.fileName),
                "Content-Transfer-Encoding: base64",
                "",
            ]
            let encoded = Data(attachment.bytes).base64EncodedString()
            var start = encoded.startIndex
            while start < encoded.endIndex {
                let end = encoded.index(start, offsetBy: 76, limitedBy: encoded.endIndex) ?? encoded.endIndex
                lines.append(String(encoded[start..<end]))
                start = end
            }
        }
        lines.append("--\(boundary)--")
        return Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    // MARK: encodings

    /// A header's text: as it is when it is printable ASCII, else RFC 2047 encoded words.
    static func headerText(_ text: String) -> String { textWords(text).joined(separator: " ") }

    /// A name or a subject as one line: a line feed (a YAML `name: |` block), a tab or any other
    /// control character becomes a space, runs of spaces one, the ends trimmed. A header cannot
    /// hold a line break, and an encoded word that hides one is rejected by strict readers.
    static func oneLine(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let isSpace = scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
            if isSpace {
                pendingSpace = !scalars.isEmpty
            } else {
                if pendingSpace { scalars.append(" ") }
                pendingSpace = false
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Whether `text` goes into a header as it is: printable ASCII, no word too long for a folded
    /// line, and nothing a reader would decode (`=?` starts an RFC 2047 encoded word).
    static func isPlainHeaderText(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 32 && $0.value < 127 }) && !text.contains("=?")
            && !text.split(separator: " ").contains { $0.count > 66 }
    }

    /// A subject's words, for `folded`: as written when plain, else encoded words.
    static func textWords(_ text: String) -> [String] {
        let line = oneLine(text)
        return isPlainHeaderText(line) ? line.split(separator: " ").map(String.init) : encodedWordList(line)
    }

    /// An address's words, for `folded`: the display name (quoted when it holds a special
    /// character, encoded words when it is not plain ASCII), then `<address>`.
    static func phrase(_ mailbox: MailAddress) -> [String] {
        let name = oneLine(mailbox.name ?? "")
        guard !name.isEmpty else { return [mailbox.address] }
        var words: [String]
        if isPlainHeaderText(name) {
            let specials = "()<>[]:;@\\,.\""
            if name.contains(where: { specials.contains($0) }) {
                // A quoted string may be folded between its words (RFC 5322 3.2.4).
                let quoted = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                words = ("\"" + quoted + "\"").split(separator: " ").map(String.init)
            } else {
                words = name.split(separator: " ").map(String.init)
            }
        } else {
            words = encodedWordList(name)
        }
        return words + ["<\(mailbox.address)>"]
    }

    /// `Name: word word ...` folded (RFC 5322 2.2.3) before a word that would take the line past
    /// 78 characters: CRLF and a space, which a reader takes away again.
    static func folded(_ header: String, _ words: [String]) -> String {
        var lines: [String] = []
        var line = header
        for word in words {
            if line.count + 1 + word.count > 78, line != header, !line.allSatisfy({ $0 == " " }) {
                lines.append(line)
                line = ""
            }
            line += " " + word
        }
        lines.append(line)
        return lines.joined(separator: "\r\n")
    }

    /// `=?UTF-8?B?...?=` words of at most 75 characters, split between characters, folded.
    static func encodedWords(_ text: String) -> String { encodedWordList(text).joined(separator: "\r\n ") }

    /// The encoded words of `text`: 39 bytes of UTF-8 each at most (52 of base64, 64 characters
    /// with `=?UTF-8?B?` and `?=`, under RFC 2047's 75), split between characters.
    static func encodedWordList(_ text: String) -> [String] {
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > 39, !chunk.isEmpty {
                words.append("=?UTF-8?B?" + Data(chunk).base64EncodedString() + "?=")
                chunk = []
            }
            // A character of more than 39 bytes (a long cluster of combining marks) is split
            // between its scalars: no encoded word may pass 75 characters.
            if bytes.count > 39 {
                for scalar in String(character).unicodeScalars {
                    let scalarBytes = Array(String(scalar).utf8)
                    if chunk.count + scalarBytes.count > 39 {
                        words.append("=?UTF-8?B?" + Data(chunk).base64EncodedString() + "?=")
                        chunk = []
                    }
                    chunk += scalarBytes
                }
                continue
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append("=?UTF-8?B?" + Data(chunk).base64EncodedString() + "?=") }
        return words
    }

    /// `name="INV-0007.pdf"`, or RFC 2231 `name*=UTF-8''...` for a name that is not plain ASCII.
    static func parameter(_ name: String, _ value: String) -> String {
        let safe = value.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 32 && $0.value < 127 && !"\"\\".unicodeScalars.contains($0) }
        if safe { return "\(name)=\"\(value)\"" }
        let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return "\(name)*=UTF-8''" + (value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value)
    }

    /// RFC 2045 quoted-printable with CRLF line ends and soft breaks before 76 characters.
    static func quotedPrintable(_ text: String) -> String {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        var out: [String] = []
        for line in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
            var encoded = ""
            var width = 0
            let bytes = Array(line.utf8)
            for (index, byte) in bytes.enumerated() {
                let isLast = index == bytes.count - 1
                let literal = (byte >= 33 && byte <= 126 && byte != UInt8(ascii: "=")) || ((byte == 32 || byte == 9) && !isLast)
                let piece = literal ? String(UnicodeScalar(byte)) : String(format: "=%02X", byte)
                if width + piece.count > 75 {
                    encoded += "=\r\n"
                    width = 0
                }
                encoded += piece
                width += piece.count
            }
            out.append(encoded)
        }
        return out.joined(separator: "\r\n")
    }

    /// `Wed, 25 Nov 2026 09:15:00 +0000`, in English whatever the locale, as RFC 5322 says.
    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }

    /// A boundary no part contains: derived from the message id (base64 and quoted-printable
    /// never produce `--invoic-`).
    static func boundary(for id: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return String(hash, radix: 36)
    }
}
