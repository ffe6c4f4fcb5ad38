/// A TrueType font without its hinting: the same outlines, metrics and tables, less the
/// instructions that fit glyphs to a screen's pixel grid.
///
/// cairo embeds a subset of every face a PDF uses, hinting included: in JetBrains Mono that is a
/// 3.6 KB `fpgm` program per subset and instructions in every glyph, a third of an invoice's
/// bytes, all compressed again for each PDF. A PDF is scaled by its viewer, and invoic renders
/// with hinting off (TextEngine), so the instructions change nothing drawn (poppler rasterizes
/// every example page pixel for pixel the same); without them an invoice is a third smaller and
/// 12 % faster to write (bench/pdf, docs/decisions.md).
///
/// Only what removing instructions touches is rewritten: `glyf` (each glyph without its
/// instruction bytes), `loca` (long offsets), `head` (that format; the checksum adjustment),
/// `maxp` (no instruction sizes); `fpgm`, `prep`, `cvt `, `hdmx`, `LTSH` and `VDMX` are dropped.
/// Glyph ids, `cmap`, `hmtx` and the layout tables are kept byte for byte, so text shaped with the
/// original file draws the same glyphs from this one. A font that is not a plain TrueType font
/// (CFF outlines, a collection, a damaged table) gives nil and is used as it is.
enum UnhintedFont {
    static func make(_ font: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let tables = Table.directory(font), tables["glyf"] != nil, tables["loca"] != nil,
              let head = tables["head"], head.length >= 54, let maxp = tables["maxp"], maxp.length >= 6 else { return nil }
        let longOffsets = font.u16(head.offset + 50) == 1
        let glyphCount = Int(font.u16(maxp.offset + 4))
        guard let glyphs = glyphRanges(font, loca: tables["loca"]!, glyf: tables["glyf"]!, count: glyphCount, long: longOffsets) else { return nil }

        let dropped: Set<String> = ["fpgm", "prep", "cvt ", "hdmx", "LTSH", "VDMX"]
        let kept = tables.keys.filter { !dropped.contains($0) }.sorted()
        // The new `glyf` is never larger than the old one plus each glyph's padding; the file is
        // written in one buffer: directory, then the tables in tag order, 4-byte aligned.
        let glyfCapacity = tables["glyf"]!.length + 4 * glyphCount
        var capacity = 12 + 16 * kept.count
        for tag in kept {
            let length = tag == "glyf" ? glyfCapacity : tag == "loca" ? (glyphCount + 1) * 4 : tables[tag]!.length
            capacity += (length + 3) & ~3
        }
        // Every byte up to the end of `glyf` is written below; the capacity beyond it is cut off.
        var file = [UInt8](unsafeUninitializedCapacity: capacity) { _, count in count = capacity }
        var lengths: [String: Int] = [:]
        var offsets: [String: Int] = [:]
        let source = font
        let complete = file.withUnsafeMutableBytes { target in
            // Padding is zero, so the same font always gives the same bytes.
            func pad(_ position: inout Int) {
                while position % 4 != 0 { target[position] = 0; position += 1 }
            }
            var position = 12 + 16 * kept.count
            for tag in kept where tag != "loca" && tag != "glyf" {
                let table = tables[tag]!
                target.baseAddress!.advanced(by: position).copyMemory(from: source.baseAddress!.advanced(by: table.offset), byteCount: table.length)
                offsets[tag] = position
                lengths[tag] = table.length
                position += table.length
                pad(&position)
            }
            let loca = position
            offsets["loca"] = loca
            lengths["loca"] = (glyphCount + 1) * 4
            position += (glyphCount + 1) * 4
            let glyf = position
            for (index, range) in glyphs.enumerated() {
                target.storeBytes(of: UInt32(position - glyf).bigEndian, toByteOffset: loca + index * 4, as: UInt32.self)
                guard let length = copyWithoutInstructions(source, range, into: target, at: position) else { return false }
                position += length
                pad(&position)
            }
            target.storeBytes(of: UInt32(position - glyf).bigEndian, toByteOffset: loca + glyphCount * 4, as: UInt32.self)
            offsets["glyf"] = glyf
            lengths["glyf"] = position - glyf
            return true
        }
        guard complete, let headAt = offsets["head"], let maxpAt = offsets["maxp"] else { return nil }
        file.setU32(headAt + 8, 0)       // checkSumAdjustment, set below
        file.setU16(headAt + 50, 1)      // indexToLocFormat: long
        if lengths["maxp"]! >= 32 {
            // No instructions remain: no twilight points, storage, function or instruction defs.
            for field in [16, 18, 20, 22, 24, 26] { file.setU16(maxpAt + field, 0) }
        }
        let end = offsets["glyf"]! + lengths["glyf"]!
        file.removeLast(file.count - end)
        let count = kept.count
        var power = 1, log2 = 0
        while power * 2 <= count { power *= 2; log2 += 1 }
        file.setU32(0, font.u32(0))
        file.setU16(4, UInt16(count))
        file.setU16(6, UInt16(power * 16))
        file.setU16(8, UInt16(log2))
        file.setU16(10, UInt16(count * 16 - power * 16))
        for (index, tag) in kept.enumerated() {
            let record = 12 + 16 * index
            for (offset, byte) in tag.utf8.enumerated() { file[record + offset] = byte }
            file.setU32(record + 4, checksum(file, offsets[tag]!, lengths[tag]!))
            file.setU32(record + 8, UInt32(offsets[tag]!))
            file.setU32(record + 12, UInt32(lengths[tag]!))
        }
        file.setU32(headAt + 8, 0xB1B0_AFBA &- checksum(file, 0, file.count))
        return file
    }

