import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicDiagnostics

/// The quick fixes that change more than the diagnostic's own text: a document renumbered to the
/// next free number, and the keys an e-invoice format needs written as placeholders.
extension LanguageServer {
    // MARK: - the next free number

    /// The number a document with a `duplicate-number` or `numbering-gap` finding can take, when
    /// renumbering it is the remedy. Never for a sent document: the client holds it under its
    /// number (the finding's help says how to replace it instead). For a gap, only the last of
    /// its series moves down into the gap: moving one from the middle would open a gap where it was.
    static func freeNumber(for document: Document, code: String, in book: Book) -> String? {
        guard document.sent == nil else { return nil }
        switch code {
        case DiagnosticCode.duplicateNumber.name:
            return book.nextNumber(for: document.kind, issued: document.issued.value)
        case DiagnosticCode.numberingGap.name:
            guard let gap = book.gaps().first(where: { $0.before.file == document.file }),
                  book.series()[SeriesKey(kind: gap.kind, year: gap.year)]?.last?.file == document.file else { return nil }
            return gap.number(gap.sequences.lowerBound)
        default:
            return nil
        }
    }

    /// Renames the document's file to `number` (its stem is the number) and rewrites its
    /// `number:` key when it has one.
    static func renumbering(_ document: Document, to number: String, workspace: Workspace, map: LineMap) -> JSON {
        var changes: [JSON] = []
        let uri = workspace.uri(of: document.file)
        if let key = document.numberKey {
            changes.append(["textDocument": ["uri": .string(uri), "version": workspace.open[document.file].map { .int($0.version) } ?? .null],
                            "edits": [["range": map.range(key.range), "newText": .string(YAMLText.scalar(number))]]])
        }
        let name = (document.file as NSString).lastPathComponent
        let ext = name.hasSuffix(".yml") ? ".yml" : ".yaml"
        let folder = (document.file as NSString).deletingLastPathComponent
        let renamed = (folder.isEmpty ? "" : folder + "/") + DocumentKind.fileStem(forNumber: number) + ext
        changes.append(["kind": "rename", "oldUri": .string(uri), "newUri": .string(workspace.uri(of: renamed))])
        return ["documentChanges": .array(changes)]
    }

    // MARK: - e-invoice placeholders

    /// Where the key an e-invoice finding asks for goes: the client's file or invoic.yaml, the
    /// mapping it belongs to, and a placeholder that says what to write. Only keys of plain text:
    /// a country, a VAT number or an electronic address has no placeholder that would not be a
    /// wrong value, so those findings keep their help alone.
    struct MissingKey {
        var inClient: Bool
        var parents: [String]
        var key: String
        /// The value as YAML: text through `YAMLText`, which quotes what needs it.
        var value: String

        init(inClient: Bool, parents: [String], key: String, placeholder: String) {
            self.inClient = inClient
            self.parents = parents
            self.key = key
            value = YAMLText.scalar(placeholder)
        }

        init(inClient: Bool, parents: [String], key: String, flowMapping: [(String, String)]) {
            self.inClient = inClient
            self.parents = parents
            self.key = key
            value = "{ " + flowMapping.map { "\($0): \(YAMLText.scalar($1, in: .flow))" }.joined(separator: ", ") + " }"
        }
    }

    static let missingKeys: [String: MissingKey] = [
        DiagnosticCode.brDE3.name: MissingKey(inClient: false, parents: ["business", "address"], key: "city", placeholder: "TODO your city"),
        DiagnosticCode.brDE4.name: MissingKey(inClient: false, parents: ["business", "address"], key: "postal_code", placeholder: "TODO your postal code"),
        DiagnosticCode.brDE5.name: MissingKey(inClient: false, parents: ["business"], key: "contact", flowMapping: [("name", "TODO your contact's name")]),
        DiagnosticCode.brDE6.name: MissingKey(inClient: false, parents: ["business"], key: "phone", placeholder: "TODO your phone"),
        DiagnosticCode.brDE7.name: MissingKey(inClient: false, parents: ["business"], key: "email", placeholder: "TODO your e-mail"),
        DiagnosticCode.brDE8.name: MissingKey(inClient: true, parents: ["address"], key: "city", placeholder: "TODO the client's city"),
        DiagnosticCode.brDE9.name: MissingKey(inClient: true, parents: ["address"], key: "postal_code", placeholder: "TODO the client's postal code"),
        DiagnosticCode.brDE15.name: MissingKey(inClient: true, parents: [], key: "buyer_reference", placeholder: "TODO the reference the client asks you to quote"),
        DiagnosticCode.peppolR003.name: MissingKey(inClient: true, parents: [], key: "buyer_reference", placeholder: "TODO the reference the client asks you to quote"),
    ]

