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
        ] + scriptFiles.map(\.self)),
        ("/usr/share/fonts/opentype/noto", ["NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc"]),
        // The Swiss QR-bill's face: the guidelines allow Arial, Frutiger, Helvetica and Liberation Sans.
        ("/usr/share/fonts/truetype/liberation2", ["LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf"]),
    ]

    /// The Noto script faces, the symbols and the maths: with the CJK collections, the faces of
    /// `Tier.all` alone.
    private static let scriptFiles = ["Hebrew", "Arabic", "Devanagari", "Bengali", "Tamil", "Thai", "Lao", "Khmer", "Myanmar",
                                      "Sinhala", "Armenian", "Georgian", "Ethiopic", "Symbols"].flatMap {
        ["NotoSans\($0)-Regular.ttf", "NotoSans\($0)-Bold.ttf"]
    } + ["NotoSansSymbols2-Regular.ttf", "NotoSansMath-Regular.ttf"]

    /// Which of the library's faces a configuration holds.
    ///
    /// pango has fontconfig rank every face of its configuration for each font description it
    /// looks up (FcFontSetMatch and FcFontSetSort, each in a thread of its own), and FreeType opens
    /// every face of a configuration: the 30 script faces (50 with CJK) were most of that work for
    /// text that never needs them (`Chain`). So a text engine sets text in a configuration of the
    /// base faces while it can, and makes one of every face only for text that needs a script face.
    enum Tier: Hashable, Sendable {
        /// Every face but the script faces and the CJK collections.
        case base
        /// Every face of the library.
        case all
    }

    /// Every family invoic renders with (CJK included), for checking a template's font names.
    let families: Set<String>
    /// The listed fonts as fontconfig described them, in a fixed order (file, then face index),
    /// with their family names as `familyKey` compares them, and whether each is a script face.
    private let faces: [(pattern: OpaquePointer, names: [String], script: Bool)]
    /// The faces (positions in `faces`) of each family, by `familyKey`.
    private let facesByFamily: [String: [Int]]
    /// Configurations no text engine is using, each with FreeType faces of its own, by tier.
    private let idle = Mutex<[Tier: [Configuration]]>([:])

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
        let tier: Tier
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
        let scriptFiles = cjkFiles.union(Self.scriptFiles.map { "/usr/share/fonts/truetype/noto/" + $0 })
        var families: Set<String> = []
        var found: [(file: String, index: Int32, pattern: OpaquePointer, names: [String])] = []
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
                var names: [String] = []
                while FcPatternGetString(font, FC_FAMILY, familyIndex, &family) == FcResultMatch, let family {
                    let name = String(cString: family)
                    families.insert(name.lowercased())
                    if let key = Self.familyKey(name) { names.append(key) }
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
                found.append((path, index, pattern, names))
            }
        }
        self.families = families
        faces = found.sorted { ($0.file, $0.index) < ($1.file, $1.index) }.map { ($0.pattern, $0.names, scriptFiles.contains($0.file)) }
        var facesByFamily: [String: [Int]] = [:]
        for (position, face) in faces.enumerated() {
            for name in Set(face.names) { facesByFamily[name, default: []].append(position) }
        }
        self.facesByFamily = facesByFamily
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
    func checkOut(_ tier: Tier) -> Configuration {
        if let configuration = idle.withLock({ $0[tier]?.popLast() }) { return configuration }
        return Self.libraries.withLock { _ in makeConfiguration(tier) }
    }

    func checkIn(_ configuration: Configuration) {
        idle.withLock { $0[configuration.tier, default: []].append(configuration) }
    }

    /// The same fonts in the same order, each with its FreeType face opened once for this
    /// configuration: cairo then shares that face between the sizes of a font (locking it)
    /// instead of opening at most ten faces and closing others behind the back of code still
    /// using them (the race in cairo 1.16's face cache that crashes renders using many scripts).
    /// Runs under the `libraries` lock: FreeType creates faces in one thread at a time.
    private func makeConfiguration(_ tier: Tier) -> Configuration {
        let config = FcConfigCreate()!
        FcConfigBuildFonts(config)
        let fonts = FcConfigGetFonts(config, FcSetSystem)
        for (pattern, _, script) in faces where tier == .all || !script {
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
        return Configuration(config: config, tier: tier)
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
            let configuration = library.checkOut(.base)
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

    /// A family name as fontconfig compares family names (case and spaces ignored), for the
    /// printable ASCII names it folds as we do; nil for any other.
    fileprivate static func familyKey<S: StringProtocol>(_ name: S) -> String? {
        guard name.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) else { return nil }
        return String(decoding: name.utf8.compactMap { $0 == UInt8(ascii: " ") ? nil : (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// How a family list picks the faces of its text, to tell which tier a text needs.
    ///
    /// fontconfig ranks the faces for a description of the list by family first: every face of
    /// the list's first family, then of its second, ..., then all others (nothing pango puts in a
    /// description outranks the family: fontconfig 2.14's order puts only file, format,
    /// variability, scalability, colour, foundry and charset before it), and pango sets each
    /// character in the first face of that order that has it, the first face also setting empty
    /// lines. So when the list's first family and, for the space and every character of a text
    /// pango picks a face for, the first family with a face that has it are base families, the text's faces are base
    /// faces; a configuration of the base faces ranks them in the same order (each face's rank
    /// depends on the description and the face alone), so it sets the text in the same faces.
    /// Anything else (no family has the character, a name fontconfig may fold otherwise) needs
    /// every face.
    final class Chain {
        /// The list's families the library has, in order: their faces' characters, and whether
        /// any of them is a script face. Nil: every text needs all faces.
        private let families: [(charsets: [OpaquePointer], script: Bool)]?
        /// By character: 1 when the base faces set it, 2 when it needs all (ASCII; the rest in `known`).
        private var ascii = [UInt8](repeating: 0, count: 128)
        private var known: [UInt32: Bool] = [:]

        fileprivate init(families: [(charsets: [OpaquePointer], script: Bool)]?) {
            self.families = families
        }

        /// The faces `text` needs.
        func tier(of text: String) -> Tier {
            guard families != nil else { return .all }
            if !base(" ") { return .all }
            for scalar in text.unicodeScalars where !Self.takesNeighboursFace(scalar) && !base(scalar) { return .all }
            return .base
        }

        /// The characters pango never picks a face for (pango 1.50's `consider_as_space`: they
        /// take their neighbours'): controls, spaces, line and paragraph separators, variation
        /// selectors, and the invisible format characters that have been so since Unicode 4.
        /// Any other character is looked up, which at worst makes text use every face.
        private static func takesNeighboursFace(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F,  // controls
                 0x20, 0xA0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000,  // spaces (not U+1680, a visible mark)
                 0x2028, 0x2029,  // line and paragraph separators
                 0xAD, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF,  // format characters
                 0xFE00...0xFE0F, 0xE0100...0xE01EF:  // variation selectors
                return true
            default:
                return false
            }
        }

        private func base(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            if value < 128, ascii[Int(value)] != 0 { return ascii[Int(value)] == 1 }
            if value >= 128, let known = known[value] { return known }
            var found = false
            for family in families ?? [] where family.charsets.contains(where: { FcCharSetHasChar($0, value) != 0 }) {
                found = !family.script
                break
            }
            if value < 128 { ascii[Int(value)] = found ? 1 : 2 } else { known[value] = found }
            return found
        }
    }

    /// The chain of a family list (`Join Mono, Noto Sans, ...`); one per text engine, which alone
    /// uses it.
    func chain(_ list: String) -> Chain {
        var families: [(charsets: [OpaquePointer], script: Bool)] = []
        for name in list.split(separator: ",") {
            guard let key = Self.familyKey(name) else { return Chain(families: nil) }
            if key.isEmpty { continue }
            guard let named = facesByFamily[key]?.map({ faces[$0] }) else { continue }
            var charsets: [OpaquePointer] = []
            for face in named {
                var charset: OpaquePointer?
                guard FcPatternGetCharSet(face.pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { return Chain(families: nil) }
                charsets.append(charset)
            }
            families.append((charsets, named.contains { $0.script }))
        }
        guard let first = families.first, !first.script else { return Chain(families: nil) }
        return Chain(families: families)
    }

    /// fontconfig's configuration is XML: MarkupText's rule (InvoicDiagnostics), skipped for a
    /// name it would leave as it is (no markup or control character, no U+FFFE/FFFF: every
    /// listed family), since rewriting one scalar at a time cost more than the alias itself.
    fileprivate static func escape(_ text: String) -> String {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: ">") && $0 != 0xEF }
            ? text : MarkupText.xml(text)
    }
}
