import Foundation
import InvoicBook
import InvoicDiagnostics

/// Turns a book's priced documents into PDF bytes.
///
/// One renderer per thread: it keeps one pango font map, context and set of fonts for every
/// document it renders (setting them up costs far more than a page). The output depends only on
/// the book's files and the template: never on the clock, the time zone, `LANG` or the fonts
/// installed beside the ones invoic pins.
public final class PDFRenderer {
    let book: Book
    let template: Template
    let engine: TextEngine
    private let logo: Logo?
    /// The template files read, for the glyph check: a label may carry a character too.
    private let templateTexts: [String]
    /// The template and labels of each locale laid out so far: the same for every document in it.
    private var locales: [String: (template: Template, labels: Labels)] = [:]
    /// Whether the CJK fonts were set up (what `init(book:cjk:)` was told, or the book needed).
    public let usesCJK: Bool

    /// The template the book names (`template:` in invoic.yaml), `invoi` when it names none.
    public var templateName: String { template.name }

    /// Resolves the book's template: the built-in `invoi` (default) or `classic`, or the book's
    /// `templates/NAME.yaml`, which may `extends:` a built-in one. Also reads the book's logo.
    /// - Parameter cjk: whether the CJK fonts are set up; nil: as the book needs them. A book read
    ///   in part (one document, its verdict cached: `BookPipeline.check(rendering:)`) passes what
    ///   the whole book needed, so its PDF is the one a whole-book run makes.
    public convenience init(book: Book, cjk: Bool? = nil) throws(TemplateError) {
        try self.init(book: book, cjk: cjk, allFaces: false)
    }

    /// - Parameter allFaces: set every text in the configuration of all faces (the tests compare
    ///   it with the base faces' configuration, `FontLibrary.Tier`).
    init(book: Book, cjk: Bool?, allFaces: Bool) throws(TemplateError) {
        self.book = book
        var usedCJK = false
        let (template, library, sources) = try Self.template(root: book.root, named: book.settings.template) {
            usedCJK = cjk ?? Self.needsCJK(book, templates: $0)
            return usedCJK
        }
        usesCJK = usedCJK
        self.template = template
        templateTexts = Self.ownTemplates(sources).map(\.text)

        if let logo = book.settings.logo {
            // The check stage reports a logo outside the book or too large; it is never even read.
            if let problem = BookPaths.problem(with: logo.value, in: book.root) {
                throw TemplateError(diagnostics: [.error(
                    .pathOutsideBook, "logo `\(logo.value)` \(problem.message)", file: BookSettings.fileName, range: logo.range,
                    help: "put the logo in the book's folder, e.g. assets/logo.png")], sources: [])
            }
            do throws(Logo.LoadError) {
                guard let bytes = BookFiles.contents(of: logo.value, in: book.root, limit: BookLimits.standard.maxAssetSize) else {
                    throw Logo.LoadError.unreadable("it is not a readable file of at most \(BookLimits.standard.maxAssetSize / 1024 / 1024) MiB")
                }
                self.logo = try Logo(bytes: bytes, name: logo.value)
            } catch {
                let reason: String
                switch error {
                case .unreadable(let why), .undecodable(let why): reason = why
                }
                throw TemplateError(diagnostics: [.error(
                    .invalidLogo, "logo `\(logo.value)` cannot be drawn: \(reason)", file: BookSettings.fileName, range: logo.range,
                    help: "use a PNG, a JPEG or an SVG file")], sources: [])
            }
        } else {
            self.logo = nil
        }
        engine = TextEngine(library: library, allFaces: allFaces, findLinks: Composer.linksOf)
    }

    /// The template a book names (`template:` in invoic.yaml, `invoi` when none), from the built-in
    /// ones and `root`'s templates/ (none when `root` is empty), with the fonts it is set in: `cjk`
    /// says, from the template files read, whether the CJK fonts are needed. Also the files read.
    static func template(root: String, named template: Located<String>?, cjk: ([SourceFile]) -> Bool) throws(TemplateError)
        -> (Template, FontLibrary, [SourceFile]) {
        let name = template?.value ?? "invoi"
        let requested = template.map { TemplateNode.Place(file: BookSettings.fileName, range: $0.range) }
        var resolver = TemplateResolver(bookRoot: root)
        guard let node = resolver.resolve(name, requestedAt: requested) else {
            throw TemplateError(diagnostics: resolver.diagnostics, sources: resolver.sources)
        }
        let library = FontLibrary.shared(cjk: cjk(resolver.sources), extra: root.isEmpty ? [] : Self.bookFonts(root))
        var decoder = TemplateDecoder()
        guard let template = decoder.decode(node, name: name, library: library) else {
            throw TemplateError(diagnostics: (resolver.diagnostics + decoder.diagnostics).sorted(), sources: resolver.sources)
        }
        return (template, library, resolver.sources)
    }

