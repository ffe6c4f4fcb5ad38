/// One document of a book, held as the book's array and a position in it: a copy costs a
/// reference and an index, not the document (~2.4 KB since EN 16931). For lists that hold an entry
/// per document and are copied, filtered and sorted: a build's outputs, a report's entries
/// (bench/build.sh measures the peak memory they are part of).
public struct DocumentReference: Sendable {
    private let documents: [Document]
    private let index: Int

    public init(_ documents: [Document], _ index: Int) {
        self.documents = documents
        self.index = index
    }

    public var document: Document { documents[index] }
}
