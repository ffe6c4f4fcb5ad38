import Foundation
import Hummingbird
import InvoicAuthoring
import InvoicBook
import InvoicDiagnostics
import InvoicMoney
import InvoicPDF
import Mustache

/// The form of a new invoice or estimate, and of a draft: GET shows it, POST re-renders it
/// (`op=add`, `op=remove-N`, `op=preview`) or saves it (`op=save`) through the authoring engine.
extension BookServer {
    static let formTemplates: MustacheLibrary = {
        var library = MustacheLibrary()
        try! library.register(FormTemplates.documentForm, named: "documentForm")
        try! library.register(FormTemplates.source, named: "source")
        try! library.register(FormTemplates.immutable, named: "immutable")
        return library
    }()

    /// A form template with `w`, the words of the book's language, as every page of the app has them.
    func renderForm(_ name: String, _ values: [String: Any]) -> String {
        Self.formTemplates.render(values.merging(["w": live.snapshot.wordTable]) { a, _ in a }, withTemplate: name) ?? ""
    }

    /// Registered by ``application()``.
    func addFormRoutes(_ router: Router<BasicRequestContext>) {
        router.get("/assets/form.css") { _, _ in Self.page(FormTemplates.stylesheet, type: "text/css; charset=utf-8") }
        router.get("/assets/form.js") { _, _ in Self.page(FormTemplates.script, type: "text/javascript; charset=utf-8") }
        router.get("/new/:kind") { _, context in
            guard let kind = Self.formKind(context) else { return self.notFound("No such kind of document") }
            return self.showNewForm(kind)
        }
        router.post("/new/:kind") { request, context in
            guard let kind = Self.formKind(context) else { return self.notFound("No such kind of document") }
            return try await self.postForm(kind: kind, draftOf: nil, request)
        }
        router.get("/edit/:number") { _, context in
            guard let number = Self.pathValue(context, "number") else { return Self.badPath() }
            return self.showEditForm(number)
        }
        router.post("/edit/:number") { request, context in
            guard let number = Self.pathValue(context, "number") else { return Self.badPath() }
            guard let document = self.live.snapshot.book.document(number) else { return self.notFound(self.live.snapshot.words.format("no_document", ["number": number])) }
            return try await self.postForm(kind: document.kind, draftOf: number, request)
        }
        router.get("/preview/:file") { _, context in
            let file = context.parameters.get("file") ?? ""
            guard file.hasSuffix(".pdf"), let bytes = self.previews[String(file.dropLast(4))] else { return self.notFound("This preview is gone: press Preview again") }
            return Self.pdfResponse(bytes)
        }
        router.get("/source") { request, _ in self.showSource(request) }
        router.post("/source") { request, _ in try await self.saveSource(request) }
    }

    static func formKind(_ context: some RequestContext) -> DocumentKind? {
        switch context.parameters.get("kind") ?? "" {
        case "invoice": .invoice
        case "estimate": .estimate
        default: nil
        }
    }

    /// A draft: never sent, no payment, not voided, accepted or declined; an invoice or estimate.
    static func isDraft(_ document: Document) -> Bool {
        document.kind != .creditNote && document.sent == nil && document.payments.isEmpty && document.void == nil
            && document.accepted == nil && document.declined == nil && document.reminders.isEmpty
    }

    /// The form's values as typed: each field by name, and the lines.
    struct FormState {
        struct Line { var description = "", quantity = "1", unit = "", price = "", tax = "" }
        var client = "", newClientID = "", newClientName = "", newClientEmail = ""
        var issued = "", due = "", discount = "", notes = "", buyerReference = "", order = ""
        var lines: [Line] = [Line()]
    }

    func defaultTax(for clientID: String?, _ book: Book) -> String {
        (clientID.flatMap { book.clients[$0]?.tax?.value } ?? book.settings.defaults.tax?.value).map { "\($0)" } ?? ""
    }

