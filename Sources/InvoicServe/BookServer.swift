import Foundation
import Hummingbird
import InvoicAuthoring
import InvoicBook
import InvoicDiagnostics
import InvoicHistory
import InvoicMoney
import InvoicPDF
import InvoicReport

/// `invoic serve`: the book as a local web app. Every page is made from the current snapshot of
/// the book; every action is an edit of the authoring engine, checked against the whole book
/// before anything is written, exactly as the command line does it.
public struct BookServer: Sendable {
    public struct Options: Sendable {
        public var host: String
        public var port: Int
        public var readOnly: Bool

        public init(host: String = "127.0.0.1", port: Int = 8037, readOnly: Bool = false) {
            self.host = host
            self.port = port
            self.readOnly = readOnly
        }
    }

    public let live: LiveBook
    public let options: Options
    /// Bound to this server process: a form from another server (or another site) does not carry it.
    public let csrfToken: String

    public init(live: LiveBook, options: Options, csrfToken: String? = nil) {
        self.live = live
        self.options = options
        self.csrfToken = csrfToken ?? (0..<4).map { _ in String(UInt64.random(in: 0...UInt64.max), radix: 16) }.joined()
    }

    public var url: String { "http://\(options.host.contains(":") ? "[\(options.host)]" : options.host):\(options.port)/" }

    public var isLoopback: Bool { ["127.0.0.1", "::1", "localhost"].contains(options.host) }

