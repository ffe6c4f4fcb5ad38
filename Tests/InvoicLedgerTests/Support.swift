import Foundation
import InvoicBook
import InvoicTestSupport
import Testing

enum Ledger {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = repository.appendingPathComponent("Tests/Fixtures/ledger")
    static let examples = repository.appendingPathComponent("examples")
    /// The e-invoice venv (`make einvoice-check`), where Beancount's bean-check and bean-query are.
    static let venv = repository.appendingPathComponent(".build/einvoice-venv/bin")

    /// `swift test` builds the executable beside the test bundle.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["INVOIC_BIN"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("invoic")
    }()

    @discardableResult
    static func invoic(_ arguments: [String]) throws -> ProcessOutput {
        try runProcess(binary, arguments, environment: ["NO_COLOR": "1"])
    }

    /// An example book, checked: it must have no errors.
    static func example(_ name: String) throws -> Book {
        let checked = try BookChecker.check(at: examples.appendingPathComponent(name).path)
        #expect(!checked.diagnostics.contains { $0.severity == .error }, "examples/\(name) has errors")
        return checked.book
    }

    /// A program on the PATH (hledger), or nil.
    static func tool(_ name: String) -> URL? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    static func temporaryFile(_ name: String, _ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}
