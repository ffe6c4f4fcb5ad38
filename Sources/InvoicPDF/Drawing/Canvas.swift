// The one place that talks to pango: text is shaped once into a `TextBlock` (a pango layout,
// measured while the page is laid out), then drawn by a `PDFCanvas` (PDFCanvas.swift), which
// writes the PDF itself from pango's glyph runs. Nothing outside this folder sees a C type.

import CPangoCairo

/// Shapes text for one thread: pango font maps pinned to the private fontconfig (one of the base
/// faces, and one of every face once a text needs a script face), one context per language,
/// reused for every document (a fresh font map costs ~20 ms). Not thread-safe: one per renderer.
///
/// Shaped blocks are shared across the documents of the engine: the labels, the business's name
/// and address, the payment details and the footer are the same text in the same style on every
/// page of a build (two blocks in three of a one-page invoice), and shaping was a fifth of the
/// batch's CPU. A `TextBlock` is never changed once shaped (its links are found when it is
/// made), so one block may stand on many pages; the cache keeps what was used lately
/// (`blocksPerGeneration`), so a build of any size holds a bounded number of layouts.
final class TextEngine {
    /// A pango font map pinned to one configuration of the library, with its contexts: the
    /// context of each language laid out so far. A pango layout lays itself out again whenever
    /// its context changes, so a shaped block must keep a context whose language never changes:
    /// one per language, not one switched between them.
    private final class FontMap {
        let fonts: FontLibrary.Configuration
        let map: UnsafeMutablePointer<PangoFontMap>
        var contexts: [String: OpaquePointer] = [:]
        /// Each font as a layout is given it (a description), and as the one attribute pango
        /// itemizes text shaped without a layout by (`shapeLine`). A description names its
        /// family list by this configuration's alias, so each map has its own.
        var fontsByKey: [FontKey: (description: OpaquePointer, itemize: OpaquePointer)] = [:]

        init(_ fonts: FontLibrary.Configuration) {
            self.fonts = fonts
            let map = pango_cairo_font_map_new()!
            // The font map is a PangoFcFontMap on Linux: give it the private configuration.
            pango_fc_font_map_set_config(OpaquePointer(map), fonts.config)
            pango_cairo_font_map_set_resolution(OpaquePointer(map), 72)
            self.map = map
        }

        /// The context of `language` ("" for none).
        func context(_ language: String) -> OpaquePointer {
            if let known = contexts[language] { return known }
            let context = pango_font_map_create_context(map)!
            let options = cairo_font_options_create()
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            pango_cairo_context_set_font_options(context, options)
            cairo_font_options_destroy(options)
            pango_context_set_round_glyph_positions(context, 0)
            pango_context_set_base_dir(context, PANGO_DIRECTION_LTR)
            if !language.isEmpty { pango_context_set_language(context, pango_language_from_string(language)) }
            contexts[language] = context
            return context
        }

        func font(for style: TextStyle) -> (description: OpaquePointer, itemize: OpaquePointer) {
            let key = FontKey(family: style.family, size: style.size, weight: style.weight, italic: style.italic)
            if let existing = fontsByKey[key] { return existing }
            let description = pango_font_description_new()!
            pango_font_description_set_family(description, fonts.aliasedFamily(style.family.list))
            pango_font_description_set_absolute_size(description, style.size * Double(PANGO_SCALE))
            pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(style.weight.rawValue)))
            pango_font_description_set_style(description, style.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
            let itemize = pango_attr_list_new()!
            pango_attr_list_insert(itemize, pango_attr_font_desc_new(description))
            fontsByKey[key] = (description, itemize)
            return (description, itemize)
        }

