import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicYAML

/// The three-way merge of one book file by its meaning (`invoic merge-file`, git's merge driver
/// for the book, docs/teams.md).
///
/// A file is cut into its top-level keys, each with its lines as written (the comment and blank
/// lines right above a key go with it), and merged key by key: a key changed on one side only
/// takes that side's lines, untouched keys keep theirs byte for byte, in the order of our side.
/// The lists of recorded facts (payments, refunds, reminders, an outbox record's attempts) are
/// merged item by item: each side's new items are all kept, the same payment recorded on both
/// sides (same date, amount, method and reference) is kept once. Two different edits of one
/// key of a draft are a conflict around that key only. In a document that was issued in the
/// base version, any edit but recorded facts and voiding is a conflict that names the rule.
///
/// A version that is not a plain block mapping of YAML (a parse error, a byte-order mark, flow
/// style at the top) is not merged here: ``merge(base:ours:theirs:path:)`` returns nil and git's
/// own line merge is used.
public enum BookMerge {
    public struct Conflict: Sendable, Equatable, CustomStringConvertible {
        /// The line of the merged text where the conflict markers start.
        public var line: Int
        public var message: String
        public var description: String { "\(line): \(message)" }
    }

    public struct Merged: Sendable {
        public var text: String
        public var conflicts: [Conflict]
    }

    /// Lists of facts merged item by item, with the fields that make two items the same fact
    /// (none listed: the whole item).
    static let recorded: [String: [String]] = [
        "payments": ["date", "amount", "method", "reference"],
        "refunds": ["date", "amount", "method", "reference"],
        "reminders": ["date", "level"],
        "attempts": ["key"],
    ]

    /// The keys of an issued document that may still change: the facts recorded after the issue
    /// (`sent_via` is how it went, written by `peppol send` of an invoice already marked sent).
    static let changeableAfterIssue: Set<String> = ["payments", "refunds", "reminders", "void", "sent_via"]

    /// Merges `ours` and `theirs`, both made from `base`; `path` is the file's path in the
    /// repository (the document's folder decides whether the issued-document rule applies).
    /// - Returns: nil when a version cannot be merged by meaning.
    public static func merge(base: String, ours: String, theirs: String, path: String) -> Merged? {
        guard let o = Cut(base), let a = Cut(ours), let b = Cut(theirs) else { return nil }
        let kind = documentKind(of: path)
        let issued = kind.flatMap { o.isIssued(as: $0) ? o.root["number"]?.scalar?.text ?? name(of: path) : nil }
        var out = Output()

        out.three(o.header, a.header, b.header) { "both sides changed the comments at the top of \(path)" }
        for key in order(o, a, b) {
            let base = o.blocks[key], ours = a.blocks[key], theirs = b.blocks[key]
            if let issued, !changeableAfterIssue.contains(key), base?.text != ours?.text || base?.text != theirs?.text {
                let who = base?.text == ours?.text ? "their side" : base?.text == theirs?.text ? "our side" : "both sides"
                out.conflict(ours?.text ?? "", theirs?.text ?? "",
                             "`\(key)` of \(issued) was changed on \(who), but \(issued) was issued in the base version "
                             + "(rule issued-invoice-changed: an issued document is never edited; keep the issued lines and correct it with a credit note, or void it)")
                continue
            }
            if ours?.text == theirs?.text || base?.text == theirs?.text {
                out.lines += ours?.lines ?? []
            } else if base?.text == ours?.text {
                out.lines += theirs?.lines ?? []
            } else if let fields = recorded[key], let ours, let theirs,
                      let merged = ItemList.merge(base: base, ours: ours, theirs: theirs, identity: fields, out: &out, key: key, path: path) {
                out.lines += merged
            } else {
                let what = ours == nil ? "removed `\(key)` on our side and changed it on theirs"
                    : theirs == nil ? "changed `\(key)` on our side and removed it on theirs"
                    : "both sides changed `\(key)`"
                out.conflict(ours?.text ?? "", theirs?.text ?? "", "\(what) of \(kind.map { _ in "draft " } ?? "")\(name(of: path)); keep one between the markers")
            }
        }
        var text = out.lines.joined()
        // Our side's last line break (or its absence) is kept.
        if !ours.hasSuffix("\n"), text.hasSuffix("\n"), out.conflicts.isEmpty { text.removeLast() }
        return Merged(text: text, conflicts: out.conflicts)
    }

