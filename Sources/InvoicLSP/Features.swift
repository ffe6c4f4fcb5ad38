import Foundation
import InvoicBook
import InvoicBuild
import InvoicDiagnostics
import InvoicMoney
import InvoicPDF
import InvoicAuthoring

/// The requests an editor makes about the text under the cursor: quick fixes, completion, hover,
/// inlay hints, navigation, rename, symbols, and the PDF preview. Each reads the last checked book;
/// none checks or prices anything itself.
extension LanguageServer {
    static let previewCommand = "invoic.preview"

    // MARK: - quick fixes

    func codeActions(_ params: JSON) -> Result<JSON, ResponseError> {
        context(params).map { context in
            let uri = context.workspace.uri(of: context.path)
            var actions: [JSON] = []
            for diagnostic in params["context"]?["diagnostics"]?.array ?? [] where diagnostic["source"]?.string == "invoic" {
                guard let range = diagnostic["range"], let start = Position(range["start"]), let end = Position(range["end"]) else { continue }
                if let replacement = diagnostic["data"]?["replacement"]?.string {
                    let edit: JSON = ["changes": [uri: [["range": range, "newText": .string(replacement)]]]]
                    actions.append(["title": .string("Replace with \(replacement)"), "kind": "quickfix", "diagnostics": [diagnostic],
                                    "isPreferred": true, "edit": edit])
                }
                if diagnostic["code"]?.string == "unknown-client" {
                    // The id as written (a quoted scalar's quotes are not part of it).
                    let id = Self.text(in: context.map, from: start, to: end).trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
                    guard !id.isEmpty, !id.contains("/"), !id.hasPrefix(".") else { continue }
                    let fileURI = context.workspace.uri(of: "clients/\(id).yaml")
                    let edit: JSON = ["documentChanges": [
                        ["kind": "create", "uri": .string(fileURI), "options": ["ignoreIfExists": true]],
                        ["textDocument": ["uri": .string(fileURI), "version": .null],
                         "edits": [["range": ["start": Position(line: 0, character: 0).json, "end": Position(line: 0, character: 0).json],
                                    "newText": .string(Self.newClientText(id))]]],
                    ]]
                    actions.append(["title": .string("Create clients/\(id).yaml"), "kind": "quickfix", "diagnostics": [diagnostic], "edit": edit])
                }
                if let code = diagnostic["code"]?.string, let book = context.snapshot?.book, let document = document(context),
                   let number = Self.freeNumber(for: document, code: code, in: book) {
                    let title = code == DiagnosticCode.numberingGap.name ? "Number this document \(number) (closes the gap)" : "Take the next free number, \(number)"
                    actions.append(["title": .string(title), "kind": "quickfix", "diagnostics": [diagnostic], "isPreferred": true,
                                    "edit": Self.renumbering(document, to: number, workspace: context.workspace, map: context.map)])
                }
            }
            let einvoice = (params["context"]?["diagnostics"]?.array ?? []).filter { $0["source"]?.string == "invoic" && Self.missingKeys[$0["code"]?.string ?? ""] != nil }
            let placeholders = placeholderEdits(einvoice, context: context)
            if !placeholders.isEmpty {
                var changes: [String: JSON] = [:]
                for (file, edits) in placeholders { changes[context.workspace.uri(of: file)] = .array(edits) }
                actions.append(["title": "Add the keys the e-invoice needs, as placeholders (TODO)", "kind": "quickfix",
                                "diagnostics": .array(einvoice), "edit": ["changes": .object(changes)]])
            }
            return .array(actions)
        }
    }

    /// A new client's file: the one key the book requires, and the usual ones as comments.
    static func newClientText(_ id: String) -> String {
        """
        name: \(YAMLText.scalar(id))
        # email:
        # address: |
        #   Street 1
        #   12345 City
        # country: DE
        # vat_number:

        """
    }

    static func text(in map: LineMap, from start: Position, to end: Position) -> String {
        let from = map.index(start), to = map.index(end)
        return from <= to ? String(map.text[from..<to]) : ""
    }

    // MARK: - completion

    /// What the cursor's line says: the key path above it (by indentation), and either a key
    /// being typed or the key whose value is being typed.
    struct LineContext {
        var path: [String]
        var key: String?
        var typed: String
    }

