import Foundation

/// The attachments of an RFC 5322 message (`.eml`): MIME multipart parts, nested to a bound,
/// decoded from base64 or quoted-printable, each with its file name. (`invoic sdi receive` reads
/// the SdI's PEC mails with it too.)
public enum MailAttachments {
    static let maximumDepth = 8
    static let maximumParts = 200

    public struct Part {
        public var name: String
        public var bytes: [UInt8]
    }

    static func looksLikeMail(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self).lowercased()
        return head.contains("content-type:") && (head.hasPrefix("from:") || head.hasPrefix("return-path:") || head.hasPrefix("received:")
            || head.hasPrefix("mime-version:") || head.hasPrefix("message-id:") || head.hasPrefix("date:") || head.hasPrefix("to:")
            || head.hasPrefix("subject:") || head.hasPrefix("delivered-to:") || head.hasPrefix("x-"))
    }

    /// A header of the message itself (unfolded; the first of its name), e.g. `from`.
    public static func header(_ name: String, of bytes: [UInt8]) -> String? {
        split(bytes[...]).0[name.lowercased()]
    }

    public static func attachments(of bytes: [UInt8]) -> [Part] {
        var parts: [Part] = []
        collect(bytes[...], depth: 0, into: &parts)
        return parts
    }

    private static func collect(_ entity: ArraySlice<UInt8>, depth: Int, into parts: inout [Part]) {
        guard depth < maximumDepth, parts.count < maximumParts else { return }
        let (headers, body) = split(entity)
        let contentType = headers["content-type"] ?? "text/plain"
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if type.hasPrefix("multipart/"), let boundary = parameter("boundary", in: contentType) {
            for part in sections(of: body, boundary: boundary).prefix(maximumParts) {
                collect(part, depth: depth + 1, into: &parts)
            }
            return
        }
        if type == "message/rfc822" {
            collect(body, depth: depth + 1, into: &parts)
            return
        }
        let disposition = headers["content-disposition"] ?? ""
        let name = parameter("filename", in: disposition) ?? parameter("name", in: contentType)
        guard let name, !name.isEmpty else { return }
        let decoded: [UInt8]
        switch headers["content-transfer-encoding"]?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "base64": decoded = base64Bytes(String(decoding: body, as: UTF8.self)) ?? []
        case "quoted-printable": decoded = quotedPrintable(body)
        default: decoded = Array(body)
        }
        parts.append(Part(name: decodedWords(name), bytes: decoded))
    }

    /// Headers (unfolded, names lower-cased; the first of a name wins) and the body after the blank line.
    private static func split(_ entity: ArraySlice<UInt8>) -> ([String: String], ArraySlice<UInt8>) {
        var index = entity.startIndex
        var lines: [String] = []
        var lineStart = index
        while index < entity.endIndex {
            if entity[index] == 0x0A {
                var end = index
                if end > lineStart, entity[end - 1] == 0x0D { end -= 1 }
                let line = String(decoding: entity[lineStart..<end], as: UTF8.self)
                index += 1
                if line.isEmpty { break }
                if let first = line.first, first == " " || first == "\t", !lines.isEmpty { lines[lines.count - 1] += " " + line.trimmingCharacters(in: .whitespaces) } else { lines.append(line) }
                lineStart = index
                continue
            }
            index += 1
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            if headers[name] == nil { headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces) }
        }
        return (headers, entity[index...])
    }

    private static func sections(of body: ArraySlice<UInt8>, boundary: String) -> [ArraySlice<UInt8>] {
        let delimiter = Array(("--" + boundary).utf8)
        var sections: [ArraySlice<UInt8>] = []
        var starts: [Int] = []
        var index = body.startIndex
        // Delimiters begin a line.
        while index + delimiter.count <= body.endIndex {
            if (index == body.startIndex || body[index - 1] == 0x0A), body[index..<(index + delimiter.count)].elementsEqual(delimiter) {
                starts.append(index)
                index += delimiter.count
                continue
            }
            index += 1
        }
        for (position, start) in starts.enumerated() {
            let after = start + delimiter.count
            if after + 1 < body.endIndex, body[after] == 0x2D, body[after + 1] == 0x2D { break }
            guard let lineEnd = body[after...].firstIndex(of: 0x0A) else { break }
            let end = position + 1 < starts.count ? starts[position + 1] : body.endIndex
            if lineEnd + 1 <= end { sections.append(body[(lineEnd + 1)..<end]) }
        }
        return sections
    }

    /// `name="a b.pdf"`, `name=x.xml`, or RFC 2231's `filename*=UTF-8''a%20b.pdf`.
    static func parameter(_ name: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            let key = pair[0].lowercased()
            var value = pair[1]
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            if key == name { return value }
            if key == name + "*" || key == name + "*0*" {
                let encoded = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false).last.map(String.init) ?? value
                return encoded.removingPercentEncoding ?? encoded
            }
        }
        return nil
    }

    /// RFC 2047 encoded words in a file name (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`).
    static func decodedWords(_ text: String) -> String {
        guard text.hasPrefix("=?"), text.hasSuffix("?="), text.count > 4 else { return text }
        let parts = text.dropFirst(2).dropLast(2).split(separator: "?", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return text }
        switch parts[1].uppercased() {
        case "B": return base64Bytes(String(parts[2])).map { String(decoding: $0, as: UTF8.self) } ?? text
        case "Q": return String(decoding: quotedPrintable(Array(parts[2].replacingOccurrences(of: "_", with: " ").utf8)[...]), as: UTF8.self)
        default: return text
        }
    }

    static func quotedPrintable(_ body: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(body.count)
        var index = body.startIndex
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: return byte - 0x30
            case 0x41...0x46: return byte - 0x41 + 10
            case 0x61...0x66: return byte - 0x61 + 10
            default: return nil
            }
        }
        while index < body.endIndex {
            let byte = body[index]
            if byte == 0x3D {
                // A soft line break, or an escaped byte.
                if index + 1 < body.endIndex, body[index + 1] == 0x0A { index += 2; continue }
                if index + 2 < body.endIndex, body[index + 1] == 0x0D, body[index + 2] == 0x0A { index += 3; continue }
                if index + 2 < body.endIndex, let high = hex(body[index + 1]), let low = hex(body[index + 2]) {
                    output.append(high << 4 | low)
                    index += 3
                    continue
                }
            }
            output.append(byte)
            index += 1
        }
        return output
    }
}