    /// The book's own template files among those read: the built-in templates carry labels in
    /// every language (Japanese and Chinese too), which print only on a document in that
    /// language, so they say nothing about the fonts or glyphs a book needs.
    static func ownTemplates(_ sources: [SourceFile]) -> [SourceFile] {
        let builtIn = Set(BuiltInTemplates.sources.keys.map(BuiltInTemplates.displayPath))
        return sources.filter { !builtIn.contains($0.path) }
    }

    /// Whether any text of the book, or a date or amount written in a Chinese, Japanese or Korean
    /// locale, needs the CJK fonts. The same book always gives the same answer.
    /// The book's own font files: TrueType and OpenType files directly in `fonts/`, which a
    /// template names by family. Only regular files inside the book (no links out of it).
    public static func bookFonts(_ root: String) -> [String] {
        let folder = (root as NSString).appendingPathComponent("fonts")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().compactMap { name -> String? in
            let lower = name.lowercased()
            guard !name.hasPrefix("."), [".ttf", ".otf", ".ttc"].contains(where: lower.hasSuffix) else { return nil }
            let path = (folder as NSString).appendingPathComponent(name)
            guard let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType, type == .typeRegular else { return nil }
            return URL(fileURLWithPath: path).standardizedFileURL.path
        }
    }

    /// A Chinese, Japanese or Korean locale, whose dates and amounts need the CJK fonts.
    static func isCJK(locale: String) -> Bool {
        ["ja", "zh", "ko", "yue"].contains(String(locale.prefix { $0 != "_" && $0 != "-" }).lowercased())
    }

    static func needsCJK(_ book: Book, templates: [SourceFile]) -> Bool {
        let locales = book.documents.compactMap { $0.figures?.locale } + [book.settings.defaults.locale?.value].compactMap { $0 }
        if locales.contains(where: isCJK) { return true }
        return (book.sources.values.map(\.text) + ownTemplates(templates).map(\.text)).contains(where: FontLibrary.needsCJK)
    }

    /// The PDF of one priced document, or the reasons it cannot be made (a character no font has).
    /// - Parameter copy: print a copy showing the document's status on a day instead of the document.
    /// - Parameter archive: make it a PDF/A-3b carrying a file (a Factur-X invoice's XML).
    /// - Parameter verification: a tax authority's verification code to print (KSeF's KOD I).
    public func render(_ document: Document, copy: DocumentCopy? = nil, archive: PDFArchive? = nil,
                       verification: VerificationCode? = nil) -> Result<[UInt8], RenderError> {
        render(document, copy: copy, archive: archive, ledger: nil, verification: verification)
    }

    /// `render` with a statement's ledger in place of the items and totals.
    func render(_ document: Document, copy: DocumentCopy?, archive: PDFArchive?, ledger: StatementLedger?,
                verification: VerificationCode? = nil) -> Result<[UInt8], RenderError> {
        guard let figures = document.figures else {
            return .failure(RenderError(diagnostics: [.error(
                .unrenderableDocument, "\(document.number) cannot be rendered: its figures could not be computed",
                file: document.file, range: document.issued.range, help: "fix the errors `invoic check` reports for this file")]))
        }
        let (composer, pages) = compose(document, figures, copy: copy, ledger: ledger, verification: verification)
        if !composer.missing.isEmpty {
            return .failure(RenderError(diagnostics: missingGlyphs(composer.missing, in: document)))
        }

        let metadata = metadata(composer)
        let canvas = PDFCanvas(width: composer.pageWidth, height: composer.pageHeight, metadata: metadata, engine: engine)
        for page in pages { canvas.draw(page, logo: logo) }
        let issued = document.issued.value
        guard let bytes = canvas.finish(language: composer.text.languageTag, date: (issued.year, issued.month, issued.day), archive: archive) else {
            return .failure(RenderError(diagnostics: [.error(
                .facturXFailed, "\(document.number) could not be made Factur-X: its XMP packet could not be extended", file: document.file)]))
        }
        return .success(bytes)
    }

    /// The pages of one document, laid out but not drawn.
    private func compose(_ document: Document, _ figures: Figures, copy: DocumentCopy? = nil, ledger: StatementLedger? = nil,
                         verification: VerificationCode? = nil) -> (Composer, [[DrawOp]]) {
        engine.setLanguage(DocumentText(locale: figures.locale, currency: figures.currency).languageTag.lowercased())
        let (template, labels) = localized(figures.locale)
        var composer = Composer(template: template, labels: labels, engine: engine, parties: Composer.Parties(book: book, document: document), document: document, figures: figures,
                                logoSize: logo.map { ($0.width, $0.height) })
        composer.copy = copy
        composer.ledger = ledger
        composer.verification = verification
        let pages = composer.pages()
        return (composer, pages)
    }

