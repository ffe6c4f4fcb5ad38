/// The key tables as an editor walks them (`invoic lsp`'s completion and hover): the table of a
/// file, and the table reached from it by a path of keys.
extension Schema {
    /// The top-level table of the file `kind` reads.
    public static func table(for kind: BookFileDecoder.Kind) -> KeyTable {
        switch kind {
        case .settings: book
        case .client: client
        case .document(let documentKind, _): document(documentKind)
        case .recurring: recurring
        }
    }

    /// The table of the mapping at `path` (keys from the top level; a list's entries are its
    /// key's table), or nil where the path leaves the schema.
    public static func table(for kind: BookFileDecoder.Kind, at path: [String]) -> KeyTable? {
        var table = table(for: kind)
        for key in path {
            guard let spec = table[key], let next = spec.type.table else { return nil }
            table = next
        }
        return table
    }
}

extension ValueType {
    /// The table of keys a value of this type is a mapping of, through a list.
    public var table: KeyTable? {
        switch self {
        case .mapping(let table, _), .byLanguage(let table): table
        case .list(let element): element.table
        default: nil
        }
    }
}
