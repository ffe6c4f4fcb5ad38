import CPangoCairo
import Foundation

enum PDFMetadataField: String {
    case title, author, subject, keywords, creator
}

/// One PDF being drawn, written by invoic itself in one pass: each page's content stream is
/// written (compressed once) when the page is done; the fonts (subsets of the faces pango shaped
/// with), the structure tree, the metadata and the catalog when the document is.
///
/// The structure tree is built while drawing: `beginTag`/`endTag` open and close elements (a
/// tag may span pages: the items table), text outside every tag is a paragraph of its own,
/// figures carry their alternative text, link annotations belong to Link elements, and what is
/// page furniture (rules, frames, the running footer, a repeated table header) is marked an
/// artifact as it is drawn. Coordinates are points from the page's top left, as the layout's.
final class PDFCanvas {
    let pageWidth: Double
    let pageHeight: Double

    private var file: PDFFile
    private let faces: PDFFaces
    private let metadata: [PDFMetadataField: String]
    private let pagesObject: Int
    private let resourcesObject: Int

    /// The faces this document shows, in the order first shown (F0, F1, ...).
    private var fonts: [ObjectIdentifier: PDFFontUse] = [:]
    private var fontOrder: [PDFFontUse] = []
    /// The logo's image XObject, once drawn.
    private var logoImage: (name: String, object: Int, logo: Logo)?

    private enum Kid {
        case element(Int)
        case content(page: Int, mcid: Int)
        case annotation(page: Int, object: Int)
    }

    private struct Element {
        var type: String
        var parent: Int
        var kids: [Kid] = []
        var alt: String?
    }

    /// Element 0 is the Document; `open` the elements begun and not ended, innermost last.
    private var elements: [Element] = [Element(type: "Document", parent: -1)]
    private var open: [Int] = []
    private var furniture = 0

    private struct Page {
        var object: Int
        /// The element each marked-content sequence belongs to, by MCID.
        var parents: [Int] = []
        var annotations: [Int] = []
    }
    private var pages: [Page] = []
    /// The structure parent of each link annotation, in the order of their /StructParent keys.
    private var annotationParents: [Int] = []

    private var content = PDFBytes(capacity: 16 * 1024)

    init(width: Double, height: Double, metadata: [PDFMetadataField: String], engine: TextEngine) {
        pageWidth = width
        pageHeight = height
        faces = engine.faces
        file = PDFFile(flate: engine.flate, fontFlate: engine.fontFlate)
        self.metadata = metadata
        pagesObject = file.reserve()
        resourcesObject = file.reserve()
    }

    // MARK: Pages

