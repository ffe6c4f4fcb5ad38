import CPangoCairo

/// What the PDF writer needs of a font face, read once per renderer and shared by all its
/// documents: the HarfBuzz face pango shaped with (the font file itself), its metrics in PDF's
/// thousandths of an em, and its glyph widths as they are asked for.
final class PDFFace {
    /// hb_face_t*, referenced for the life of this object.
    let face: OpaquePointer
    private let font: OpaquePointer
    let unitsPerEm: Double
    /// CFF outlines (the CJK collections): embedded as a bare CFF under a CIDFontType0.
    let isCFF: Bool
    let postScriptName: String
    let bbox: [Double]
    let ascent: Double
    let descent: Double
    let capHeight: Double
    let italicAngle: Double
    /// By glyph id, NaN until asked for: an array, not a dictionary, since every glyph drawn
    /// asks for its width (hashing it was a cost of its own).
    private var widths: [Double]
    /// Font programs already cut and compressed, by glyph set: the documents of a build show
    /// the same glyphs of a face often (the labels' bold face, the title's), and cutting and
    /// compressing a subset was a fifth of a PDF's time. At most `cachedSubsets` are kept.
    private var subsets: [[UInt32]: (compressed: [UInt8], length: Int)?] = [:]
    private var subsetOrder: [[UInt32]] = []
    private static let cachedSubsets = 32

    /// The subset for `glyphs` (sorted), compressed by `flate`, made once per glyph set.
    func compressedSubset(_ glyphs: [UInt32], flate: Flate) -> (compressed: [UInt8], length: Int)? {
        if let known = subsets[glyphs] { return known }
        let made = subset(glyphs).map { (flate.deflate($0), $0.count) }
        if subsetOrder.count >= Self.cachedSubsets { subsets[subsetOrder.removeFirst()] = nil }
        subsets[glyphs] = made
        subsetOrder.append(glyphs)
        return made
    }