    static func lineContext(_ map: LineMap, at position: Position) -> LineContext {
        let line = map.line(position.line)
        let cursor = min(max(map.index(position), line.startIndex), line.endIndex)
        let prefix = String(line[..<cursor])
        let (indent, rest) = keyIndent(prefix)
        var path: [String] = []
        var limit = indent
        var number = position.line - 1
        while number >= 0, limit > 0 {
            let text = String(map.line(number))
            number -= 1
            guard let key = keyName(text), !text.trimmingCharacters(in: .whitespaces).hasPrefix("#") else { continue }
            let (keyIndent, _) = keyIndent(text)
            if keyIndent < limit {
                path.insert(key, at: 0)
                limit = keyIndent
            }
        }
        if let colon = rest.firstIndex(of: ":") {
            let key = String(rest[..<colon])
            let typed = rest[rest.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            return LineContext(path: path, key: key, typed: typed)
        }
        return LineContext(path: path, key: nil, typed: rest)
    }

    /// Where a line's key starts (past a list's `- `), and the text from there.
    static func keyIndent(_ line: String) -> (Int, String) {
        var indent = 0
        var rest = Substring(line)
        while let first = rest.first, first == " " || first == "-" {
            if first == "-", rest.dropFirst().first.map({ $0 != " " }) ?? false { break }
            indent += 1
            rest = rest.dropFirst()
        }
        return (indent, String(rest))
    }

    static func keyName(_ line: String) -> String? {
        let (_, rest) = keyIndent(line)
        guard let colon = rest.firstIndex(of: ":") else { return nil }
        let key = rest[..<colon]
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(key)
    }

    func completion(_ params: JSON) -> Result<JSON, ResponseError> {
        context(params).flatMap { context in
            guard let position = Position(params["position"]) else { return .failure(.invalidParams("no position")) }
            guard let kind = BookFileDecoder.Kind(path: context.path) else { return .success(.array([])) }
            let line = Self.lineContext(context.map, at: position)
            var items: [JSON] = []
            func item(_ label: String, _ detail: String?, kind: Int, insert: String? = nil, documentation: String? = nil) {
                var members: [String: JSON] = ["label": .string(label), "kind": .int(kind)]
                if let detail { members["detail"] = .string(detail) }
                if let insert { members["insertText"] = .string(insert) }
                if let documentation { members["documentation"] = ["kind": "markdown", "value": .string(documentation)] }
                items.append(.object(members))
            }
            let table = Schema.table(for: kind, at: line.path)
            guard let key = line.key else {
                // A key: every key the schema allows here, with its documentation.
                for spec in table?.keys ?? [] where spec.name.hasPrefix(line.typed) {
                    item(spec.name, spec.required ? "required" : nil, kind: 10, insert: spec.name + ": ", documentation: spec.help)
                }
                return .success(.array(items))
            }
            let book = context.snapshot?.book
            switch (key, table?[key]?.type) {
            case ("client", _):
                for (id, client) in (book?.clients ?? [:]).sorted(by: { $0.key < $1.key }) { item(id, client.contact.name, kind: 12) }
            case ("corrects", _):
                for invoice in book.map({ Array($0.invoices) }) ?? [] { item(invoice.number, invoice.client.value, kind: 12) }
            case ("from_estimate", _):
                for estimate in book.map({ Array($0.estimates) }) ?? [] { item(estimate.number, estimate.client.value, kind: 12) }
            case ("unit", _), ("unit_code", _):
                for (unit, code) in UnitCode.known.sorted(by: { $0.key < $1.key }) { item(unit, "UN/ECE Rec 20: \(code)", kind: 12) }
            case ("method", _):
                for method in PaymentMethod.known { item(method.rawValue, nil, kind: 12) }
            case ("country", _):
                for region in Locale.Region.isoRegions where region.identifier.count == 2 {
                    item(region.identifier, Locale(identifier: "en_US").localizedString(forRegionCode: region.identifier), kind: 12)
                }
            case (_, .currency?):
                for currency in Currency.all { item(currency.code, Locale(identifier: "en_US").localizedString(forCurrencyCode: currency.code), kind: 12) }
            case (_, .locale?):
                for identifier in LocaleCatalog.identifiers where identifier.contains("_") { item(identifier, nil, kind: 12) }
            case (_, .tax?):
                for category in TaxCategory.allCases { if let word = category.word { item(word, "tax category \(category.rawValue)", kind: 12) } }
                // The rates the book already uses, most used first.
                var used: [String: Int] = [:]
                for document in book?.documents ?? [] { for line in document.figures?.lines ?? [] where line.tax.category == .standard { used["\(line.rate)", default: 0] += 1 } }
                for (rate, _) in used.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) { item(rate, "a rate used in this book", kind: 12) }
            case (_, .oneOf(let choices)?):
                for choice in choices { item(choice, nil, kind: 12) }
            case (_, .flag?):
                item("true", nil, kind: 12)
                item("false", nil, kind: 12)
            default:
                break
            }
            return .success(.array(items))
        }
    }