        /// Called once the layouts made in its contexts are gone.
        func release(to library: FontLibrary) {
            for font in fontsByKey.values {
                pango_font_description_free(font.description)
                pango_attr_list_unref(font.itemize)
            }
            for context in contexts.values { g_object_unref(UnsafeMutableRawPointer(context)) }
            g_object_unref(UnsafeMutableRawPointer(map))
            library.checkIn(fonts)
        }
    }

    /// The font maps made so far, by tier: the base faces' for text that needs no script face (a
    /// whole document, mostly), every face's once a text needs one (`FontLibrary.Tier`). Text
    /// shaped in either is set in the same faces, so a document may use both.
    private var maps: [FontLibrary.Tier: FontMap] = [:]
    /// The family lists met so far, as they pick faces. (By the list's text: a dictionary of a
    /// key type of its own cost 0.4M instructions to set up, more than all its lookups.)
    private var chains: [String: FontLibrary.Chain] = [:]
    private var trackings: [Int32: OpaquePointer] = [:]
    /// The font features as the attribute `shapeLine` shapes with, as a layout splits them off.
    private lazy var shapeAttributes: OpaquePointer = {
        let list = pango_attr_list_new()!
        pango_attr_list_insert(list, pango_attr_font_features_new(Self.fontFeatures))
        return list
    }()
    private var language: String = ""
    /// The links of a text (`Composer.linksOf`), for the blocks shaped as paragraphs that may hold some.
    private let findLinks: (String) -> [(text: String, uri: String)]

    fileprivate struct FontKey: Hashable {
        var family: FontFamilies
        var size: Double
        var weight: FontWeight
        var italic: Bool
    }

    /// Everything a block's shape and drawing depend on.
    private struct BlockKey: Hashable {
        var text: String
        var style: TextStyle
        var width: Double?
        var alignment: TextAlignment
        var language: String
        var linked: Bool
    }

    /// The blocks shaped lately: those of this generation and of the one before. A block found
    /// in the older one moves to the newer; when the newer is full it becomes the older, and what
    /// no document used for a whole generation goes. Text that repeats on every document (labels,
    /// the business block) stays; a document's own text is shaped once and dropped in time.
    private var blocks: [BlockKey: TextBlock] = [:]
    private var olderBlocks: [BlockKey: TextBlock] = [:]
    /// About twenty one-page documents' worth of blocks (a one-page invoice shapes some fifty);
    /// at most twice this many are kept. Since most text is shaped without a layout, a block
    /// costs little to keep: 1,024 rather than 256 keeps a client's address block from one of
    /// its invoices to the next in a book of 200 clients (3.5 % fewer instructions for a
    /// 200-document build, `bench/instructions/run.sh`; the peak 1.5-3 MB higher).
    static let blocksPerGeneration = 1024
    /// Blocks found already shaped, and blocks shaped (for the tests).
    private(set) var hits = 0
    private(set) var misses = 0
    /// The blocks the cache holds now.
    var cachedBlocks: Int { blocks.count + olderBlocks.count }

    private let library: FontLibrary
    /// The faces the PDFs embed, read once for all the documents of this engine.
    let faces = PDFFaces()
    /// The compressors of this engine's PDFs: of their streams, and of their font programs.
    let flate = Flate()
    let fontFlate = Flate(level: Flate.fontLevel)
    /// Every text in the configuration of all faces (tests compare it with the tiers).
    private let allFaces: Bool

    init(library: FontLibrary, allFaces: Bool = false, findLinks: @escaping (String) -> [(text: String, uri: String)] = { _ in [] }) {
        self.library = library
        self.allFaces = allFaces
        self.findLinks = findLinks
    }

    /// The tiers of the font maps made so far (for the tests).
    var tiers: Set<FontLibrary.Tier> { Set(maps.keys) }

    /// The font map of `tier`, made when first needed.
    private func map(_ tier: FontLibrary.Tier) -> FontMap {
        if let known = maps[tier] { return known }
        let made = FontMap(library.checkOut(tier))
        maps[tier] = made
        return made
    }

    /// The font map that sets `text` in `style`'s faces.
    private func map(for text: String, _ style: TextStyle) -> FontMap {
        if allFaces { return map(.all) }
        if let chain = chains[style.family.list] { return map(chain.tier(of: text)) }
        let chain = library.chain(style.family.list)
        chains[style.family.list] = chain
        return map(chain.tier(of: text))
    }

    deinit {
        // The layouts hold their contexts; release them first.
        blocks = [:]
        olderBlocks = [:]
        for list in trackings.values { pango_attr_list_unref(list) }
        pango_attr_list_unref(shapeAttributes)
        for map in maps.values { map.release(to: library) }
    }

    /// The language of the document being laid out (`de-at`): it picks locale-specific glyph forms.
    func setLanguage(_ tag: String) {
        language = tag
    }

    /// `text` shaped in `style`; wrapped at `width` points when given, aligned within it; with
    /// its links (`findLinks`) when `linked`. The same arguments in the same language give the
    /// same block, shaped once.
    func block(_ text: String, _ style: TextStyle, width: Double? = nil, alignment: TextAlignment = .left, linked: Bool = false) -> TextBlock {
        let key = BlockKey(text: text, style: style, width: width, alignment: alignment, language: language, linked: linked)
        if let known = blocks[key] {
            hits += 1
            return known
        }
        if let known = olderBlocks.removeValue(forKey: key) {
            hits += 1
            remember(known, key)
            return known
        }
        misses += 1
        let block = shape(text, style, width: width, alignment: alignment, links: linked ? findLinks(text) : [], in: map(for: text, style))
        remember(block, key)
        return block
    }

    private func remember(_ block: TextBlock, _ key: BlockKey) {
        if blocks.count >= Self.blocksPerGeneration {
            olderBlocks = blocks
            blocks = Dictionary(minimumCapacity: Self.blocksPerGeneration)
        }
        blocks[key] = block
    }

    private func shape(_ text: String, _ style: TextStyle, width: Double?, alignment: TextAlignment, links: [(text: String, uri: String)],
                       in map: FontMap) -> TextBlock {
        if links.isEmpty, style.tracking == 0, let line = shapeLine(text, style, width: width, alignment: alignment, in: map) { return line }
        let text = width.map { brokenLongWords(text, style, width: $0, in: map) } ?? text
        let layout = layout(text, style, width: width, alignment: alignment, in: map)
        return TextBlock(layout: layout, text: text, color: style.color, boxWidth: width, alignment: alignment, links: links)
    }

    /// A layout of `text` in `style`, wrapped at `width` points when given.
    private func layout(_ text: String, _ style: TextStyle, width: Double?, alignment: TextAlignment, in map: FontMap) -> OpaquePointer {
        let layout = pango_layout_new(map.context(language))!
        // Every paragraph runs left to right, so a Hebrew name lines up with the rest of its column;
        // the bidi algorithm still orders the Hebrew letters right to left within it.
        pango_layout_set_auto_dir(layout, 0)
        pango_layout_set_font_description(layout, map.font(for: style).description)
        pango_layout_set_attributes(layout, attributes(tracking: style.tracking))
        if let width {
            pango_layout_set_width(layout, Int32((width * Double(PANGO_SCALE)).rounded()))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        switch alignment {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        if style.lineHeight > 0 { pango_layout_set_line_spacing(layout, Float(style.lineHeight)) }
        text.withCString { pango_layout_set_text(layout, $0, -1) }
        return layout
    }

    /// A word longer than this many characters (no space in it) is broken into lines here
    /// rather than by pango. No word of a language comes near; a link or an IBAN neither. (A
    /// test sets it out of reach to compare with pango's own breaks.)
    var longestWord = 512
    /// How much of such a word is laid out at once.
    static let wordWindow = 1024

    /// `text` with each word longer than `longestWord` broken into the lines pango would break
    /// it into at `width`, joined by line breaks. Pango breaks such a word character by
    /// character and shapes what is left of it again for every line: one unbroken word of 200 KB
    /// took 54 s, of 50 MB 3.9 GB (issue 38). Here the word is laid out `wordWindow` characters
    /// at a time, each time keeping the lines that end before the window does: the same greedy
    /// breaks, each line starting where pango's would, in time linear in the word's length.
    /// Text without such a word is returned as it is, so every other document is unchanged.
    private func brokenLongWords(_ text: String, _ style: TextStyle, width: Double, in map: FontMap) -> String {
        var run = 0
        guard text.unicodeScalars.contains(where: { scalar in
            run = scalar.properties.isWhitespace ? 0 : run + 1
            return run > longestWord
        }) else { return text }
        var out = String.UnicodeScalarView(), word = String.UnicodeScalarView()
        func flush() {
            if word.count > longestWord { out += wordLines(String(word), style, width: width, in: map).joined(separator: "\u{2028}").unicodeScalars } else { out += word }
            word = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                flush()
                out.append(scalar)
            } else {
                word.append(scalar)
            }
        }
        flush()
        return String(out)
    }

    /// The lines of one long `word` at `width`, laid out a window at a time (`brokenLongWords`).
    private func wordLines(_ word: String, _ style: TextStyle, width: Double, in map: FontMap) -> [String] {
        var lines: [String] = []
        var rest = Substring(word)
        // Each step looks at no more than a window of the word: the whole is never counted again.
        while !rest.unicodeScalars.dropFirst(Self.wordWindow).isEmpty {
            let window = String(rest.unicodeScalars.prefix(Self.wordWindow))
            let layout = layout(window, style, width: width, alignment: .left, in: map)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            // Every line but the last, which the window's end may have cut short.
            var ends: [Int] = []
            let iterator = pango_layout_get_iter(layout)
            repeat {
                guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
                ends.append(Int(line.pointee.start_index) + Int(line.pointee.length))
            } while pango_layout_iter_next_line(iterator) != 0
            pango_layout_iter_free(iterator)
            ends.removeLast()
            // A window that is one line (a box some thousand characters wide) is one line.
            if ends.isEmpty { ends = [window.utf8.count] }
            let bytes = Array(window.utf8)
            var start = 0
            for end in ends {
                lines.append(String(decoding: bytes[start..<end], as: UTF8.self))
                start = end
            }
            // Pango breaks between characters, so `start` is on a character's boundary.
            rest = rest[rest.utf8.index(rest.startIndex, offsetBy: start)...]
        }
        lines.append(String(rest))
        return lines
    }

    /// `text` shaped as a layout would shape it when it is one line in one font running left to
    /// right (an amount, a date, a name, a description that fits its column: most text of a
    /// page), without the layout: itemized and shaped exactly as `pango_layout_check_lines` does
    /// (pango 1.50), measured as its one line. A layout also finds line breaks, lays out lines
    /// and keeps them, which was a third of shaping's cost. Nil when the text needs a layout:
    /// several fonts or directions, a line break, letter spacing, or wider than its box.
    private func shapeLine(_ text: String, _ style: TextStyle, width: Double?, alignment: TextAlignment, in map: FontMap) -> TextBlock? {
        // Control characters and the line and paragraph separators break lines or paragraphs.
        guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}" })
        else { return nil }
        let itemize = map.font(for: style).itemize
        let context = map.context(language)
        let bytes = Array(text.utf8CString)
        let length = Int32(bytes.count - 1)
        return bytes.withUnsafeBufferPointer { buffer -> TextBlock? in
            guard let items = pango_itemize_with_base_dir(context, PANGO_DIRECTION_LTR, buffer.baseAddress, 0, length, itemize, nil) else { return nil }
            guard items.pointee.next == nil, let item = items.pointee.data?.assumingMemoryBound(to: PangoItem.self),
                  item.pointee.analysis.level % 2 == 0, item.pointee.length == length else {
                g_list_free_full(items) { pango_item_free($0?.assumingMemoryBound(to: PangoItem.self)) }
                return nil
            }
            g_list_free(items)
            let features = pango_attr_list_get_iterator(shapeAttributes)
            pango_item_apply_attrs(item, features)
            pango_attr_iterator_destroy(features)
            let glyphs = pango_glyph_string_new()!
            pango_shape_item(item, buffer.baseAddress, length, nil, glyphs, PANGO_SHAPE_NONE)
            let lineWidth = pango_glyph_string_get_width(glyphs)
            var offset: Int32 = 0
            if let width {
                // What pango's `get_x_offset` gives a line narrower than its layout.
                let boxWidth = Int32((width * Double(PANGO_SCALE)).rounded())
                guard lineWidth < boxWidth else {
                    pango_glyph_string_free(glyphs)
                    pango_item_free(item)
                    return nil
                }
                switch alignment {
                case .left: offset = 0
                case .right: offset = boxWidth - lineWidth
                case .center:
                    offset = (boxWidth - lineWidth) / 2
                    if (boxWidth | lineWidth) & (Int32(PANGO_SCALE) - 1) == 0 { offset = (offset + 512) & ~1023 }
                }
            }
            return TextBlock(run: item, glyphs: glyphs, text: text, color: style.color, boxWidth: width, offset: offset)
        }
    }

    /// Letter spacing, and no programming ligatures or contextual alternates: JetBrains Mono
    /// would draw `->` or `!=` as arrows and signs, which an invoice must print as written.
    private static let fontFeatures = "liga 0, calt 0, clig 0, dlig 0"

    private func attributes(tracking points: Double) -> OpaquePointer {
        let units = Int32((points * Double(PANGO_SCALE)).rounded())
        if let existing = trackings[units] { return existing }
        let list = pango_attr_list_new()!
        pango_attr_list_insert(list, pango_attr_font_features_new(Self.fontFeatures))
        if units != 0 { pango_attr_list_insert(list, pango_attr_letter_spacing_new(units)) }
        trackings[units] = list
        return list
    }
}

