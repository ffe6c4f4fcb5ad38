#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import InvoicBook
import InvoicBuild
import InvoicDiagnostics
import InvoicPDF

/// An error answered to a request (JSON-RPC 2.0's error object).
struct ResponseError: Error {
    var code: Int
    var message: String

    static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: -32602, message: message) }
    static let notInitialized = ResponseError(code: -32002, message: "the server is not initialized: send `initialize` first")
    /// A request the server refuses on purpose (a rename of an issued document's client).
    static func failed(_ message: String) -> ResponseError { ResponseError(code: -32803, message: message) }
}

/// `invoic lsp`: the book's checker behind the language server protocol, over stdin and stdout.
///
/// One thread reads messages and answers requests from the last checked book; a serial queue
/// checks: a change is checked 100 ms after the last keystroke (a newer change makes the older run
/// stale: it is dropped before it starts or before it publishes), a save or a changed file on disk
/// checks the whole book as `invoic check` does, history included. A change to a document is
/// checked at that document's cost (`IncrementalBook`: its file decoded, priced and checked again,
/// then the cross-document rules over the book held in memory); only what changed is republished.
public final class LanguageServer: @unchecked Sendable {
    /// What the last check found, which requests read.
    struct Snapshot {
        var book: Book
        var diagnostics: [Diagnostic]
    }

    let writer: MessageWriter
    let fixedToday: Day?
    /// How long a change waits for the next keystroke before it is checked.
    let debounce: DispatchTimeInterval

    let lock = NSLock()
    private let checking = DispatchQueue(label: "invoic.lsp.check")
    /// The book held in memory, checked again per edit; used on the `checking` queue only.
    private var engine: IncrementalBook?

    // Guarded by `lock`.
    var workspace: Workspace?
    var encoding = PositionEncoding.utf16
    var snapshot: Snapshot?
    /// What the last whole check found beyond the book's own checks (history, the lock, fonts,
    /// the template): kept while typing, redone on save.
    private var wholeBookOnly: [Diagnostic] = []
    /// Whether the last whole check resolved the template, its fonts and the logo: a preview
    /// builds its renderer then (a renderer kept would hold a second copy of the book).
    private var assetsResolve = false
    /// What each file was last told, so an edit republishes only the files whose findings changed.
    private var published: [String: [Diagnostic]] = [:]
    /// The versions those were published for: an open document hears of each new version.
    private var publishedVersions: [String: Int] = [:]
    private var generation = 0
    /// Checks scheduled and not finished (or dropped) yet.
    private var pending = 0
    private var shutdownRequested = false
    var inlayHints = true
    /// Documents whose preview was opened: rebuilt on save.
    private var previewed: Set<String> = []
    private var clientWatchesFiles = false

    public init(writer: MessageWriter, today: Day? = nil, debounce: DispatchTimeInterval = .milliseconds(100)) {
        self.writer = writer
        fixedToday = today
        self.debounce = debounce
    }

    var today: Day { fixedToday ?? Day.today() }

    /// Serves until `exit` or the end of input; returns the process's exit status (0 after a
    /// `shutdown`, 1 otherwise, as the protocol asks).
    public func run(reading reader: MessageReader) -> Int32 {
        // A client that vanishes makes writes fail with EPIPE instead of killing the server.
        signal(SIGPIPE, SIG_IGN)
        while true {
            switch reader.next() {
            case .end:
                return lock.withLock { shutdownRequested } ? 0 : 1
            case .malformed(let problem):
                writer.send(Self.errorResponse(id: .null, ResponseError(code: -32700, message: "invalid message: \(problem)")))
            case .message(let bytes):
                if let status = handle(bytes) { return status }
            }
        }
    }

