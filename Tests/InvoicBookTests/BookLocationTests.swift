import Foundation
import Testing
@testable import InvoicBook

@Suite struct BookLocationTests {
    @Test func parentsAreSpelledAsTheUserWouldWriteThem() {
        #expect(BookLocation.parent(of: ".") == "..")
        #expect(BookLocation.parent(of: "..") == "../..")
        #expect(BookLocation.parent(of: "../..") == "../../..")
        #expect(BookLocation.parent(of: "a") == ".")
        #expect(BookLocation.parent(of: "a/b/") == "a")
        #expect(BookLocation.parent(of: "/srv/books") == "/srv")
        #expect(BookLocation.parent(of: "/srv") == "/")
        #expect(BookLocation.parent(of: "a/.") == "a/./..")
    }

    @Test func theNearestFolderAboveWithABookIsTheBook() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-location-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("book/invoices/2026"), withIntermediateDirectories: true)
        try "business: {name: A}\n".write(to: root.appendingPathComponent("book/invoic.yaml"), atomically: true, encoding: .utf8)
        let deep = root.appendingPathComponent("book/invoices/2026").path
        #expect(BookLocation.root(containing: deep) == root.appendingPathComponent("book").path)
        #expect(BookLocation.root(containing: root.appendingPathComponent("book").path) == root.appendingPathComponent("book").path)
        // No book up to `/`: the folder given, for the command to say so.
        #expect(BookLocation.root(containing: root.path) == root.path)
    }
}
