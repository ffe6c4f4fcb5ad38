import Foundation
import Hummingbird
import InvoicAuthoring
import InvoicBook
import InvoicDiagnostics
import InvoicEInvoice
import InvoicFrance
import InvoicHistory
import InvoicMoney
import InvoicPDF
import InvoicPeppol
import InvoicSDI
import InvoicReport
import ServiceLifecycle

/// `invoic serve`: the book as a local web app. Every page is made from the current snapshot of
/// the book; every action is an edit of the authoring engine, checked against the whole book
/// before anything is written, exactly as the command line does it.
public struct BookServer: Sendable {
    public struct Options: Sendable {
        public var host: String
        public var port: Int
        public var readOnly: Bool
        /// `serve --sync`: the command run after each write (`invoic sync -C BOOK`), so what the
        /// app writes is committed, merged with the other clones' and pushed (docs/teams.md).
        public var sync: [String]?

        public init(host: String = "127.0.0.1", port: Int = 8037, readOnly: Bool = false, sync: [String]? = nil) {
            self.host = host
            self.port = port
            self.readOnly = readOnly
            self.sync = sync
        }
    }

    /// Runs `options.sync` after a write; nil when there is none or it pushed, else what it said
    /// (the write stays, committed here; the person syncs again once it is resolved).
    func synced() -> String? {
        guard let command = options.sync, let executable = command.first else { return nil }
        guard let outcome = try? runSync(executable, Array(command.dropFirst())) else { return "not synced: \(executable) could not be run" }
        defer { live.reload() }
        if outcome.status == 0 { return nil }
        let said = outcome.errors.split(separator: "\n").last { $0.hasPrefix("error:") }.map { String($0.dropFirst(6)).trimmingCharacters(in: .whitespaces) }
        return "not synced: " + (said ?? "`invoic sync` failed")
    }

