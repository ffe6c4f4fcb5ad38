import Foundation
import Testing
@testable import InvoicBook

/// `BookPaths.linkOutside` answers from lstat alone when no step is a link or `..` (issue 41
/// point 10: realpath's readlinks were 4 % of `invoic pdf N`); every way out must still be found,
/// with the real place it leads to, and every way that stays inside must still pass.
@Suite struct BookPathsTests {
    /// A scratch folder: `outside/secret` beside `real/book/invoices/INV-0001.yaml`, and
    /// `alias`, a link to `real`, so the book can also be reached through a link.
    private struct Scratch {
        let base: String
        var book: String { base + "/real/book" }
        var outside: String { base + "/outside" }

        init() throws {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-bookpaths-\(UUID().uuidString)")
            base = url.resolvingSymlinksInPath().path
            let manager = FileManager.default
            try manager.createDirectory(atPath: base + "/real/book/invoices", withIntermediateDirectories: true)
            try manager.createDirectory(atPath: base + "/outside", withIntermediateDirectories: true)
            try Data("client: acme\n".utf8).write(to: URL(fileURLWithPath: base + "/real/book/invoices/INV-0001.yaml"))
            try Data("password\n".utf8).write(to: URL(fileURLWithPath: base + "/outside/secret"))
            try manager.createSymbolicLink(atPath: base + "/alias", withDestinationPath: base + "/real")
        }

        func link(_ relative: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(atPath: book + "/" + relative, withDestinationPath: target)
        }

        func remove() { try? FileManager.default.removeItem(atPath: base) }
    }

    @Test func plainFilesAndMissingOnesStayInside() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        #expect(BookPaths.linkOutside("invoices/INV-0001.yaml", in: scratch.book) == nil)
        #expect(BookPaths.linkOutside("./invoices//INV-0001.yaml", in: scratch.book) == nil)
        #expect(BookPaths.linkOutside("invoices/INV-0009.yaml", in: scratch.book) == nil)
        #expect(BookPaths.linkOutside("missing/deeper/file.yaml", in: scratch.book) == nil)
        // The book's own folder reached through a link: its files are still inside it.
        #expect(BookPaths.linkOutside("invoices/INV-0001.yaml", in: scratch.base + "/alias/book") == nil)
    }

    @Test func aLinkedFileOrFolderLeadingOutIsFoundWithItsRealPlace() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.link("invoices/INV-0002.yaml", to: scratch.outside + "/secret")
        try scratch.link("clients", to: scratch.outside)
        // A relative link out, and one to the outside through the linked alias of the book's parent.
        try scratch.link("invoices/INV-0003.yaml", to: "../../../outside/secret")
        try scratch.link("invoices/INV-0004.yaml", to: scratch.base + "/alias/../outside/secret")
        let secret = scratch.outside + "/secret"
        #expect(BookPaths.linkOutside("invoices/INV-0002.yaml", in: scratch.book) == secret)
        #expect(BookPaths.linkOutside("clients/secret", in: scratch.book) == secret)
        #expect(BookPaths.linkOutside("clients/missing.yaml", in: scratch.book) == scratch.outside)
        #expect(BookPaths.linkOutside("invoices/INV-0003.yaml", in: scratch.book) == secret)
        #expect(BookPaths.linkOutside("invoices/INV-0004.yaml", in: scratch.book) == secret)
        // The same book reached through the alias: the links still lead out.
        #expect(BookPaths.linkOutside("invoices/INV-0002.yaml", in: scratch.base + "/alias/book") == secret)
    }

    @Test func aParentStepLeadingOutIsFound() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        #expect(BookPaths.linkOutside("invoices/../../../outside/secret", in: scratch.book) == scratch.outside + "/secret")
        // `..` that comes back in is inside.
        #expect(BookPaths.linkOutside("invoices/../invoices/INV-0001.yaml", in: scratch.book) == nil)
    }

    @Test func linksThatStayInsideAreFine() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.link("invoices/INV-0005.yaml", to: "INV-0001.yaml")
        try scratch.link("copies", to: scratch.book + "/invoices")
        try scratch.link("through-alias.yaml", to: scratch.base + "/alias/book/invoices/INV-0001.yaml")
        #expect(BookPaths.linkOutside("invoices/INV-0005.yaml", in: scratch.book) == nil)
        #expect(BookPaths.linkOutside("copies/INV-0001.yaml", in: scratch.book) == nil)
        #expect(BookPaths.linkOutside("through-alias.yaml", in: scratch.book) == nil)
    }
}
