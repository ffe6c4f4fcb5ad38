import InvoicXMLSchema
import Synchronization

/// The first check a receiver's validator makes: the received XML against the XML Schema of its
/// syntax (UBL 2.1 Invoice / CreditNote; for CII, the Factur-X schema of the profile its guideline
/// names), with the schemas invoic carries (resources/schemas). A violation is a fatal finding
/// `XSD` with its line: an element where the schema forbids it (a UBL PaymentID after the
/// PayeeFinancialAccount, a second seller contact in CII) is no longer read past in silence.
enum SchemaFindings {
    static let rule = "XSD"

    /// The findings for `bytes`, whose root element is `root` and whose BT-24 is `guideline`.
    static func check(_ bytes: [UInt8], root: String, guideline: String?) -> [Finding] {
        let relative: String
        switch root {
        case "Invoice": relative = "ubl-2.1/maindoc/UBL-Invoice-2.1.xsd"
        case "CreditNote": relative = "ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd"
        case "CrossIndustryInvoice":
            let level = facturXLevel(guideline) ?? "en16931"
            relative = "factur-x/\(level)/\(schemaFiles[level]!)"
        default: return []
        }
        guard let schema = schema(relative) else {
            return [Finding(rule: rule, message: "the XML Schema \(relative) is not installed with invoic, so the document was not checked against it (reinstall invoic, or set INVOIC_SCHEMAS to its resources/schemas folder)", severity: .warning)]
        }
        return schema.validate(bytes).map { violation in
            Finding(rule: rule, message: "the XML Schema (\(relative.split(separator: "/").last!)) does not allow this: \(violation.message)",
                    location: "line \(violation.line)")
        }
    }

    static let schemaFiles = [
        "minimum": "Factur-X_MINIMUM.xsd", "basicwl": "Factur-X_BASICWL.xsd", "basic": "Factur-X_BASIC.xsd",
        "en16931": "Factur-X_EN16931.xsd", "extended": "Factur-X_EXTENDED.xsd",
    ]

    /// The Factur-X profile a CII guideline (BT-24) names, read as the Factur-X specification and
    /// its library read it: the URN's last part when it is a profile
    /// (`urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended`), else the part before
    /// the first `#` (`urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0` is
    /// EN 16931). Nil for a guideline that names none.
    static func facturXLevel(_ guideline: String?) -> String? {
        guard let guideline else { return nil }
        if let last = guideline.split(separator: ":").last.map(String.init), schemaFiles[last] != nil { return last }
        let base = guideline.split(separator: "#", omittingEmptySubsequences: false).first.map(String.init) ?? guideline
        let parts = base.split(separator: ":").map(String.init)
        if parts.count >= 2, schemaFiles[parts[parts.count - 2]] != nil { return parts[parts.count - 2] }
        return nil
    }

    /// Each schema is loaded once per process (UBL's imports are 2.7 MB of XSD); nil when it is
    /// not installed or does not load.
    private static let loaded = Mutex<[String: XMLSchema]>([:])
    private static func schema(_ relative: String) -> XMLSchema? {
        if let known = loaded.withLock({ $0[relative] }) { return known }
        guard let path = SchemaFolder.file(relative), let schema = try? XMLSchema(path: path) else { return nil }
        loaded.withLock { $0[relative] = schema }
        return schema
    }
}