    func draw(_ page: [DrawOp], logo: Logo?) {
        pages.append(Page(object: file.reserve()))
        content = PDFBytes(capacity: 16 * 1024)
        // The layout's space: y grows downwards from the top left corner.
        content.raw("1 0 0 -1 0 ")
        content.number(pageHeight)
        content.raw(" cm\n")
        for op in page {
            switch op {
            case .beginArtifact:
                furniture += 1
            case .endArtifact:
                furniture -= 1
            case .beginTag(let name):
                open.append(newElement(name))
            case .endTag:
                _ = open.popLast()
            case .text(let block, let x, let y):
                if furniture == 0, open.isEmpty, !block.links.isEmpty {
                    showLinked(block, x: x, y: y)
                    continue
                }
                marked { show(block, x: x, y: y, color: block.color) }
            case .line(let x1, let y1, let x2, let y2, let width, let color):
                artifact {
                    stroke(color, width)
                    content.numbers(x1, y1)
                    content.raw("m ")
                    content.numbers(x2, y2)
                    content.raw("l S\n")
                }
            case .rect(let frame, let fill, let stroke, let lineWidth, let radius):
                artifact {
                    if let fill { setFill(fill) }
                    if let stroke { self.stroke(stroke, lineWidth) }
                    path(frame, radius: radius)
                    content.raw(fill != nil && stroke != nil ? "B\n" : fill != nil ? "f\n" : stroke != nil ? "S\n" : "n\n")
                }
            case .logo(let frame, let alt):
                guard let logo, let place = logo.placement(in: frame) else { continue }
                figure(alt) { drawLogo(logo, x: place.x, y: place.y, scale: place.scale) }
            case .qrCode(let code, let frame, let alt):
                // Each row's runs of dark modules as one rectangle, all filled at once: black on
                // the page's white, as scanners expect.
                figure(alt) {
                    content.raw("0 0 0 rg\n")
                    let module = frame.width / Double(code.size)
                    for row in 0..<code.size {
                        var column = 0
                        while column < code.size {
                            guard code.isDark(row: row, column: column) else { column += 1; continue }
                            let start = column
                            while column < code.size, code.isDark(row: row, column: column) { column += 1 }
                            content.numbers(frame.x + Double(start) * module, frame.y + Double(row) * module, Double(column - start) * module, module)
                            content.raw("re\n")
                        }
                    }
                    content.raw("f\n")
                }
            case .stamp(let block, let centerX, let centerY, let degrees, let color, let lineWidth, let padding):
                let angle = degrees * .pi / 180
                // Marked content and the graphics state nest: no artifact runs across q ... Q.
                closeArtifact()
                content.raw("q ")
                content.numbers(cos(angle), sin(angle), -sin(angle), cos(angle), centerX, centerY)
                content.raw("cm\n")
                let width = block.width + 2 * padding.x, height = block.height + 2 * padding.y
                // The frame is decoration (an artifact); the word is what the stamp says.
                artifact {
                    stroke(color, lineWidth)
                    path(Rect(x: -width / 2, y: -height / 2, width: width, height: height), radius: 3)
                    content.raw("S\n")
                }
                marked { show(block, x: -block.width / 2 - block.offset, y: -block.height / 2, color: color) }
                closeArtifact()
                content.raw("Q\n")
            }
        }
        endPage()
    }

    private func endPage() {
        closeArtifact()
        let number = pages.count - 1
        let page = pages[number]
        let contents = file.reserve()
        file.stream(contents, content.bytes)
        let annotations = page.annotations
        file.object(page.object) { out in
            out.raw("<< /Type /Page\n   /Parent ")
            out.int(pagesObject)
            out.raw(" 0 R\n   /MediaBox [0 0 ")
            out.number(pageWidth)
            out.byte(32)
            out.number(pageHeight)
            out.raw("]\n   /Resources ")
            out.int(resourcesObject)
            out.raw(" 0 R\n   /Contents ")
            out.int(contents)
            out.raw(" 0 R\n   /StructParents ")
            out.int(number)
            if !annotations.isEmpty {
                // Links are visited in the order of the structure tree.
                out.raw("\n   /Tabs /S\n   /Annots [")
                for (index, annotation) in annotations.enumerated() {
                    if index > 0 { out.byte(32) }
                    out.int(annotation)
                    out.raw(" 0 R")
                }
                out.raw("]")
            }
            out.raw("\n>>")
        }
    }

    // MARK: Structure

    private func newElement(_ type: String, under parent: Int? = nil) -> Int {
        let parent = parent ?? open.last ?? 0
        elements.append(Element(type: type, parent: parent))
        let index = elements.count - 1
        elements[parent].kids.append(.element(index))
        return index
    }

    /// Drawing that is content: in the innermost open element, or in a paragraph of its own
    /// outside every element; page furniture is an artifact.
    private func marked(_ draw: () -> Void) {
        if furniture > 0 { return artifact(draw) }
        let element = open.last ?? newElement("P")
        withContent(of: element, draw)
    }

    private func withContent(of element: Int, _ draw: () -> Void) {
        closeArtifact()
        let page = pages.count - 1
        let mcid = pages[page].parents.count
        pages[page].parents.append(element)
        elements[element].kids.append(.content(page: page, mcid: mcid))
        content.name(elements[element].type)
        content.raw(" <</MCID ")
        content.int(mcid)
        content.raw(">> BDC\n")
        draw()
        content.raw("EMC\n")
    }

    /// Page furniture: consecutive pieces (a footer's two texts, the rules of a table) share
    /// one artifact sequence, closed when content comes or the page ends.
    private func artifact(_ draw: () -> Void) {
        if !artifactOpen {
            content.raw("/Artifact BMC\n")
            artifactOpen = true
        }
        draw()
    }

    private var artifactOpen = false

