/// A PDF file written front to back: the header, numbered objects as they are finished (in any
/// order of their numbers), then the cross-reference table and the trailer. No object streams
/// and no incremental updates: the plain form every validator and PDF/A reads.
struct PDFFile {
    private(set) var output = PDFBytes(capacity: 64 * 1024)
    /// Each object's offset by number; -1 until written. Number 0 is the free list's head.
    private var offsets: [Int] = [-1]
    let flate: Flate
    let fontFlate: Flate

    init(flate: Flate, fontFlate: Flate) {
        self.flate = flate
        self.fontFlate = fontFlate
        // The binary comment tells transfer programs the file is binary (ISO 32000-1, 7.5.2).
        output.raw("%PDF-1.7\n%\u{00B5}\u{00B6}\u{00B5}\u{00B6}\n")
    }

    /// A number for an object written later.
    mutating func reserve() -> Int {
        offsets.append(-1)
        return offsets.count - 1
    }

    /// Object `number` whose dictionary or value `body` writes.
    mutating func object(_ number: Int, _ body: (inout PDFBytes) -> Void) {
        begin(number)
        body(&output)
        output.raw("\nendobj\n")
    }

    /// A stream object: `dictionary` writes its entries (without /Length and /Filter), `data`
    /// goes in compressed unless `compress` is false (the XMP packet, which PDF/A wants readable).
    mutating func stream(_ number: Int, _ data: UnsafeRawBufferPointer, compress: Bool = true, _ dictionary: (inout PDFBytes) -> Void = { _ in }) {
        begin(number)
        output.raw("<<")
        dictionary(&output)
        let compressed = compress ? flate.deflate(data) : nil
        if compressed != nil { output.raw(" /Filter /FlateDecode") }
        output.raw(" /Length ")
        output.int(compressed?.count ?? data.count)
        output.raw(" >>\nstream\n")
        if let compressed { output.append(compressed) } else { output.bytes.append(contentsOf: data) }
        // An end of line before `endstream`, as PDF/A asks (ISO 19005-1, 6.1.7): CR LF after
        // data that ends in a CR, which a reader would otherwise take for part of the EOL.
        let last = compressed?.last ?? data.last
        output.raw(last == 13 ? "\r\nendstream\nendobj\n" : "\nendstream\nendobj\n")
    }

    /// A stream whose data is already compressed (a font program cut and compressed once for
    /// several documents).
    mutating func stream(_ number: Int, compressed: [UInt8], _ dictionary: (inout PDFBytes) -> Void) {
        begin(number)
        output.raw("<<")
        dictionary(&output)
        output.raw(" /Filter /FlateDecode /Length ")
        output.int(compressed.count)
        output.raw(" >>\nstream\n")
        output.append(compressed)
        output.raw(compressed.last == 13 ? "\r\nendstream\nendobj\n" : "\nendstream\nendobj\n")
    }

    mutating func stream(_ number: Int, _ data: [UInt8], compress: Bool = true, _ dictionary: (inout PDFBytes) -> Void = { _ in }) {
        data.withUnsafeBytes { stream(number, $0, compress: compress, dictionary) }
    }

    private mutating func begin(_ number: Int) {
        precondition(offsets[number] < 0, "PDF object \(number) written twice")
        offsets[number] = output.count
        output.int(number)
        output.raw(" 0 obj\n")
    }

    /// The finished file: every reserved object must have been written. The /ID is a hash of
    /// the content, so the same document gives the same bytes and another document another ID.
    consuming func finish(root: Int, info: Int) -> [UInt8] {
        let id = Self.hash(output.bytes)
        let xref = output.count
        output.raw("xref\n0 ")
        output.int(offsets.count)
        output.raw("\n0000000000 65535 f \n")
        for number in 1..<offsets.count {
            let offset = offsets[number]
            precondition(offset >= 0, "PDF object \(number) reserved but never written")
            var digits = [UInt8](repeating: UInt8(ascii: "0"), count: 10)
            var value = offset, index = 9
            while value > 0 { digits[index] = UInt8(ascii: "0") + UInt8(value % 10); value /= 10; index -= 1 }
            output.append(digits)
            output.raw(" 00000 n \n")
        }
        output.raw("trailer\n<< /Size ")
        output.int(offsets.count)
        output.raw(" /Root ")
        output.int(root)
        output.raw(" 0 R /Info ")
        output.int(info)
        output.raw(" 0 R /ID [<")
        for byte in id { output.hex8(byte) }
        output.raw("> <")
        for byte in id { output.hex8(byte) }
        output.raw(">] >>\nstartxref\n")
        output.int(xref)
        output.raw("\n%%EOF\n")
        return output.bytes
    }

    /// 16 bytes from two multiply-xorshift hashes of `bytes`, eight bytes at a time (with
    /// different constants): an identifier, not a signature.
    static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325, second: UInt64 = 0x8422_2325_cbf2_9ce4
        bytes.withUnsafeBytes { raw in
            var index = 0
            func mix(_ word: UInt64) {
                first = (first ^ word) &* 0x0000_0100_0000_01B3
                first ^= first >> 32
                second = (second ^ word) &* 0x9E37_79B9_7F4A_7C15
                second ^= second >> 29
            }
            while index + 8 <= raw.count {
                mix(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                index += 8
            }
            var tail: UInt64 = UInt64(raw.count)
            while index < raw.count { tail = tail << 8 | UInt64(raw[index]); index += 1 }
            mix(tail)
        }
        return (0..<8).map { UInt8(truncatingIfNeeded: first >> (8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: second >> (8 * $0)) }
    }
}
