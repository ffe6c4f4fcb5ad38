import Foundation

/// The git `pre-commit` hook that runs `invoic check --history --staged` on what is about to be
/// committed, so a change to an issued invoice never reaches the history.
public enum PreCommitHook {
    /// What `install(at:initializeRepository:)` did.
    public enum Outcome: Sendable, Equatable {
        /// Wrote a new hook, or added the book's line to an invoic hook; `createdRepository` when
        /// the folder was made a git repository first.
        case installed(path: String, createdRepository: Bool)
        /// The hook already checks this book.
        case alreadyInstalled(path: String)
        /// Another program's hook is there; invoic leaves it alone. Add `line` to it.
        case foreignHook(path: String, line: String)
    }

    static let marker = "# invoic pre-commit hook"

    /// The line that checks the book at `path` (relative to the top of the work tree, where git runs hooks).
    public static func line(forBookAt path: String) -> String {
        "\"${INVOIC:-invoic}\" check --history --staged -C '\(path.replacingOccurrences(of: "'", with: "'\\''"))' || exit 1"
    }

    /// The whole hook for a book at `path`. `executable` is the invoic that installs it: the hook
    /// uses it when no `invoic` is on the PATH (and `$INVOIC` names none), so a commit never fails
    /// for want of the tool that wrote the hook.
    public static func script(forBookAt path: String, executable: String? = nil) -> String {
        let fallback = executable.map { " || echo '\($0.replacingOccurrences(of: "'", with: "'\\''"))'" } ?? ""
        return """
        #!/bin/sh
        \(marker): refuses a commit that changes, deletes or renumbers an issued invoice,
        # or reuses a number (`invoic explain issued-invoice-changed`). Skip it once with `git commit --no-verify`.
        : "${INVOIC:=$(command -v invoic\(fallback))}"
        \(line(forBookAt: path))

        """
    }

    /// Installs the hook for the book at `root`.
    /// - Parameter initializeRepository: run `git init` first when the folder is not in a repository.
    public static func install(at root: String, initializeRepository: Bool, executable: String? = nil) throws(HistoryError) -> Outcome {
        let git = GitProcess(directory: root)
        var created = false
        do {
            _ = try git.run(["rev-parse", "--is-inside-work-tree"])
        } catch .notARepository(let folder) {
            guard initializeRepository else { throw .notARepository(folder) }
            _ = try git.run(["init", "--quiet"])
            created = true
        }
        let prefix = text(try git.run(["rev-parse", "--show-prefix"]))
        let book = prefix.isEmpty ? "." : String(prefix.dropLast(prefix.hasSuffix("/") ? 1 : 0))
        // Honours core.hooksPath; absolute, since a relative answer is relative to the book's folder.
        let hooks = text(try git.run(["rev-parse", "--path-format=absolute", "--git-path", "hooks"]))
        let path = hooks + "/pre-commit"

        let fileManager = FileManager.default
        let line = line(forBookAt: book)
        if let existing = try? String(contentsOfFile: path, encoding: .utf8) {
            guard existing.contains(marker) else { return .foreignHook(path: path, line: line) }
            if existing.contains(line) { return .alreadyInstalled(path: path) }
            try write(existing + (existing.hasSuffix("\n") ? "" : "\n") + line + "\n", to: path)
            return .installed(path: path, createdRepository: created)
        }
        try? fileManager.createDirectory(atPath: hooks, withIntermediateDirectories: true)
        try write(script(forBookAt: book, executable: executable), to: path)
        return .installed(path: path, createdRepository: created)
    }

    private static func write(_ text: String, to path: String) throws(HistoryError) {
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        } catch {
            throw .gitFailed(command: "hook", message: "cannot write \(path): \(error.localizedDescription)")
        }
    }

    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
