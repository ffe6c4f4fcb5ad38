import CPangoCairo
import Foundation
import InvoicDiagnostics
import Synchronization

/// The fonts every PDF may use, pinned: a private fontconfig configuration that knows exactly the
/// files listed here, so what else is installed never changes a PDF. Two variants: with and without
/// the CJK collections (opening their 20 faces costs ~12 ms, which a book with no Chinese, Japanese
/// or Korean text does not pay).
///
/// The system directories are read through fontconfig's own caches (scanning a CJK collection
/// without them costs ~40 ms), only the listed files are taken from them, and each face is
/// opened once (see `init`).
final class FontLibrary: @unchecked Sendable {
    /// The Debian font files invoic renders with (fonts-jetbrains-mono, fonts-noto-core,
    /// fonts-noto-mono, fonts-noto-cjk), by directory.
    static let systemFiles: [(directory: String, files: [String])] = [
        ("/usr/share/fonts/truetype/jetbrains-mono", [
            "JetBrainsMono-Regular.ttf", "JetBrainsMono-Italic.ttf", "JetBrainsMono-Medium.ttf",
            "JetBrainsMono-SemiBold.ttf", "JetBrainsMono-Bold.ttf", "JetBrainsMono-BoldItalic.ttf",
        ]),
        ("/usr/share/fonts/truetype/noto", [
            "NotoSansMono-Regular.ttf", "NotoSansMono-Bold.ttf",
            "NotoSans-Regular.ttf", "NotoSans-Italic.ttf", "NotoSans-Bold.ttf", "NotoSans-BoldItalic.ttf",
            "NotoSerif-Regular.ttf", "NotoSerif-Italic.ttf", "NotoSerif-Bold.ttf", "NotoSerif-BoldItalic.ttf",
        ] + ["Hebrew", "Arabic", "Devanagari", "Bengali", "Tamil", "Thai", "Lao", "Khmer", "Myanmar",
             "Sinhala", "Armenian", "Georgian", "Ethiopic", "Symbols"].flatMap {
            ["NotoSans\($0)-Regular.ttf", "NotoSans\($0)-Bold.ttf"]
        } + ["NotoSansSymbols2-Regular.ttf", "NotoSansMath-Regular.ttf"]),
        ("/usr/share/fonts/opentype/noto", ["NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc"]),
        // The Swiss QR-bill's face: the guidelines allow Arial, Frutiger, Helvetica and Liberation Sans.
        ("/usr/share/fonts/truetype/liberation2", ["LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf"]),
    ]

    /// Every family invoic renders with (CJK included), for checking a template's font names.
    let families: Set<String>
    /// The listed fonts as fontconfig described them, in a fixed order (file, then face index).
    private let patterns: [OpaquePointer]
    /// Configurations no text engine is using, each with FreeType faces of its own.
    private let idle = Mutex<[Configuration]>([])

    /// A fontconfig configuration (`FcConfig*`) whose fonts carry FreeType faces opened for it alone.
    ///
    /// One per text engine at a time, never shared by two threads at once: cairo keeps its font
    /// faces per FreeType face, and two threads creating and releasing cairo faces of one FreeType
    /// face at once sometimes left a document with two copies of a font (JetBrains Mono Bold
    /// embedded twice, 4 KB more, about one build in 300): the same files gave other bytes.
    /// With faces of its own, a thread's fonts are touched by that thread only. The faces are
    /// never closed (cairo may still cache fonts made from them), so configurations are pooled:
    /// a build opens as many as it runs threads, not one per document or renderer.
    struct Configuration: @unchecked Sendable {
        let config: OpaquePointer
        /// The fallback lists named so far, by their alias (`aliasedFamily`).
        fileprivate let aliases = Aliases()

