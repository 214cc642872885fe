/// LZFSE, the compression Xcode's `actool` stores most pixels of a compiled catalog (`Assets.car`) with,
/// decoded by the system's library when the system has one: Apple's `libcompression` on macOS (part of
/// every macOS), the reference `liblzfse` elsewhere (Debian 13's and Ubuntu 24.04's `liblzfse1`; Debian 12
/// packages none). Nothing here decodes LZFSE itself: no codec is written by hand.
///
/// On macOS libcompression is linked and called through the SDK's `Compression` module, so the compiler
/// checks the call against `compression.h` (Scripts/check-darwin against its stand-in): `size_t
/// compression_decode_buffer(uint8_t *dst, size_t dst_size, const uint8_t *src, size_t src_size, void
/// *_Nullable scratch, compression_algorithm algorithm)` in an assume_nonnull region, `COMPRESSION_LZFSE`
/// 0x801; 0 on an error, `dst_size` when the output did not fit.
///
/// Elsewhere liblzfse is opened at run time (`dlopen`) rather than linked as a system library target like
/// giflib, libjpeg and libpng: SwiftPM cannot make a system library optional at build time, and a module
/// whose header is missing fails every consumer's build, on the Linux distributions that package no liblzfse
/// (Debian 12, the Swift images before Ubuntu 24.04) included. Opened at run time, the package builds
/// everywhere and says plainly where LZFSE cannot be decoded. `ASSETS_LZFSE_LIBRARY` names another library
/// file (a liblzfse built from the reference sources) to open first, on both systems. Its entry point, as
/// `lzfse.h` declares it: `size_t lzfse_decode_buffer(uint8_t *dst, size_t dst_size, const uint8_t *src,
/// size_t src_size, void *scratch)`; the bytes written, `dst_size` when the output did not fit.
///
/// Both read the same framing (`bvx2`, `bvx1`, `bvxn`, `bvx-` blocks ended by `bvx$`) and never write
/// past `dst_size`; a scratch of nil makes them allocate their own.
#if canImport(Darwin)
    internal import Compression
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

package enum LZFSELibrary {
    /// Why LZFSE cannot be decoded here, nil when it can.
    package static var unavailableReason: String? { loaded.decode == nil ? loaded.reason : nil }

    /// The library's file, when one was opened.
    package static var libraryName: String? { loaded.decode == nil ? nil : loaded.reason }

    /// Decodes `source` into at most `capacity` bytes. Nil when no library is loaded, the stream is not
    /// valid LZFSE, or it decodes to `capacity` bytes or more (so a caller that knows the size passes one
    /// more than it expects, and a result shorter than that size is an error it reports).
    package static func decode(_ source: ArraySlice<UInt8>, capacity: Int) -> [UInt8]? {
        guard let decode = loaded.decode, capacity > 0, !source.isEmpty else { return nil }
        var output = [UInt8](repeating: 0, count: capacity)
        let written = output.withUnsafeMutableBufferPointer { out in
            source.withUnsafeBufferPointer { input in decode(out.baseAddress, capacity, input.baseAddress, input.count) }
        }
        guard written > 0, written < capacity else { return nil }
        output.removeSubrange(written...)
        return output
    }

    private typealias Decode = @Sendable (UnsafeMutablePointer<UInt8>?, Int, UnsafePointer<UInt8>?, Int) -> Int

    private static let loaded: (decode: Decode?, reason: String) = load()

    private static func load() -> (decode: Decode?, reason: String) {
        var candidates: [String] = []
        if let named = getenv("ASSETS_LZFSE_LIBRARY") { candidates.append(String(cString: named)) }
        #if !canImport(Darwin)
            candidates += ["liblzfse.so.1", "liblzfse.so", "liblzfse.dylib"]
        #endif
        for name in candidates {
            guard let handle = dlopen(name, RTLD_NOW), let symbol = dlsym(handle, "lzfse_decode_buffer") else { continue }
            typealias Entry =
                @convention(c) (UnsafeMutablePointer<UInt8>?, Int, UnsafePointer<UInt8>?, Int, UnsafeMutableRawPointer?) -> Int
            let entry = unsafeBitCast(symbol, to: Entry.self)
            return ({ entry($0, $1, $2, $3, nil) }, name)
        }
        #if canImport(Darwin)
            // libcompression: part of every macOS since 10.11.
            return (
                { destination, capacity, source, count in
                    guard let destination, let source else { return 0 }
                    return compression_decode_buffer(destination, capacity, source, count, nil, COMPRESSION_LZFSE)
                }, "libcompression"
            )
        #else
            return (
                nil,
                "no LZFSE library: install liblzfse (Debian 13, Ubuntu 24.04: liblzfse1; Homebrew: lzfse), "
                    + "or name one with ASSETS_LZFSE_LIBRARY (macOS has it in libcompression)"
            )
        #endif
    }
}