/// Shaped text with its measurements in points. `width` is the width of the ink-free logical
/// box of the text itself; a block laid out in a box of `boxWidth` is drawn at the box's left.
final class TextBlock {
    /// The layout pango set the text in; nil for a line shaped without one (`run`).
    let layout: OpaquePointer?
    /// The one run of a line shaped without a layout (`TextEngine.shapeLine`), and its text as
    /// the run's byte offsets count it.
    let run: UnsafeMutablePointer<PangoGlyphItem>?
    let runText: UnsafeMutablePointer<CChar>?
    let text: String
    let color: RGB
    let width: Double
    let height: Double
    /// From the top of the block to the first line's baseline.
    let baseline: Double
    /// From the top of the block to the top of the first ink (the cap height of `INVOICE`).
    let inkTop: Double
    let lineCount: Int
    /// Characters no font of the fallback chain has, in order of appearance, without repeats.
    let missing: [Unicode.Scalar]
    /// Where the text starts within its box (non-zero for centred or right-aligned blocks).
    let offset: Double
    let boxWidth: Double?
    /// Parts of the text that are links (`mailto:` an address, a web address), in the order the
    /// text has them; drawn as PDF links where the block is a paragraph of its own.
    let links: [(text: String, uri: String)]

    fileprivate init(layout: OpaquePointer, text: String, color: RGB, boxWidth: Double?, alignment: TextAlignment, links: [(text: String, uri: String)]) {
        self.layout = layout
        run = nil
        runText = nil
        self.text = text
        self.color = color
        self.boxWidth = boxWidth
        self.links = links
        var logical = PangoRectangle(), ink = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let scale = Double(PANGO_SCALE)
        width = Double(logical.width) / scale
        height = Double(logical.height) / scale
        offset = Double(logical.x) / scale
        inkTop = Double(ink.y - logical.y) / scale
        baseline = Double(pango_layout_get_baseline(layout)) / scale
        lineCount = Int(pango_layout_get_line_count(layout))
        missing = pango_layout_get_unknown_glyphs_count(layout) > 0 ? Self.unknownCharacters(layout) : []
    }

