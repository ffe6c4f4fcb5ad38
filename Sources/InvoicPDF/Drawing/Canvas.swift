// The one place that talks to pango and cairo: text is shaped once into a `TextBlock` (a pango
// layout, measured while the page is laid out), then drawn by a `PDFCanvas` onto a cairo PDF
// surface. Nothing outside this folder sees a C type.

import CPangoCairo

/// Shapes text for one thread: one pango font map pinned to the private fontconfig, one context,
/// reused for every document (a fresh font map costs ~20 ms). Not thread-safe: one per renderer.
final class TextEngine {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    private var descriptions: [FontKey: OpaquePointer] = [:]
    private var trackings: [Int32: OpaquePointer] = [:]
    private var language: String = ""

    private struct FontKey: Hashable {
        var family: String
        var size: Double
        var weight: FontWeight
        var italic: Bool
    }

    private let library: FontLibrary
    private let fonts: FontLibrary.Configuration

    init(library: FontLibrary) {
        self.library = library
        fonts = library.checkOut()
        let map = pango_cairo_font_map_new()!
        // The font map is a PangoFcFontMap on Linux: give it the private configuration.
        pango_fc_font_map_set_config(OpaquePointer(map), fonts.config)
        pango_cairo_font_map_set_resolution(OpaquePointer(map), 72)
        fontMap = map
        context = pango_font_map_create_context(map)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        pango_context_set_base_dir(context, PANGO_DIRECTION_LTR)
    }

    deinit {
        for description in descriptions.values { pango_font_description_free(description) }
        for list in trackings.values { pango_attr_list_unref(list) }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        library.checkIn(fonts)
    }

    /// The language of the document being laid out (`de-at`): it picks locale-specific glyph forms.
    func setLanguage(_ tag: String) {
        guard tag != language else { return }
        language = tag
        pango_context_set_language(context, pango_language_from_string(tag))
    }

    /// `text` shaped in `style`; wrapped at `width` points when given, aligned within it.
    func block(_ text: String, _ style: TextStyle, width: Double? = nil, alignment: TextAlignment = .left) -> TextBlock {
        let layout = pango_layout_new(context)!
        // Every paragraph runs left to right, so a Hebrew name lines up with the rest of its column;
        // the bidi algorithm still orders the Hebrew letters right to left within it.
        pango_layout_set_auto_dir(layout, 0)
        pango_layout_set_font_description(layout, description(for: style))
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
        return TextBlock(layout: layout, text: text, color: style.color, boxWidth: width, alignment: alignment)
    }

    private func description(for style: TextStyle) -> OpaquePointer {
        let key = FontKey(family: style.family, size: style.size, weight: style.weight, italic: style.italic)
        if let existing = descriptions[key] { return existing }
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, style.family)
        pango_font_description_set_absolute_size(description, style.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(style.weight.rawValue)))
        pango_font_description_set_style(description, style.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        descriptions[key] = description
        return description
    }

    /// Letter spacing, and no programming ligatures or contextual alternates: JetBrains Mono
    /// would draw `->` or `!=` as arrows and signs, which an invoice must print as written.
    private func attributes(tracking points: Double) -> OpaquePointer {
        let units = Int32((points * Double(PANGO_SCALE)).rounded())
        if let existing = trackings[units] { return existing }
        let list = pango_attr_list_new()!
        pango_attr_list_insert(list, pango_attr_font_features_new("liga 0, calt 0, clig 0, dlig 0"))
        if units != 0 { pango_attr_list_insert(list, pango_attr_letter_spacing_new(units)) }
        trackings[units] = list
        return list
    }
}

/// Shaped text with its measurements in points. `width` is the width of the ink-free logical
/// box of the text itself; a block laid out in a box of `boxWidth` is drawn at the box's left.
final class TextBlock {
    fileprivate let layout: OpaquePointer
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
    var links: [(text: String, uri: String)] = []

