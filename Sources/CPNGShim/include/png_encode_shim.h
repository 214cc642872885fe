#ifndef ASSETS_PNG_ENCODE_SHIM_H
#define ASSETS_PNG_ENCODE_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// Stable result categories of the encoder shim. libpng's own messages are kept as text.
typedef enum {
    ASSETS_PNG_ENCODE_OK = 0,
    ASSETS_PNG_ENCODE_INVALID_ARGUMENT = 1,
    ASSETS_PNG_ENCODE_OUT_OF_MEMORY = 2,
    ASSETS_PNG_ENCODE_LIBRARY_ERROR = 3,
} assets_png_encode_status;

/// Which row filters libpng may try. `NONE` is the fast default; `ADAPTIVE` lets libpng pick per row.
typedef enum {
    ASSETS_PNG_FILTER_NONE = 0,
    ASSETS_PNG_FILTER_SUB = 1,
    ASSETS_PNG_FILTER_UP = 2,
    ASSETS_PNG_FILTER_ADAPTIVE = 3,
} assets_png_filter;

typedef struct {
    /// The encoded file, allocated with malloc; release with assets_png_encode_free.
    uint8_t *bytes;
    size_t count;
    size_t capacity;
    /// libpng's message when status is LIBRARY_ERROR (NUL-terminated, possibly truncated).
    char message[200];
    /// With assets_png_encode_reusing: libpng's and zlib's working memory, kept from one encode to the
    /// next (the same sizes come back for every frame of an animation). Released by assets_png_encode_free.
    void *memory;
} assets_png_encode_output;

/// Encodes 8-bit RGBA (or RGB when has_alpha is 0) rows into a PNG held in memory.
/// `stride` is the distance in bytes between row starts. Never prints; never calls exit.
assets_png_encode_status assets_png_encode(const uint8_t *pixels,
                                           uint32_t width,
                                           uint32_t height,
                                           size_t stride,
                                           int has_alpha,
                                           int compression_level,
                                           assets_png_filter filter,
                                           assets_png_encode_output *output);

/// As assets_png_encode, but reuses `output`'s allocation (zero-initialise it before the first call):
/// `count` restarts at 0 and the buffer only grows. The caller releases it with assets_png_encode_free,
/// also after a failure.
assets_png_encode_status assets_png_encode_reusing(const uint8_t *pixels,
                                                   uint32_t width,
                                                   uint32_t height,
                                                   size_t stride,
                                                   int has_alpha,
                                                   int compression_level,
                                                   assets_png_filter filter,
                                                   assets_png_encode_output *output);

/// As assets_png_encode_reusing, but the image is first reduced as assets_png_prepare_libdeflate does
/// (indexed when `indexed_when_few` and it has at most 256 colours, else RGB when `rgb_when_opaque` and it
/// is opaque): libpng's own writer and zlib then write those rows with `filter`. Same pixels when read.
assets_png_encode_status assets_png_encode_reduced(const uint8_t *pixels,
                                                   uint32_t width,
                                                   uint32_t height,
                                                   size_t stride,
                                                   int has_alpha,
                                                   int compression_level,
                                                   assets_png_filter filter,
                                                   int rgb_when_opaque,
                                                   int indexed_when_few,
                                                   assets_png_encode_output *output);

/// As assets_png_encode_reusing with filter "none", but the image data is compressed by libdeflate
/// (whole-buffer, levels 0-12) instead of libpng's zlib stream; libpng writes the chunks around it, so
/// the file is a standard PNG. Keeps the compressor and its buffers in `output->memory`. With
/// `indexed_when_few`, an image of at most 256 distinct RGBA colours is written as an indexed PNG (colour
/// type 3, PLTE and tRNS, bit depth 1, 2, 4 or 8 by the count); otherwise, with `rgb_when_opaque`, an RGBA
/// image whose every alpha is 255 is written as an RGB PNG. Either way the pixels read back the same.
/// The same as assets_png_prepare_libdeflate followed by assets_png_finish_libdeflate.
assets_png_encode_status assets_png_encode_libdeflate(const uint8_t *pixels,
                                                      uint32_t width,
                                                      uint32_t height,
                                                      size_t stride,
                                                      int has_alpha,
                                                      int compression_level,
                                                      int rgb_when_opaque,
                                                      int indexed_when_few,
                                                      assets_png_encode_output *output);

/// The first half of assets_png_encode_libdeflate: chooses the colour type and writes the image data
/// before compression (filter bytes and packed rows) into `output->memory`; `pixels` is not read after
/// it returns, so the caller may reuse them while another thread finishes the file.
assets_png_encode_status assets_png_prepare_libdeflate(const uint8_t *pixels,
                                                       uint32_t width,
                                                       uint32_t height,
                                                       size_t stride,
                                                       int has_alpha,
                                                       int rgb_when_opaque,
                                                       int indexed_when_few,
                                                       assets_png_encode_output *output);

/// The second half: compresses what assets_png_prepare_libdeflate left in `output` and writes the file
/// into `output->bytes`.
assets_png_encode_status assets_png_finish_libdeflate(int compression_level, assets_png_encode_output *output);

/// Where assets_png_prepare_libdeflate left the image data before compression (filter bytes and packed
/// rows, `count` bytes), the bytes of one row in it (its filter byte included), and whether the rows are
/// palette indices. Valid until the next prepare or encode with `output`.
assets_png_encode_status assets_png_prepared_data(const assets_png_encode_output *output, const uint8_t **data,
                                                  size_t *count, size_t *row_bytes, int *indexed);

/// One band of an image's data compressed on its own (assets_png_compress_band).
typedef struct {
    /// The compressed bytes (malloc'ed; release with assets_png_band_free).
    uint8_t *bytes;
    size_t count;
    /// The Adler-32 of the band's data before compression, and that data's length.
    uint32_t adler;
    size_t raw_count;
} assets_png_band;

/// Compresses `count` bytes of prepared image data as one band of a zlib stream with zlib at `level`:
/// raw deflate, the history reset at its start, ending on a byte boundary (full flush), or with the
/// stream's final block when `last`. The bytes depend only on the data, `level` and `last`. Uses a
/// compressor kept in `output->memory`.
assets_png_encode_status assets_png_compress_band(assets_png_encode_output *output, const uint8_t *data, size_t count,
                                                  int level, int last, assets_png_band *band);

void assets_png_band_free(assets_png_band *band);

/// Writes the PNG of the image assets_png_prepare_libdeflate left in `output` from its data's bands, in
/// order, compressed by assets_png_compress_band at `level` (the last with `last`): one zlib stream with
/// zlib's header for that level and the Adler-32 of the whole data. The bands must cover the data exactly.
assets_png_encode_status assets_png_finish_bands(int level, const assets_png_band *bands, size_t band_count,
                                                 assets_png_encode_output *output);

void assets_png_encode_free(assets_png_encode_output *output);

#endif
