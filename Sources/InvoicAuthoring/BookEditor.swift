import Foundation
import InvoicBook
import InvoicDiagnostics

/// One change to one file of a book: the bytes it had when read (nil for a new file) and the
/// text it should have.
public struct FileChange: Sendable {
    public var path: String
    public var before: [UInt8]?
    public var after: String

    public init(path: String, before: [UInt8]?, after: String) {
        self.path = path
        self.before = before
        self.after = after
    }

    /// The change as `git diff` would show it.
    public var diff: String {
        UnifiedDiff.make(from: before.map { String(decoding: $0, as: UTF8.self) } ?? "", to: after, path: path)
    }
}

/// Reads a book and writes changes to it the safe way: the whole book is checked with the change
/// applied and the change refused if it adds an error; each file is written atomically and only
/// if nobody changed it since it was read; a new file never replaces an existing one.
public struct BookEditor: Sendable {
    public let root: String

    public init(root: String) {
        self.root = root
    }

    public func check() throws(AuthoringError) -> CheckedBook {
        do {
            return try BookChecker.check(at: root)
        } catch {
            throw .io("\(error)")
        }
    }

    public func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }

    /// A file's bytes and its text for editing. A byte-order mark is kept aside and put back.
    public func read(_ relative: String) throws(AuthoringError) -> (bytes: [UInt8], text: String) {
        guard let data = FileManager.default.contents(atPath: path(relative)) else { throw .io("cannot read \(relative)") }
        let bytes = [UInt8](data)
        return (bytes, String(decoding: bytes, as: UTF8.self))
    }

    /// Checks the book with `changes` applied, then writes them, unless `dryRun`.
    /// - Parameter allowing: new errors the command creates on purpose (the empty description
    ///   of a new document's first item, there to be filled in).
    /// - Returns: the warnings the change adds (accepting an expired estimate, say): written
    ///   all the same, but the user should hear of them.
    @discardableResult
    public func commit(_ changes: [FileChange], dryRun: Bool, allowing: (Diagnostic) -> Bool = { _ in false }) throws(AuthoringError) -> NewWarnings {
        let before = try check()
        let overrides = Dictionary(uniqueKeysWithValues: changes.map { ($0.path, Array($0.after.utf8)) })
        let after: CheckedBook
        do {
            after = try BookChecker.check(at: root, overrides: overrides)
        } catch {
            throw .io("\(error)")
        }
        let existing = Set(before.diagnostics.map(Self.identity))
        let new = after.diagnostics.filter { !existing.contains(Self.identity($0)) && !allowing($0) }
        let added = new.filter { $0.severity == .error }
        if !added.isEmpty { throw .wouldIntroduceErrors(added, sources: after.book.sources) }
        let warnings = NewWarnings(diagnostics: new.filter { $0.severity == .warning }, sources: after.book.sources)
        if dryRun { return warnings }
        for change in changes { try write(change) }
        return warnings
    }

    /// Warnings a change adds to the book, with the sources to show them from.
    public struct NewWarnings: Sendable {
        public var diagnostics: [Diagnostic]
        public var sources: [String: SourceFile]
    }

    /// What makes two diagnostics "the same error" before and after an edit that moves lines.
    private static func identity(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.code)\u{0}\(diagnostic.file ?? "")\u{0}\(diagnostic.message)"
    }

    private func write(_ change: FileChange) throws(AuthoringError) {
        let target = path(change.path)
        let directory = (target as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .io("cannot create \(directory): \(error.localizedDescription)")
        }
        let bytes = Array(change.after.utf8)
        if let before = change.before {
            guard FileManager.default.contents(atPath: target).map({ [UInt8]($0) }) == before else { throw .changedOnDisk(change.path) }
        }
        do {
            try AtomicFile.write(bytes, to: target, mode: change.before == nil ? .createNew : .replace)
        } catch where error.code == EEXIST {
            throw .refused("\(change.path) already exists; invoic never overwrites a file")
        } catch {
            throw .io("cannot \(change.before == nil ? "create" : "replace") \(change.path): \(error.reason)")
        }
    }
}
