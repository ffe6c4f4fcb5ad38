import CPangoCairo
import Foundation

/// A book's logo, decoded once per renderer into what the PDF writer embeds, and drawn into a
/// box keeping its aspect ratio: a PNG as an RGB image with its alpha as a soft mask, a JPEG
/// embedded as it is (DCTDecode, so it looks exactly as the user's image), an SVG as vector
/// paths (librsvg draws it once into a cairo script, whose paths become PDF operators), loaded
/// only when a book has an SVG logo.
final class Logo {
    enum Content {
        /// 8-bit samples, row by row: `components` per pixel; `alpha` one per pixel when not opaque.
        case pixels(width: Int, height: Int, components: Int, samples: [UInt8], alpha: [UInt8]?)
        /// A JPEG file's bytes, and its number of colour components (1, 3 or 4).
        case jpeg(width: Int, height: Int, components: Int, bytes: [UInt8])
        /// PDF path and colour operators in the logo's own coordinates (points, y down).
        case vector([UInt8])
    }

    let content: Content
    /// The natural size in points (pixels count as points), for the aspect ratio.
    let width: Double
    let height: Double

    enum LoadError: Error {
        case unreadable(String)
        case undecodable(String)
    }

    /// A logo from the bytes of the file named `name` (its extension tells an SVG).
    init(bytes: [UInt8], name: String) throws(LoadError) {
        let lower = name.lowercased()
        if lower.hasSuffix(".svg") {
            (content, width, height) = try Self.svg(bytes)
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            (content, width, height) = try Self.png(bytes)
        } else if bytes.starts(with: [0xFF, 0xD8]) {
            (content, width, height) = try Self.jpeg(bytes)
        } else {
            throw .undecodable("the file is neither a PNG, a JPEG nor an SVG image")
        }
    }

    /// Where the logo goes in `frame`: centred vertically, as large as fits without distortion,
    /// at the frame's left; nil for a logo without size.
    func placement(in frame: Rect) -> (x: Double, y: Double, scale: Double)? {
        guard width > 0, height > 0 else { return nil }
        let scale = min(frame.width / width, frame.height / height)
        return (frame.x, frame.y + (frame.height - height * scale) / 2, scale)
    }

