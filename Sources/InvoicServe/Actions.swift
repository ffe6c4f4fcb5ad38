import Foundation
import Hummingbird
import InvoicAuthoring
import InvoicBook
import InvoicDiagnostics
import InvoicMoney

/// Refuses what a local web app must never do: answer a request for another host (DNS
/// rebinding), take a form from another origin or without this server's token (CSRF), or write
/// when it was started `--read-only`.
struct Guard<Context: RequestContext>: RouterMiddleware {
    let server: BookServer

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard server.accepts(host: request.head.authority ?? "") else {
            return BookServer.page("Forbidden: this server answers to \(server.url) only\n", status: .forbidden, type: "text/plain; charset=utf-8")
        }
        if let origin = request.headers[.origin], !(origin.hasPrefix("http://") && server.accepts(host: String(origin.dropFirst(7)))) {
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

extension BookServer {
    /// Whether a request's Host (or an Origin's host) names this server: its own address or the
    /// loopback names, with its port or none. A name that resolves here by DNS rebinding
    /// (`evil.example:8037`) is refused.
    public func accepts(host: String) -> Bool {
        let own = options.host.contains(":") ? "[\(options.host)]" : options.host
        let names = Set([own, "127.0.0.1", "localhost", "[::1]"])
        return names.contains(host) || names.map({ "\($0):\(options.port)" }).contains(host)
    }

    /// The fields of a urlencoded form body.
    static func form(_ request: Request) async throws -> [String: String] {
        var request = request
        let buffer = try await request.collectBody(upTo: 64 * 1024)
        var fields: [String: String] = [:]
        for pair in String(buffer: buffer).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "" }
            if parts.count == 2 { fields[parts[0]] = parts[1] } else if parts.count == 1 { fields[parts[0]] = "" }
        }
        return fields
    }

    func refused(_ message: String, diagnostics: [Diagnostic] = [], sources: [String: SourceFile] = [:], back: String, status: HTTPResponse.Status = .unprocessableContent) -> Response {
        let text = diagnostics.isEmpty ? "" : DiagnosticRenderer(format: .human, color: false, sources: sources).render(diagnostics)
        return layout("Not written", Templates.render("refused", ["message": message, "text": Self.either(text.isEmpty ? nil : text), "back": back]), status: status)
    }

    /// Checks the token, runs the edit through the authoring engine (which checks the whole book
    /// with the change and writes nothing that would add an error), reloads, and sends the
    /// browser back to the page with what was done.
    func perform(_ request: Request, back: String, fields: [String: String], _ edit: (CheckedBook, BookEditor) throws(AuthoringError) -> (changes: [FileChange], done: String, goTo: String?)) -> Response {
        guard fields["csrf"] == csrfToken else {
            return refused("The form is from another session: reload the page and try again", back: back, status: .forbidden)
        }
        let editor = BookEditor(root: live.root)
        do {
            let checked = try editor.check()
            let result = try edit(checked, editor)
            _ = try editor.commit(result.changes, dryRun: false)
            live.reload()
            let target = result.goTo ?? back
            let location = target + "?done=" + (result.done.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            return Response(status: .seeOther, headers: [.location: location])
        } catch {
            if case .wouldIntroduceErrors(let diagnostics, let sources) = error {
                return refused("This would add an error to the book, so nothing was written", diagnostics: diagnostics, sources: sources, back: back)
            }
            return refused("\(error)", back: back)
        }
    }

    func act(_ number: String, _ action: String, _ request: Request) async throws -> Response {
        let fields = try await Self.form(request)
        let back = "/documents/\(number)"
        func day(_ key: String) -> Day { fields[key].flatMap { Day($0) } ?? live.snapshot.today }
        return perform(request, back: back, fields: fields) { checked, editor throws(AuthoringError) in
            guard let document = checked.book.document(number) else { throw .refused("no document \(number) in this book") }
            let file = try editor.read(document.file)
            let facts = try DocumentFacts(document: document, text: file.text, credited: checked.book.creditedNet(of: document))
            func change(_ text: String) -> [FileChange] { [FileChange(path: document.file, before: file.bytes, after: text)] }
            switch action {
            case "send": return (change(try facts.send(on: day("date"))), "\(number) recorded as sent", nil)
            case "pay":
                let method = PaymentMethod(rawValue: fields["method"].flatMap { $0.isEmpty ? nil : $0 } ?? "bank_transfer")
                return (change(try facts.pay(.exactly(fields["amount"] ?? ""), on: day("date"), method: method, note: nil)), "payment recorded on \(number)", nil)
            case "void": return (change(try facts.void(on: day("date"), reason: fields["reason"] ?? "")), "\(number) voided", nil)
            case "accept": return (change(try facts.accept(on: day("date"))), "\(number) accepted", nil)
            case "decline": return (change(try facts.decline(on: day("date"))), "\(number) declined", nil)
            case "convert":
                guard document.kind == .estimate, checked.book.status(of: document, today: live.snapshot.today) == .accepted else {
                    throw .refused("only an accepted estimate is converted")
                }
                let issued = live.snapshot.today
                let invoice = checked.book.nextNumber(for: .invoice, issued: issued)
                let path = checked.book.file(forNew: .invoice, number: invoice, issued: issued)
                let text = NewFiles.conversion(of: document, number: invoice, client: checked.book.clients[document.client.value], book: checked.book,
                                               issued: issued, estimateText: file.text, path: path)
                return ([FileChange(path: path, before: nil, after: text)], "\(number) converted to \(invoice)", "/documents/\(invoice)")
            case "credit":
                guard document.kind == .invoice else { throw .refused("only an invoice is credited") }
                let issued = live.snapshot.today
                let note = checked.book.nextNumber(for: .creditNote, issued: issued)
                let path = checked.book.file(forNew: .creditNote, number: note, issued: issued)
                let text = NewFiles.creditNote(reversing: document, lines: nil, number: note, reason: fields["reason"], issued: issued,
                                               invoiceText: file.text, path: path)
                return ([FileChange(path: path, before: nil, after: text)], "\(note) credits \(number)", "/documents/\(note)")
            default:
                throw .refused("unknown action \(action)")
            }
        }
    }

    /// A new invoice for a client, with one line to fill in: the file to open in an editor.
    func newInvoice(_ request: Request) async throws -> Response {
        let fields = try await Self.form(request)
        return perform(request, back: "/", fields: fields) { checked, _ throws(AuthoringError) in
            guard let id = fields["client"], let client = checked.book.clients[id] else { throw .refused("no client \(fields["client"] ?? "")") }
            let issued = live.snapshot.today
            let number = checked.book.nextNumber(for: .invoice, issued: issued)
            let path = checked.book.file(forNew: .invoice, number: number, issued: issued)
            let text = NewFiles.document(.invoice, number: number, client: client, book: checked.book, issued: issued, like: nil, path: path)
            return ([FileChange(path: path, before: nil, after: text)], "\(number) started in \(path): fill in its line in your editor", "/documents/\(number)")
        }
    }
}
