#ifndef ASSETS_JPEG_OPTIMIZE_SHIM_H
#define ASSETS_JPEG_OPTIMIZE_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// What a lossless JPEG transcode, a comparison or a canonical read came to.
typedef enum {
    ASSETS_JPEG_OPT_OK = 0,
    /// libjpeg could not read the file, or warned while reading it (corrupt data); `message` says why.
    ASSETS_JPEG_OPT_UNREADABLE = 1,
    /// Sound but not rewritten here: arithmetic coded (a Huffman rewrite would grow it).
    ASSETS_JPEG_OPT_UNSUPPORTED = 2,
    ASSETS_JPEG_OPT_TOO_LARGE = 3,
    ASSETS_JPEG_OPT_OUT_OF_MEMORY = 4,
} assets_jpeg_opt_status;

typedef struct {
    /// The rewritten file (malloc'ed; release with assets_jpeg_opt_free). Set only with status OK.
    uint8_t *bytes;
    size_t count;
    /// Whether the smaller rewrite is the progressive one.
    int progressive;
    char message[200];
} assets_jpeg_opt_result;

/// jpegtran's lossless transcode through libjpeg's coefficient API (jpeg_read_coefficients,
/// jpeg_write_coefficients): the same DCT coefficients and quantisation tables, Huffman tables optimised
/// for this image, written both sequential and progressive (jpeg_simple_progression); the smaller is kept.
/// Every APPn marker is copied as jpegtran -copy all does (EXIF orientation, ICC profile, Adobe); comments
/// (COM) are dropped. The caller compares sizes and proves the result (assets_jpeg_same_image).
assets_jpeg_opt_status assets_jpeg_optimize(const uint8_t *data, size_t count, uint64_t max_pixels,
                                            assets_jpeg_opt_result *result);

void assets_jpeg_opt_free(assets_jpeg_opt_result *result);

/// 1 when both files carry the same APPn markers in the same order and decode (libjpeg, its default
/// output colour space) to the same samples; 0 when not; a negative status when either cannot be read.
int assets_jpeg_same_image(const uint8_t *a, size_t a_count, const uint8_t *b, size_t b_count, uint64_t max_pixels);

typedef void (*assets_jpeg_sink)(void *context, const uint8_t *bytes, size_t count);

/// Feeds `sink` the ICC profile's APP2 markers, the size and component count, then every decoded
/// scanline: what two files must share to look the same (the orientation is the caller's to add).
assets_jpeg_opt_status assets_jpeg_canonical(const uint8_t *data, size_t count, uint64_t max_pixels,
                                             assets_jpeg_sink sink, void *context);

#endif
