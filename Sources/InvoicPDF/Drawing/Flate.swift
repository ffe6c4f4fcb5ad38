import CZlib

/// The /FlateDecode filter of PDF streams, through zlib (the library cairo compresses with).
enum Flate {
    /// The data of a FlateDecode stream, or nil when it is not valid zlib data.
    static func inflate(_ data: ArraySlice<UInt8>) -> [UInt8]? {
        var capacity = max(4096, data.count * 6)
        while capacity <= 1 << 28 {
            var output = [UInt8](repeating: 0, count: capacity)
            var length = uLongf(capacity)
            let status = output.withUnsafeMutableBufferPointer { out in
                data.withUnsafeBufferPointer { input in
                    uncompress(out.baseAddress, &length, input.baseAddress, uLong(input.count))
                }
            }
            switch status {
            case Z_OK:
                output.removeSubrange(Int(length)...)
                return output
            case Z_BUF_ERROR:
                capacity *= 4
            default:
                return nil
            }
        }
        return nil
    }

    /// `data` compressed at zlib's default level, as cairo compresses its streams: the same
    /// input gives the same bytes.
    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &length, input.baseAddress, uLong(input.count), Z_DEFAULT_COMPRESSION)
            }
        }
        // compressBound is enough by zlib's contract, and the input is in memory: only memory can fail.
        precondition(status == Z_OK, "zlib could not compress \(data.count) bytes (\(status))")
        output.removeSubrange(Int(length)...)
        return output
    }
}
