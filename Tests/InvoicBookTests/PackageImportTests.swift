import Foundation
import Testing

/// Package.swift says every import (issue 39, point 5): a target that imports a module it does not
/// declare builds only because another target happened to build that module first, and its
/// dependency graph lies about what it needs. This reads Package.swift's targets and every
/// `import` line of their sources, and names each undeclared one.
@Suite struct PackageImportTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Modules of the toolchain and the system, which no target declares.
    static let toolchain: Set = ["Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Glibc", "Musl",
                                 "Darwin", "Dispatch", "Testing", "XCTest", "Synchronization", "_Concurrency", "Observation"]

    struct Target {
        var name: String
        var kind: String
        var path: String?
        var dependencies: Set<String>
        /// Where its sources are: `path:`, else SwiftPM's default folder.
        var folder: String { path ?? (kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)") }
    }

    /// The targets of a manifest text: each `.target(`, `.executableTarget(`, `.testTarget(` or
    /// `.systemLibrary(` up to the next one, its `name:`, `path:` and the module names of its
    /// `dependencies: [...]` (a `.product(name: "X", ...)` declares module X).
    static func targets(of manifest: String) -> [Target] {
        let start = try! Regex(#"\.(target|executableTarget|testTarget|systemLibrary)\("#)
        let matches = manifest.matches(of: start)
        return matches.enumerated().compactMap { index, match in
            let end = index + 1 < matches.count ? matches[index + 1].range.lowerBound : manifest.endIndex
            let text = String(manifest[match.range.upperBound..<end])
            let kind = String(manifest[match.range].dropFirst().dropLast())
            guard let name = text.firstMatch(of: #/name:\s*"([^"]+)"/#)?.output.1 else { return nil }
            let path = text.firstMatch(of: #/path:\s*"([^"]+)"/#).map { String($0.output.1) }
            var dependencies = Set<String>()
            if let list = text.firstMatch(of: #/dependencies:\s*\[((?:[^\[\]]|\[[^\[\]]*\])*)\]/#)?.output.1 {
                // Products name their module first (`.product(name: "Hummingbird", package: ...)`):
                // the package name is not a module, so only `name:` and bare strings count.
                let products = list.matches(of: #/\.product\(\s*name:\s*"([^"]+)"[^)]*\)/#)
                dependencies.formUnion(products.map { String($0.output.1) })
                let bare = list.replacing(#/\.product\([^)]*\)/#, with: "")
                dependencies.formUnion(bare.matches(of: #/"([^"]+)"/#).map { String($0.output.1) })
            }
            return Target(name: String(name), kind: kind, path: path, dependencies: dependencies)
        }
    }

    /// The modules a Swift source imports: `import X`, `@testable import X`, `import struct X.Y`,
    /// `@preconcurrency import X.Sub` (the module is X), at the start of a line and outside a
    /// multi-line string literal (a test's Python or mail text may say `import sys`).
    static func imports(of source: String) -> [(line: Int, module: String)] {
        let pattern = #/^\s*(?:@\w+\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)/#
        var inString = false
        var found: [(line: Int, module: String)] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if !inString, let match = line.firstMatch(of: pattern) { found.append((index + 1, String(match.output.1))) }
            if line.ranges(of: "\"\"\"").count % 2 == 1 { inString.toggle() }
        }
        return found
    }

    /// Every import of `target`'s sources that the target does not declare.
    static func undeclared(_ target: Target, in root: URL) throws -> [String] {
        let folder = root.appendingPathComponent(target.folder)
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var found: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let source = try String(contentsOf: file, encoding: .utf8)
            for (line, module) in imports(of: source)
            where module != target.name && !target.dependencies.contains(module) && !toolchain.contains(module) {
                found.append("\(target.folder)/\(file.path.dropFirst(folder.path.count + 1)):\(line): \(target.name) imports \(module), which its Package.swift entry does not declare")
            }
        }
        return found.sorted()
    }

    @Test func everyImportIsDeclared() throws {
        let manifest = try String(contentsOf: Self.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = Self.targets(of: manifest)
        // The reader must see the manifest as it is, or the test proves nothing.
        #expect(targets.count > 30, "Package.swift's targets were not read: \(targets.map(\.name))")
        let serve = try #require(targets.first { $0.name == "InvoicServe" })
        #expect(serve.dependencies.isSuperset(of: ["InvoicBook", "Hummingbird", "Mustache"]))
        #expect(!serve.dependencies.contains("hummingbird"), "a package name is not a module")
        let undeclared = try targets.filter { $0.kind != "systemLibrary" }.flatMap { try Self.undeclared($0, in: Self.repository) }
        #expect(undeclared.isEmpty, "\(undeclared.joined(separator: "\n"))")
    }

    /// The reader finds an undeclared import in a made-up package, and nothing in a declared one.
    @Test func anUndeclaredImportIsFound() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("package-imports-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let sources = root.appendingPathComponent("Sources/App/Sub")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try "import Foundation\n@preconcurrency import Lib\n// import Ignored\nlet x = \"\"\"\nimport sys\n\"\"\"\n  @testable import struct Other.Thing\n"
            .write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let manifest = """
            targets: [
                .target(name: "Lib"),
                .executableTarget(name: "App", dependencies: ["Lib"]),
            ]
            """
        let app = try #require(Self.targets(of: manifest).first { $0.name == "App" })
        #expect(app.dependencies == ["Lib"])
        #expect(try Self.undeclared(app, in: root) == ["Sources/App/Sub/main.swift:7: App imports Other, which its Package.swift entry does not declare"])
    }
}
