import Foundation
import InvoicBook
import InvoicTestSupport
import Testing

/// Writers of one book at the same moment, as the built binary runs: they take turns through the
/// book's lock, so no write is lost, and a writer killed mid-write leaves nothing git lists.
@Suite(.serialized) struct ConcurrentWriteTests {
    /// Starts every command at once (each its own process), then waits for all of them.
    static func together(_ commands: [[String]], in book: URL) throws -> [Invoic.Output] {
        var running: [(Process, Pipe, Pipe)] = []
        for arguments in commands {
            let process = Process()
            process.executableURL = Invoic.binary
            process.arguments = arguments
            process.currentDirectoryURL = book
            process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            running.append((process, out, err))
        }
        for (process, _, _) in running { try process.run() }
        // What a command prints is far less than a pipe holds: read each after it ends.
        return running.map { process, out, err in
            process.waitUntilExit()
            return Invoic.Output(status: process.terminationStatus,
                                 stdout: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                                 stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
    }

    static func payments(in file: URL) throws -> [YAMLPayment] {
        let text = try String(contentsOf: file, encoding: .utf8)
        let decoded = BookFileDecoder.decode(Array(text.utf8), as: .document(.invoice, number: "INV-2026-011"), path: file.path)
        return (decoded.document?.payments ?? []).map { YAMLPayment(amount: $0.amount.value.description, method: $0.method.rawValue) }
    }

    struct YAMLPayment: Equatable {
        var amount: String
        var method: String
    }

    @Test func twoPaysAtOnceBothLand() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        let file = book.appendingPathComponent("invoices/2026/INV-2026-011.yaml")
        let rounds = 12
        for round in 0..<rounds {
            let outputs = try Self.together([
                ["pay", "INV-2026-011", "--amount", "1.00", "--date", "2026-11-22", "--method", "cash", "--today", "2026-11-22"],
                ["pay", "INV-2026-011", "--amount", "2.00", "--date", "2026-11-22", "--method", "card", "--today", "2026-11-22"],
            ], in: book)
            for output in outputs {
                #expect(output.status == 0 && output.stderr.hasPrefix("updated "), "round \(round): \(output.stderr)")
            }
            let payments = try Self.payments(in: file)
            #expect(payments.count == 2 * (round + 1), "round \(round): a payment was lost")
        }
        let payments = try Self.payments(in: file)
        #expect(payments.filter { $0 == YAMLPayment(amount: "1.00", method: "cash") }.count == rounds)
        #expect(payments.filter { $0 == YAMLPayment(amount: "2.00", method: "card") }.count == rounds)
        let check = try Invoic.run(["check", "--today", "2026-11-22"], in: book)
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// Two `new invoice` at once take the next two numbers, one each.
    @Test func twoNewInvoicesAtOnceTakeTwoNumbers() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        var paths: Set<String> = []
        for _ in 0..<4 {
            let outputs = try Self.together(Array(repeating: ["new", "invoice", "--client", "nordlicht", "--today", "2026-11-22"], count: 2), in: book)
            for output in outputs {
                #expect(output.status == 0, "\(output.stderr)")
                paths.insert(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        #expect(paths.count == 8, "\(paths.sorted())")
    }

    /// `invoic pay` killed at any moment: the invoice is the old one or the new one, and git lists
    /// no temporary file; the next write removes what the killed ones left in `.invoic/tmp/`, and
    /// the leftovers of older versions beside the file it writes.
    @Test func aKilledPayLeavesNothingGitLists() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        for arguments in [["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "book"]] {
            let git = try runGit(arguments, in: book, day: 1)
            #expect(git.status == 0, "\(git.stderr)")
        }
        let pay = ["pay", "INV-2026-011", "--amount", "0.01", "--date", "2026-11-22", "--today", "2026-11-22"]
        let started = Date()
        #expect(try Invoic.run(pay, in: book).status == 0)
        let duration = Date().timeIntervalSince(started)
        let file = book.appendingPathComponent("invoices/2026/INV-2026-011.yaml")
        var completed = 1
        for _ in 0..<40 {
            let process = Process()
            process.executableURL = Invoic.binary
            process.arguments = pay + ["-C", book.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Most kills land in the writing end of the command, where the temporary file lives.
            usleep(UInt32(duration * Double.random(in: 0.5...1.1) * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .exit, process.terminationStatus == 0 { completed += 1 }
            let payments = try Self.payments(in: file)
            #expect(payments.count >= completed && payments.allSatisfy { $0.amount == "0.01" }, "the file is whole")
            completed = payments.count
            let status = try runGit(["status", "--porcelain", "--untracked-files=all"], in: book, day: 1)
            #expect(status.stdout == " M invoices/2026/INV-2026-011.yaml\n", "git lists only the invoice: \(status.stdout)")
        }
        // What a writer of an older invoic left beside the file, and a killed one in .invoic/tmp/.
        let dead = Int32.max
        let oldLeftover = book.appendingPathComponent("invoices/2026/.INV-2026-011.yaml.\(dead).42.tmp")
        let leftover = book.appendingPathComponent(".invoic/tmp/.INV-2026-011.yaml.\(dead).43.tmp")
        let living = book.appendingPathComponent(".invoic/tmp/.INV-2026-011.yaml.\(getpid()).44.tmp")
        for url in [oldLeftover, leftover, living] { try Data("x".utf8).write(to: url) }
        #expect(try Invoic.run(pay, in: book).status == 0)
        #expect(!FileManager.default.fileExists(atPath: oldLeftover.path) && !FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileManager.default.fileExists(atPath: living.path), "a living writer's file stays")
        try FileManager.default.removeItem(at: living)
        let names = try FileManager.default.contentsOfDirectory(atPath: book.appendingPathComponent(".invoic/tmp").path).sorted()
        #expect(names == [".gitignore", "book.lock"])
        let check = try Invoic.run(["check", "--today", "2026-11-22"], in: book)
        #expect(check.status == 0, "\(check.stderr)")
    }
}
