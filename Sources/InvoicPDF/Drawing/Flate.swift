import CLibDeflate

/// The /FlateDecode filter of PDF streams (zlib format), through libdeflate: 2-3x faster than
/// zlib at the same ratio for the few kilobytes a page's stream holds (docs/decisions.md).
///
/// One compressor per writer thread, reused for every stream: allocating one costs more than
/// compressing a page.
final class Flate {
    /// The level a page's content and the other streams written per document are compressed
    /// at: libdeflate's fastest, 2.5-3.5x as fast as level 6 on a page's content for some 12 %
    /// more bytes (`bench/pdf/deflate-levels.sh`).
    static let level: Int32 = 1
    /// The level of font programs: each subset is compressed once and reused while documents
    /// repeat its glyphs, and level 1 would add 3 % to it (docs/decisions.md, "PDF writer").
    static let fontLevel: Int32 = 6

    private let compressor: OpaquePointer

    init(level: Int32 = Flate.level) {
        compressor = libdeflate_alloc_compressor(level)!
    }

    deinit { libdeflate_free_compressor(compressor) }

    /// `data` in the zlib format: the same input always gives the same bytes.
    func deflate(_ data: UnsafeRawBufferPointer) -> [UInt8] {
        let bound = libdeflate_zlib_compress_bound(compressor, data.count)
        return [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            count = libdeflate_zlib_compress(compressor, data.baseAddress, data.count, buffer.baseAddress, bound)
            // The bound is libdeflate's promise; only a broken library returns 0 here.
            precondition(count > 0 || data.isEmpty, "libdeflate could not compress \(data.count) bytes")
        }
    }

    func deflate(_ data: [UInt8]) -> [UInt8] { data.withUnsafeBytes { deflate($0) } }

    /// The data of a FlateDecode stream, or nil when it is not valid zlib data (the tests read
    /// streams back with it).
    static func inflate(_ data: ArraySlice<UInt8>) -> [UInt8]? {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var capacity = max(4096, data.count * 6)
        while capacity <= 1 << 28 {
            var length = 0
            var output = [UInt8](repeating: 0, count: capacity)
            let status = output.withUnsafeMutableBytes { out in
                data.withUnsafeBytes { input in
                    libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, out.baseAddress, capacity, &length)
                }
            }
            switch status {
            case LIBDEFLATE_SUCCESS:
                output.removeSubrange(length...)
                return output
            case LIBDEFLATE_INSUFFICIENT_SPACE:
                capacity *= 4
            default:
                return nil
            }
        }
        return nil
    }
}