    private func closeArtifact() {
        guard artifactOpen else { return }
        content.raw("EMC\n")
        artifactOpen = false
    }

    private func figure(_ alt: String, _ draw: () -> Void) {
        if furniture > 0 { return artifact(draw) }
        let element = newElement("Figure")
        elements[element].alt = alt
        withContent(of: element, draw)
    }

    // MARK: Paths and colours

    private func setFill(_ color: RGB) {
        content.numbers(color.red, color.green, color.blue)
        content.raw("rg\n")
    }

    private func stroke(_ color: RGB, _ width: Double) {
        content.numbers(color.red, color.green, color.blue)
        content.raw("RG ")
        content.number(width)
        content.raw(" w 0 J\n")
    }

    private func path(_ frame: Rect, radius: Double) {
        guard radius > 0 else {
            content.numbers(frame.x, frame.y, frame.width, frame.height)
            content.raw("re\n")
            return
        }
        // Each corner a quarter circle, as one Bézier curve (the control points at 0.5523 of
        // the radius, as cairo draws an arc of 90°).
        let r = min(radius, frame.width / 2, frame.height / 2), k = r * 0.552_284_749_8
        let left = frame.x, top = frame.y, right = frame.maxX, bottom = frame.maxY
        content.numbers(right - r, top); content.raw("m ")
        content.numbers(right - r + k, top, right, top + r - k, right, top + r); content.raw("c ")
        content.numbers(right, bottom - r); content.raw("l ")
        content.numbers(right, bottom - r + k, right - r + k, bottom, right - r, bottom); content.raw("c ")
        content.numbers(left + r, bottom); content.raw("l ")
        content.numbers(left + r - k, bottom, left, bottom - r + k, left, bottom - r); content.raw("c ")
        content.numbers(left, top + r); content.raw("l ")
        content.numbers(left, top + r - k, left + r - k, top, left + r, top); content.raw("c h\n")
    }

    // MARK: Images

    private func drawLogo(_ logo: Logo, x: Double, y: Double, scale: Double) {
        switch logo.content {
        case .vector(let operators):
            content.raw("q ")
            content.numbers(scale, 0, 0, scale, x, y)
            content.raw("cm\n")
            content.append(operators)
            content.raw("Q\n")
        case .pixels, .jpeg:
            if logoImage == nil { logoImage = ("Im0", writeImage(logo), logo) }
            let width = logo.width * scale, height = logo.height * scale
            content.raw("q ")
            content.numbers(width, 0, 0, -height, x, y + height)
            content.raw("cm /Im0 Do Q\n")
        }
    }

    private func writeImage(_ logo: Logo) -> Int {
        let object = file.reserve()
        switch logo.content {
        case .vector:
            break
        case .jpeg(let width, let height, let components, let bytes):
            file.stream(object, bytes, compress: false) { out in
                out.raw(" /Type /XObject /Subtype /Image /Width ")
                out.int(width)
                out.raw(" /Height ")
                out.int(height)
                out.raw(components == 1 ? " /ColorSpace /DeviceGray" : components == 4 ? " /ColorSpace /DeviceCMYK" : " /ColorSpace /DeviceRGB")
                out.raw(" /BitsPerComponent 8 /Filter /DCTDecode")
            }
        case .pixels(let width, let height, let components, let samples, let alpha):
            var mask: Int?
            if let alpha {
                let soft = file.reserve()
                file.stream(soft, alpha) { out in
                    out.raw(" /Type /XObject /Subtype /Image /Width ")
                    out.int(width)
                    out.raw(" /Height ")
                    out.int(height)
                    out.raw(" /ColorSpace /DeviceGray /BitsPerComponent 8")
                }
                mask = soft
            }
            file.stream(object, samples) { out in
                out.raw(" /Type /XObject /Subtype /Image /Width ")
                out.int(width)
                out.raw(" /Height ")
                out.int(height)
                out.raw(components == 1 ? " /ColorSpace /DeviceGray" : " /ColorSpace /DeviceRGB")
                out.raw(" /BitsPerComponent 8 /Interpolate false")
                if let mask {
                    out.raw(" /SMask ")
                    out.int(mask)
                    out.raw(" 0 R")
                }
            }
        }
        return object
    }

    // MARK: Text

