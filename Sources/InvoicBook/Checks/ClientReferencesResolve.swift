import InvoicDiagnostics

enum ClientReferencesResolve: BookCheck {
    static let rule = Rule(.unknownClient, summary: "a document refers to a client that does not exist",
        explanation: """
        `client:` names a file in `clients/` by its stem: `client: meridian` needs `clients/meridian.yaml`.
        """,
        example: """
        # file: invoices/INV-0001.yaml
        client: acme-corp   <- there is no clients/acme-corp.yaml
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        // A schedule's invoice names its client as a document does.
        let schedules = book.recurring.compactMap(\.body)
        func unknown(_ document: Document) -> Bool {
            !document.client.value.isEmpty && book.clients[document.client.value] == nil && !book.unreadableClients.contains(document.client.value)
        }
        // The documents' clients are looked up in place: only a document naming an unknown one is copied.
        let documents = book.pick { book.clients[book.documents[$0].client.value] == nil && unknown(book.documents[$0]) }
        for document in [documents, schedules].joined() where unknown(document) {
            let id = document.client.value
            let fix = closestMatch(to: id, in: book.clients.keys)
            let help = fix.map { "did you mean `\($0)`? (clients/\($0).yaml)" } ?? "create clients/\(id).yaml with at least `name:`"
            diagnostics.append(Diagnostic.error(
                rule.code, "\(document.number.hasPrefix("recurring/") ? "recurring invoice" : document.kind.rawValue) refers to a client that does not exist",
                file: document.file, range: document.client.range, label: "no file clients/\(id).yaml", help: help).replacing(with: fix))
        }
    }
}

extension DiagnosticCode {
    public static let unknownClient = DiagnosticCode("unknown-client")
}