        /// The name pango is given for a family list (`JetBrains Mono, Noto Sans Mono, ...`): the
        /// list itself when it is one family, else a short alias this configuration expands into
        /// the same list, in the same order, bound as strongly as pango binds a list it is given.
        /// pango hashes and compares a font description's family case-insensitively, character
        /// by character, whenever it looks up the fonts for a run of text: with the templates'
        /// lists of some twenty families that was 7 % of a build's instructions (callgrind).
        func aliasedFamily(_ list: String) -> String {
            if let known = aliases.names[list] { return known }
            let families = list.split(separator: ",").map(Self.trimmed).filter { !$0.isEmpty }
            guard families.count > 1 else {
                aliases.names[list] = list
                return list
            }
            aliases.made += 1
            let alias = "invoic-fallback-\(aliases.made)"
            var xml = "<?xml version=\"1.0\"?>\n<fontconfig>\n  <alias binding=\"strong\">\n    <family>\(alias)</family>\n    <prefer>\n"
            for family in families { xml += "      <family>\(FontLibrary.escape(family))</family>\n" }
            xml += "    </prefer>\n  </alias>\n</fontconfig>\n"
            let loaded = xml.withCString { text in
                text.withMemoryRebound(to: FcChar8.self, capacity: xml.utf8.count) { FcConfigParseAndLoadFromMemory(config, $0, 1) }
            }
            let name = loaded != 0 ? alias : list
            aliases.names[list] = name
            return name
        }

        private static func trimmed(_ family: Substring) -> String {
            var family = family
            while family.first?.isWhitespace == true { family.removeFirst() }
            while family.last?.isWhitespace == true { family.removeLast() }
            return String(family)
        }
    }

    /// A configuration's aliases: changed only by the one text engine that has it checked out.
    fileprivate final class Aliases: @unchecked Sendable {
        /// Family list -> the name pango is given for it.
        var names: [String: String] = [:]
        var made = 0
    }