    /// One message; an exit status when it was `exit`.
    func handle(_ bytes: [UInt8]) -> Int32? {
        let message: JSON
        do { message = try JSON.parse(bytes) } catch {
            writer.send(Self.errorResponse(id: .null, ResponseError(code: -32700, message: "parse error: \(error)")))
            return nil
        }
        guard case .object = message, let method = message["method"]?.string else {
            // A response to a request of ours (showDocument, registerCapability): nothing to do.
            if message["id"] != nil, message["result"] != nil || message["error"] != nil { return nil }
            writer.send(Self.errorResponse(id: message["id"] ?? .null, ResponseError(code: -32600, message: "invalid request: no method")))
            return nil
        }
        let params = message["params"] ?? .null
        guard let id = message["id"] else {
            if method == "exit" { return lock.withLock { shutdownRequested } ? 0 : 1 }
            notify(method, params)
            return nil
        }
        return respond(id: id, method: method, params: params)
    }

    private func respond(id: JSON, method: String, params: JSON) -> Int32? {
        let result: Result<JSON, ResponseError>
        if method != "initialize", lock.withLock({ workspace == nil }) {
            result = .failure(.notInitialized)
        } else if lock.withLock({ shutdownRequested }) {
            result = .failure(ResponseError(code: -32600, message: "the server is shutting down: only `exit` is accepted"))
        } else {
            result = request(method, params)
        }
        switch result {
        case .success(let value): writer.send(["jsonrpc": "2.0", "id": id, "result": value])
        case .failure(let error): writer.send(Self.errorResponse(id: id, error))
        }
        return nil
    }

