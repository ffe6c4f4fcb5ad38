import Foundation
import Hummingbird
import InvoicBook
import InvoicInbox
import InvoicMoney
import InvoicReport

/// The Purchases page (issue 29): the suppliers' documents the book received, each with its
/// record, its original (downloaded as it was received) and its readable view with the rule
/// findings. Only files the book's own purchases name are served, looked up by record path, so no
/// request can name another file.
extension BookServer {
    func addPurchaseRoutes(_ router: Router<BasicRequestContext>) {
        router.get("/purchases") { request, _ in self.purchasesPage(done: request.uri.queryParameters.get("done").map { String($0) }) }
        router.get("/purchases/view") { request, _ in self.purchaseFile(request, as: .view) }
        router.get("/purchases/original") { request, _ in self.purchaseFile(request, as: .original) }
        router.get("/purchases/record") { request, _ in self.purchaseFile(request, as: .record) }
        router.get("/purchases/view.pdf") { request, _ in await self.renders.respond { self.purchaseFile(request, as: .pdf) } }
        router.post("/purchases") { request, _ in try await self.receiveUpload(request) }
        router.post("/purchases/pay") { request, _ in try await self.payPurchase(request) }
    }

    /// The largest file the page takes: a supplier's PDF with its attachments, with room to spare.
    static let maximumUpload = 32 * 1024 * 1024

    /// A file chosen or dropped on the Purchases page, received as `invoic receive FILE` would:
    /// the same pipeline, the same lock, the same refusals.
    func receiveUpload(_ request: Request) async throws -> Response {
        let words = live.snapshot.words
        var request = request
        guard let type = request.headers[.contentType], let boundary = Self.boundary(of: type) else {
            return refused(words["upload_no_file"], back: "/purchases")
        }
        let body = Array(buffer: try await request.collectBody(upTo: Self.maximumUpload))
        let parts = Self.multipartParts(body, boundary: boundary)
        guard parts.first(where: { $0.name == "csrf" }).map({ String(decoding: $0.bytes, as: UTF8.self) }) == csrfToken else {
            return refused(words["form_err_session"], back: "/purchases", status: .forbidden)
        }
        guard let file = parts.first(where: { $0.name == "file" && !($0.filename ?? "").isEmpty && !$0.bytes.isEmpty }) else {
            return refused(words["upload_no_file"], back: "/purchases")
        }
        let name = ((file.filename ?? "upload") as NSString).lastPathComponent
        let outcomes = Inbox.receive(bytes: file.bytes, filename: name, into: live.root, today: live.snapshot.today)
        live.reload()
        if let refusal = outcomes.first(where: { $0.status == .refused })?.refusal {
            return refused(words.format("upload_refused", ["file": name]), text: "\(refusal.message)\n\(refusal.help)", back: "/purchases")
        }
        let done = outcomes.map { outcome in
            "\(outcome.status == .duplicate ? words["upload_duplicate"] : words["upload_received"]): \(outcome.number ?? name) (\(outcome.record ?? ""))"
        }.joined(separator: "; ")
        return Response(status: .seeOther, headers: [.location: "/purchases?done=" + (done.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? "")])
    }