    /// A line shaped without a layout: `item` shaped into `glyphs`, placed `offset` (pango
    /// units) into its box. Measured as `pango_layout_get_extents` measures a layout of one line
    /// of one run: the run's logical extents, its top at 0, its baseline at the font's ascent.
    fileprivate init(run item: UnsafeMutablePointer<PangoItem>, glyphs: UnsafeMutablePointer<PangoGlyphString>, text: String, color: RGB,
                     boxWidth: Double?, offset: Int32) {
        layout = nil
        let run = UnsafeMutablePointer<PangoGlyphItem>.allocate(capacity: 1)
        run.initialize(to: PangoGlyphItem(item: item, glyphs: glyphs, y_offset: 0, start_x_offset: 0, end_x_offset: 0))
        self.run = run
        runText = strdup(text)
        self.text = text
        self.color = color
        self.boxWidth = boxWidth
        links = []
        var logical = PangoRectangle(), ink = PangoRectangle()
        pango_glyph_string_extents(glyphs, item.pointee.analysis.font, &ink, &logical)
        let scale = Double(PANGO_SCALE)
        width = Double(logical.width) / scale
        height = Double(logical.height) / scale
        self.offset = Double(offset) / scale
        baseline = Double(-logical.y) / scale
        // The layout's ink top is the line's baseline plus the run's ink top; its logical top is 0.
        inkTop = Double(-logical.y + ink.y) / scale
        lineCount = 1
        var missing: [Unicode.Scalar] = []
        for index in 0..<Int(glyphs.pointee.num_glyphs) {
            let glyph = glyphs.pointee.glyphs[index].glyph
            guard glyph & Self.unknownFlag != 0, let scalar = Unicode.Scalar(glyph & ~Self.unknownFlag) else { continue }
            if !missing.contains(scalar) { missing.append(scalar) }
        }
        self.missing = missing
    }

