// The stand-in for the macOS SDK's <compression.h> (libcompression; the `Compression` module of the SDK's
// usr/include/module.modulemap, which links "compression"), as the SDK declares what LZFSELibrary calls:
// an assume_nonnull region, the scratch buffer `__nullable`, the algorithm a plain C enum (imported as a
// struct with a UInt32 raw value and global constants). Read in MacOSX.sdk/usr/include/compression.h.
// `uint8_t` is written `__uint8_t` (Darwin.h's; the SDK's <sys/_types/_uint8_t.h> makes one the other), so
// Linux's own <stdint.h>, loaded beside this module, declares no second `uint8_t`.
#pragma once
#include "Darwin.h"

_Pragma("clang assume_nonnull begin")

typedef enum {
    COMPRESSION_LZ4 = 0x100,
    COMPRESSION_ZLIB = 0x205,
    COMPRESSION_LZMA = 0x306,
    COMPRESSION_LZ4_RAW = 0x101,
    COMPRESSION_BROTLI = 0xB02,
    COMPRESSION_LZFSE = 0x801,
    COMPRESSION_LZBITMAP = 0x702,
} compression_algorithm;

extern size_t compression_decode_scratch_buffer_size(compression_algorithm algorithm);

extern size_t compression_decode_buffer(
    __uint8_t *__restrict dst_buffer, size_t dst_size, const __uint8_t *__restrict src_buffer, size_t src_size,
    void *__restrict _Nullable scratch_buffer, compression_algorithm algorithm);

_Pragma("clang assume_nonnull end")
