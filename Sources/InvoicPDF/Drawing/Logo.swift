import CPangoCairo
import Foundation

/// A book's logo, decoded once per renderer and drawn into a box keeping its aspect ratio:
/// PNG through cairo, JPEG embedded as is (cairo writes the JPEG stream into the PDF),
/// SVG as vectors through librsvg, loaded only when a book has an SVG logo.
final class Logo {
    private enum Source {
        case image(OpaquePointer)       // cairo_surface_t*
        case svg(OpaquePointer)         // RsvgHandle*
    }

    private let source: Source
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
            (source, width, height) = try Self.svg(bytes)
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            (source, width, height) = try Self.png(bytes)
        } else if bytes.starts(with: [0xFF, 0xD8]) {
            (source, width, height) = try Self.jpeg(bytes)
        } else {
            throw .undecodable("the file is neither a PNG, a JPEG nor an SVG image")
        }
    }

    deinit {
        switch source {
        case .image(let surface): cairo_surface_destroy(surface)
        case .svg(let handle): g_object_unref(UnsafeMutableRawPointer(handle))
        }
    }

    /// Draws the logo centred in `frame`, as large as fits without distortion.
    func draw(into cr: OpaquePointer, frame: Rect) {
        guard width > 0, height > 0 else { return }
        let scale = min(frame.width / width, frame.height / height)
        let drawnWidth = width * scale, drawnHeight = height * scale
        let x = frame.x, y = frame.y + (frame.height - drawnHeight) / 2
        cairo_save(cr)
        switch source {
        case .image(let surface):
            cairo_translate(cr, x, y)
            cairo_scale(cr, scale, scale)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_rectangle(cr, 0, 0, width, height)
            cairo_fill(cr)
        case .svg(let handle):
            // RsvgRectangle: x, y, width, height as four doubles.
            var viewport = [x, y, drawnWidth, drawnHeight]
            var error: UnsafeMutablePointer<GError>?
            _ = viewport.withUnsafeMutableBufferPointer { LibRSVG.shared?.renderDocument(handle, cr, $0.baseAddress, &error) }
            if let error { g_error_free(error) }
        }
        cairo_restore(cr)
    }

    private static func svg(_ bytes: [UInt8]) throws(LoadError) -> (Source, Double, Double) {
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
        guard width > 0, height > 0 else {
            g_object_unref(UnsafeMutableRawPointer(handle))
            throw .undecodable("the SVG has no size")
        }
        return (.svg(handle), width, height)
    }

    private final class Reader {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    private static func png(_ bytes: [UInt8]) throws(LoadError) -> (Source, Double, Double) {
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
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .undecodable("cairo cannot decode the PNG")
        }
        return (.image(surface), Double(cairo_image_surface_get_width(surface)), Double(cairo_image_surface_get_height(surface)))
    }

    /// A JPEG is not decoded: its size comes from the frame header, and cairo embeds the file's
    /// own bytes in the PDF (DCTDecode), so it looks exactly as the user's image.
    private static func jpeg(_ bytes: [UInt8]) throws(LoadError) -> (Source, Double, Double) {
        guard let (width, height) = jpegSize(bytes) else { throw .undecodable("the JPEG has no frame header") }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        copy.initialize(from: bytes, count: bytes.count)
        let release: cairo_destroy_func_t = { pointer in pointer?.assumingMemoryBound(to: UInt8.self).deallocate() }
        let status = cairo_surface_set_mime_data(surface, CAIRO_MIME_TYPE_JPEG, copy, UInt(bytes.count), release, copy)
        guard status == CAIRO_STATUS_SUCCESS else {
            copy.deallocate()
            cairo_surface_destroy(surface)
            throw .undecodable("cairo cannot embed the JPEG")
        }
        return (.image(surface), Double(width), Double(height))
    }

    /// Width and height from the first SOFn marker.
    static func jpegSize(_ bytes: [UInt8]) -> (Int, Int)? {
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return width > 0 && height > 0 ? (width, height) : nil
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