    init(face: OpaquePointer) {
        self.face = hb_face_reference(face)
        let font = hb_font_create(face)!
        self.font = font
        let upem = Double(hb_face_get_upem(face))
        let unitsPerEm = upem > 0 ? upem : 1000
        self.unitsPerEm = unitsPerEm
        widths = [Double](repeating: .nan, count: Int(hb_face_get_glyph_count(face)))
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        let scale = 1000 / unitsPerEm
        isCFF = Self.tableLength(face, "CFF ") > 0
        var name = [CChar](repeating: 0, count: 128)
        var length: UInt32 = 127
        _ = hb_ot_name_get_utf8(face, hb_ot_name_id_t(HB_OT_NAME_ID_POSTSCRIPT_NAME), hb_language_get_default(), &length, &name)
        if length == 0 {
            length = 127
            _ = hb_ot_name_get_utf8(face, hb_ot_name_id_t(HB_OT_NAME_ID_POSTSCRIPT_NAME), nil, &length, &name)
        }
        let raw = String(decoding: name.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let clean = String(raw.unicodeScalars.filter { $0.isASCII && $0.value > 32 && !"()<>[]{}/%#".unicodeScalars.contains($0) })
        postScriptName = clean.isEmpty ? "Font" : clean
        var head = [Double](repeating: 0, count: 4)
        let blob = hb_face_reference_table(face, Self.tag("head"))
        var count: UInt32 = 0
        if let data = hb_blob_get_data(blob, &count), count >= 44 {
            let bytes = UnsafeRawPointer(data)
            func s16(_ at: Int) -> Double { Double(Int16(bitPattern: UInt16(bytes.load(fromByteOffset: at, as: UInt8.self)) << 8 | UInt16(bytes.load(fromByteOffset: at + 1, as: UInt8.self)))) }
            head = [s16(36) * scale, s16(38) * scale, s16(40) * scale, s16(42) * scale]
        }
        hb_blob_destroy(blob)
        bbox = head
        func metric(_ tag: hb_ot_metrics_tag_t, _ fallback: Double) -> Double {
            var position: hb_position_t = 0
            return hb_ot_metrics_get_position(font, tag, &position) != 0 ? Double(position) * scale : fallback
        }
        let ascent = metric(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER, head[3])
        self.ascent = ascent
        descent = metric(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER, head[1])
        capHeight = metric(HB_OT_METRICS_TAG_CAP_HEIGHT, ascent)
        italicAngle = Double(hb_style_get_value(font, HB_STYLE_TAG_SLANT_ANGLE))
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
        if let prepared { hb_face_destroy(prepared) }
    }

    /// The face as HarfBuzz's subsetter prepares it for cutting many subsets
    /// (`hb_subset_preprocess`: its tables parsed once, with their accelerators), made once
    /// this face has been cut `prepareAfter` times. A subset cut from it has the same bytes as
    /// one cut from the face itself (every example PDF is byte for byte the same), in about half
    /// the time (0.19 ms instead of 0.36 for JetBrains Mono); preparing costs about ten cuts of a
    /// Latin face and 170 of a CJK collection's, so a document rendered alone (`invoic pdf`)
    /// never pays for it and a build does once.
    private var prepared: OpaquePointer?
    private var cuts = 0
    /// One cut per 100 KB of the font file, at least 8: the cost of preparing grows with the
    /// file (2.7 ms for JetBrains Mono's 270 KB, 0.7 s for a 19 MB CJK collection).
    private lazy var prepareAfter: Int = {
        let blob = hb_face_reference_blob(face)
        defer { hb_blob_destroy(blob) }
        return max(8, Int(hb_blob_get_length(blob)) / 100_000)
    }()

    /// The advance of glyph `gid` in thousandths of an em, to two places (as /W writes it).
    func width(_ gid: UInt32) -> Double {
        let index = Int(gid)
        if index < widths.count, !widths[index].isNaN { return widths[index] }
        let advance = Double(hb_font_get_glyph_h_advance(font, gid)) * 1000 / unitsPerEm
        let rounded = (advance * 100).rounded() / 100
        if index < widths.count { widths[index] = rounded }
        return rounded
    }

    /// The face cut to `glyphs` by HarfBuzz's subsetter, glyph ids kept (so a CID is the glyph's
    /// id in the font pango shaped with), hinting and the layout tables dropped (a PDF viewer
    /// scales outlines and never shapes); nil when the subsetter fails.
    func subset(_ glyphs: [UInt32]) -> [UInt8]? {
        guard let input = hb_subset_input_create_or_fail() else { return nil }
        defer { hb_subset_input_destroy(input) }
        let set = hb_subset_input_glyph_set(input)
        hb_set_add(set, 0)
        for gid in glyphs { hb_set_add(set, gid) }
        // TrueType keeps its glyph ids (CIDToGIDMap /Identity; the empty slots cost a few bytes
        // compressed). CFF is renumbered: its charset keeps each glyph's CID, which in the
        // Identity-ordered CJK collections is the glyph's id in the full font. Its subroutines
        // are inlined: smaller for the few glyphs of an invoice, and the PDF/UA validator reads
        // the widths of subroutinized charstrings wrongly.
        hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_NO_HINTING.rawValue | (isCFF ? HB_SUBSET_FLAGS_DESUBROUTINIZE.rawValue : HB_SUBSET_FLAGS_RETAIN_GIDS.rawValue))
        // Only the tables a PDF viewer draws a CID font with: the layout tables, cmap (glyphs
        // are chosen by CID), hinting and the rest go, and of the names only the PostScript one.
        let drop = hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG)
        hb_set_clear(drop)
        for table in Self.tableTags(face) where !Self.keptTables.contains(table) { hb_set_add(drop, table) }
        let names = hb_subset_input_set(input, HB_SUBSET_SETS_NAME_ID)
        hb_set_clear(names)
        hb_set_add(names, 6)
        cuts += 1
        if prepared == nil, cuts > prepareAfter { prepared = hb_subset_preprocess(face) }
        guard let subset = hb_subset_or_fail(prepared ?? face, input) else { return nil }
        defer { hb_face_destroy(subset) }
        // CFF goes in bare (FontFile3 /CIDFontType0C), where a CID is looked up in its charset.
        let blob = isCFF ? hb_face_reference_table(subset, Self.tag("CFF ")) : hb_face_reference_blob(subset)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
    }

    private static let keptTables: Set<hb_tag_t> = Set(["head", "hhea", "hmtx", "loca", "maxp", "glyf", "post", "name", "OS/2", "CFF "].map(tag))

    /// The tags of the tables `face` has.
    private static func tableTags(_ face: OpaquePointer) -> [hb_tag_t] {
        var tags = [hb_tag_t](repeating: 0, count: 64)
        var count = UInt32(tags.count)
        let total = hb_face_get_table_tags(face, 0, &count, &tags)
        if total > UInt32(tags.count) {
            tags = [hb_tag_t](repeating: 0, count: Int(total))
            count = total
            _ = hb_face_get_table_tags(face, 0, &count, &tags)
        }
        return Array(tags.prefix(Int(count)))
    }

    static func tag(_ name: String) -> hb_tag_t {
        name.utf8.reduce(0) { $0 << 8 | hb_tag_t($1) }
    }

    private static func tableLength(_ face: OpaquePointer, _ name: String) -> UInt32 {
        let blob = hb_face_reference_table(face, tag(name))
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob)
    }
}

