/// A tax authority's verification codes (KSeF's KOD I, and KOD II on an invoice issued offline,
/// kody-qr.md): each QR code with its caption under it (the KSeF number or OFFLINE; CERTYFIKAT),
/// side by side from the left, after the document's blocks and kept together.
extension Composer {
    mutating func verificationBlock(_ code: VerificationCode) -> FlowBlock? {
        let codes = [(code.url, code.caption, "KSeF QR code (KOD I)")]
            + (code.certificate.map { [($0.url, $0.caption, "KSeF certificate QR code (KOD II)")] } ?? [])
        var ops: [DrawOp] = []
        var x = left
        var height = 0.0
        for (url, captionText, name) in codes {
            guard let qr = QRCode(url) else { return nil }
            // No less than 25 mm, and a module of at least 0.4 mm: KOD I's link of ~100 characters
            // is a version 6-7 code (25 mm, 0.5 mm a module); KOD II's, with an RSA signature of 256
            // bytes, a version 17 (~37 mm), an ECDSA one a version 10 (25 mm); a phone and a 150 dpi
            // scan read both.
            let side = max(25, Double(qr.size + 8) * 0.4) / 25.4 * 72
            let caption = block(captionText, .note, width: max(side, 220))
            ops.append(.qrCode(qr, Rect(x: x, y: 0, width: side, height: side), alt: "\(name): \(url)"))
            ops.append(.text(caption, x: x, y: side + 4))
            height = max(height, side + 4 + caption.height)
            x += max(side, caption.width) + 24
        }
        return FlowBlock(height: height, ops: ops, spaceBefore: 18)
    }
}
