import Foundation
import InvoicTestSupport
import Testing

@Suite struct BuildCommandTests {
    func files(in folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasPrefix(".") {
            result[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return result
    }

    @Test func jobCountDoesNotChangeAByteAndASecondBuildWritesNothing() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        let one = book.appendingPathComponent("one"), two = book.appendingPathComponent("two")
        let first = try Invoic.run(["build", "--today", "2026-11-21", "-j", "1", "--out", one.path], in: book)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("wrote 20 PDFs, 2 e-invoices and the report, 0 up to date"))
        #expect(try Invoic.run(["build", "--today", "2026-11-21", "-j", "2", "--out", two.path], in: book).status == 0)
        let a = try files(in: one), b = try files(in: two)
        #expect(a.count == 27, "20 PDFs, 2 e-invoices, 4 report files and the calendar")
        #expect(a == b, "-j 1 and -j 2 give the same bytes")

        let again = try Invoic.run(["build", "--today", "2026-11-21", "--out", one.path], in: book)
        #expect(again.stderr.contains("up to date: nothing changed"), "\(again.stderr)")
        #expect(try files(in: one) == a)

        // Touching a file without changing it rebuilds nothing; a new day only rewrites the report;
        // a changed invoice rewrites its PDF (and its credit notes') and the report; a deleted PDF is put back.
        let invoice = book.appendingPathComponent("invoices/2026/INV-2026-009.yaml")
        let text = try Data(contentsOf: invoice)
        try text.write(to: invoice)
        #expect(try Invoic.run(["build", "--today", "2026-11-21", "--out", one.path], in: book).stderr.contains("up to date: nothing changed"))
        let tomorrow = try Invoic.run(["build", "--today", "2026-11-22", "--out", one.path], in: book)
        #expect(tomorrow.stderr.contains("wrote 0 PDFs and the report, 22 up to date"), "\(tomorrow.stderr)")
        // INV-2026-009's credit note CN-2026-002 prints the invoice's date: it is rebuilt with it.
        try (String(decoding: text, as: UTF8.self) + "# a comment\n").write(to: invoice, atomically: true, encoding: .utf8)
        #expect(try Invoic.run(["build", "--today", "2026-11-22", "--out", one.path], in: book).stderr.contains("wrote 2 PDFs, 20 up to date"))
        try FileManager.default.removeItem(at: one.appendingPathComponent("INV-2026-001.pdf"))
        #expect(try Invoic.run(["build", "--today", "2026-11-22", "--out", one.path], in: book).stderr.contains("wrote 1 PDF, 21 up to date"))
    }

    /// A build's 27 outputs reach the disk with one syncfs(2) before the manifest that records
    /// them, not an fsync of each file and its folder (counted by strace): the manifest and the
    /// build stamp are the only files a build fsyncs.
    @Test func aBuildSyncsItsOutputsOnceBeforeItsManifest() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        let log = book.appendingPathComponent("strace.log")
        let run = try runProcess(URL(fileURLWithPath: "/usr/bin/strace"),
                                 ["-f", "-e", "trace=fsync,fdatasync,syncfs,rename", "-o", log.path, Invoic.binary.path, "build", "--today", "2026-11-21"],
                                 in: book)
        #expect(run.status == 0, "\(run.stderr)")
        let calls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        func count(_ call: String) -> Int { calls.filter { $0.contains(" \(call)(") || $0.contains("]\(call)(") || $0.dropFirst(6).hasPrefix(call + "(") }.count }
        let renames = calls.filter { $0.contains("rename(") }
        #expect(renames.count >= 27, "every output is renamed into place: \(renames.count)")
        #expect(count("syncfs") == 1, "\(calls.joined(separator: "\n"))")
        #expect(count("fsync") <= 6, "the manifest, stamp and inputs only, not \(count("fsync"))")
        // The syncfs comes before the manifest takes its name.
        let sync = try #require(calls.firstIndex { $0.contains("syncfs(") })
        let manifest = try #require(calls.lastIndex { $0.contains("rename(") && $0.contains(".invoic-manifest") })
        #expect(sync < manifest)
    }

    @Test func aBookWithErrorsGetsNoPDF() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("contractor"))
        defer { try? FileManager.default.removeItem(at: book) }
        let invoice = book.appendingPathComponent("invoices/INV-0004.yaml")
        try (try String(contentsOf: invoice, encoding: .utf8)).replacingOccurrences(of: "client: chen", with: "client: nobody")
            .write(to: invoice, atomically: true, encoding: .utf8)
        let result = try Invoic.run(["build"], in: book)
        #expect(result.status == 1)
        #expect(result.stderr.contains("nothing was built"))
        #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent("build").path))
    }

    /// The Makefile `invoic init` writes: make builds, a second make calls nothing, one PDF by name.
    @Test func makeRunsInvoicOnlyWhenSomethingChanged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-make-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Invoic.run(["init", "--name", "Make Test"], in: folder).status == 0)
        #expect(try Invoic.run(["new", "client", "acme", "--name", "Acme"], in: folder).status == 0)
        let invoice = try Invoic.run(["new", "invoice", "--client", "acme", "--issued", "2026-03-01"], in: folder).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let path = folder.appendingPathComponent(invoice)
        try (try String(contentsOf: path, encoding: .utf8)).replacingOccurrences(of: "description: \"\"", with: "description: Design")
            .write(to: path, atomically: true, encoding: .utf8)

        func make(_ arguments: [String] = []) throws -> Invoic.Output {
            let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["make", "INVOIC=\(Invoic.binary.path)"] + arguments, in: folder)
            // The test reads make's commands and invoic's messages as one stream, as a terminal shows them.
            return Invoic.Output(status: result.status, stdout: result.stdout + result.stderr, stderr: "")
        }
        let first = try make()
        #expect(first.status == 0, "\(first.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("build/INV-0001.pdf").path))
        let second = try make()
        #expect(second.status == 0)
        #expect(!second.stdout.contains("build --depfile"), "a second make must not call invoic:\n\(second.stdout)")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("build/INV-0001.pdf"))
        let single = try make(["build/INV-0001.pdf"])
        #expect(single.status == 0, "\(single.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("build/INV-0001.pdf").path))
    }
}
