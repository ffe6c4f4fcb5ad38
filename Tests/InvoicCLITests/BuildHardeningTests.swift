import Foundation
import Testing

/// `invoic build` under concurrent runs, `kill -9`, and a build folder prepared by someone hostile:
/// every output is either absent or complete and correct, and nothing is written, followed or
/// removed outside the output folder. Runs the built binary with a timeout (a hang fails).
@Suite(.serialized) struct BuildHardeningTests {
    static let today = "2026-11-21"

    /// A copy of examples/studio (15 documents) with no build folder.
    static func studio() throws -> URL {
        try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
    }

    static func build(_ book: URL, _ extra: [String] = []) throws -> BoundedRun.Output {
        try BoundedRun.invoic(["build", "--today", today, "--quiet"] + extra, in: book, timeout: 120)
    }

    /// The outputs of a build, by name (the lock file aside).
    static func outputs(_ folder: URL) -> [String: Data] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var result: [String: Data] = [:]
        for name in names where name != ".invoic-lock" {
            result[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        }
        return result
    }

    /// What a clean, undisturbed build of examples/studio writes.
    static let reference: [String: Data] = {
        let book = try! studio()
        defer { try? FileManager.default.removeItem(at: book) }
        let run = try! build(book)
        precondition(run.status == 0, "the reference build failed: \(run.stderr)")
        return outputs(book.appendingPathComponent("build"))
    }()

    @Test func theReferenceBuildIsComplete() {
        #expect(Self.reference.keys.filter { $0.hasSuffix(".pdf") }.count == 20)
        for (name, data) in Self.reference where name.hasSuffix(".pdf") {
            #expect(data.suffix(6).elementsEqual(Data("%%EOF\n".utf8)), "\(name) does not end a PDF")
        }
    }

    @Test func severalBuildsOfOneBookAtOnceAllFinishWithCompleteOutputs() throws {
        let reference = Self.reference
        // Five at once on two cores: enough overlap that one build's start (sweeping leftovers)
        // lands inside another's last writes, which once made the later build fail.
        for round in 0..<4 {
            let book = try Self.studio()
            defer { try? FileManager.default.removeItem(at: book) }
            if round >= 2 {
                // The second time round the outputs exist and one input changed under them.
                _ = try Self.build(book)
                try FileManager.default.removeItem(at: book.appendingPathComponent("build/.invoic-manifest"))
            }
            let results = Results()
            // A thread each (concurrentPerform would run only as many as there are cores).
            let finished = DispatchGroup()
            for index in 0..<5 {
                finished.enter()
                Thread {
                    results.set(index, Result { try Self.build(book, ["-j", "1"]) })
                    finished.leave()
                }.start()
            }
            finished.wait()
            for result in results.all {
                let run = try result.get()
                #expect(!run.timedOut)
                #expect(run.status == 0, "a concurrent build failed: \(run.stderr)")
            }
            let built = Self.outputs(book.appendingPathComponent("build"))
            #expect(built == reference, "outputs differ from a lone build: \(Set(built.keys).symmetricDifference(reference.keys).sorted()) or their bytes")
        }
    }

