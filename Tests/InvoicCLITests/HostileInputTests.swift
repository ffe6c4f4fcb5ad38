import Foundation
import InvoicTestSupport
import Testing

/// Hostile and broken input, run through the built `invoic` as a user would meet it.
///
/// Each case of Tests/Fixtures/hostile/ is dropped into a copy of hostile/book: a file under
/// documents/ becomes invoices/INV-0002.yaml, one under settings/ replaces invoic.yaml, and the
/// cases under generated/ are made here at run time (a 100 MB file, FIFOs, links, odd file names:
/// nothing that belongs in git). `invoic check` runs on the book in both formats under a timeout,
/// so a hang fails the test instead of blocking it, and what it prints must equal the case's
/// `.expected` file (record with RECORD=1, then review the diff). Whatever the input: no crash,
/// no hang, no control character reaching the terminal.
@Suite struct HostileInputTests {
    static let directory = Invoic.fixtures.appendingPathComponent("hostile")
    /// Generous: every case takes well under a second; only a hang comes near it.
    static let timeout: TimeInterval = 60

    static func cases(_ folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(folder).path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }

    @Test func theCorpusIsThere() {
        #expect(Self.cases("documents").count > 50)
        #expect(Self.cases("settings").count > 10)
        // Every case has its expected output, and every expected output its case.
        for folder in ["documents", "settings"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: Self.directory.appendingPathComponent(folder).path)) ?? []
            let stems = Set(names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) })
            let expected = Set(names.filter { $0.hasSuffix(".expected") }.map { String($0.dropLast(9)) })
            #expect(stems.subtracting(expected).isEmpty, "cases without .expected in \(folder): \(stems.subtracting(expected).sorted())")
            #expect(expected.subtracting(stems).isEmpty, "expected files without a case in \(folder): \(expected.subtracting(stems).sorted())")
        }
    }

    @Test(arguments: cases("documents"))
    func document(_ name: String) throws {
        let book = try HostileBook()
        defer { book.remove() }
        try book.copy(Self.directory.appendingPathComponent("documents/\(name)"), to: "invoices/INV-0002.yaml")
        try book.expectCheck(matches: "documents/\(name.dropLast(5)).expected")
    }

    @Test(arguments: cases("settings"))
    func settings(_ name: String) throws {
        let book = try HostileBook()
        defer { book.remove() }
        try FileManager.default.removeItem(at: book.url("invoic.yaml"))
        try book.copy(Self.directory.appendingPathComponent("settings/\(name)"), to: "invoic.yaml")
        try book.expectCheck(matches: "settings/\(name.dropLast(5)).expected")
    }

    // MARK: cases made at run time

    static let validInvoice = "client: acme\nissued: 2026-03-02\nitems:\n  - { description: Design, quantity: 2, price: 100.00 }\n"

    @Test func aHundredMegabyteFile() throws {
        let book = try HostileBook()
        defer { book.remove() }
        let handle = try book.create("invoices/INV-0002.yaml")
        handle.write(Data(Self.validInvoice.utf8))
        let padding = Data(String(repeating: "# padding to make the file enormous: 100 MB of comment lines\n", count: 1024).utf8)
        while try handle.offset() < 100_000_000 { handle.write(padding) }
        try handle.close()
        try book.expectCheck(matches: "generated/file-100mb.expected")
    }

    @Test func aFileOneBytePastTheSizeBound() throws {
        let book = try HostileBook()
        defer { book.remove() }
        let limit = 4 * 1024 * 1024
        let body = Self.validInvoice + "#"
        let at = body + String(repeating: "x", count: limit - body.utf8.count - 1) + "\n"
        try book.write("invoices/INV-0002.yaml", at)
        try book.expectCheck(matches: "generated/file-at-size-bound.expected")
        try book.write("invoices/INV-0002.yaml", at + "\n")
        try book.expectCheck(matches: "generated/file-past-size-bound.expected")
    }

    @Test func aHugeScalar() throws {
        let book = try HostileBook()
        defer { book.remove() }
        try book.write("invoices/INV-0002.yaml", Self.validInvoice + "notes: " + String(repeating: "ab", count: 150 * 1024) + "\n")
        try book.expectCheck(matches: "generated/huge-scalar.expected")
    }

    @Test func aMegabyteLongLine() throws {
        let book = try HostileBook()
        defer { book.remove() }
        try book.write("invoices/INV-0002.yaml", Self.validInvoice + "# " + String(repeating: "x", count: 1 << 20) + "\n")
        try book.expectCheck(matches: "generated/long-line.expected")
    }

    @Test func nestingAHundredThousandDeep() throws {
        let book = try HostileBook()
        defer { book.remove() }
        try book.write("invoices/INV-0002.yaml", Self.validInvoice + "notes: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n")
        try book.expectCheck(matches: "generated/deep-nesting-100k.expected")
    }

    @Test func itemsPastTheBound() throws {
        let book = try HostileBook()
        defer { book.remove() }
        try book.write("invoices/INV-0002.yaml", "client: acme\nissued: 2026-03-02\nitems:\n"
                       + String(repeating: "  - { description: x, price: 1 }\n", count: 10_001))
        try book.expectCheck(matches: "generated/items-past-bound.expected")
    }

    @Test func aNamedPipeWhereADocumentShouldBe() throws {
        let book = try HostileBook()
        defer { book.remove() }
        #expect(mkfifo(book.path("invoices/INV-0002.yaml"), 0o644) == 0)
        try book.expectCheck(matches: "generated/fifo.expected")
    }

    @Test func linksToDevicesAndNowhere() throws {
        let book = try HostileBook()
        defer { book.remove() }
        try book.link("invoices/INV-0002.yaml", to: "/dev/zero")
        try book.link("invoices/INV-0003.yaml", to: "/dev/urandom")
        try book.link("invoices/INV-0004.yaml", to: book.path("invoices/nowhere.yaml"))
        try book.expectCheck(matches: "generated/device-links.expected")
    }

    @Test func aLinkLoopOfFolders() throws {
        let book = try HostileBook()
        defer { book.remove() }
        try book.link("invoices/loop", to: book.path("invoices"))
        try book.link("invoices/up", to: book.path(""))
        try book.expectCheck(matches: "generated/link-loop.expected")
    }

    @Test func aLogoLinkedOutOfTheBook() throws {
        let book = try HostileBook()
        defer { book.remove() }
        try FileManager.default.removeItem(at: book.url("assets/logo.svg"))
        try book.link("assets/logo.svg", to: "/etc/hostname")
        try book.expectCheck(matches: "generated/logo-link-outside.expected")
    }

    @Test func anAssetsFolderLinkedOutOfTheBook() throws {
        let book = try HostileBook()
        defer { book.remove() }
        try FileManager.default.removeItem(at: book.url("assets"))
        try book.link("assets", to: "/etc")
        try book.expectCheck(matches: "generated/assets-folder-link-outside.expected")
    }

    @Test func aLogoThatIsANamedPipe() throws {
        let book = try HostileBook()
        defer { book.remove() }
        try FileManager.default.removeItem(at: book.url("assets/logo.svg"))
        #expect(mkfifo(book.path("assets/logo.svg"), 0o644) == 0)
        try book.expectCheck(matches: "generated/logo-fifo.expected")
    }

    @Test func aTemplateLinkedOutOfTheBook() throws {
        let book = try HostileBook()
        defer { book.remove() }
        try book.write("invoic.yaml", try String(contentsOf: book.url("invoic.yaml"), encoding: .utf8) + "template: mine\n")
        try FileManager.default.createDirectory(at: book.url("templates"), withIntermediateDirectories: true)
        try book.link("templates/mine.yaml", to: "/etc/hostname")
        try book.expectCheck(matches: "generated/template-link-outside.expected")
    }

    /// Issue 38, point 14: book files linked to files outside the book (a netrc, a YAML with a
    /// password in it) are refused unread, each with where it leads; no line of them reaches the
    /// terminal. Links that stay inside the book are followed as before.
    @Test func aBookFileLinkedOutOfTheBookIsNotRead() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("estimates"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        let netrc = outside.appendingPathComponent("netrc").path
        try Data("machine bank.example login kevin password s3cr3t-netrc\n".utf8).write(to: URL(fileURLWithPath: netrc))
        // YAML that would be quoted in a diagnostic if it were read: a broken flow list on the password's line.
        let yaml = outside.appendingPathComponent("invoice.yaml").path
        try Data("client: acme\nissued: 2026-03-01\nnotes: [password s3cr3t-yaml\n".utf8).write(to: URL(fileURLWithPath: yaml))
        try Data("client: acme\nissued: 2026-03-01\nitems: {password: s3cr3t-estimate}\n".utf8)
            .write(to: outside.appendingPathComponent("estimates/EST-0001.yaml"))

        let book = try HostileBook()
        defer { book.remove() }
        try FileManager.default.createDirectory(at: book.url("purchases/2026"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: book.url("suppliers"), withIntermediateDirectories: true)
        try book.link("clients/evil.yaml", to: netrc)
        try book.link("invoices/INV-0002.yaml", to: yaml)
        try book.link("estimates", to: outside.appendingPathComponent("estimates").path)
        try book.link("purchases/2026/evil-1.yaml", to: netrc)
        try book.link("suppliers/evil.yaml", to: netrc)
        // Inside the book: followed, no diagnostic.
        try book.link("clients/alias.yaml", to: "acme.yaml")
        try book.link("invoices/INV-0003.yaml", to: "INV-0001.yaml")

        let real = outside.resolvingSymlinksInPath().path
        for arguments in [["check", "--diagnostics-format", "gnu"], ["check"], ["build"]] {
            let run = try BoundedRun.invoic(arguments + ["--today", "2026-11-21"], in: book.root)
            let printed = run.stdout + run.stderr
            #expect(!run.timedOut && run.status == 1, "\(arguments): exit \(run.status)\n\(printed)")
            #expect(!printed.contains("s3cr3t") && !printed.contains("password"), "\(arguments): the target's content was printed:\n\(printed)")
            #expect(!printed.contains("alias.yaml") && !printed.contains("INV-0003"), "\(arguments): a link inside the book is refused:\n\(printed)")
            guard arguments.contains("gnu") else { continue }
            for (file, target) in [("clients/evil.yaml", "\(real)/netrc"), ("invoices/INV-0002.yaml", "\(real)/invoice.yaml"),
                                   ("estimates/EST-0001.yaml", "\(real)/estimates/EST-0001.yaml"), ("purchases/2026/evil-1.yaml", "\(real)/netrc"),
                                   ("suppliers/evil.yaml", "\(real)/netrc")] {
                #expect(printed.contains("\(file):1:1: error: is a symbolic link to \(target), outside the book: not read [path-outside-book]")
                        || printed.contains("\(file): error: is a symbolic link to \(target), outside the book: not read [path-outside-book]"),
                        "\(file):\n\(printed)")
            }
        }

        // invoic.yaml itself, linked out: not read either.
        let settings = try HostileBook()
        defer { settings.remove() }
        try Data("business:\n  name: password s3cr3t-settings\n  logo: [\n".utf8).write(to: outside.appendingPathComponent("invoic.yaml"))
        try FileManager.default.removeItem(at: settings.url("invoic.yaml"))
        try settings.link("invoic.yaml", to: outside.appendingPathComponent("invoic.yaml").path)
        let run = try BoundedRun.invoic(["check", "--diagnostics-format", "gnu", "--today", "2026-11-21"], in: settings.root)
        #expect(run.status == 1 && run.stderr.contains("invoic.yaml") && run.stderr.contains("\(real)/invoic.yaml, outside the book: not read"), "\(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains("s3cr3t"), "\(run.stderr)")
    }

    @Test func fileNamesWithControlCharacters() throws {
        let book = try HostileBook()
        defer { book.remove() }
        try book.write("invoices/INV-\u{1B}[2J0002.yaml", Self.validInvoice)
        try book.write("invoices/INV-0003\nfake: error.yaml", Self.validInvoice)
        try book.write("clients/\u{7}bell.yaml", "name: Bell\n")
        try book.expectCheck(matches: "generated/control-character-file-names.expected")
    }

    @Test func aFileNameLongerThanTheBound() throws {
        let book = try HostileBook()
        defer { book.remove() }
        try book.write("invoices/INV-" + String(repeating: "9", count: 200) + ".yaml", Self.validInvoice)
        try book.expectCheck(matches: "generated/long-file-name.expected")
    }
}

