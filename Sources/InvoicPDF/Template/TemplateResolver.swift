import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicYAML

/// Finds a template by name and follows its `extends:` chain: a book's `templates/NAME.yaml`
/// first, then the built-in templates compiled into invoic. A template that names no parent
/// extends the built-in of the same name, or `invoi`; so every chain ends at the complete
/// built-in `invoi`, and a book's file only has to set what it changes.
struct TemplateResolver {
    let bookRoot: String
    var diagnostics: [Diagnostic] = []
    var sources: [SourceFile] = []

    init(bookRoot: String) {
        self.bookRoot = bookRoot
    }

    /// The merged tree for `name`, or nil when a file in the chain could not be read or parsed.
    mutating func resolve(_ name: String, requestedAt place: TemplateNode.Place?) -> TemplateNode? {
        var chain: [TemplateNode] = []
        var seen: [String] = []
        var next: (name: String, bookFirst: Bool, place: TemplateNode.Place?)? = (name, true, place)
        while let (current, bookFirst, requested) = next {
            let key = (bookFirst && bookFile(current) != nil ? "book:" : "builtin:") + current
            if seen.contains(key) {
                diagnostics.append(.error(.invalidTemplate, "templates extend each other in a circle: \((seen + [key]).map { $0.split(separator: ":").last! }.joined(separator: " -> "))",
                                          file: requested?.file, range: requested?.range))
                return nil
            }
            seen.append(key)
            guard let (node, isBookFile) = load(current, bookFirst: bookFirst, requestedAt: requested) else { return nil }
            chain.append(node.removing("extends"))
            if let parent = node["extends"] {
                guard case .scalar(let parentName, _, let parentPlace) = parent, !parentName.isEmpty else {
                    diagnostics.append(.error(.invalidTemplate, "`extends` names a template, found \(parent.kindDescription)",
                                              file: parent.place.file, range: parent.place.range))
                    return nil
                }
                // A book's file may extend another of the book's files; a book's invoi.yaml that extends
                // invoi means the built-in one, and built-in templates only extend built-in ones.
                next = (parentName, isBookFile && parentName != current, parentPlace)
            } else if isBookFile {
                next = (BuiltInTemplates.sources[current] != nil ? current : "invoi", false, nil)
            } else {
                next = nil
            }
        }
        return chain.reversed().dropFirst().reduce(chain.last!) { $0.merged(with: $1) }
    }

    private func bookFile(_ name: String) -> String? {
        guard !bookRoot.isEmpty else { return nil }
        let path = BookLoader.join(bookRoot, "templates/\(name).yaml")
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    private mutating func load(_ name: String, bookFirst: Bool, requestedAt place: TemplateNode.Place?) -> (TemplateNode, Bool)? {
        let relative = "templates/\(name).yaml"
        // `template: ../../x` or `extends: /etc/x` must not make invoic read a file outside the book.
        if !bookRoot.isEmpty, let problem = BookPaths.problem(with: relative, in: bookRoot) {
            diagnostics.append(.error(.pathOutsideBook, "template `\(name)`: \(relative) \(problem.message)",
                                      file: place?.file, range: place?.range, help: "name a template in the book's templates/ folder, or a built-in one"))
            return nil
        }
        let bytes: [UInt8]
        let isBookFile: Bool
        if bookFirst, bookFile(name) != nil {
            // Read as the loader reads: a named pipe called templates/x.yaml must not block.
            guard let data = BookFiles.contents(of: relative, in: bookRoot, limit: BookLimits.standard.yaml.maxFileSize) else {
                diagnostics.append(.error(.invalidTemplate, "cannot read \(relative)", file: relative, range: SourceRange(line: 1, column: 1)))
                return nil
            }
            bytes = [UInt8](data)
            isBookFile = true
        } else if let text = BuiltInTemplates.sources[name] {
            bytes = Array(text.utf8)
            isBookFile = false
        } else {
            let known = BuiltInTemplates.sources.keys.sorted()
            diagnostics.append(.error(
                .unknownTemplate, "template `\(name)` does not exist", file: place?.file, range: place?.range,
                help: closestMatch(to: name, in: known).map { "did you mean `\($0)`?" }
                    ?? "use one of \(known.joined(separator: ", ")), or create \(relative)"))
            return nil
        }
        let path = isBookFile ? relative : BuiltInTemplates.displayPath(name)
        let parsed = BookFileDecoder.parse(bytes, path: path)
        sources.append(parsed.source)
        diagnostics += parsed.diagnostics
        guard !parsed.diagnostics.contains(where: { $0.severity == .error }) else { return nil }
        guard let root = parsed.root, root.mapping != nil else {
            diagnostics.append(.error(.invalidTemplate, "a template is a mapping of settings; \(path) has none",
                                      file: path, range: parsed.root?.range ?? SourceRange(line: 1, column: 1)))
            return nil
        }
        return (TemplateNode(root, file: path), isBookFile)
    }
}
