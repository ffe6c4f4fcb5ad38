import Foundation
import Testing
@testable import InvoicBuild

/// The build folder is the one place invoic writes: nothing there is followed, and no name
/// (from a damaged or hostile manifest) reaches outside it.
@Suite struct OutputFolderHardeningTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-out-\(UUID().uuidString)").path

    func folder() throws -> OutputFolder {
        let folder = OutputFolder(path: root + "/build")
        try folder.create()
        return folder
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: root) }

    @Test func aFolderThatIsALinkIsRefused() throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/build", withDestinationPath: root + "/elsewhere")
        #expect(throws: OutputError.self) { try OutputFolder(path: root + "/build").create() }
    }

    @Test(arguments: ["", ".", "..", "../x.pdf", "a/b.pdf", "/etc/passwd", "x\u{0}.pdf"])
    func namesThatLeaveTheFolderAreRefusedNotTrappedOn(_ name: String) throws {
        defer { cleanUp() }
        let folder = try folder()
        #expect(!OutputFolder.isPlainName(name))
        #expect(throws: OutputError.self) { try folder.write(Array("x".utf8), to: name) }
        #expect(folder.read(name) == nil)
    }

    @Test func removeIgnoresNamesThatLeaveTheFolder() throws {
        defer { cleanUp() }
        let folder = try folder()
        try "keep".write(toFile: root + "/victim.txt", atomically: true, encoding: .utf8)
        folder.remove("../victim.txt")
        folder.remove("..")
        #expect(FileManager.default.fileExists(atPath: root + "/victim.txt"))
    }

    /// A killed build's temporary file is swept; one a running process is still writing (another
    /// invoic on the same folder) is not, or that process's rename would fail.
    @Test func leftoversOfDeadWritersAreRemovedAndWritesInFlightKept() throws {
        defer { cleanUp() }
        let folder = try folder()
        let living = ".index.html.\(getppid()).42.tmp"
        let dead = ".index.html.\(Int32.max).42.tmp"
        let unnamed = ".index.html.tmp"
        for name in [living, dead, unnamed] { try folder.write([], to: name) }
        try folder.write(Array("x".utf8), to: "INV-1.pdf")
        folder.removeLeftovers()
        #expect(folder.exists(living))
        #expect(!folder.exists(dead))
        #expect(!folder.exists(unnamed))
        #expect(folder.exists("INV-1.pdf"))
        #expect(OutputFolder.writer(ofTemporary: living) == getppid())
        #expect(OutputFolder.writer(ofTemporary: "INV-1.pdf") == nil)
    }

    @Test func readingFollowsNoLinkAndReadsOnlyRegularFiles() throws {
        defer { cleanUp() }
        let folder = try folder()
        try "secret".write(toFile: root + "/outside.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.url("linked"), withDestinationPath: root + "/outside.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.url("zero"), withDestinationPath: "/dev/zero")
        #expect(mkfifo(folder.url("pipe"), 0o644) == 0)
        try FileManager.default.createDirectory(atPath: folder.url("folder"), withIntermediateDirectories: true)
        for name in ["linked", "zero", "pipe", "folder", "missing"] {
            #expect(folder.read(name) == nil, "\(name) was read")
        }
        try folder.write(Array("plain".utf8), to: "plain.pdf")
        #expect(folder.read("plain.pdf") == Array("plain".utf8))
        // update() compares with what is there: a link is replaced, what it points to untouched.
        #expect(try folder.update(Array("new".utf8), at: "linked"))
        #expect(try String(contentsOfFile: root + "/outside.txt", encoding: .utf8) == "secret")
        #expect(folder.read("linked") == Array("new".utf8))
    }

    @Test func aLargeOutputReadsBackWhole() throws {
        defer { cleanUp() }
        let folder = try folder()
        let bytes = (0..<(3 * 65_536 + 17)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try folder.write(bytes, to: "big.pdf")
        #expect(folder.read("big.pdf") == bytes)
    }
}
