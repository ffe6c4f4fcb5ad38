import Foundation
import InvoicTestSupport
import InvoicXMLSchema
import Testing

@Suite struct XMLSchemaTests {
    static let xsd = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t" xmlns="urn:t" elementFormDefault="qualified">
          <xs:element name="Invoice">
            <xs:complexType><xs:sequence>
              <xs:element name="Number" type="xs:string"/>
              <xs:element name="Total" type="xs:decimal"/>
            </xs:sequence></xs:complexType>
          </xs:element>
        </xs:schema>
        """

    func schema(_ text: String = xsd) throws -> XMLSchema {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xsd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("t.xsd")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return try XMLSchema(path: file.path)
    }

    @Test func aValidDocumentHasNoViolations() throws {
        let doc = #"<Invoice xmlns="urn:t"><Number>1</Number><Total>336.</Total></Invoice>"#
        #expect(try schema().validate(Array(doc.utf8)).isEmpty)
    }

    @Test func elementsOutOfOrderAndBadDecimalsAreViolationsWithTheirLine() throws {
        let doc = "<Invoice xmlns=\"urn:t\">\n<Total>336,90</Total>\n<Number>1</Number></Invoice>"
        let violations = try schema().validate(Array(doc.utf8))
        #expect(!violations.isEmpty)
        #expect(violations.first?.line == 2)
    }

    @Test func malformedXMLIsAViolationNotACrash() throws {
        let violations = try schema().validate(Array("<Invoice xmlns=\"urn:t\"><Number>".utf8))
        #expect(!violations.isEmpty)
        #expect(try schema().validate([]).count >= 1)
    }

    @Test func externalEntitiesAreNeitherFetchedNorExpanded() throws {
        let doc = """
            <?xml version="1.0"?>
            <!DOCTYPE Invoice [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <Invoice xmlns="urn:t"><Number>&x;</Number><Total>1</Total></Invoice>
            """
        let violations = try schema().validate(Array(doc.utf8))
        #expect(!violations.contains { $0.message.contains("root:") })
    }

    @Test func anImportByURLIsRefusedUnlessMappedToAFolder() throws {
        let importing = """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:import namespace="urn:other" schemaLocation="http://example.invalid/other.xsd"/>
              <xs:element name="A" type="xs:string"/>
            </xs:schema>
            """
        // libxml2 only warns on an import it cannot load; what matters is that nothing was fetched
        // and the schema still judges what it defines.
        let loaded = try? schema(importing)
        if let loaded { #expect(loaded.validate(Array("<A>x</A>".utf8)).isEmpty) }
    }

    /// The Ministry's FA(3) schema imports its base types by URL; mapped to the local copy it loads
    /// offline and judges the UPO-free minimum: an empty Faktura is not an invoice.
    @Test func theFA3SchemaLoadsOfflineThroughTheURLMap() throws {
        let fa3 = Standards.path("pl-ksef/faktury/schemy/FA/schemat_FA(3)_v1-0E.xsd")
        try #require(FileManager.default.fileExists(atPath: fa3), "no ../shared/standards/pl-ksef")
        let schema = try XMLSchema(path: fa3, resolving: [
            "http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/": Standards.path("pl-ksef/faktury/schemy/FA/bazowe"),
        ])
        let empty = #"<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/"/>"#
        #expect(!schema.validate(Array(empty.utf8)).isEmpty)
    }
}
