import Foundation
import Hummingbird
import InvoicAuthoring
import InvoicBook
import InvoicDiagnostics

/// The source editor: any YAML file of the book as text, with what the book says about it, saved
/// byte for byte (only a browser's CRLF made LF again in a file that used LF) when the whole
/// book still checks with it, through `BookEditor` like every other write.
extension BookServer {
    /// `file` as a path of the book the editor may open, or why not: inside the book (no `..`,
    /// no absolute path, no link that leads out), not hidden (`.invoic`, `.git`), not the build
    /// folder, a YAML file that exists.
    func sourcePath(_ file: String?) -> Result<String, SourceRefusal> {
        guard let file, !file.isEmpty else { return .failure(.init("No file named")) }
        let parts = file.split(separator: "/", omittingEmptySubsequences: false)
        guard !file.hasPrefix("/"), !file.contains("\\"),
              !file.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }),
              parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
            return .failure(.init("\(file) is not a path inside the book"))
        }
        guard !parts.contains(where: { $0.hasPrefix(".") }) else { return .failure(.init("\(file) is in a hidden folder: not a file of the book")) }
        guard parts.first != "build" else { return .failure(.init("\(file) is in the build folder: invoic writes it")) }
        guard file.hasSuffix(".yaml") || file.hasSuffix(".yml") else { return .failure(.init("\(file) is not a YAML file")) }
        let root = URL(fileURLWithPath: live.root).resolvingSymlinksInPath().path
        let target = URL(fileURLWithPath: live.root).appendingPathComponent(file).resolvingSymlinksInPath().path
        guard target.hasPrefix(root + "/") else { return .failure(.init("\(file) leads outside the book")) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return .failure(.init("No file \(file) in the book", status: .notFound))
        }
        return .success(file)
    }

    struct SourceRefusal: Error {
        var message: String
        var status: HTTPResponse.Status
        init(_ message: String, status: HTTPResponse.Status = .badRequest) {
            self.message = message
            self.status = status
        }
    }

    /// FNV-1a of the bytes the page showed: a save is refused when the file changed since.
    static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    func showSource(_ request: Request) -> Response {
        let file: String
        switch sourcePath(request.uri.queryParameters.get("file")) {
        case .success(let path): file = path
        case .failure(let refusal): return refused(refusal.message, back: "/", status: refusal.status)
        }
        guard let bytes = FileManager.default.contents(atPath: (live.root as NSString).appendingPathComponent(file)).map({ [UInt8]($0) }) else {
            return notFound("Cannot read \(file)")
        }
        return sourcePage(file, text: String(decoding: bytes, as: UTF8.self), base: Self.fingerprint(bytes),
                          diagnostics: live.snapshot.checked.diagnostics, done: request.uri.queryParameters.get("done"))
    }

    func sourcePage(_ file: String, text: String, base: String, diagnostics: [Diagnostic], refusal: String? = nil, refused: String? = nil,
                    status: HTTPResponse.Status = .ok, done: String? = nil) -> Response {
        let rows = diagnostics.filter { $0.file == file }.map { diagnostic -> [String: Any] in
            ["line": diagnostic.range?.start.line ?? 1, "column": diagnostic.range?.start.column ?? 1,
             "severity": "\(diagnostic.severity)", "message": diagnostic.message]
        }
        let content = renderForm("source", [
            "file": file, "text": text, "csrf": csrfToken, "base": base, "editable": !options.readOnly,
            "rows": min(max(text.count(where: { $0 == "\n" }) + 3, 12), 60),
            "diagnostics": Self.either(rows.isEmpty ? nil : ["rows": rows]),
            "refusal": Self.either(refusal), "refused": Self.either(refused),
        ])
        return layout(file, content, status: status, done: done, reloads: false)
    }

    func saveSource(_ request: Request) async throws -> Response {
        // A book file may have 4 MiB (YAMLLimits.standard); percent-encoded, up to three times that.
        let form = try await Self.form(request, limit: 12 * 1024 * 1024 + 64 * 1024)
        guard form["csrf"] == csrfToken else {
            return refused(live.snapshot.words["form_err_session"], back: "/", status: .forbidden)
        }
        let file: String
        switch sourcePath(form["file"]) {
        case .success(let path): file = path
        case .failure(let refusal): return refused(refusal.message, back: "/", status: refusal.status)
        }
        var problems = form.problems
        for name in form.fields.keys.sorted() where !["csrf", "file", "text", "base"].contains(name) {
            problems.append("`\(name)`: this form has no such field")
        }
        guard var text = form["text"] else { return refused("`text`: missing", back: "/", status: .unprocessableContent) }
        guard problems.isEmpty else {
            return refused("The form has a field that is not valid, so nothing was written", text: problems.joined(separator: "\n"), back: "/")
        }
        let base = form["base"] ?? ""
        let editor = BookEditor(root: live.root)
        var unchanged = false
        do {
            try editor.edit { _, editor throws(AuthoringError) in
                let current = try editor.read(file)
                guard base.isEmpty || Self.fingerprint(current.bytes) == base else { throw .changedOnDisk(file) }
                // A browser sends CRLF: the file keeps the line ends it had.
                if !current.text.contains("\r\n") { text = text.replacingOccurrences(of: "\r\n", with: "\n") }
                guard Array(text.utf8) != current.bytes else {
                    unchanged = true
                    return []
                }
                return [FileChange(path: file, before: current.bytes, after: text)]
            }
        } catch {
            switch error {
            case .wouldIntroduceErrors(let diagnostics, let sources):
                let rendered = DiagnosticRenderer(format: .human, color: false, sources: sources).render(diagnostics)
                return sourcePage(file, text: text, base: base, diagnostics: diagnostics, refusal: live.snapshot.words["form_not_saved_source"],
                                  refused: rendered, status: .unprocessableContent)
            case .changedOnDisk:
                return sourcePage(file, text: text, base: base, diagnostics: live.snapshot.checked.diagnostics, refusal: live.snapshot.words["form_changed"],
                                  status: .conflict)
            default:
                return sourcePage(file, text: text, base: base, diagnostics: live.snapshot.checked.diagnostics, refusal: "\(error)",
                                  status: .unprocessableContent)
            }
        }
        live.reload()
        let done = live.snapshot.words.format(unchanged ? "source_unchanged" : "source_saved", ["file": file])
        return Response(status: .seeOther, headers: [.location: Self.sourceLink(file) + "&done=" + (done.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")])
    }

    /// `/source?file=...`, the path percent-encoded.
    static func sourceLink(_ file: String) -> String {
        "/source?file=" + (file.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~/"))) ?? file)
    }
}