    /// The glyphs of `block` (or of its line `onlyLine`), each where pango put it, in one text
    /// object. Each cluster whose text its glyph alone cannot say (several glyphs for a
    /// character, or a glyph already standing for other text) is a span with its ActualText.
    private func show(_ block: TextBlock, x: Double, y: Double, color: RGB, onlyLine: Int? = nil) {
        if block.run != nil, onlyLine ?? 0 != 0 { return }
        setFill(color)
        // The glyphs are written into a value of the loop's own, not through the canvas's
        // properties: every access to a class's property is checked for exclusivity at run time.
        var object = TextObject(out: PDFBytes(capacity: 0))
        swap(&object.out, &content)
        defer { swap(&object.out, &content) }
        object.out.raw("BT\n")
        if let run = block.run, let text = block.runText {
            showRun(run, x: x + block.offset, baseline: y + block.baseline, text: text, into: &object)
        } else if let layout = block.layout, let text = pango_layout_get_text(layout) {
            let scale = Double(PANGO_SCALE)
            let iterator = pango_layout_get_iter(layout)
            defer { pango_layout_iter_free(iterator) }
            var lineIndex = 0
            var currentLine: UnsafeMutablePointer<PangoLayoutLine>?
            repeat {
                let line = pango_layout_iter_get_line_readonly(iterator)
                if line != currentLine {
                    if currentLine != nil { lineIndex += 1 }
                    currentLine = line
                }
                if let onlyLine, onlyLine != lineIndex { continue }
                guard let run = pango_layout_iter_get_run_readonly(iterator) else { continue }
                var logical = PangoRectangle()
                pango_layout_iter_get_run_extents(iterator, nil, &logical)
                let baseline = Double(pango_layout_iter_get_baseline(iterator)) / scale
                showRun(run, x: x + Double(logical.x) / scale, baseline: y + baseline, text: text, into: &object)
            } while pango_layout_iter_next_run(iterator) != 0
        }
        object.closeArray()
        object.out.raw("ET\n")
    }

