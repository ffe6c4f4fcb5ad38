/// What the last build wrote: for each output, the fingerprint of what it was made from.
/// Kept in the build folder as sorted `fingerprint<TAB>output<TAB>source` lines.
struct Manifest: Equatable {
    static let fileName = ".invoic-manifest"

    struct Entry: Equatable {
        var fingerprint: String
        var source: String
    }

    var entries: [String: Entry] = [:]

    init() {}

    init(text: String) {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            entries[String(fields[1])] = Entry(fingerprint: String(fields[0]), source: String(fields[2]))
        }
    }

    var text: String {
        entries.keys.sorted().map { name in
            let entry = entries[name]!
            return "\(entry.fingerprint)\t\(name)\t\(entry.source)\n"
        }.joined()
    }
}
