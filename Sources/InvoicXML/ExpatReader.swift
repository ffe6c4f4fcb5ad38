import CExpat
import Foundation

/// An element of an XML document read by `ExpatReader`, by local name (UBL's `cbc:ID`, CII's
/// `ram:ID` and camt's `ID` are all `ID`: each reader knows which vocabulary it walks), with its
/// attributes (by local name too), its trimmed text and the line it starts on.
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

    /// The first element named `name` below this one, depth first.
    public func first(_ name: String) -> XElement? {
        for element in elements {
            if element.name == name { return element }
            if let found = element.first(name) { return found }
        }
        return nil
    }

    /// This element and every element below it, in document order (without recursion).
    public var all: [XElement] {
        var found: [XElement] = []
        var pending = [self]
        while let element = pending.popLast() {
            found.append(element)
            pending.append(contentsOf: element.elements.reversed())
        }
        return found
    }

    /// Every element below this one that `matches`, in document order, without looking inside a match.
    public func descendants(_ matches: (XElement) -> Bool) -> [XElement] {
        var found: [XElement] = []
        for element in elements {
            if matches(element) { found.append(element) } else { found += element.descendants(matches) }
        }
        return found
    }
}

/// Why expat did not give a tree: the facts, for each reader to say in its own words (a bank
/// statement's error is not an e-invoice's).
public struct ExpatFailure: Error, Sendable {
    public enum Reason: Sendable, Equatable {
        /// expat could not allocate its parser.
        case noParser
        /// An element opened below `maximumDepth` open elements.
        case tooDeep
        /// More than `maximumElements` elements.
        case tooMany
        /// A `<!DOCTYPE`: no document invoic reads has a DTD, and a DTD is where XXE and
        /// entity-expansion attacks begin, so none is read at all.
        case doctype
        /// An entity declaration (only possible inside a DTD).
        case entity
        /// Not well-formed: expat's error.
        case malformed(XML_Error)
        /// No element at all.
        case empty
    }
    public var reason: Reason
    /// Where expat stopped (0 when it never started).
    public var line = 0
    public var column = 0
    /// The innermost element still open where it stopped: a document that ends inside one is cut off.
    public var open: (name: String, line: Int)?
    /// Whether any element was read before it stopped.
    public var sawElement = false

    /// expat's own words for a malformed document.
    public var expatMessage: String {
        guard case .malformed(let code) = reason else { return "" }
        return XML_ErrorString(code).map { String(cString: $0) } ?? "expat error \(code.rawValue)"
    }
}

/// The one expat setup of the tree (the inbox's e-invoices, the bank's camt statements, the
/// Peppol SMP's answers): a document is read into `XElement`s, bounded: no DTD at all (a
/// `<!DOCTYPE` is refused before anything in it is read, so no external entity is ever fetched
/// and no entity is ever expanded), parameter entities never parsed, no more than `maximumDepth`
/// open elements (so no walk of the tree runs out of stack) and no more than `maximumElements`.
/// A UTF-8 byte order mark is read by expat as what it is; Windows-1252 and ISO-8859-15 are read
/// beside expat's own encodings.
public enum ExpatReader {
    public static func parse(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int, maximumElements: Int = .max) throws(ExpatFailure) -> XElement {
        guard let parser = XML_ParserCreate(nil) else { throw ExpatFailure(reason: .noParser) }
        defer { XML_ParserFree(parser) }
        let builder = Builder(parser: parser, maximumDepth: maximumDepth, maximumElements: maximumElements)
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
        // Refusing every DOCTYPE refuses XXE and entity expansion bombs whatever expat's own
        // protections of the installed version are.
        XML_SetStartDoctypeDeclHandler(parser) { context, _, _, _, _ in
            guard let context else { return }
            Unmanaged<Builder>.fromOpaque(context).takeUnretainedValue().stop(.doctype)
        }
        XML_SetEntityDeclHandler(parser) { context, _, _, _, _, _, _, _, _ in
            guard let context else { return }
            Unmanaged<Builder>.fromOpaque(context).takeUnretainedValue().stop(.entity)
        }
        let status = XML_Parse(parser, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(clamping: bytes.count), 1)
        if var failure = builder.failure {
            failure.open = builder.stack.last.map { ($0.name, $0.line) }
            failure.sawElement = builder.root != nil
            throw failure
        }
        if status == XML_STATUS_ERROR {
            throw ExpatFailure(reason: .malformed(XML_GetErrorCode(parser)),
                               line: Int(XML_GetCurrentLineNumber(parser)), column: Int(XML_GetCurrentColumnNumber(parser)) + 1,
                               open: builder.stack.last.map { ($0.name, $0.line) }, sawElement: builder.root != nil)
        }
        guard let root = builder.root else { throw ExpatFailure(reason: .empty) }
        return root
    }

    public static func parse(_ bytes: some ContiguousBytes, maximumDepth: Int, maximumElements: Int = .max) throws(ExpatFailure) -> XElement {
        let result: Result<XElement, ExpatFailure> = bytes.withUnsafeBytes { raw in
            Result { () throws(ExpatFailure) -> XElement in try parse(raw, maximumDepth: maximumDepth, maximumElements: maximumElements) }
        }
        return try result.get()
    }

    /// Builds the tree from expat's callbacks; after a `stop` they do nothing.
    private final class Builder {
        let parser: XML_Parser
        let maximumDepth: Int
        let maximumElements: Int
        var root: XElement?
        var stack: [XElement] = []
        var count = 0
        var failure: ExpatFailure?
        var pending: [UInt8] = []

        init(parser: XML_Parser, maximumDepth: Int, maximumElements: Int) {
            self.parser = parser
            self.maximumDepth = maximumDepth
            self.maximumElements = maximumElements
        }

        func stop(_ reason: ExpatFailure.Reason) {
            guard failure == nil else { return }
            failure = ExpatFailure(reason: reason, line: Int(XML_GetCurrentLineNumber(parser)), column: Int(XML_GetCurrentColumnNumber(parser)) + 1)
            XML_StopParser(parser, XML_Bool(0))
        }

        func start(_ name: UnsafePointer<XML_Char>, _ attributes: UnsafeMutablePointer<UnsafePointer<XML_Char>?>?) {
            guard failure == nil else { return }
            flush()
            count += 1
            if stack.count >= maximumDepth { return stop(.tooDeep) }
            if count > maximumElements { return stop(.tooMany) }
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
            let element = XElement(name: local, attributes: pairs, line: Int(XML_GetCurrentLineNumber(parser)))
            if let parent = stack.last { parent.elements.append(element) } else { root = element; element.namespace = namespace }
            stack.append(element)
        }

        func end() {
            guard failure == nil else { return }
            flush()
            if let element = stack.popLast() { element.text = element.text.trimmingCharacters(in: .whitespacesAndNewlines) }
        }

        /// Text arrives in pieces (a multi-byte character may be split across two): kept as
        /// bytes until the element's next event, then decoded once.
        func characters(_ bytes: UnsafeRawBufferPointer) {
            guard failure == nil, !stack.isEmpty else { return }
            pending.append(contentsOf: bytes)
        }

        private func flush() {
            guard !pending.isEmpty else { return }
            stack.last?.text += String(decoding: pending, as: UTF8.self)
            pending.removeAll(keepingCapacity: true)
        }
    }
}