/// The faces of one renderer, by font file and face index, and what each pango font is: its face
/// and size. By file, not by HarfBuzz face: a text engine's two font maps (`FontLibrary.Tier`)
/// each make their own HarfBuzz face of a file, and a document setting text in both embeds the
/// face once, as one map would.
final class PDFFaces {
    private struct FaceKey: Hashable {
        var file: String
        var index: Int32
    }

    private var faces: [FaceKey: PDFFace] = [:]
    private var fonts: [UInt: (face: PDFFace, size: Double)] = [:]

    /// The face and point size of a pango font (PangoFont*), which stays alive in the font map.
    func font(_ pangoFont: UnsafeMutablePointer<PangoFont>) -> (face: PDFFace, size: Double)? {
        let key = UInt(bitPattern: pangoFont)
        if let known = fonts[key] { return known }
        guard let hbFont = pango_font_get_hb_font(pangoFont), let hbFace = hb_font_get_face(hbFont) else { return nil }
        // A pango font of the private configurations is a PangoFcFont; its pattern names its file.
        guard let pattern = pango_fc_font_get_pattern(UnsafeMutableRawPointer(pangoFont).assumingMemoryBound(to: PangoFcFont.self)) else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        let faceKey = FaceKey(file: String(cString: file), index: index)
        let face: PDFFace
        if let existing = faces[faceKey] {
            face = existing
        } else {
            face = PDFFace(face: hbFace)
            faces[faceKey] = face
        }
        let description = pango_font_describe_with_absolute_size(pangoFont)
        let size = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
        pango_font_description_free(description)
        // The font map keeps its fonts: hold a reference so the key is never reused by another.
        g_object_ref(UnsafeMutableRawPointer(pangoFont))
        fonts[key] = (face, size)
        return (face, size)
    }
}

/// A face as one document uses it: the glyphs shown and the text each stands for, written at
/// the end as a Type0 font over a subset of the face.
final class PDFFontUse {
    let face: PDFFace
    let resourceName: String
    let object: Int
    /// The text each glyph shown stands for (its ToUnicode entry), by glyph id.
    var unicode: [UInt32: String] = [:]

    init(face: PDFFace, resourceName: String, object: Int) {
        self.face = face
        self.resourceName = resourceName
        self.object = object
    }