    private func showRun(_ run: UnsafeMutablePointer<PangoGlyphItem>, x: Double, baseline: Double, text: UnsafePointer<CChar>,
                         into object: inout TextObject) {
        guard let item = run.pointee.item, let glyphs = run.pointee.glyphs, let pangoFont = item.pointee.analysis.font,
              let (face, size) = faces.font(pangoFont), size > 0 else { return }
        let use = fontUse(face)
        let count = Int(glyphs.pointee.num_glyphs)
        guard count > 0 else { return }
        let infos = glyphs.pointee.glyphs!, clusters = glyphs.pointee.log_clusters!
        let itemText = UnsafeRawPointer(text).advanced(by: Int(item.pointee.offset)).assumingMemoryBound(to: UInt8.self)
        let itemLength = Int(item.pointee.length)
        // Where each cluster's text ends: at the next cluster's start in logical order. (Sorted
        // and made unique in place: a set hashed every glyph of every run.)
        var starts = (0..<count).map { Int(clusters[$0]) }
        starts.sort()
        var unique = 0
        for start in starts where unique == 0 || starts[unique - 1] != start {
            starts[unique] = start
            unique += 1
        }
        starts.removeSubrange(unique...)
        func end(of start: Int) -> Int {
            var low = 0, high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] <= start { low = middle + 1 } else { high = middle }
            }
            return low < starts.count ? starts[low] : itemLength
        }
        let scale = Double(PANGO_SCALE)
        var advance = 0.0
        var index = 0
        while index < count {
            var next = index + 1
            while next < count, clusters[next] == clusters[index] { next += 1 }
            let start = Int(clusters[index])
            let clusterText = String(decoding: UnsafeBufferPointer(start: itemText + start, count: max(0, min(itemLength, end(of: start)) - start)), as: UTF8.self)
            var shown = 0
            var conflict = false
            // Whether the cluster's one glyph already stands for some text (looked up once).
            var knownSingle = false
            for position in index..<next {
                let glyph = infos[position].glyph
                guard glyph & 0xF000_0000 == 0, glyph != 0x0FFF_FFFF else { continue }
                shown += 1
                if let known = use.unicode[glyph] {
                    knownSingle = true
                    if known != clusterText { conflict = true }
                }
            }
            let actual = shown > 1 || conflict
            if actual {
                object.closeArray()
                object.out.raw("/Span <</ActualText ")
                object.out.textString(clusterText)
                object.out.raw(">> BDC\n")
            }
            for position in index..<next {
                let info = infos[position]
                let geometry = info.geometry
                defer { advance += Double(geometry.width) / scale }
                // PANGO_GLYPH_EMPTY (a line break, a zero-width character) and unknown glyphs draw nothing.
                guard info.glyph & 0xF000_0000 == 0, info.glyph != 0x0FFF_FFFF else { continue }
                // A cluster of one glyph was looked up above; of several, each glyph is.
                if shown == 1 ? !knownSingle : use.unicode[info.glyph] == nil { use.unicode[info.glyph] = clusterText }
                object.place(info.glyph, use: use, size: size,
                             x: x + advance + Double(geometry.x_offset) / scale, y: baseline + Double(geometry.y_offset) / scale)
            }
            if actual {
                object.closeArray()
                object.out.raw("EMC\n")
            }
            index = next
        }
    }

    /// A `BT ... ET` being written: the font and size set, whether a `TJ` array and a glyph string
    /// in it are open, and where the last glyph placed ends.
    private struct TextObject {
        var out: PDFBytes
        var font: (use: PDFFontUse, size: Double)?
        var inArray = false
        var inString = false
        var pen = (x: 0.0, y: 0.0)

        init(out: PDFBytes) { self.out = out }

        /// One glyph at (x, y): in the current `TJ` array when it is on the same baseline (a
        /// kerning number makes up the difference between pango's advance and the font's), else
        /// in a new one at a new text matrix.
        mutating func place(_ glyph: UInt32, use: PDFFontUse, size: Double, x: Double, y: Double) {
            if font?.use !== use || font?.size != size {
                closeArray()
                out.name(use.resourceName)
                out.byte(32)
                out.number(size)
                out.raw(" Tf\n")
                font = (use, size)
            }
            if inArray, abs(y - pen.y) < 0.0005 {
                let adjustment = (pen.x - x) * 1000 / size
                if abs(adjustment) >= 0.05 {
                    if inString { out.byte(UInt8(ascii: ">")); inString = false }
                    out.number(adjustment, decimals: 1)
                }
            } else {
                closeArray()
                // Text positions to 1/1,000 pt, as every coordinate: with 1/10,000, pdftotext's
                // paragraph grouping of two example PDFs differed from what it read in cairo's.
                out.raw("1 0 0 -1 ")
                out.numbers(x, y)
                out.raw("Tm\n[")
                inArray = true
            }
            if !inString { out.byte(UInt8(ascii: "<")); inString = true }
            out.hex16(glyph)
            pen = (x + use.face.width(glyph) * size / 1000, y)
        }

        mutating func closeArray() {
            if inString { out.byte(UInt8(ascii: ">")); inString = false }
            if inArray { out.raw("]TJ\n"); inArray = false }
        }
    }

    private func fontUse(_ face: PDFFace) -> PDFFontUse {
        let key = ObjectIdentifier(face)
        if let known = fonts[key] { return known }
        let use = PDFFontUse(face: face, resourceName: "F" + String(fontOrder.count), object: file.reserve())
        fonts[key] = use
        fontOrder.append(use)
        return use
    }

    /// A block with links, line by line: each line that shows a link is a paragraph holding a
    /// Link (its annotation tagged with it, as PDF/UA wants) whose clickable area is the link's
    /// own text; the lines between are paragraphs of their own.
    private func showLinked(_ block: TextBlock, x: Double, y: Double) {
        // Text with links is always set in a layout (`TextEngine.shape`); this is never taken.
        guard let layout = block.layout else { return show(block, x: x, y: y, color: block.color) }
        // The links in the order the text has them: each found after the one before it.
        let utf8 = Array(block.text.utf8)
        var ranges: [(bytes: Range<Int>, uri: String)] = []
        for link in block.links {
            let needle = Array(link.text.utf8)
            guard !needle.isEmpty, let start = Self.find(needle, in: utf8, from: ranges.last?.bytes.upperBound ?? 0) else { continue }
            ranges.append((start..<start + needle.count, link.uri))
        }
        let scale = Double(PANGO_SCALE)
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        // Lines without a link run on in one paragraph; a line with one is a paragraph of its own.
        var paragraph: Int?
        var lineIndex = 0
        repeat {
            defer { lineIndex += 1 }
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            let bytes = Int(line.pointee.start_index)..<Int(line.pointee.start_index + line.pointee.length)
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            guard let link = ranges.first(where: { $0.bytes.overlaps(bytes) }) else {
                let element = paragraph ?? newElement("P")
                paragraph = element
                withContent(of: element) { show(block, x: x, y: y, color: block.color, onlyLine: lineIndex) }
                continue
            }
            paragraph = nil
            let element = newElement("Link", under: newElement("P"))
            // From the first to the last character of the link on this line.
            let first = max(link.bytes.lowerBound, bytes.lowerBound)
            var last = min(link.bytes.upperBound, bytes.upperBound) - 1
            while last > first, utf8[last] & 0xC0 == 0x80 { last -= 1 }
            var start: Int32 = 0, end: Int32 = 0
            pango_layout_line_index_to_x(line, Int32(first), 0, &start)
            pango_layout_line_index_to_x(line, Int32(last), 1, &end)
            let left = x + Double(logical.x + min(start, end)) / scale, top = y + Double(logical.y) / scale
            let area = Rect(x: left, y: top, width: Double(abs(end - start)) / scale, height: Double(logical.height) / scale)
            withContent(of: element) { show(block, x: x, y: y, color: block.color, onlyLine: lineIndex) }
            annotate(area, uri: link.uri, element: element)
        } while pango_layout_iter_next_line(iterator) != 0
    }

    /// A link annotation over `area`, the structure's Link element its parent. Written at the
    /// end: its /StructParent key comes after every page's, and pages are still to come.
    private func annotate(_ area: Rect, uri: String, element: Int) {
        let object = file.reserve()
        let page = pages.count - 1
        pages[page].annotations.append(object)
        annotationParents.append(element)
        links.append((object, page, area, uri))
        elements[element].kids.append(.annotation(page: page, object: object))
    }

    private var links: [(object: Int, page: Int, area: Rect, uri: String)] = []

    private func writeLinks() {
        let height = pageHeight
        for (index, link) in links.enumerated() {
            // What the link is, for a reader that lists a page's links: the address without its scheme.
            let shown = link.uri.hasPrefix("mailto:") ? String(link.uri.dropFirst("mailto:".count)) : link.uri
            let pageObject = pages[link.page].object
            let key = pages.count + index
            let area = link.area
            file.object(link.object) { out in
                out.raw("<< /Type /Annot\n   /Subtype /Link\n   /Contents ")
                out.textString(shown.removingPercentEncodingIfPossible)
                out.raw("\n   /F 4\n   /Rect [")
                out.numbers(area.x, height - area.maxY, area.maxX)
                out.number(height - area.y)
                out.raw("]\n   /Border [0 0 0]\n   /A << /S /URI /URI ")
                out.asciiString(link.uri)
                out.raw(" >>\n   /P ")
                out.int(pageObject)
                out.raw(" 0 R\n   /StructParent ")
                out.int(key)
                out.raw("\n>>")
            }
        }
    }

    /// The first index of `needle` in `haystack` at or after `from`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        var index = from
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    // MARK: The document

    /// Ends the document and hands over its bytes.
    /// - Parameter archive: what makes the PDF a PDF/A-3b carrying a file, if it is to be one.
    func finish(language: String, date: (year: Int, month: Int, day: Int), archive: PDFArchive? = nil) -> [UInt8]? {
        for use in fontOrder { use.write(into: &file) }
        writeLinks()
        let logo = logoImage
        let fontUses = fontOrder
        file.object(resourcesObject) { out in
            out.raw("<< /Font <<")
            for use in fontUses {
                out.byte(32)
                out.name(use.resourceName)
                out.byte(32)
                out.int(use.object)
                out.raw(" 0 R")
            }
            out.raw(" >>")
            if let logo {
                out.raw("\n   /XObject << /")
                out.text(logo.name)
                out.byte(32)
                out.int(logo.object)
                out.raw(" 0 R >>")
            }
            out.raw("\n>>")
        }
        let pageObjects = pages.map(\.object)
        file.object(pagesObject) { out in
            out.raw("<< /Type /Pages\n   /Kids [")
            for (index, page) in pageObjects.enumerated() {
                if index > 0 { out.byte(32) }
                out.int(page)
                out.raw(" 0 R")
            }
            out.raw("]\n   /Count ")
            out.int(pageObjects.count)
            out.raw("\n>>")
        }
        let structTreeRoot = writeStructure()

        let description = PDFMetadata.Description(
            title: metadata[.title] ?? "", author: metadata[.author] ?? "", subject: metadata[.subject] ?? "",
            language: language, date: date, keywords: metadata[.keywords] ?? "", creator: metadata[.creator] ?? "invoic")
        var packet = PDFMetadata.xmp(description)
        if let archive {
            guard let extended = archive.extendXMP(packet) else { return nil }
            packet = extended
        }
        let xmp = file.reserve()
        file.stream(xmp, Array(packet.utf8), compress: false) { out in
            out.raw(" /Type /Metadata /Subtype /XML")
        }
        let info = file.reserve()
        let stamp = PDFMetadata.pdfDate(date)
        file.object(info) { out in
            out.raw("<< /Title ")
            out.compactTextString(description.title)
            out.raw("\n   /Author ")
            out.compactTextString(description.author)
            out.raw("\n   /Subject ")
            out.compactTextString(description.subject)
            out.raw("\n   /Keywords ")
            out.compactTextString(description.keywords)
            out.raw("\n   /Creator ")
            out.compactTextString(description.creator)
            out.raw("\n   /Producer ")
            out.compactTextString(PDFMetadata.producer)
            out.raw("\n   /CreationDate (")
            out.text(stamp)
            out.raw(")\n   /ModDate (")
            out.text(stamp)
            out.raw(")\n>>")
        }
        let archival = archive.map { writeArchive($0, date: stamp) }
        let catalog = file.reserve()
        let safeLanguage = String(language.unicodeScalars.filter { ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) || $0 == "-" })
        file.object(catalog) { out in
            out.raw("<< /Type /Catalog\n   /Pages ")
            out.int(pagesObject)
            out.raw(" 0 R\n   /Lang (")
            out.text(safeLanguage.isEmpty ? "en" : safeLanguage)
            out.raw(")\n   /MarkInfo << /Marked true >>\n   /ViewerPreferences << /DisplayDocTitle true >>\n   /StructTreeRoot ")
            out.int(structTreeRoot)
            out.raw(" 0 R\n   /Metadata ")
            out.int(xmp)
            out.raw(" 0 R\n")
            if let archival, let archive {
                out.raw("   /Names << /EmbeddedFiles << /Names [")
                out.textString(archive.fileName)
                out.byte(32)
                out.int(archival.fileSpec)
                out.raw(" 0 R] >> >>\n   /AF [")
                out.int(archival.fileSpec)
                out.raw(" 0 R]\n   /OutputIntents [")
                out.int(archival.outputIntent)
                out.raw(" 0 R]\n")
            }
            out.raw(">>")
        }
        return file.finish(root: catalog, info: info)
    }

    /// The embedded file, its file specification and the output intent of a PDF/A-3.
    private func writeArchive(_ archive: PDFArchive, date: String) -> (fileSpec: Int, outputIntent: Int) {
        let embedded = file.reserve()
        file.stream(embedded, archive.contents) { out in
            out.raw(" /Type /EmbeddedFile /Subtype ")
            out.name(archive.mimeType)
            out.raw(" /Params << /ModDate (")
            out.text(date)
            out.raw(") /Size ")
            out.int(archive.contents.count)
            out.raw(" >>")
        }
        let spec = file.reserve()
        file.object(spec) { out in
            out.raw("<< /Type /Filespec\n   /F ")
            out.textString(archive.fileName)
            out.raw("\n   /UF ")
            out.textString(archive.fileName)
            out.raw("\n   /Desc ")
            out.textString(archive.description)
            out.raw("\n   /AFRelationship ")
            out.name(archive.relationship)
            out.raw("\n   /EF << /F ")
            out.int(embedded)
            out.raw(" 0 R /UF ")
            out.int(embedded)
            out.raw(" 0 R >>\n>>")
        }
        let profile = file.reserve()
        file.stream(profile, archive.iccProfile) { out in out.raw(" /N 3") }
        let intent = file.reserve()
        file.object(intent) { out in
            out.raw("<< /Type /OutputIntent\n   /S /GTS_PDFA1\n   /OutputConditionIdentifier ")
            out.asciiString(archive.outputCondition)
            out.raw("\n   /Info ")
            out.asciiString(archive.outputCondition)
            out.raw("\n   /DestOutputProfile ")
            out.int(profile)
            out.raw(" 0 R\n>>")
        }
        return (spec, intent)
    }

    /// The structure elements, the tree's root and its parent tree (which element each
    /// marked-content sequence and annotation belongs to).
    private func writeStructure() -> Int {
        let root = file.reserve()
        let numbers = elements.map { _ in file.reserve() }
        let pageObjects = pages.map(\.object)
        for (index, element) in elements.enumerated() {
            // An element's /Pg: the page of its first marked content, which its MCIDs then need not repeat.
            var page: Int?
            for kid in element.kids {
                if case .content(let on, _) = kid { page = on; break }
            }
            file.object(numbers[index]) { out in
                // /Type /StructElem is optional (ISO 32000-1, table 323): 17 bytes of every element.
                out.raw("<< /S ")
                out.name(element.type)
                out.raw("\n")
                if let alt = element.alt {
                    out.raw("   /Alt ")
                    out.textString(alt)
                    out.raw("\n")
                }
                if element.type == "TH" { out.raw("   /A << /O /Table /Scope /Column >>\n") }
                out.raw("   /P ")
                out.int(element.parent < 0 ? root : numbers[element.parent])
                out.raw(" 0 R\n")
                if let page {
                    out.raw("   /Pg ")
                    out.int(pageObjects[page])
                    out.raw(" 0 R\n")
                }
                if !element.kids.isEmpty {
                    out.raw("   /K [")
                    for (position, kid) in element.kids.enumerated() {
                        if position > 0 { out.byte(32) }
                        switch kid {
                        case .element(let child):
                            out.int(numbers[child])
                            out.raw(" 0 R")
                        case .content(let on, let mcid) where on == page:
                            out.int(mcid)
                        case .content(let on, let mcid):
                            out.raw("<< /Type /MCR /Pg ")
                            out.int(pageObjects[on])
                            out.raw(" 0 R /MCID ")
                            out.int(mcid)
                            out.raw(" >>")
                        case .annotation(let on, let object):
                            out.raw("<< /Type /OBJR /Obj ")
                            out.int(object)
                            out.raw(" 0 R /Pg ")
                            out.int(pageObjects[on])
                            out.raw(" 0 R >>")
                        }
                    }
                    out.raw("]\n")
                }
                out.raw(">>")
            }
        }
        let parentTree = file.reserve()
        let pageParents = pages.map(\.parents)
        let annotationParents = annotationParents
        file.object(parentTree) { out in
            out.raw("<< /Nums [")
            for (index, parents) in pageParents.enumerated() {
                out.raw("\n   ")
                out.int(index)
                out.raw(" [")
                for (position, element) in parents.enumerated() {
                    if position > 0 { out.byte(32) }
                    out.int(numbers[element])
                    out.raw(" 0 R")
                }
                out.raw("]")
            }
            for (offset, element) in annotationParents.enumerated() {
                out.raw("\n   ")
                out.int(pageParents.count + offset)
                out.byte(32)
                out.int(numbers[element])
                out.raw(" 0 R")
            }
            out.raw("\n]\n>>")
        }
        let parentTreeNextKey = pages.count + annotationParents.count
        file.object(root) { out in
            out.raw("<< /Type /StructTreeRoot\n   /K [")
            out.int(numbers[0])
            out.raw(" 0 R]\n   /ParentTree ")
            out.int(parentTree)
            out.raw(" 0 R\n   /ParentTreeNextKey ")
            out.int(parentTreeNextKey)
            out.raw("\n>>")
        }
        return root
    }
}

extension String {
    /// Percent-decoded where the escapes make UTF-8 text (`mailto:` addresses), else as it is.
    fileprivate var removingPercentEncodingIfPossible: String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
               let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) {
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? self
    }
}