    static func errorResponse(id: JSON, _ error: ResponseError) -> JSON {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .int(error.code), "message": .string(error.message)]]
    }

    private func request(_ method: String, _ params: JSON) -> Result<JSON, ResponseError> {
        switch method {
        case "initialize": return initialize(params)
        case "shutdown":
            lock.withLock { shutdownRequested = true }
            return .success(.null)
        case "textDocument/codeAction": return codeActions(params)
        case "textDocument/completion": return completion(params)
        case "textDocument/hover": return hover(params)
        case "textDocument/inlayHint": return inlayHints(params)
        case "textDocument/definition": return definition(params)
        case "textDocument/references": return references(params)
        case "textDocument/prepareRename": return prepareRename(params)
        case "textDocument/rename": return rename(params)
        case "textDocument/documentSymbol": return documentSymbols(params)
        case "workspace/symbol": return workspaceSymbols(params)
        case "textDocument/codeLens": return codeLenses(params)
        case "workspace/executeCommand": return executeCommand(params)
        default: return .failure(ResponseError(code: -32601, message: "method not found: \(method)"))
        }
    }

    private func notify(_ method: String, _ params: JSON) {
        guard lock.withLock({ workspace != nil }) else { return }
        switch method {
        case "initialized":
            if lock.withLock({ clientWatchesFiles }) {
                // Every YAML file of the book, and git's HEAD (a checkout changes many at once).
                let watchers: JSON = [["globPattern": "**/*.{yaml,yml}"], ["globPattern": "**/.git/HEAD"]]
                writer.send(["jsonrpc": "2.0", "id": "invoic-watch", "method": "client/registerCapability",
                             "params": ["registrations": [["id": "invoic-watch", "method": "workspace/didChangeWatchedFiles",
                                                           "registerOptions": ["watchers": watchers]]]]])
            }
            scheduleWholeCheck()
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return }
            let path = lock.withLock { () -> String? in
                guard let path = workspace?.path(of: uri) else { return nil }
                workspace?.open[path] = .init(uri: uri, version: item["version"]?.int ?? 0, text: text)
                workspace?.lastActive = path
                return path
            }
            if let path { scheduleCheck(debounced: false, edited: path) }
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, let changes = params["contentChanges"]?.array else { return }
            let changed = lock.withLock { () -> String? in
                guard let path = workspace?.path(of: uri), var document = workspace?.open[path] else { return nil }
                for change in changes {
                    guard let text = change["text"]?.string else { continue }
                    if let start = Position(change["range"]?["start"]), let end = Position(change["range"]?["end"]) {
                        // Incremental sync, for a client that sends ranges although we ask for whole texts.
                        let map = LineMap(document.text, encoding: encoding)
                        let from = map.index(start), to = map.index(end)
                        guard from <= to else { continue }
                        document.text.replaceSubrange(from..<to, with: text)
                    } else {
                        document.text = text
                    }
                }
                document.version = params["textDocument"]?["version"]?.int ?? document.version + 1
                workspace?.open[path] = document
                workspace?.lastActive = path
                return path
            }
            if let changed { scheduleCheck(debounced: true, edited: changed) }
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            let closed = lock.withLock { () -> Bool in
                guard let path = workspace?.path(of: uri) else { return false }
                return workspace?.open.removeValue(forKey: path) != nil
            }
            // The disk's text counts again (an edit closed without saving is gone).
            if closed { scheduleCheck(debounced: false) }
        case "textDocument/didSave", "workspace/didChangeWatchedFiles":
            if let uri = params["textDocument"]?["uri"]?.string {
                lock.withLock { if let path = workspace?.path(of: uri) { workspace?.lastActive = path } }
            }
            scheduleWholeCheck()
        case "workspace/didChangeConfiguration":
            if let hints = params["settings"]?["invoic"]?["inlayHints"]?.bool { lock.withLock { inlayHints = hints } }
        default:
            break  // $/cancelRequest, $/setTrace...: every request is answered at once anyway
        }
    }

    // MARK: - initialize

    private func initialize(_ params: JSON) -> Result<JSON, ResponseError> {
        let folder = params["workspaceFolders"]?[0]?["uri"]?.string ?? params["rootUri"]?.string
        let rootPath = folder.flatMap(Workspace.filePath) ?? params["rootPath"]?.string ?? FileManager.default.currentDirectoryPath
        // Opened on a sub-folder of the book, the book is found above, as the CLI finds it.
        let root = URL(fileURLWithPath: BookLocation.root(containing: rootPath)).standardizedFileURL.path
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string)
        let encoding = PositionEncoding.negotiate(offered)
        lock.withLock {
            workspace = Workspace(root: root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root)
            self.encoding = encoding
            clientWatchesFiles = params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool == true
            if let hints = params["initializationOptions"]?["inlayHints"]?.bool { inlayHints = hints }
        }
        let capabilities: JSON = [
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": ["openClose": true, "change": 1, "save": ["includeText": false]],
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
            "completionProvider": ["triggerCharacters": [":", " ", "-"]],
            "hoverProvider": true,
            "inlayHintProvider": true,
            "definitionProvider": true,
            "referencesProvider": true,
            "renameProvider": ["prepareProvider": true],
            "documentSymbolProvider": true,
            "workspaceSymbolProvider": true,
            "codeLensProvider": ["resolveProvider": false],
            "executeCommandProvider": ["commands": [.string(Self.previewCommand)]],
        ]
        return .success(["capabilities": capabilities, "serverInfo": ["name": "invoic"]])
    }

    // MARK: - checking

    /// Checks the book with the editor's open texts after `debounce` (or at once); a newer change
    /// makes this run stale.
    /// - Parameter edited: the open file that changed, checked at its own cost when it is a
    ///   document; nil (a file closed) checks the book's files again.
    func scheduleCheck(debounced: Bool, edited: String? = nil) {
        let ticket = lock.withLock { generation += 1; pending += 1; return generation }
        let run: @Sendable () -> Void = { [self] in
            defer { lock.withLock { pending -= 1 } }
            guard lock.withLock({ generation == ticket }) else { return }  // stale before it started
            checkBook(ticket: ticket, edited: edited)
        }
        if debounced { checking.asyncAfter(deadline: .now() + debounce, execute: run) } else { checking.async(execute: run) }
    }

    func scheduleWholeCheck() {
        let ticket = lock.withLock { generation += 1; pending += 1; return generation }
        checking.async { [self] in
            defer { lock.withLock { pending -= 1 } }
            checkWholeBook(ticket: ticket)
        }
    }

    /// Waits for the checks scheduled so far (tests).
    func waitForChecks() {
        // A debounced run joins the queue only after its delay: drain until none is left.
        while lock.withLock({ pending > 0 }) {
            checking.sync {}
            usleep(1000)
        }
    }

    /// The book's own steps for an edit: the edited document alone when it can be (decode,
    /// price and its own checks, then the cross-document rules), else every file read again.
    private func checkBook(ticket: Int, edited: String?) {
        guard let workspace = lock.withLock({ workspace }) else { return }
        let engine = self.engine ?? IncrementalBook(root: workspace.root)
        self.engine = engine
        // The snapshot shares the book's storage: let go of it first, or changing one document
        // would copy all of them. A request meanwhile waits for this check (`awaitFirstCheck`).
        lock.withLock { snapshot = nil }
        var checked = edited.flatMap { path in workspace.open[path].flatMap { engine.update(path: path, bytes: Array($0.text.utf8)) } }
        if checked == nil { checked = try? engine.checkAll(overrides: workspace.overrides) }
        guard let checked else {
            publishNoBook(workspace)
            return
        }
        let extra = lock.withLock { wholeBookOnly }
        let diagnostics = (checked.diagnostics + RecurringInvoicesAreWritten.diagnostics(checked.book, today: today) + extra).sorted()
        finish(ticket: ticket, Snapshot(book: checked.book, diagnostics: diagnostics), workspace: workspace, everything: false)
    }

    /// What `invoic check` runs: the pipeline from disk (history when the book keeps it, the
    /// template and fonts), with the editor's unsaved texts in place of the disk's.
    private func checkWholeBook(ticket: Int) {
        guard let workspace = lock.withLock({ workspace }) else { return }
        let engine = self.engine ?? IncrementalBook(root: workspace.root)
        self.engine = engine
        // The pipeline's book goes at the end of this closure: only its findings are kept.
        guard let (pipeline, resolved) = { () -> ([Diagnostic], Bool)? in
            guard let whole = try? BookPipeline(root: workspace.root, history: .whenKept).check(upTo: .assets) else { return nil }
            return (whole.diagnostics, whole.renderer != nil)
        }() else {
            publishNoBook(workspace)
            return
        }
        lock.withLock { snapshot = nil }
        guard var checked = try? engine.checkAll() else {
            publishNoBook(workspace)
            return
        }
        // What the pipeline adds to the book's own checks: kept while typing until the next save.
        let bookOwn = Set(checked.diagnostics)
        let extra = pipeline.filter { !bookOwn.contains($0) }
        let overrides = workspace.overrides
        let unsaved = overrides.contains { path, bytes in (try? Data(contentsOf: URL(fileURLWithPath: workspace.absolute(path)))).map(Array.init) != bytes }
        if unsaved, let edited = try? engine.checkAll(overrides: overrides) { checked = edited }
        let diagnostics = checked.diagnostics + RecurringInvoicesAreWritten.diagnostics(checked.book, today: today) + extra
        let previews = lock.withLock { () -> Set<String> in
            wholeBookOnly = extra
            assetsResolve = resolved
            return previewed
        }
        finish(ticket: ticket, Snapshot(book: checked.book, diagnostics: diagnostics.sorted()), workspace: workspace, everything: true)
        // Open previews follow the saved book.
        for number in previews.sorted() { _ = writePreview(number) }
    }

    private func finish(ticket: Int, _ next: Snapshot, workspace: Workspace, everything: Bool) {
        // A stale result is still a whole checked book, newer than any before it: requests read
        // it until the newer check finishes; only its diagnostics are not sent.
        let stale = lock.withLock { () -> Bool in
            snapshot = next
            return generation != ticket
        }
        if !stale { publish(next.diagnostics, workspace: workspace, everything: everything) }
    }

    private func publishNoBook(_ workspace: Workspace) {
        let diagnostic = Diagnostic.error(.init("no-book"), "no \(BookSettings.fileName) in \(workspace.root): this is not an invoic book",
                                          file: BookSettings.fileName, help: "run `invoic init` to start one, or open the book's folder")
        publish([diagnostic], workspace: workspace, everything: true)
    }

    /// Sends the diagnostics of each file whose findings changed since they were last sent (of
    /// every file, after a whole check), an empty list to each file that had some and has none
    /// now, and each open document's list for a version it was not told of yet.
    private func publish(_ diagnostics: [Diagnostic], workspace: Workspace, everything: Bool) {
        let byFile = Dictionary(grouping: diagnostics) { $0.file ?? BookSettings.fileName }
        let encoding = lock.withLock { self.encoding }
        let (previous, versions) = lock.withLock { () -> ([String: [Diagnostic]], [String: Int]) in
            defer {
                published = byFile
                publishedVersions = workspace.open.mapValues(\.version)
            }
            return (published, publishedVersions)
        }
        let files = Set(byFile.keys).union(previous.keys).union(workspace.open.keys)
        for file in files.sorted() {
            let found = byFile[file] ?? []
            let version = workspace.open[file]?.version
            // After an edit, unchanged findings of a file whose version the editor knows need no message.
            guard everything || found != previous[file] ?? [] || (version != nil && version != versions[file]) else { continue }
            let map = LineMap(workspace.text(of: file) ?? "", encoding: encoding)
            var members: [String: JSON] = ["uri": .string(workspace.uri(of: file)), "diagnostics": .array(found.map { Self.lspDiagnostic($0, map: map) })]
            if let version { members["version"] = .int(version) }
            writer.send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": .object(members)])
        }
    }

    /// invoic's diagnostic as the protocol's: the same code, message, label and help as `check`.
    static func lspDiagnostic(_ diagnostic: Diagnostic, map: LineMap) -> JSON {
        // A finding about a whole file points at its first line.
        let range = diagnostic.range ?? SourceRange(line: 1, column: 1, length: max(1, map.line(0).unicodeScalars.count))
        var message = diagnostic.message
        if let label = diagnostic.label { message += " (\(label))" }
        if let help = diagnostic.help { message += "\nhelp: \(help)" }
        for note in diagnostic.notes { message += "\nnote: \(note)" }
        var members: [String: JSON] = [
            "range": map.range(range),
            "severity": .int(diagnostic.severity == .error ? 1 : 2),
            "code": .string(diagnostic.code.name),
            "source": "invoic",
            "message": .string(message),
        ]
        if let replacement = diagnostic.replacement { members["data"] = ["replacement": .string(replacement)] }
        return .object(members)
    }

    // MARK: - helpers for the features

    struct Context {
        var workspace: Workspace
        var path: String
        var map: LineMap
        var snapshot: Snapshot?
        var encoding: PositionEncoding
    }

    /// The document a request is about: its path, text and the last checked book.
    func context(_ params: JSON) -> Result<Context, ResponseError> {
        guard let uri = params["textDocument"]?["uri"]?.string else { return .failure(.invalidParams("no textDocument.uri")) }
        awaitFirstCheck()
        return lock.withLock { () -> Result<Context, ResponseError> in
            guard let workspace else { return .failure(.notInitialized) }
            guard let path = workspace.path(of: uri) else { return .failure(.invalidParams("\(uri) is not a file of the book in \(workspace.root)")) }
            let text = workspace.text(of: path) ?? ""
            return .success(Context(workspace: workspace, path: path, map: LineMap(text, encoding: encoding), snapshot: snapshot, encoding: encoding))
        }
    }

    /// A request that comes before the first check finished waits for it: an answer from no
    /// book at all would be wrong, and the first check takes a moment. A check lets go of the
    /// snapshot while it changes the book (see `checkBook`): a request then waits for that check
    /// only, not for the changes still being typed.
    func awaitFirstCheck() {
        while lock.withLock({ snapshot == nil && workspace != nil && pending > 0 }) {
            checking.sync {}
            if lock.withLock({ snapshot == nil && pending > 0 }) { usleep(1000) }
        }
    }

    var assetsResolved: Bool { lock.withLock { assetsResolve } }
    func notePreviewed(_ number: String) { lock.withLock { _ = previewed.insert(number) } }
    var inlayHintsEnabled: Bool { lock.withLock { inlayHints } }
}
