import Foundation
import InvoicBook

/// The git repository a book lives in, read through the `git` command in a few batched calls:
/// one `git log` for every commit that touched the book, one `git cat-file --batch` for every
/// file version those commits hold.
struct Repository: Sendable {
    let git: GitProcess
    /// False in a repository without a commit yet: then everything is uncommitted.
    let hasHead: Bool

    /// The folders and files of a book that history is about, relative to the book.
    static let pathspecs = ["invoices", "estimates", "clients", BookSettings.fileName]

    static func open(_ root: String) throws(HistoryError) -> Repository {
        let git = GitProcess(directory: root)
        let inside = try git.run(["rev-parse", "--is-inside-work-tree"])
        guard String(decoding: inside, as: UTF8.self).hasPrefix("true") else { throw .notARepository(root) }
        let hasHead: Bool
        do {
            _ = try git.run(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"])
            hasHead = true
        } catch .gitFailed {
            hasHead = false
        }
        return Repository(git: git, hasHead: hasHead)
    }

    /// Every commit on HEAD's first-parent line that changed a file of the book, oldest first,
    /// with its changes: a merge counts as one commit bringing in its branch's changes.
    func log() throws(HistoryError) -> [LoggedCommit] {
        guard hasHead else { return [] }
        let output = try git.run([
            "log", "--first-parent", "--diff-merges=first-parent", "--reverse", "--raw", "-z", "--no-abbrev",
            "-M", "--relative", "--no-color", "--no-show-signature",
            "--format=%x01%H%x00%an%x00%ae%x00%aI%x00%s", "HEAD",
        ])
        // No pathspec: limiting by path makes git diff every commit twice, three times slower on a
        // big flat invoices/ folder. `--relative` keeps the book's folder; the rest is filtered here.
        var commits = LogParser.parse(output).compactMap { commit -> LoggedCommit? in
            var commit = commit
            commit.changes.removeAll { BookPath($0.path) == nil && $0.source.flatMap(BookPath.init) == nil }
            return commit.changes.isEmpty ? nil : commit
        }
        // `--no-abbrev` (for the blob ids) would spell %h in full: abbreviate as git does for HEAD,
        // longer where two commits of the list share the prefix.
        let length = max(7, String(decoding: try git.run(["rev-parse", "--short", "HEAD"]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines).count)
        var pending = Array(commits.indices)
        var n = length
        while !pending.isEmpty, n <= 64 {
            let groups = Dictionary(grouping: pending) { commits[$0].info.hash.prefix(n) }
            pending = []
            for (prefix, members) in groups {
                if members.count == 1 { commits[members[0]].info.shortHash = String(prefix) } else { pending += members }
            }
            n += 1
        }
        return commits
    }

    /// The book's files in the index (the staged state a commit would record): path -> blob id.
    func stagedBlobs() throws(HistoryError) -> [String: String] {
        var blobs: [String: String] = [:]
        for entry in try git.fields(["ls-files", "--stage", "-z", "--"] + Self.pathspecs) where !entry.isEmpty {
            // "100644 <blob> <stage>\t<path>"; an unmerged path keeps its stage 2 ("ours").
            guard let tab = entry.firstIndex(of: "\t") else { continue }
            let meta = entry[..<tab].split(separator: " ")
            guard meta.count == 3, meta[0].hasPrefix("100"), meta[2] == "0" || meta[2] == "2" else { continue }
            let path = String(entry[entry.index(after: tab)...])
            // Only what the loader reads: not `.gitkeep`, a README or a hidden file.
            if BookPath(path) != nil { blobs[path] = String(meta[1]) }
        }
        return blobs
    }

    /// The contents of the given blobs, read by one `git cat-file --batch`.
    func contents(of blobs: some Sequence<String>) throws(HistoryError) -> [String: [UInt8]] {
        let ids = Array(Set(blobs)).sorted()
        guard !ids.isEmpty else { return [:] }
        var input: [UInt8] = []
        input.reserveCapacity(ids.count * 41)
        for id in ids {
            input += Array(id.utf8)
            input.append(UInt8(ascii: "\n"))
        }
        let output = try git.run(["cat-file", "--batch"], input: input)
        var result: [String: [UInt8]] = [:]
        result.reserveCapacity(ids.count)
        var index = 0
        while index < output.count {
            guard let newline = output[index...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let header = output[index..<newline].split(separator: UInt8(ascii: " "))
            index = newline + 1
            // "<id> blob <size>", or "<id> missing"
            guard header.count == 3, let size = Int(String(decoding: header[2], as: UTF8.self)) else { continue }
            let end = min(index + size, output.count)
            result[String(decoding: header[0], as: UTF8.self)] = Array(output[index..<end])
            index = end + 1
        }
        return result
    }
}

struct LoggedCommit: Sendable {
    var info: CommitInfo
    var changes: [LoggedChange]
}

/// One line of `git log --raw`: a file added, modified, deleted, renamed or copied.
struct LoggedChange: Sendable {
    enum Status: Sendable { case added, modified, deleted, renamed, copied, typeChanged }
    var status: Status
    /// False when the new version is not a regular file (a link, a submodule).
    var isRegularFile: Bool
    var blob: String
    var path: String
    /// For a rename or copy: where the file came from.
    var source: String?
}

/// Parses `git log --raw -z` with the format above: fields and paths separated by NUL, each
/// commit starting with \u{1}.
enum LogParser {
    static func parse(_ output: [UInt8]) -> [LoggedCommit] {
        var commits: [LoggedCommit] = []
        var tokens = output.split(separator: 0, omittingEmptySubsequences: false)[...]
        func next() -> String? {
            guard let token = tokens.popFirst() else { return nil }
            return String(decoding: token, as: UTF8.self)
        }
        while var token = next() {
            token = String(token.drop { $0 == "\n" })
            if token.hasPrefix("\u{1}") {
                let hash = String(token.dropFirst())
                guard let author = next(), let email = next(), let timestamp = next(), let subject = next() else { break }
                commits.append(LoggedCommit(
                    info: CommitInfo(hash: hash, shortHash: hash, author: author, email: email, timestamp: timestamp, subject: subject),
                    changes: []))
            } else if token.hasPrefix(":"), !commits.isEmpty {
                // ":<old mode> <new mode> <old blob> <new blob> <status>"
                let meta = token.dropFirst().split(separator: " ")
                guard meta.count == 5, let letter = meta[4].first else { continue }
                let status: LoggedChange.Status
                switch letter {
                case "A": status = .added
                case "D": status = .deleted
                case "R": status = .renamed
                case "C": status = .copied
                case "T": status = .typeChanged
                default: status = .modified
                }
                let first = next() ?? ""
                var change = LoggedChange(status: status, isRegularFile: meta[1].hasPrefix("100"), blob: String(meta[3]), path: first)
                if status == .renamed || status == .copied {
                    change.source = first
                    change.path = next() ?? ""
                }
                commits[commits.count - 1].changes.append(change)
            }
        }
        return commits
    }
}

extension Repository {
    /// The regular files below the book's folder in `commit`: path relative to the book -> blob id.
    /// `git ls-tree` run in the book's folder lists it with paths relative to that folder.
    func tree(at commit: String) throws(HistoryError) -> [String: String] {
        var blobs: [String: String] = [:]
        for entry in try git.fields(["ls-tree", "-r", "-z", commit, "--", "."]) where !entry.isEmpty {
            // "100644 blob <id>\t<path>"
            guard let tab = entry.firstIndex(of: "\t") else { continue }
            let meta = entry[..<tab].split(separator: " ")
            guard meta.count == 3, meta[0].hasPrefix("100"), meta[1] == "blob" else { continue }
            let path = String(entry[entry.index(after: tab)...])
            // Never build output: the book is its sources.
            if path.hasPrefix("build/") || path.hasPrefix("../") { continue }
            blobs[path] = String(meta[2])
        }
        return blobs
    }
}
