import Foundation
import InvoicBook

/// A book written to a temporary folder from `path: text` pairs, checked like `invoic check` does.
public struct TestBook {
    public let root: String

    public static let settings = """
        business: { name: Test Studio }
        defaults: { currency: USD, locale: en_US, terms: 30, validity: 30 }
        """

    public static let client = "name: Acme Corp\n"

    public init(_ files: [String: String], settings: String = TestBook.settings, clients: [String: String] = ["acme": TestBook.client]) {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-test-\(UUID().uuidString)").path
        var all = files
        if all["invoic.yaml"] == nil { all["invoic.yaml"] = settings }
        for (id, text) in clients where all["clients/\(id).yaml"] == nil { all["clients/\(id).yaml"] = text }
        for (path, text) in all { write(path, text) }
    }

    /// Checks the book and removes its folder.
    public func check() -> CheckedBook {
        defer { remove() }
        return checkKeeping()
    }

    /// Checks the book and keeps its folder, for tests that change files and check again.
    public func checkKeeping() -> CheckedBook {
        try! BookChecker.check(at: root)
    }

    public func write(_ path: String, _ text: String) {
        let url = URL(fileURLWithPath: root).appendingPathComponent(path)
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! text.write(to: url, atomically: true, encoding: .utf8)
    }

    public func delete(_ path: String) {
        try! FileManager.default.removeItem(atPath: root + "/" + path)
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// `file:line:col code` for each diagnostic: compact enough to assert in one line.
    public func findings() -> [String] {
        check().diagnostics.map { d in "\(d.file ?? "-"):\(d.range?.start.line ?? 0):\(d.range?.start.column ?? 0) \(d.code)" }
    }
}

/// A minimal valid invoice; `extra` lines are appended.
public func invoice(client: String = "acme", issued: String = "2026-03-01", _ extra: String = "", items: String = "  - { description: Design, quantity: 2, price: 100.00 }\n") -> String {
    "client: \(client)\nissued: \(issued)\nitems:\n\(items)\(extra)"
}
