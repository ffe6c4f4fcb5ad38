/// The single-byte encodings beyond expat's own that e-invoice writers declare, as expat's
/// unknown-encoding map wants them: the Unicode code point of each byte, -1 for none.
enum SingleByteEncoding {
    static func table(_ name: String) -> [Int32]? {
        var table = (0..<256).map { Int32($0) }
        switch name.lowercased() {
        case "windows-1252", "cp1252", "x-cp1252":
            let high: [Int32] = [0x20AC, -1, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, -1, 0x017D, -1,
                                 -1, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, -1, 0x017E, 0x0178]
            for (offset, point) in high.enumerated() { table[0x80 + offset] = point }
        case "iso-8859-15", "iso8859-15", "iso_8859-15", "latin-9", "latin9":
            for (byte, point) in [(0xA4, 0x20AC), (0xA6, 0x0160), (0xA8, 0x0161), (0xB4, 0x017D), (0xB8, 0x017E), (0xBC, 0x0152), (0xBD, 0x0153), (0xBE, 0x0178)] {
                table[byte] = Int32(point)
            }
        default:
            return nil
        }
        return table
    }
}
