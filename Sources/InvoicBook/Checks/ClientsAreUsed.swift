import InvoicDiagnostics

enum ClientsAreUsed: BookCheck {
    static let rule = Rule(.unusedClient, .warning, summary: "a client file no document uses",
        explanation: "A client with no invoice or estimate may be a leftover or a typo'd id.",
        example: """
        # file: clients/meridian.yaml   <- no document says `client: meridian`
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        // A document that could not be read may well be the one using the client.
        guard book.unreadable.isEmpty else { return }
        let used = Set(book.documents.map(\.client.value))
        for client in book.clients.values where !used.contains(client.id) && client.archived == nil {
            diagnostics.append(.warning(
                rule.code, "client `\(client.id)` is not used by any document", file: client.file,
                help: "start a document for it, archive it (`archived: YYYY-MM-DD`), or delete the file"))
        }
    }
}

extension DiagnosticCode {
    public static let unusedClient = DiagnosticCode("unused-client")
}