    // MARK: - hover and inlay hints

    /// The document of the request's file in the last checked book.
    func document(_ context: Context) -> Document? {
        context.snapshot?.book.documents.first { $0.file == context.path }
    }

    func hover(_ params: JSON) -> Result<JSON, ResponseError> {
        context(params).flatMap { context in
            guard let position = Position(params["position"]) else { return .failure(.invalidParams("no position")) }
            let location = context.map.location(position)
            guard let book = context.snapshot?.book else { return .success(.null) }
            let lineText = String(context.map.line(position.line))
            let today = self.today
            // A client id, in a document or as the client's own file.
            if Self.keyName(lineText) == "client", let document = document(context), let client = book.clients[document.client.value] {
                return .success(Self.markdown(Self.describe(client, in: book, today: today)))
            }
            if case .client(let id)? = BookFileDecoder.Kind(path: context.path), let client = book.clients[id], position.line == 0 || Self.keyName(lineText) == "name" {
                return .success(Self.markdown(Self.describe(client, in: book, today: today)))
            }
            guard let document = document(context), let figures = document.figures else { return .success(.null) }
            let currency = figures.currency
            func money(_ minor: Int64) -> String { "\(MoneyFormat.plain(minor, currency)) \(currency.code)" }
            // An item line: its amount and the tax of its rate's group.
            if let index = document.items.firstIndex(where: { $0.range.start.line <= location.line && location.line <= max($0.range.start.line, $0.range.end.line - 1) }),
               index < figures.lines.count, Self.keyName(lineText) != "items" {
                let line = figures.lines[index]
                var text = "**\(document.items[index].description)**: net \(money(line.amount))"
                if let group = figures.breakdown.groups.first(where: { $0.taxRate == line.tax }) {
                    text += "\n\ntax \(line.tax): \(money(group.tax)) on the \(money(group.taxable)) of its rate"
                }
                return .success(Self.markdown(text))
            }
            return .success(Self.markdown(Self.summary(document, in: book, today: today)))
        }
    }

    static func markdown(_ text: String) -> JSON { ["contents": ["kind": "markdown", "value": .string(text)]] }

    /// Subtotal, tax per rate, total, and (for an invoice) what its account says: paid, credited, open.
    static func summary(_ document: Document, in book: Book, today: Day) -> String {
        guard let figures = document.figures else { return "**\(document.number)**" }
        let currency = figures.currency
        func money(_ minor: Int64) -> String { "\(MoneyFormat.plain(minor, currency)) \(currency.code)" }
        var rows = ["**\(document.kind.name) \(document.number)** (\(book.status(of: document, today: today).rawValue))", "",
                    "| | |", "|---|---:|", "| subtotal | \(money(figures.breakdown.subtotal)) |"]
        if figures.breakdown.discount != 0 { rows.append("| discount | \(money(-figures.breakdown.discount)) |") }
        for group in figures.breakdown.groups {
            rows.append("| tax \(group.taxRate) on \(money(group.taxable)) | \(money(group.tax)) |")
        }
        rows.append("| **total** | **\(money(figures.total))** |")
        if let account = book.account(of: document, through: today) {
            rows.append("| paid | \(money(account.paid)) |")
            if account.credited != 0 { rows.append("| credited | \(money(account.credited)) |") }
            rows.append("| **open** | **\(money(account.balance))** |")
        }
        return rows.joined(separator: "\n")
    }

