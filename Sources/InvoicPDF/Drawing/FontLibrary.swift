import CPangoCairo
import Foundation
import Synchronization

/// The fonts every PDF may use, pinned: a private fontconfig configuration that knows exactly the
/// files listed here, so what else is installed never changes a PDF. Two variants: with and without
/// the CJK collections (opening their 20 faces costs ~12 ms, which a book with no Chinese, Japanese
/// or Korean text does not pay).
///
/// The system directories are read through fontconfig's own caches (scanning a CJK collection
/// without them costs ~40 ms), everything but the listed files is rejected, and each face is
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
    ]

    /// The fontconfig configuration (`FcConfig*`), shared by every renderer of the process.
    let config: OpaquePointer
    /// Every family invoic renders with (CJK included), for checking a template's font names.
    let families: Set<String>

    private init(cjk: Bool) {
        // 1. The listed files, read from fontconfig's caches.
        let scan = FcConfigCreate()!
        var xml = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <cachedir>/var/cache/fontconfig</cachedir>

            """
        for (directory, _) in Self.systemFiles { xml += "  <dir>\(Self.escape(directory))</dir>\n" }
        xml += "  <selectfont>\n    <rejectfont><glob>/usr/share/fonts/*</glob></rejectfont>\n    <acceptfont>\n"
        for (directory, files) in Self.systemFiles {
            for file in files { xml += "      <glob>\(Self.escape(directory + "/" + file))</glob>\n" }
        }
        xml += "    </acceptfont>\n  </selectfont>\n</fontconfig>\n"
        _ = xml.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: xml.utf8.count) { FcConfigParseAndLoadFromMemory(scan, $0, 1) }
        }
        FcConfigBuildFonts(scan)
        families = Self.listFamilies(scan)

        // 2. The configuration pango uses: the same fonts in a fixed order, each with its FreeType face
        // opened once for the whole process. cairo then shares those faces (locking each one) instead of
        // opening at most ten faces and closing others behind the back of threads still using them: the
        // race in cairo 1.16's face cache crashes parallel renders that use many scripts.
        var patterns: [(file: String, index: Int32, pattern: OpaquePointer)] = []
        for kind in [FcSetSystem] {
            guard let set = FcConfigGetFonts(scan, kind) else { continue }
            for position in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[position] else { continue }
                var file: UnsafeMutablePointer<FcChar8>?
                var index: Int32 = 0
                guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
                if !cjk, String(cString: file).contains("CJK") { continue }
                _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
                patterns.append((String(cString: file), index, font))
            }
        }
        patterns.sort { ($0.file, $0.index) < ($1.file, $1.index) }
        let config = FcConfigCreate()!
        FcConfigBuildFonts(config)
        let fonts = FcConfigGetFonts(config, FcSetSystem)
        for entry in patterns {
            var face: FT_Face?
            guard FT_New_Face(Self.freetype, entry.file, FT_Long(entry.index), &face) == 0, let face,
                  let copy = FcPatternDuplicate(entry.pattern) else { continue }
            _ = FcPatternAddFTFace(copy, FC_FT_FACE, face)
            _ = FcFontSetAdd(fonts, copy)
        }
        FcConfigDestroy(scan)
        self.config = config
    }

    /// The FreeType library the shared faces belong to, for the life of the process. Faces are only
    /// created in `init`, which runs under the `libraries` lock, as FreeType requires.
    nonisolated(unsafe) private static let freetype: FT_Library = {
        var library: FT_Library?
        FT_Init_FreeType(&library)
        return library!
    }()

    deinit { FcConfigDestroy(config) }

    private static let libraries = Mutex<[Bool: FontLibrary]>([:])

    /// The library, with or without the CJK fonts: built once and shared, because fontconfig
    /// configurations (and the FreeType faces, which cairo locks) are safe to share between threads.
    static func shared(cjk: Bool = true) -> FontLibrary {
        libraries.withLock { cache in
            if let library = cache[cjk] { return library }
            let library = FontLibrary(cjk: cjk)
            // pango initialises fontconfig's default configuration in a thread of its own, reading
            // every system font configuration file (~10 ms) for nothing: make ours the default first.
            if cache.isEmpty { FcConfigSetCurrent(library.config) }
            cache[cjk] = library
            return library
        }
    }

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

    private static func listFamilies(_ config: OpaquePointer) -> Set<String> {
        var result: Set<String> = []
        guard let pattern = FcPatternCreate() else { return result }
        defer { FcPatternDestroy(pattern) }
        let objects = FcObjectSetCreate()!
        defer { FcObjectSetDestroy(objects) }
        _ = FcObjectSetAdd(objects, FC_FAMILY)
        guard let set = FcFontList(config, pattern, objects) else { return result }
        defer { FcFontSetDestroy(set) }
        for index in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[index] else { continue }
            var position: Int32 = 0
            var name: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(font, FC_FAMILY, position, &name) == FcResultMatch, let name {
                result.insert(String(cString: name).lowercased())
                position += 1
            }
        }
        return result
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
