import CLibXML2
import Foundation
import Synchronization

/// One place where a document meets its XML Schema (XSD 1.0), through libxml2's validator: the
/// e-invoices invoic receives (UBL 2.1, CII D16B) and the national formats it writes (FA(3),
/// FatturaPA, VeriFactu records, Flux 10), so `check`, `receive` and the tests judge a file as the
/// authorities' validators do: by the schema first.
///
/// Nothing is fetched from the network: a schema that imports another by URL (FA(3) imports its
/// base types from crd.gov.pl) is given a map from URL prefixes to local folders, and any other
/// outside reference fails to load. The document is parsed without DTDs and without entity
/// expansion (no XXE, no billion laughs).
public final class XMLSchema: @unchecked Sendable {
    /// A schema violation, where libxml2 found it.
    public struct Violation: Equatable, Sendable, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    public enum LoadError: Error, CustomStringConvertible {
        case unreadable(path: String, messages: [String])
        public var description: String {
            switch self {
            case .unreadable(let path, let messages):
                "cannot load the XML Schema \(path): \(messages.joined(separator: "; "))"
            }
        }
    }

    private let schema: invoic_xml_ptr
    /// libxml2's validation context is not thread-safe; one validation at a time per schema.
    private let lock = Mutex(())

    /// Loads `path` (an .xsd file). `resolving` maps URL prefixes of imports to local folders.
    public init(path: String, resolving: [String: String] = [:]) throws {
        guard let xml = XMLSchema.libxml2 else { throw LoadError.unreadable(path: path, messages: [XMLSchema.unavailable]) }
        XMLSchema.setUp()
        XMLSchema.register(resolving)
        var messages: [String] = []
        let loaded: invoic_xml_ptr? = XMLSchema.withMessagesCollected(into: &messages) {
            guard let context = xml.xmlSchemaNewParserCtxt(path) else { return nil }
            defer { xml.xmlSchemaFreeParserCtxt(context) }
            return xml.xmlSchemaParse(context)
        }
        guard let loaded else { throw LoadError.unreadable(path: path, messages: messages) }
        schema = loaded
    }

    // A schema exists only when libxml2 was opened.
    deinit { XMLSchema.libxml2!.xmlSchemaFree(schema) }

    /// Every violation of the schema in `bytes` (a well-formedness error is one too); none when valid.
    public func validate(_ bytes: [UInt8]) -> [Violation] {
        let xml = XMLSchema.libxml2!
        return lock.withLock { _ in
            var violations: [Violation] = []
            let options = Int32(INVOIC_XML_PARSE_NONET | INVOIC_XML_PARSE_NOERROR
                | INVOIC_XML_PARSE_NOWARNING | INVOIC_XML_PARSE_NOCDATA)
            let document: invoic_xml_ptr? = XMLSchema.withViolationsCollected(into: &violations) {
                bytes.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) {
                        xml.xmlReadMemory($0, Int32(clamping: buffer.count), "document.xml", nil, options)
                    }
                }
            }
            guard let document else {
                if violations.isEmpty { violations.append(Violation(line: 1, message: "not well-formed XML")) }
                return violations
            }
            defer { xml.xmlFreeDoc(document) }
            guard let context = xml.xmlSchemaNewValidCtxt(schema) else {
                return [Violation(line: 1, message: "libxml2 could not start a validation")]
            }
            defer { xml.xmlSchemaFreeValidCtxt(context) }
            _ = XMLSchema.withViolationsCollected(into: &violations) { xml.xmlSchemaValidateDoc(context, document) }
            return violations
        }
    }

    public func validate(file path: String) throws -> [Violation] {
        validate([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    // MARK: libxml2's process-wide state

    /// Collection goes through one static buffer, so it is serialised.
    private static let errors = Mutex<[(line: Int, message: String)]?>(nil)
    private static let collecting = NSRecursiveLock()
    private static let urlMap = Mutex<[(prefix: String, folder: String)]>([])
    /// libxml2's functions, opened on the first schema loaded (CLibXML2); nil when it cannot be.
    private static let opened: (api: invoic_libxml2_api?, failure: String) = {
        var error = [CChar](repeating: 0, count: 512)
        let api = invoic_libxml2_open(&error, UInt(error.count))
        return (api?.pointee, String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }()
    private static var libxml2: invoic_libxml2_api? { opened.api }
    private static var unavailable: String { opened.failure }

    private static let once: Void = {
        let xml = libxml2!
        xml.xmlInitParser()
        xml.xmlSetExternalEntityLoader { url, id, context in
            XMLSchema.load(url: url.map { String(cString: $0) }, context: context)
        }
    }()

    private static func setUp() { _ = once }

    private static func register(_ map: [String: String]) {
        urlMap.withLock { list in
            for (prefix, folder) in map where !list.contains(where: { $0.prefix == prefix }) {
                list.append((prefix, folder))
            }
        }
    }

    /// Local files load as they are; a URL loads only through the registered map.
    private static func load(url: String?, context: invoic_xml_ptr?) -> invoic_xml_ptr? {
        guard let url else { return nil }
        var path: String? = nil
        if url.hasPrefix("http://") || url.hasPrefix("https://") || url.hasPrefix("ftp://") {
            path = urlMap.withLock { list in
                list.first(where: { url.hasPrefix($0.prefix) }).map { entry in
                    (entry.folder as NSString).appendingPathComponent(String(url.dropFirst(entry.prefix.count)))
                }
            }
        } else if url.hasPrefix("file://") {
            path = String(url.dropFirst("file://".count))
        } else {
            path = url
        }
        guard let path, FileManager.default.fileExists(atPath: path) else { return nil }
        return libxml2!.xmlNewInputFromFile(context, path)
    }

    private static func withMessagesCollected<T>(into messages: inout [String], _ body: () -> T) -> T {
        var collected: [Violation] = []
        let result = withViolationsCollected(into: &collected, body)
        messages += collected.map(\.message)
        return result
    }

    private static func withViolationsCollected<T>(into violations: inout [Violation], _ body: () -> T) -> T {
        XMLSchema.collecting.lock()
        defer { XMLSchema.collecting.unlock() }
        XMLSchema.errors.withLock { $0 = [] }
        // libxml2 keeps its error handlers per thread: set on the thread that parses.
        libxml2!.xmlSetStructuredErrorFunc(nil) { _, error in
            guard let error else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? "error"
            XMLSchema.errors.withLock {
                $0?.append((Int(error.pointee.line), message.trimmingCharacters(in: .whitespacesAndNewlines)))
            }
        }
        let result = body()
        let found = XMLSchema.errors.withLock { errors -> [(line: Int, message: String)] in
            defer { errors = nil }
            return errors ?? []
        }
        violations += found.map { Violation(line: $0.line, message: $0.message) }
        return result
    }
}