    func showNewForm(_ kind: DocumentKind) -> Response {
        guard !options.readOnly else { return notFound("This server is read-only (--read-only)") }
        let book = live.snapshot.book
        var state = FormState()
        let first = book.clients.values.filter { $0.archived == nil }.sorted { $0.contact.name < $1.contact.name }.first
        state.client = first?.id ?? ""
        state.issued = live.snapshot.today.description
        return formPage(kind: kind, number: nil, state: state)
    }

    func showEditForm(_ number: String) -> Response {
        let book = live.snapshot.book
        guard let document = book.document(number) else { return notFound(live.snapshot.words.format("no_document", ["number": number])) }
        guard !options.readOnly else { return notFound("This server is read-only (--read-only)") }
        guard Self.isDraft(document) else {
            return layout(number, renderForm("immutable", ["number": number]), status: .conflict)
        }
        var state = FormState()
        state.client = document.client.value
        state.issued = document.issued.value.description
        state.due = document.due?.value.description ?? ""
        switch document.discount?.value {
        case .percentage(let rate)?: state.discount = "\(rate)"
        case .amount(let amount)?: state.discount = "\(amount)"
        case nil: break
        }
        state.notes = document.notes ?? ""
        state.buyerReference = document.buyerReference?.value ?? ""
        state.order = document.order?.value ?? ""
        // Quantities and prices as the book's locale writes them (`2,5`, `1.234,50`): the form reads them back.
        let locale = live.snapshot.report.locale
        state.lines = document.items.map {
            FormState.Line(description: $0.description, quantity: $0.quantity.map { MoneyFormat.number($0.value, locale: locale) } ?? "1", unit: $0.unit ?? "",
                           price: MoneyFormat.number($0.price.value, locale: locale), tax: $0.tax.map { "\($0.value)" } ?? "")
        }
        if state.lines.isEmpty { state.lines = [FormState.Line()] }
        return formPage(kind: document.kind, number: number, state: state)
    }

    /// The page of the form, with the errors at their fields and the figures of a preview.
    func formPage(kind: DocumentKind, number: String?, state: FormState, errors: [String: [String]] = [:], general: [String] = [],
                  totals: [[String: String]]? = nil, preview: String? = nil, status: HTTPResponse.Status = .ok) -> Response {
        let book = live.snapshot.book
        let words = live.snapshot.words
        func field(_ name: String, _ value: String) -> [String: Any] {
            ["name": name, "value": value, "errors": errors[name] ?? [], "invalid": errors[name] != nil]
        }
        let clients = book.clients.values.filter { $0.archived == nil || $0.id == state.client }.sorted { $0.contact.name < $1.contact.name }
            .map { ["id": $0.id, "name": $0.contact.name, "selected": $0.id == state.client] as [String: Any] }
        let lines = state.lines.enumerated().map { index, line -> [String: Any] in
            let n = index + 1
            return ["n": n, "description": field("description.\(n)", line.description), "quantity": field("quantity.\(n)", line.quantity),
                    "unit": field("unit.\(n)", line.unit), "price": field("price.\(n)", line.price), "tax": field("tax.\(n)", line.tax),
                    "removable": state.lines.count > 1]
        }
        let title = number.map { "\(words["edit_draft"]) \($0)" } ?? words[kind == .invoice ? "new_invoice" : "new_estimate"]
        let content = renderForm("documentForm", [
            "title": title, "action": number.map { "/edit/" + Self.segment($0) } ?? "/new/\(kind.rawValue)", "csrf": csrfToken,
            "number": Self.either(number), "clients": clients, "newClientSelected": state.client == "+new",
            "client": field("client", state.client), "newClientID": field("new_client_id", state.newClientID),
            "newClientName": field("new_client_name", state.newClientName), "newClientEmail": field("new_client_email", state.newClientEmail),
            "issued": field("issued", state.issued), "due": field("due", state.due), "dueLabel": words[kind == .invoice ? "form_due_invoice" : "form_due_estimate"],
            "discount": field("discount", state.discount), "notes": field("notes", state.notes),
            "buyerReference": field("buyer_reference", state.buyerReference), "order": field("order", state.order), "lines": lines, "count": state.lines.count,
            "defaultTax": defaultTax(for: state.client, book),
            "hasErrors": !errors.isEmpty || !general.isEmpty, "general": general, "totals": Self.either(totals.flatMap { $0.isEmpty ? nil : ["rows": $0] }),
            "preview": Self.either(preview),
        ])
        return layout(title, content, status: status, reloads: false)
    }

