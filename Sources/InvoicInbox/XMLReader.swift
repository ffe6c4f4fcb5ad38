import Foundation
import InvoicXML

/// An element of a received XML document: InvoicXML's, which the bank's statements and the
/// Peppol SMP's answers are read into too.
public typealias XElement = InvoicXML.XElement

/// Why bytes are no readable XML document.
public struct XMLRefusal: Error, Sendable, CustomStringConvertible {
    public var line: Int?
    public var column: Int?
    public var message: String
    public var description: String { message }
}

/// Reads an XML document into `XElement`s with the one expat setup (`ExpatReader`), bounded: no
/// DTD at all (a `<!DOCTYPE` is refused before anything in it is read, so no external entity is
/// ever fetched and no entity is ever expanded: XXE and entity bombs end at the first line), no
/// more than `maximumDepth` open elements, no more than `maximumElements` elements, no more than
/// `maximumSize` bytes.
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
        do throws(ExpatFailure) {
            return try ExpatReader.parse(bytes, maximumDepth: maximumDepth, maximumElements: maximumElements)
        } catch {
            let line = error.line
            switch error.reason {
            case .noParser: throw XMLRefusal(message: "expat could not start (out of memory?)")
            case .tooDeep: throw XMLRefusal(line: line, message: "line \(line): elements nest more than \(maximumDepth) deep; an e-invoice nests about fifteen")
            case .tooMany: throw XMLRefusal(line: line, message: "line \(line): more than \(maximumElements) elements; no e-invoice has that many")
            case .doctype:
                throw XMLRefusal(line: line, message: "line \(line): the document declares a DOCTYPE (a DTD): e-invoices have none, and a DTD is how XXE and entity-expansion attacks begin")
            case .entity: throw XMLRefusal(line: line, message: "line \(line): the document declares an entity: e-invoices have none")
            case .malformed:
                throw XMLRefusal(line: line, column: error.column, message: "not well-formed XML at line \(line), column \(error.column): \(error.expatMessage)")
            case .empty: throw XMLRefusal(message: "the file holds no XML element")
            }
        }
    }
}
