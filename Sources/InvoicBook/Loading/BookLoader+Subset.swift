import InvoicDiagnostics

extension BookLoader {
    /// Some of a book's files, decoded and put together exactly as `load` does, and priced: what a
    /// one-document command needs when the verdict on the whole book is known already (cached by
    /// content, `BookPipeline.check(rendering:)`). A document is priced from its own file, its
    /// client and invoic.yaml alone (`DocumentPricer`), so its figures are those of the whole book.
    /// - Parameter contents: the files' bytes as already read (a file missing here is read from disk).
    /// - Returns: the book with those files only; its diagnostics are not the book's and are dropped.
    public static func loadPriced(only paths: Set<String>, at root: String, contents: [String: [UInt8]]) -> Book {
        let ordered = paths.union([BookSettings.fileName]).sorted { $0 == BookSettings.fileName || ($1 != BookSettings.fileName && $0 < $1) }
        let decoded = ordered.map { decode(path: $0, root: root, override: contents[$0], limits: .standard) }
        var book = assemble(root: root, files: zip(ordered, decoded)).0
        _ = book.price()
        return book
    }
}
