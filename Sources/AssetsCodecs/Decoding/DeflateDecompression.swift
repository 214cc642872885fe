internal import CDeflate

/// Inflates a gzip or zlib stream whole, through libdeflate (the compressed catalog's `zip` pixels are gzip
/// members). libdeflate never writes past the room it is given, so the caller's bound is the memory bound.
package enum DeflateDecompression {
    /// The inflated bytes, at most `capacity` of them; nil when the stream is not gzip or zlib, is damaged,
    /// or holds more than `capacity` bytes.
    package static func gzipOrZlib(_ source: ArraySlice<UInt8>, capacity: Int) -> [UInt8]? {
        guard source.count >= 2, capacity > 0, let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        let gzip = source[source.startIndex] == 0x1F && source[source.startIndex + 1] == 0x8B
        var output = [UInt8](repeating: 0, count: capacity)
        var written = 0
        let result = output.withUnsafeMutableBytes { out in
            source.withUnsafeBytes { input in
                gzip
                    ? libdeflate_gzip_decompress(decompressor, input.baseAddress, input.count, out.baseAddress, capacity, &written)
                    : libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, out.baseAddress, capacity, &written)
            }
        }
        guard result == LIBDEFLATE_SUCCESS, written <= capacity else { return nil }
        output.removeSubrange(written...)
        return output
    }
}
