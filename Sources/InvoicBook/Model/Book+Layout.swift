extension Book {
    /// Where a new document of `kind` numbered `number`, issued on `issued`, belongs in this book:
    /// the layout its existing documents show. When most documents of that kind (or, for a kind
    /// the book has none of yet, most of its documents) sit in a folder named for their issue
    /// year (`invoices/2026/INV-2026-014.yaml`), the new one goes into its own year's folder;
    /// otherwise straight into the kind's folder (`invoices/INV-0008.yaml`), as `invoic init`
    /// lays a book out.
    public func file(forNew kind: DocumentKind, number: String, issued: Day) -> String {
        let ofKind = documents.filter { $0.kind == kind }
        let examples = ofKind.isEmpty ? documents : ofKind
        let inYearFolders = examples.filter { document in
            let parts = document.file.split(separator: "/")
            return parts.count == 3 && parts[0] == Substring(document.kind.folder) && parts[1] == Substring(String(document.issued.value.year))
        }
        let stem = DocumentKind.fileStem(forNumber: number)
        if !examples.isEmpty, inYearFolders.count * 2 > examples.count {
            return "\(kind.folder)/\(issued.year)/\(stem).yaml"
        }
        return kind.file(forNumber: number)
    }
}
