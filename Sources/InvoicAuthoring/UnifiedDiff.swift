/// A unified diff of two versions of a file, as `git diff` shows it, for `--dry-run`.
public enum UnifiedDiff {
    public static func make(from old: String, to new: String, path: String, context: Int = 3) -> String {
        let a = lines(old), b = lines(new)
        let operations = diff(a, b)
        guard operations.contains(where: { $0.kind != .same }) else { return "" }
        var out = "--- \(old.isEmpty ? "/dev/null" : "a/" + path)\n+++ b/\(path)\n"
        var index = 0
        while index < operations.count {
            guard operations[index].kind != .same else { index += 1; continue }
            var start = max(0, index - context)
            var end = index
            // Extend the hunk while changes are within two contexts of each other.
            var last = index
            while end < operations.count {
                if operations[end].kind != .same { last = end }
                if end - last > 2 * context { break }
                end += 1
            }
            end = min(operations.count, last + context + 1)
            while start < index, operations[start].kind != .same { start += 1 }
            let hunk = operations[start..<end]
            let oldStart = hunk.first?.oldLine ?? 0, newStart = hunk.first?.newLine ?? 0
            let oldCount = hunk.filter { $0.kind != .added }.count, newCount = hunk.filter { $0.kind != .removed }.count
            out += "@@ -\(oldCount == 0 ? oldStart : oldStart + 1),\(oldCount) +\(newCount == 0 ? newStart : newStart + 1),\(newCount) @@\n"
            for operation in hunk {
                out += (operation.kind == .same ? " " : operation.kind == .added ? "+" : "-") + operation.text + "\n"
            }
            index = end
        }
        return out
    }

    /// Lines without their breaks; a final line break ends the last line rather than starting one.
    static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    struct Operation {
        enum Kind { case same, added, removed }
        var kind: Kind
        var text: String
        var oldLine: Int
        var newLine: Int
    }

    /// Longest common subsequence over lines; files here are small.
    static func diff(_ a: [String], _ b: [String]) -> [Operation] {
        var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var result: [Operation] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                result.append(Operation(kind: .same, text: a[i], oldLine: i, newLine: j))
                i += 1; j += 1
            } else if j < b.count, i == a.count || lengths[i][j + 1] >= lengths[i + 1][j] {
                result.append(Operation(kind: .added, text: b[j], oldLine: i, newLine: j))
                j += 1
            } else {
                result.append(Operation(kind: .removed, text: a[i], oldLine: i, newLine: j))
                i += 1
            }
        }
        return result
    }
}
