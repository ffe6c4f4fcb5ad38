import Foundation

/// Everything the history checks read through git, as text read from the repository's files
/// without running git, for a cache key: the same text means the same `git log HEAD`, the same
/// reservation references and the same git. Nil whenever that cannot be told for certain (a
/// HEAD on a branch without a commit, reftable references, replaced objects or grafts, a config
/// that includes another file, a `GIT_*` variable that moves the repository): the caller then
/// asks git, as without a cache.
///
/// What goes in, and why (the judges read `git log --first-parent ... HEAD`, `rev-parse`, and
/// `for-each-ref refs/invoic/numbers/`; `--staged` reads the index but is never cached):
/// - the book's real path and where the repository was found (the book's place in it is what
///   `--relative` cuts; a `.git` of the book's own decides whether history is kept);
/// - the commit HEAD resolves to (a commit id names its whole history: a new commit, an amend,
///   a checkout, a reset all change it), read from HEAD, the loose refs and packed-refs;
/// - packed-refs whole and the loose references below refs/invoic/ (the reservations);
/// - `shallow` (cuts the history), the configs git reads (log.showRoot, core.abbrev,
///   i18n.logOutputEncoding change the log), the user's id and the repository's owner
///   (`safe.directory`), and the `git` the PATH names (its size and time).
public enum GitState {
    /// The key part for the book at `root`; "no repository" when no `.git` is above it.
    public static func key(at root: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        // Variables that point git elsewhere or change what it reads (GIT_DIR, GIT_CONFIG_*,
        // GIT_NO_REPLACE_OBJECTS, ...) make the state uncertain; only those known to be about
        // something else (the network, identities for new commits, editors, tracing) are not.
        guard environment.keys.allSatisfy({ !$0.hasPrefix("GIT_") || harmless.contains(where: $0.hasPrefix) }) else { return nil }
        var parts = ["git " + executable(environment: environment), "uid \(getuid())"]
        guard let real = realPath(root.isEmpty ? "." : root) else { return nil }
        parts.append("book " + real)
        parts += userConfigs(environment: environment).map { "config \($0): " + (read($0).map(text) ?? "none") }
        guard !parts.contains(where: includes) else { return nil }
        // git looks for `.git` in the book's folder, then in each parent.
        var folder = real
        while true {
            let dotGit = folder == "/" ? "/.git" : folder + "/.git"
            if let repository = repository(at: dotGit) { return repository.map { (parts + $0).joined(separator: "\n") } }
            if folder == "/" { return (parts + ["no repository"]).joined(separator: "\n") }
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    /// Prefixes of the `GIT_*` variables that cannot change what the history checks read.
    public static let harmless = ["GIT_SSL_", "GIT_SSH", "GIT_ASKPASS", "GIT_TERMINAL_PROMPT", "GIT_PAGER", "GIT_OPTIONAL_LOCKS",
                           "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_AUTHOR_", "GIT_COMMITTER_", "GIT_HTTP_", "GIT_PROXY_",
                           "GIT_CURL_", "GIT_TRACE", "GIT_PROTOCOL"]

    /// nil: no `.git` here; .some(nil): one that cannot be read with certainty.
    private static func repository(at dotGit: String) -> [String]?? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit, isDirectory: &isFolder) else { return nil }
        var gitDir = dotGit
        if !isFolder.boolValue {
            // A worktree or submodule: "gitdir: <path>", relative to the file's folder.
            guard let line = read(dotGit).map(text), line.hasPrefix("gitdir: ") else { return .some(nil) }
            let path = String(line.dropFirst("gitdir: ".count)).trimmingCharacters(in: .newlines)
            gitDir = path.hasPrefix("/") ? path : (dotGit as NSString).deletingLastPathComponent + "/" + path
        }
        guard let gitDir = realPath(gitDir) else { return .some(nil) }
        var commonDir = gitDir
        if let common = read(gitDir + "/commondir").map(text)?.trimmingCharacters(in: .newlines) {
            guard let path = realPath(common.hasPrefix("/") ? common : gitDir + "/" + common) else { return .some(nil) }
            commonDir = path
        }
        let configs = [commonDir + "/config", gitDir + "/config.worktree"].map { "config \($0): " + (read($0).map(text) ?? "none") }
        let packed = read(commonDir + "/packed-refs").map(text) ?? ""
        guard !configs.contains(where: includes), !configs.contains(where: { $0.lowercased().contains("refstorage") }),
              !exists(commonDir + "/reftable"), !exists(commonDir + "/info/grafts"),
              loose(below: "refs/replace", in: commonDir).isEmpty, !packed.contains(" refs/replace/"),
              let head = resolve("HEAD", gitDir: gitDir, commonDir: commonDir, packed: packed) else { return .some(nil) }
        let owner = (try? FileManager.default.attributesOfItem(atPath: dotGit)[.ownerAccountID] as? NSNumber)?.intValue ?? -1
        return .some(["repository \(dotGit) owner \(owner)", "gitdir \(gitDir)", "common \(commonDir)", "HEAD \(head)",
                      "shallow " + (read(commonDir + "/shallow").map(text) ?? "none"), "packed-refs " + packed]
                     + configs + loose(below: "refs/invoic", in: commonDir))
    }