    /// The keys of the merge in order: ours, then each key only theirs added, after the key it
    /// follows on their side.
    static func order(_ o: Cut, _ a: Cut, _ b: Cut) -> [String] {
        var keys = a.keys
        for (index, key) in b.keys.enumerated() where !keys.contains(key) {
            // Removed on our side: gone unless their side changed it (then it is a conflict).
            if let base = o.blocks[key], base.text == a.blocks[key]?.text || a.blocks[key] == nil && base.text == b.blocks[key]?.text { continue }
            let after = b.keys[..<index].last { keys.contains($0) }
            keys.insert(key, at: after.flatMap { keys.firstIndex(of: $0) }.map { $0 + 1 } ?? keys.count)
        }
        // Removed on their side and not changed on ours: gone.
        return keys.filter { key in
            !(b.blocks[key] == nil && o.blocks[key] != nil && o.blocks[key]?.text == a.blocks[key]?.text)
        }
    }

    static func documentKind(of path: String) -> DocumentKind? {
        let folders = path.split(separator: "/").dropLast()
        return DocumentKind.allCases.first { kind in folders.contains { $0 == kind.folder } }
    }

    static func name(of path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasSuffix(".yaml") ? String(file.dropLast(5)) : file
    }

    /// The merged lines and the conflicts found so far.
    struct Output {
        var lines: [String] = []
        var conflicts: [Conflict] = []

        var nextLine: Int { lines.count + 1 }

        /// A part every version has (the comments at the top): three-way, as one piece.
        mutating func three(_ o: [String], _ a: [String], _ b: [String], _ message: () -> String) {
            if a == b || o == b { lines += a } else if o == a { lines += b } else { conflict(a.joined(), b.joined(), message()) }
        }

        /// Both versions between git's conflict markers, and what to do about them.
        mutating func conflict(_ ours: String, _ theirs: String, _ message: String) {
            conflicts.append(Conflict(line: nextLine, message: message))
            lines.append("<<<<<<< ours\n")
            lines += BookMerge.lines(of: ours)
            lines.append("=======\n")
            lines += BookMerge.lines(of: theirs)
            lines.append(">>>>>>> theirs\n")
        }
    }

    /// Lines with their line breaks; a last line without one gets one.
    static func lines(of text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if character == "\n" || character == "\r\n" {
                lines.append(current)
                current = ""
            }
        }
        if !current.isEmpty { lines.append(current + "\n") }
        return lines
    }
}

/// One version of a file cut at its top-level keys.
struct Cut {
    struct Block {
        var lines: [String]
        /// The 1-based line of the file where the block starts.
        var first: Int
        var value: YAMLNode
        var text: String { lines.joined() }
    }

    var header: [String]
    var keys: [String]
    var blocks: [String: Block]
    let root: YAMLNode

    init?(_ text: String) {
        if text.hasPrefix("\u{FEFF}") { return nil }
        let parsed = YAMLParser.parse(Array(text.utf8), path: "merge", limits: .standard)
        guard !parsed.diagnostics.contains(where: { $0.severity == .error }), let root = parsed.root,
              let pairs = root.mapping, !root.isFlow, !pairs.isEmpty else { return nil }
        let lines = BookMerge.lines(of: text)
        var keys: [String] = []
        var starts: [Int] = []
        for pair in pairs {
            guard let key = pair.key.keyText, !keys.contains(key), pair.key.range.start.column == 1 else { return nil }
            keys.append(key)
            starts.append(pair.key.range.start.line - 1)
        }
        // Comment and blank lines right above a key belong to it (but not above the first).
        for index in starts.indices.dropFirst() {
            while starts[index] - 1 > starts[index - 1], Self.isLoose(lines[starts[index] - 1]) { starts[index] -= 1 }
        }
        header = Array(lines[..<min(starts[0], lines.count)])
        var blocks: [String: Block] = [:]
        for (index, key) in keys.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : lines.count
            guard starts[index] <= end, end <= lines.count else { return nil }
            blocks[key] = Block(lines: Array(lines[starts[index]..<end]), first: starts[index] + 1, value: pairs[index].value)
        }
        self.keys = keys
        self.blocks = blocks
        self.root = root
    }

    static func isLoose(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty || (line.hasPrefix("#"))
    }

    /// Whether this version of a document is issued (sent, or an estimate accepted).
    func isIssued(as kind: DocumentKind) -> Bool {
        let fact = kind == .estimate ? "accepted" : "sent"
        return root[fact]?.scalar.map { !$0.isNull } ?? false
    }
}