    deinit {
        if let layout { g_object_unref(UnsafeMutableRawPointer(layout)) }
        if let run {
            pango_glyph_string_free(run.pointee.glyphs)
            pango_item_free(run.pointee.item)
            run.deallocate()
        }
        free(runText)
    }

    /// The flag of a glyph pango could not find in any font; the rest of it is the character.
    private static let unknownFlag: UInt32 = 0x1000_0000

    /// Each line as pango set it (wrapped at the box's width, its line break dropped), with the
    /// top of its row and its baseline from the block's top, in points. Shaped one by one at the
    /// same width, they are this block's lines: text taller than a page flows line by line.
    var lines: [(text: String, top: Double, baseline: Double)] {
        guard let layout else { return [(text, 0, baseline)] }
        let utf8 = Array(text.utf8)
        let scale = Double(PANGO_SCALE)
        var lines: [(text: String, top: Double, baseline: Double)] = []
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            let start = min(utf8.count, max(0, Int(line.pointee.start_index)))
            let end = min(utf8.count, start + max(0, Int(line.pointee.length)))
            var top: Int32 = 0, bottom: Int32 = 0
            pango_layout_iter_get_line_yrange(iterator, &top, &bottom)
            lines.append((String(decoding: utf8[start..<end], as: UTF8.self), Double(top) / scale,
                          Double(pango_layout_iter_get_baseline(iterator)) / scale))
        } while pango_layout_iter_next_line(iterator) != 0
        return lines
    }

    /// The glyph ids pango chose, run by run in visual order (the tests compare them).
    var glyphs: [UInt32] {
        if let glyphs = run?.pointee.glyphs { return (0..<Int(glyphs.pointee.num_glyphs)).map { glyphs.pointee.glyphs[$0].glyph } }
        guard let layout else { return [] }
        var found: [UInt32] = []
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let glyphs = run.pointee.glyphs else { continue }
            for index in 0..<Int(glyphs.pointee.num_glyphs) { found.append(glyphs.pointee.glyphs[index].glyph) }
        } while pango_layout_iter_next_run(iterator) != 0
        return found
    }

    /// The font file and face index of each run, in visual order (the tests compare them).
    var faces: [String] {
        func face(_ font: UnsafeMutablePointer<PangoFont>?) -> String {
            guard let font, let pattern = pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)) else { return "" }
            var file: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0
            guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return "" }
            _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
            return "\(String(cString: file))#\(index)"
        }
        if let run { return [face(run.pointee.item.pointee.analysis.font)] }
        guard let layout else { return [] }
        var found: [String] = []
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator) else { continue }
            found.append(face(run.pointee.item.pointee.analysis.font))
        } while pango_layout_iter_next_run(iterator) != 0
        return found
    }

    /// The characters pango drew as unknown glyphs: such a glyph carries its character's code.
    private static func unknownCharacters(_ layout: OpaquePointer) -> [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let glyphs = run.pointee.glyphs else { continue }
            for index in 0..<Int(glyphs.pointee.num_glyphs) {
                let glyph = glyphs.pointee.glyphs[index].glyph
                guard glyph & unknownFlag != 0, let scalar = Unicode.Scalar(glyph & ~unknownFlag) else { continue }
                if !found.contains(scalar) { found.append(scalar) }
            }
        } while pango_layout_iter_next_run(iterator) != 0
        return found
    }
}

