import Foundation
import InvoicTestSupport
import Testing

/// The pytest-lsp suite (Tests/lsp): the built binary driven as VS Code, Neovim and Emacs drive
/// it. Run here so `swift test` (and `make test`) runs it; it needs the test venv with pytest-lsp
/// (scripts/einvoice-venv.sh, which `make test` runs first).
@Suite struct EndToEndTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let python = repository.appendingPathComponent(".build/einvoice-venv/bin/python")

    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["INVOIC_BIN"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("invoic")
    }()

    @Test func pytestLSPSuitePassesUnderEveryClientPreset() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.python.path),
                     "no test venv at .build/einvoice-venv: run scripts/einvoice-venv.sh (make test does)")
        let result = try runProcess(Self.python, ["-m", "pytest", "-q", "-p", "no:cacheprovider", "Tests/lsp"],
                                    in: Self.repository, environment: ["INVOIC": Self.binary.path])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        // Every test ran under each preset: nothing was skipped or deselected.
        #expect(result.stdout.contains(" passed") && !result.stdout.contains("skipped"), "\(result.stdout)")
    }
}