/// A list of recorded facts (`payments:`), merged item by item.
enum ItemList {
    struct Item {
        var lines: [String]
        var identity: String
        var text: String { lines.joined() }
    }

    /// The items of a block whose value is a block sequence, with the lines before the first.
    static func items(of block: Cut.Block, identity fields: [String]) -> (prefix: [String], items: [Item])? {
        guard let nodes = block.value.sequence, !block.value.isFlow, !nodes.isEmpty else { return nil }
        var starts: [Int] = []
        for node in nodes {
            var line = node.range.start.line - block.first
            // `-` alone on its line, the item below it.
            while line > 0, line < block.lines.count, block.lines[line - 1].trimmingCharacters(in: .whitespacesAndNewlines) == "-",
                  !block.lines[line].trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("-") { line -= 1 }
            guard line > 0, line < block.lines.count, starts.last.map({ $0 < line }) ?? true else { return nil }
            starts.append(line)
        }
        var items: [Item] = []
        for (index, node) in nodes.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : block.lines.count
            items.append(Item(lines: Array(block.lines[starts[index]..<end]), identity: identity(node, fields)))
        }
        return (Array(block.lines[..<starts[0]]), items)
    }

    /// What makes two items the same fact: the named fields, else the whole item.
    static func identity(_ node: YAMLNode, _ fields: [String]) -> String {
        if node.mapping != nil, fields.contains(where: { node[$0] != nil }) {
            return fields.map { "\($0)=\(node[$0].map(canonical) ?? "")" }.joined(separator: "\u{1}")
        }
        return canonical(node)
    }

    static func canonical(_ node: YAMLNode) -> String {
        switch node.kind {
        case .scalar(let scalar): return scalar.isNull ? "" : scalar.text
        case .sequence(let items): return "[" + items.map(canonical).joined(separator: "\u{2}") + "]"
        case .mapping(let pairs):
            return "{" + pairs.map { "\($0.key.keyText ?? canonical($0.key))=\(canonical($0.value))" }.sorted().joined(separator: "\u{2}") + "}"
        }
    }

    /// Our items (less those their side removed), then their new ones; nil when a version is
    /// not a block list (then the key is a conflict).
    static func merge(base: Cut.Block?, ours: Cut.Block, theirs: Cut.Block, identity fields: [String],
                      out: inout BookMerge.Output, key: String, path: String) -> [String]? {
        // No list in the base (the key is new on both sides, or was empty): every item is new.
        let none: (prefix: [String], items: [Item]) = (base?.lines ?? [], [])
        guard let o = base.map({ items(of: $0, identity: fields) ?? ($0.value.sequence?.isEmpty ?? true ? none : nil) }) ?? none,
              let a = items(of: ours, identity: fields), let b = items(of: theirs, identity: fields) else { return nil }
        let inBase = Dictionary(o.items.map { ($0.identity, $0.text) }, uniquingKeysWith: { first, _ in first })
        let inTheirs = Dictionary(b.items.map { ($0.identity, $0) }, uniquingKeysWith: { first, _ in first })
        let inOurs = Set(a.items.map(\.identity))
        // The key's line and the comments above it: ours, unless only their side changed them.
        var merged = BookMerge.Output()
        merged.lines = o.prefix == a.prefix && !o.items.isEmpty ? b.prefix : a.prefix
        for item in a.items {
            if inBase[item.identity] != nil, inTheirs[item.identity] == nil { continue }  // removed on their side
            guard let other = inTheirs[item.identity], other.text != item.text else {
                merged.lines += item.lines
                continue
            }
            if inBase[item.identity] == nil {
                merged.lines += item.lines  // the same fact recorded on both sides: once, as ours wrote it
            } else if inBase[item.identity] == item.text {
                merged.lines += other.lines
            } else if inBase[item.identity] == other.text {
                merged.lines += item.lines
            } else {
                // The conflict's line counts from the start of the whole output.
                let before = merged.lines.count
                merged.conflict(item.text, other.text, "both sides changed the same entry of `\(key)` in \(BookMerge.name(of: path)); keep one between the markers")
                merged.conflicts[merged.conflicts.count - 1].line = out.nextLine + before
            }
        }
        for item in b.items where inBase[item.identity] == nil && !inOurs.contains(item.identity) {
            merged.lines += item.lines
        }
        out.conflicts += merged.conflicts
        return merged.lines
    }
}