/// A copy of Tests/Fixtures/hostile/book in a temporary folder.
struct HostileBook {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-hostile-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: HostileInputTests.directory.appendingPathComponent("book"), to: root)
    }

    func url(_ relative: String) -> URL { relative.isEmpty ? root : root.appendingPathComponent(relative) }
    func path(_ relative: String) -> String { url(relative).path }

    func remove() {
        // Pipes and links are removed as entries; nothing is followed.
        try? FileManager.default.removeItem(at: root)
    }

    func copy(_ source: URL, to relative: String) throws {
        try FileManager.default.createDirectory(at: url(relative).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contentsOf: source).write(to: url(relative))
    }

    func write(_ relative: String, _ text: String) throws {
        try FileManager.default.createDirectory(at: url(relative).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url(relative))
    }

    func create(_ relative: String) throws -> FileHandle {
        FileManager.default.createFile(atPath: path(relative), contents: nil)
        return try FileHandle(forWritingTo: url(relative))
    }

    func link(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: destination)
    }

    /// Runs `invoic check` in both formats and compares the transcript with `expected`
    /// (relative to Tests/Fixtures/hostile).
    func expectCheck(matches expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let gnu = try BoundedRun.invoic(["check", "--diagnostics-format", "gnu", "--today", "2026-11-21"], in: root)
        let human = try BoundedRun.invoic(["check", "--today", "2026-11-21"], in: root)
        for run in [gnu, human] {
            #expect(!run.timedOut, "invoic check did not finish within \(HostileInputTests.timeout) s", sourceLocation: sourceLocation)
            #expect(run.status == 0 || run.status == 1, "exit status \(run.status): a crash?\n\(run.stderr)", sourceLocation: sourceLocation)
            let control = run.stderr.unicodeScalars.first { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }
            #expect(control == nil, "a control character reached the terminal: U+\(String(control?.value ?? 0, radix: 16))",
                    sourceLocation: sourceLocation)
        }
        let transcript = "exit \(gnu.status)\n--- gnu\n\(gnu.stderr)--- human\n\(human.stderr)"
        try expectGolden(transcript, at: HostileInputTests.directory.appendingPathComponent(expected), sourceLocation: sourceLocation)
    }
}

/// Runs the built `invoic` and kills it when it takes longer than the timeout.
enum BoundedRun {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        var timedOut: Bool
    }

    static func invoic(_ arguments: [String], in directory: URL, timeout: TimeInterval = HostileInputTests.timeout) throws -> Output {
        let process = Process()
        process.executableURL = Invoic.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        // Both pipes are drained while the process runs, so a large output cannot stall it.
        let collected = Collected()
        let readers = DispatchGroup()
        for (pipe, isError) in [(out, false), (err, true)] {
            DispatchQueue.global().async(group: readers) {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.set(data, isError: isError)
            }
        }
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
        }
        readers.wait()
        return Output(status: process.terminationStatus, stdout: String(decoding: collected.stdout, as: UTF8.self),
                      stderr: String(decoding: collected.stderr, as: UTF8.self), timedOut: timedOut)
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var stdout = Data()
        private(set) var stderr = Data()

        func set(_ data: Data, isError: Bool) {
            lock.lock()
            defer { lock.unlock() }
            if isError { stderr = data } else { stdout = data }
        }
    }
}