    public func application() -> some ApplicationProtocol {
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
            return self.statementPDF(id)
        }
        router.get("/documents/:number") { request, context in
            guard let number = Self.pathValue(context, "number") else { return Self.badPath() }
            return self.documentRoute(number, request)
        }
        router.post("/documents/:number/:action") { request, context in
            guard let number = Self.pathValue(context, "number"), let action = Self.pathValue(context, "action") else { return Self.badPath() }
            return try await self.act(number, action, request)
        }
        router.post("/invoices") { request, _ in try await self.newInvoice(request) }
        addFormRoutes(router)
        return Application(router: router, configuration: .init(address: .hostname(options.host, port: options.port), serverName: "invoic"))
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
        "/documents/" + (number.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? number)
    }

    static func page(_ text: String, status: HTTPResponse.Status = .ok, type: String = "text/html; charset=utf-8") -> Response {
        Response(status: status, headers: [.contentType: type, .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    func layout(_ title: String, _ content: String, status: HTTPResponse.Status = .ok, done: String? = nil) -> Response {
        let snapshot = live.snapshot
        let findings = snapshot.checked.diagnostics.count
        let html = Templates.render("layout", [
            "title": title, "business": snapshot.book.settings.business.name, "today": snapshot.today.description,
            "generation": snapshot.generation, "content": content, "readOnly": options.readOnly,
            "errorCount": snapshot.errors.count, "hasErrors": !snapshot.errors.isEmpty, "diagnosticCount": findings, "hasDiagnostics": findings > 0,
        ].merging(done.map { ["done": $0] } ?? [:]) { a, _ in a })
        return Self.page(html, status: status)
    }

    /// A value for a template: false when there is none, so its `{{#section}}` is left out
    /// (an optional passed as Any would count as present).
    static func either(_ value: Any?) -> Any { value ?? false }

    func notFound(_ what: String) -> Response {
        layout("Not found", Templates.render("refused", ["message": what, "back": "/"]), status: .notFound)
    }

    /// Waits (up to 25 s) for the book to change after `since`; answers the current generation.
    func changes(_ request: Request) async throws -> Response {
        let since = request.uri.queryParameters.get("since").flatMap { Int($0) } ?? 0
        let deadline = Date().addingTimeInterval(25)
        while live.snapshot.generation == since, Date() < deadline {
            try await Task.sleep(for: .milliseconds(15))
        }
        return Self.page(String(live.snapshot.generation), type: "text/plain; charset=utf-8")
    }

    // MARK: pages

    func money(_ value: Money, _ locale: String) -> String { MoneyFormat.format(value.minorUnits, value.currency, locale: locale) }

    func dashboard(_ request: Request) -> Response {
        let snapshot = live.snapshot
        let report = snapshot.report
        let locale = report.locale
        let query = request.uri.queryParameters
        func value(_ key: String) -> String { query.get(key).map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
        let filter = ["q": value("q"), "status": value("status"), "client": value("client"), "project": value("project"),
                      "category": value("category"), "year": value("year")]
        struct Row { var number, clientID, client, issued, due, total, balance, status, project, category: String; var sortKey: String }
        var rows: [Row] = []
        for row in report.invoices {
            rows.append(Row(number: row.number, clientID: row.clientID, client: row.clientName, issued: row.issued.description, due: row.due?.description ?? "",
                            total: money(row.total, locale), balance: money(row.balance, locale), status: row.status.rawValue,
                            project: row.project ?? "", category: row.category ?? "", sortKey: row.issued.description + row.number))
        }
        for row in report.estimates {
            rows.append(Row(number: row.number, clientID: row.clientID, client: row.clientName, issued: row.issued.description, due: row.validUntil?.description ?? "",
                            total: money(row.total, locale), balance: "", status: row.status.rawValue, project: row.project ?? "", category: "",
                            sortKey: row.issued.description + row.number))
        }
        for row in report.creditNotes {
            rows.append(Row(number: row.number, clientID: row.clientID, client: row.clientName, issued: row.issued.description, due: "",
                            total: money(Money(-row.total.minorUnits, row.total.currency), locale), balance: "", status: row.status.rawValue,
                            project: "", category: "", sortKey: row.issued.description + row.number))
        }
        let q = filter["q"]!.lowercased()
        let shown = rows.filter { row in
            (q.isEmpty || row.number.lowercased().contains(q) || row.client.lowercased().contains(q))
                && (filter["status"]!.isEmpty || row.status == filter["status"]) && (filter["client"]!.isEmpty || row.clientID == filter["client"])
                && (filter["project"]!.isEmpty || row.project.caseInsensitiveCompare(filter["project"]!) == .orderedSame)
                && (filter["category"]!.isEmpty || row.category.caseInsensitiveCompare(filter["category"]!) == .orderedSame)
                && (filter["year"]!.isEmpty || row.issued.hasPrefix(filter["year"]!))
        }.sorted { $0.sortKey > $1.sortKey }
        let cards: [[String: Any]] = report.dashboard.map { entry in
            ["currency": entry.currency.code, "outstanding": money(entry.outstanding, locale), "outstandingCount": entry.outstandingCount,
             "overdue": money(entry.overdue, locale), "overdueCount": entry.overdueCount, "isOverdue": entry.overdueCount > 0, "paid": money(entry.paidThisMonth, locale), "drafts": entry.drafts]
        }
        let aging: [[String: Any]] = report.agedReceivables.flatMap { table in
            table.rows.map { row -> [String: Any] in
                ["id": row.clientID, "name": row.clientName, "buckets": row.buckets.map { MoneyFormat.format($0, table.currency, locale: locale) }]
            }
        }
        let clients = snapshot.book.clients.values.sorted { $0.contact.name < $1.contact.name }.map { client -> [String: Any] in
            ["id": client.id, "name": client.contact.name, "selected": client.id == filter["client"]]
        }
        let statuses = Status.allCases.map { ["name": $0.rawValue, "selected": $0.rawValue == filter["status"]] }
        let content = Templates.render("dashboard", [
            "cards": cards, "aging": aging, "hasAging": !aging.isEmpty, "filter": filter, "statuses": statuses, "clients": clients,
            "chart": Self.either(incomeChart(report)), "csrf": csrfToken, "newInvoice": !options.readOnly && !clients.isEmpty,
            "documents": shown.map { ["number": $0.number, "clientID": $0.clientID, "client": $0.client, "issued": $0.issued, "due": $0.due,
                                      "total": $0.total, "balance": $0.balance, "status": $0.status] },
        ])
        return layout("Dashboard", content, done: query.get("done"))
    }

    /// Income of the last twelve months of the first currency, as bars.
    func incomeChart(_ report: IndexReport) -> [String: Any]? {
        guard let income = report.incomeByMonth.first else { return nil }
        let currency = income.currency
        let months = income.months.suffix(12)
        guard let top = months.map(\.amount).max(), top > 0 else { return nil }
        let width = 640.0, height = 140.0, bar = width / Double(max(months.count, 1))
        var svg = "<svg class=\"chart\" role=\"img\" aria-label=\"Income by month\" viewBox=\"0 0 \(Int(width)) \(Int(height) + 18)\" width=\"100%\">"
        for (index, month) in months.enumerated() {
            let h = Double(month.amount) / Double(top) * height
            let x = Double(index) * bar
            svg += "<rect x=\"\(Int(x + 4))\" y=\"\(Int(height - h))\" width=\"\(Int(bar - 8))\" height=\"\(Int(h))\"><title>\(month.month): \(MoneyFormat.format(month.amount, currency, locale: report.locale))</title></rect>"
            svg += "<text x=\"\(Int(x + bar / 2))\" y=\"\(Int(height) + 14)\" text-anchor=\"middle\">\(month.month.suffix(2))</text>"
        }
        return ["currency": currency.code, "svg": svg + "</svg>"]
    }

    func diagnosticsPage() -> Response {
        let snapshot = live.snapshot
        let diagnostics = snapshot.checked.diagnostics
        let text = DiagnosticRenderer(format: .human, color: false, sources: snapshot.book.sources).render(diagnostics)
        let summary = diagnostics.isEmpty ? "No findings" : "\(diagnostics.errorCount) error(s), \(diagnostics.warningCount) warning(s)"
        return layout("Diagnostics", Templates.render("diagnostics", ["summary": summary, "text": Self.either(text.isEmpty ? nil : text)]))
    }

    func clientPage(_ id: String) -> Response {
        let snapshot = live.snapshot
        guard let client = snapshot.book.clients[id] else { return notFound("No client \(id)") }
        let report = snapshot.report, locale = report.locale
        let balances = report.clients.filter { $0.id == id }.compactMap { row -> [String: Any]? in
            guard let currency = row.currency else { return nil }
            return ["currency": currency.code, "outstanding": MoneyFormat.format(row.invoiced - row.paid, currency, locale: locale),
                    "invoiced": MoneyFormat.format(row.invoiced, currency, locale: locale), "paid": MoneyFormat.format(row.paid, currency, locale: locale)]
        }
        var documents: [[String: Any]] = report.invoices.filter { $0.clientID == id }.map {
            ["number": $0.number, "issued": $0.issued.description, "total": money($0.total, locale), "balance": money($0.balance, locale), "status": $0.status.rawValue]
        }
        documents += report.estimates.filter { $0.clientID == id }.map {
            ["number": $0.number, "issued": $0.issued.description, "total": money($0.total, locale), "balance": "", "status": $0.status.rawValue]
        }
        documents += report.creditNotes.filter { $0.clientID == id }.map {
            ["number": $0.number, "issued": $0.issued.description, "total": money(Money(-$0.total.minorUnits, $0.total.currency), locale), "balance": "", "status": $0.status.rawValue]
        }
        return layout(client.contact.name, Templates.render("client", [
            "id": id, "name": client.contact.name, "email": Self.either(client.contact.email), "file": client.file, "balances": balances,
            "sourceLink": Self.sourceLink(client.file),
            "documents": documents.sorted { ($0["issued"] as! String) > ($1["issued"] as! String) },
        ]))
    }

    /// The client's statement of account on the server's day, as `invoic statement` writes it
    /// (the first currency's when the client was invoiced in several).
    func statementPDF(_ id: String) -> Response {
        let snapshot = live.snapshot
        let book = snapshot.book
        guard let client = book.clients[id] else { return notFound("No client \(id)") }
        guard snapshot.errors.isEmpty, let renderer = try? PDFRenderer(book: book) else {
            return layout("No PDF", Templates.render("refused", ["message": "No statement while the book has errors", "back": "/diagnostics"]), status: .conflict)
        }
        var statements = book.statements(of: id, on: snapshot.today)
        if statements.isEmpty, let currency = client.currency?.value ?? book.settings.defaults.currency?.value {
            statements = [Statement(client: id, date: snapshot.today, currency: currency, accounts: [])]
        }
        guard let statement = statements.first else { return notFound("No currency for \(id)'s statement") }
        switch renderer.render(statement) {
        case .success(let bytes):
            return Response(status: .ok, headers: [.contentType: "application/pdf", .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        case .failure(let error):
            return layout("No PDF", Templates.render("refused", ["message": "The statement cannot be rendered", "text": error.diagnostics.map(\.message).joined(separator: "\n"), "back": "/clients/\(id)"]), status: .conflict)
        }
    }

    func documentRoute(_ number: String, _ request: Request) -> Response {
        if number.hasSuffix(".pdf") { return pdf(String(number.dropLast(4))) }
        return documentPage(number, done: request.uri.queryParameters.get("done"))
    }

    func pdf(_ number: String) -> Response {
        let snapshot = live.snapshot
        guard let document = snapshot.book.document(number) else { return notFound("No document \(number)") }
        guard snapshot.errors.isEmpty, let renderer = try? PDFRenderer(book: snapshot.book) else {
            return layout("No PDF", Templates.render("refused", ["message": "No PDF while the book has errors", "back": "/diagnostics"]), status: .conflict)
        }
        switch renderer.render(document) {
        case .success(let bytes):
            return Response(status: .ok, headers: [.contentType: "application/pdf", .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        case .failure(let error):
            return layout("No PDF", Templates.render("refused", ["message": "\(number) cannot be rendered", "text": error.diagnostics.map(\.message).joined(separator: "\n"), "back": "/"]), status: .conflict)
        }
    }

    func documentPage(_ number: String, done: String?) -> Response {
        let snapshot = live.snapshot
        let book = snapshot.book
        guard let document = book.document(number) else { return notFound("No document \(number)") }
        let status = book.status(of: document, today: snapshot.today)
        let locale = document.figures?.locale ?? snapshot.report.locale
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
                lines.append(["description": item.description, "quantity": item.quantity.map { "\($0.value)" } ?? "1",
                              "price": MoneyFormat.format(item.price.value, currency, locale: locale), "amount": format(line.amount)])
            }
            totals = [["label": "Subtotal", "value": format(figures.breakdown.subtotal)], ["label": "Tax", "value": format(figures.breakdown.tax)],
                      ["label": "Total", "value": format(figures.payable)]]
            if document.kind != .estimate {
                // What is owed now: the invoice's account (payments, credit notes, refunds, fees);
                // for a credit note, what is still owed back to the client on its invoice.
                let account = document.kind == .invoice ? book.account(of: document, through: snapshot.today)
                    : book.correctedAccount(of: document, through: snapshot.today)
                let due = document.kind == .invoice ? account?.balance ?? figures.balance : -(account?.refundOwed(by: document) ?? 0)
                totals += [["label": document.kind == .creditNote ? "Refunded" : "Paid", "value": format(document.kind == .invoice ? account?.received ?? figures.paid : figures.paid)],
                           ["label": due < 0 ? "Refund owed" : "Due", "value": format(abs(due))]]
                if document.kind == .creditNote {
                    // A refund may go back today only for what is owed with everything recorded.
                    refundOwed = book.recordedAccount(for: document)?.refundOwed(by: document) ?? 0
                    refundAmount = MoneyFormat.plain(refundOwed, currency)
                }
                balance = MoneyFormat.plain(max(0, due), currency)
            }
            for (payment, amount) in zip(document.payments, figures.payments) {
                payments.append(["date": payment.date.value.description, "amount": format(amount), "method": payment.method.rawValue, "reference": payment.reference ?? payment.note ?? ""])
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
        let content = Templates.render("document", [
            "kind": document.kind == .creditNote ? "Credit note" : document.kind.rawValue.capitalized, "number": number, "status": status.rawValue,
            "clientID": document.client.value, "client": book.clients[document.client.value]?.contact.name ?? document.client.value,
            "issued": document.issued.value.description, "due": Self.either(document.figures?.dueDate?.description), "file": document.file,
            "sourceLink": Self.sourceLink(document.file), "editLink": Self.either(editable && Self.isDraft(document) ? "/edit/" + Self.segment(number) : nil),
            "lines": lines, "totals": totals, "payments": payments, "hasPayments": !payments.isEmpty, "history": Self.either(history), "pdf": snapshot.errors.isEmpty,
            "actions": editable ? actions.merging(["csrf": csrfToken, "number": number, "today": snapshot.today.description, "balance": balance,
                                                      "refundAmount": refundAmount]) { a, _ in a } as Any : false,
        ])
        return layout("\(number)", content, done: done)
    }
}