    static func describe(_ client: Client, in book: Book, today: Day) -> String {
        var text = "**\(client.contact.name)** (`clients/\(client.id).yaml`)"
        // What the client owes: the open balance of each of its invoices, by currency.
        var open: [Currency: Int64] = [:]
        var count = 0
        for invoice in book.invoices where invoice.client.value == client.id {
            count += 1
            guard let account = book.account(of: invoice, through: today), !account.isVoid else { continue }
            open[account.currency, default: 0] += account.balance
        }
        text += "\n\n\(count) invoice\(count == 1 ? "" : "s")"
        let owed = open.filter { $0.value != 0 }.sorted { $0.key.code < $1.key.code }
        text += owed.isEmpty ? ", nothing open" : "; open: " + owed.map { "\(MoneyFormat.plain($0.value, $0.key)) \($0.key.code)" }.joined(separator: ", ")
        return text
    }

    func inlayHints(_ params: JSON) -> Result<JSON, ResponseError> {
        context(params).map { context in
            guard inlayHintsEnabled, let document = document(context), let figures = document.figures else { return .array([]) }
            var hints: [JSON] = []
            for (item, line) in zip(document.items, figures.lines) {
                let number = item.range.start.line - 1
                let end = context.map.characters(in: context.map.line(number))
                hints.append(["position": Position(line: number, character: end).json, "kind": 1, "paddingLeft": true,
                              "label": .string("= \(MoneyFormat.plain(line.amount, figures.currency)) \(figures.currency.code)")])
            }
            return .array(hints)
        }
    }

    // MARK: - navigation

