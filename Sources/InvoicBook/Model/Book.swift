import InvoicDiagnostics

/// A whole book as read from disk: settings, clients and documents, with the text of every file
/// so diagnostics can quote it. Documents are sorted by kind then path, so every run is the same.
public struct Book: Sendable {
    /// The book's directory as given by the user.
    public var root: String
    public var settings: BookSettings
    public var clients: [String: Client]
    public var documents: [Document]
    /// File text by the relative path diagnostics use.
    public var sources: [String: SourceFile]
    /// Document files that exist but could not be read: their numbers still count as used.
    public var unreadable: [(kind: DocumentKind, number: String, file: String)] = []
    /// Ids of client files that exist but could not be read: documents naming them are not "unknown".
    public var unreadableClients: Set<String> = []

    public init(root: String, settings: BookSettings, clients: [String: Client], documents: [Document], sources: [String: SourceFile]) {
        self.root = root
        self.settings = settings
        self.clients = clients
        self.documents = documents
        self.sources = sources
    }

    public var invoices: [Document] { documents.filter { $0.kind == .invoice } }
    public var estimates: [Document] { documents.filter { $0.kind == .estimate } }

    public func document(_ number: String) -> Document? { documents.first { $0.number == number } }
}
