/// A PDF as cairo 1.16 writes it, taken apart into its numbered objects so that some can be
/// replaced and others added, then written again with a new cross-reference table.
///
/// cairo's files have one shape: a header, the objects one after another (`N 0 obj ... endobj`),
/// a classic `xref` table with an entry for every object, and a trailer naming /Root and /Info;
/// no object streams, no incremental updates. That shape is checked, not assumed: anything else
/// is an `unexpectedLayout`, so a cairo that writes differently fails loudly in the tests.
struct CairoPDF {
    enum Failure: Error { case unexpectedLayout(String) }

    private let bytes: [UInt8]
    /// The bytes before the first object: `%PDF-1.5` and the binary comment.
    private let header: Range<Int>
    /// Object numbers in the order the file holds them, and where each one's `N 0 obj` starts and
    /// its `endobj\n` ends.
    private var order: [Int] = []
    private var spans: [Int: Range<Int>] = [:]
    /// Objects given new contents, by number, and objects added after cairo's.
    private var replaced: [Int: [UInt8]] = [:]
    private var added: [(number: Int, contents: [UInt8])] = []
    private(set) var size: Int
    let root: Int
    let info: Int?

    init(_ bytes: [UInt8]) throws(Failure) {
        self.bytes = bytes
        guard let startxref = Self.findLast(Array("startxref\n".utf8), in: bytes) else { throw .unexpectedLayout("no startxref") }
        let numberStart = startxref + "startxref\n".utf8.count
        guard let numberEnd = bytes[numberStart...].firstIndex(of: UInt8(ascii: "\n")),
              let xref = Int(String(decoding: bytes[numberStart..<numberEnd], as: UTF8.self)),
              xref < bytes.count, bytes[xref...].starts(with: Array("xref\n0 ".utf8)) else {
            throw .unexpectedLayout("startxref does not point at an xref table")
        }
        // xref\n0 N\n, then N entries of exactly 20 bytes: "oooooooooo ggggg n \n".
        var cursor = xref + "xref\n0 ".utf8.count
        guard let headerEnd = bytes[cursor...].firstIndex(of: UInt8(ascii: "\n")),
              let count = Int(String(decoding: bytes[cursor..<headerEnd], as: UTF8.self)), count > 0 else {
            throw .unexpectedLayout("bad xref header")
        }
        cursor = headerEnd + 1
        var offsets: [(offset: Int, number: Int)] = []
        for number in 0..<count {
            guard cursor + 20 <= bytes.count else { throw .unexpectedLayout("short xref table") }
            if bytes[cursor + 17] == UInt8(ascii: "n") {
                guard let offset = Self.decimal(bytes[cursor..<cursor + 10]), offset < xref else {
                    throw .unexpectedLayout("bad xref entry for object \(number)")
                }
                offsets.append((offset, number))
            }
            cursor += 20
        }
        offsets.sort { $0.offset < $1.offset }
        guard let first = offsets.first else { throw .unexpectedLayout("no objects") }
        header = 0..<first.offset
        for (index, entry) in offsets.enumerated() {
            let end = index + 1 < offsets.count ? offsets[index + 1].offset : xref
            guard bytes[entry.offset...].starts(with: Array("\(entry.number) 0 obj\n".utf8)) else {
                throw .unexpectedLayout("object \(entry.number) is not where the xref table says")
            }
            order.append(entry.number)
            spans[entry.number] = entry.offset..<end
        }
        size = count
        let trailer = String(decoding: bytes[cursor..<startxref], as: UTF8.self)
        func reference(_ key: String) -> Int? {
            guard let range = trailer.range(of: "/\(key) ") else { return nil }
            return Int(trailer[range.upperBound...].prefix { $0.isNumber })
        }
        guard let root = reference("Root"), spans[root] != nil else { throw .unexpectedLayout("the trailer names no /Root") }
        self.root = root
        info = reference("Info")
    }

    /// What object `number` holds between `N 0 obj\n` and `endobj`.
    func contents(of number: Int) -> ArraySlice<UInt8>? {
        if let new = replaced[number] { return new[...] }
        guard let span = spans[number] else { return nil }
        let start = span.lowerBound + "\(number) 0 obj\n".utf8.count
        let objectEnd = Array("endobj\n".utf8)
        guard bytes[start..<span.upperBound].count >= objectEnd.count,
              let end = Self.findLast(objectEnd, in: bytes, within: start..<span.upperBound) else { return nil }
        return bytes[start..<end]
    }

    /// The objects in the file, in its order: cairo writes related objects side by side.
    var objectNumbers: [Int] { order }

    mutating func replace(_ number: Int, with contents: [UInt8]) { replaced[number] = contents }

    /// A new object after cairo's; its number.
    mutating func add(_ contents: [UInt8]) -> Int {
        let number = size
        size += 1
        added.append((number, contents))
        return number
    }

    /// The file again: the same header and objects in the same order, each replaced one in place,
    /// the added ones at the end, then a cross-reference table and trailer for all of them.
    func write() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + replaced.values.reduce(0) { $0 + $1.count } + added.reduce(0) { $0 + $1.contents.count } + 1024)
        output += bytes[header]
        var offsets = [Int](repeating: -1, count: size)
        for number in order {
            offsets[number] = output.count
            if let new = replaced[number] {
                output += Array("\(number) 0 obj\n".utf8) + new + Array("endobj\n".utf8)
            } else if let span = spans[number] {
                output += bytes[span]
            }
        }
        for (number, contents) in added {
            offsets[number] = output.count
            output += Array("\(number) 0 obj\n".utf8) + contents + Array("endobj\n".utf8)
        }
        let xref = output.count
        output += Array("xref\n0 \(size)\n".utf8)
        for (number, offset) in offsets.enumerated() {
            if number == 0 || offset < 0 {
                output += Array((number == 0 ? "0000000000 65535 f \n" : "0000000000 00000 f \n").utf8)
            } else {
                let digits = String(offset)
                output += Array((String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n \n").utf8)
            }
        }
        output += Array("trailer\n<< /Size \(size)\n   /Root \(root) 0 R\n".utf8)
        if let info { output += Array("   /Info \(info) 0 R\n".utf8) }
        output += Array(">>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return output
    }

    /// The value of ASCII digits, or nil if anything else is among them.
    private static func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return digits.isEmpty ? nil : value
    }

    static func findLast(_ needle: [UInt8], in haystack: [UInt8], within range: Range<Int>? = nil) -> Int? {
        let range = range ?? 0..<haystack.count
        guard needle.count <= range.count else { return nil }
        var index = range.upperBound - needle.count
        while index >= range.lowerBound {
            if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index -= 1
        }
        return nil
    }

    /// The first index of `needle` in `haystack` at or after `from`.
    static func find<C: RandomAccessCollection<UInt8>>(_ needle: [UInt8], in haystack: C, from: C.Index? = nil) -> C.Index? {
        var index = from ?? haystack.startIndex
        guard !needle.isEmpty else { return index }
        while haystack.distance(from: index, to: haystack.endIndex) >= needle.count {
            if haystack[index] == needle[0], haystack[index...].starts(with: needle) { return index }
            index = haystack.index(after: index)
        }
        return nil
    }
}
