import Foundation
import Testing

/// Compares `actual` with a golden file. With RECORD=1 the file is rewritten and the test fails,
/// so a re-recording is always seen and reviewed, never silent.
public func expectGolden(_ actual: String, at url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if ProcessInfo.processInfo.environment["RECORD"] == "1" {
        let changed = (try? String(contentsOf: url, encoding: .utf8)) != actual
        if changed {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
        }
        Issue.record("RECORD=1: \(changed ? "recorded" : "unchanged") \(url.path); run again without RECORD=1", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("no golden file \(url.path); record it with RECORD=1", sourceLocation: sourceLocation)
        return
    }
    #expect(actual == expected, "differs from \(url.path) (RECORD=1 re-records)", sourceLocation: sourceLocation)
}
