/// A verification code a tax authority asks printed on the invoice (Poland's KSeF KOD I): the
/// link its QR code carries and the text under it. The caller computes it (InvoicEInvoice writes
/// the file whose hash the link holds); the renderer only draws it, after the document's blocks.
public struct VerificationCode: Sendable, Hashable {
    public var url: String
    /// Under the code: the invoice's KSeF number, or OFFLINE until it has one.
    public var caption: String
    /// A second code beside the first: KSeF's KOD II on an invoice issued offline (the offline
    /// certificate's signed link, CERTYFIKAT under it).
    public var certificate: Link?

    /// A second code's link and caption.
    public struct Link: Sendable, Hashable {
        public var url: String
        public var caption: String
        public init(url: String, caption: String) {
            self.url = url
            self.caption = caption
        }
    }

    public init(url: String, caption: String, certificate: Link? = nil) {
        self.url = url
        self.caption = caption
        self.certificate = certificate
    }
}