    /// Renderers use `shared(cjk:)`; a test makes its own to see its pool alone.
    /// - Parameter extra: font files of the book (`fonts/` in it), absolute paths, taken with the
    ///   system's: a template may name their families.
    init(cjk: Bool, extra: [String] = []) {
        let files = Self.systemFiles + Dictionary(grouping: extra) { ($0 as NSString).deletingLastPathComponent }
            .sorted { $0.key < $1.key }.map { (directory: $0.key, files: $0.value.map { ($0 as NSString).lastPathComponent }.sorted()) }
        // The listed files, taken by name from each directory's fontconfig cache (a directory
        // with no valid cache is scanned, and its cache written, as fontconfig itself does).
        // A configuration only says where the caches are: building its fonts filtered every
        // cached face (the noto directory's ~300) through a glob per listed file, 7 % of a
        // one-document `invoic pdf`'s instructions.
        let scan = FcConfigCreate()!
        defer { FcConfigDestroy(scan) }
        let xml = "<?xml version=\"1.0\"?>\n<fontconfig><cachedir>/var/cache/fontconfig</cachedir></fontconfig>\n"
        _ = xml.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: xml.utf8.count) { FcConfigParseAndLoadFromMemory(scan, $0, 1) }
        }
        let cjkFiles = Set(Self.systemFiles.filter { $0.directory.hasSuffix("/opentype/noto") }.flatMap { entry in entry.files.map { entry.directory + "/" + $0 } })
        var families: Set<String> = []
        var found: [(file: String, index: Int32, pattern: OpaquePointer)] = []
        for (directory, names) in files {
            let wanted = Set(names)
            guard let cache = directory.withCString({ path in
                path.withMemoryRebound(to: FcChar8.self, capacity: directory.utf8.count + 1) { FcDirCacheRead($0, FcFalse, scan) }
            }) else { continue }
            defer { FcDirCacheUnload(cache) }
            // A cache found for this directory under another path (fontconfig names some caches by
            // a directory's UUID): its faces are this directory's files, as fontconfig rewrites them.
            let relocated = FcCacheDir(cache).map { String(cString: $0) } != directory
            guard let set = FcCacheCopySet(cache) else { continue }
            defer { FcFontSetDestroy(set) }
            for position in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[position] else { continue }
                var file: UnsafeMutablePointer<FcChar8>?
                var index: Int32 = 0
                guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
                let name = Self.lastPathComponent(file)
                guard wanted.contains(name) else { continue }
                let path = directory + "/" + name
                var familyIndex: Int32 = 0
                var family: UnsafeMutablePointer<FcChar8>?
                while FcPatternGetString(font, FC_FAMILY, familyIndex, &family) == FcResultMatch, let family {
                    families.insert(String(cString: family).lowercased())
                    familyIndex += 1
                }
                if !cjk, cjkFiles.contains(path) { continue }
                _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
                let pattern: OpaquePointer
                if relocated {
                    guard let copy = FcPatternDuplicate(font) else { continue }
                    _ = FcPatternDel(copy, FC_FILE)
                    _ = path.withCString { text in
                        text.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) { FcPatternAddString(copy, FC_FILE, $0) }
                    }
                    pattern = copy
                } else {
                    // The cached face itself, kept (with its cache) for the life of the library.
                    FcPatternReference(font)
                    pattern = font
                }
                found.append((path, index, pattern))
            }
        }
        self.families = families
        patterns = found.sorted { ($0.file, $0.index) < ($1.file, $1.index) }.map(\.pattern)
    }

    /// The file name of a path fontconfig gives, without Foundation.
    private static func lastPathComponent(_ path: UnsafePointer<FcChar8>) -> String {
        var start = path, cursor = path
        while cursor.pointee != 0 {
            if cursor.pointee == UInt8(ascii: "/") { start = cursor + 1 }
            cursor += 1
        }
        return String(cString: start)
    }

    /// A configuration for one text engine: an idle one, or a new one with faces of its own.
    /// Give it back with `checkIn` when the engine is done.
    func checkOut() -> Configuration {
        if let configuration = idle.withLock({ $0.popLast() }) { return configuration }
        return Self.libraries.withLock { _ in makeConfiguration() }
    }

    func checkIn(_ configuration: Configuration) {
        idle.withLock { $0.append(configuration) }
    }

    /// The same fonts in the same order, each with its FreeType face opened once for this
    /// configuration: cairo then shares that face between the sizes of a font (locking it)
    /// instead of opening at most ten faces and closing others behind the back of code still
    /// using them (the race in cairo 1.16's face cache that crashes renders using many scripts).
    /// Runs under the `libraries` lock: FreeType creates faces in one thread at a time.
    private func makeConfiguration() -> Configuration {
        let config = FcConfigCreate()!
        FcConfigBuildFonts(config)
        let fonts = FcConfigGetFonts(config, FcSetSystem)
        for pattern in patterns {
            var file: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0
            guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
            var face: FT_Face?
            guard FT_New_Face(Self.freetype, file, FT_Long(index), &face) == 0 else { continue }
            guard let face, let copy = FcPatternDuplicate(pattern) else { continue }
            _ = FcPatternAddFTFace(copy, FC_FT_FACE, face)
            _ = FcFontSetAdd(fonts, copy)
        }
        return Configuration(config: config)
    }

    /// The FreeType library the faces belong to, for the life of the process. Faces are only
    /// created in `makeConfiguration`, under the `libraries` lock, as FreeType requires.
    nonisolated(unsafe) private static let freetype: FT_Library = {
        var library: FT_Library?
        FT_Init_FreeType(&library)
        return library!
    }()

    private struct Key: Hashable {
        var cjk: Bool
        var extra: [String]
    }

    private static let libraries = Mutex<[Key: FontLibrary]>([:])

    /// The library, with or without the CJK fonts, with a book's own font files: scanned once and shared.
    static func shared(cjk: Bool = true, extra: [String] = []) -> FontLibrary {
        let key = Key(cjk: cjk, extra: extra.sorted())
        let library = libraries.withLock { cache in
            if let library = cache[key] { return library }
            let library = FontLibrary(cjk: cjk, extra: key.extra)
            cache[key] = library
            return library
        }
        // pango initialises fontconfig's default configuration in a thread of its own, reading
        // every system font configuration file (~10 ms) for nothing: make one of ours the default first.
        installDefault.withLock { installed in
            guard !installed else { return }
            installed = true
            let configuration = library.checkOut()
            FcConfigSetCurrent(configuration.config)
            library.checkIn(configuration)
        }
        return library
    }

    private static let installDefault = Mutex(false)

    /// Whether text needs the CJK fonts: Han, kana, Hangul, CJK punctuation and full-width forms.
    static func needsCJK(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x1100...0x11FF, 0x2E80...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF,
                 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x1F200...0x1F2FF, 0x20000...0x3FFFF: return true
            default: return false
            }
        }
    }

    func contains(family: String) -> Bool { families.contains(family.lowercased()) }

    /// fontconfig's configuration is XML: MarkupText's rule (InvoicDiagnostics), skipped for a
    /// name it would leave as it is (no markup or control character, no U+FFFE/FFFF: every
    /// listed family), since rewriting one scalar at a time cost more than the alias itself.
    fileprivate static func escape(_ text: String) -> String {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: ">") && $0 != 0xEF }
            ? text : MarkupText.xml(text)
    }
}
