/// A tax authority's verification code (KSeF's KOD I, kody-qr.md): the QR code of its link at the
/// left, the KSeF number (or OFFLINE) under it, after the document's blocks and kept together.
extension Composer {
    mutating func verificationBlock(_ code: VerificationCode) -> FlowBlock? {
        guard let qr = QRCode(code.url) else { return nil }
        // 25 mm: a link of ~100 characters is a version 6-7 code, ~0.5 mm a module, which a
        // phone and a 150 dpi scan both read.
        let side = 25 / 25.4 * 72
        let caption = block(code.caption, .note, width: 220)
        let alt = "KSeF QR code (KOD I): \(code.url)"
        let ops: [DrawOp] = [
            .qrCode(qr, Rect(x: left, y: 0, width: side, height: side), alt: alt),
            .text(caption, x: left, y: side + 4),
        ]
        return FlowBlock(height: side + 4 + caption.height, ops: ops, spaceBefore: 18)
    }
}
