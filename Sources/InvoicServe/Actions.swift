import Foundation
import HTTPTypes
import Hummingbird
import InvoicAuthoring
import InvoicBook
import InvoicDiagnostics
import InvoicMoney
import InvoicPDF
import InvoicPeppol
import InvoicVeriFactu
import InvoicReport

/// Refuses what a local web app must never do: answer a request for another host (DNS
/// rebinding), take a form from another origin or without this server's token (CSRF), or write
/// when it was started `--read-only`.
struct Guard<Context: RequestContext>: RouterMiddleware {
    let server: BookServer

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // HTTP/1.1 allows one Host: with two, a proxy and this server could each read another.
        guard request.headers[values: BookServer.hostField].isEmpty else {
            return BookServer.page("Bad request: more than one Host header\n", status: .badRequest, type: "text/plain; charset=utf-8")
        }
        guard server.accepts(host: request.head.authority ?? "") else {
            return BookServer.page("Forbidden: this server answers to \(server.url) only\n", status: .forbidden, type: "text/plain; charset=utf-8")
        }
        if let origin = request.headers[.origin], !server.accepts(origin: origin) {
            return BookServer.page("Forbidden: a request from another site\n", status: .forbidden, type: "text/plain; charset=utf-8")
        }
        if request.method == .post {
            if server.options.readOnly {
                return BookServer.page("This server is read-only (--read-only): nothing is written.\n", status: .methodNotAllowed, type: "text/plain; charset=utf-8")
            }
        }
        return try await next(request, context)
    }
}

/// Headers every answer carries, whatever made it (a page, a PDF, an asset, a refusal, an error
/// of the router): no other site may frame a page (clickjacking: a click on a pre-filled form
/// inside a hidden frame), and the browser runs no script and loads nothing but this server's own
/// files. A PDF may be framed by this server's own document page (its `<object>`), by no other:
/// Chromium shows an object's PDF in a frame, so `frame-src 'self'` as well as `object-src 'self'`.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    static var contentSecurityPolicy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'self'; frame-src 'self'; "
            + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    }
    static var pdfContentSecurityPolicy: String { "default-src 'none'; frame-ancestors 'self'" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPResponseError {
            response = (try? error.response(from: request, context: context)) ?? BookServer.page("\(error.status)\n", status: error.status, type: "text/plain; charset=utf-8")
        } catch {
            response = BookServer.page("Internal error\n", status: .internalServerError, type: "text/plain; charset=utf-8")
        }
        let isPDF = response.headers[.contentType] == "application/pdf"
        response.headers[HTTPField.Name("X-Frame-Options")!] = isPDF ? "SAMEORIGIN" : "DENY"
        response.headers[.contentSecurityPolicy] = isPDF ? Self.pdfContentSecurityPolicy : Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        // same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with the
        // app's own form posts, and the guard above (rightly) refuses a null origin.
        response.headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        return response
    }
}

extension BookServer {
    /// A `Host` header among the fields: the first one is the request's authority, a second stays a field.
    static let hostField = HTTPField.Name("Host")!

    /// Whether a request's Host (or an Origin's host) names this server: its own address or the
    /// loopback names, with its port or none. A name that resolves here by DNS rebinding
    /// (`evil.example:8037`) is refused.
    public func accepts(host: String) -> Bool {
        ownNames.contains(host) || ownNames.map({ "\($0):\(options.port)" }).contains(host)
    }

    /// Whether an `Origin` is this server's: scheme, host and port all its own (a browser leaves out
    /// only the scheme's default port, so `http://127.0.0.1` is port 80). Another port on the same
    /// host is another origin, another program: `http://localhost` without the port is 403 unless
    /// this server listens on 80.
    public func accepts(origin: String) -> Bool {
        ownNames.contains { name in
            origin == "http://\(name):\(options.port)" || (options.port == 80 && origin == "http://\(name)")
        }
    }

    /// The names this server answers to: its own address and the loopback names.
    private var ownNames: Set<String> {
        Set([options.host.contains(":") ? "[\(options.host)]" : options.host, "127.0.0.1", "localhost", "[::1]"])
    }

    /// A urlencoded form body: its fields, and what is wrong with it (a field twice, a field
    /// that is not percent-encoded UTF-8).
    struct Form {
        var fields: [String: String] = [:]
        var problems: [String] = []
        /// The words the problems are told in: the book's language.
        var words = AppWords(locale: "en")

        subscript(_ key: String) -> String? { fields[key] }

