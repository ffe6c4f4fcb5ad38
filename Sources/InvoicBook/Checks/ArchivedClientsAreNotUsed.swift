import InvoicDiagnostics

enum ArchivedClientsAreNotUsed: BookCheck {
    static let rule = Rule(.archivedClient, summary: "a document issued after its client was archived",
        explanation: """
        `archived: D` on a client is a soft delete: its old documents stay valid, but nothing issued
        after D may use it. Remove `archived:` to work with the client again. A credit note of an
        invoice issued before D is the exception: correcting an old invoice is always allowed.
        """,
        example: """
        # file: clients/old.yaml
        archived: 2026-06-30
        # file: invoices/INV-0009.yaml
        client: old
        issued: 2026-07-02
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        // Only a document of an archived client can break this.
        for document in book.pick({ book.clients[book.documents[$0].client.value]?.archived != nil }) {
            guard let client = book.clients[document.client.value], let archived = client.archived,
                  document.issued.value > archived.value else { continue }
            if document.kind == .creditNote, let corrected = document.corrects.flatMap({ book.invoice($0.value) }),
               corrected.issued.value <= archived.value { continue }
            diagnostics.append(.error(
                rule.code, "client `\(client.id)` was archived on \(archived.value), before this \(document.kind.rawValue) was issued",
                file: document.file, range: document.client.range,
                help: "remove `archived:` from \(client.file) to work with this client again"))
        }
    }
}

extension DiagnosticCode {
    public static let archivedClient = DiagnosticCode("archived-client")
}