    private static func svg(_ bytes: [UInt8]) throws(LoadError) -> (Content, Double, Double) {
        guard let rsvg = LibRSVG.shared else {
            throw .undecodable("SVG logos need librsvg (Debian: librsvg2-2), which is not installed")
        }
        var error: UnsafeMutablePointer<GError>?
        let handle = bytes.withUnsafeBufferPointer { rsvg.newFromData($0.baseAddress, $0.count, &error) }
        guard let handle else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "librsvg cannot read it"
            if let error { g_error_free(error) }
            throw .undecodable(message)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        rsvg.setDPI(handle, 72)
        var width: Double = 0, height: Double = 0
        if rsvg.intrinsicSize(handle, &width, &height) == 0 {
            // No absolute width and height: take the view box's proportions.
            // RsvgLength is a double and an enum (16 bytes); RsvgRectangle four doubles.
            var hasWidth: Int32 = 0, hasHeight: Int32 = 0, hasViewBox: Int32 = 0
            var lengths = [Double](repeating: 0, count: 4), box = [Double](repeating: 0, count: 4)
            lengths.withUnsafeMutableBufferPointer { lengths in
                box.withUnsafeMutableBufferPointer { box in
                    rsvg.intrinsicDimensions(handle, &hasWidth, lengths.baseAddress, &hasHeight, lengths.baseAddress! + 2,
                                             &hasViewBox, box.baseAddress)
                }
            }
            (width, height) = hasViewBox != 0 ? (box[2], box[3]) : (100, 100)
        }
        guard width > 0, height > 0 else { throw .undecodable("the SVG has no size") }
        // Drawn once into a recording surface and replayed as a cairo script: its paths and
        // colours are PDF's own operators. An SVG using what the translation does not know
        // (gradients, embedded images, clipping, text) is drawn as an image at four times its size.
        let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil)!
        defer { cairo_surface_destroy(recording) }
        let cr = cairo_create(recording)!
        var viewport = [0, 0, width, height]
        _ = viewport.withUnsafeMutableBufferPointer { rsvg.renderDocument(handle, cr, $0.baseAddress, &error) }
        cairo_destroy(cr)
        if let error { g_error_free(error) }
        let sink = ScriptSink()
        let write: cairo_write_func_t = { closure, data, length in
            let sink = Unmanaged<ScriptSink>.fromOpaque(closure!).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        let device = cairo_script_create_for_stream(write, Unmanaged.passUnretained(sink).toOpaque())!
        _ = cairo_script_from_recording_surface(device, recording)
        cairo_device_finish(device)
        cairo_device_destroy(device)
        if let operators = ScriptPaths.translate(sink.bytes) { return (.vector(operators), width, height) }

        let scale = 4.0
        let pixelWidth = Int32(min(4096, (width * scale).rounded(.up))), pixelHeight = Int32(min(4096, (height * scale).rounded(.up)))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixelWidth, pixelHeight)!
        defer { cairo_surface_destroy(surface) }
        let raster = cairo_create(surface)!
        var full = [0, 0, Double(pixelWidth), Double(pixelHeight)]
        _ = full.withUnsafeMutableBufferPointer { rsvg.renderDocument(handle, raster, $0.baseAddress, &error) }
        cairo_destroy(raster)
        if let error { g_error_free(error) }
        return (pixels(surface), width, height)
    }

    private final class ScriptSink {
        var bytes: [UInt8] = []
    }

    private final class Reader {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    private static func png(_ bytes: [UInt8]) throws(LoadError) -> (Content, Double, Double) {
        let reader = Reader(bytes)
        let read: cairo_read_func_t = { closure, data, length in
            let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
            let count = Int(length)
            guard reader.offset + count <= reader.bytes.count, let data else { return CAIRO_STATUS_READ_ERROR }
            reader.bytes.withUnsafeBufferPointer { buffer in
                data.update(from: buffer.baseAddress! + reader.offset, count: count)
            }
            reader.offset += count
            return CAIRO_STATUS_SUCCESS
        }
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(read, Unmanaged.passUnretained(reader).toOpaque())!
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { throw .undecodable("cairo cannot decode the PNG") }
        return (pixels(surface), Double(cairo_image_surface_get_width(surface)), Double(cairo_image_surface_get_height(surface)))
    }

    /// The samples of a cairo image surface (ARGB32 premultiplied or RGB24, native-endian words)
    /// as RGB bytes and, unless every pixel is opaque, an alpha channel.
    private static func pixels(_ surface: OpaquePointer) -> Content {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let hasAlpha = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
        guard let data = cairo_image_surface_get_data(surface), width > 0, height > 0 else {
            return .pixels(width: 1, height: 1, components: 3, samples: [255, 255, 255], alpha: nil)
        }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        var alpha = [UInt8](repeating: 255, count: width * height)
        var opaque = true
        for row in 0..<height {
            let words = UnsafeRawPointer(data + row * stride)
            for column in 0..<width {
                let pixel = words.loadUnaligned(fromByteOffset: column * 4, as: UInt32.self)
                let a = hasAlpha ? Int(pixel >> 24) : 255
                var channels = [Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF)]
                if a < 255 {
                    opaque = false
                    // Premultiplied: undo it, rounding to the nearest.
                    channels = channels.map { a == 0 ? 0 : min(255, ($0 * 255 + a / 2) / a) }
                }
                let at = (row * width + column) * 3
                rgb[at] = UInt8(channels[0]); rgb[at + 1] = UInt8(channels[1]); rgb[at + 2] = UInt8(channels[2])
                alpha[row * width + column] = UInt8(a)
            }
        }
        return .pixels(width: width, height: height, components: 3, samples: rgb, alpha: opaque ? nil : alpha)
    }

    /// A JPEG is not decoded: its size and colour components come from the frame header, and
    /// the file's own bytes go into the PDF.
    private static func jpeg(_ bytes: [UInt8]) throws(LoadError) -> (Content, Double, Double) {
        guard let (width, height, components) = jpegFrame(bytes), [1, 3, 4].contains(components) else {
            throw .undecodable("the JPEG has no frame header")
        }
        return (.jpeg(width: width, height: height, components: components, bytes: bytes), Double(width), Double(height))
    }

    static func jpegSize(_ bytes: [UInt8]) -> (Int, Int)? { jpegFrame(bytes).map { ($0.0, $0.1) } }

    /// Width, height and colour components from the first SOFn marker.
    static func jpegFrame(_ bytes: [UInt8]) -> (Int, Int, Int)? {
        var index = 2
        while index + 10 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return width > 0 && height > 0 ? (width, height, Int(bytes[index + 9])) : nil
            }
            index += 2 + length
        }
        return nil
    }
}

/// The few librsvg functions a logo needs, looked up when the first SVG logo is read. Loading
/// librsvg at start-up would cost every run of invoic a few milliseconds (it brings libxml2
/// and a second ICU) for the books that have an SVG logo.
private struct LibRSVG: @unchecked Sendable {
    typealias GErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?

    let newFromData: @convention(c) (UnsafePointer<UInt8>?, Int, GErrorOut) -> OpaquePointer?
    let setDPI: @convention(c) (OpaquePointer?, Double) -> Void
    let intrinsicSize: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Int32
    let intrinsicDimensions: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Double>?,
                                             UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Double>?,
                                             UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Double>?) -> Void
    let renderDocument: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<Double>?, GErrorOut) -> Int32

    static let shared: LibRSVG? = {
        guard let library = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL) else { return nil }
        func symbol<T>(_ name: String, _: T.Type) -> T? {
            dlsym(library, name).map { unsafeBitCast($0, to: T.self) }
        }
        guard let newFromData = symbol("rsvg_handle_new_from_data", (@convention(c) (UnsafePointer<UInt8>?, Int, GErrorOut) -> OpaquePointer?).self),
              let setDPI = symbol("rsvg_handle_set_dpi", (@convention(c) (OpaquePointer?, Double) -> Void).self),
              let intrinsicSize = symbol("rsvg_handle_get_intrinsic_size_in_pixels",
                                         (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Int32).self),
              let intrinsicDimensions = symbol("rsvg_handle_get_intrinsic_dimensions",
                                               (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Double>?,
                                                                UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Double>?,
                                                                UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Double>?) -> Void).self),
              let renderDocument = symbol("rsvg_handle_render_document",
                                          (@convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<Double>?, GErrorOut) -> Int32).self)
        else { return nil }
        return LibRSVG(newFromData: newFromData, setDPI: setDPI, intrinsicSize: intrinsicSize,
                       intrinsicDimensions: intrinsicDimensions, renderDocument: renderDocument)
    }()
}
