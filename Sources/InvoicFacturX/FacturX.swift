import Foundation
import InvoicPDF

/// What makes an invoice PDF a Factur-X / ZUGFeRD one: PDF/A-3b with the CII XML embedded as
/// `factur-x.xml` (or `xrechnung.xml`), related to the document as its Alternative, the PDF's
/// XMP metadata extended to declare PDF/A-3 conformance B and the Factur-X extension schema, and
/// an sRGB output intent. invoic's own PDF writer writes it all in the one pass that writes the
/// PDF (PDFArchive); the document /ID is a hash of the content, so the same invoice gives the
/// same bytes.
public enum FacturX {
    /// The Factur-X profile the XML follows: its conformance level and its file name.
    public enum Profile: Sendable {
        /// `extended`: Factur-X EXTENDED, which France's EXTENDED-CTC-FR builds on (docs/france.md).
        case en16931, extended, xrechnung

        var conformanceLevel: String {
            switch self {
            case .en16931: "EN 16931"
            case .extended: "EXTENDED"
            case .xrechnung: "XRECHNUNG"
            }
        }
        public var fileName: String { self == .xrechnung ? "xrechnung.xml" : "factur-x.xml" }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Where Debian's icc-profiles-free puts the sRGB profile.
    public static let sRGBProfilePaths = ["/usr/share/color/icc/sRGB.icc", "/usr/share/color/icc/colord/sRGB.icc"]

    /// The profile, read once per process: every Factur-X PDF of a build embeds the same one.
    private static let sRGBProfile: [UInt8]? = sRGBProfilePaths.lazy.compactMap { FileManager.default.contents(atPath: $0) }.first.map { [UInt8]($0) }

    /// What the PDF writer needs to make an invoice's PDF Factur-X with `xml` embedded.
    public static func archive(_ xml: String, profile: Profile) -> Result<PDFArchive, Failure> {
        guard let icc = sRGBProfile else {
            return .failure(Failure(description: "no sRGB ICC profile (install icc-profiles-free): a PDF/A needs one for its output intent"))
        }
        return .success(PDFArchive(
            fileName: profile.fileName, contents: Array(xml.utf8), mimeType: "text/xml", description: "Factur-X invoice",
            relationship: "Alternative", iccProfile: icc, outputCondition: "sRGB IEC61966-2.1",
            extendXMP: { xmp(extending: $0, profile: profile) }))
    }

    /// `packet` with PDF/A-3b's identification, the Factur-X description, and the PDF/A
    /// extension schemas that declare Factur-X's and PDF/UA's properties.
    static func xmp(extending packet: String, profile: Profile) -> String? {
        let properties = [("DocumentFileName", "The name of the embedded XML document"), ("DocumentType", "The type of the hybrid document in capital letters, e.g. INVOICE or ORDER"),
                          ("Version", "The actual version of the standard applying to the embedded XML document"),
                          ("ConformanceLevel", "The conformance level of the embedded XML document")]
        let schema = properties.map { name, text in
            """
                      <rdf:li rdf:parseType="Resource">
                        <pdfaProperty:name>\(name)</pdfaProperty:name>
                        <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                        <pdfaProperty:category>external</pdfaProperty:category>
                        <pdfaProperty:description>\(text)</pdfaProperty:description>
                      </rdf:li>
            """
        }.joined(separator: "\n")
        let added = """
                <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
                  <pdfaid:part>3</pdfaid:part>
                  <pdfaid:conformance>B</pdfaid:conformance>
                </rdf:Description>
                <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
                  <fx:DocumentType>INVOICE</fx:DocumentType>
                  <fx:DocumentFileName>\(profile.fileName)</fx:DocumentFileName>
                  <fx:Version>1.0</fx:Version>
                  <fx:ConformanceLevel>\(profile.conformanceLevel)</fx:ConformanceLevel>
                </rdf:Description>
                <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
                  <pdfaExtension:schemas>
                    <rdf:Bag>
                      <rdf:li rdf:parseType="Resource">
                        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                        <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
                        <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                        <pdfaSchema:property>
                          <rdf:Seq>
            \(schema)
                          </rdf:Seq>
                        </pdfaSchema:property>
                      </rdf:li>
                      <rdf:li rdf:parseType="Resource">
                        <pdfaSchema:schema>PDF/UA Universal Accessibility Schema</pdfaSchema:schema>
                        <pdfaSchema:namespaceURI>http://www.aiim.org/pdfua/ns/id/</pdfaSchema:namespaceURI>
                        <pdfaSchema:prefix>pdfuaid</pdfaSchema:prefix>
                        <pdfaSchema:property>
                          <rdf:Seq>
                            <rdf:li rdf:parseType="Resource">
                              <pdfaProperty:name>part</pdfaProperty:name>
                              <pdfaProperty:valueType>Integer</pdfaProperty:valueType>
                              <pdfaProperty:category>internal</pdfaProperty:category>
                              <pdfaProperty:description>Indicates, which part of ISO 14289 standard is followed</pdfaProperty:description>
                            </rdf:li>
                          </rdf:Seq>
                        </pdfaSchema:property>
                      </rdf:li>
                    </rdf:Bag>
                  </pdfaExtension:schemas>
                </rdf:Description>
            """
        // Before the packet's closing </rdf:RDF>: its descriptions come first, as PDFMetadata wrote them.
        guard let close = packet.range(of: "  </rdf:RDF>", options: .backwards) else { return nil }
        return packet[..<close.lowerBound] + added + "\n" + packet[close.lowerBound...]
    }
}
