import Foundation
import Hummingbird
import InvoicBook
import InvoicInbox
import InvoicMoney

/// The Purchases page (issue 29): the suppliers' documents the book received, each with its
/// record, its original (downloaded as it was received) and its readable view with the rule
/// findings. Only files the book's own purchases name are served, looked up by record path, so no
/// request can name another file.
extension BookServer {
    func addPurchaseRoutes(_ router: Router<BasicRequestContext>) {
        router.get("/purchases") { _, _ in self.purchasesPage() }
        router.get("/purchases/view") { request, _ in self.purchaseFile(request, as: .view) }
        router.get("/purchases/original") { request, _ in self.purchaseFile(request, as: .original) }
        router.get("/purchases/record") { request, _ in self.purchaseFile(request, as: .record) }
    }

    enum PurchaseOutput { case view, original, record }

    private static func escapedHTML(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    func purchasesPage() -> Response {
        let snapshot = live.snapshot
        let locale = snapshot.report.locale
        let words = snapshot.words
        var html = "<section class=\"panel\"><h1>\(Self.escapedHTML(words["purchases"]))</h1>\n"
        let rows = snapshot.report.purchases
        if rows.isEmpty {
            html += "<p>No purchases yet: <code>invoic receive FILE</code> keeps a supplier's e-invoice in purchases/.</p>"
        } else {
            html += "<table><thead><tr><th>Number</th><th>Supplier</th><th>Issued</th><th>Due</th><th class=\"num\">Total</th><th class=\"num\">Balance</th><th>Status</th><th>Findings</th><th></th></tr></thead><tbody>\n"
            for row in rows {
                guard let purchase = snapshot.book.purchases.first(where: { $0.source == row.source }) else { continue }
                let file = purchase.file.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? ""
                html += "<tr><td><a href=\"/purchases/view?file=\(file)\">\(Self.escapedHTML(row.number))</a></td>"
                    + "<td>\(Self.escapedHTML(row.supplierName))</td><td>\(row.issued)</td><td>\(row.due?.description ?? "")</td>"
                    + "<td class=\"num\">\(Self.escapedHTML(money(row.total, locale)))</td><td class=\"num\">\(Self.escapedHTML(money(row.balance, locale)))</td>"
                    + "<td>\(Self.escapedHTML(row.status))</td><td>\(Self.escapedHTML(row.findings.joined(separator: ", ")))</td>"
                    + "<td><a href=\"/purchases/original?file=\(file)\">original</a> · <a href=\"/purchases/record?file=\(file)\">record</a></td></tr>\n"
            }
            html += "</tbody></table>"
        }
        html += "</section>"
        return layout(words["purchases"], html)
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
        case .view:
            do {
                let documents = try Inbox.read(bytes: bytes, filename: path)
                let document = documents.first { $0.document.number == purchase.number }?.document ?? documents[0].document
                return Self.page(ReceivedView.html(document, findings: Findings.check(document), locale: snapshot.report.locale))
            } catch {
                return Self.page("cannot read \(Self.escapedHTML(path)): \(Self.escapedHTML(error.message))", status: .unprocessableContent, type: "text/plain; charset=utf-8")
            }
        }
    }
}