        /// Notes each field the action does not take, and each it needs that is missing.
        mutating func expect(_ allowed: Set<String>, required: Set<String> = []) {
            for name in fields.keys.sorted() where !allowed.contains(name) && name != "csrf" {
                problems.append("`\(name)`: " + words["field_unknown"])
            }
            for name in required.sorted() where fields[name] == nil {
                problems.append("`\(name)`: " + words["field_missing"])
            }
            // One line each: no control character (a line break, ESC, U+009B) in any field.
            for (name, value) in fields.sorted(by: { $0.key < $1.key })
            where value.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                problems.append("`\(name)`: " + words["field_control"])
            }
        }

        /// The day a date field gives: today when it is absent or left empty (as the command line
        /// without `--date`). One that is not a day is a problem noted (the form is then refused),
        /// never replaced by today: nothing is recorded on a day the user did not give.
        mutating func day(_ key: String, today: Day) -> Day {
            guard let text = fields[key], !text.isEmpty else { return today }
            guard let day = Day(text) else {
                problems.append("`\(key)`: " + words.format("field_not_date", ["text": text]))
                return today
            }
            return day
        }
    }

    /// The fields of a urlencoded form body.
    static func form(_ request: Request, words: AppWords = AppWords(locale: "en"), limit: Int = 64 * 1024) async throws -> Form {
        var request = request
        let buffer = try await request.collectBody(upTo: limit)
        var form = Form(words: words)
        for pair in String(buffer: buffer).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
            guard let name = parts[0], parts.count == 1 || parts[1] != nil else {
                form.problems.append("`\(String(pair.prefix(40)))`: " + words["field_encoding"])
                continue
            }
            guard form.fields[name] == nil else {
                form.problems.append("`\(name)`: " + words["field_twice"])
                continue
            }
            form.fields[name] = parts.count == 2 ? parts[1]! : ""
        }
        return form
    }

    func refused(_ message: String, diagnostics: [Diagnostic] = [], sources: [String: SourceFile] = [:], text given: String = "", back: String,
                 status: HTTPResponse.Status = .unprocessableContent) -> Response {
        let text = diagnostics.isEmpty ? given : DiagnosticRenderer(format: .human, color: false, sources: sources).render(diagnostics)
        let heading = live.snapshot.words["not_written"]
        return layout(heading, render("refused", ["heading": heading, "message": message, "text": Self.either(text.isEmpty ? nil : text), "back": back]), status: status)
    }

    /// The answer to a form that is not this session's (no token) or has a field the command line
    /// would refuse; nil when it may be acted on.
    func refusal(of form: Form, back: String) -> Response? {
        let words = live.snapshot.words
        guard form["csrf"] == csrfToken else { return refused(words["form_other_session"], back: back, status: .forbidden) }
        // A field the command line would refuse is refused here too: nothing is written.
        guard form.problems.isEmpty else { return refused(words["form_invalid"], text: form.problems.joined(separator: "\n"), back: back) }
        return nil
    }

    /// Checks the token, runs the edit through the authoring engine (which locks the book, checks
    /// the whole book with the change and writes nothing that would add an error), reloads, and
    /// sends the browser back to the page with what was done. The edit reads the book afresh
    /// inside the lock, so two requests at once (or a request and `invoic pay`) take turns.
    /// Runs one action's edit under the book's lock. A new document takes its number from the
    /// `NumberGiver` it is handed (reserved on the remote when the book asks for it).
    func perform(_ request: Request, back: String, form: Form,
                 _ edit: (CheckedBook, BookEditor, NumberGiver) throws(AuthoringError) -> (changes: [FileChange], done: String, goTo: String?)) -> Response {
        let words = live.snapshot.words
        if let refusal = refusal(of: form, back: back) { return refusal }
        let editor = BookEditor(root: live.root)
        let numbers = NumberGiver(root: live.root)
        do {
            var outcome = (done: "", goTo: String?.none)
            try editor.edit(allowing: numbers.allows) { checked, editor throws(AuthoringError) in
                let result = try edit(checked, editor, numbers)
                outcome = (result.done, result.goTo)
                return result.changes
            }
            live.reload()
            if let note = verifactuRecorded() { outcome.done += " (\(note))" }
            if let note = synced() { outcome.done += " (\(note))" }
            let target = outcome.goTo ?? back
            let location = target + "?done=" + (outcome.done.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? "")
            return Response(status: .seeOther, headers: [.location: location])
        } catch {
            if case .wouldIntroduceErrors(let diagnostics, let sources) = error {
                return refused(words["would_add_error"], diagnostics: diagnostics, sources: sources, back: back)
            }
            return refused("\(error)", back: back)
        }
    }

    /// Spain: a document issued or voided here gets its VeriFactu record at once, as from `invoic
    /// send` and `void` (docs/spain.md): every record the reloaded book lacks, under the book's lock.
    func verifactuRecorded() -> String? {
        let checked = live.snapshot.checked
        guard checked.book.settings.verifactu != nil, !checked.diagnostics.contains(where: { $0.severity == .error }) else { return nil }
        do {
            let lock = try BookLock(root: live.root)
            let written = try withExtendedLifetime(lock) {
                try VeriFactuRegister.record(book: checked.book, root: live.root, version: InvoicVersion.string, now: Date(), timeZone: .current)
            }
            return written.isEmpty ? nil : "VeriFactu: " + written.map { String($0.split(separator: "/").last ?? "") }.joined(separator: ", ")
        } catch {
            return "no VeriFactu record written: \(error); run `invoic verifactu record`"
        }
    }

    /// The fields each action takes (besides `csrf`), and those it needs.
    static let actionFields: [String: (allowed: Set<String>, required: Set<String>)] = [
        "send": (["date"], []), "pay": (["amount", "date", "method"], ["amount"]), "void": (["date", "reason"], ["reason"]),
        "accept": (["date"], []), "decline": (["date"], []), "convert": ([], []), "credit": (["reason"], []),
        "refund": (["amount", "date", "method"], []), "remind": ([], []), "peppol": (["date"], []),
    ]

    func act(_ number: String, _ action: String, _ request: Request) async throws -> Response {
        let words = live.snapshot.words
        var form = try await Self.form(request, words: words)
        let back = Self.documentPath(number)
        guard let expected = Self.actionFields[action] else { return notFound(words.format("no_action", ["action": action])) }
        form.expect(expected.allowed, required: expected.required)
        let date = form.day("date", today: live.snapshot.today)
        if let method = form["method"], !method.isEmpty, method.trimmingCharacters(in: .whitespaces).isEmpty {
            form.problems.append("`method`: " + words["field_spaces"])
        }
        let fields = form.fields
        var peppolDone = ""
        if action == "peppol" {
            // The same checks and the same outbox as `invoic peppol send`; the transmission happens
            // before the edit (it holds the book's lock itself), the edit then records sent_via.
            guard form["csrf"] == csrfToken else { return refused(words["form_other_session"], back: back, status: .forbidden) }
            let snapshot = live.snapshot
            guard snapshot.errors.isEmpty else { return refused(words["would_add_error"], back: back) }
            do {
                let (document, submission, settings) = try Submission.make(number, in: snapshot.book) { $0.figures != nil }
                let outcome = try PeppolSender(root: live.root, settings: settings).send(document, submission, resend: nil)
                let attempt: OutboxRecord.Attempt
                switch outcome {
                case .sent(let sent): attempt = sent
                case .resolved(let resolved): attempt = resolved
                }
                live.reload()
                if attempt.state == .failed || attempt.state == .refused {
                    return refused("Peppol: \(attempt.state.rawValue)", text: attempt.history.last?.detail ?? "", back: back)
                }
                peppolDone = " (Peppol: \(attempt.state.rawValue))"
            } catch {
                live.reload()
                return refused("Peppol: \(error)", back: back)
            }
        }
        return perform(request, back: back, form: form) { checked, editor, numbers throws(AuthoringError) in
            guard let document = checked.book.document(number) else { throw .refused(words.format("no_document", ["number": number])) }
            let file = try editor.read(document.file)
            let facts = try DocumentFacts(document: document, text: file.text, account: checked.book.recordedAccount(for: document),
                                          typedIn: checked.book.settings.defaults.locale?.value ?? Defaults.fallbackLocale)
            func change(_ text: String) -> [FileChange] { [FileChange(path: document.file, before: file.bytes, after: text)] }
            // An amount typed into the form is refused in the book's language, with its example.
            if action == "pay" || action == "refund", let typed = fields["amount"], !typed.isEmpty, let currency = document.figures?.currency {
                let locale = checked.book.settings.defaults.locale?.value ?? Defaults.fallbackLocale
                if case .failure = TypedAmount.minorUnits(typed, locale: locale, currency: currency) {
                    throw .refused(words.format("form_err_number", ["text": typed, "example": TypedAmount.example(locale: locale, currency: currency)]))
                }
            }
            switch action {
            case "send":
                try numbers.confirm(document, in: checked.book)
                return (change(try facts.send(on: date)), words.format("done_sent", ["number": number]), nil)
            case "peppol":
                if document.sentVia != nil { return ([], words.format("done_sent", ["number": number]) + peppolDone, nil) }
                return (change(try facts.send(on: date, via: .peppol)), words.format("done_sent", ["number": number]) + peppolDone, nil)
            case "pay":
                let method = PaymentMethod(rawValue: fields["method"].flatMap { $0.isEmpty ? nil : $0 } ?? "bank_transfer")
                return (change(try facts.pay(.exactly(fields["amount"] ?? ""), on: date, method: method, note: nil)), words.format("done_paid", ["number": number]), nil)
            case "refund":
                let method = PaymentMethod(rawValue: fields["method"].flatMap { $0.isEmpty ? nil : $0 } ?? "bank_transfer")
                let amount = fields["amount"].flatMap { $0.isEmpty ? nil : $0 }
                return (change(try facts.refund(amount.map { .exactly($0) } ?? .full, on: date, method: method, reference: nil)), words.format("done_refund", ["number": number]), nil)
            case "void": return (change(try facts.void(on: date, reason: fields["reason"] ?? "")), words.format("done_void", ["number": number]), nil)
            case "accept": return (change(try facts.accept(on: date)), words.format("done_accepted", ["number": number]), nil)
            case "decline": return (change(try facts.decline(on: date)), words.format("done_declined", ["number": number]), nil)
            case "convert":
                guard document.kind == .estimate, checked.book.status(of: document, today: live.snapshot.today) == .accepted else {
                    throw .refused("only an accepted estimate is converted")
                }
                let issued = live.snapshot.today
                let invoice = try numbers.next(for: .invoice, issued: issued, in: checked.book)
                let path = checked.book.file(forNew: .invoice, number: invoice, issued: issued)
                let text = NewFiles.conversion(of: document, number: invoice, client: checked.book.clients[document.client.value], book: checked.book,
                                               issued: issued, estimateText: file.text, path: path)
                return ([FileChange(path: path, before: nil, after: text)], words.format("done_converted", ["number": number, "invoice": invoice]), Self.documentPath(invoice))
            case "credit":
                guard document.kind == .invoice else { throw .refused("only an invoice is credited") }
                let issued = live.snapshot.today
                let note = try numbers.next(for: .creditNote, issued: issued, in: checked.book)
                let path = checked.book.file(forNew: .creditNote, number: note, issued: issued)
                let text = NewFiles.creditNote(reversing: document, lines: nil, number: note, reason: fields["reason"], issued: issued,
                                               invoiceText: file.text, path: path)
                return ([FileChange(path: path, before: nil, after: text)], words.format("done_credit", ["note": note, "number": number]), Self.documentPath(note))
            case "remind":
                // As `invoic remind --apply`: the reminder due today, read again inside the lock,
                // so one recorded meanwhile (another tab, the command line) is not recorded twice.
                guard let reminder = checked.book.remindersDue(on: live.snapshot.today).first(where: { $0.invoice.number == number }) else {
                    throw .refused(words.format("no_reminder", ["number": number]))
                }
                return (change(try facts.remind(reminder)), words.format("done_reminded", ["n": String(reminder.level), "number": number]), nil)
            default:
                throw .refused("unknown action \(action)")
            }
        }
    }

    /// A new invoice for a client, with one line to fill in: the file to open in an editor.
    func newInvoice(_ request: Request) async throws -> Response {
        let words = live.snapshot.words
        var form = try await Self.form(request, words: words)
        form.expect(["client"], required: ["client"])
        let fields = form.fields
        return perform(request, back: "/", form: form) { checked, _, numbers throws(AuthoringError) in
            guard let id = fields["client"], let client = checked.book.clients[id] else { throw .refused(words.format("no_client", ["id": fields["client"] ?? ""])) }
            let issued = live.snapshot.today
            let number = try numbers.next(for: .invoice, issued: issued, in: checked.book)
            let path = checked.book.file(forNew: .invoice, number: number, issued: issued)
            let text = NewFiles.document(.invoice, number: number, client: client, book: checked.book, issued: issued, like: nil, path: path)
            return ([FileChange(path: path, before: nil, after: text)], words.format("done_started", ["number": number, "path": path]), Self.documentPath(number))
        }
    }
}
