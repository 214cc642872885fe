#ifndef ASSETS_PNG_STREAM_CHECK_H
#define ASSETS_PNG_STREAM_CHECK_H

#include <stddef.h>
#include <stdint.h>

/// The image facts the check needs, from libpng's IHDR.
typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;
    int channels;
    int interlaced;
} assets_png_stream_layout;

/// Checks a PNG's image data from its first IDAT chunk (`idat_start` is the offset of that chunk's length
/// field) to IEND without unfiltering it: every chunk's CRC, the zlib stream inflated whole by zlib (its
/// Adler-32 included), the inflated size against the layout, and every row's filter type. Returns 1 when
/// all of it is exactly as a clean file has it; 0 when anything is unusual, so the caller decodes the
/// rows through libpng and lets libpng give the verdict and its message. Never reads past `count`.
int assets_png_stream_is_clean(const uint8_t *data, size_t count, size_t idat_start,
                               const assets_png_stream_layout *layout);

#endif
