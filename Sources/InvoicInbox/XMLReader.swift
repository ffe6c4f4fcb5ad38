import CExpat
import Foundation

/// An element of a received XML document, by local name (UBL's `cbc:ID` and CII's `ram:ID` are
/// both `ID`: the readers know which syntax they walk), with its attributes and the line it
/// starts on.
public final class XElement: @unchecked Sendable {
    public let name: String
    public let attributes: [String: String]
    public let line: Int
    public internal(set) var text = ""
    public internal(set) var elements: [XElement] = []
    /// The namespace of the root element, from the declarations on it (the parser is not
    /// namespace-aware and names elements by local name; the root's namespace tells UBL's
    /// `Invoice` from another vocabulary's). Nil below the root and when none is declared.
    public internal(set) var namespace: String?

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    /// Frees the elements below without recursion: the default release of a deep tree recurses
    /// once per level.
    deinit {
        guard !elements.isEmpty else { return }
        var pending = elements
        elements.removeAll()
        while let element = pending.popLast() {
            pending.append(contentsOf: element.elements)
            element.elements.removeAll()
        }
    }

    public func child(_ name: String) -> XElement? { elements.first { $0.name == name } }
    public func children(_ name: String) -> [XElement] { elements.filter { $0.name == name } }

    /// The element at the end of a path of child names: `path("PostalAddress", "Country", "IdentificationCode")`.
    public func path(_ names: String...) -> XElement? {
        var element: XElement? = self
        for name in names { element = element?.child(name) }
        return element
    }

    /// The trimmed text at the end of a path of child names; nil when absent or empty.
    public func value(_ names: String...) -> String? {
        var element: XElement? = self
        for name in names { element = element?.child(name) }
        guard let text = element?.text, !text.isEmpty else { return nil }
        return text
    }
}

/// Why bytes are no readable XML document.
public struct XMLRefusal: Error, Sendable, CustomStringConvertible {
    public var line: Int?
    public var column: Int?
    public var message: String
    public var description: String { message }
}

/// Reads an XML document into `XElement`s with expat, bounded: no DTD at all (a `<!DOCTYPE`
/// is refused before anything in it is read, so no external entity is ever fetched and no entity
/// is ever expanded: XXE and entity bombs end at the first line), no more than `maximumDepth`
/// open elements, no more than `maximumElements` elements, no more than `maximumSize` bytes.
/// A UTF-8 byte order mark is read by expat as what it is.
public enum XMLReader {
    /// A UBL or CII invoice nests about fifteen deep.
    public static let maximumDepth = 64
    /// A 20 MB XRechnung with a thousand lines has some 100,000 elements.
    public static let maximumElements = 2_000_000
    /// Attachments inside (BG-24, base64) make XRechnungen of several MB; 64 MB is far beyond any.
    public static let maximumSize = 64 * 1024 * 1024

    public static func parse(_ bytes: [UInt8]) throws(XMLRefusal) -> XElement {
        guard bytes.count <= maximumSize else {
            throw XMLRefusal(message: "the file is \(bytes.count) bytes, more than the \(maximumSize / 1024 / 1024) MB an e-invoice may have here")
        }
        guard let parser = XML_ParserCreate(nil) else { throw XMLRefusal(message: "expat could not start (out of memory?)") }
        defer { XML_ParserFree(parser) }
        let builder = Builder()
        builder.parser = parser
        XML_SetUserData(parser, Unmanaged.passUnretained(builder).toOpaque())
        XML_SetParamEntityParsing(parser, XML_PARAM_ENTITY_PARSING_NEVER)
        XML_SetElementHandler(parser, { context, name, attributes in
            guard let context, let name else { return }
            Unmanaged<Builder>.fromOpaque(context).takeUnretainedValue().start(name, attributes)
        }, { context, _ in
            guard let context else { return }
            Unmanaged<Builder>.fromOpaque(context).takeUnretainedValue().end()
        })
        XML_SetCharacterDataHandler(parser, { context, text, length in
            guard let context, let text, length > 0 else { return }
            let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
            Unmanaged<Builder>.fromOpaque(context).takeUnretainedValue().characters(bytes)
        })
        // expat knows UTF-8, UTF-16, ISO-8859-1 and US-ASCII; some writers declare Windows-1252 or
        // ISO-8859-15 (Latin-9, with €). Both are single-byte, so a table of 256 code points
        // hands them to expat; any other encoding stays unknown and is refused by expat.
        XML_SetUnknownEncodingHandler(parser, { _, name, info in
            guard let name, let info, let table = SingleByteEncoding.table(String(cString: name)) else { return 0 }
            withUnsafeMutableBytes(of: &info.pointee.map) { raw in
                let map = raw.bindMemory(to: Int32.self)
                for byte in 0..<256 { map[byte] = table[byte] }
            }
            info.pointee.data = nil
            info.pointee.convert = nil
            info.pointee.release = nil
            return 1
        }, nil)
        // An e-invoice has no DTD: refusing every DOCTYPE refuses XXE and entity expansion bombs
        // whatever expat's own protections of the installed version are.
        XML_SetStartDoctypeDeclHandler(parser) { context, _, _, _, _ in
            guard let context else { return }
            Unmanaged<Builder>.fromOpaque(context).takeUnretainedValue().refuse("the document declares a DOCTYPE (a DTD): e-invoices have none, and a DTD is how XXE and entity-expansion attacks begin")
        }
        XML_SetEntityDeclHandler(parser) { context, _, _, _, _, _, _, _, _ in
            guard let context else { return }
            Unmanaged<Builder>.fromOpaque(context).takeUnretainedValue().refuse("the document declares an entity: e-invoices have none")
        }
        let status = bytes.withUnsafeBytes { raw in
            XML_Parse(parser, raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(clamping: raw.count), 1)
        }
        if let refusal = builder.refusal { throw refusal }
        if status == XML_STATUS_ERROR {
            let code = XML_GetErrorCode(parser)
            let line = Int(XML_GetCurrentLineNumber(parser)), column = Int(XML_GetCurrentColumnNumber(parser)) + 1
            let reason = XML_ErrorString(code).map { String(cString: $0) } ?? "expat error \(code.rawValue)"
            throw XMLRefusal(line: line, column: column, message: "not well-formed XML at line \(line), column \(column): \(reason)")
        }
        guard let root = builder.root else { throw XMLRefusal(message: "the file holds no XML element") }
        return root
    }