    /// The Type0 font, its CID font, descriptor, font program and ToUnicode map.
    func write(into file: inout PDFFile) {
        let glyphs = unicode.keys.sorted()
        let program = face.compressedSubset(glyphs, flate: file.fontFlate)
        // A subset's name begins with six capital letters that say which glyphs it has.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for gid in glyphs { hash = (hash ^ UInt64(gid)) &* 0x0000_0100_0000_01B3 }
        for byte in face.postScriptName.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        var tag = ""
        for _ in 0..<6 {
            tag.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "A") + UInt8(hash % 26)))
            hash /= 26
        }
        let baseName = tag + "+" + face.postScriptName
        let cidFont = file.reserve(), descriptor = file.reserve(), toUnicode = file.reserve()
        let fontFile = program == nil ? nil : file.reserve()

        file.object(object) { out in
            out.raw("<< /Type /Font\n   /Subtype /Type0\n   /BaseFont ")
            out.name(baseName)
            out.raw("\n   /Encoding /Identity-H\n   /DescendantFonts [")
            out.int(cidFont)
            out.raw(" 0 R]\n   /ToUnicode ")
            out.int(toUnicode)
            out.raw(" 0 R\n>>")
        }
        file.object(cidFont) { out in
            out.raw(face.isCFF ? "<< /Type /Font\n   /Subtype /CIDFontType0\n" : "<< /Type /Font\n   /Subtype /CIDFontType2\n")
            out.raw("   /BaseFont ")
            out.name(baseName)
            out.raw("\n   /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>\n   /FontDescriptor ")
            out.int(descriptor)
            out.raw(" 0 R\n")
            if !face.isCFF { out.raw("   /CIDToGIDMap /Identity\n") }
            out.raw("   /W [")
            var index = 0
            while index < glyphs.count {
                var end = index + 1
                while end < glyphs.count, glyphs[end] == glyphs[end - 1] + 1 { end += 1 }
                out.int(Int(glyphs[index]))
                out.raw(" [")
                for position in index..<end {
                    if position > index { out.byte(32) }
                    out.number(face.width(glyphs[position]), decimals: 2)
                }
                out.raw("]")
                index = end
                if index < glyphs.count { out.byte(32) }
            }
            out.raw("]\n>>")
        }
        file.object(descriptor) { out in
            out.raw("<< /Type /FontDescriptor\n   /FontName ")
            out.name(baseName)
            // Symbolic (4): its glyphs are chosen by id, not by a standard encoding.
            out.raw("\n   /Flags 4\n   /FontBBox [")
            for (position, value) in face.bbox.enumerated() {
                if position > 0 { out.byte(32) }
                out.number(value, decimals: 0)
            }
            out.raw("]\n   /ItalicAngle ")
            out.number(face.italicAngle, decimals: 1)
            out.raw("\n   /Ascent ")
            out.number(face.ascent, decimals: 0)
            out.raw("\n   /Descent ")
            out.number(face.descent, decimals: 0)
            out.raw("\n   /CapHeight ")
            out.number(face.capHeight, decimals: 0)
            out.raw("\n   /StemV 80\n")
            if let fontFile {
                out.raw(face.isCFF ? "   /FontFile3 " : "   /FontFile2 ")
                out.int(fontFile)
                out.raw(" 0 R\n")
            }
            out.raw(">>")
        }
        if let fontFile, let program {
            let isCFF = face.isCFF
            file.stream(fontFile, compressed: program.compressed) { out in
                if isCFF {
                    out.raw(" /Subtype /CIDFontType0C")
                } else {
                    out.raw(" /Length1 ")
                    out.int(program.length)
                }
            }
        }
        file.stream(toUnicode, toUnicodeMap(glyphs))
    }

    private func toUnicodeMap(_ glyphs: [UInt32]) -> [UInt8] {
        var out = PDFBytes(capacity: 512 + glyphs.count * 24)
        out.raw("""
            /CIDInit /ProcSet findresource begin
            12 dict begin
            begincmap
            /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
            /CMapName /Adobe-Identity-UCS def
            /CMapType 2 def
            1 begincodespacerange
            <0000> <FFFF>
            endcodespacerange

            """)
        let mapped = glyphs.filter { !(unicode[$0] ?? "").isEmpty }
        var start = 0
        while start < mapped.count {
            let chunk = mapped[start..<min(mapped.count, start + 100)]
            out.int(chunk.count)
            out.raw(" beginbfchar\n")
            for gid in chunk {
                out.byte(UInt8(ascii: "<"))
                out.hex16(gid)
                out.raw("> <")
                for unit in unicode[gid]!.utf16 { out.hex16(UInt32(unit)) }
                out.raw(">\n")
            }
            out.raw("endbfchar\n")
            start += 100
        }
        out.raw("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n")
        return out.bytes
    }
}
