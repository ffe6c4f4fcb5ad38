import CQRencode

/// A QR code's modules, made by libqrencode: byte mode, so a UTF-8 payload goes in as its bytes.
/// The one call of libqrencode: the PDF's payment code and the received-document view's both.
public struct QRCode: Sendable, Hashable {
    /// Modules per side.
    public let size: Int
    /// Row by row, true for a dark module.
    public let modules: [Bool]

    public enum Level: Sendable { case m }

    /// Nil when the payload does not fit a QR code at this level (it always does for EPC's 331 bytes).
    public init?(_ payload: String, level: Level = .m) {
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

    public func isDark(row: Int, column: Int) -> Bool { modules[row * size + column] }
}
