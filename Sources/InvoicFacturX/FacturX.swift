import CQPDF
import Foundation

/// Turns an invoice PDF into a Factur-X / ZUGFeRD one: PDF/A-3b with the CII XML embedded as
/// `factur-x.xml` (or `xrechnung.xml`), related to the document as its Alternative, the PDF's XMP
/// metadata extended to declare PDF/A-3 conformance B and the Factur-X extension schema, an sRGB output intent, and a
/// deterministic document /ID, so the same invoice gives the same bytes. cairo writes the PDF;
/// qpdf, through its C API, adds the rest.
public enum FacturX {
    /// The Factur-X profile the XML follows: its conformance level and its file name.
    public enum Profile: Sendable {
        case en16931, xrechnung

        var conformanceLevel: String { self == .en16931 ? "EN 16931" : "XRECHNUNG" }
        public var fileName: String { self == .en16931 ? "factur-x.xml" : "xrechnung.xml" }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Where Debian's icc-profiles-free puts the sRGB profile.
    public static let sRGBProfilePaths = ["/usr/share/color/icc/sRGB.icc", "/usr/share/color/icc/colord/sRGB.icc"]

    /// - Parameter date: the document's date, `YYYY-MM-DD`, the embedded file's date, so the bytes
    ///   never depend on the day the PDF is made.
    public static func embed(_ xml: String, in pdf: [UInt8], profile: Profile, date: String) -> Result<[UInt8], Failure> {
        guard let packet = xmpPacket(in: pdf).flatMap({ xmp(extending: $0, profile: profile) }) else {
            return .failure(Failure(description: "the PDF has no XMP packet to extend (invoic's PDFs all have one)"))
        }
        guard let icc = sRGBProfilePaths.lazy.compactMap({ FileManager.default.contents(atPath: $0) }).first else {
            return .failure(Failure(description: "no sRGB ICC profile (install icc-profiles-free): a PDF/A needs one for its output intent"))
        }
        var message = [CChar](repeating: 0, count: 512)
        guard let api = invoic_qpdf_open(&message, message.count)?.pointee else {
            return .failure(Failure(description: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        var handle = api.qpdf_init()
        guard let q = handle else { return .failure(Failure(description: "qpdf could not start")) }
        defer { api.qpdf_cleanup(&handle) }
        api.qpdf_set_suppress_warnings(q, QPDF_TRUE)
        let read = pdf.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { api.qpdf_read_memory(q, "invoice.pdf", $0.baseAddress, UInt64($0.count), nil) }
        }
        if read & QPDF_ERRORS != 0 { return .failure(Failure(description: error(api, q) ?? "qpdf could not read the PDF")) }

        let root = api.qpdf_get_root(q)
        let compactDate = date.replacingOccurrences(of: "-", with: "")
        // The XML, as an embedded file the document points at (PDF/A-3's associated file).
        let file = stream(api, q, Array(xml.utf8), dictionary: "<< /Type /EmbeddedFile /Subtype /text#2Fxml /Params << /ModDate (D:\(compactDate)000000Z) /Size \(xml.utf8.count) >> >>")
        let spec = api.qpdf_make_indirect_object(q, api.qpdf_oh_parse(q, """
            << /Type /Filespec /F (\(profile.fileName)) /UF (\(profile.fileName)) /AFRelationship /Alternative \
            /Desc (Factur-X invoice) >>
            """))
        let embedded = api.qpdf_oh_new_dictionary(q)
        api.qpdf_oh_replace_key(q, embedded, "/F", file)
        api.qpdf_oh_replace_key(q, embedded, "/UF", file)
        api.qpdf_oh_replace_key(q, spec, "/EF", embedded)
        let names = api.qpdf_oh_new_array(q)
        api.qpdf_oh_append_item(q, names, api.qpdf_oh_new_unicode_string(q, profile.fileName))
        api.qpdf_oh_append_item(q, names, spec)
        let embeddedFiles = api.qpdf_oh_new_dictionary(q)
        api.qpdf_oh_replace_key(q, embeddedFiles, "/Names", names)
        let nameTree = api.qpdf_oh_new_dictionary(q)
        api.qpdf_oh_replace_key(q, nameTree, "/EmbeddedFiles", embeddedFiles)
        api.qpdf_oh_replace_key(q, root, "/Names", nameTree)
        let associated = api.qpdf_oh_new_array(q)
        api.qpdf_oh_append_item(q, associated, spec)
        api.qpdf_oh_replace_key(q, root, "/AF", associated)

        // The output intent: sRGB, the colour space cairo draws in.
        let iccStream = stream(api, q, [UInt8](icc), dictionary: "<< /N 3 >>")
        let intent = api.qpdf_oh_parse(q, "<< /Type /OutputIntent /S /GTS_PDFA1 /OutputConditionIdentifier (sRGB IEC61966-2.1) /Info (sRGB IEC61966-2.1) >>")
        api.qpdf_oh_replace_key(q, intent, "/DestOutputProfile", iccStream)
        let intents = api.qpdf_oh_new_array(q)
        api.qpdf_oh_append_item(q, intents, api.qpdf_make_indirect_object(q, intent))
        api.qpdf_oh_replace_key(q, root, "/OutputIntents", intents)

        // The PDF's own XMP packet (title, author, dates, PDF/UA) with PDF/A's and Factur-X's
        // descriptions added, uncompressed as PDF/A asks; the Info dictionary goes, so nothing
        // can contradict it.
        let metadata = stream(api, q, Array(packet.utf8), dictionary: "<< /Type /Metadata /Subtype /XML >>")
        api.qpdf_oh_replace_key(q, root, "/Metadata", metadata)
        api.qpdf_oh_remove_key(q, api.qpdf_get_trailer(q), "/Info")

        if api.qpdf_init_write_memory(q) & QPDF_ERRORS != 0 { return .failure(Failure(description: error(api, q) ?? "qpdf could not write")) }
        api.qpdf_set_deterministic_ID(q, QPDF_TRUE)
        // PDF/A wants an end of line before every `endstream` (ISO 19005-1, 6.1.7), which qpdf
        // leaves out unless asked.
        api.qpdf_set_newline_before_endstream(q, QPDF_TRUE)
        // PDF/A forbids compressed cross-reference and object streams only in PDF/A-1; keep the
        // plain form anyway, which every validator reads.
        api.qpdf_set_object_stream_mode(q, qpdf_o_disable)
        api.qpdf_set_minimum_pdf_version(q, "1.7")
        if api.qpdf_write(q) & QPDF_ERRORS != 0 { return .failure(Failure(description: error(api, q) ?? "qpdf could not write")) }
        guard let buffer = api.qpdf_get_buffer(q) else { return .failure(Failure(description: "qpdf wrote nothing")) }
        return .success(Array(UnsafeBufferPointer(start: buffer, count: api.qpdf_get_buffer_length(q))))
    }

    /// A new indirect stream holding `bytes`, its dictionary parsed from `dictionary`. The data
    /// goes in unfiltered; qpdf compresses what it may when it writes (not the XMP, whose
    /// /Type /Metadata it leaves readable).
    private static func stream(_ api: invoic_qpdf_api, _ q: qpdf_data, _ bytes: [UInt8], dictionary: String) -> qpdf_oh {
        let stream = api.qpdf_oh_new_stream(q)
        bytes.withUnsafeBufferPointer { api.qpdf_oh_replace_stream_data(q, stream, $0.baseAddress, $0.count, api.qpdf_oh_new_null(q), api.qpdf_oh_new_null(q)) }
        let parsed = api.qpdf_oh_parse(q, dictionary)
        let dict = api.qpdf_oh_get_dict(q, stream)
        for key in ["/Type", "/Subtype", "/Params", "/N"] where api.qpdf_oh_has_key(q, parsed, key) == QPDF_TRUE {
            api.qpdf_oh_replace_key(q, dict, key, api.qpdf_oh_get_key(q, parsed, key))
        }
        return stream
    }

    private static func error(_ api: invoic_qpdf_api, _ q: qpdf_data) -> String? {
        guard api.qpdf_has_error(q) == QPDF_TRUE, let e = api.qpdf_get_error(q), let text = api.qpdf_get_error_full_text(q, e) else { return nil }
        return String(cString: text)
    }

    /// The XMP packet PDFMetadata wrote into every invoic PDF, as text: uncompressed between its
    /// `<?xpacket begin` and `<?xpacket end="w"?>`.
    static func xmpPacket(in pdf: [UInt8]) -> String? {
        let data = Data(pdf)
        guard let start = data.range(of: Data("<?xpacket begin=".utf8)),
              let end = data.range(of: Data("<?xpacket end=\"w\"?>".utf8), in: start.lowerBound..<data.endIndex) else { return nil }
        return String(decoding: data[start.lowerBound..<end.upperBound], as: UTF8.self)
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