    /// The commit id `name` (HEAD or a full reference name) points to, following symbolic
    /// references; nil for a branch without a commit, a loop, or anything unexpected.
    private static func resolve(_ name: String, gitDir: String, commonDir: String, packed: String, depth: Int = 0) -> String? {
        guard depth < 5, !name.contains(".."), !name.contains("\0") else { return nil }
        // HEAD and these are the worktree's own; every other reference is shared.
        let own = name == "HEAD" || ["refs/bisect/", "refs/worktree/", "refs/rewritten/"].contains(where: name.hasPrefix)
        if let bytes = read((own ? gitDir : commonDir) + "/" + name) {
            let value = text(bytes).trimmingCharacters(in: .whitespacesAndNewlines)
            if value.hasPrefix("ref: ") {
                return resolve(String(value.dropFirst(5)).trimmingCharacters(in: .whitespaces), gitDir: gitDir, commonDir: commonDir,
                               packed: packed, depth: depth + 1)
            }
            return isObjectId(value) ? value : nil
        }
        guard !own else { return nil }
        for line in packed.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("^") {
            let fields = line.split(separator: " ", maxSplits: 1)
            if fields.count == 2, fields[1] == name { return isObjectId(String(fields[0])) ? String(fields[0]) : nil }
        }
        return nil
    }

    /// Every loose reference below `folder` of the repository, with its content, sorted.
    private static func loose(below folder: String, in commonDir: String) -> [String] {
        let base = commonDir + "/" + folder
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var found: [String] = []
        while let name = walker.nextObject() as? String {
            if (walker.fileAttributes?[.type] as? FileAttributeType) != .typeDirectory {
                found.append("ref \(folder)/\(name) " + (read(base + "/" + name).map(text) ?? "unreadable"))
            }
        }
        return found.sorted()
    }

    /// The configs git reads besides the repository's: the user's and the system's.
    private static func userConfigs(environment: [String: String]) -> [String] {
        var paths = ["/etc/gitconfig"]
        if let home = environment["HOME"] {
            paths.append(home + "/.gitconfig")
            paths.append((environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config") + "/git/config")
        }
        return paths
    }

    /// The `git` that `/usr/bin/env git` starts: its path, size and time (another git may log otherwise).
    private static func executable(environment: [String: String]) -> String {
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let path = String(folder) + "/git"
            // stat, not FileManager's attributes (a dictionary of bridged values: 0.6 % of a
            // one-shot `invoic pdf`, issue 41 point 10).
            var info = stat()
            guard stat(realPath(path) ?? path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            return "\(path) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }
        return "none"
    }

    /// A config that includes another file: what it reads cannot be told without following it.
    private static func includes(_ config: String) -> Bool {
        config.lowercased().contains("[include")
    }

    private static func isObjectId(_ value: String) -> Bool {
        (value.count == 40 || value.count == 64) && value.allSatisfy(\.isHexDigit)
    }

    private static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    private static func read(_ path: String) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return [UInt8](data)
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
