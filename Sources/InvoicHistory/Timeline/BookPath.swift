import InvoicBook

/// What a path of the book holds, by the same rules the loader finds files with: documents
/// anywhere below invoices/, estimates/ and credit-notes/, clients directly in clients/, hidden entries skipped.
enum BookPath: Hashable, Sendable {
    case document(DocumentKind, number: String)
    case client(id: String)
    case settings

    init?(_ path: String) {
        if path == BookSettings.fileName {
            self = .settings
            return
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, !parts.dropFirst().contains(where: { $0.isEmpty || $0.hasPrefix(".") }),
              let stem = Self.stem(of: parts[parts.count - 1]) else { return nil }
        if parts[0] == "clients" {
            guard parts.count == 2 else { return nil }
            self = .client(id: stem)
        } else if let kind = DocumentKind.allCases.first(where: { $0.folder == parts[0] }) {
            self = .document(kind, number: stem)
        } else {
            return nil
        }
    }

    private static func stem(of name: Substring) -> String? {
        if name.hasSuffix(".yaml") { return String(name.dropLast(5)) }
        if name.hasSuffix(".yml") { return String(name.dropLast(4)) }
        return nil
    }
}
