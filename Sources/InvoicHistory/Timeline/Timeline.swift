import InvoicBook

/// One state of a document in history: the file that held its number after a commit, or its absence.
struct Version: Sendable {
    /// Index into `Timeline.commits`.
    var commit: Int
    var kind: DocumentKind
    /// The file, relative to the book; nil when the number has no file after this commit.
    var path: String?
    var blob: String?
    /// This version began with `git mv` from another number.
    var renamedFrom: String?
    /// The number has no file any more because it was renamed to this one.
    var renamedTo: String?

    var exists: Bool { blob != nil }
}

/// A file of the book's context (invoic.yaml, a client) as of a commit; nil blob when deleted.
struct ContextVersion: Sendable {
    var commit: Int
    var blob: String?
}

/// The book's history replayed commit by commit: every version of every document number, of
/// invoic.yaml and of each client, with the commit that made it.
struct Timeline: Sendable {
    var commits: [CommitInfo] = []
    /// Number -> its versions, oldest first.
    var documents: [String: [Version]] = [:]
    var settings: [ContextVersion] = []
    var clients: [String: [ContextVersion]] = [:]

    init(_ log: [LoggedCommit]) {
        var files: [String: String] = [:]
        var pathsByNumber: [String: Set<String>] = [:]
        for (index, commit) in log.enumerated() {
            commits.append(commit.info)
            var touched: [String: DocumentKind] = [:]
            var renamedFrom: [String: String] = [:]
            var renamedTo: [String: String] = [:]

            func remove(_ path: String) {
                guard let place = BookPath(path) else { return }
                switch place {
                case .document(let kind, let number):
                    if files.removeValue(forKey: path) != nil { pathsByNumber[number]?.remove(path) }
                    touched[number] = touched[number] ?? kind
                case .client(let id): clients[id, default: []].append(ContextVersion(commit: index, blob: nil))
                case .settings: settings.append(ContextVersion(commit: index, blob: nil))
                }
            }
            func store(_ path: String, _ blob: String) {
                guard let place = BookPath(path) else { return }
                switch place {
                case .document(let kind, let number):
                    files[path] = blob
                    pathsByNumber[number, default: []].insert(path)
                    touched[number] = kind
                case .client(let id): clients[id, default: []].append(ContextVersion(commit: index, blob: blob))
                case .settings: settings.append(ContextVersion(commit: index, blob: blob))
                }
            }

            for change in commit.changes {
                if change.status == .renamed, let source = change.source {
                    remove(source)
                    if case .document(_, let old)? = BookPath(source), case .document(_, let new)? = BookPath(change.path), old != new {
                        renamedTo[old] = new
                        renamedFrom[new] = old
                    }
                }
                if change.status == .deleted || !change.isRegularFile {
                    remove(change.path)
                } else {
                    store(change.path, change.blob)
                }
            }
            for (number, kind) in touched.sorted(by: { $0.key < $1.key }) {
                let path = pathsByNumber[number]?.min()
                let blob = path.flatMap { files[$0] }
                let last = documents[number]?.last
                guard last?.blob != blob || last?.path != path else { continue }
                if blob == nil, last == nil { continue }
                let kindNow = path.flatMap { BookPath($0) }.flatMap { place -> DocumentKind? in
                    if case .document(let kind, _) = place { return kind }
                    return nil
                } ?? kind
                documents[number, default: []].append(Version(
                    commit: index, kind: kindNow, path: path, blob: blob,
                    renamedFrom: last?.exists == true ? nil : renamedFrom[number],
                    renamedTo: blob == nil ? renamedTo[number] : nil))
            }
        }
    }

    /// Every blob any version refers to.
    var blobs: Set<String> {
        var result = Set<String>()
        for versions in documents.values { for version in versions { if let blob = version.blob { result.insert(blob) } } }
        for version in settings { if let blob = version.blob { result.insert(blob) } }
        for versions in clients.values { for version in versions { if let blob = version.blob { result.insert(blob) } } }
        return result
    }

    /// The version of a context file in effect after `commit`.
    static func version(_ versions: [ContextVersion]?, at commit: Int) -> ContextVersion? {
        guard let versions else { return nil }
        var low = 0, high = versions.count
        while low < high {
            let middle = (low + high) / 2
            if versions[middle].commit <= commit { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : versions[low - 1]
    }
}