    @Test func killingABuildAtAnyMomentLeavesNoTruncatedFile() throws {
        let reference = Self.reference
        let book = try Self.studio()
        defer { try? FileManager.default.removeItem(at: book) }
        let folder = book.appendingPathComponent("build")
        let binary = Invoic.binary.path
        var killedMidway = 0
        // How long a build that rewrites every PDF takes here; the kill points spread over it.
        func fullBuild() throws -> TimeInterval {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(".invoic-manifest"))
            let started = Date()
            _ = try Self.build(book, ["-j", "2"])
            return Date().timeIntervalSince(started)
        }
        let duration = try [fullBuild(), fullBuild(), fullBuild()].sorted()[1]
        for step in 0..<30 {
            let delay = Int(duration * 1_000_000 * Double(step) / 24)
            // Without the manifest every PDF is stale, so each run rewrites them all.
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(".invoic-manifest"))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["build", "--today", Self.today, "--quiet", "-j", "2"]
            process.currentDirectoryURL = book
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(delay))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killedMidway += 1 }
            // Whatever is there now is a whole output: byte for byte what a clean build writes.
            for (name, data) in Self.outputs(folder) where !name.hasPrefix(".") {
                #expect(data == reference[name], "after kill -9 at \(delay / 1000) ms, \(name) is not the complete output")
            }
        }
        #expect(killedMidway >= 10, "only \(killedMidway) of 30 builds were killed before they finished: the test proved little")
        // The next build repairs everything and leaves no temporary file behind.
        let run = try Self.build(book)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.outputs(folder) == reference)
    }

    // MARK: a hostile build folder

    @Test func aBuildFolderThatIsALinkIsRefused() throws {
        let book = try Self.studio()
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-elsewhere-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: book)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: book.appendingPathComponent("build"), withDestinationURL: elsewhere)
        let run = try Self.build(book)
        #expect(run.status != 0)
        #expect(run.stderr.contains("symbolic link"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test func linksInTheBuildFolderAreReplacedNotFollowed() throws {
        let book = try Self.studio()
        let victim = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-victim-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: book)
            try? FileManager.default.removeItem(at: victim)
        }
        try Data("precious".utf8).write(to: victim)
        let folder = book.appendingPathComponent("build")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["INV-2026-001.pdf", "index.html", ".invoic-manifest"] {
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(name), withDestinationURL: victim)
        }
        // A link to a device where a report is compared before rewriting: reading it would never end.
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("index.md"), withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
        let run = try Self.build(book)
        #expect(!run.timedOut)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Data(contentsOf: victim) == Data("precious".utf8))
        #expect(Self.outputs(folder) == Self.reference)
    }

    /// The system refusing a write is no finding in the book: exit 2 and a plain sentence naming
    /// the folder, in invoic's voice (not a Foundation error dump).
    @Test func anOutputFolderThatCannotBeMadeIsAPlainErrorWithStatusTwo() throws {
        let book = try Self.studio()
        defer { try? FileManager.default.removeItem(at: book) }
        try Data("not a folder".utf8).write(to: book.appendingPathComponent("afile"))
        let run = try Self.build(book, ["--out", book.appendingPathComponent("afile/build").path])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: cannot write "), "\(run.stderr)")
        #expect(run.stderr.contains("afile is not a folder"), "\(run.stderr)")
        #expect(!run.stderr.contains("NSCocoaErrorDomain"))
    }

    /// An output the system will not let invoic write (a folder stands where the PDF goes) ends
    /// the build with status 2 and the reason, after every other output was written; once the
    /// obstacle is gone, the next build writes the missing PDF.
    @Test func anOutputThatCannotBeWrittenEndsTheBuildAndTheNextBuildRepairsIt() throws {
        let book = try Self.studio()
        defer { try? FileManager.default.removeItem(at: book) }
        let folder = book.appendingPathComponent("build")
        let blocked = folder.appendingPathComponent("INV-2026-003.pdf")
        try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: true)
        let run = try Self.build(book)
        #expect(run.status == 2)
        #expect(run.stderr == "error: cannot write build/INV-2026-003.pdf: Is a directory\n", "\(run.stderr)")
        var outputs = Self.outputs(folder)
        outputs["INV-2026-003.pdf"] = nil
        #expect(outputs.keys.filter { $0.hasSuffix(".pdf") }.count == 19)
        #expect(!outputs.keys.contains { $0.hasSuffix(".tmp") })
        try FileManager.default.removeItem(at: blocked)
        #expect(try Self.build(book).status == 0)
        #expect(Self.outputs(folder) == Self.reference)
    }

    @Test func aManifestNamingFilesOutsideTheFolderRemovesNothingThere() throws {
        let book = try Self.studio()
        defer { try? FileManager.default.removeItem(at: book) }
        let victim = book.appendingPathComponent("invoices/keep-me.txt")
        try Data("keep".utf8).write(to: victim)
        let folder = book.appendingPathComponent("build")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The build removes outputs the last manifest lists and no document makes any more.
        let manifest = ["../invoices/keep-me.txt", "../../\(book.lastPathComponent)/invoices/keep-me.txt", "..", ".", "/etc/hostname"]
            .map { "0000\t\($0)\tinvoices/x.yaml\n" }.joined()
        try Data(manifest.utf8).write(to: folder.appendingPathComponent(".invoic-manifest"))
        let run = try Self.build(book)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: victim.path))
        #expect(FileManager.default.fileExists(atPath: "/etc/hostname"))
        #expect(Self.outputs(folder) == Self.reference)
    }

    @Test func aManifestThatIsANamedPipeDoesNotHangTheBuild() throws {
        let book = try Self.studio()
        defer { try? FileManager.default.removeItem(at: book) }
        let folder = book.appendingPathComponent("build")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(mkfifo(folder.appendingPathComponent(".invoic-manifest").path, 0o644) == 0)
        #expect(mkfifo(folder.appendingPathComponent("index.csv").path, 0o644) == 0)
        let run = try Self.build(book)
        #expect(!run.timedOut)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.outputs(folder) == Self.reference)
    }

    @Test func pdfNamePatternsCannotWriteOutsideTheFolder() throws {
        // The book sits three folders deep in a folder of its own, so a `../../../` that escaped
        // would land where this test can see it.
        let container = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-nest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: container) }
        let book = container.appendingPathComponent("a/b/c/book")
        try FileManager.default.createDirectory(at: book.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Invoic.examples.appendingPathComponent("studio"), to: book)
        try? FileManager.default.removeItem(at: book.appendingPathComponent("build"))
        let settings = book.appendingPathComponent("invoic.yaml")
        let text = try String(contentsOf: settings, encoding: .utf8)
        try Data((text + "\npdf_name: \"../../../{number}/../x\"\n").utf8).write(to: settings)
        let run = try Self.build(book)
        #expect(run.status == 0, "\(run.stderr)")
        let pdfs = Self.outputs(book.appendingPathComponent("build")).keys.filter { $0.hasSuffix(".pdf") }
        #expect(pdfs.count == 20)
        #expect(pdfs.allSatisfy { !$0.contains("/") && !$0.hasPrefix(".") })
        let everything = FileManager.default.enumerator(atPath: container.path)?.allObjects as? [String] ?? []
        let outside = everything.filter { !$0.hasPrefix("a/b/c/book") && !["a", "a/b", "a/b/c"].contains($0) }
        #expect(outside.isEmpty, "written outside the book: \(outside)")
    }
}

/// Results of concurrent runs, by index.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: Result<BoundedRun.Output, any Error>] = [:]

    func set(_ index: Int, _ result: Result<BoundedRun.Output, any Error>) {
        lock.lock()
        defer { lock.unlock() }
        values[index] = result
    }

    var all: [Result<BoundedRun.Output, any Error>] {
        lock.lock()
        defer { lock.unlock() }
        return values.keys.sorted().map { values[$0]! }
    }
}
