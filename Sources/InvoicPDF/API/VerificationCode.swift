/// A verification code a tax authority asks printed on the invoice (Poland's KSeF KOD I): the
/// link its QR code carries and the text under it. The caller computes it (InvoicEInvoice writes
/// the file whose hash the link holds); the renderer only draws it, after the document's blocks.
public struct VerificationCode: Sendable, Hashable {
    public var url: String
    /// Under the code: the invoice's KSeF number, or OFFLINE until it has one.
    public var caption: String

    public init(url: String, caption: String) {
        self.url = url
        self.caption = caption
    }
}
