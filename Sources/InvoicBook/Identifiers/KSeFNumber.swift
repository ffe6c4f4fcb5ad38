/// The KSeF number Poland's KSeF gives an accepted invoice (numer-ksef.md, CIRFMF/ksef-docs):
/// `NIP-YYYYMMDD-XXXXXXXXXXXX-CC`, 35 characters: the seller's NIP, the day KSeF took it, 12
/// upper-case hex digits, and the CRC-8 (polynomial 0x07, initial value 0) of the first 32 in
/// upper-case hex.
extension Identifiers {
    /// What is wrong with `number` as a KSeF number, or nil.
    public static func ksefNumberProblem(_ number: String) -> String? {
        let bytes = Array(number.utf8)
        func digits(_ range: Range<Int>) -> Bool { bytes[range].allSatisfy { (0x30...0x39).contains($0) } }
        func hex(_ range: Range<Int>) -> Bool { bytes[range].allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0) } }
        guard bytes.count == 35, bytes[10] == UInt8(ascii: "-"), bytes[19] == UInt8(ascii: "-"), bytes[32] == UInt8(ascii: "-"),
              digits(0..<10), digits(11..<19), hex(20..<32), hex(33..<35) else {
            return "a KSeF number is NIP-YYYYMMDD-XXXXXXXXXXXX-CC (35 characters, hex digits in capitals)"
        }
        let expected = String(ksefCRC8(bytes[0..<32]), radix: 16, uppercase: true)
        let written = String(decoding: bytes[33...], as: UTF8.self)
        return (expected.count == 1 ? "0" + expected : expected) == written ? nil
            : "its CRC-8 does not match (\(written) written, the first 32 characters give \(expected.count == 1 ? "0" + expected : expected)): a character is mistyped"
    }

    /// CRC-8, polynomial x^8 + x^2 + x + 1 (0x07), initial value 0, no reflection, no final XOR.
    static func ksefCRC8(_ bytes: ArraySlice<UInt8>) -> UInt8 {
        var crc: UInt8 = 0
        for byte in bytes {
            crc ^= byte
            for _ in 0..<8 { crc = crc & 0x80 != 0 ? (crc << 1) ^ 0x07 : crc << 1 }
        }
        return crc
    }
}