    static func segment(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? value
    }

    /// The most lines a form takes.
    static let maxLines = 200

    func postForm(kind: DocumentKind, draftOf number: String?, _ request: Request) async throws -> Response {
        let words = live.snapshot.words
        var form = try await Self.form(request, words: words)
        // A description is typed in a textarea (it wraps, so a long one is read whole): a line
        // break there, which a browser sends as CRLF, is a space of the one-line description.
        for name in form.fields.keys where name.hasPrefix("description.") {
            form.fields[name] = form.fields[name]?.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
        }
        let count = min(max(Int(form["lines"] ?? "1") ?? 1, 1), Self.maxLines)
        var allowed: Set<String> = ["op", "lines", "client", "new_client_id", "new_client_name", "new_client_email", "issued", "due", "discount", "notes", "buyer_reference", "order"]
        for n in 1...count { for name in ["description", "quantity", "unit", "price", "tax"] { allowed.insert("\(name).\(n)") } }
        form.expect(allowed, required: ["op"])
        let back = number.map { "/edit/" + Self.segment($0) } ?? "/new/\(kind.rawValue)"
        guard form["csrf"] == csrfToken else {
            return refused(live.snapshot.words["form_err_session"], back: back, status: .forbidden)
        }
        guard form.problems.isEmpty else {
            return refused(words["form_invalid"], text: form.problems.joined(separator: "\n"), back: back)
        }
        if let number {
            guard let document = live.snapshot.book.document(number), Self.isDraft(document) else {
                return layout(number, renderForm("immutable", ["number": number]), status: .conflict)
            }
        }
        func value(_ name: String) -> String { (form[name] ?? "").trimmingCharacters(in: .whitespaces) }
        var state = FormState(client: value("client"), newClientID: value("new_client_id"), newClientName: value("new_client_name"),
                              newClientEmail: value("new_client_email"), issued: value("issued"), due: value("due"),
                              discount: value("discount"), notes: value("notes"), buyerReference: value("buyer_reference"),
                              order: value("order"), lines: [])
        for n in 1...count {
            state.lines.append(FormState.Line(description: value("description.\(n)"), quantity: value("quantity.\(n)"), unit: value("unit.\(n)"),
                                              price: value("price.\(n)"), tax: value("tax.\(n)")))
        }
        let op = value("op")
        if op == "add" {
            state.lines.append(FormState.Line())
            return formPage(kind: kind, number: number, state: state)
        }
        if op.hasPrefix("remove-"), let n = Int(op.dropFirst(7)), state.lines.indices.contains(n - 1), state.lines.count > 1 {
            state.lines.remove(at: n - 1)
            return formPage(kind: kind, number: number, state: state)
        }
        guard op == "preview" || op == "save" else {
            return refused("`op`: " + words["field_unknown"], back: back)
        }
        guard op == "preview" else { return priceOrSave(kind: kind, number: number, state: state, save: true) }
        // A preview checks the book and renders the PDF: off the request path (RenderQueue.swift).
        return await renders.respond { [state] in self.priceOrSave(kind: kind, number: number, state: state, save: false) }
    }

