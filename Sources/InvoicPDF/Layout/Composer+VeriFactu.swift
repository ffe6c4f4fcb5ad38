/// Spain's VeriFactu QR code (AEAT, "Características del QR y especificaciones del servicio de
/// cotejo", sections 3 and 4): on page 1 at the top, ISO/IEC 18004 at error correction level M,
/// 30 to 40 mm square, the words "QR tributario:" above it and "VERI*FACTU" below it. Those
/// words are the regulation's, in Spanish whatever the document's language.
extension Composer {
    mutating func veriFactuBlock() -> FlowBlock? {
        guard reading == nil, document.kind.isBilling, let url = parties.veriFactuURL,
              let code = QRCode(url, level: .m) else { return nil }
        let side = 30 / 25.4 * 72
        let above = block("QR tributario:", .note, width: side + 24, alignment: .center)
        let below = block("VERI*FACTU", .note, width: side + 24, alignment: .center)
        let x = right - side
        let captionX = x + side / 2 - (side + 24) / 2
        var ops: [DrawOp] = [.text(above, x: captionX, y: 0)]
        let top = above.height + 4
        ops.append(.qrCode(code, Rect(x: x, y: top, width: side, height: side), alt: "QR tributario VERI*FACTU: \(url)"))
        ops.append(.text(below, x: captionX, y: top + side + 4))
        return FlowBlock(height: top + side + 4 + below.height, ops: ops, spaceBefore: 6)
    }
}