    /// Each glyph's bytes in `glyf`, by glyph id.
    private static func glyphRanges(_ font: UnsafeRawBufferPointer, loca: Table, glyf: Table, count: Int, long: Bool) -> [Range<Int>]? {
        let entry = long ? 4 : 2
        guard count > 0, loca.length >= (count + 1) * entry else { return nil }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(count)
        func offset(_ index: Int) -> Int {
            long ? Int(font.u32(loca.offset + index * 4)) : Int(font.u16(loca.offset + index * 2)) * 2
        }
        for index in 0..<count {
            let start = offset(index), end = offset(index + 1)
            guard start <= end, end <= glyf.length else { return nil }
            ranges.append(glyf.offset + start..<glyf.offset + end)
        }
        return ranges
    }

    /// Copies one glyph without its instructions to `target` at `offset`; its new length, or nil
    /// when its structure does not add up.
    private static func copyWithoutInstructions(_ font: UnsafeRawBufferPointer, _ range: Range<Int>,
                                                into target: UnsafeMutableRawBufferPointer, at offset: Int) -> Int? {
        guard !range.isEmpty else { return 0 }
        guard range.count >= 10 else { return nil }
        func copy(_ bytes: Range<Int>, to position: Int) {
            target.baseAddress!.advanced(by: position).copyMemory(from: font.baseAddress!.advanced(by: bytes.lowerBound), byteCount: bytes.count)
        }
        let contours = Int16(bitPattern: font.u16(range.lowerBound))
        if contours >= 0 {
            // Header, end points, instruction length, instructions, then flags and coordinates.
            let lengthAt = range.lowerBound + 10 + Int(contours) * 2
            guard lengthAt + 2 <= range.upperBound else { return nil }
            let rest = lengthAt + 2 + Int(font.u16(lengthAt))
            guard rest <= range.upperBound else { return nil }
            copy(range.lowerBound..<lengthAt, to: offset)
            let head = lengthAt - range.lowerBound
            target[offset + head] = 0
            target[offset + head + 1] = 0
            copy(rest..<range.upperBound, to: offset + head + 2)
            return head + 2 + range.upperBound - rest
        }
        // A composite glyph: its components, then instructions when the last one says so.
        var position = range.lowerBound + 10
        while true {
            guard position + 4 <= range.upperBound else { return nil }
            let flags = font.u16(position)
            var size = 4 + (flags & 0x0001 != 0 ? 4 : 2)
            if flags & 0x0008 != 0 { size += 2 } else if flags & 0x0040 != 0 { size += 4 } else if flags & 0x0080 != 0 { size += 8 }
            guard position + size <= range.upperBound else { return nil }
            if flags & 0x0020 == 0 {
                let end = position + size
                copy(range.lowerBound..<end, to: offset)
                let cleared = flags & ~0x0100   // WE_HAVE_INSTRUCTIONS off
                target[offset + position - range.lowerBound] = UInt8(cleared >> 8)
                target[offset + position - range.lowerBound + 1] = UInt8(cleared & 0xFF)
                return end - range.lowerBound
            }
            position += size
        }
    }

    /// The sum of a table's big-endian words, the last one padded with zeros.
    private static func checksum(_ bytes: [UInt8], _ start: Int, _ length: Int) -> UInt32 {
        bytes.withUnsafeBytes { raw in
            var sum: UInt32 = 0
            let words = length / 4
            for index in 0..<words { sum &+= UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: start + index * 4, as: UInt32.self)) }
            var tail: UInt32 = 0
            for index in 0..<4 { tail = tail << 8 | UInt32(words * 4 + index < length ? raw[start + words * 4 + index] : 0) }
            return sum &+ tail
        }
    }

    private struct Table {
        var offset: Int
        var length: Int

        /// The table records of a TrueType font (not a collection, not CFF outlines).
        static func directory(_ font: UnsafeRawBufferPointer) -> [String: Table]? {
            guard font.count >= 12, font.u32(0) == 0x0001_0000 || font.u32(0) == 0x7472_7565 else { return nil }
            let count = Int(font.u16(4))
            guard font.count >= 12 + 16 * count else { return nil }
            var tables: [String: Table] = [:]
            for index in 0..<count {
                let record = 12 + 16 * index
                let tag = String(decoding: font[record..<record + 4], as: UTF8.self)
                let table = Table(offset: Int(font.u32(record + 8)), length: Int(font.u32(record + 12)))
                guard table.offset + table.length <= font.count else { return nil }
                tables[tag] = table
            }
            return tables
        }
    }
}

private extension UnsafeRawBufferPointer {
    func u16(_ at: Int) -> UInt16 { UInt16(self[at]) << 8 | UInt16(self[at + 1]) }
    func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) << 16 | UInt32(u16(at + 2)) }
}

private extension Array where Element == UInt8 {
    mutating func setU16(_ at: Int, _ value: UInt16) {
        self[at] = UInt8(value >> 8)
        self[at + 1] = UInt8(value & 0xFF)
    }
    mutating func setU32(_ at: Int, _ value: UInt32) {
        setU16(at, UInt16(value >> 16))
        setU16(at + 2, UInt16(value & 0xFFFF))
    }
}
