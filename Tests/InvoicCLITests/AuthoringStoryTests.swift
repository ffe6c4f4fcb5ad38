import Foundation
import InvoicBook
import Testing

/// The issue's story from an empty folder: init, a client, an estimate, accept, convert, send,
/// a partial payment, the rest, and a clean check; each step adds lines and changes none.
@Suite struct AuthoringStoryTests {
    @Test func fromAnEmptyFolderToAPaidInvoice() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-story-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let book = folder.appendingPathComponent("acme-studio")

        func invoic(_ arguments: [String]) throws -> Invoic.Output {
            let result = try Invoic.run(arguments, in: book)
            #expect(result.status == 0, "invoic \(arguments.joined(separator: " ")) failed: \(result.stderr)")
            return result
        }
        func read(_ path: String) throws -> String { try String(contentsOf: book.appendingPathComponent(path), encoding: .utf8) }
        /// Runs a step and returns the lines it added to `path`, failing if it changed any other line.
        func step(_ arguments: [String], changes path: String) throws -> [String] {
            let before = try read(path).split(separator: "\n", omittingEmptySubsequences: false)
            _ = try invoic(arguments)
            var after = try read(path).split(separator: "\n", omittingEmptySubsequences: false)[...]
            var added: [String] = []
            for line in before {
                while let next = after.first, next != line { added.append(String(next)); after.removeFirst() }
                #expect(!after.isEmpty, "line `\(line)` of \(path) was changed or removed")
                after = after.dropFirst()
            }
            return added + after.map(String.init)
        }

        let initialized = try Invoic.run(["init", "acme-studio", "--name", "Acme Studio", "--currency", "EUR", "--locale", "de_DE"], in: folder.creatingDirectory())
        #expect(initialized.status == 0)
        for file in ["invoic.yaml", "Makefile", ".gitignore", "README.md", ".invoic/schemas/invoice.schema.json", "clients/.gitkeep"] {
            #expect(FileManager.default.fileExists(atPath: book.appendingPathComponent(file).path), "init wrote no \(file)")
        }
        #expect(try Invoic.run(["init", "acme-studio"], in: folder).status == 1, "init refuses an existing book")

        #expect(try invoic(["new", "client", "meridian", "--name", "Meridian Group"]).stdout == "clients/meridian.yaml\n")
        #expect(try invoic(["new", "estimate", "--client", "meridian", "--issued", "2026-03-01"]).stdout == "estimates/EST-0001.yaml\n")
        // The person fills in the item, with a comment of their own.
        let estimate = try read("estimates/EST-0001.yaml").replacingOccurrences(
            of: "  - description: \"\"   # what you did or supplied\n    quantity: 1\n    price: 0\n",
            with: "  # as discussed on the phone\n  - description: Logo design\n    quantity: 2.5\n    unit: h\n    price: 120.00\n")
        try estimate.write(to: book.appendingPathComponent("estimates/EST-0001.yaml"), atomically: true, encoding: .utf8)

        #expect(try step(["accept", "EST-0001", "--date", "2026-03-05"], changes: "estimates/EST-0001.yaml") == ["accepted: 2026-03-05"])
        #expect(try invoic(["convert", "EST-0001", "--issued", "2026-03-06"]).stdout == "invoices/INV-0001.yaml\n")
        #expect(try read("estimates/EST-0001.yaml").contains("accepted: 2026-03-05"), "convert leaves the estimate's file alone")
        let refused = try Invoic.run(["convert", "EST-0001", "--issued", "2026-03-07"], in: book)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("already converted by INV-0001"))

        #expect(try step(["send", "INV-0001", "--date", "2026-03-06"], changes: "invoices/INV-0001.yaml") == ["sent: 2026-03-06"])
        #expect(try step(["pay", "INV-0001", "--amount", "100.00", "--date", "2026-03-20"], changes: "invoices/INV-0001.yaml")
            == ["payments:", "  - date: 2026-03-20", "    amount: 100.00", "    method: bank_transfer"])
        let tooMuch = try Invoic.run(["pay", "INV-0001", "--amount", "500", "--date", "2026-03-21"], in: book)
        #expect(tooMuch.status == 1)
        #expect(tooMuch.stderr.contains("500.00 is more than the 257.00 due on INV-0001"))
        #expect(try step(["pay", "INV-0001", "--full", "--date", "2026-03-25", "--method", "card"], changes: "invoices/INV-0001.yaml")
            == ["  - date: 2026-03-25", "    amount: 257.00", "    method: card"])

        let check = try invoic(["check", "--today", "2026-04-01", "--diagnostics-format", "gnu"])
        #expect(check.stderr == "")
        let result = try BookChecker.check(at: book.path)
        let today = Day("2026-04-01")!
        #expect(result.book.documents.map { "\($0.number) \(result.book.status(of: $0, today: today))" } == ["EST-0001 converted", "INV-0001 paid"])
    }

    @Test func aRefusedEditLeavesTheFileUnchanged() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("contractor"))
        defer { try? FileManager.default.removeItem(at: book) }
        let path = book.appendingPathComponent("invoices/INV-0012.yaml")
        let before = try Data(contentsOf: path)
        for arguments in [["send", "INV-0012", "--date", "2026-01-01"], ["pay", "INV-0012", "--amount", "1.001"],
                          ["pay", "INV-0012", "--amount", "99999"], ["accept", "INV-0012"], ["void", "INV-0099", "--reason", "x"]] {
            let result = try Invoic.run(arguments, in: book)
            // A document the book does not have is a usage error (2), like an unknown client.
            #expect(result.status == (arguments.contains("INV-0099") ? 2 : 1), "\(arguments) should be refused")
            #expect(result.stderr.contains("error"), "\(arguments) should say why")
            #expect(try Data(contentsOf: path) == before)
        }
        let dry = try Invoic.run(["send", "INV-0012", "--date", "2026-11-21", "--dry-run"], in: book)
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("+sent: 2026-11-21"))
        #expect(try Data(contentsOf: path) == before)
    }
}

extension URL {
    func creatingDirectory() throws -> URL {
        try FileManager.default.createDirectory(at: self, withIntermediateDirectories: true)
        return self
    }
}
