import CQRencode

/// A QR code's modules, made by libqrencode: byte mode, so a UTF-8 payload goes in as its bytes.
struct QRCode: Sendable, Hashable {
    /// Modules per side.
    let size: Int
    /// Row by row, true for a dark module.
    let modules: [Bool]

    enum Level { case m }

    /// Nil when the payload does not fit a QR code at this level (it always does for EPC's 331 bytes).
    init?(_ payload: String, level: Level = .m) {
        let bytes = Array(payload.utf8)
        guard !bytes.isEmpty, let code = bytes.withUnsafeBufferPointer({ QRcode_encodeData(Int32($0.count), $0.baseAddress, 0, QR_ECLEVEL_M) }) else {
            return nil
        }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        size = width
        // The lowest bit of each byte is the module's colour; the others say what it belongs to.
        modules = (0..<(width * width)).map { code.pointee.data[$0] & 1 == 1 }
    }

    func isDark(row: Int, column: Int) -> Bool { modules[row * size + column] }
}