    /// The reference on the cursor's line: `client:`, `corrects:` or `from_estimate:`, and the file it names.
    func reference(_ context: Context, _ position: Position) -> (key: String, value: String, file: String)? {
        let line = String(context.map.line(position.line))
        guard let key = Self.keyName(line), let book = context.snapshot?.book, let colon = line.firstIndex(of: ":") else { return nil }
        let value = line[line.index(after: colon)...].split(separator: "#").first.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"' ")) } ?? ""
        switch key {
        case "client": return book.clients[value].map { (key, value, $0.file) }
        case "corrects", "from_estimate": return book.document(value).map { (key, value, $0.file) }
        default: return nil
        }
    }

    func definition(_ params: JSON) -> Result<JSON, ResponseError> {
        context(params).flatMap { context in
            guard let position = Position(params["position"]) else { return .failure(.invalidParams("no position")) }
            guard let target = reference(context, position) else { return .success(.null) }
            let start = Position(line: 0, character: 0).json
            return .success(["uri": .string(context.workspace.uri(of: target.file)), "range": ["start": start, "end": start]])
        }
    }

    /// The client id the cursor is on: a document's `client:` value, or the client's own file.
    func clientID(_ context: Context, _ position: Position) -> String? {
        if case .client(let id)? = BookFileDecoder.Kind(path: context.path) { return id }
        guard let reference = reference(context, position), reference.key == "client" else { return nil }
        return reference.value
    }

    /// Every place that names the client: each document's (and schedule's) `client:` value.
    func clientReferences(_ id: String, in book: Book) -> [(file: String, range: SourceRange)] {
        (book.documents.map { ($0.file, $0.client) } + book.recurring.compactMap { schedule in schedule.body.map { (schedule.file, $0.client) } })
            .filter { $0.1.value == id }.map { ($0.0, $0.1.range) }
    }

    func references(_ params: JSON) -> Result<JSON, ResponseError> {
        context(params).flatMap { context in
            guard let position = Position(params["position"]) else { return .failure(.invalidParams("no position")) }
            guard let id = clientID(context, position), let book = context.snapshot?.book else { return .success(.null) }
            var locations: [JSON] = clientReferences(id, in: book).map { file, range in
                ["uri": .string(context.workspace.uri(of: file)), "range": lineMap(file, context).range(range)]
            }
            if params["context"]?["includeDeclaration"]?.bool == true, let client = book.clients[id] {
                let start = Position(line: 0, character: 0).json
                locations.insert(["uri": .string(context.workspace.uri(of: client.file)), "range": ["start": start, "end": start]], at: 0)
            }
            return .success(.array(locations))
        }
    }

    func lineMap(_ file: String, _ context: Context) -> LineMap {
        file == context.path ? context.map : LineMap(context.workspace.text(of: file) ?? "", encoding: context.encoding)
    }

    /// Issued documents are immutable (docs/decisions.md): a client named by one keeps its id.
    func renameRefusal(_ id: String, in book: Book) -> String? {
        let issued = book.documents.filter { $0.client.value == id && ($0.sent != nil || $0.accepted != nil || !$0.payments.isEmpty) }.map(\.number)
        guard !issued.isEmpty else { return nil }
        let shown = issued.prefix(5).joined(separator: ", ") + (issued.count > 5 ? " and \(issued.count - 5) more" : "")
        return "client `\(id)` is named by issued documents (\(shown)): an issued document is immutable, so its client keeps its id; "
            + "change the client's `name:` instead, which is printed"
    }

    func prepareRename(_ params: JSON) -> Result<JSON, ResponseError> {
        context(params).flatMap { context in
            guard let position = Position(params["position"]) else { return .failure(.invalidParams("no position")) }
            guard let id = clientID(context, position), let book = context.snapshot?.book, book.clients[id] != nil else {
                return .failure(.failed("only a client id can be renamed: put the cursor on `client:` or open the client's file"))
            }
            if let refusal = renameRefusal(id, in: book) { return .failure(.failed(refusal)) }
            if let document = document(context), document.client.value == id {
                return .success(["range": context.map.range(document.client.range), "placeholder": .string(id)])
            }
            return .success(["defaultBehavior": true])
        }
    }

    func rename(_ params: JSON) -> Result<JSON, ResponseError> {
        context(params).flatMap { context in
            guard let position = Position(params["position"]), let newName = params["newName"]?.string else { return .failure(.invalidParams("no position or newName")) }
            guard let id = clientID(context, position), let book = context.snapshot?.book, let client = book.clients[id] else {
                return .failure(.failed("only a client id can be renamed: put the cursor on `client:` or open the client's file"))
            }
            if let refusal = renameRefusal(id, in: book) { return .failure(.failed(refusal)) }
            guard !newName.isEmpty, newName.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                return .failure(.failed("`\(newName)` cannot be a client id: use letters, digits, - and _ (it names the file clients/<id>.yaml)"))
            }
            guard book.clients[newName] == nil else { return .failure(.failed("client `\(newName)` exists already (clients/\(newName).yaml)")) }
            var changes: [JSON] = []
            for (file, references) in Dictionary(grouping: clientReferences(id, in: book), by: \.file).sorted(by: { $0.key < $1.key }) {
                let map = lineMap(file, context)
                let version: JSON = context.workspace.open[file].map { .int($0.version) } ?? .null
                changes.append(["textDocument": ["uri": .string(context.workspace.uri(of: file)), "version": version],
                                "edits": .array(references.map { ["range": map.range($0.range), "newText": .string(newName)] })])
            }
            let newFile = (client.file as NSString).deletingLastPathComponent + "/\(newName).yaml"
            changes.append(["kind": "rename", "oldUri": .string(context.workspace.uri(of: client.file)), "newUri": .string(context.workspace.uri(of: newFile))])
            return .success(["documentChanges": .array(changes)])
        }
    }

    // MARK: - symbols

    func documentSymbols(_ params: JSON) -> Result<JSON, ResponseError> {
        context(params).map { context in
            guard let document = document(context) else { return .array([]) }
            var symbols: [JSON] = []
            func symbol(_ name: String, _ detail: String?, kind: Int, _ range: SourceRange) {
                let lspRange = context.map.range(range)
                var members: [String: JSON] = ["name": .string(name.isEmpty ? "(no description)" : name), "kind": .int(kind),
                                               "range": lspRange, "selectionRange": lspRange]
                if let detail { members["detail"] = .string(detail) }
                symbols.append(.object(members))
            }
            let currency = document.figures?.currency
            for (index, item) in document.items.enumerated() {
                let amount = document.figures.flatMap { index < $0.lines.count ? $0.lines[index].amount : nil }
                symbol(item.description, amount.map { "\(MoneyFormat.plain($0, currency!)) \(currency!.code)" }, kind: 8, item.range)
            }
            for payment in document.payments {
                symbol("payment \(payment.date.value)", "\(payment.amount.value) \(payment.method.rawValue)", kind: 24, payment.range)
            }
            return .array(symbols)
        }
    }

    func workspaceSymbols(_ params: JSON) -> Result<JSON, ResponseError> {
        let query = (params["query"]?.string ?? "").lowercased()
        awaitFirstCheck()
        guard let (workspace, book) = lock.withLock({ () -> (Workspace, Book)? in
            guard let workspace, let book = snapshot?.book else { return nil }
            return (workspace, book)
        }) else { return .success(.array([])) }
        var symbols: [JSON] = []
        for document in book.documents {
            let clientName = book.clients[document.client.value]?.contact.name ?? document.client.value
            guard query.isEmpty || document.number.lowercased().contains(query) || document.client.value.lowercased().contains(query)
                || clientName.lowercased().contains(query) else { continue }
            let start = Position(line: 0, character: 0).json
            symbols.append(["name": .string(document.number), "kind": 1, "containerName": .string("\(document.kind.name) · \(clientName)"),
                            "location": ["uri": .string(workspace.uri(of: document.file)), "range": ["start": start, "end": start]]])
            if symbols.count == 1000 { break }
        }
        return .success(.array(symbols))
    }

    // MARK: - preview

    func codeLenses(_ params: JSON) -> Result<JSON, ResponseError> {
        context(params).map { context in
            guard let document = document(context) else { return .array([]) }
            let start = Position(line: 0, character: 0).json
            return [["range": ["start": start, "end": start],
                     "command": ["title": .string("Preview \(document.number) (PDF)"), "command": .string(Self.previewCommand),
                                 "arguments": [.string(context.workspace.uri(of: document.file))]]]]
        }
    }

    func executeCommand(_ params: JSON) -> Result<JSON, ResponseError> {
        guard params["command"]?.string == Self.previewCommand else {
            return .failure(.invalidParams("unknown command \(params["command"]?.string ?? "(none)"); invoic has \(Self.previewCommand)"))
        }
        // No argument (Helix cannot pass one): the document the editor touched last.
        let uri = params["arguments"]?[0]?.string
        awaitFirstCheck()
        let found = lock.withLock { () -> Document? in
            guard let workspace, let book = snapshot?.book else { return nil }
            let path = uri.flatMap(workspace.path(of:)) ?? workspace.lastActive
            return path.flatMap { path in book.documents.first { $0.file == path } }
        }
        guard let document = found else {
            return .failure(.failed("no document to preview: open an invoice, estimate or credit note, or pass its URI"))
        }
        return writePreview(document.number).map { uri in
            writer.send(["jsonrpc": "2.0", "id": .string("invoic-preview-\(document.number)"), "method": "window/showDocument",
                         "params": ["uri": .string(uri), "external": true]])
            notePreviewed(document.number)
            return .string(uri)
        }
    }

    /// Renders the document as it was last saved and checked to build/, and returns its URI.
    func writePreview(_ number: String) -> Result<String, ResponseError> {
        guard assetsResolved, let (workspace, book, diagnostics) = lock.withLock({ () -> (Workspace, Book, [Diagnostic])? in
            guard let workspace, let snapshot else { return nil }
            return (workspace, snapshot.book, snapshot.diagnostics)
        }), let document = book.document(number) else {
            return .failure(.failed("the book has not been checked whole yet, or its template or fonts do not resolve: save a file, see the diagnostics"))
        }
        let files = [document.file, BookSettings.fileName, book.clients[document.client.value]?.file].compactMap { $0 }
        guard document.figures != nil, !diagnostics.contains(where: { $0.severity == .error && files.contains($0.file ?? BookSettings.fileName) }) else {
            return .failure(.failed("\(number) has errors in its file, its client's or invoic.yaml: fix them to preview it"))
        }
        // Built for this preview from the checked book: kept, it would hold a copy of the book.
        let renderer: PDFRenderer
        do { renderer = try PDFRenderer(book: book) } catch {
            return .failure(.failed("the template or its fonts do not resolve: \(error)"))
        }
        let rendered = FacturXPDF.isAsked(for: document, in: book)
            ? FacturXPDF.render(document, with: renderer, book: book)
            : renderer.render(document).mapError { RenderFailure($0.diagnostics) }
        switch rendered {
        case .failure(let failure):
            return .failure(.failed(failure.diagnostics.first?.message ?? "\(number) could not be rendered"))
        case .success(let bytes):
            let folder = OutputFolder(path: workspace.root + "/build")
            do {
                try folder.create()
                let name = book.pdfFileName(for: document)
                try folder.write(bytes, to: name, durable: false)
                return .success(Workspace.fileURI(folder.url(name)))
            } catch {
                return .failure(.failed("the preview could not be written to build/: \(error)"))
            }
        }
    }
}