    /// `multipart/form-data; boundary=X` -> X.
    static func boundary(of contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return value.isEmpty || value.count > 200 ? nil : value
            }
        }
        return nil
    }

    /// The parts of a multipart/form-data body (RFC 7578): each part's field name, file name and
    /// bytes, exactly as sent. A malformed body gives the parts read before the fault.
    static func multipartParts(_ body: [UInt8], boundary: String) -> [(name: String, filename: String?, bytes: [UInt8])] {
        let delimiter = Array("--\(boundary)".utf8)
        func find(_ needle: [UInt8], from start: Int) -> Int? {
            guard let first = needle.first, body.count >= needle.count else { return nil }
            var index = start
            while index <= body.count - needle.count {
                if body[index] == first, body[index..<index + needle.count].elementsEqual(needle) { return index }
                index += 1
            }
            return nil
        }
        var parts: [(String, String?, [UInt8])] = []
        guard var at = find(delimiter, from: 0) else { return [] }
        let headerEnd = Array("\r\n\r\n".utf8)
        let next = Array("\r\n--\(boundary)".utf8)
        while true {
            at += delimiter.count
            // `--` after the delimiter ends the body.
            if at + 1 < body.count, body[at] == UInt8(ascii: "-"), body[at + 1] == UInt8(ascii: "-") { break }
            guard let headersEnd = find(headerEnd, from: at) else { break }
            let headers = String(decoding: body[at..<headersEnd], as: UTF8.self)
            let start = headersEnd + headerEnd.count
            guard let end = find(next, from: start) else { break }
            var name = "", filename: String?
            for line in headers.split(whereSeparator: \.isNewline) where line.lowercased().hasPrefix("content-disposition:") {
                for parameter in line.split(separator: ";").dropFirst() {
                    let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    guard pair.count == 2 else { continue }
                    let value = pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"") && pair[1].count >= 2 ? String(pair[1].dropFirst().dropLast()) : pair[1]
                    if pair[0].lowercased() == "name" { name = value }
                    if pair[0].lowercased() == "filename" { filename = value }
                }
            }
            parts.append((name, filename, Array(body[start..<end])))
            at = end + 2
        }
        return parts.map { (name: $0.0, filename: $0.1, bytes: $0.2) }
    }

    enum PurchaseOutput { case view, pdf, original, record }

    func purchasesPage(done: String? = nil) -> Response {
        let snapshot = live.snapshot
        let locale = snapshot.report.locale
        let words = snapshot.words
        var html = "<section class=\"panel\"><h1>\(escaped(words["purchases"]))</h1>\n"
        let rows = snapshot.report.purchases
        if rows.isEmpty {
            html += "<p>" + escaped(words["purchases_empty"]).replacingOccurrences(of: "{command}", with: "<code>invoic receive FILE</code>") + "</p>"
        } else {
            let heads = ["number", "supplier", "issued", "due"].map { "<th>\(escaped(words[$0]))</th>" }.joined()
                + ["total", "balance"].map { "<th class=\"num\">\(escaped(words[$0]))</th>" }.joined()
                + "<th>\(escaped(words["status"]))</th><th>\(escaped(words.reportWord("findings")))</th>"
            html += "<div class=\"scroll\" tabindex=\"0\"><table class=\"purchases\"><thead><tr>\(heads)<th></th></tr></thead><tbody>\n"
            for row in rows {
                guard let purchase = snapshot.book.purchases.first(where: { $0.source == row.source }) else { continue }
                let file = purchase.file.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? ""
                html += "<tr><td><a href=\"/purchases/view?file=\(file)\">\(escaped(row.number))</a></td>"
                    + "<td>\(escaped(row.supplierName))</td><td class=\"nowrap\">\(escaped(words.date(row.issued)))</td><td class=\"nowrap\">\(escaped(row.due.map { words.date($0) } ?? ""))</td>"
                    + "<td class=\"num\">\(escaped(money(row.total, locale)))</td><td class=\"num\">\(escaped(money(row.balance, locale)))</td>"
                    + "<td>\(escaped(words["status_" + row.status]))</td><td>\(escaped(row.findingsText { words[$0] }))</td>"
                    + "<td><a href=\"/purchases/view.pdf?file=\(file)\">PDF</a> · <a href=\"/purchases/original?file=\(file)\">\(escaped(words["original"]))</a>"
                    + " · <a href=\"\(Self.sourceLink(purchase.file))\">\(escaped(words["edit_source"]))</a></td></tr>\n"
            }
            html += "</tbody></table></div>"
        }
        html += "</section>"
        if !options.readOnly {
            // A file dropped on the field is chosen, in every browser, without any script.
            html += "<section class=\"panel\" aria-labelledby=\"receive\"><h2 id=\"receive\">\(escaped(words["upload_title"]))</h2>"
                + "<form method=\"post\" action=\"/purchases\" enctype=\"multipart/form-data\"><input type=\"hidden\" name=\"csrf\" value=\"\(csrfToken)\">"
                + "<label>\(escaped(words["upload_label"])) <input type=\"file\" name=\"file\" accept=\".xml,.pdf,.eml,application/xml,application/pdf,message/rfc822\"></label> "
                + "<button type=\"submit\">\(escaped(words["upload_button"]))</button></form></section>"
        }
        return layout(words["purchases"], html, done: done)
    }

    /// A payment on a received purchase, as `invoic pay NUMBER --supplier ID` records it: the same
    /// edit of the record's `payments:` under the book's lock, the same refusals (more than is
    /// due, not an amount); then back to the purchase's page.
    func payPurchase(_ request: Request) async throws -> Response {
        let snapshot = live.snapshot
        let words = snapshot.words
        var form = try await Self.form(request, words: words)
        form.expect(["file", "amount", "date", "method"], required: ["file", "amount"])
        let date = form.day("date", today: snapshot.today)
        guard let file = form["file"], let purchase = snapshot.book.purchases.first(where: { $0.file == file }) else {
            return notFound(words.format("no_document", ["number": form["file"] ?? ""]))
        }
        let back = "/purchases/view?file=" + (file.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? "")
        if let refusal = refusal(of: form, back: back) { return refusal }
        let method = form["method"].flatMap { $0.isEmpty || $0 == PaymentMethod.bankTransfer.rawValue ? nil : $0 }
        // Typed as the book's language writes it (`235,62` in a German book), as on every form.
        let locale = snapshot.report.locale, typed = form["amount"] ?? ""
        guard case .success(let amount) = TypedAmount.number(typed, locale: locale) else {
            return refused(words["not_written"], text: words.format("form_err_number", ["text": typed, "example": TypedAmount.example(locale: locale, currency: purchase.currency)]),
                           back: back)
        }
        do {
            _ = try PurchasePayments.pay(root: live.root, number: purchase.number, supplier: purchase.supplier, amount: .exactly(amount.description),
                                        on: date, method: method, reference: nil)
        } catch {
            return refused(words["not_written"], text: "\(error.message)\n\(error.help)", back: back)
        }
        live.reload()
        let done = words.format("done_paid", ["number": purchase.number])
        return Response(status: .seeOther, headers: [.location: back + "&done=" + (done.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? "")])
    }

    func purchaseFile(_ request: Request, as output: PurchaseOutput) -> Response {
        let snapshot = live.snapshot
        guard let file = request.uri.queryParameters.get("file"), let purchase = snapshot.book.purchases.first(where: { $0.file == file }) else {
            return notFound("purchase")
        }
        let path = output == .record ? purchase.file : purchase.source
        guard let bytes = BookFiles.contents(of: path, in: snapshot.book.root, limit: Inbox.maximumFileSize) else { return notFound("purchase") }
        switch output {
        case .record:
            return Self.page(String(decoding: bytes, as: UTF8.self), type: "text/plain; charset=utf-8")
        case .original:
            let type = path.hasSuffix(".pdf") ? "application/pdf" : "application/xml"
            let name = (path as NSString).lastPathComponent
            return Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-store", .contentDisposition: "attachment; filename=\"\(name)\""],
                            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        case .view, .pdf:
            let documents: [IncomingDocument]
            do { documents = try Inbox.read(bytes: bytes, filename: path) } catch {
                return Self.page("cannot read \(escaped(path)): \(escaped(error.message))", status: .unprocessableContent, type: "text/plain; charset=utf-8")
            }
            let document = (documents.first { $0.document.number == purchase.number } ?? documents[0]).received
            let findings = Findings.check(document)
            guard output == .pdf else { return purchasePage(purchase, document, findings: findings, done: request.uri.queryParameters.get("done").map { String($0) }) }
            do {
                let pdf = try ReceivedPDF.render(document, findings: findings, locale: snapshot.report.locale, file: (path as NSString).lastPathComponent, in: snapshot.book).bytes
                return Response(status: .ok, headers: [.contentType: "application/pdf", .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(bytes: pdf)))
            } catch {
                return Self.page("cannot view \(escaped(path)): \(escaped(error.description))", status: .internalServerError, type: "text/plain; charset=utf-8")
            }
        }
    }

    /// A received document's own page, inside the app's layout: the readable view (its style in
    /// /assets/invoic.css, under `.received`), what is left to pay and the form that pays it.
    func purchasePage(_ purchase: Purchase, _ document: ReceivedInvoice, findings: [Finding], done: String?) -> Response {
        let snapshot = live.snapshot
        let words = snapshot.words
        let locale = snapshot.report.locale
        let file = purchase.file.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? ""
        let balance = purchase.balance()
        // A document that breaks fatal rules is kept; the page says whether it awaits the user's
        // decision (as `check` does) or what was decided, and why.
        var html = ""
        if let decision = purchase.decision {
            html += "<p class=\"notice decision \(decision.verdict.rawValue)\">\(escaped(words["status_" + decision.verdict.rawValue])) \(escaped(words.date(decision.date))): \(escaped(decision.reason))</p>\n"
        } else if purchase.awaitsDecision {
            html += "<p class=\"notice decision alert\">\(escaped(purchase.fatalFindings.joined(separator: ", "))): \(escaped(words["purchase_to_decide"]))"
                + " (<code>invoic purchase accept|reject \(escaped(purchase.number)) --reason …</code>)</p>\n"
        }
        html += "<section class=\"received\">" + ReceivedView.body(document, findings: findings, locale: locale, in: snapshot.book) + "</section>\n"
        html += "<section aria-labelledby=\"pay\"><h2 id=\"pay\">\(escaped(words["record"]))</h2>"
            + "<dl class=\"figures\"><dt>\(escaped(words["balance"]))</dt><dd>\(escaped(money(balance, locale)))</dd></dl>"
        if !options.readOnly, balance.minorUnits > 0 {
            let methods = [PaymentMethod.bankTransfer, .card, .cash, .check, .other]
                .map { "<option value=\"\($0.rawValue)\">\(escaped(words["method_\($0.rawValue)"]))</option>" }.joined()
            html += "<div class=\"actions\"><form method=\"post\" action=\"/purchases/pay\"><input type=\"hidden\" name=\"csrf\" value=\"\(csrfToken)\">"
                + "<input type=\"hidden\" name=\"file\" value=\"\(escaped(purchase.file))\">"
                + "<label>\(escaped(snapshot.labels["amount"] ?? words["amount"]))<input name=\"amount\" value=\"\(balance.plain)\" size=\"10\" required></label>"
                + "<label>\(escaped(words["date"]))<input type=\"date\" name=\"date\" value=\"\(snapshot.today)\"></label>"
                + "<label>\(escaped(words["method"]))<select name=\"method\">\(methods)</select></label>"
                + "<button type=\"submit\">\(escaped(words["mark_paid"]))</button></form></div>"
        }
        html += "<p><a href=\"/purchases/view.pdf?file=\(file)\">PDF</a> · <a href=\"/purchases/original?file=\(file)\">\(escaped(words["original"]))</a>"
            + " · <a href=\"/purchases\">\(escaped(words["back"]))</a></p></section>"
        return layout("\(purchase.number) · \(words["purchases"])", html, done: done)
    }
}