    /// The template with the CJK fallback of `locale` (`Template.forCJK`), and the labels in its
    /// language with the book's own.
    func localized(_ locale: String) -> (template: Template, labels: Labels) {
        if let known = locales[locale] { return known }
        let made = (template.forCJK(locale: locale), Labels(template: template, locale: locale, book: book.settings.labels))
        locales[locale] = made
        return made
    }

    /// What `render` would refuse for want of a glyph, found without drawing, so `check` (and the
    /// pre-commit hook) catches it. Every character of the book's files and templates that is not
    /// surely drawn is shaped once; only when some font lacks one are the documents whose files
    /// hold it laid out, exactly as `render` lays them out, for the same diagnostics.
    public func missingGlyphs() -> [Diagnostic] {
        var rare = Set<Unicode.Scalar>()
        for text in book.sources.values.map(\.text) + templateTexts {
            for scalar in text.unicodeScalars where !Self.surelyDrawn(scalar) { rare.insert(scalar) }
        }
        guard !rare.isEmpty else { return [] }
        var probe = String.UnicodeScalarView()
        probe.append(contentsOf: rare.sorted { $0.value < $1.value })
        var lacking = Set<Unicode.Scalar>()
        let tags = Set(book.documents.compactMap(\.figures).map { DocumentText(locale: $0.locale, currency: $0.currency).languageTag.lowercased() })
        for tag in tags.sorted() {
            engine.setLanguage(tag)
            lacking.formUnion(engine.block(String(probe), template.style(.description)).missing)
        }
        guard !lacking.isEmpty else { return [] }
        let templateLacks = templateTexts.contains { $0.unicodeScalars.contains(where: lacking.contains) }
        var diagnostics: [Diagnostic] = []
        for document in book.documents {
            guard let figures = document.figures else { continue }
            let files = [document.file, book.clients[document.client.value]?.file, BookSettings.fileName].compactMap { $0 }
            guard templateLacks || files.contains(where: { book.sources[$0]?.text.unicodeScalars.contains(where: lacking.contains) == true }) else { continue }
            let (composer, _) = compose(document, figures)
            diagnostics += missingGlyphs(composer.missing, in: document)
        }
        return diagnostics
    }

    /// Latin, Greek, Cyrillic, general punctuation and the currency signs: every font invoic pins
    /// draws them, so no text made of them alone needs shaping to know.
    private static func surelyDrawn(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x0530, 0x2000..<0x2070, 0x20A0..<0x20C1: return true
        default: return false
        }
    }

    private func metadata(_ composer: Composer) -> [PDFMetadataField: String] {
        let document = composer.document
        let title = composer.title + " " + document.number
        let client = composer.clientContact.name
        var subject = title + " – " + client
        if let project = document.project, !project.isEmpty { subject += " – " + project }
        let keywords = [document.kind.rawValue, document.number, client, document.project, composer.figures.currency.code]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        return [.title: title, .author: book.settings.business.name, .subject: subject, .keywords: keywords, .creator: "invoic"]
    }

    /// One diagnostic per text with missing characters, pointing at the first place a book file writes one.
    private func missingGlyphs(_ missing: [(text: String, characters: [Unicode.Scalar])], in document: Document) -> [Diagnostic] {
        let files = [document.file, book.clients[document.client.value]?.file, BookSettings.fileName].compactMap { $0 }
        return missing.map { text, characters in
            let names = characters.map { "U+\(String($0.value, radix: 16, uppercase: true).leftPadded(to: 4)) ‘\(Character($0))’" }
            var file = document.file
            var range: SourceRange?
            for candidate in files {
                if let location = book.sources[candidate].flatMap({ Self.location(of: characters[0], in: $0.text) }) {
                    file = candidate
                    range = SourceRange(line: location.line, column: location.column)
                    break
                }
            }
            return .error(
                .missingGlyph, "no font can draw \(names.joined(separator: ", ")) in “\(text)” (\(document.number))",
                file: file, range: range, label: "not in any font invoic embeds",
                help: "write the text without it, or put a font that has it in fonts/ and name it in a template (`invoic explain missing-glyph`)")
        }
    }

    /// 1-based line and column (in Unicode scalars) of the first `scalar` in `text`.
    private static func location(of scalar: Unicode.Scalar, in text: String) -> (line: Int, column: Int)? {
        var line = 1, column = 1
        for current in text.unicodeScalars {
            if current == scalar { return (line, column) }
            if current == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return nil
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
