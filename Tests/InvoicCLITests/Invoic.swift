import Foundation
import InvoicTestSupport
import Testing

/// The built `invoic` binary, run as a user runs it.
enum Invoic {
    typealias Output = ProcessOutput

    /// `swift test` builds the executable beside the test bundle.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["INVOIC_BIN"] { return URL(fileURLWithPath: path) }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent("invoic")
    }()

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = repository.appendingPathComponent("Tests/Fixtures")
    static let examples = repository.appendingPathComponent("examples")

    @discardableResult
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Output {
        try runProcess(binary, arguments, in: directory, environment: ["NO_COLOR": "1"].merging(environment) { $1 })
    }

    /// The official UBL credit note without its specification identifier (BT-24), so it breaks
    /// BR-01 (the original keeps every rule): a scratch file the caller removes.
    static func creditNoteBreakingBR01() throws -> URL {
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("creditnote-\(UUID().uuidString).xml")
        let identifier = "<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>"
        let original = try String(contentsOf: fixtures.appendingPathComponent("received/ubl-tc434-creditnote1.xml"), encoding: .utf8)
        #expect(original.contains(identifier))
        try original.replacingOccurrences(of: identifier, with: "").write(to: broken, atomically: true, encoding: .utf8)
        return broken
    }

    /// A scratch copy of a book, removed by the caller: its files as a fresh clone has them, so
    /// without the `build/` folder that `make` leaves in the examples (git ignores it).
    static func copy(_ source: URL) throws -> URL {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-e2e-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: target)
        try? FileManager.default.removeItem(at: target.appendingPathComponent("build"))
        return target
    }
}
