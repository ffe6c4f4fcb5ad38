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
///
/// Writes take turns: ``edit(dryRun:allowing:_:)`` holds the book's ``BookLock`` from reading the
/// book to the last rename, so what it reads is what the last writer wrote and two writers at the
/// same moment both land. ``commit(_:dryRun:allowing:)`` called on its own holds the lock from
/// its check of the bytes to the rename, so a change planned from an old read is refused
/// (``AuthoringError/changedOnDisk(_:)``), never written over another's.
public struct BookEditor: Sendable {
    public let root: String
    /// Whether this editor is the one ``edit(dryRun:allowing:_:)`` hands its plan, inside the lock.
    private let holdsLock: Bool

    public init(root: String) {
        self.root = root
        holdsLock = false
    }

    private init(root: String, holdsLock: Bool) {
        self.root = root
        self.holdsLock = holdsLock
    }

    /// Takes the book's lock (not for a dry run, which writes nothing), checks the book as it is
    /// now, lets `plan` make the changes from it (reading the files it edits through the editor
    /// it is given), checks and writes them, and only then lets the next writer in.
    /// - Returns: the changes written (or, with `dryRun`, that would be) and the warnings they add.
    @discardableResult
    public func edit(dryRun: Bool = false, allowing: (Diagnostic) -> Bool = { _ in false },
                     _ plan: (CheckedBook, BookEditor) throws(AuthoringError) -> [FileChange]) throws(AuthoringError) -> (changes: [FileChange], warnings: NewWarnings) {
        let lock = dryRun || holdsLock ? nil : try BookLock(root: root)
        defer { withExtendedLifetime(lock) {} }
        let editor = BookEditor(root: root, holdsLock: holdsLock || lock != nil)
        let before = try editor.check()
        let changes = try plan(before, editor)
        let warnings = try editor.commit(changes, dryRun: dryRun, allowing: allowing, before: before)
        return (changes, warnings)
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
        try commit(changes, dryRun: dryRun, allowing: allowing, before: check())
    }

    /// `commit` against `before`, the book as checked when the changes were planned.
    private func commit(_ changes: [FileChange], dryRun: Bool, allowing: (Diagnostic) -> Bool, before: CheckedBook) throws(AuthoringError) -> NewWarnings {
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
        if dryRun || changes.isEmpty { return warnings }
        let lock = holdsLock ? nil : try BookLock(root: root)
        defer { withExtendedLifetime(lock) {} }
        removeLeftovers(besides: changes)
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

    /// Removes what writers killed mid-write left: in `.invoic/tmp/`, and beside the files about
    /// to be written (where invoic made its temporary files before it had `.invoic/tmp/`).
    /// Called with the lock held.
    private func removeLeftovers(besides changes: [FileChange]) {
        AtomicFile.removeLeftovers(in: BookLock.folder(of: root))
        for folder in Set(changes.map { (path($0.path) as NSString).deletingLastPathComponent }) {
            AtomicFile.removeLeftovers(in: folder)
        }
    }

    /// Writes one change, with the lock held: the temporary file in `.invoic/tmp/`, then the rename.
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
            try AtomicFile.write(bytes, to: target, mode: change.before == nil ? .createNew : .replace,
                                 temporaryDirectory: BookLock.folder(of: root))
        } catch where error.code == EEXIST {
            throw .refused("\(change.path) already exists; invoic never overwrites a file")
        } catch {
            throw .io("cannot \(change.before == nil ? "create" : "replace") \(change.path): \(error.reason)")
        }
    }
}