    private final class Builder {
        var parser: XML_Parser?
        var root: XElement?
        var stack: [XElement] = []
        var count = 0
        var refusal: XMLRefusal?
        var pending: [UInt8] = []

        func refuse(_ message: String) {
            guard refusal == nil, let parser else { return }
            let line = Int(XML_GetCurrentLineNumber(parser))
            refusal = XMLRefusal(line: line, message: "line \(line): \(message)")
            XML_StopParser(parser, XML_Bool(0))
        }

        func start(_ name: UnsafePointer<XML_Char>, _ attributes: UnsafeMutablePointer<UnsafePointer<XML_Char>?>?) {
            guard refusal == nil else { return }
            flush()
            count += 1
            if stack.count >= XMLReader.maximumDepth { return refuse("elements nest more than \(XMLReader.maximumDepth) deep; an e-invoice nests about fifteen") }
            if count > XMLReader.maximumElements { return refuse("more than \(XMLReader.maximumElements) elements; no e-invoice has that many") }
            let qualified = String(cString: name)
            let local = qualified.split(separator: ":").last.map(String.init) ?? qualified
            let prefix = qualified.contains(":") ? String(qualified.split(separator: ":")[0]) : nil
            var namespace: String?
            var pairs: [String: String] = [:]
            var index = 0
            while let attributes, let key = attributes[index], let value = attributes[index + 1] {
                let key = String(cString: key)
                if key == (prefix.map { "xmlns:\($0)" } ?? "xmlns") { namespace = String(cString: value) }
                pairs[key.split(separator: ":").last.map(String.init) ?? key] = String(cString: value)
                index += 2
            }
            let element = XElement(name: local, attributes: pairs, line: parser.map { Int(XML_GetCurrentLineNumber($0)) } ?? 0)
            if let parent = stack.last { parent.elements.append(element) } else { root = element; element.namespace = namespace }
            stack.append(element)
        }

        func end() {
            guard refusal == nil else { return }
            flush()
            if let element = stack.popLast() { element.text = element.text.trimmingCharacters(in: .whitespacesAndNewlines) }
        }

        /// Text arrives in pieces (a multi-byte character may be split across two): kept as
        /// bytes until the element's next event, then decoded once.
        func characters(_ bytes: UnsafeRawBufferPointer) {
            guard refusal == nil, !stack.isEmpty else { return }
            pending.append(contentsOf: bytes)
        }

        private func flush() {
            guard !pending.isEmpty else { return }
            stack.last?.text += String(decoding: pending, as: UTF8.self)
            pending.removeAll(keepingCapacity: true)
        }
    }
}

/// The single-byte encodings beyond expat's own that e-invoice writers declare, as expat's
/// unknown-encoding map wants them: the Unicode code point of each byte, -1 for none.
enum SingleByteEncoding {
    static func table(_ name: String) -> [Int32]? {
        var table = (0..<256).map { Int32($0) }
        switch name.lowercased() {
        case "windows-1252", "cp1252", "x-cp1252":
            let high: [Int32] = [0x20AC, -1, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, -1, 0x017D, -1,
                                 -1, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, -1, 0x017E, 0x0178]
            for (offset, point) in high.enumerated() { table[0x80 + offset] = point }
        case "iso-8859-15", "iso8859-15", "iso_8859-15", "latin-9", "latin9":
            for (byte, point) in [(0xA4, 0x20AC), (0xA6, 0x0160), (0xA8, 0x0161), (0xB4, 0x017D), (0xB8, 0x017E), (0xBC, 0x0152), (0xBD, 0x0153), (0xBE, 0x0178)] {
                table[byte] = Int32(point)
            }
        default:
            return nil
        }
        return table
    }
}
