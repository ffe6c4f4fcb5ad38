import Foundation
import InvoicBook
@testable import InvoicLSP
import InvoicTestSupport

/// A client in the same process: messages go to the server's `handle`, what it sends is kept.
final class Harness {
    let writer = MessageWriter(capturing: ())
    let server: LanguageServer
    let book: TestBook
    private(set) var inbox: [JSON] = []
    private var nextID = 1
    private var versions: [String: Int] = [:]

    static let settings = """
        business: { name: Test Studio }
        defaults: { currency: USD, locale: en_US, terms: 30, validity: 30, tax: 10% }
        """

    init(_ files: [String: String], clients: [String: String] = ["acme": "name: Acme Corp\n"], encodings: [String]? = nil, initializationOptions: JSON = .null) {
        book = TestBook(files, settings: Self.settings, clients: clients)
        server = LanguageServer(writer: writer, today: Day("2026-11-21")!, debounce: .milliseconds(1))
        var capabilities: JSON = [:]
        if let encodings { capabilities = ["general": ["positionEncodings": .array(encodings.map(JSON.string))]] }
        _ = request("initialize", ["rootUri": .string(uri("")), "capabilities": capabilities, "initializationOptions": initializationOptions])
        notify("initialized", [:])
        settle()
    }

    deinit { book.remove() }

    func uri(_ path: String) -> String { Workspace.fileURI(path.isEmpty ? book.root : book.root + "/" + path) }

    @discardableResult
    func send(_ message: JSON) -> Int32? { server.handle(Array(message.serialized.utf8)) }

    /// The response to a request: its `result`, or its `error` object.
    func request(_ method: String, _ params: JSON) -> (result: JSON?, error: JSON?) {
        let id = nextID
        nextID += 1
        send(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
        drain()
        guard let response = inbox.last(where: { $0["id"] == .int(id) }) else { return (nil, nil) }
        return (response["result"], response["error"])
    }

    func notify(_ method: String, _ params: JSON) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    func drain() { inbox += writer.takeCaptured() }

    func open(_ path: String, _ text: String) {
        versions[path] = 1
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri(path)), "languageId": "yaml", "version": 1, "text": .string(text)]])
        settle()
    }

    func change(_ path: String, _ text: String) {
        versions[path, default: 1] += 1
        notify("textDocument/didChange", ["textDocument": ["uri": .string(uri(path)), "version": .int(versions[path]!)],
                                          "contentChanges": [["text": .string(text)]]])
        settle()
    }

    func save(_ path: String, _ text: String) {
        book.write(path, text)
        notify("textDocument/didSave", ["textDocument": ["uri": .string(uri(path))]])
        settle()
    }

    func settle() {
        server.waitForChecks()
        drain()
    }

    /// The diagnostics last published for `path`; nil when none were published.
    func diagnostics(_ path: String) -> [JSON]? {
        inbox.last { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == uri(path) }?["params"]?["diagnostics"]?.array
    }

    func position(_ line: Int, _ character: Int) -> JSON { ["line": .int(line), "character": .int(character)] }

    func at(_ path: String, _ line: Int, _ character: Int) -> JSON {
        ["textDocument": ["uri": .string(uri(path))], "position": position(line, character)]
    }
}

/// Applies a TextEdit list to a text (positions in UTF-16, the default encoding).
func apply(_ edits: [JSON], to text: String, encoding: PositionEncoding = .utf16) -> String {
    var text = text
    // From the end, so earlier edits keep their positions.
    let sorted = edits.sorted { Position($0["range"]?["start"])! > Position($1["range"]?["start"])! }
    for edit in sorted {
        let map = LineMap(text, encoding: encoding)
        let from = map.index(Position(edit["range"]?["start"])!), to = map.index(Position(edit["range"]?["end"])!)
        text.replaceSubrange(from..<to, with: edit["newText"]!.string!)
    }
    return text
}