    private func runSync(_ executable: String, _ arguments: [String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        FileHandle.standardError.write(Data(text.utf8))
        return (process.terminationStatus, text)
    }

    public let live: LiveBook
    public let options: Options
    /// The PDFs of the form's previews, shown beside it.
    let previews = PreviewStore()
    /// Where PDFs are made: off the request path, bounded (RenderQueue.swift).
    var renders = RenderQueue()
    /// Bound to this server process: a form from another server (or another site) does not carry it.
    public let csrfToken: String

    public init(live: LiveBook, options: Options, csrfToken: String? = nil) {
        self.live = live
        self.options = options
        self.csrfToken = csrfToken ?? (0..<4).map { _ in String(UInt64.random(in: 0...UInt64.max), radix: 16) }.joined()
    }

    public var url: String { "http://\(options.host.contains(":") ? "[\(options.host)]" : options.host):\(options.port)/" }

    public var isLoopback: Bool { ["127.0.0.1", "::1", "localhost"].contains(options.host) }

    /// - Parameter onServerRunning: called once the server listens (its port bound), not before.
    public func application(onServerRunning: @escaping @Sendable () async -> Void = {}) -> some ApplicationProtocol {
        let router = Router()
        // Outermost, so that every answer carries its headers: pages, PDFs, assets, refusals, errors.
        router.add(middleware: SecurityHeaders())
        router.add(middleware: Guard(server: self))
        router.get("/") { request, _ in self.dashboard(request) }
        router.get("/index.json") { _, _ in Self.page(self.live.snapshot.report.json(), type: "application/json") }
        router.get("/diagnostics") { _, _ in self.diagnosticsPage() }
        router.get("/changes") { request, _ in try await self.changes(request) }
        router.get("/assets/invoic.css") { _, _ in Self.page(Templates.stylesheet, type: "text/css; charset=utf-8") }
        router.get("/assets/live.js") { _, _ in Self.page(Templates.liveReload, type: "text/javascript; charset=utf-8") }
        router.get("/clients/:id") { _, context in
            guard let id = Self.pathValue(context, "id") else { return Self.badPath() }
            return self.clientPage(id)
        }
        router.get("/clients/:id/statement.pdf") { _, context in
            guard let id = Self.pathValue(context, "id") else { return Self.badPath() }
            return await self.renders.respond { self.statementPDF(id) }
        }
        router.get("/documents/:number") { request, context in
            guard let number = Self.pathValue(context, "number") else { return Self.badPath() }
            if number.hasSuffix(".pdf") { return await self.renders.respond { self.pdf(String(number.dropLast(4))) } }
            return self.documentRoute(number, request)
        }
        // `:action` as in the POST below: the router refuses two names for one place.
        router.get("/documents/:number/:action") { _, context in
            guard let number = Self.pathValue(context, "number"), let output = Self.pathValue(context, "action") else { return Self.badPath() }
            if output.hasSuffix(".pdf") { return await self.renders.respond { self.documentOutput(number, output) } }
            return self.documentOutput(number, output)
        }
        router.post("/documents/:number/:action") { request, context in
            guard let number = Self.pathValue(context, "number"), let action = Self.pathValue(context, "action") else { return Self.badPath() }
            return try await self.act(number, action, request)
        }
        router.post("/invoices") { request, _ in try await self.newInvoice(request) }
        addFormRoutes(router)
        addPurchaseRoutes(router)
        return Application(router: router, configuration: .init(address: .hostname(options.host, port: options.port), serverName: "invoic"),
                           onServerRunning: { _ in await onServerRunning() })
    }

    // MARK: responses

    /// A value of the path (`/clients/:id`), percent-decoded (`m%C3%BCller` is `müller`); nil for
    /// one that is no name in a book: not UTF-8, empty, `.` or `..`, or with a slash, a backslash
    /// or a control character (`%2e%2e%2f` is `../`). Values are only ever looked up among the
    /// book's clients and documents, never joined to a path, so this is a second fence.
    static func pathValue(_ context: some RequestContext, _ name: String) -> String? {
        guard let raw = context.parameters.get(name), let value = raw.removingPercentEncoding,
              !value.isEmpty, value != ".", value != "..", !value.contains("/"), !value.contains("\\"),
              !value.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else { return nil }
        return value
    }

    static func badPath() -> Response {
        page("Bad request: not a client id or document number\n", status: .badRequest, type: "text/plain; charset=utf-8")
    }

    /// `/documents/NUMBER` for a Location header: percent-encoded, so any number stays one path segment.
    static func documentPath(_ number: String) -> String {
        "/documents/" + (number.addingPercentEncoding(withAllowedCharacters: unreserved) ?? number)
    }

    /// RFC 3986's unreserved characters, ASCII only (`.alphanumerics` would leave `ü` as it is).
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func page(_ text: String, status: HTTPResponse.Status = .ok, type: String = "text/html; charset=utf-8") -> Response {
        Response(status: status, headers: [.contentType: type, .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// The words of the book's language for a template: `w` the app's and the report's, `l` the PDFs' labels.
    func render(_ template: String, _ values: [String: Any]) -> String {
        let snapshot = live.snapshot
        return Templates.render(template, values.merging(["w": snapshot.wordTable, "l": snapshot.labels]) { a, _ in a })
    }

    /// - Parameter reloads: the page follows the book (live.js shows the new page when a file
    ///   changes); false for a page the user types into (the form, the source editor), where a
    ///   reload would throw away what they typed. Saving there checks against the files on disk.
    func layout(_ title: String, _ content: String, status: HTTPResponse.Status = .ok, done: String? = nil, reloads: Bool = true) -> Response {
        let snapshot = live.snapshot
        let words = snapshot.words
        let findings = snapshot.checked.diagnostics.count
        let html = render("layout", [
            "title": title, "business": snapshot.book.settings.business.name, "lang": words.language,
            "asOf": words.format("as_of", ["date": words.date(snapshot.today)]),
            "generation": snapshot.generation, "content": content, "readOnly": options.readOnly,
            "errorBanner": words.count("errors_banner", snapshot.errors.count), "hasErrors": !snapshot.errors.isEmpty,
            "diagnosticCount": findings, "hasDiagnostics": findings > 0, "reloads": reloads, "hasPurchases": !snapshot.book.purchases.isEmpty,
        ].merging(done.map { ["done": $0] } ?? [:]) { a, _ in a })
        return Self.page(html, status: status)
    }

    /// A value for a template: false when there is none, so its `{{#section}}` is left out
    /// (an optional passed as Any would count as present).
    static func either(_ value: Any?) -> Any { value ?? false }

    func notFound(_ what: String) -> Response {
        let words = live.snapshot.words
        return layout(words["not_found"], render("refused", ["heading": words["not_found"], "message": what, "back": "/"]), status: .notFound)
    }

    /// A page that says why there is no PDF (or XML) to show.
    func noOutput(_ message: String, text: String? = nil, back: String) -> Response {
        let words = live.snapshot.words
        return layout(words["no_pdf"], render("refused", ["heading": words["no_pdf"], "message": message, "text": Self.either(text), "back": back]), status: .conflict)
    }

    /// Waits (up to 25 s) for the book to change after `since`; answers the current generation.
    /// Answers at once when the server is told to stop (SIGTERM, Ctrl-C): a graceful shutdown
    /// waits for every request in flight, and an open page always has one of these waiting.
    func changes(_ request: Request) async throws -> Response {
        let since = request.uri.queryParameters.get("since").flatMap { Int($0) } ?? 0
        let deadline = Date().addingTimeInterval(25)
        while live.snapshot.generation == since, Date() < deadline, !Task.isShuttingDownGracefully {
            try await Task.sleep(for: .milliseconds(15))
        }
        return Self.page(String(live.snapshot.generation), type: "text/plain; charset=utf-8")
    }

    // MARK: pages

    /// Money in the book's locale (`1.234,56 €` for de_DE), as the report prints it.
    func money(_ value: Money, _ locale: String) -> String { MoneyFormat.format(value.minorUnits, value.currency, locale: locale) }

    func dashboard(_ request: Request) -> Response {
        let snapshot = live.snapshot
        let report = snapshot.report
        let locale = report.locale
        let words = snapshot.words
        let query = request.uri.queryParameters
        func value(_ key: String) -> String { query.get(key).map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
        let filter = ["q": value("q"), "status": value("status"), "client": value("client"), "project": value("project"),
                      "category": value("category"), "year": value("year")]
        struct Row { var number, clientID, client, issued, due, total, balance, status, project, category: String; var sortKey: String }
        var rows: [Row] = []
        func date(_ day: Day?) -> String { day.map { words.date($0) } ?? "" }
        for row in report.invoices {
            rows.append(Row(number: row.number, clientID: row.clientID, client: row.clientName, issued: date(row.issued), due: date(row.due),
                            total: money(row.total, locale), balance: money(row.balance, locale), status: row.status.rawValue,
                            project: row.project ?? "", category: row.category ?? "", sortKey: row.issued.description + row.number))
        }
        for row in report.estimates {
            rows.append(Row(number: row.number, clientID: row.clientID, client: row.clientName, issued: date(row.issued), due: date(row.validUntil),
                            total: money(row.total, locale), balance: "", status: row.status.rawValue, project: row.project ?? "", category: "",
                            sortKey: row.issued.description + row.number))
        }
        for row in report.creditNotes {
            rows.append(Row(number: row.number, clientID: row.clientID, client: row.clientName, issued: date(row.issued), due: "",
                            total: money(Money(-row.total.minorUnits, row.total.currency), locale), balance: "", status: row.status.rawValue,
                            project: "", category: "", sortKey: row.issued.description + row.number))
        }
        let q = filter["q"]!.lowercased()
        let shown = rows.filter { row in
            (q.isEmpty || row.number.lowercased().contains(q) || row.client.lowercased().contains(q))
                && (filter["status"]!.isEmpty || row.status == filter["status"]) && (filter["client"]!.isEmpty || row.clientID == filter["client"])
                && (filter["project"]!.isEmpty || row.project.caseInsensitiveCompare(filter["project"]!) == .orderedSame)
                && (filter["category"]!.isEmpty || row.category.caseInsensitiveCompare(filter["category"]!) == .orderedSame)
                && (filter["year"]!.isEmpty || row.sortKey.hasPrefix(filter["year"]!))
        }.sorted { $0.sortKey > $1.sortKey }
        let cards: [[String: Any]] = report.dashboard.map { entry in
            ["currency": entry.currency.code, "outstanding": money(entry.outstanding, locale), "outstandingCount": words.count("open_invoices", entry.outstandingCount),
             "overdue": money(entry.overdue, locale), "overdueCount": words.count("invoices_count", entry.overdueCount), "isOverdue": entry.overdueCount > 0,
             "paid": money(entry.paidThisMonth, locale), "drafts": entry.drafts]
        }
        let aging: [[String: Any]] = report.agedReceivables.flatMap { table in
            table.rows.map { row -> [String: Any] in
                ["id": row.clientID, "name": row.clientName, "buckets": row.buckets.map { MoneyFormat.format($0, table.currency, locale: locale) }]
            }
        }
        let clients = snapshot.book.clients.values.sorted { $0.contact.name < $1.contact.name }.map { client -> [String: Any] in
            ["id": client.id, "name": client.contact.name, "selected": client.id == filter["client"]]
        }
        let statuses = Status.allCases.map { ["name": $0.rawValue, "label": words.status($0), "selected": $0.rawValue == filter["status"]] }
        let content = render("dashboard", [
            "cards": cards, "aging": aging, "hasAging": !aging.isEmpty, "filter": filter, "statuses": statuses, "clients": clients,
            "chart": Self.either(incomeChart(report, words)), "csrf": csrfToken, "newInvoice": !options.readOnly,
            "documents": shown.map { ["number": $0.number, "clientID": $0.clientID, "client": $0.client, "issued": $0.issued, "due": $0.due,
                                      "total": $0.total, "balance": $0.balance, "status": $0.status,
                                      "statusLabel": Status(rawValue: $0.status).map { words.status($0) } ?? $0.status] },
        ])
        return layout(words["dashboard"], content, done: query.get("done"))
    }

    /// Income of the last twelve months of the first currency, as bars with their amounts. Each
    /// month has a slot of its own width, so one or two months draw one or two bars, not a block
    /// across the panel; on a narrow screen the chart scrolls rather than shrinking its text.
    func incomeChart(_ report: IndexReport, _ words: AppWords) -> [String: Any]? {
        guard let income = report.incomeByMonth.first else { return nil }
        let currency = income.currency
        let months = income.months.suffix(12)
        guard let top = months.map(\.amount).max(), top > 0 else { return nil }
        let slot = 84.0, bar = 44.0, plot = 130.0, above = 18.0
        let width = Int(slot * Double(max(months.count, 2))), height = Int(above + plot + 20)
        let label = words.format("chart_label", ["currency": currency.code])
        var svg = "<svg class=\"chart\" role=\"img\" aria-label=\"\(escaped(label))\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\">"
        for (index, month) in months.enumerated() {
            let h = max(Double(month.amount) / Double(top) * plot, month.amount > 0 ? 1 : 0)
            let center = Double(index) * slot + slot / 2
            let amount = MoneyFormat.format(month.amount, currency, locale: report.locale)
            svg += "<rect x=\"\(Int(center - bar / 2))\" y=\"\(Int(above + plot - h))\" width=\"\(Int(bar))\" height=\"\(Int(h))\"><title>\(escaped(words.longMonth(month.month))): \(escaped(amount))</title></rect>"
            svg += "<text class=\"amount\" x=\"\(Int(center))\" y=\"\(Int(above + plot - h) - 5)\" text-anchor=\"middle\">\(escaped(amount))</text>"
            svg += "<text x=\"\(Int(center))\" y=\"\(height - 4)\" text-anchor=\"middle\">\(escaped(words.shortMonth(month.month)))</text>"
        }
        return ["currency": currency.code, "svg": svg + "</svg>"]
    }

    func diagnosticsPage() -> Response {
        let snapshot = live.snapshot
        let words = snapshot.words
        let diagnostics = snapshot.checked.diagnostics
        let text = DiagnosticRenderer(format: .human, color: false, sources: snapshot.book.sources).render(diagnostics)
        let summary = diagnostics.isEmpty ? words["no_findings"]
            : words.format("findings_count", ["errors": String(diagnostics.errorCount), "warnings": String(diagnostics.warningCount)])
        return layout(words["diagnostics"], render("diagnostics", ["summary": summary, "text": Self.either(text.isEmpty ? nil : text)]))
    }

    func clientPage(_ id: String) -> Response {
        let snapshot = live.snapshot
        let words = snapshot.words
        guard let client = snapshot.book.clients[id] else { return notFound(words.format("no_client", ["id": id])) }
        let report = snapshot.report, locale = report.locale
        let balances = report.clients.filter { $0.id == id }.compactMap { row -> [String: Any]? in
            guard let currency = row.currency else { return nil }
            return ["currency": currency.code, "outstanding": MoneyFormat.format(row.outstanding, currency, locale: locale),
                    "invoiced": MoneyFormat.format(row.invoiced, currency, locale: locale), "paid": MoneyFormat.format(row.paid, currency, locale: locale)]
        }
        func row(_ number: String, _ issued: Day, _ total: Money, _ balance: String, _ status: Status) -> [String: Any] {
            ["number": number, "issued": words.date(issued), "sortKey": issued.description + number, "total": money(total, locale), "balance": balance,
             "status": status.rawValue, "statusLabel": words.status(status)]
        }
        var documents: [[String: Any]] = report.invoices.filter { $0.clientID == id }.map { row($0.number, $0.issued, $0.total, money($0.balance, locale), $0.status) }
        documents += report.estimates.filter { $0.clientID == id }.map { row($0.number, $0.issued, $0.total, "", $0.status) }
        documents += report.creditNotes.filter { $0.clientID == id }.map { row($0.number, $0.issued, Money(-$0.total.minorUnits, $0.total.currency), "", $0.status) }
        return layout(client.contact.name, render("client", [
            "id": id, "name": client.contact.name, "email": Self.either(client.contact.email), "file": client.file, "balances": balances,
            "sourceLink": Self.sourceLink(client.file),
            "documents": documents.sorted { ($0["sortKey"] as! String) > ($1["sortKey"] as! String) },
        ]))
    }

    /// A PDF answer.
    static func pdfResponse(_ bytes: [UInt8]) -> Response {
        Response(status: .ok, headers: [.contentType: "application/pdf", .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The renderer of the book's template, or nil while the book has errors (nothing is rendered then).
    func makeRenderer() -> PDFRenderer? {
        let snapshot = live.snapshot
        guard snapshot.errors.isEmpty else { return nil }
        return try? PDFRenderer(book: snapshot.book)
    }

    /// The client's statement of account on the server's day, as `invoic statement` writes it
    /// (the first currency's when the client was invoiced in several).
    func statementPDF(_ id: String) -> Response {
        let snapshot = live.snapshot
        let book = snapshot.book
        let words = snapshot.words
        guard let client = book.clients[id] else { return notFound(words.format("no_client", ["id": id])) }
        guard let renderer = makeRenderer() else { return noOutput(words["no_statement_errors"], back: "/diagnostics") }
        var statements = book.statements(of: id, on: snapshot.today)
        if statements.isEmpty, let currency = client.currency?.value ?? book.settings.defaults.currency?.value {
            statements = [Statement(client: id, date: snapshot.today, currency: currency, accounts: [])]
        }
        guard let statement = statements.first else { return notFound(words.format("no_currency", ["id": id])) }
        switch renderer.render(statement) {
        case .success(let bytes): return Self.pdfResponse(bytes)
        case .failure(let error):
            return noOutput(words.format("cannot_render", ["what": snapshot.labels["statement"] ?? id]), text: error.diagnostics.map(\.message).joined(separator: "\n"), back: "/clients/\(id)")
        }
    }

    func documentRoute(_ number: String, _ request: Request) -> Response {
        if number.hasSuffix(".pdf") { return pdf(String(number.dropLast(4))) }
        return documentPage(number, done: request.uri.queryParameters.get("done"))
    }

    func pdf(_ number: String, copy: Bool = false) -> Response {
        let snapshot = live.snapshot
        let words = snapshot.words
        guard let document = snapshot.book.document(number) else { return notFound(words.format("no_document", ["number": number])) }
        guard let renderer = makeRenderer() else { return noOutput(words["no_pdf_errors"], back: "/diagnostics") }
        let copy = copy ? DocumentCopy(of: document, in: snapshot.book, on: snapshot.today) : nil
        // Poland's KOD I (and KOD II offline), as on the PDF `invoic pdf` writes (and its copy).
        let verification: VerificationCode?
        switch KSeF.verificationCodes(of: document, in: snapshot.book) {
        case .success(let codes):
            verification = codes.map { VerificationCode(url: $0.invoice.url, caption: $0.invoice.caption,
                                                        certificate: $0.certificate.map { .init(url: $0.url, caption: $0.caption) }) }
        case .failure(let failure):
            return noOutput(words.format("cannot_render", ["what": number]), text: failure.diagnostic.message, back: Self.documentPath(number))
        }
        switch renderer.render(document, copy: copy, verification: verification) {
        case .success(let bytes): return Self.pdfResponse(bytes)
        case .failure(let error):
            return noOutput(words.format("cannot_render", ["what": number]), text: error.diagnostics.map(\.message).joined(separator: "\n"), back: Self.documentPath(number))
        }
    }

    /// What the command line makes of a document, on its page: `copy.pdf` (`invoic pdf --copy`),
    /// `reminder.pdf` (`invoic remind`), `mail` (the message `invoic mail` would send, shown, not
    /// sent) and `FORMAT.xml` (the e-invoice `invoic build` writes beside the PDF).
    func documentOutput(_ number: String, _ output: String) -> Response {
        let snapshot = live.snapshot
        let book = snapshot.book
        let words = snapshot.words
        guard let document = book.document(number) else { return notFound(words.format("no_document", ["number": number])) }
        switch output {
        case "copy.pdf": return pdf(number, copy: true)
        case "reminder.pdf":
            guard let reminder = book.remindersDue(on: snapshot.today).first(where: { $0.invoice.number == number }) else {
                return notFound(words.format("no_reminder", ["number": number]))
            }
            guard let renderer = makeRenderer() else { return noOutput(words["no_pdf_errors"], back: "/diagnostics") }
            switch renderer.render(reminder) {
            case .success(let bytes): return Self.pdfResponse(bytes)
            case .failure(let error):
                return noOutput(words.format("cannot_render", ["what": number]), text: error.diagnostics.map(\.message).joined(separator: "\n"), back: Self.documentPath(number))
            }
        case "mail": return mailPage(document)
        default:
            let name = output.hasSuffix(".xml") ? String(output.dropLast(4)) : ""
            guard let format = EInvoiceFormat(rawValue: name), format != .facturX, document.kind.isBilling else {
                return notFound(words.format("no_einvoice", ["number": number, "format": output]))
            }
            guard snapshot.errors.isEmpty else { return noOutput(words["no_pdf_errors"], back: "/diagnostics") }
            guard let xml = EInvoiceWriter.xml(document, in: book, format: format) else {
                return notFound(words.format("no_einvoice", ["number": number, "format": format.rawValue]))
            }
            return Self.page(xml, type: "application/xml; charset=utf-8")
        }
    }

    /// The e-invoices offered for a document: the formats its client takes (`einvoice:`), else UBL and CII.
    func einvoiceFormats(_ document: Document, in book: Book) -> [EInvoiceFormat] {
        guard document.kind.isBilling, document.figures != nil else { return [] }
        let taken = book.einvoiceFormats(for: document).filter { $0 != .facturX }
        return taken.isEmpty ? [.ubl, .cii] : taken
    }

    /// The message `invoic mail` would send: recipient, subject, text and the names of the files
    /// attached. Sending stays on the command line (it needs the mail settings and a password).
    func mailPage(_ document: Document) -> Response {
        let snapshot = live.snapshot
        let book = snapshot.book
        let words = snapshot.words
        guard let renderer = makeRenderer() else { return noOutput(words["no_pdf_errors"], back: "/diagnostics") }
        let text = renderer.mailText(for: document, today: snapshot.today)
        var attachments = [book.pdfFileName(for: document)]
        if document.kind.isBilling {
            attachments += book.einvoiceFormats(for: document).filter { $0 != .facturX }.map { book.einvoiceFileName(for: document, format: $0) }
        }
        let client = book.clients[document.client.value]
        let to = client?.contact.email.map { email in client.map { "\($0.contact.name) <\(email)>" } ?? email }
        return layout(words["mail_preview"], render("mail", [
            "number": document.number, "to": Self.either(to), "subject": text.subject, "body": text.body, "attachments": attachments,
        ]))
    }

    /// The state of the document's last Peppol transmission (outbox/), for the badge beside its status.
    static func peppolState(of document: Document, root: String, words: AppWords) -> [String: String]? {
        guard let attempt = (try? Outbox(root: root).record(for: document))??.current else { return nil }
        let detail = attempt.history.last?.detail.map { ": " + $0 } ?? ""
        return ["state": attempt.state.rawValue, "label": words.peppolState(attempt.state.rawValue),
                "title": "\(attempt.provider), \(attempt.since ?? "")\(detail)"]
    }

    /// Where the document's FatturaPA stands at Italy's SdI (outbox/.../sdi.yaml), for the badge
    /// beside its status, and the errors of a rejection (notifica di scarto) to fix.
    static func sdiState(of document: Document, root: String, words: AppWords) -> [String: Any]? {
        guard let attempt = (try? SDIOutbox(root: root).record(for: document))??.current else { return nil }
        let errors = attempt.state == .rejected ? attempt.errors.map { ["code": $0.code, "description": $0.description] } : []
        return ["state": attempt.state.rawValue, "label": words.sdiState(attempt.state.rawValue),
                "title": SDIChecks.summary(attempt).detail, "file": attempt.file,
                "errors": errors, "hasErrors": !errors.isEmpty]
    }

    /// The document's latest French life-cycle status (outbox/.../cdar/), for the badge beside
    /// its status: the code and the standard's name, its day and motif in the title.
    static func lifeCycleState(of document: Document, root: String) -> [String: String]? {
        guard let latest = LifeCycle.kept(for: document, root: root).statuses.last else { return nil }
        let summary = LifeCycleChecks.summary(latest)
        return ["code": String(latest.status.code), "state": summary.state, "title": summary.since + (summary.detail.isEmpty ? "" : ": " + summary.detail),
                "warn": latest.status.asksTheSeller ? "warn" : ""]
    }

    func documentPage(_ number: String, done: String?) -> Response {
        let snapshot = live.snapshot
        let book = snapshot.book
        let words = snapshot.words
        let labels = snapshot.labels
        func label(_ key: String) -> String { labels[key] ?? words[key] }
        guard let document = book.document(number) else { return notFound(words.format("no_document", ["number": number])) }
        let status = book.status(of: document, today: snapshot.today)
        let locale = snapshot.report.locale
        var lines: [[String: String]] = []
        var totals: [[String: String]] = []
        var payments: [[String: String]] = []
        var balance = ""
        var refundOwed: Int64 = 0
        var refundAmount = ""
        if let figures = document.figures {
            let currency = figures.currency
            func format(_ minor: Int64) -> String { MoneyFormat.format(minor, currency, locale: locale) }
            for (item, line) in zip(document.items, figures.lines) {
                // As the PDF prints them: the quantity with its unit (`6 Std.`).
                lines.append(["description": item.description, "quantity": PDFRenderer.quantityText(item, figures: figures, locale: locale),
                              "price": MoneyFormat.format(item.price.value, currency, locale: locale), "amount": format(line.amount)])
            }
            // The PDF's rows (one tax row per rate, the discount, allowances and charges), then the total.
            totals = PDFRenderer.figureRows(of: document, figures: figures, labels: labels, locale: locale).map { ["label": $0.label, "value": format($0.amount)] }
                + [["label": label("total"), "value": format(figures.payable)]]
            if document.kind != .estimate {
                // What is owed now: the invoice's account (payments, credit notes, refunds, fees);
                // for a credit note, what is still owed back to the client on its invoice.
                let account = document.kind == .invoice ? book.account(of: document, through: snapshot.today)
                    : book.correctedAccount(of: document, through: snapshot.today)
                let due = document.kind == .invoice ? account?.balance ?? figures.balance : -(account?.refundOwed(by: document) ?? 0)
                if document.kind == .invoice, let account {
                    // The account's breakdown, as every output shows it: total - credited - paid
                    // + refunded = open (Account.Breakdown); fees, credits and refunds where there are any.
                    let breakdown = account.breakdown
                    if account.charges != 0 { totals += [["label": label("reminder_fee"), "value": format(account.charges)]] }
                    if breakdown.credited != 0 { totals += [["label": words.reportWord("credited"), "value": format(-breakdown.credited)]] }
                    totals += [["label": label("paid"), "value": format(-breakdown.paid)]]
                    if breakdown.refunded != 0 { totals += [["label": words.reportWord("refunded"), "value": format(breakdown.refunded)]] }
                } else {
                    totals += [["label": document.kind == .creditNote ? label("refunded") : label("paid"), "value": format(figures.paid)]]
                }
                totals += [["label": due < 0 ? words["refund_owed_label"] : label("amount_due"), "value": format(abs(due))]]
                if document.kind == .creditNote {
                    // A refund may go back today only for what is owed with everything recorded.
                    refundOwed = book.recordedAccount(for: document)?.refundOwed(by: document) ?? 0
                    refundAmount = TypedAmount.prefill(refundOwed, locale: locale, currency: currency)
                }
                // As the book's locale writes it (`797,60` in de_DE), which the form reads back.
                balance = TypedAmount.prefill(max(0, due), locale: locale, currency: currency)
            }
            for (payment, amount) in zip(document.payments, figures.payments) {
                let method = payment.method.rawValue
                let known = words["method_\(method)"]
                payments.append(["date": words.date(payment.date.value), "amount": format(amount), "method": known == "method_\(method)" ? method : known,
                                 "reference": payment.reference ?? payment.note ?? ""])
            }
        }
        let history = (try? HistoryReading(at: live.root).history())?.story(of: number, in: book, today: snapshot.today)?.text
        let editable = !options.readOnly
        var actions: [String: Any] = [:]
        switch document.kind {
        case .invoice:
            actions["send"] = document.sent == nil
            actions["pay"] = document.void == nil && (Int64(balance.filter { $0.isNumber }) ?? 0) > 0
            actions["void"] = document.void == nil
            actions["credit"] = document.void == nil && document.sent != nil
        case .estimate:
            actions["send"] = document.sent == nil
            actions["accept"] = document.accepted == nil && document.declined == nil
            actions["convert"] = status == .accepted
        case .creditNote:
            actions["send"] = document.sent == nil
            actions["refund"] = refundOwed > 0
        }
        // Over Peppol: a book with a provider, a client with its Peppol id, not yet sent that way.
        actions["peppol"] = document.kind.isBilling && book.settings.peppol != nil && document.sentVia?.value != .peppol
            && book.clients[document.client.value]?.contact.electronicAddress != nil && snapshot.errors.isEmpty
        let methods = [PaymentMethod.bankTransfer, .card, .cash, .check, .other].map { ["value": $0.rawValue, "label": words["method_\($0.rawValue)"]] }
        // The reminder `invoic remind` would write today, if the invoice reached a new level.
        var reminder: Any = false
        if let due = book.remindersDue(on: snapshot.today).first(where: { $0.invoice.number == number }) {
            reminder = ["title": words.format("reminder_due", ["n": String(due.level)]),
                        "summary": words.format("reminder_summary", ["total": MoneyFormat.format(due.total, due.currency, locale: locale), "date": words.date(due.payBy)]),
                        "record": editable, "csrf": csrfToken] as [String: Any]
        }
        let kind = document.kind == .creditNote ? label("credit_note") : document.kind == .estimate ? label("estimate") : label("invoice")
        let einvoices = snapshot.errors.isEmpty ? einvoiceFormats(document, in: book).map { format -> [String: String] in
            ["format": format.rawValue, "name": format.rawValue.uppercased().replacingOccurrences(of: "XRECHNUNG", with: "XRechnung").replacingOccurrences(of: "PEPPOL", with: "Peppol"),
             "file": book.einvoiceFileName(for: document, format: format)]
        } : []
        let content = render("document", [
            "kind": kind, "number": number, "status": status.rawValue, "statusLabel": words.status(status),
            "peppol": Self.either(Self.peppolState(of: document, root: live.root, words: words)),
            "sdi": Self.sdiState(of: document, root: live.root, words: words) ?? false,
            "lifeCycle": Self.either(Self.lifeCycleState(of: document, root: live.root).map { $0.merging(["label": label("fr_life_cycle")]) { a, _ in a } }),
            "clientID": document.client.value, "client": book.clients[document.client.value]?.contact.name ?? document.client.value,
            "issuedOn": words.format("issued_on", ["date": words.date(document.issued.value)]),
            "dueOn": Self.either(document.figures?.dueDate.map { words.format("due_on", ["date": words.date($0)]) }), "file": document.file,
            "sourceLink": Self.sourceLink(document.file), "editLink": Self.either(editable && Self.isDraft(document) ? "/edit/" + Self.segment(number) : nil),
            "lines": lines, "totals": totals, "payments": payments, "hasPayments": !payments.isEmpty,
            // What a credit note records is money paid back to the client: its refunds.
            "paymentsHeading": document.kind == .creditNote ? label("refunds") : words["payments"], "history": Self.either(history),
            "pdf": snapshot.errors.isEmpty, "copy": document.kind != .estimate, "einvoices": einvoices, "mail": snapshot.errors.isEmpty,
            "pdfLabel": words.format("pdf_of", ["number": number]), "reminder": reminder,
            "actions": editable ? actions.merging(["csrf": csrfToken, "number": number, "today": snapshot.today.description, "balance": balance,
                                                      "refundAmount": refundAmount, "methods": methods]) { a, _ in a } as Any : false,
        ])
        return layout("\(number)", content, done: done)
    }
}