    /// The placeholder edits for the e-invoice findings among `diagnostics` (those of one file,
    /// where the format was chosen), gathered by the file they go to: one action adds them all.
    func placeholderEdits(_ diagnostics: [JSON], context: Context) -> [String: [JSON]] {
        guard let book = context.snapshot?.book else { return [:] }
        var added: [String: [(key: MissingKey, text: String)]] = [:]
        for diagnostic in diagnostics {
            guard let code = diagnostic["code"]?.string, let missing = Self.missingKeys[code] else { continue }
            let file: String
            if missing.inClient {
                // The finding names the document; its client's file takes the key.
                guard let number = diagnostic["message"]?.string?.components(separatedBy: ":").first,
                      let document = book.document(number), let client = book.clients[document.client.value] else { continue }
                file = client.file
            } else {
                file = BookSettings.fileName
            }
            guard !(added[file] ?? []).contains(where: { $0.key.key == missing.key && $0.key.parents == missing.parents }) else { continue }
            added[file, default: []].append((missing, ""))
        }
        var edits: [String: [JSON]] = [:]
        for (file, keys) in added {
            guard let text = context.workspace.text(of: file) else { continue }
            let map = LineMap(text, encoding: context.encoding)
            // Insertions at one place become one edit (the protocol leaves the order of equal
            // positions open), a nested mapping's keys before those of the mapping around it.
            var at: [Int: (atEndOfLine: Bool, texts: [(depth: Int, text: String)])] = [:]
            // In the order an address and a contact are written, whatever order the findings came in.
            let order = ["city", "postal_code", "contact", "phone", "email", "buyer_reference"]
            for (missing, _) in keys.sorted(by: { (order.firstIndex(of: $0.key.key) ?? order.count) < (order.firstIndex(of: $1.key.key) ?? order.count) }) {
                guard let insertion = Self.insertion(of: missing.key, value: missing.value, under: missing.parents, in: text) else { continue }
                at[insertion.line, default: (insertion.atEndOfLine, [])].texts.append((missing.parents.count, insertion.text))
            }
            for (line, insertion) in at.sorted(by: { $0.key < $1.key }) {
                let character = insertion.atEndOfLine ? map.characters(in: map.line(line)) : 0
                let position = Position(line: line, character: character).json
                let text = insertion.texts.enumerated().sorted { ($1.element.depth, $0.offset) < ($0.element.depth, $1.offset) }.map(\.element.text).joined()
                edits[file, default: []].append(["range": ["start": position, "end": position], "newText": .string(text)])
            }
        }
        return edits
    }

    /// Where `key: value` goes as a new line of the block mapping at `parents` (the top level when
    /// empty): the line to insert before (0-based) and the text. Nil when a parent is missing or
    /// not a block mapping (a flow mapping `{...}`, an address written as text), or the key is there.
    static func insertion(of key: String, value: String, under parents: [String], in text: String) -> (line: Int, atEndOfLine: Bool, text: String)? {
        let lines = text.components(separatedBy: "\n")
        func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        func isContent(_ line: String) -> Bool {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && !trimmed.hasPrefix("#")
        }
        // The scope's lines, and the indentation of its keys.
        var start = 0, end = lines.count
        var childIndent = lines.first(where: isContent).map(indent) ?? 0
        for parent in parents {
            guard let found = (start..<end).first(where: { index in
                let line = lines[index]
                guard isContent(line), indent(line) == childIndent, LanguageServer.keyName(line) == parent else { return false }
                // A block mapping: nothing after the colon but a comment.
                let rest = line.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces)
                return rest.isEmpty || rest.hasPrefix("#")
            }) else { return nil }
            let parentIndent = indent(lines[found])
            start = found + 1
            end = (start..<end).first { isContent(lines[$0]) && indent(lines[$0]) <= parentIndent } ?? end
            guard let first = (start..<end).first(where: { isContent(lines[$0]) }), indent(lines[first]) > parentIndent else { return nil }
            childIndent = indent(lines[first])
        }
        let keys = (start..<end).filter { isContent(lines[$0]) && indent(lines[$0]) == childIndent }
        guard !keys.contains(where: { LanguageServer.keyName(lines[$0]) == key }) else { return nil }
        // After the scope's last line of content: a trailing comment or blank line stays below it.
        let last = (start..<end).last { isContent(lines[$0]) } ?? (start - 1)
        let line = String(repeating: " ", count: childIndent) + "\(key): \(value)"
        // The file's last line without a line break: the new line goes after its end.
        if last + 1 >= lines.count { return (lines.count - 1, true, "\n" + line) }
        return (last + 1, false, line + "\n")
    }
}
