/// Bytes of PDF syntax being written: numbers, names and strings appended without printf or
/// String interpolation (cairo's printf of every coordinate was a fifth of a PDF's time).
struct PDFBytes {
    var bytes: [UInt8] = []

    init(capacity: Int = 4096) { bytes.reserveCapacity(capacity) }

    var count: Int { bytes.count }

    @inline(__always) mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func text(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    /// A non-negative or negative integer in decimal.
    mutating func int(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 { byte(UInt8(ascii: "0") + UInt8(magnitude)); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// `value` rounded to `decimals` places (at most 4), without trailing zeros: `12.5`, `-0.25`, `3`.
    mutating func number(_ value: Double, decimals: Int = 3) {
        let divisor = [1, 10, 100, 1000, 10_000][min(max(decimals, 0), 4)]
        let scale = Double(divisor)
        guard value.isFinite else { byte(UInt8(ascii: "0")); return }
        let scaled = Int((value * scale).rounded())
        if scaled == 0 { byte(UInt8(ascii: "0")); return }
        if scaled < 0 { byte(UInt8(ascii: "-")) }
        let magnitude = scaled.magnitude
        int(Int(magnitude / UInt(divisor)))
        var fraction = Int(magnitude % UInt(divisor))
        guard fraction != 0, divisor > 1 else { return }
        byte(UInt8(ascii: "."))
        var place = divisor / 10
        while fraction > 0 {
            byte(UInt8(ascii: "0") + UInt8(fraction / place))
            fraction %= place
            place /= 10
        }
    }

    /// Numbers separated by spaces, then a space.
    mutating func numbers(_ values: Double...) {
        for value in values {
            number(value)
            byte(32)
        }
    }

    /// A two-byte code in hexadecimal, as in a CID font's string `<0123>`.
    mutating func hex16(_ value: UInt32) {
        byte(Self.hexDigits[Int(value >> 12 & 15)])
        byte(Self.hexDigits[Int(value >> 8 & 15)])
        byte(Self.hexDigits[Int(value >> 4 & 15)])
        byte(Self.hexDigits[Int(value & 15)])
    }

    mutating func hex8(_ value: UInt8) {
        byte(Self.hexDigits[Int(value >> 4)])
        byte(Self.hexDigits[Int(value & 15)])
    }

    /// `text` as a PDF text string: UTF-16BE with its byte-order mark, in hexadecimal, so any
    /// text is safe.
    mutating func textString(_ text: String) {
        raw("<FEFF")
        for unit in text.utf16 { hex16(UInt32(unit)) }
        byte(UInt8(ascii: ">"))
    }

    /// `text` as a literal `(...)` when it is printable ASCII (half the bytes of UTF-16 in
    /// hexadecimal, and the same in PDFDocEncoding), else as `textString` writes it.
    mutating func compactTextString(_ text: String) {
        if text.utf8.allSatisfy({ $0 >= 32 && $0 < 127 }) { asciiString(text) } else { textString(text) }
    }

    /// An ASCII string as a literal `(...)`, with the characters PDF gives meaning escaped.
    mutating func asciiString(_ text: String) {
        byte(UInt8(ascii: "("))
        for unit in text.utf8 {
            switch unit {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"):
                byte(UInt8(ascii: "\\"))
                byte(unit)
            case 32..<127: byte(unit)
            default:
                byte(UInt8(ascii: "\\"))
                byte(UInt8(ascii: "0") + (unit >> 6))
                byte(UInt8(ascii: "0") + (unit >> 3 & 7))
                byte(UInt8(ascii: "0") + (unit & 7))
            }
        }
        byte(UInt8(ascii: ")"))
    }

    /// The delimiters of PDF syntax, and `#`, which a name must escape.
    @inline(__always) static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"), UInt8(ascii: "#"): return true
        default: return false
        }
    }

    /// `/Name`, with bytes outside the regular characters written `#xx`.
    mutating func name(_ name: String) {
        byte(UInt8(ascii: "/"))
        for unit in name.utf8 {
            if unit > 32, unit < 127, !Self.isDelimiter(unit) {
                byte(unit)
            } else {
                byte(UInt8(ascii: "#"))
                hex8(unit)
            }
        }
    }

    static let hexDigits = Array("0123456789ABCDEF".utf8)
}
