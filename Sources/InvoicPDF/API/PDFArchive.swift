/// What makes a PDF an archival one (PDF/A-3b) carrying a file, written by the same writer as
/// the rest of the PDF: the embedded file (a Factur-X invoice's XML) related to the document,
/// the output intent with its ICC profile, and the XMP packet's additions (the PDF/A
/// identification and the extension schemas). InvoicFacturX says what goes in.
public struct PDFArchive: Sendable {
    /// The embedded file's name (`factur-x.xml`), its bytes, MIME type and description.
    public var fileName: String
    public var contents: [UInt8]
    public var mimeType: String
    public var description: String
    /// How the file relates to the document (PDF/A-3's /AFRelationship): `Alternative`.
    public var relationship: String
    /// The output intent's ICC profile (sRGB: what the pages are drawn in) and its name.
    public var iccProfile: [UInt8]
    public var outputCondition: String
    /// The XMP packet the writer made, extended with what the archive claims; nil when it cannot be.
    public var extendXMP: @Sendable (String) -> String?

    public init(fileName: String, contents: [UInt8], mimeType: String, description: String, relationship: String,
                iccProfile: [UInt8], outputCondition: String, extendXMP: @escaping @Sendable (String) -> String?) {
        self.fileName = fileName
        self.contents = contents
        self.mimeType = mimeType
        self.description = description
        self.relationship = relationship
        self.iccProfile = iccProfile
        self.outputCondition = outputCondition
        self.extendXMP = extendXMP
    }
}