    /// Checks the fields, writes the document's text, checks the book with it (in memory for a
    /// preview, through `BookEditor` to save), and maps what the book says back to the fields.
    func priceOrSave(kind: DocumentKind, number existing: String?, state: FormState, save: Bool) -> Response {
        let snapshot = live.snapshot
        let book = snapshot.book
        let words = snapshot.words
        var errors: [String: [String]] = [:]
        func problem(_ field: String, _ message: String) { errors[field, default: []].append(message) }
        // Quantities and prices as the book's locale writes them (`1.234,50`, `2,5` in de_DE) or
        // plain (`12.50`); `1.234` there is refused as ambiguous rather than guessed (TypedAmount).
        let typingLocale = snapshot.report.locale
        func number(_ field: String, _ text: String) -> String? {
            switch TypedAmount.number(text, locale: typingLocale) {
            case .success(let value): return "\(value)"
            case .failure:
                problem(field, words.format("form_err_number", ["text": text, "example": MoneyFormat.number(DecimalNumber(significand: 1250, scale: 2)!, locale: typingLocale)]))
                return nil
            }
        }
        // The client, or a new one.
        var newClient: (id: String, text: String)?
        var client: Client?
        if state.client == "+new" {
            let id = state.newClientID
            if id.isEmpty || !id.allSatisfy({ ($0.isLetter && $0.isLowercase) || $0.isNumber || $0 == "-" }) || id.hasPrefix("-") {
                problem("new_client_id", words["form_err_client_id"])
            } else if book.clients[id] != nil {
                problem("new_client_id", words.format("form_err_client_exists", ["id": id]))
            }
            if state.newClientName.isEmpty { problem("new_client_name", words["form_err_client_name"]) }
            if errors.isEmpty {
                newClient = (id, NewFiles.client(id: id, name: state.newClientName, email: state.newClientEmail.isEmpty ? nil : state.newClientEmail,
                                                 currency: nil, locale: nil))
                var made = Client(id: id, file: "clients/\(id).yaml", contact: .init(name: state.newClientName))
                made.contact.email = state.newClientEmail.isEmpty ? nil : state.newClientEmail
                client = made
            }
        } else if let known = book.clients[state.client] {
            client = known
        } else {
            problem("client", words.format("form_err_no_client", ["id": state.client]))
        }
        // The dates: empty is today, and the due date from the terms.
        var issued = snapshot.today
        if !state.issued.isEmpty {
            if let day = Day(state.issued) { issued = day } else { problem("issued", words.format("form_err_date", ["text": state.issued])) }
        }
        var due: Day?
        if !state.due.isEmpty {
            if let day = Day(state.due) { due = day } else { problem("due", words.format("form_err_date", ["text": state.due])) }
        } else if kind == .invoice, let terms = client?.terms?.value ?? book.settings.defaults.terms?.value {
            due = issued.adding(days: terms)
        } else if kind == .estimate, let validity = book.settings.defaults.validity?.value {
            due = issued.adding(days: validity)
        }
        // The lines: one left wholly empty is left out.
        // A draft keeps the currency, locale and tax it was written with; a new document takes the client's or the book's.
        let existingDocument = existing.flatMap { book.document($0) }
        let documentTax = existingDocument?.tax?.value ?? client.flatMap { $0.tax?.value } ?? book.settings.defaults.tax?.value
        var lines: [DraftDocument.Line] = []
        var fieldOfLine: [Int: Int] = [:]
        for (index, line) in state.lines.enumerated() {
            let n = index + 1
            if line.description.isEmpty, line.price.isEmpty, line.unit.isEmpty, state.lines.count > 1 { continue }
            if line.description.isEmpty { problem("description.\(n)", words["form_err_description"]) }
            let quantity = number("quantity.\(n)", line.quantity.isEmpty ? "1" : line.quantity)
            var price: String?
            if line.price.isEmpty { problem("price.\(n)", words["form_err_price"]) } else { price = number("price.\(n)", line.price) }
            let tax = line.tax.isEmpty || documentTax.map({ "\($0)" }) == line.tax ? nil : line.tax
            if let quantity, let price {
                fieldOfLine[lines.count + 1] = n
                lines.append(.init(description: line.description, quantity: quantity, unit: line.unit.isEmpty ? nil : line.unit, price: price, tax: tax))
            }
        }
        var discount: String?
        if !state.discount.isEmpty {
            if state.discount.hasSuffix("%") {
                if case .failure = Rate.parse(state.discount) { problem("discount", words.format("form_err_percent", ["text": state.discount])) }
                discount = state.discount
            } else {
                discount = number("discount", state.discount)
            }
        }
        guard errors.isEmpty, let client else {
            return formPage(kind: kind, number: existing, state: state, errors: errors, general: [snapshot.words["form_fix_first"]], status: .unprocessableContent)
        }
        let currency = existingDocument?.currency?.value ?? client.currency?.value ?? book.settings.defaults.currency?.value
        let locale = existingDocument?.locale?.value ?? client.locale?.value ?? book.settings.defaults.locale?.value
        // A draft rewritten keeps the entries the form does not show (project, category, ...).
        var before: [UInt8]?
        var keeping: [String] = []
        var header: String?
        if let existingDocument {
            let editor = BookEditor(root: live.root)
            guard let file = try? editor.read(existingDocument.file) else { return notFound("Cannot read \(existingDocument.file)") }
            before = file.bytes
            let shown: Set<String> = ["client", "issued", "due", "valid_until", "currency", "locale", "tax", "discount", "items", "notes", "number", "buyer_reference", "order"]
            header = NewFiles.leadingComments(of: file.text)
            keeping = (NewFiles.writtenEntries(of: file.text, path: existingDocument.file) ?? []).filter { !shown.contains($0.key) }.map(\.text)
        }
        // The files written for a number, and the field a diagnostic of the new file points at (the
        // one written on its line). Made once from the snapshot (a preview), and again under the
        // book's lock to save a new document: see below.
        var documentNumber = "", path = ""
        var changes: [FileChange] = []
        var fieldAt: [Int: String] = [:]
        func write(number: String, in book: Book) {
            documentNumber = number
            path = existingDocument?.file ?? book.file(forNew: kind, number: number, issued: issued)
            let draft = DraftDocument(kind: kind, number: number, client: client.id, issued: issued, due: due, currency: currency?.code, locale: locale,
                                      tax: documentTax.map { "\($0)" }, discount: discount, lines: lines, notes: state.notes.isEmpty ? nil : state.notes,
                                      buyerReference: state.buyerReference.isEmpty ? nil : state.buyerReference, order: state.order.isEmpty ? nil : state.order)
            let (text, lineOf) = NewFiles.document(from: draft, header: header, keeping: keeping)
            changes = [FileChange(path: path, before: before, after: text)]
            if let newClient { changes.insert(FileChange(path: "clients/\(newClient.id).yaml", before: nil, after: newClient.text), at: 0) }
            fieldAt = [:]
            for (field, line) in lineOf {
                if let dot = field.firstIndex(of: "."), let n = Int(field[field.index(after: dot)...]), let shown = fieldOfLine[n] {
                    fieldAt[line] = String(field[..<dot]) + ".\(shown)"
                } else {
                    fieldAt[line] = field
                }
            }
        }
        write(number: existing ?? book.nextNumber(for: kind, issued: issued), in: book)
        func place(_ diagnostics: [Diagnostic]) -> [String] {
            var general: [String] = []
            for diagnostic in diagnostics where diagnostic.severity == .error {
                if diagnostic.file == path, let line = diagnostic.range?.start.line, let field = fieldAt[line] {
                    problem(field, diagnostic.message)
                } else if diagnostic.code == .peppolR003 {
                    // Pointed at the client's file, answered on the form: the reference is a field here.
                    problem("buyer_reference", diagnostic.message)
                } else {
                    let place = diagnostic.file.map { "\($0)\(diagnostic.range.map { ":\($0.start.line)" } ?? ""): " } ?? ""
                    general.append(place + diagnostic.message)
                }
            }
            return general
        }
        if !save {
            let overrides = Dictionary(uniqueKeysWithValues: changes.map { ($0.path, Array($0.after.utf8)) })
            guard let checked = try? BookChecker.check(at: live.root, overrides: overrides) else { return notFound("The book cannot be read") }
            let known = Set(snapshot.checked.diagnostics.map { "\($0.code)\u{0}\($0.file ?? "")\u{0}\($0.message)" })
            let general = place(checked.diagnostics.filter { !known.contains("\($0.code)\u{0}\($0.file ?? "")\u{0}\($0.message)") })
            var totals: [[String: String]] = []
            if let document = checked.book.document(documentNumber), let figures = document.figures {
                // The app's money, as on the document's page: the book's locale, not the client's (the PDF's).
                let locale = snapshot.report.locale
                func format(_ minor: Int64) -> String { MoneyFormat.format(minor, figures.currency, locale: locale) }
                totals = [["label": snapshot.words["form_subtotal"], "value": format(figures.breakdown.subtotal)]]
                if figures.breakdown.discount != 0 {
                    totals.append(["label": snapshot.words["form_discount"], "value": format(-figures.breakdown.discount)])
                }
                totals += [["label": snapshot.words["form_tax"], "value": format(figures.breakdown.tax)],
                          ["label": snapshot.words["form_total"], "value": format(figures.payable)]]
            }
            // The document as it would print, beside the form, when the book would take it.
            var preview: String?
            if errors.isEmpty, general.isEmpty, !checked.diagnostics.contains(where: { $0.severity == .error }),
               let document = checked.book.document(documentNumber), let renderer = try? PDFRenderer(book: checked.book),
               case .success(let bytes) = renderer.render(document) {
                preview = previews.keep(bytes)
            }
            return formPage(kind: kind, number: existing, state: state, errors: errors, general: general, totals: totals, preview: preview,
                            status: errors.isEmpty && general.isEmpty ? .ok : .unprocessableContent)
        }
        let editor = BookEditor(root: live.root)
        let numbers = NumberGiver(root: live.root)
        do {
            try editor.edit(allowing: numbers.allows) { checked, _ throws(AuthoringError) in
                // A new document takes its number here, under the book's lock, from the book as it
                // is now, not from the snapshot the form was shown or priced with: one written
                // meanwhile (`invoic new invoice`, another tab) is passed over, not collided with.
                if existing == nil { write(number: try numbers.next(for: kind, issued: issued, in: checked.book), in: checked.book) }
                return changes
            }
        } catch {
            var general: [String] = []
            switch error {
            case .wouldIntroduceErrors(let diagnostics, _): general = place(diagnostics)
            case .changedOnDisk: general = [snapshot.words["form_changed"]]
            default: general = ["\(error)"]
            }
            return formPage(kind: kind, number: existing, state: state, errors: errors, general: general, status: .unprocessableContent)
        }
        live.reload()
        var done = existing == nil ? words.format("form_written", ["number": documentNumber, "path": path]) : words.format("form_saved", ["number": documentNumber])
        if let note = synced() { done += " (\(note))" }
        return Response(status: .seeOther, headers: [.location: Self.documentPath(documentNumber) + "?done=" + (done.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")])
    }
}

/// The last few preview PDFs, by a random name: the form page shows one in an `<object>`, which
/// the browser fetches right after. Only the newest 16 are kept; nothing goes to disk.
final class PreviewStore: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [(name: String, bytes: [UInt8])] = []

    func keep(_ bytes: [UInt8]) -> String {
        let name = (0..<2).map { _ in String(UInt64.random(in: 0...UInt64.max), radix: 16) }.joined()
        lock.withLock {
            files.append((name, bytes))
            if files.count > 16 { files.removeFirst(files.count - 16) }
        }
        return name
    }

    subscript(name: String) -> [UInt8]? { lock.withLock { files.last { $0.name == name }?.bytes } }
}
