import Foundation

/// A CAdES envelope (`.xml.p7m`): CMS SignedData (RFC 5652) holding the signed file, as Italian
/// suppliers often sign a FatturaPA. The content is taken out to be read; the signature is not
/// verified, which needs the EU trust list of qualified certificates invoic does not have, and the
/// received document says so (docs/italy.md). BER as signing tools write it: definite and
/// indefinite lengths, the content as one OCTET STRING or in constructed chunks; bounded in depth.
enum SignedEnvelope {
    /// 1.2.840.113549.1.7.2, id-signedData, as DER writes the OID.
    static let signedData: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]

    /// Whether `bytes` look like a CMS SignedData: a SEQUENCE whose first element is its OID (also
    /// when sent base64-encoded, as some mail programs do).
    static func looksSigned(_ bytes: [UInt8]) -> Bool { der(bytes) != nil }

    /// The signed content, or nil when `bytes` are no SignedData with content inside.
    static func content(_ bytes: [UInt8]) -> [UInt8]? {
        guard let der = der(bytes), let info = element(der, at: 0), info.tag == 0x30,
              let children = elements(der, info), children.count >= 2,
              Array(der[children[0].start..<children[0].end]) == signedData,
              children[1].tag == 0xA0, let explicit = elements(der, children[1]), let signed = explicit.first, signed.tag == 0x30,
              let parts = elements(der, signed), parts.count >= 3,
              // version, digestAlgorithms, encapContentInfo {eContentType, [0] eContent}
              parts[2].tag == 0x30, let encapsulated = elements(der, parts[2]), encapsulated.count >= 2, encapsulated[1].tag == 0xA0,
              let wrapped = elements(der, encapsulated[1]), let octets = wrapped.first else { return nil }
        return octetString(der, octets, depth: 0)
    }

    /// The DER (BER) bytes: as given, or decoded from base64 text.
    private static func der(_ bytes: [UInt8]) -> [UInt8]? {
        func isSigned(_ candidate: [UInt8]) -> Bool {
            guard let info = element(candidate, at: 0), info.tag == 0x30, let first = element(candidate, at: info.contentStart) else { return false }
            return Array(candidate[first.start..<min(first.end, candidate.count)]) == signedData
        }
        if isSigned(bytes) { return bytes }
        // Base64 of a SEQUENCE with a long length starts `MI`; nothing else is decoded.
        guard bytes.starts(with: Array("MI".utf8)) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
        guard let decoded = Data(base64Encoded: text).map(Array.init), isSigned(decoded) else { return nil }
        return decoded
    }

    struct Element {
        var tag: UInt8
        /// Where the element starts (its tag) and ends (after its content, or its end-of-contents).
        var start: Int
        var contentStart: Int
        /// Nil for an indefinite length: the content runs to its end-of-contents octets.
        var contentEnd: Int?
        var end: Int
    }

    /// The element at `offset` (one-byte tags, the only ones CMS uses here).
    private static func element(_ bytes: [UInt8], at offset: Int, depth: Int = 0) -> Element? {
        guard depth < 32, offset + 2 <= bytes.count else { return nil }
        let tag = bytes[offset]
        guard tag & 0x1F != 0x1F else { return nil }
        var index = offset + 1
        let first = bytes[index]
        index += 1
        if first == 0x80 {
            // Indefinite length (BER), constructed only: children up to the end-of-contents 00 00.
            guard tag & 0x20 != 0 else { return nil }
            var cursor = index
            while cursor + 2 <= bytes.count, !(bytes[cursor] == 0 && bytes[cursor + 1] == 0) {
                guard let child = element(bytes, at: cursor, depth: depth + 1) else { return nil }
                cursor = child.end
            }
            guard cursor + 2 <= bytes.count else { return nil }
            return Element(tag: tag, start: offset, contentStart: index, contentEnd: nil, end: cursor + 2)
        }
        var length = 0
        if first & 0x80 == 0 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            guard count <= 4, index + count <= bytes.count else { return nil }
            for byte in bytes[index..<index + count] { length = length << 8 | Int(byte) }
            index += count
        }
        guard length <= bytes.count - index else { return nil }
        return Element(tag: tag, start: offset, contentStart: index, contentEnd: index + length, end: index + length)
    }

    /// The children of a constructed element.
    private static func elements(_ bytes: [UInt8], _ parent: Element) -> [Element]? {
        var children: [Element] = []
        var cursor = parent.contentStart
        let limit = parent.contentEnd ?? parent.end - 2
        while cursor < limit {
            guard let child = element(bytes, at: cursor) else { return nil }
            children.append(child)
            cursor = child.end
        }
        return children
    }

    /// An OCTET STRING's bytes: primitive, or the concatenation of a constructed one's chunks.
    private static func octetString(_ bytes: [UInt8], _ element: Element, depth: Int) -> [UInt8]? {
        guard depth < 8 else { return nil }
        if element.tag == 0x04, let end = element.contentEnd { return Array(bytes[element.contentStart..<end]) }
        guard element.tag == 0x24, let chunks = elements(bytes, element) else { return nil }
        var content: [UInt8] = []
        for chunk in chunks {
            guard let part = octetString(bytes, chunk, depth: depth + 1) else { return nil }
            content += part
        }
        return content
    }
}
