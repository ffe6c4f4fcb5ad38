/// A 128-bit FNV-1a hash of everything an output depends on. Not cryptographic: it only has to
/// tell "changed" from "unchanged", and it must be the same on every machine and run.
struct Fingerprint: Sendable {
    private static let prime: UInt128 = 0x0000_0000_0100_0000_0000_0000_0000_013B
    private var state: UInt128 = 0x6C62_272E_07BB_0142_62B8_2175_6295_C58D

    init() {}

    private init(state: UInt128) { self.state = state }

    mutating func add(_ bytes: some Sequence<UInt8>) {
        var count: UInt64 = 0
        for byte in bytes {
            state = (state ^ UInt128(byte)) &* Self.prime
            count += 1
        }
        // The length separates fields, so ("ab", "c") and ("a", "bc") hash differently.
        for shift in stride(from: 0, to: 64, by: 8) {
            state = (state ^ UInt128((count >> UInt64(shift)) & 0xFF)) &* Self.prime
        }
    }

    mutating func add(_ text: String) { add(text.utf8) }

    /// The fast path for file contents: a raw buffer, no per-byte generic iteration.
    mutating func add(_ buffer: UnsafeRawBufferPointer) {
        var state = self.state
        for byte in buffer { state = (state ^ UInt128(byte)) &* Self.prime }
        self.state = state
        var count = UInt64(buffer.count)
        for _ in 0..<8 {
            self.state = (self.state ^ UInt128(count & 0xFF)) &* Self.prime
            count >>= 8
        }
    }

    /// Another fingerprint's state, as 16 bytes.
    mutating func add(_ other: Fingerprint) {
        withUnsafeBytes(of: other.state.littleEndian) { add($0) }
    }

    var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 32 - digits.count) + digits
    }
}

extension Fingerprint: Equatable {
    /// The fingerprint whose `hex` is these bytes (32 lowercase digits); nil for any other text.
    init?(hex: some Collection<UInt8>) {
        guard hex.count == 32 else { return nil }
        var state: UInt128 = 0
        for byte in hex {
            switch byte {
            case 0x30...0x39: state = state << 4 | UInt128(byte - 0x30)
            case 0x61...0x66: state = state << 4 | UInt128(byte - 0x61 + 10)
            default: return nil
            }
        }
        self.init(state: state)
    }
}