    fileprivate init(layout: OpaquePointer, text: String, color: RGB, boxWidth: Double?, alignment: TextAlignment) {
        self.layout = layout
        self.text = text
        self.color = color
        self.boxWidth = boxWidth
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

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// Each line as pango set it (wrapped at the box's width, its line break dropped), with the
    /// top of its row and its baseline from the block's top, in points. Shaped one by one at the
    /// same width, they are this block's lines: text taller than a page flows line by line.
    var lines: [(text: String, top: Double, baseline: Double)] {
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

    /// The characters pango drew as unknown glyphs: such a glyph carries its character's code.
    private static func unknownCharacters(_ layout: OpaquePointer) -> [Unicode.Scalar] {
        let unknownFlag: UInt32 = 0x1000_0000
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

/// One PDF being drawn: a cairo PDF surface writing into memory.
final class PDFCanvas {
    private let surface: OpaquePointer
    fileprivate let cr: OpaquePointer
    private let sink: Sink
    /// The alternative text of each figure drawn, in order: cairo's tags cannot carry it, so
    /// PDFMetadata writes it into the figures' structure elements.
    private(set) var figureTexts: [String] = []
    /// How many structure tags are open. A tag may span pages (the items table begins on one and
    /// ends on another), so this belongs to the document, not to a page: text outside every tag
    /// is a paragraph of its own, unless it is page furniture (an artifact).
    private var open = 0
    private var furniture = 0
    let pageWidth: Double
    let pageHeight: Double

    private final class Sink {
        var bytes: [UInt8] = []
    }

    init(width: Double, height: Double, metadata: [PDFMetadataField: String]) {
        pageWidth = width
        pageHeight = height
        sink = Sink()
        sink.bytes.reserveCapacity(64 * 1024)
        let write: cairo_write_func_t = { closure, data, length in
            let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        surface = cairo_pdf_surface_create_for_stream(write, Unmanaged.passUnretained(sink).toOpaque(), width, height)
        for (field, value) in metadata.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let key: cairo_pdf_metadata_t
            switch field {
            case .title: key = CAIRO_PDF_METADATA_TITLE
            case .author: key = CAIRO_PDF_METADATA_AUTHOR
            case .subject: key = CAIRO_PDF_METADATA_SUBJECT
            case .keywords: key = CAIRO_PDF_METADATA_KEYWORDS
            case .creator: key = CAIRO_PDF_METADATA_CREATOR
            }
            cairo_pdf_surface_set_metadata(surface, key, value)
        }
        cr = cairo_create(surface)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    func draw(_ page: [DrawOp], logo: Logo?) {
        for op in page {
            switch op {
            case .beginArtifact:
                furniture += 1
            case .endArtifact:
                furniture -= 1
            case .beginTag(let name):
                cairo_tag_begin(cr, name, "")
                open += 1
            case .endTag(let name):
                cairo_tag_end(cr, name)
                open -= 1
            case .text(let block, let x, let y):
                let paragraph = open == 0 && furniture == 0
                if paragraph, !block.links.isEmpty {
                    showLinked(block, x: x, y: y)
                    continue
                }
                if paragraph { cairo_tag_begin(cr, "P", "") }
                show(block, x: x, y: y)
                if paragraph { cairo_tag_end(cr, "P") }
            case .line(let x1, let y1, let x2, let y2, let width, let color):
                setColor(color)
                cairo_set_line_width(cr, width)
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
                cairo_move_to(cr, x1, y1)
                cairo_line_to(cr, x2, y2)
                cairo_stroke(cr)
            case .rect(let frame, let fill, let stroke, let lineWidth, let radius):
                path(frame, radius: radius)
                if let fill {
                    setColor(fill)
                    if stroke != nil { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
                }
                if let stroke {
                    setColor(stroke)
                    cairo_set_line_width(cr, lineWidth)
                    cairo_stroke(cr)
                }
            case .logo(let frame, let alt):
                guard let logo else { continue }
                figure(alt) { logo.draw(into: cr, frame: frame) }
            case .qrCode(let code, let frame, let alt):
                // Each row's runs of dark modules as one rectangle, all filled at once: black on
                // the page's white, as scanners expect.
                let module = frame.width / Double(code.size)
                for row in 0..<code.size {
                    var column = 0
                    while column < code.size {
                        guard code.isDark(row: row, column: column) else { column += 1; continue }
                        let start = column
                        while column < code.size, code.isDark(row: row, column: column) { column += 1 }
                        cairo_rectangle(cr, frame.x + Double(start) * module, frame.y + Double(row) * module,
                                        Double(column - start) * module, module)
                    }
                }
                figure(alt) {
                    setColor(RGB(red: 0, green: 0, blue: 0))
                    cairo_fill(cr)
                }
            case .stamp(let block, let centerX, let centerY, let degrees, let color, let lineWidth, let padding):
                cairo_save(cr)
                cairo_translate(cr, centerX, centerY)
                cairo_rotate(cr, degrees * .pi / 180)
                let width = block.width + 2 * padding.x, height = block.height + 2 * padding.y
                path(Rect(x: -width / 2, y: -height / 2, width: width, height: height), radius: 3)
                setColor(color)
                cairo_set_line_width(cr, lineWidth)
                cairo_stroke(cr)
                // The frame is decoration (an artifact); the word is what the stamp says.
                if open == 0 { cairo_tag_begin(cr, "P", "") }
                show(block, x: -block.width / 2 - block.offset, y: -block.height / 2, color: color)
                if open == 0 { cairo_tag_end(cr, "P") }
                cairo_restore(cr)
            }
        }
        cairo_show_page(cr)
    }

    /// Ends the document and hands over its bytes.
    func finish() -> [UInt8] {
        cairo_surface_finish(surface)
        return sink.bytes
    }

    /// A block with links, line by line where pango would draw them: each line that shows a link
    /// is a paragraph holding a Link (its annotation tagged with it, as PDF/UA wants) whose
    /// clickable area is the link's own text; the lines between are paragraphs of their own.
    private func showLinked(_ block: TextBlock, x: Double, y: Double) {
        // The links in the order the text has them: each found after the one before it.
        let utf8 = Array(block.text.utf8)
        var ranges: [(bytes: Range<Int>, uri: String)] = []
        for link in block.links {
            let needle = Array(link.text.utf8)
            guard !needle.isEmpty, let start = CairoPDF.find(needle, in: utf8, from: ranges.last?.bytes.upperBound ?? 0) else { continue }
            ranges.append((start..<start + needle.count, link.uri))
        }
        setColor(block.color)
        let scale = Double(PANGO_SCALE)
        let iterator = pango_layout_get_iter(block.layout)
        defer { pango_layout_iter_free(iterator) }
        // Lines without a link run on in one paragraph; a line with one is a paragraph of its own.
        var paragraphOpen = false
        func endParagraph() {
            if paragraphOpen { cairo_tag_end(cr, "P") }
            paragraphOpen = false
        }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            let bytes = Int(line.pointee.start_index)..<Int(line.pointee.start_index + line.pointee.length)
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let link = ranges.first { $0.bytes.overlaps(bytes) }
            if link != nil { endParagraph() }
            if !paragraphOpen {
                cairo_tag_begin(cr, "P", "")
                paragraphOpen = true
            }
            if let link {
                // From the first to the last character of the link on this line.
                let first = max(link.bytes.lowerBound, bytes.lowerBound)
                var last = min(link.bytes.upperBound, bytes.upperBound) - 1
                while last > first, utf8[last] & 0xC0 == 0x80 { last -= 1 }
                var start: Int32 = 0, end: Int32 = 0
                pango_layout_line_index_to_x(line, Int32(first), 0, &start)
                pango_layout_line_index_to_x(line, Int32(last), 1, &end)
                let left = x + Double(logical.x + min(start, end)) / scale, top = y + Double(logical.y) / scale
                let rect = [left, top, Double(abs(end - start)) / scale, Double(logical.height) / scale].map { "\(($0 * 100).rounded() / 100)" }
                cairo_tag_begin(cr, CAIRO_TAG_LINK, "uri='\(link.uri)' rect=[\(rect.joined(separator: " "))]")
            }
            cairo_move_to(cr, x + Double(logical.x) / scale, y + Double(pango_layout_iter_get_baseline(iterator)) / scale)
            pango_cairo_show_layout_line(cr, line)
            if link != nil {
                cairo_tag_end(cr, CAIRO_TAG_LINK)
                endParagraph()
            }
        } while pango_layout_iter_next_line(iterator) != 0
        endParagraph()
    }

    private func figure(_ alt: String, _ draw: () -> Void) {
        cairo_tag_begin(cr, "Figure", "")
        figureTexts.append(alt)
        draw()
        cairo_tag_end(cr, "Figure")
    }

    private func show(_ block: TextBlock, x: Double, y: Double, color: RGB? = nil) {
        setColor(color ?? block.color)
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, block.layout)
    }

    private func setColor(_ color: RGB) { cairo_set_source_rgb(cr, color.red, color.green, color.blue) }

    private func path(_ frame: Rect, radius: Double) {
        cairo_new_path(cr)
        guard radius > 0 else {
            cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
            return
        }
        let r = min(radius, frame.width / 2, frame.height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, frame.x + frame.width - r, frame.y + r, r, -.pi / 2, 0)
        cairo_arc(cr, frame.x + frame.width - r, frame.y + frame.height - r, r, 0, .pi / 2)
        cairo_arc(cr, frame.x + r, frame.y + frame.height - r, r, .pi / 2, .pi)
        cairo_arc(cr, frame.x + r, frame.y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }
}

enum PDFMetadataField: String {
    case title, author, subject, keywords, creator
}
